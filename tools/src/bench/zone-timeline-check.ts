/**
 * Re-checks, for this runtime, the one assumption of the domain's per-zone offset/name cache
 * (packages/domain/src/time/zone-timeline.ts): a zone's offset or short name changes at most once a
 * day. It reads the system's tz database (TZif files, an independent copy of the data ICU
 * carries) and, for every zone Intl lists, reports the closest two transitions and compares
 * `zoneOffsetMs` and `instantLabel` with Intl read directly around every transition.
 *
 *   node tools/dist/bench/zone-timeline-check.js [--zoneinfo /usr/share/zoneinfo] [--from 1900] [--to 2100]
 *
 * Exits 1 when two transitions are less than a day apart or any reading differs.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { instantLabel, zoneOffsetMs } from "@lintel/domain";

const DAY_MS = 86_400_000;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

/** Instants (epoch ms) where the zone's offset, DST flag or abbreviation changes, from a TZif v2+ file. */
function transitionsOf(file: Buffer): number[] {
  const counts = (at: number) =>
    [20, 24, 28, 32, 36, 40].map((o) => file.readInt32BE(at + o)) as [number, number, number, number, number, number];
  const [isUt1, isStd1, leap1, time1, type1, char1] = counts(0);
  let at = 44 + time1 * 5 + type1 * 6 + char1 + leap1 * 8 + isStd1 + isUt1; // skip the 32-bit block
  const [, , , timeCount, typeCount, charCount] = counts(at);
  at += 44;
  const times = Array.from({ length: timeCount }, (_, n) => Number(file.readBigInt64BE(at + n * 8)) * 1000);
  const typeIndexes = file.subarray(at + timeCount * 8, at + timeCount * 9);
  const typesAt = at + timeCount * 9;
  const chars = file.subarray(typesAt + typeCount * 6, typesAt + typeCount * 6 + charCount).toString("latin1");
  const typeKey = (index: number) => {
    const t = typesAt + index * 6;
    const abbreviation = chars.slice(file.readUInt8(t + 5)).split("\0")[0];
    return `${file.readInt32BE(t)}/${file.readUInt8(t + 4)}/${abbreviation}`;
  };
  const changes: number[] = [];
  let previous = typeKey(0);
  times.forEach((time, n) => {
    const key = typeKey(typeIndexes[n] ?? 0);
    if (key !== previous) changes.push(time);
    previous = key;
  });
  return changes;
}

const ODD_SPACES = /[\u00A0\u2009\u202F]/g;
function intlLabel(epochMs: number, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  };
  return new Intl.DateTimeFormat("en-US", options).format(epochMs).replace(ODD_SPACES, " ");
}
function intlOffset(epochMs: number, timeZone: string): number {
  const options: Intl.DateTimeFormatOptions = {
    timeZone,
    calendar: "iso8601",
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  };
  const parts = new Intl.DateTimeFormat("en-US", options).formatToParts(epochMs);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const local = new Date(0);
  local.setUTCFullYear(field("year"), field("month") - 1, field("day"));
  local.setUTCHours(field("hour"), field("minute"), field("second"));
  return local.getTime() - Math.floor(epochMs / 1000) * 1000;
}

const zoneinfo = option("zoneinfo", "/usr/share/zoneinfo");
const fromMs = Date.UTC(Number(option("from", "1900")), 0, 1);
const toMs = Date.UTC(Number(option("to", "2100")), 0, 1);
const version = existsSync(join(zoneinfo, "tzdata.zi"))
  ? /version (\S+)/.exec(readFileSync(join(zoneinfo, "tzdata.zi"), "latin1"))?.[1]
  : undefined;
console.log(
  `# zone cache check — Intl tz ${process.versions.tz ?? "?"}, ${zoneinfo} tz ${version ?? "?"}, ${new Date(fromMs).getUTCFullYear()}..${new Date(toMs).getUTCFullYear()}`,
);

let zones = 0;
let checked = 0;
let closest = { gapMs: Number.POSITIVE_INFINITY, where: "" };
const mismatches: string[] = [];
for (const timeZone of Intl.supportedValuesOf("timeZone")) {
  const path = join(zoneinfo, timeZone);
  if (!existsSync(path)) continue;
  zones += 1;
  const changes = transitionsOf(readFileSync(path)).filter((ms) => ms >= fromMs && ms < toMs);
  changes.forEach((ms, n) => {
    const gapMs = ms - (changes[n - 1] ?? Number.NEGATIVE_INFINITY);
    if (gapMs < closest.gapMs) closest = { gapMs, where: `${timeZone} at ${new Date(ms).toISOString()}` };
    // ICU may move a zone's name on the minute after a transition at odd seconds (Monrovia 1972).
    const minute = Math.ceil(ms / 60_000) * 60_000;
    for (const probe of [ms - DAY_MS / 2, ms - 1000, ms - 1, ms, ms + 999, ms + 1000, minute - 1, minute, ms + DAY_MS / 2]) {
      checked += 1;
      const fast = `${zoneOffsetMs(timeZone, probe)} ${instantLabel(probe, timeZone)}`;
      const slow = `${intlOffset(probe, timeZone)} ${intlLabel(probe, timeZone)}`;
      if (fast !== slow) mismatches.push(`${timeZone} at ${new Date(probe).toISOString()}: cache "${fast}", Intl "${slow}"`);
    }
  });
}
console.log(`${zones} zones, ${checked.toLocaleString("en-US")} readings around transitions, ${mismatches.length} differ`);
console.log(`closest transitions: ${(closest.gapMs / 3_600_000).toFixed(1)} h apart (${closest.where})`);
for (const line of mismatches.slice(0, 20)) console.log(`  ${line}`);
process.exitCode = mismatches.length === 0 && closest.gapMs >= DAY_MS ? 0 : 1;
