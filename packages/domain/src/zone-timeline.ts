/**
 * A per-zone cache of what Intl says about a zone over time: its offset and the short name a
 * label shows (`CST`, `GMT+5:30`). Both change only at the zone's transitions (and ICU's
 * metazone changes, which fall on them), so the cache holds time in fixed buckets: per bucket
 * the state at its start and, when the state at its end differs, the exact second it changes,
 * found by bisection. An instant then costs a map look-up instead of a `formatToParts`.
 *
 * The short name is NOT a function of zone and offset (`America/Indiana/Knox` at −5 h was `EST`
 * in 1995 and is `CDT` since 2006; `America/Kentucky/Monticello` went from `CDT` to `EST` at
 * 2000-10-29T07:00Z without its offset moving), so it is cached per transition interval too.
 *
 * The one assumption: a zone's state changes at most once in any {@link BUCKET_MS} (6 hours).
 * tzdb's closest transitions are four days apart (Africa/Freetown 1939; the next closest are a
 * week apart); temporal-polyfill, the tests' oracle, samples offsets every 19 days.
 * `tools/src/bench/zone-timeline-check.ts` re-checks the cache against Intl for a runtime.
 * Outside {@link FIRST_MS}..{@link LAST_MS} nothing is cached and callers read Intl directly.
 */
import { intlLabelParts, intlOffsetMs } from "./intl-zone-reading.js";

/** What a zone shows during one transition interval. */
export interface ZoneState {
  /** Milliseconds east of UTC, whole seconds. */
  readonly offsetMs: number;
  /** The label's zone name with plain spaces: `EST`, `GMT+5:30`, `UTC`. */
  readonly name: string;
}

/** 1900-01-01T00:00Z: the cached window starts here (well after the Gregorian cutover). */
export const FIRST_MS = Date.UTC(1900, 0, 1);
/** 2500-01-01T00:00Z: the cached window ends here (exclusive). */
export const LAST_MS = Date.UTC(2500, 0, 1);

const BUCKET_MS = 6 * 3_600_000;
/** Buckets kept over all zones before the cache starts again (a bucket is about 100 bytes). */
const MAX_BUCKETS = 200_000;

interface Bucket {
  readonly before: ZoneState;
  /** The first whole second (epoch ms) showing `after`; Infinity when the bucket has one state. */
  readonly changeAtMs: number;
  readonly after: ZoneState;
}

const timelines = new Map<string, Map<number, Bucket>>();
let bucketCount = 0;

/** Intl's reading of the zone at a whole second (two `formatToParts` calls). */
function readState(timeZone: string, wholeSecondMs: number): ZoneState {
  return { offsetMs: intlOffsetMs(timeZone, wholeSecondMs), name: intlLabelParts(wholeSecondMs, timeZone).zone };
}

function sameState(a: ZoneState, b: ZoneState): boolean {
  return a.offsetMs === b.offsetMs && a.name === b.name;
}

/** The bucket starting at `startMs`, reusing the neighbouring buckets' edge readings. */
function readBucket(timeZone: string, timeline: Map<number, Bucket>, index: number): Bucket {
  const startMs = index * BUCKET_MS;
  const endMs = startMs + BUCKET_MS;
  const before = timeline.get(index - 1)?.after ?? readState(timeZone, startMs);
  const after = timeline.get(index + 1)?.before ?? readState(timeZone, endMs);
  if (sameState(before, after)) return { before, changeAtMs: Number.POSITIVE_INFINITY, after: before };
  // One change in the bucket: the last second showing `before` is in [low, high).
  let low = startMs;
  let high = endMs;
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (sameState(readState(timeZone, middle), before)) low = middle;
    else high = middle;
  }
  return { before, changeAtMs: high, after };
}

/**
 * The state of `timeZone` (a name Intl accepts) at `epochMs`, or null outside the cached
 * window. Throws RangeError for a zone Intl refuses, as Intl does.
 */
export function zoneState(timeZone: string, epochMs: number): ZoneState | null {
  if (!(epochMs >= FIRST_MS && epochMs < LAST_MS)) return null;
  let timeline = timelines.get(timeZone);
  if (timeline === undefined) timelines.set(timeZone, (timeline = new Map()));
  const index = Math.floor(epochMs / BUCKET_MS);
  let bucket = timeline.get(index);
  if (bucket === undefined) {
    bucket = readBucket(timeZone, timeline, index);
    if (bucketCount >= MAX_BUCKETS) {
      for (const other of timelines.values()) other.clear();
      bucketCount = 0;
    }
    timeline.set(index, bucket);
    bucketCount += 1;
  }
  return epochMs < bucket.changeAtMs ? bucket.before : bucket.after; // changes fall on whole seconds
}
