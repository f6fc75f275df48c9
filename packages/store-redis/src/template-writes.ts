/**
 * The writes of TemplateStore on Redis: create, update and delete, each one Lua script over
 * keys of the org's slot that checks, writes the record, its list position (`templates:order`
 * and `templates:pos`) and stores the event with its deliveries (event-append.js). A refusal
 * changes nothing and stores no event. A fixture's template is loaded by create's Lua
 * (addTemplate) without the event.
 */
import { MAX_TEMPLATES_PER_ORG } from "@lintel/core";
import { type LoadOutcome, type TemplateDeleteCheck, type TemplateWriteOutcome } from "@lintel/core/adapters";
import type { LintelEvent, Template } from "@lintel/domain";
import { templatePosition } from "@lintel/domain/adapters";
import type { RedisClient } from "./redis/client.js";
import { APPEND_EVENT_LUA, appendArgs, appendKeys } from "./scripts/event-append.js";
import { loadOwned } from "./fixture-records.js";
import { redisKeys } from "./redis/keys.js";
import { LuaScript } from "./scripts/lua-script.js";
import { recordJson } from "./scripts/record-json.js";

/** Lua that stores the new template ARGV[1] (JSON ARGV[2], position ARGV[3]) in KEYS[1..3] (records, order, positions). */
const ADD_TEMPLATE_LUA = `
local function addTemplate()
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('ZADD', KEYS[2], 0, ARGV[3])
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
end
`;

// KEYS: templates hash, order zset, positions hash, then appendKeys. ARGV: id, JSON, position,
// the template limit, then appendArgs. The id is new (the use case makes it): one already
// stored is a bug, and overwriting it would leave its old position in the order.
const CREATE_SCRIPT = new LuaScript(
  APPEND_EVENT_LUA +
    ADD_TEMPLATE_LUA +
    `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return redis.error_reply('create: template ' .. ARGV[1] .. ' exists') end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return 'too_many_templates' end
addTemplate()
appendEvent(4, 5)
return 'ok'
`,
);

// KEYS: create's three, the org's deleted set. ARGV: id, JSON, position. A fixture's template:
// kept when stored or deleted through the API, added by create's step (no event, no limit) otherwise.
const LOAD_SCRIPT = new LuaScript(
  ADD_TEMPLATE_LUA +
    `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 or redis.call('SISMEMBER', KEYS[4], 'template:' .. ARGV[1]) == 1 then return 'kept' end
addTemplate()
return 'added'
`,
);

/** Lua that refuses unless the template ARGV[1] of KEYS[1] is stored with `updatedAt` ARGV[2]. */
const UNCHANGED_LUA = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 'not_found' end
if decodeRecord(raw).updatedAt ~= ARGV[2] then return 'changed' end
`;

// KEYS: templates hash, order zset, positions hash, then appendKeys. ARGV: id, expectedUpdatedAt,
// JSON, position, then appendArgs. The old position leaves the order (sortOrder may have moved).
const UPDATE_SCRIPT = new LuaScript(
  APPEND_EVENT_LUA +
    UNCHANGED_LUA +
    `
local old = redis.call('HGET', KEYS[3], ARGV[1])
if old then redis.call('ZREM', KEYS[2], old) end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[2], 0, ARGV[4])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[4])
appendEvent(4, 5)
return 'ok'
`,
);

// KEYS: templates hash, order zset, positions hash, template uses, the org's deleted set, then appendKeys. ARGV: id,
// expectedUpdatedAt, nowIso, then appendArgs. A use is `templateId|sendAt|field` (ids never hold
// '|', which sorts after every id character; sendAt is fixed-width UTC), so the messages of this
// template sent after now are the members above `id|now|\255` (past `id|now|<any field>`,
// so a message sent exactly now is not one) up to `id|\255`: the first of them, if any, is one
// BYLEX read, O(log n), and is returned with in_use (its field is the message's key).
const DELETE_SCRIPT = new LuaScript(
  APPEND_EVENT_LUA +
    UNCHANGED_LUA +
    `
local ahead = redis.call('ZRANGE', KEYS[4], '(' .. ARGV[1] .. '|' .. ARGV[3] .. '|\\255', '[' .. ARGV[1] .. '|\\255', 'BYLEX', 'LIMIT', 0, 1)
if #ahead > 0 then return {'in_use', ahead[1]} end
local old = redis.call('HGET', KEYS[3], ARGV[1])
if old then redis.call('ZREM', KEYS[2], old) end
redis.call('HDEL', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('SADD', KEYS[5], 'template:' .. ARGV[1])
appendEvent(6, 4)
return 'ok'
`,
);

/** The script's reply as the port's outcome; `in_use` comes with the template use that holds it. */
function outcomeOf(reply: unknown): TemplateWriteOutcome {
  if (Array.isArray(reply) && reply[0] === "in_use") {
    // A use is `templateId|sendAt|field`, and the field is the message's key.
    const messageKey = String(reply[1]).split("|").slice(2).join("|");
    return { ok: false, reason: "in_use", messageKey };
  }
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
  const listed = (orgId: string) => [redisKeys.templates(orgId), redisKeys.templateOrder(orgId), redisKeys.templatePositions(orgId)];

  return {
    async create(template: Template, event: LintelEvent): Promise<TemplateWriteOutcome> {
      const { id, orgId } = template;
      const args = [id, recordJson(template), templatePosition(template), MAX_TEMPLATES_PER_ORG, ...appendArgs(orgId, event)];
      return outcomeOf(await CREATE_SCRIPT.run(redis, [...listed(orgId), ...appendKeys(orgId)], args));
    },

    loadTemplate(template: Template): Promise<LoadOutcome> {
      const { id, orgId } = template;
      return loadOwned(redis, "template", id, orgId, async () => {
        const keys = [...listed(orgId), redisKeys.deleted(orgId)];
        return (await LOAD_SCRIPT.run(redis, keys, [id, recordJson(template), templatePosition(template)])) as LoadOutcome;
      });
    },

    async update(template: Template, expectedUpdatedAt: string, event: LintelEvent): Promise<TemplateWriteOutcome> {
      const { id, orgId } = template;
      const args = [id, expectedUpdatedAt, recordJson(template), templatePosition(template), ...appendArgs(orgId, event)];
      return outcomeOf(await UPDATE_SCRIPT.run(redis, [...listed(orgId), ...appendKeys(orgId)], args));
    },

    async delete(orgId: string, templateId: string, check: TemplateDeleteCheck, event: LintelEvent): Promise<TemplateWriteOutcome> {
      const keys = [...listed(orgId), redisKeys.templateUses(orgId), redisKeys.deleted(orgId), ...appendKeys(orgId)];
      const args = [templateId, check.expectedUpdatedAt, check.nowIso, ...appendArgs(orgId, event)];
      return outcomeOf(await DELETE_SCRIPT.run(redis, keys, args));
    },
  };
}
