/**
 * What a refused zone name probably meant: up to three real zones, from a table of
 * common abbreviations (`BST` is British Summer Time to whoever typed it, not ICU's Dhaka), a
 * city written alone (`Berlin`, `new york`), or the closest names by edit distance
 * (`Europe/Berln`). Every suggestion is a zone.tab name, so it is accepted as it is.
 */
import { ZONE_TAB_NAMES } from "./tzdb-names.js";
import { echo } from "../records/problems.js";

/** Abbreviations and ICU's Java-era ids, to the zones people mean by them (most likely first). */
const ABBREVIATIONS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    BST: ["Europe/London"],
    IST: ["Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"],
    PST: ["America/Los_Angeles"],
    PDT: ["America/Los_Angeles"],
    PT: ["America/Los_Angeles"],
    MST: ["America/Denver", "America/Phoenix"],
    MDT: ["America/Denver"],
    MT: ["America/Denver"],
    CST: ["America/Chicago", "Asia/Shanghai"],
    CDT: ["America/Chicago"],
    CT: ["America/Chicago"],
    EST: ["America/New_York"],
    EDT: ["America/New_York"],
    ET: ["America/New_York"],
    AKST: ["America/Anchorage"],
    AKDT: ["America/Anchorage"],
    HST: ["Pacific/Honolulu"],
    AST: ["America/Halifax"],
    ADT: ["America/Halifax"],
    NST: ["America/St_Johns"],
    NDT: ["America/St_Johns"],
    WET: ["Europe/Lisbon"],
    WEST: ["Europe/Lisbon"],
    CET: ["Europe/Paris", "Europe/Berlin"],
    CEST: ["Europe/Paris", "Europe/Berlin"],
    EET: ["Europe/Athens", "Europe/Helsinki"],
    EEST: ["Europe/Athens", "Europe/Helsinki"],
    MSK: ["Europe/Moscow"],
    JST: ["Asia/Tokyo"],
    KST: ["Asia/Seoul"],
    HKT: ["Asia/Hong_Kong"],
    SGT: ["Asia/Singapore"],
    PHT: ["Asia/Manila"],
    CTT: ["Asia/Shanghai"],
    AET: ["Australia/Sydney"],
    AEST: ["Australia/Sydney"],
    AEDT: ["Australia/Sydney"],
    ACST: ["Australia/Adelaide"],
    AWST: ["Australia/Perth"],
    NZST: ["Pacific/Auckland"],
    NZDT: ["Pacific/Auckland"],
    SAST: ["Africa/Johannesburg"],
    WAT: ["Africa/Lagos"],
    EAT: ["Africa/Nairobi"],
    PKT: ["Asia/Karachi"],
    BDT: ["Asia/Dhaka"],
    ICT: ["Asia/Bangkok"],
    WIB: ["Asia/Jakarta"],
    BRT: ["America/Sao_Paulo"],
    ART: ["America/Argentina/Buenos_Aires"],
  }),
);

const MAX_SUGGESTIONS = 3;

/** `new york`, `New-York` and `new_york` alike. */
function simplify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

const cityOf = (name: string): string => name.slice(name.lastIndexOf("/") + 1).toLowerCase();

/** Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** Zones whose name, or whose city part, is within a few edits of `wanted` (closest first). */
function closeNames(wanted: string): string[] {
  const limit = Math.max(1, Math.min(3, Math.floor(wanted.length / 4)));
  const wantedCity = cityOf(wanted);
  const scored: { name: string; distance: number }[] = [];
  for (const name of ZONE_TAB_NAMES) {
    const whole = editDistance(wanted, name.toLowerCase(), limit);
    const city = wanted.includes("/") ? whole : editDistance(wantedCity, cityOf(name), limit);
    const distance = Math.min(whole, city);
    if (distance <= limit) scored.push({ name, distance });
  }
  return scored.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : 1)).map((entry) => entry.name);
}

/** Up to three zone.tab names that `input` (a refused zone name) may have meant; none when nothing is close. */
export function suggestTimeZones(input: string): string[] {
  const wanted = simplify(input);
  if (wanted === "" || wanted.length > 64) return [];
  const found = [
    ...(ABBREVIATIONS.get(input.trim().toUpperCase()) ?? []),
    ...ZONE_TAB_NAMES.filter((name) => cityOf(name) === cityOf(wanted)),
    ...closeNames(wanted),
  ];
  return [...new Set(found)].slice(0, MAX_SUGGESTIONS);
}

/** Why `input` is not a zone, with what it may have meant: the reason a 400 or a fixture error gives. */
export function refusedZoneReason(input: string): string {
  const suggestions = suggestTimeZones(input);
  const hint = suggestions.length === 0 ? "" : ` Did you mean ${suggestions.join(", ")}?`;
  return `'${echo(input)}' is not a time zone of the tz database (IANA names and links only; fixed offsets are not accepted).${hint}`;
}
