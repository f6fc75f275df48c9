/**
 * The PIN index (`TourStore.pinHolders`): per org, a ZSET `pins`, all scores 0, a member
 * `<lockId>|<tag>|<unitId>|<codeId>` for each code with a PIN, `tag` its PIN's HMAC tag (never
 * the PIN), so "which codes of lock L hold tag T" is one BYLEX range; a hash `pins:filed`, code id
 * → its member, to move or drop it; and a set `pins:locks` of the locks whose codes are all filed.
 * Every script that puts or deletes a code (writeItem, loadItem, writeTour, a reseal) files it with
 * {@link PIN_INDEX_LUA} in its own step. Members carry no time: set_timezone and the lock work's
 * `lockSync` writes leave them be. A code stored before the index, or put without a tag, leaves its
 * lock out of `pins:locks`; the booking then files the lock's codes (`filePins`) and reads again.
 */
import type { FiledPin, PinHolder } from "@lintel/core/adapters";
import type { ScheduleItem } from "@lintel/domain";
import type { RedisClient } from "../redis/client.js";
import { redisKeys } from "../redis/keys.js";
import { FramedScript } from "./framed-script.js";
import { arg, counted, group, key, rest, type ValueOf } from "./lua-frame.js";

/** The org's PIN index keys, a group of a script's frame. */
export const PIN_KEYS = group({ pins: key, filed: key, locks: key });

/** The org's {@link PIN_KEYS}. */
export function pinKeys(orgId: string): ValueOf<typeof PIN_KEYS> {
  return { pins: redisKeys.pins(orgId), filed: redisKeys.pinsFiled(orgId), locks: redisKeys.pinLocks(orgId) };
}

/**
 * What a write tells the index of an item it puts: the lock a code's PIN is filed on ('' for none:
 * not a code, no PIN, or a delete) and its tag ('' for the tag it was filed under).
 */
export function pinArgs(item: ScheduleItem, op: "put" | "delete", pinTag: string | undefined): { pinLock: string; pinTag: string } {
  const filed = op === "put" && item.kind === "code" && item.code !== undefined && item.code !== "" && item.lockId !== null;
  return { pinLock: filed ? (item.lockId ?? "") : "", pinTag: filed ? (pinTag ?? "") : "" };
}

/**
 * Lua: `filePin(pinKeys, field, unitId, lockId, tag)` files the item under `field` (only a
 * `code:<id>` is) on `lockId` under `tag`, leaving where it was filed; `lockId` '' files it
 * nowhere (a delete, no PIN); `tag` '' keeps the tag it was filed under, and a code with none
 * takes its lock out of `pins:locks` (its PIN is not known here). `pinMembers(pins, lockId, tag)`:
 * the members of the lock's codes filed under `tag`. `pinTaken(pins, lockId, codeId, tags,
 * cleared)`: true when one of `tags` is filed on the lock for a code other than `codeId` and not
 * among `cleared` (`PinCheck`).
 */
export const PIN_INDEX_LUA = `
local function filePin(pinKeys, field, unitId, lockId, tag)
  if string.sub(field, 1, 5) ~= 'code:' then return end
  local codeId = string.sub(field, 6)
  local old = redis.call('HGET', pinKeys.filed, codeId)
  if old then
    redis.call('ZREM', pinKeys.pins, old)
    if tag == '' then tag = string.match(old, '^[^|]*|([^|]*)|') or '' end
  end
  if lockId == '' then
    redis.call('HDEL', pinKeys.filed, codeId)
    return
  end
  if tag == '' then
    redis.call('HDEL', pinKeys.filed, codeId)
    redis.call('SREM', pinKeys.locks, lockId)
    return
  end
  local member = lockId .. '|' .. tag .. '|' .. unitId .. '|' .. codeId
  redis.call('ZADD', pinKeys.pins, 0, member)
  redis.call('HSET', pinKeys.filed, codeId, member)
end

local function pinMembers(pins, lockId, tag)
  local prefix = lockId .. '|' .. tag .. '|'
  return redis.call('ZRANGE', pins, '[' .. prefix, '(' .. prefix .. '}', 'BYLEX')
end

local function pinTaken(pins, lockId, codeId, tags, cleared)
  local skip = { [codeId] = true }
  for _, id in ipairs(cleared) do skip[id] = true end
  for _, tag in ipairs(tags) do
    for _, member in ipairs(pinMembers(pins, lockId, tag)) do
      if not skip[string.match(member, '|([^|]*)$')] then return true end
    end
  end
  return false
end
`;

// A member's unit and code id: the characters of ids ([A-Za-z0-9_-]) all sort before '}'.
const PIN_HOLDERS_SCRIPT = new FramedScript({
  keys: { pinKeys: PIN_KEYS },
  args: { lockId: arg, tags: rest(arg) },
  uses: [PIN_INDEX_LUA],
  body: `
if redis.call('SISMEMBER', pinKeys.locks, lockId) == 0 then return false end
local found = {}
for _, tag in ipairs(tags) do
  for _, member in ipairs(pinMembers(pinKeys.pins, lockId, tag)) do found[#found + 1] = member end
end
return found
`,
});

/** Files each of `codes` on the lock (ZADD and HSET are idempotent) and marks the lock's codes all filed. */
const FILE_PINS_SCRIPT = new FramedScript({
  keys: { pinKeys: PIN_KEYS },
  args: { lockId: arg, codes: counted(group({ unitId: arg, codeId: arg, tag: arg })) },
  uses: [PIN_INDEX_LUA],
  body: `
for _, code in ipairs(codes) do filePin(pinKeys, 'code:' .. code.codeId, code.unitId, lockId, code.tag) end
redis.call('SADD', pinKeys.locks, lockId)
return 1
`,
});

/** The codes filed on the org's lock under any of `tags`, or null while its codes are not all filed. */
export async function readPinHolders(
  redis: RedisClient,
  orgId: string,
  lockId: string,
  tags: readonly string[],
): Promise<PinHolder[] | null> {
  const reply = (await PIN_HOLDERS_SCRIPT.run(redis, { pinKeys: pinKeys(orgId) }, { lockId, tags: [...tags] })) as string[] | null;
  if (reply === null) return null;
  return reply.map((member) => {
    const [, , unitId, codeId] = member.split("|") as [string, string, string, string];
    return { unitId, codeId };
  });
}

/** Files `codes` on the org's lock and marks its codes all filed. */
export async function filePins(redis: RedisClient, orgId: string, lockId: string, codes: readonly FiledPin[]): Promise<void> {
  await FILE_PINS_SCRIPT.run(
    redis,
    { pinKeys: pinKeys(orgId) },
    { lockId, codes: codes.map(({ unitId, codeId, tag }) => ({ unitId, codeId, tag })) },
  );
}
