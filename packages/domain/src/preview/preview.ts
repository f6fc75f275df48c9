/**
 * The pure half of a unit's time-zone change: what the preview shows and
 * which instants `set_timezone` rewrites under keep-wall-clock. Both come from one plan, so the
 * rewrite touches exactly the items the preview listed.
 */
import * as v from "valibot";
import { isoInstant, parseCanonicalInstant } from "../time/iso-instant.js";
import { rangeLabel } from "../time/labels.js";
import { InstantSchema, ITEM_KINDS, ZoneSchema, type Instant, type ItemKind, type ScheduleItem, type Unit } from "../records/records.js";
import { formatZonedDateTime, keepWallClock } from "../time/wall-clock.js";
import { canonicalTimeZone, sameTimeZone } from "../time/zones.js";

/** One unit a lock serves, with that unit's zone (null = none set, read as UTC). */
export interface LockSharing {
  readonly unitId: string;
  readonly timeZone: string | null;
}

/** Everything the plan reads; time comes in as `nowMs`. */
export interface PreviewInput {
  readonly unit: Pick<Unit, "id" | "address" | "timeZone" | "version">;
  /** All items of the unit; the plan picks the candidates itself. */
  readonly items: readonly ScheduleItem[];
  /** For each lockId used by the items: every unit that lock serves (this unit may be among them). */
  readonly lockUnits: ReadonlyMap<string, readonly LockSharing[]>;
  /** Already canonical (see {@link canonicalTimeZone}). */
  readonly proposedTimeZone: string;
  readonly nowMs: number;
}

/**
 * What a client should look at before applying keep-wall-clock to an item, as stable
 * codes. `duration_changed`: the keep-wall-clock instants are not as far apart as today's
 * (a fall-back overlap or a spring-forward gap between them, or a gap pushing the start past
 * the end), e.g. a one-hour tour that would last no time at all.
 */
export const PREVIEW_WARNINGS = ["duration_changed"] as const;
/** One of {@link PREVIEW_WARNINGS}: what a preview item flags about its change. */
export type PreviewWarning = (typeof PREVIEW_WARNINGS)[number];

/** An RFC 3339 date-time with an offset (the type says string; the document says date-time). */
const offsetDateTime = (description: string) => v.pipe(v.string(), v.isoTimestamp(), v.description(description));

/**
 * One item of the preview: an item keep-wall-clock would move, with its instants and labels both
 * ways (the `PreviewItem` of the API's document). Read-only in the schema itself, so the
 * preview's list holds read-only items too.
 */
export const PreviewItemSchema = v.pipe(
  v.strictObject({
    key: v.pipe(v.string(), v.description("<kind>:<id>")),
    kind: v.picklist(ITEM_KINDS),
    title: v.pipe(v.string(), v.description("A code's name, else the title.")),
    startAt: InstantSchema,
    endAt: InstantSchema,
    wallClockStart: offsetDateTime("Keep-wall-clock start, RFC 3339 with the proposed zone's offset, seconds precision."),
    wallClockEnd: offsetDateTime("Keep-wall-clock end, RFC 3339 with the proposed zone's offset, seconds precision."),
    beforeLabel: v.string(),
    keepInstantLabel: v.string(),
    keepWallClockLabel: v.string(),
    sharedLockConflict: v.boolean(),
    warnings: v.pipe(
      v.array(v.picklist(PREVIEW_WARNINGS)),
      v.readonly(),
      v.description(
        "Codes to check before applying keep_wall_clock, usually none. duration_changed: wallClockEnd − wallClockStart " +
          "differs from endAt − startAt (a fall-back overlap or a spring-forward gap within the item).",
      ),
    ),
  }),
  v.readonly(),
);
/** One item of the preview ({@link PreviewItemSchema}). */
export type PreviewItem = v.InferOutput<typeof PreviewItemSchema>;

/** A zone change's preview: the unit, both zones, and the items keep-wall-clock would move (the body of `preview_timezone_change`). */
export const TimezonePreviewSchema = v.strictObject({
  status: v.picklist(["ok", "noop", "conflict"]),
  unitId: v.string(),
  address: v.string(),
  expectedVersion: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  currentTimeZone: ZoneSchema,
  proposedTimeZone: v.string(),
  beforeUsesUtc: v.boolean(),
  items: v.pipe(v.array(PreviewItemSchema), v.readonly()),
});
/** A zone change's preview ({@link TimezonePreviewSchema}). */
export type TimezonePreview = Readonly<v.InferOutput<typeof TimezonePreviewSchema>>;
/** `noop`: the unit already has the proposed zone; `conflict`: a listed item's lock serves a unit in another zone. */
export type PreviewStatus = TimezonePreview["status"];

/** New instants of one item under keep-wall-clock (UTC RFC 3339 with ms). */
export interface ItemRewrite {
  readonly kind: ItemKind;
  readonly id: string;
  readonly startAt: Instant;
  readonly endAt: Instant;
}

/** What a zone change would do: the preview, and the rewrites `set_timezone` applies under keep-wall-clock. */
export interface TimezoneChangePlan {
  readonly preview: TimezonePreview;
  /** Keep-wall-clock instants of exactly the items the preview lists, in the same order. */
  readonly rewrites: readonly ItemRewrite[];
}

/** A zone that should already be canonical; anything else is a broken store invariant. */
function requireZone(zone: string, what: string): string {
  const canonical = canonicalTimeZone(zone);
  if (canonical === null) throw new RangeError(`${what} "${zone}" is not an IANA time zone`);
  return canonical;
}

/** An instant's epoch ms and its canonical text (the stored text itself when it already is). */
function readInstant(item: ScheduleItem, field: "startAt" | "endAt"): { ms: number; iso: string } {
  const instant = item[field];
  const canonical = parseCanonicalInstant(instant);
  if (!Number.isNaN(canonical)) return { ms: canonical, iso: instant };
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new RangeError(`${item.kind} ${item.id} ${field} "${instant}" is not an RFC 3339 instant`);
  return { ms, iso: isoInstant(ms) };
}

/**
 * Whether a lock also serves another unit whose zone (null = UTC) is not `proposed`; asked once
 * per lock in a plan (a plan of many items names the same few locks).
 */
function sharedLockConflicts(input: PreviewInput, proposed: string): (lockId: string | null) => boolean {
  const known = new Map<string, boolean>();
  return (lockId) => {
    if (lockId === null) return false;
    let conflict = known.get(lockId);
    if (conflict === undefined) {
      const sharing = input.lockUnits.get(lockId) ?? [];
      conflict = sharing.some((other) => other.unitId !== input.unit.id && !sameTimeZone(other.timeZone, proposed));
      known.set(lockId, conflict);
    }
    return conflict;
  };
}

/** An item that has not ended, with its instants read. */
interface Candidate {
  readonly item: ScheduleItem;
  readonly startMs: number;
  readonly endMs: number;
  /** The instants' canonical text. */
  readonly startAt: Instant;
  readonly endAt: Instant;
}

interface Planned {
  readonly candidate: Candidate;
  readonly item: PreviewItem;
  /** The keep-wall-clock instants. */
  readonly wallStartMs: number;
  readonly wallEndMs: number;
}

/** The item with its instants read, or null when it ended by `nowMs`. */
function candidateOf(item: ScheduleItem, nowMs: number): Candidate | null {
  const { ms: startMs, iso: startAt } = readInstant(item, "startAt");
  const { ms: endMs, iso: endAt } = readInstant(item, "endAt");
  return endMs <= nowMs ? null : { item, startMs, endMs, startAt, endAt };
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The preview's order: `startAt`, then `kind` as a string, then `key` (`<kind>:<id>`, so the ids once the
 * kinds are equal). The candidates are sorted before the preview items are built: they are small
 * and were made together, so the sort does not wait on memory the plan's strings pushed out.
 */
function compareCandidates(a: Candidate, b: Candidate): number {
  return a.startMs - b.startMs || compareCodeUnits(a.item.kind, b.item.kind) || compareCodeUnits(a.item.id, b.item.id);
}

const NO_WARNINGS: readonly PreviewWarning[] = Object.freeze([]);
const DURATION_CHANGED: readonly PreviewWarning[] = Object.freeze(["duration_changed"]);

function planItem(
  candidate: Candidate,
  current: string,
  proposed: string,
  hasSharedLockConflict: (lockId: string | null) => boolean,
): Planned | null {
  const { item, startMs, endMs, startAt, endAt } = candidate;
  const wallStartMs = keepWallClock(startMs, current, proposed);
  // A gap can push the start past the end (02:30 → 03:30 while 03:10 stays); never end first.
  const wallEndMs = Math.max(keepWallClock(endMs, current, proposed), wallStartMs);
  if (wallStartMs === startMs && wallEndMs === endMs) return null;
  return {
    candidate,
    wallStartMs,
    wallEndMs,
    item: {
      key: `${item.kind}:${item.id}`,
      kind: item.kind,
      title: item.title,
      startAt,
      endAt,
      wallClockStart: formatZonedDateTime(wallStartMs, proposed),
      wallClockEnd: formatZonedDateTime(wallEndMs, proposed),
      beforeLabel: rangeLabel(startMs, endMs, current),
      keepInstantLabel: rangeLabel(startMs, endMs, proposed),
      keepWallClockLabel: rangeLabel(wallStartMs, wallEndMs, proposed),
      sharedLockConflict: hasSharedLockConflict(item.lockId),
      // Compared on the exact instants set_timezone would write, not their seconds-precision text.
      warnings: wallEndMs - wallStartMs === endMs - startMs ? NO_WARNINGS : DURATION_CHANGED,
    },
  };
}

/** The keep-wall-clock rewrite of a listed item (an unchanged instant keeps its text). */
function rewriteOf({ candidate, wallStartMs, wallEndMs }: Planned): ItemRewrite {
  return {
    kind: candidate.item.kind,
    id: candidate.item.id,
    startAt: wallStartMs === candidate.startMs ? candidate.startAt : isoInstant(wallStartMs),
    endAt: wallEndMs === candidate.endMs ? candidate.endAt : isoInstant(wallEndMs),
  };
}

/** The preview and the planned items it lists, in its order. */
function plan(input: PreviewInput): { preview: TimezonePreview; planned: readonly Planned[] } {
  const currentTimeZone = input.unit.timeZone === null ? null : requireZone(input.unit.timeZone, `unit ${input.unit.id} timeZone`);
  const proposedTimeZone = requireZone(input.proposedTimeZone, "proposedTimeZone");
  const noop = currentTimeZone === proposedTimeZone;
  const current = currentTimeZone ?? "UTC";
  const conflicts = sharedLockConflicts(input, proposedTimeZone);
  const planned = noop
    ? []
    : input.items
        .map((item) => candidateOf(item, input.nowMs))
        .filter((candidate): candidate is Candidate => candidate !== null)
        .sort(compareCandidates)
        .map((candidate) => planItem(candidate, current, proposedTimeZone, conflicts))
        .filter((entry): entry is Planned => entry !== null);
  const items = planned.map((entry) => entry.item);
  const status: PreviewStatus = noop ? "noop" : items.some((item) => item.sharedLockConflict) ? "conflict" : "ok";
  return {
    preview: {
      status,
      unitId: input.unit.id,
      address: input.unit.address,
      expectedVersion: input.unit.version,
      currentTimeZone,
      proposedTimeZone,
      beforeUsesUtc: input.unit.timeZone === null,
      items,
    },
    planned,
  };
}

/**
 * The preview for a change of the unit's zone to `proposedTimeZone` (what
 * {@link planTimezoneChange} returns as `preview`, without building the rewrites).
 */
export function previewTimezoneChange(input: PreviewInput): TimezonePreview {
  return plan(input).preview;
}

/**
 * Plans a change of the unit's zone to `proposedTimeZone`: the preview and the
 * keep-wall-clock rewrites. A null current zone is read as UTC. Throws RangeError
 * only on data the store should never hold (an unknown stored zone, an unparsable instant).
 */
export function planTimezoneChange(input: PreviewInput): TimezoneChangePlan {
  const { preview, planned } = plan(input);
  return { preview, rewrites: planned.map(rewriteOf) };
}
