/**
 * Time-zone names. Only the tz database's own names and links are zones (the list is
 * data, `tzdb-names.js`), matched case-insensitively: ids that only ICU knows (`BST`, which ICU
 * reads as Asia/Dhaka, `IST`, `PST`, `CTT`, …) are refused. A zone is always answered by the
 * name tzdb's `zone.tab` lists for that place, whatever spelling came in and whatever the
 * runtime's ICU prefers. A tzdb name the runtime's Intl does not know is refused too.
 */
import { TZDB_NAMES, ZONE_TAB_NAMES } from "./tzdb-names.js";

/**
 * ICU (CLDR) keeps some pre-rename ids as canonical; tzdb's zone.tab lists the current name.
 * These are exactly the ids of `Intl.supportedValuesOf("timeZone")` that zone.tab lacks
 * (ICU 78 / tzdb 2025), plus the four POSIX-style zones that tzdb 2024b made links (to Chicago,
 * New York, Denver and Los Angeles) and that Node 26's ICU answers as themselves; the test
 * suite checks each maps to a zone Intl accepts.
 */
const ICU_LEGACY_TO_ZONE_TAB: ReadonlyMap<string, string> = new Map([
  ["Africa/Asmera", "Africa/Asmara"],
  ["America/Buenos_Aires", "America/Argentina/Buenos_Aires"],
  ["America/Catamarca", "America/Argentina/Catamarca"],
  ["America/Coral_Harbour", "America/Atikokan"],
  ["America/Cordoba", "America/Argentina/Cordoba"],
  ["America/Godthab", "America/Nuuk"],
  ["America/Indianapolis", "America/Indiana/Indianapolis"],
  ["America/Jujuy", "America/Argentina/Jujuy"],
  ["America/Louisville", "America/Kentucky/Louisville"],
  ["America/Mendoza", "America/Argentina/Mendoza"],
  ["Asia/Calcutta", "Asia/Kolkata"],
  ["CST6CDT", "America/Chicago"],
  ["EST5EDT", "America/New_York"],
  ["MST7MDT", "America/Denver"],
  ["PST8PDT", "America/Los_Angeles"],
  ["Asia/Katmandu", "Asia/Kathmandu"],
  ["Asia/Rangoon", "Asia/Yangon"],
  ["Asia/Saigon", "Asia/Ho_Chi_Minh"],
  ["Atlantic/Faeroe", "Atlantic/Faroe"],
  ["Europe/Kiev", "Europe/Kyiv"],
  ["Pacific/Enderbury", "Pacific/Kanton"],
  ["Pacific/Ponape", "Pacific/Pohnpei"],
  ["Pacific/Truk", "Pacific/Chuuk"],
]);

/** What ICU may resolve the UTC family to (`GMT`, `Zulu`, `Etc/UCT`, … all land on one of these). */
const UTC_IDS: ReadonlySet<string> = new Set(["UTC", "Etc/UTC", "Etc/GMT", "GMT", "Etc/UCT", "Etc/Zulu"]);

/** tzdb's own fixed-offset zones (`Etc/GMT+5` is UTC−5): IANA names, kept as they are. */
const ETC_GMT_OFFSET = /^Etc\/GMT[+-]\d{1,2}$/;

/** Characters of IANA ids; anything else (offsets with `:`, spaces, look-alike letters) is refused early. */
const ID_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

let tzdbByLowerCase: ReadonlyMap<string, string> | undefined;
const canonicalByLowerCase = new Map<string, string | null>();
const CACHE_LIMIT = 4096;

/**
 * The tz database name spelled `input` in any case, or undefined when tzdb has no such name or
 * link. Names mostly come spelled as tzdb spells them; the case-folded table of all 598 is built
 * only when one does not (a scan of the list costs less than building any table).
 */
export function tzdbName(input: string): string | undefined {
  if (TZDB_NAMES.includes(input)) return input;
  tzdbByLowerCase ??= new Map(TZDB_NAMES.map((name) => [name.toLowerCase(), name]));
  return tzdbByLowerCase.get(input.toLowerCase());
}

function toZoneTabName(icuId: string): string {
  return ICU_LEGACY_TO_ZONE_TAB.get(icuId) ?? icuId;
}

/** ICU's resolution of an id or link (Intl matches ids case-insensitively), or null when refused. */
function resolveWithIntl(input: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: input }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

function canonicalize(input: string): string | null {
  const name = tzdbName(input);
  if (name === undefined) return null; // not tzdb's, whatever ICU makes of it
  const resolved = resolveWithIntl(name);
  if (resolved === null) return null;
  if (UTC_IDS.has(resolved)) return "UTC";
  const place = toZoneTabName(resolved);
  // A scan, not a Set: each zone is canonicalized once (the answer is cached).
  if (ZONE_TAB_NAMES.includes(place) || ETC_GMT_OFFSET.test(place)) return place;
  // Ids ICU still accepts but tzdb dropped (`SystemV/AST4`) or offset strings of newer runtimes.
  return null;
}

/**
 * Canonical zone.tab name for an IANA zone or link (case-insensitive), "UTC" for the UTC family;
 * null for anything else, including fixed offsets like "+05:00". `Etc/GMT±N` zones stay themselves.
 */
export function canonicalTimeZone(input: string): string | null {
  if (!ID_SHAPE.test(input)) return null;
  const key = input.toLowerCase();
  const cached = canonicalByLowerCase.get(key);
  if (cached !== undefined) return cached;
  const answer = canonicalize(input);
  // Only names that exist are worth keeping; random input must not grow the cache without bound.
  if (answer !== null && canonicalByLowerCase.size < CACHE_LIMIT) canonicalByLowerCase.set(key, answer);
  return answer;
}

/** True when two spellings name the same zone (null reads as UTC, as a unit without a zone is displayed). */
export function sameTimeZone(a: string | null, b: string | null): boolean {
  return (canonicalTimeZone(a ?? "UTC") ?? a) === (canonicalTimeZone(b ?? "UTC") ?? b);
}
