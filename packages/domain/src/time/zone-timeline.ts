/**
 * A per-zone cache of what Intl says about a zone over time: its offset and the short name a
 * label shows (`CST`, `GMT+5:30`). Both change only at the zone's transitions (and ICU's
 * metazone changes, which fall on them or within a minute of them), so the cache holds time in
 * fixed buckets: per bucket the state at its start and, when the state at its end differs, the
 * exact seconds it changes, found by bisection. An instant then costs a map look-up instead of a
 * `formatToParts`.
 *
 * The short name is NOT a function of zone and offset (`America/Indiana/Knox` at −5 h was `EST`
 * in 1995 and is `CDT` since 2006; `America/Kentucky/Monticello` went from `CDT` to `EST` at
 * 2000-10-29T07:00Z without its offset moving), so it is cached per transition interval too.
 *
 * The one assumption: within one {@link BUCKET_MS} (three UTC days) a zone never returns to a
 * state it left (A → B → A); any other run of changes is found. tzdb's closest transitions
 * (name-only ones included) are 95.7 hours apart, more than a bucket (Africa/Freetown 1939; the
 * next closest a week apart, tzdata 2025b); ICU's name changes sit on a transition or on the minute after it;
 * temporal-polyfill, the tests' oracle, samples offsets every 19 days (9 for listed zones).
 * Outside {@link FIRST_MS}..{@link LAST_MS} nothing is cached and callers read Intl directly.
 */
import { intlZoneState } from "./intl-zone-reading.js";

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

/** Three days: a first plan reads Intl once per bucket, so fewer, longer buckets make it cheaper. */
const BUCKET_MS = 3 * 86_400_000;
/** Buckets kept over all zones before the cache starts again (a bucket is about 100 bytes). */
const MAX_BUCKETS = 200_000;

/** A change of state inside a bucket. */
interface Change {
  /** The first whole second (epoch ms) showing `state`. */
  readonly atMs: number;
  readonly state: ZoneState;
}

interface Bucket {
  /** The state at the bucket's start. */
  readonly first: ZoneState;
  /** The changes inside the bucket, in time order (usually none, at most a few). */
  readonly changes: readonly Change[];
  /** The state at the bucket's end (the next bucket's start). */
  readonly last: ZoneState;
}

const timelines = new Map<string, Map<number, Bucket>>();
let bucketCount = 0;

function sameState(a: ZoneState, b: ZoneState): boolean {
  return a.offsetMs === b.offsetMs && a.name === b.name;
}

const HOUR_MS = 3_600_000;

/**
 * Where to read next between two readings that differ. Any second strictly between them will
 * do; these find a change on a whole UTC hour, as most are, in 8 readings instead of 18: whole
 * hours while the span is longer than one (a bucket's edges are whole hours), then the last
 * second of a one-hour span, then halfway, to the second.
 */
function probeMs(lowMs: number, highMs: number): number {
  const spanMs = highMs - lowMs;
  // At least one hour in: strictly inside the span even were its edges not whole hours.
  if (spanMs > HOUR_MS) return lowMs + Math.max(1, Math.floor(spanMs / (2 * HOUR_MS))) * HOUR_MS;
  if (spanMs === HOUR_MS) return highMs - 1000;
  return lowMs + Math.floor(spanMs / 2000) * 1000;
}

/**
 * Appends every change in (lowMs, highMs] to `changes`, knowing the states at both ends, by
 * bisection to the second. Finds several changes close together too (Africa/Monrovia,
 * 1972-01-07: the offset moves at 00:44:30, ICU's name at the minute, 00:45:00), as long as the
 * state never leaves and comes back between two readings.
 */
function findChanges(timeZone: string, lowMs: number, low: ZoneState, highMs: number, high: ZoneState, changes: Change[]): void {
  if (sameState(low, high)) return;
  if (highMs - lowMs <= 1000) {
    changes.push({ atMs: highMs, state: high });
    return;
  }
  const middleMs = probeMs(lowMs, highMs);
  const middle = intlZoneState(timeZone, middleMs);
  findChanges(timeZone, lowMs, low, middleMs, middle, changes);
  findChanges(timeZone, middleMs, middle, highMs, high, changes);
}

/** The bucket starting at `index * BUCKET_MS`, reusing the neighbouring buckets' edge readings. */
function readBucket(timeZone: string, timeline: Map<number, Bucket>, index: number): Bucket {
  const startMs = index * BUCKET_MS;
  const endMs = startMs + BUCKET_MS;
  const first = timeline.get(index - 1)?.last ?? intlZoneState(timeZone, startMs);
  const last = timeline.get(index + 1)?.first ?? intlZoneState(timeZone, endMs);
  const changes: Change[] = [];
  findChanges(timeZone, startMs, first, endMs, last, changes);
  return { first, changes, last };
}

/** Reads the bucket `index` of `timeZone` from Intl and keeps it. */
function addBucket(timeZone: string, index: number): Bucket {
  let timeline = timelines.get(timeZone);
  if (timeline === undefined) timelines.set(timeZone, (timeline = new Map()));
  const bucket = readBucket(timeZone, timeline, index);
  if (bucketCount >= MAX_BUCKETS) {
    for (const other of timelines.values()) other.clear();
    bucketCount = 0;
  }
  timeline.set(index, bucket);
  bucketCount += 1;
  return bucket;
}

/**
 * The bucket `index` of `timeZone`, read from Intl the first time. The look-up is all a warm
 * plan runs, so it is kept apart from {@link addBucket}: the optimizing compiler copies this
 * function into each caller, and a small copy compiles faster during a first plan.
 */
function bucketAt(timeZone: string, index: number): Bucket {
  return timelines.get(timeZone)?.get(index) ?? addBucket(timeZone, index);
}

/**
 * The state of `timeZone` (a name Intl accepts) at `epochMs`, or null outside the cached
 * window. Throws RangeError for a zone Intl refuses, as Intl does.
 */
export function zoneState(timeZone: string, epochMs: number): ZoneState | null {
  if (!(epochMs >= FIRST_MS && epochMs < LAST_MS)) return null;
  const bucket = bucketAt(timeZone, Math.floor(epochMs / BUCKET_MS));
  let state = bucket.first;
  // Changes fall on whole seconds. An indexed loop: for-of's iterator makes every inlined copy larger.
  for (let i = 0; i < bucket.changes.length; i++) {
    const change = bucket.changes[i] as Change;
    if (epochMs >= change.atMs) state = change.state;
  }
  return state;
}

/**
 * The offset `timeZone` shows throughout `fromMs`..`toMs`, or NaN when its state changes in
 * between (a name-only change counts) or the span leaves the cached window. A bucket without
 * changes keeps one state, and a bucket ends in the state the next one starts with.
 */
export function steadyOffsetMs(timeZone: string, fromMs: number, toMs: number): number {
  if (!(fromMs >= FIRST_MS && toMs < LAST_MS)) return Number.NaN;
  const last = Math.floor(toMs / BUCKET_MS);
  let offsetMs = Number.NaN;
  for (let index = Math.floor(fromMs / BUCKET_MS); index <= last; index++) {
    const bucket = bucketAt(timeZone, index);
    if (bucket.changes.length > 0) return Number.NaN;
    offsetMs = bucket.first.offsetMs;
  }
  return offsetMs;
}
