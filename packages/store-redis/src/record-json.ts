/**
 * Records as JSON that Redis's Lua (cjson) reads and writes back without harm. cjson refuses a
 * lone UTF-16 surrogate escape (`"\ud800"`, valid JSON, invalid Unicode: the whole script
 * fails), encodes a number with 14 significant digits (2^53 + 1 comes back as
 * `9.007199254741e+15`) and an empty array as `{}`. A record a script decodes must therefore
 * hold none of these, whatever the validation upstream let through:
 *
 * - {@link recordJson} writes every record the store stores: a lone surrogate becomes U+FFFD
 *   (the text rule refuses them at the edge; this is the floor under it), and a number that
 *   cjson would change is refused (a bug, answered as a 500 with nothing stored).
 * - `decodeRecord` (in {@link DECODE_RECORD_LUA}) is what scripts decode stored records with: a
 *   record stored before this rule, holding a lone surrogate escape, is read with U+FFFD in
 *   its place instead of failing every later write of it.
 * - An array field that may be empty is restored by the script that re-encodes the record
 *   (`restoreEmptyArrays`), since cjson writes it as `{}`.
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
  if (typeof value === "number" && !Number.isFinite(value)) throw new RangeError(`a record holds ${value}`);
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    // Keys are text too.
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.some(([k]) => mended(k) !== k)) return Object.fromEntries(entries.map(([k, v]) => [mended(k), v]));
  }
  return value;
}

/** Numbers JSON.stringify writes that cjson reads back otherwise (past 2^53, or written in exponent form). */
const UNSAFE_NUMBER = /[0-9]{16,}|[0-9][eE][+-]?[0-9]/;

/**
 * `value` as JSON for a record Lua may decode: as JSON.stringify writes it, but with every lone
 * surrogate (in a value or a key) as U+FFFD; throws a RangeError for an integer past 2^53 or a
 * non-finite number. The common record (well-formed text, small numbers) costs one
 * JSON.stringify and two regular-expression scans.
 */
export function recordJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (!LONE_SURROGATE_ESCAPE.test(json) && !UNSAFE_NUMBER.test(json)) return json;
  return JSON.stringify(value, wellFormed);
}

/**
 * The Lua function `decodeRecord(raw)`: cjson.decode, except that a record holding a lone
 * surrogate escape (stored before {@link recordJson}) is read with U+FFFD in its place. A valid
 * pair of escapes is kept (as its UTF-8 bytes, as cjson would read it).
 */
export const DECODE_RECORD_LUA = `
local function utf8Of(cp)
  if cp < 0x80 then return string.char(cp) end
  if cp < 0x800 then return string.char(0xC0 + math.floor(cp / 0x40), 0x80 + cp % 0x40) end
  if cp < 0x10000 then
    return string.char(0xE0 + math.floor(cp / 0x1000), 0x80 + math.floor(cp / 0x40) % 0x40, 0x80 + cp % 0x40)
  end
  return string.char(0xF0 + math.floor(cp / 0x40000), 0x80 + math.floor(cp / 0x1000) % 0x40,
    0x80 + math.floor(cp / 0x40) % 0x40, 0x80 + cp % 0x40)
end

local function decodeRecord(raw)
  local ok, value = pcall(cjson.decode, raw)
  if ok then return value end
  local mended = string.gsub(raw, '\\\\u([dD][89abAB]%x%x)\\\\u([dD][c-fC-F]%x%x)', function(hi, lo)
    return utf8Of(0x10000 + (tonumber(hi, 16) - 0xD800) * 0x400 + (tonumber(lo, 16) - 0xDC00))
  end)
  mended = string.gsub(mended, '\\\\u[dD][89a-fA-F]%x%x', '\\\\ufffd')
  return cjson.decode(mended)
end
`;
