/**
 * Records as JSON that Redis's Lua (cjson) reads and writes back without harm. cjson refuses a
 * lone UTF-16 surrogate escape (`"\ud800"`, valid JSON, invalid Unicode: the whole script
 * fails), encodes a number with 14 significant digits (100000000000001 comes back as `1e+14`,
 * 2^53 + 1 as `9.007199254741e+15`) and an empty array as `{}`. A record a script decodes or
 * writes back must therefore come out of it unharmed, whatever the validation upstream let
 * through:
 *
 * - {@link recordJson} writes every record the store stores: a lone surrogate becomes U+FFFD
 *   (the text rule refuses them at the edge; this is the floor under it), and an integer past
 *   2^53 (already rounded in JS) is refused (a bug, answered as a 500 with nothing stored).
 * - `decodeRecord(raw)` ({@link DECODE_RECORD_LUA}) is what scripts decode stored records with:
 *   a record stored before this rule, holding a lone surrogate escape, is read with U+FFFD in its
 *   place instead of failing every later write of it.
 * - `encodeRecord(record, lists)` ({@link ENCODE_RECORD_LUA}) is what scripts write a decoded
 *   record back with: each number of the record's top level that cjson would round is written
 *   exactly, and each named list field that is empty is written `[]`.
 *
 * Every LuaScript (lua-script.js) starts with both functions ({@link RECORD_LUA}).
 */

/** A lone surrogate escape as JSON.stringify writes one (it writes a valid pair as the character itself). */
const LONE_SURROGATE_ESCAPE = /\\ud[89a-f]/i;

/** A UTF-16 surrogate without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const mended = (text: string): string => text.replace(LONE_SURROGATE, "\uFFFD");

function wellFormed(_key: string, value: unknown): unknown {
  if (typeof value === "string") return mended(value);
  if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new RangeError(`a record holds ${value}, past 2^53: Redis's Lua would round it`);
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    // Keys are text too.
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.some(([k]) => mended(k) !== k)) return Object.fromEntries(entries.map(([k, v]) => [mended(k), v]));
  }
  return value;
}

/** Numbers JSON.stringify writes that may be past 2^53 (16 digits or more, or written in exponent form). */
const UNSAFE_NUMBER = /[0-9]{16,}|[0-9][eE][+-]?[0-9]/;

/**
 * `value` as JSON for a record Lua may decode: as JSON.stringify writes it (a NaN or an Infinity
 * as `null`), but with every lone surrogate (in a value or a key) as U+FFFD; throws a RangeError
 * for an integer past 2^53. The common record (well-formed text, small numbers) costs one
 * JSON.stringify and two regular-expression scans.
 */
export function recordJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (!LONE_SURROGATE_ESCAPE.test(json) && !UNSAFE_NUMBER.test(json)) return json;
  return JSON.stringify(value, wellFormed);
}

/**
 * `record` with each of `fields` that holds an empty object read as an empty list: what a script
 * wrote with cjson before `encodeRecord` restored lists (`{}` for `[]`). Other records are
 * answered as they are.
 */
export function withLists<R extends object>(record: R, fields: readonly (keyof R & string)[]): R {
  const broken = fields.filter((field) => {
    const value: unknown = record[field];
    return value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;
  });
  if (broken.length === 0) return record;
  return { ...record, ...Object.fromEntries(broken.map((field) => [field, []])) };
}

/** `names` as a Lua list of strings (`{'a', 'b'}`), for the `lists` of `encodeRecord`; names are plain words. */
export function luaNames(names: readonly string[]): string {
  for (const name of names) if (!/^[A-Za-z]+$/.test(name)) throw new Error(`not a plain field name: ${name}`);
  return `{${names.map((name) => `'${name}'`).join(", ")}}`;
}

/**
 * The Lua function `decodeRecord(raw)`: cjson.decode, except that a record holding a lone
 * surrogate escape (stored before {@link recordJson}) is read with U+FFFD in its place. Escapes
 * are read in order from the start, so a valid pair is kept and a backslash written as `\\`
 * never starts one; the scan runs only when cjson has refused the text.
 */
export const DECODE_RECORD_LUA = `
local function lonesMended(raw)
  local out, from, at = {}, 1, 1
  while true do
    local s = string.find(raw, '\\\\', at, true)
    if not s then break end
    at = s + 2
    if string.sub(raw, s + 1, s + 1) == 'u' then
      at = s + 6
      local cp = tonumber(string.sub(raw, s + 2, s + 5), 16) or 0
      if cp >= 0xD800 and cp <= 0xDFFF then
        local low = 0
        if cp <= 0xDBFF and string.sub(raw, s + 6, s + 7) == '\\\\u' then low = tonumber(string.sub(raw, s + 8, s + 11), 16) or 0 end
        if low >= 0xDC00 and low <= 0xDFFF then
          at = s + 12
        else
          out[#out + 1] = string.sub(raw, from, s - 1) .. '\\\\ufffd'
          from = at
        end
      end
    end
  end
  out[#out + 1] = string.sub(raw, from)
  return table.concat(out)
end

local function decodeRecord(raw)
  local ok, value = pcall(cjson.decode, raw)
  if ok then return value end
  return cjson.decode(lonesMended(raw))
end
`;

/**
 * The Lua function `encodeRecord(record, lists)`: cjson.encode, except that each number at the
 * record's top level that cjson would write otherwise (more than 14 significant digits: a
 * version past 10^14 − 1) is written exactly, and each field named in `lists` (a Lua list of
 * names, {@link luaNames}) that holds an empty table is written `[]`. Both are found by their
 * `"name":` key in the text, which no string value can hold (a quote in a string is escaped) and
 * which the store's records (numbers and lists at their top level only) hold once.
 */
export const ENCODE_RECORD_LUA = `
local function encodeRecord(record, lists)
  local encoded = cjson.encode(record)
  for key, value in pairs(record) do
    -- Integers below 10^14 (every count and version in practice) are written exactly: no format.
    if type(value) == 'number' and (value >= 1e14 or value <= -1e14 or value ~= math.floor(value))
      and type(key) == 'string' and string.find(key, '^%a+$') and tonumber(string.format('%.14g', value)) ~= value then
      encoded = string.gsub(encoded, '"' .. key .. '":%-?[%d.]+[eE]?[+-]?%d*', '"' .. key .. '":' .. string.format('%.17g', value), 1)
    end
  end
  for _, key in ipairs(lists or {}) do
    local value = record[key]
    if type(value) == 'table' and next(value) == nil then
      encoded = string.gsub(encoded, '"' .. key .. '":{}', '"' .. key .. '":[]', 1)
    end
  end
  return encoded
end
`;

/** `decodeRecord` and `encodeRecord`: the start of every script the store runs. */
export const RECORD_LUA = DECODE_RECORD_LUA + ENCODE_RECORD_LUA;
