import assert from "node:assert/strict";
import type { LeasedCodeWork, LeaseShare } from "@lintel/core/adapters";
import { aTimezoneEvent } from "../seeds/event-seed.js";
import {
  aCode,
  done,
  eventIdsOf,
  LEASE,
  lockSyncOf,
  NOW,
  placedOn,
  seedLocks,
  syncEvent,
  T,
  workOf,
  writeCode,
  type LockCodeStore,
} from "../seeds/lock-code-seed.js";
import { anItem, eachTestStore, fixture, instant, randomId } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

const codeIds = (leased: readonly LeasedCodeWork[]) => leased.map((one) => one.work.codeId).sort();
const shareOf = (room: Record<string, number>, skip: Record<string, readonly string[]> = {}): LeaseShare => ({
  roomOf: (orgId) => room[orgId] ?? 16,
  skipOf: (orgId) => skip[orgId] ?? [],
});

/**
 * The contract of {@link LockCodeOutbox} and of the unit writes that store code work in the step
 * of their change: one work record per code (newer replaces older, keeping its pendingSince and
 * any lease held), leased once at a time across callers, finished only under its lease.
 */
export function describeLockCodeOutboxContract(
  name: string,
  makeStore: () => Promise<LockCodeStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: LockCodeOutbox contract`, () => {
    const store = eachTestStore(makeStore, runner);
    /** An org with a lock and one code written with its work. */
    const oneCode = async () => {
      const { orgId, unit, locks } = await seedLocks(store());
      const lock = locks[0]!;
      const item = aCode(unit, lock);
      const work = workOf(orgId, item);
      await writeCode(store(), orgId, item, work);
      return { orgId, unit, lock, item, work };
    };

    it("work written by writeItem is leased once, as written, with no placed code", async () => {
      const { work } = await oneCode();
      const leased = await store().lockCodes.lease(NOW, LEASE, 10);
      assert.equal(leased.length, 1);
      assert.deepEqual(leased[0]!.work, work);
      assert.equal(leased[0]!.placed, null);
      assert.deepEqual(await store().lockCodes.lease(NOW, LEASE, 10), [], "leased: not due again before the lease ends");
    });

    it("two concurrent lease calls never both get one code", async () => {
      const { orgId, unit, locks } = await seedLocks(store(), 3);
      const items = [...locks, ...locks].map((lock) => aCode(unit, lock));
      for (const item of items) await writeCode(store(), orgId, item, workOf(orgId, item));
      const [a, b] = await Promise.all([store().lockCodes.lease(NOW, LEASE, 10), store().lockCodes.lease(NOW, LEASE, 10)]);
      const all = [...codeIds(a!), ...codeIds(b!)].sort();
      assert.deepEqual(all, items.map((item) => item.id).sort(), "each code leased exactly once");
    });

    it("a lease that ran out is taken over, and the first holder's finish returns false", async () => {
      const { orgId, item, lock } = await oneCode();
      const [first] = await store().lockCodes.lease(NOW, LEASE, 10);
      const [second] = await store().lockCodes.lease(NOW + LEASE, LEASE, 10);
      assert.ok(first && second && first.lease !== second.lease);
      assert.equal(await store().lockCodes.finish(first, done(orgId, item, placedOn(lock))), false);
      assert.equal((await store().units.getItem(orgId, item.unitId, "code", item.id))?.lockSync?.status, "pending", "nothing written");
      assert.equal(await store().lockCodes.finish(second, done(orgId, item, null)), true);
    });

    it("newer work written while the older is leased waits for the lease; the older's done leaves it due and lockSync as it is", async () => {
      const { orgId, item, lock, work } = await oneCode();
      const [first] = await store().lockCodes.lease(NOW, LEASE, 10);
      const newer = workOf(orgId, item, 2_000, { name: "Renamed" });
      await writeCode(store(), orgId, { ...item, title: "Renamed" }, newer);
      assert.deepEqual(await store().lockCodes.lease(NOW + LEASE - 1, LEASE, 10), [], "no second attempt while one is in flight");
      const outcome = done(orgId, item, placedOn(lock));
      assert.equal(await store().lockCodes.finish(first!, outcome), true);
      assert.equal((await store().units.getItem(orgId, item.unitId, "code", item.id))?.lockSync?.status, "pending");
      assert.deepEqual(await eventIdsOf(store(), orgId, "access_code.synced"), [], "no event for a replaced attempt");
      const [next] = await store().lockCodes.lease(NOW, LEASE, 10);
      assert.deepEqual(next?.work, { ...newer, pendingSince: work.pendingSince }, "due at its own time, oldest pendingSince kept");
      assert.deepEqual(next?.placed, outcome.placed, "what the older attempt placed is there for the newer");
    });

    it("replaced work that was not leased keeps the older pendingSince and is due at the newer's nextAttemptAt", async () => {
      const { orgId, item, work } = await oneCode();
      const newer = workOf(orgId, item, 5_000);
      await writeCode(store(), orgId, item, newer);
      assert.deepEqual(await store().lockCodes.lease(T + 2_000, LEASE, 10), [], "not due before the newer's time");
      assert.deepEqual(await store().lockCodes.pending(), { count: 1, oldestPendingMs: Date.parse(work.pendingSince) });
      const [leased] = await store().lockCodes.lease(T + 5_000, LEASE, 10);
      assert.deepEqual(leased?.work, { ...newer, pendingSince: work.pendingSince });
    });

    it("done sets the code's lockSync (getItem, scheduleAfter) and stores its event, without bumping the unit's version", async () => {
      const { orgId, unit, item, lock } = await oneCode();
      const before = await store().units.findByIdOrKey(orgId, unit.id);
      const [leased] = await store().lockCodes.lease(NOW, LEASE, 10);
      const outcome = done(orgId, item, placedOn(lock));
      assert.equal(await store().lockCodes.finish(leased!, outcome), true);
      const stored = await store().units.getItem(orgId, unit.id, "code", item.id);
      assert.deepEqual(stored, { ...item, lockSync: lockSyncOf("set", 20_000) });
      const page = await store().units.scheduleAfter(orgId, unit.id, T, null, 10);
      assert.deepEqual(page, [stored], "the schedule reads the code with its lockSync");
      assert.deepEqual(await eventIdsOf(store(), orgId, "access_code.synced"), [outcome.kind === "done" ? outcome.event?.id : ""]);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), before, "no version bump");
      assert.deepEqual(await store().lockCodes.pending(), { count: 0, oldestPendingMs: null });
      assert.deepEqual(await store().lockCodes.lease(NOW + 10 * LEASE, LEASE, 10), []);
    });

    it("retry keeps the work with one more attempt, due at its nextAttemptAt", async () => {
      const { work } = await oneCode();
      const [leased] = await store().lockCodes.lease(NOW, LEASE, 10);
      assert.equal(await store().lockCodes.finish(leased!, { kind: "retry", placed: null, nextAttemptAt: instant(60_000) }), true);
      assert.deepEqual(await store().lockCodes.lease(T + 59_999, LEASE, 10), []);
      const [again] = await store().lockCodes.lease(T + 60_000, LEASE, 10);
      assert.deepEqual(again?.work, { ...work, attempts: 1, nextAttemptAt: instant(60_000) });
      assert.equal((await store().lockCodes.pending()).count, 1);
    });

    it("failed ends the work with the code's lockSync failed and its event", async () => {
      const { orgId, unit, item } = await oneCode();
      const [leased] = await store().lockCodes.lease(NOW, LEASE, 10);
      const event = syncEvent(orgId, item, true);
      assert.equal(
        await store().lockCodes.finish(leased!, { kind: "failed", placed: null, lockSync: lockSyncOf("failed", 9), event }),
        true,
      );
      assert.deepEqual((await store().units.getItem(orgId, unit.id, "code", item.id))?.lockSync, lockSyncOf("failed", 9));
      assert.deepEqual(await eventIdsOf(store(), orgId, "access_code.sync_failed"), [event.id]);
      assert.deepEqual(await store().lockCodes.pending(), { count: 0, oldestPendingMs: null });
    });

    it("a deleted code's work keeps what the provider holds until its done clears it, and a reload does not add the code back", async () => {
      const { orgId, unit, item, lock } = await oneCode();
      const placed = placedOn(lock);
      await store().lockCodes.finish((await store().lockCodes.lease(NOW, LEASE, 10))[0]!, done(orgId, item, placed));
      await writeCode(store(), orgId, item, workOf(orgId, item, 3_000, { op: "delete" }), "delete");
      assert.equal(await store().units.getItem(orgId, unit.id, "code", item.id), null);
      assert.deepEqual(await store().lockCodes.placedCode(orgId, placed.providerCodeId), {
        unitId: unit.id,
        codeId: item.id,
        workPending: true,
      });
      const [leased] = await store().lockCodes.lease(NOW, LEASE, 10);
      assert.equal(leased?.work.op, "delete");
      assert.deepEqual(leased?.placed, placed);
      assert.equal(await store().lockCodes.finish(leased!, { kind: "done", placed: null, lockSync: null, event: null }), true);
      assert.equal(await store().lockCodes.placedCode(orgId, placed.providerCodeId), null);
      await store().fixtures.load(fixture({ items: [{ ...item, orgId }] }));
      assert.equal(await store().units.getItem(orgId, unit.id, "code", item.id), null, "stays deleted");
      assert.deepEqual(await store().lockCodes.lease(NOW + 10 * LEASE, LEASE, 10), []);
    });

    it("placedCode follows the provider's id of a code as it changes, within the org", async () => {
      const { orgId, unit, item, lock } = await oneCode();
      const p1 = placedOn(lock);
      const p2 = placedOn(lock);
      await store().lockCodes.finish((await store().lockCodes.lease(NOW, LEASE, 10))[0]!, {
        kind: "retry",
        placed: p1,
        nextAttemptAt: instant(0),
      });
      assert.deepEqual(await store().lockCodes.placedCode(orgId, p1.providerCodeId), {
        unitId: unit.id,
        codeId: item.id,
        workPending: true,
      });
      await store().lockCodes.finish((await store().lockCodes.lease(NOW, LEASE, 10))[0]!, done(orgId, item, p2));
      assert.equal(await store().lockCodes.placedCode(orgId, p1.providerCodeId), null);
      assert.deepEqual(await store().lockCodes.placedCode(orgId, p2.providerCodeId), {
        unitId: unit.id,
        codeId: item.id,
        workPending: false,
      });
      assert.equal(await store().lockCodes.placedCode(randomId("org"), p2.providerCodeId), null);
    });

    it("reportLockSync is refused while work is pending and when the status is the same; else sets it with its event", async () => {
      const { orgId, unit, item, lock } = await oneCode();
      const report = (status: "set" | "failed") =>
        store().lockCodes.reportLockSync(orgId, unit.id, item.id, lockSyncOf(status, 30_000), syncEvent(orgId, item, status === "failed"));
      assert.equal(await report("failed"), false, "work pending");
      await store().lockCodes.finish((await store().lockCodes.lease(NOW, LEASE, 10))[0]!, done(orgId, item, placedOn(lock)));
      assert.equal(await report("set"), false, "already set");
      assert.equal(await report("failed"), true);
      assert.deepEqual((await store().units.getItem(orgId, unit.id, "code", item.id))?.lockSync, lockSyncOf("failed", 30_000));
      assert.equal((await eventIdsOf(store(), orgId, "access_code.sync_failed")).length, 1);
      assert.equal(await store().lockCodes.reportLockSync(orgId, unit.id, randomId("co"), lockSyncOf("set"), null), false, "no such code");
    });

    it("resendCode puts a failed code's work back with its lockSync, without a version or an event; refused unless failed", async () => {
      const { orgId, unit, item, lock } = await oneCode();
      const { version } = (await store().units.findByIdOrKey(orgId, unit.id))!;
      const again = (ms: number, at = version) =>
        store().lockCodes.resendCode(orgId, unit.id, at, workOf(orgId, item, ms), lockSyncOf("pending", ms));
      assert.equal(await again(40_000), false, "pending, not failed");
      await store().lockCodes.finish((await store().lockCodes.lease(NOW, LEASE, 10))[0]!, done(orgId, item, placedOn(lock)));
      assert.equal(await again(40_000), false, "set, not failed");
      assert.equal(await store().lockCodes.reportLockSync(orgId, unit.id, item.id, lockSyncOf("failed", 30_000), null), true);
      const before = await store().units.findByIdOrKey(orgId, unit.id);
      const events = await eventIdsOf(store(), orgId, "access_code.sync_failed");
      assert.equal(await again(40_000, version - 1), false, "the unit moved on since it was read");
      const work = workOf(orgId, item, 40_000);
      assert.equal(await store().lockCodes.resendCode(orgId, unit.id, version, work, lockSyncOf("pending", 40_000)), true);
      assert.deepEqual((await store().units.getItem(orgId, unit.id, "code", item.id))?.lockSync, lockSyncOf("pending", 40_000));
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), before, "no version bump");
      assert.deepEqual(await eventIdsOf(store(), orgId, "access_code.sync_failed"), events, "no event");
      const [leased] = await store().lockCodes.lease(NOW + 40_000, LEASE, 10);
      assert.equal(leased?.work.workId, work.workId, "the work is due again");
      assert.equal(await again(50_000), false, "pending again");
      const other = { ...item, id: randomId("co") };
      assert.equal(
        await store().lockCodes.resendCode(orgId, unit.id, version, workOf(orgId, other), lockSyncOf("pending")),
        false,
        "no such code",
      );
    });

    it("a lease with a share keeps to the org's room, skips the locks named, takes one per lock, and serves orgs in turn", async () => {
      const a = await seedLocks(store(), 2);
      const b = await seedLocks(store(), 1);
      for (const [org, lockAt] of [
        [a, 0],
        [a, 0],
        [a, 1],
        [b, 0],
        [b, 0],
      ] as const) {
        const item = aCode(org.unit, org.locks[lockAt]!);
        await writeCode(store(), org.orgId, item, workOf(org.orgId, item));
      }
      const perOrg = (leased: readonly LeasedCodeWork[]) =>
        [a.orgId, b.orgId].map((orgId) => leased.filter((one) => one.work.orgId === orgId).length);
      assert.deepEqual(perOrg(await store().lockCodes.lease(NOW, LEASE, 2)), [1, 1], "in turn: one of each org first");
      const skipped = await store().lockCodes.lease(
        NOW + LEASE,
        LEASE,
        100,
        shareOf({ [a.orgId]: 1 }, { [b.orgId]: [b.locks[0]!.lockId] }),
      );
      assert.deepEqual(perOrg(skipped), [1, 0], "room 1 for A, B's one lock skipped");
      const rest = await store().lockCodes.lease(NOW + 2 * LEASE, LEASE, 100, shareOf({}));
      assert.deepEqual(perOrg(rest), [2, 1], "one per lock: A's two locks, B's one");
      assert.equal(new Set(rest.map((one) => one.work.lockId)).size, 3);
    });

    it("setTimeZone stores the moved codes' work and sets their lockSync as given", async () => {
      const { orgId, unit, locks } = await seedLocks(store());
      const item = aCode(unit, locks[0]!, { lockSync: lockSyncOf("set") });
      const at = await writeCode(store(), orgId, item, null);
      assert.deepEqual(await store().lockCodes.lease(NOW, LEASE, 10), []);
      const moved = { ...item, startAt: instant(11 * 86_400_000), endAt: instant(11 * 86_400_000 + 3_600_000) };
      const work = workOf(orgId, moved, 4_000);
      const outcome = await store().units.setTimeZone(orgId, unit.id, {
        expectedVersion: at.version,
        timeZone: "Europe/Paris",
        rewrites: [{ kind: "code", id: item.id, startAt: moved.startAt, endAt: moved.endAt }],
        codeWork: [work],
        codeLockSync: lockSyncOf("pending", 4_000),
        event: aTimezoneEvent(unit, 4_000),
      });
      assert.equal(outcome.ok, true);
      assert.deepEqual(await store().units.getItem(orgId, unit.id, "code", item.id), { ...moved, lockSync: lockSyncOf("pending", 4_000) });
      assert.deepEqual(
        (await store().lockCodes.lease(NOW, LEASE, 10)).map((one) => one.work),
        [work],
      );
    });

    it("loadItem stores a code's work only when it adds the code", async () => {
      const { orgId, unit, locks } = await seedLocks(store());
      const item = aCode(unit, locks[0]!);
      const work = workOf(orgId, item);
      assert.equal(await store().units.loadItem(orgId, item, work), "added");
      assert.equal(await store().units.loadItem(orgId, item, workOf(orgId, item, 2_000)), "kept");
      assert.deepEqual(
        (await store().lockCodes.lease(NOW, LEASE, 10)).map((one) => one.work),
        [work],
      );
    });

    it("resealPins visits the PINs of items and of work, replaces each with what reseal answers, and counts them", async () => {
      const { orgId, unit, locks } = await seedLocks(store(), 2);
      const withWork = aCode(unit, locks[0]!, { code: "old:1111" });
      const work = workOf(orgId, withWork);
      await writeCode(store(), orgId, withWork, work);
      const settled = aCode(unit, locks[1]!, { code: "old:2222", lockSync: lockSyncOf("set") });
      await writeCode(store(), orgId, settled, null);
      const current = aCode(unit, locks[1]!, { code: "new:3333" });
      await writeCode(store(), orgId, current, null);
      const { orgId: _org, ...withoutPin } = anItem(unit, "code", { lockId: locks[1]!.lockId });
      await writeCode(store(), orgId, withoutPin, null);
      const seen: string[] = [];
      const reseal = (sealed: string) => (seen.push(sealed), sealed.startsWith("old:") ? `new:${sealed.slice(4)}` : null);
      assert.equal(await store().lockCodes.resealPins(reseal), 3, "two items and one work record");
      assert.deepEqual(seen.sort(), ["new:3333", "old:1111", "old:1111", "old:2222"], "every PIN once, none of a code without one");
      const pinOf = async (id: string) => (await store().units.getItem(orgId, unit.id, "code", id))?.code;
      assert.equal(await pinOf(withWork.id), "new:1111");
      assert.equal(await pinOf(settled.id), "new:2222");
      assert.equal(await pinOf(current.id), "new:3333", "left as it was");
      assert.equal((await store().units.getItem(orgId, unit.id, "code", withoutPin.id))?.code, undefined);
      const [leased] = await store().lockCodes.lease(NOW, LEASE, 10);
      assert.deepEqual(leased?.work, { ...work, code: "new:1111" }, "the work's PIN, the rest as written");
      assert.equal(await store().lockCodes.resealPins(reseal), 0, "nothing left to reseal");
    });

    it("pending counts work waiting or leased and answers the oldest pendingSince", async () => {
      const a = await seedLocks(store());
      const b = await seedLocks(store());
      const items = [a, b, a].map((org) => aCode(org.unit, org.locks[0]!));
      const orgOf = [a.orgId, b.orgId, a.orgId];
      for (const [i, ms] of [3_000, 1_000, 2_000].entries()) {
        await writeCode(store(), orgOf[i]!, items[i]!, workOf(orgOf[i]!, items[i]!, ms));
      }
      assert.deepEqual(await store().lockCodes.pending(), { count: 3, oldestPendingMs: T + 1_000 });
      const leased = await store().lockCodes.lease(NOW, LEASE, 10);
      assert.deepEqual(await store().lockCodes.pending(), { count: 3, oldestPendingMs: T + 1_000 }, "leased work counts");
      const oldest = leased.find((one) => one.work.codeId === items[1]!.id)!;
      await store().lockCodes.finish(oldest, done(b.orgId, items[1]!, null));
      assert.deepEqual(await store().lockCodes.pending(), { count: 2, oldestPendingMs: T + 2_000 });
    });
  });
}
