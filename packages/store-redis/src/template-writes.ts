/**
 * The writes of TemplateStore on Redis: create, update and delete, each one Lua script over
 * keys of the org's slot that checks, writes the record, its list position (`templates:order`
 * and `templates:pos`) and stores the event with its deliveries (event-append.js). A refusal
 * changes nothing and stores no event. A fixture's template is loaded by create's Lua
 * (addTemplate) without the event.
 */

import { type LoadOutcome, type TemplateDeleteCheck, type TemplateWriteOutcome, MAX_TEMPLATES_PER_ORG } from "@lintel/core/adapters";
import type { Template } from "@lintel/domain";
import { type LintelEvent, templatePosition } from "@lintel/domain/adapters";
import type { RedisClient } from "./redis/client.js";
import { APPEND_EVENT_LUA, EVENT_ARGS, EVENT_KEYS, eventArgs, eventKeys } from "./scripts/event-append.js";
import { loadOwned } from "./fixture-records.js";
import { redisKeys } from "./redis/keys.js";
import { FramedScript } from "./scripts/framed-script.js";
import { arg, key } from "./scripts/lua-frame.js";
import { recordJson } from "./scripts/record-json.js";

/** Lua: `addTemplate(templates, order, positions, id, json, position)` stores a new template with its list position. */
const ADD_TEMPLATE_LUA = `
local function addTemplate(templates, order, positions, id, json, position)
  redis.call('HSET', templates, id, json)
  redis.call('ZADD', order, 0, position)
  redis.call('HSET', positions, id, position)
end
`;

/** Lua: `changedSince(templates, id, expectedUpdatedAt)` is the refusal when the template is gone ('not_found') or has another `updatedAt` ('changed'), else nil. */
const CHANGED_SINCE_LUA = `
local function changedSince(templates, id, expectedUpdatedAt)
  local raw = redis.call('HGET', templates, id)
  if not raw then return 'not_found' end
  if decodeRecord(raw).updatedAt ~= expectedUpdatedAt then return 'changed' end
  return nil
end
`;

/** The org's templates hash, order zset and positions hash: the first keys of every template script. */
const LISTED = { templates: key, order: key, positions: key };

// The id is new (the use case makes it): one already stored is a bug, and overwriting it would
// leave its old position in the order.
const CREATE_SCRIPT = new FramedScript({
  keys: { ...LISTED, eventKeys: EVENT_KEYS },
  args: { id: arg, json: arg, position: arg, limit: arg, eventArgs: EVENT_ARGS },
  uses: [APPEND_EVENT_LUA, ADD_TEMPLATE_LUA],
  body: `
if redis.call('HEXISTS', templates, id) == 1 then return redis.error_reply('create: template ' .. id .. ' exists') end
if redis.call('HLEN', templates) >= tonumber(limit) then return 'too_many_templates' end
addTemplate(templates, order, positions, id, json, position)
appendEvent(eventKeys, eventArgs)
return 'ok'
`,
});

// A fixture's template: kept when stored or deleted through the API (the org's `deleted` set),
// added by create's step (no event, no limit) otherwise.
const LOAD_SCRIPT = new FramedScript({
  keys: { ...LISTED, deleted: key },
  args: { id: arg, json: arg, position: arg },
  uses: [ADD_TEMPLATE_LUA],
  body: `
if redis.call('HEXISTS', templates, id) == 1 or redis.call('SISMEMBER', deleted, 'template:' .. id) == 1 then return 'kept' end
addTemplate(templates, order, positions, id, json, position)
return 'added'
`,
});

// The old position leaves the order (sortOrder may have moved).
const UPDATE_SCRIPT = new FramedScript({
  keys: { ...LISTED, eventKeys: EVENT_KEYS },
  args: { id: arg, expectedUpdatedAt: arg, json: arg, position: arg, eventArgs: EVENT_ARGS },
  uses: [APPEND_EVENT_LUA, CHANGED_SINCE_LUA],
  body: `
local refused = changedSince(templates, id, expectedUpdatedAt)
if refused then return refused end
local old = redis.call('HGET', positions, id)
if old then redis.call('ZREM', order, old) end
redis.call('HSET', templates, id, json)
redis.call('ZADD', order, 0, position)
redis.call('HSET', positions, id, position)
appendEvent(eventKeys, eventArgs)
return 'ok'
`,
});

// A use is `templateId|sendAt|field` for a message of history, `templateId|~|sendAt|field` for one
// still to be sent (message-index.js; ids never hold '|' or '~', '|' sorts after every id character
// and '~' after every instant's first; sendAt is fixed-width UTC). So the messages of history sent
// after now are the members above `id|now|\255` (past `id|now|<any field>`: one sent exactly now
// is not one) and below `id|~`, and those still to be sent the members from `id|~|` to `id|~|\255`.
// The first of each, if any, is one BYLEX read, O(log n); the sooner of the two (by sendAt, then
// field) is answered with in_use (its field is the message's key).
const DELETE_SCRIPT = new FramedScript({
  keys: { ...LISTED, uses: key, deleted: key, eventKeys: EVENT_KEYS },
  args: { id: arg, expectedUpdatedAt: arg, nowIso: arg, eventArgs: EVENT_ARGS },
  uses: [APPEND_EVENT_LUA, CHANGED_SINCE_LUA],
  body: `
local refused = changedSince(templates, id, expectedUpdatedAt)
if refused then return refused end
local ahead = redis.call('ZRANGE', uses, '(' .. id .. '|' .. nowIso .. '|\\255', '(' .. id .. '|~', 'BYLEX', 'LIMIT', 0, 1)[1]
local unsent = redis.call('ZRANGE', uses, '[' .. id .. '|~|', '(' .. id .. '|~|\\255', 'BYLEX', 'LIMIT', 0, 1)[1]
local holder = nil
if ahead then holder = string.sub(ahead, #id + 2) end
if unsent then
  local sendAtAndField = string.sub(unsent, #id + 4)
  if not holder or sendAtAndField < holder then holder = sendAtAndField end
end
if holder then return {'in_use', string.match(holder, '^[^|]*|(.*)$')} end
local old = redis.call('HGET', positions, id)
if old then redis.call('ZREM', order, old) end
redis.call('HDEL', positions, id)
redis.call('HDEL', templates, id)
redis.call('SADD', deleted, 'template:' .. id)
appendEvent(eventKeys, eventArgs)
return 'ok'
`,
});

/** The script's reply as the port's outcome; `in_use` comes with the template use that holds it. */
function outcomeOf(reply: unknown): TemplateWriteOutcome {
  // The field of the message that holds the template is the message's key.
  if (Array.isArray(reply) && reply[0] === "in_use") return { ok: false, reason: "in_use", messageKey: String(reply[1]) };
  switch (reply) {
    case "ok":
      return { ok: true };
    case "not_found":
    case "changed":
    case "too_many_templates":
      return { ok: false, reason: reply };
    default:
      throw new Error(`unexpected template write reply: ${String(reply)}`);
  }
}

/** The template writes and loads on `redis`. */
export function redisTemplateWrites(redis: RedisClient) {
  const listed = (orgId: string) => ({
    templates: redisKeys.templates(orgId),
    order: redisKeys.templateOrder(orgId),
    positions: redisKeys.templatePositions(orgId),
  });

  return {
    async create(template: Template, event: LintelEvent): Promise<TemplateWriteOutcome> {
      const { id, orgId } = template;
      const keys = { ...listed(orgId), eventKeys: eventKeys(orgId) };
      const args = {
        id,
        json: recordJson(template),
        position: templatePosition(template),
        limit: MAX_TEMPLATES_PER_ORG,
        eventArgs: eventArgs(orgId, event),
      };
      return outcomeOf(await CREATE_SCRIPT.run(redis, keys, args));
    },

    loadTemplate(template: Template): Promise<LoadOutcome> {
      const { id, orgId } = template;
      return loadOwned(redis, "template", id, orgId, async () => {
        const keys = { ...listed(orgId), deleted: redisKeys.deleted(orgId) };
        return (await LOAD_SCRIPT.run(redis, keys, {
          id,
          json: recordJson(template),
          position: templatePosition(template),
        })) as LoadOutcome;
      });
    },

    async update(template: Template, expectedUpdatedAt: string, event: LintelEvent): Promise<TemplateWriteOutcome> {
      const { id, orgId } = template;
      const keys = { ...listed(orgId), eventKeys: eventKeys(orgId) };
      const args = {
        id,
        expectedUpdatedAt,
        json: recordJson(template),
        position: templatePosition(template),
        eventArgs: eventArgs(orgId, event),
      };
      return outcomeOf(await UPDATE_SCRIPT.run(redis, keys, args));
    },

    async delete(orgId: string, templateId: string, check: TemplateDeleteCheck, event: LintelEvent): Promise<TemplateWriteOutcome> {
      const keys = {
        ...listed(orgId),
        uses: redisKeys.templateUses(orgId),
        deleted: redisKeys.deleted(orgId),
        eventKeys: eventKeys(orgId),
      };
      const args = { id: templateId, expectedUpdatedAt: check.expectedUpdatedAt, nowIso: check.nowIso, eventArgs: eventArgs(orgId, event) };
      return outcomeOf(await DELETE_SCRIPT.run(redis, keys, args));
    },
  };
}
