import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { rangeLabel } from "../time/labels.js";
import { planTimezoneChange, previewTimezoneChange, type LockSharing, type PreviewInput } from "./preview.js";
import { ITEM_KINDS, type ScheduleItem } from "../records/records.js";
import {
  DAY_MS,
  instant,
  instantIn,
  instantNearTransitionOfOther,
  temporalKeepWallClock,
  temporalLocal,
  zone,
} from "../time/time-arbitraries.test-support.js";
import { canonicalTimeZone, sameTimeZone } from "../time/zones.js";

const iso = (ms: number) => new Date(ms).toISOString();
const PLAIN = /^[\x20-\x7E–]+$/;

/** A unit (zone possibly null or spelled the old way), its items, shared locks, a proposal and a now. */
const planInput: fc.Arbitrary<PreviewInput> = fc
  .record({ stored: fc.option(zone, { nil: null }), proposed: zone })
  .chain(({ stored, proposed }) => {
    const current = stored ?? "UTC";
    const start = fc.oneof(instantIn(current), instantNearTransitionOfOther(current, proposed));
    const scheduleItem = fc
      .record({
        kind: fc.constantFrom(...ITEM_KINDS),
        id: fc.constantFrom("a", "b", "c", "d", "e", "f", "g"),
        title: fc.string({ maxLength: 8 }),
        startMs: start,
        lengthMs: fc.oneof(fc.integer({ min: 0, max: 3 * DAY_MS }), fc.constantFrom(0, 1, 30 * 60_000, 3_600_000)),
        lockId: fc.constantFrom(null, "lk_1", "lk_2"),
      })
      .map(({ kind, id, title, startMs, lengthMs, lockId }): ScheduleItem => {
        const message = kind === "scheduled_message";
        const endMs = message ? startMs : startMs + lengthMs;
        return { kind, id, unitId: "u1", title, startAt: iso(startMs), endAt: iso(endMs), lockId: message ? null : lockId };
      });
    const sharing = fc.array(fc.record({ unitId: fc.constantFrom("u1", "u2", "u3"), timeZone: fc.option(zone, { nil: null }) }), {
      maxLength: 3,
    });
    return fc.record({
      unit: fc.constant({ id: "u1", address: "1 Main St", timeZone: stored, version: 3 }),
      items: fc.uniqueArray(scheduleItem, { selector: (i) => `${i.kind}:${i.id}`, maxLength: 10 }),
      lockUnits: fc.tuple(sharing, sharing).map(
        ([one, two]) =>
          new Map<string, readonly LockSharing[]>([
            ["lk_1", one],
            ["lk_2", two],
          ]),
      ),
      proposedTimeZone: fc.constant(canonicalTimeZone(proposed) ?? "UTC"),
      nowMs: fc.oneof(instant, fc.constant(0)),
    });
  });

/** The current zone the plan reads: the stored one, UTC when null. */
function currentOf(input: PreviewInput): string {
  return input.unit.timeZone ?? "UTC";
}

/** Keep-wall-clock by Temporal, with the end held at or after the start. */
function expectedWallClock(source: ScheduleItem, input: PreviewInput): [number, number] {
  const from = currentOf(input);
  const start = temporalKeepWallClock(Date.parse(source.startAt), from, input.proposedTimeZone);
  const end = temporalKeepWallClock(Date.parse(source.endAt), from, input.proposedTimeZone);
  return [start, Math.max(start, end)];
}

function sourceOf(input: PreviewInput, key: string): ScheduleItem {
  const source = input.items.find((i) => `${i.kind}:${i.id}` === key);
  assert.ok(source, key);
  return source;
}

const noop = (input: PreviewInput) => input.unit.timeZone !== null && sameTimeZone(input.unit.timeZone, input.proposedTimeZone);

describe("planTimezoneChange: properties", () => {
  it("property: keep-instant keeps today's instants (startAt/endAt, keepInstantLabel and beforeLabel render them)", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        for (const listed of planTimezoneChange(input).preview.items) {
          const source = sourceOf(input, listed.key);
          assert.equal(listed.startAt, source.startAt);
          assert.equal(listed.endAt, source.endAt);
          const [startMs, endMs] = [Date.parse(source.startAt), Date.parse(source.endAt)];
          assert.equal(listed.keepInstantLabel, rangeLabel(startMs, endMs, input.proposedTimeZone));
          assert.equal(listed.beforeLabel, rangeLabel(startMs, endMs, currentOf(input)));
        }
      }),
    );
  });

  it("property (oracle): keep-wall-clock reads the same local date-time (gaps: moved forward), as Temporal compatible does", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        const { preview, rewrites } = planTimezoneChange(input);
        preview.items.forEach((listed, index) => {
          const source = sourceOf(input, listed.key);
          const rewrite = rewrites[index];
          assert.ok(rewrite);
          const [start, end] = expectedWallClock(source, input);
          assert.deepEqual([rewrite.startAt, rewrite.endAt], [iso(start), iso(end)]);
          assert.equal(Date.parse(listed.wallClockStart), Math.floor(start / 1000) * 1000);
          assert.equal(Date.parse(listed.wallClockEnd), Math.floor(end / 1000) * 1000);
          assert.equal(listed.keepWallClockLabel, rangeLabel(start, end, input.proposedTimeZone));
          const before = temporalLocal(Date.parse(source.startAt), currentOf(input));
          if (!temporalLocal(start, input.proposedTimeZone).equals(before)) {
            assert.throws(() => before.toZonedDateTime(input.proposedTimeZone, { disambiguation: "reject" }), RangeError);
            assert.equal(Temporal.PlainDateTime.compare(temporalLocal(start, input.proposedTimeZone), before), 1);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it("property: wallClockEnd is never before wallClockStart", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        const { preview, rewrites } = planTimezoneChange(input);
        for (const listed of preview.items) assert.ok(Date.parse(listed.wallClockEnd) >= Date.parse(listed.wallClockStart), listed.key);
        for (const rewrite of rewrites) assert.ok(rewrite.endAt >= rewrite.startAt);
      }),
    );
  });

  it("property: an item is listed iff it ends after now and keep-wall-clock moves it", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        const listed = new Set(planTimezoneChange(input).preview.items.map((i) => i.key));
        for (const source of input.items) {
          const [start, end] = expectedWallClock(source, input);
          const moves = start !== Date.parse(source.startAt) || end !== Date.parse(source.endAt);
          const expected = !noop(input) && Date.parse(source.endAt) > input.nowMs && moves;
          assert.equal(listed.has(`${source.kind}:${source.id}`), expected, `${source.kind}:${source.id}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("property: the same zone, however spelled, is a noop with no items and no rewrites", () => {
    const sameZone = planInput.chain((input) =>
      zone.map((stored): PreviewInput => ({
        ...input,
        unit: { ...input.unit, timeZone: stored },
        proposedTimeZone: canonicalTimeZone(stored) ?? "UTC",
      })),
    );
    fc.assert(
      fc.property(sameZone, (input) => {
        const { preview, rewrites } = planTimezoneChange(input);
        assert.deepEqual([preview.status, preview.items, rewrites], ["noop", [], []]);
        assert.equal(preview.currentTimeZone, input.proposedTimeZone);
      }),
    );
  });

  it("property: items are ordered by startAt, then kind, then key; rewrites follow the same items", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        const { preview, rewrites } = planTimezoneChange(input);
        for (let i = 1; i < preview.items.length; i++) {
          const a = preview.items[i - 1];
          const b = preview.items[i];
          assert.ok(a && b);
          const order =
            Date.parse(a.startAt) - Date.parse(b.startAt) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) || (a.key < b.key ? -1 : 1);
          assert.ok(order < 0, `${a.key} before ${b.key}`);
        }
        assert.deepEqual(
          rewrites.map((r) => `${r.kind}:${r.id}`),
          preview.items.map((i) => i.key),
        );
      }),
    );
  });

  it("property: status is noop for the same zone, else conflict iff a listed item's lock serves another unit in another zone", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        const { preview } = planTimezoneChange(input);
        for (const listed of preview.items) {
          const { lockId } = sourceOf(input, listed.key);
          const others = lockId === null ? [] : (input.lockUnits.get(lockId) ?? []).filter((u) => u.unitId !== input.unit.id);
          assert.equal(
            listed.sharedLockConflict,
            others.some((u) => !sameTimeZone(u.timeZone, input.proposedTimeZone)),
          );
        }
        const expected = noop(input) ? "noop" : preview.items.some((i) => i.sharedLockConflict) ? "conflict" : "ok";
        assert.equal(preview.status, expected);
        assert.equal(preview.beforeUsesUtc, input.unit.timeZone === null);
      }),
    );
  });

  it("property: warnings includes duration_changed iff the keep-wall-clock duration differs from today's (Temporal as the oracle)", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        for (const listed of planTimezoneChange(input).preview.items) {
          const source = sourceOf(input, listed.key);
          const [wallStart, wallEnd] = expectedWallClock(source, input);
          const changed = wallEnd - wallStart !== Date.parse(source.endAt) - Date.parse(source.startAt);
          assert.deepEqual(listed.warnings, changed ? ["duration_changed"] : [], listed.key);
        }
      }),
    );
  });

  it("property: labels never contain U+202F, U+2009 or other odd spaces", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        for (const listed of planTimezoneChange(input).preview.items) {
          for (const label of [listed.beforeLabel, listed.keepInstantLabel, listed.keepWallClockLabel]) assert.match(label, PLAIN);
        }
      }),
    );
  });

  it("property: previewTimezoneChange is planTimezoneChange's preview", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        assert.deepEqual(previewTimezoneChange(input), planTimezoneChange(input).preview);
      }),
    );
  });
});
