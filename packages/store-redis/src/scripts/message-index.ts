/**
 * The indexes of a message that every script writing schedule items keeps, in the step of the
 * write, with the Lua they share: every writer drops the old JSON's entries and adds the new
 * one's, so the indexes stay exact whoever writes.
 *
 * - `templates:uses`: the message's use of its template, if it names one. A message still to be
 *   sent (`delivery` absent, `scheduled` or `held`) is `templateId|~|sendAt|field`, one of history
 *   (`sent`, `failed`, `skipped`) `templateId|sendAt|field`: `~` sorts after every instant's first
 *   character, so a template delete finds the messages of history sent after now and every
 *   message still to be sent, whatever its sendAt, in two BYLEX reads (template-writes.js).
 * - `messages:due`: the message's id scored by its sendAt (ms) while its `delivery` is absent or
 *   `scheduled`; a `held` message and one of history are not in it.
 * - `messages:work`: the message's outbox state (message-scripts.js). Any write of the message
 *   ends it: the lease, the phase and the attempts go, so a lease taken before the write finishes
 *   nothing and the message is sent afresh from the write on.
 *
 * The sendAt comes in ms from the caller (Date.parse of the item's startAt, as its span does):
 * every writer has the item in JS, so no script parses an instant.
 */
import type { ScheduleItem } from "@lintel/domain";
import { redisKeys } from "../redis/keys.js";
import { group, key, type ValueOf } from "./lua-frame.js";

/** True for a message the outbox is to send: `delivery` absent or `scheduled` (a `held` one waits for a write). */
export function waitsToBeSent(item: Pick<ScheduleItem, "kind" | "delivery">): boolean {
  return item.kind === "scheduled_message" && (item.delivery?.status ?? "scheduled") === "scheduled";
}

/**
 * What a writer calls, before its script, when it puts a message of the org to be sent: the org
 * joins the group's message orgs (the returned SADD, sent first on the connection) and this
 * store's outbox leases it from its next lease on (outboxes/message-outbox.js).
 */
export type MessageWritten = (orgId: string) => Promise<unknown>;

/** The org's message indexes, a group of a script's frame: its template uses, due set and outbox state. */
export const MESSAGE_KEYS = group({ uses: key, due: key, work: key });

/** The org's {@link MESSAGE_KEYS}. */
export function messageKeys(orgId: string): ValueOf<typeof MESSAGE_KEYS> {
  return { uses: redisKeys.templateUses(orgId), due: redisKeys.messagesDue(orgId), work: redisKeys.messageWork(orgId) };
}

/**
 * Lua: `messageIdOf(field)` (nil for another kind); `templateUse(field, item)` (the use's member,
 * nil for none); `dropUse(uses, field, json)` and `addUse(uses, field, json)` (the use alone: a
 * drop takes the member written before the unsent form existed too); `dropMessage(keys, field,
 * json)` drops the entries of the message stored as `json` (false or nil: none was) and ends its
 * outbox state; `addMessage(keys, field, json, dueMs)` adds the entries of the message now stored
 * as `json`. Both do nothing for another kind; `keys` as {@link MESSAGE_KEYS}.
 */
export const MESSAGE_INDEX_LUA = `
local function messageIdOf(field)
  if string.sub(field, 1, 18) == 'scheduled_message:' then return string.sub(field, 19) end
  return nil
end
local function deliveryStatus(item)
  if type(item.delivery) == 'table' and type(item.delivery.status) == 'string' then return item.delivery.status end
  return 'scheduled'
end
local function templateUse(field, item)
  if item.kind ~= 'scheduled_message' or type(item.templateId) ~= 'string' then return nil end
  local status = deliveryStatus(item)
  if status == 'scheduled' or status == 'held' then return item.templateId .. '|~|' .. item.startAt .. '|' .. field end
  return item.templateId .. '|' .. item.startAt .. '|' .. field
end
local function dropUse(uses, field, json)
  if not json or not messageIdOf(field) then return end
  local item = decodeRecord(json)
  local member = templateUse(field, item)
  if member then redis.call('ZREM', uses, member, item.templateId .. '|' .. item.startAt .. '|' .. field) end
end
local function addUse(uses, field, json)
  if not messageIdOf(field) then return end
  local member = templateUse(field, decodeRecord(json))
  if member then redis.call('ZADD', uses, 0, member) end
end
local function dropMessage(keys, field, json)
  local id = messageIdOf(field)
  if not id then return end
  dropUse(keys.uses, field, json)
  redis.call('ZREM', keys.due, id)
  redis.call('HDEL', keys.work, id)
end
local function addMessage(keys, field, json, dueMs)
  local id = messageIdOf(field)
  if not id then return end
  local item = decodeRecord(json)
  local member = templateUse(field, item)
  if member then redis.call('ZADD', keys.uses, 0, member) end
  if deliveryStatus(item) == 'scheduled' then redis.call('ZADD', keys.due, dueMs, id) end
end
`;
