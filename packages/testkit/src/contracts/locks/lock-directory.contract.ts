import assert from "node:assert/strict";
import type { Lock } from "@lintel/domain";
import { comparePositions, LIST_DIRECTION, lockPosition, rowsAfter } from "@lintel/domain/adapters";
import { SERVING_LOCKS_LIMIT, type FixtureSink, type LockDirectory } from "@lintel/core/adapters";
import { aLock, aUnit, eachTestStore, fixture, instant, randomId, randomInt, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = { locks: LockDirectory; fixtures: FixtureSink } & Closable;

const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Locks in list order, straight from the contract (not from `lockPosition`): createdAt desc, lockId desc. */
function inListOrder(locks: readonly Lock[]): Lock[] {
  return [...locks].sort((a, b) => codeUnitOrder(b.createdAt, a.createdAt) || codeUnitOrder(b.lockId, a.lockId));
}

/** Follows positions page by page with random page sizes; returns the lock ids seen. */
async function walk(locks: LockDirectory, orgId: string, between?: (page: number) => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const limit = randomInt(1, 7);
    const rows: Lock[] = await locks.listActive(orgId, after, limit);
    assert.ok(rows.length <= limit, `page of ${rows.length} rows for limit ${limit}`);
    seen.push(...rows.map((l) => l.lockId));
    const last = rows.at(-1);
    if (last === undefined) return seen;
    after = lockPosition(last);
    await between?.(page);
  }
  throw new Error("the walk did not end");
}

/** `count` active locks of one org over a few createdAt values (many equal). */
async function seedOrg(store: Store, count: number): Promise<{ orgId: string; locks: Lock[] }> {
  const orgId = randomId("org");
  const locks = Array.from({ length: count }, () => aLock(orgId, { createdAt: instant(randomInt(0, 3) * 1000) }));
  await store.fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], locks }));
  return { orgId, locks };
}

/** The contract of {@link LockDirectory}: org-scoped, active-only lists in exact keyset order. */
export function describeLockDirectoryContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: LockDirectory contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("lists an org's active locks by createdAt desc then lockId desc, equal createdAt included", async () => {
      const { orgId, locks } = await seedOrg(store(), 25);
      const listed = await store().locks.listActive(orgId, null, 100);
      assert.deepEqual(
        listed.map((l) => l.lockId),
        inListOrder(locks).map((l) => l.lockId),
      );
    });

    it("pages of any size, each after the last row's position, give the exact order once", async () => {
      const { orgId, locks } = await seedOrg(store(), 30);
      const expected = inListOrder(locks).map((l) => l.lockId);
      for (let run = 0; run < 5; run++) assert.deepEqual(await walk(store().locks, orgId), expected);
    });

    it("a page after a position that is no row's starts at the next row", async () => {
      const { orgId, locks } = await seedOrg(store(), 12);
      const ordered = inListOrder(locks);
      const ghost = lockPosition({ createdAt: instant(2000), lockId: randomId("lk") });
      const expected = rowsAfter(ordered, lockPosition, ghost, 5, LIST_DIRECTION.locks);
      assert.deepEqual(
        (await store().locks.listActive(orgId, ghost, 5)).map((l) => l.lockId),
        expected.map((l) => l.lockId),
      );
    });

    it("returns a lock with every field as loaded", async () => {
      const orgId = randomId("org");
      const unit = aUnit(orgId);
      const lock = aLock(orgId, {
        model: "Assure 2",
        timeZone: "America/Chicago",
        unitIds: [unit.id],
        createdAt: instant(5),
        updatedAt: instant(9),
      });
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], locks: [lock] }));
      assert.deepEqual(await store().locks.getActive(orgId, lock.lockId), lock);
      assert.deepEqual(await store().locks.getMany(orgId, [lock.lockId]), [lock]);
      assert.deepEqual(await store().locks.listActive(orgId, null, 10), [lock]);
    });

    it("never shows a lock to another org", async () => {
      const { locks } = await seedOrg(store(), 3);
      const { orgId: other } = await seedOrg(store(), 2);
      const ids = locks.map((l) => l.lockId);
      const listed = await store().locks.listActive(other, null, 100);
      assert.equal(listed.length, 2);
      assert.ok(listed.every((l) => !ids.includes(l.lockId)));
      for (const id of ids) assert.equal(await store().locks.getActive(other, id), null);
      assert.deepEqual(await store().locks.getMany(other, ids), []);
    });

    it("answers unknown ids and orgs with null or nothing", async () => {
      const { orgId, locks } = await seedOrg(store(), 2);
      assert.equal(await store().locks.getActive(orgId, randomId("lk")), null);
      const known = locks[0]?.lockId ?? "";
      assert.deepEqual(
        (await store().locks.getMany(orgId, [randomId("lk"), known])).map((l) => l.lockId),
        [known],
      );
      assert.deepEqual(await store().locks.listActive(randomId("org"), null, 10), []);
    });

    it("leaves inactive locks out of listActive and getActive, but getMany returns them", async () => {
      const orgId = randomId("org");
      const active = aLock(orgId);
      const inactive = aLock(orgId, { status: "inactive" });
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], locks: [active, inactive] }));
      assert.deepEqual(
        (await store().locks.listActive(orgId, null, 10)).map((l) => l.lockId),
        [active.lockId],
      );
      assert.equal(await store().locks.getActive(orgId, inactive.lockId), null);
      const many = await store().locks.getMany(orgId, [active.lockId, inactive.lockId]);
      assert.deepEqual(many.map((l) => l.lockId).sort(), [active.lockId, inactive.lockId].sort());
      assert.equal(many.find((l) => l.lockId === inactive.lockId)?.status, "inactive");
    });

    it("activeServing answers the org's active locks that serve the unit, in list order; none for another unit or org", async () => {
      const orgId = randomId("org");
      const [u1, u2, lone] = [aUnit(orgId), aUnit(orgId), aUnit(orgId)];
      const both = aLock(orgId, { unitIds: [u2!.id, u1!.id], createdAt: instant(2000) });
      const first = aLock(orgId, { unitIds: [u1!.id], createdAt: instant(1000) });
      const twin = aLock(orgId, { unitIds: [u1!.id], createdAt: instant(1000) });
      const second = aLock(orgId, { unitIds: [u2!.id], createdAt: instant(3000) });
      const off = aLock(orgId, { unitIds: [u1!.id, u2!.id], status: "inactive", createdAt: instant(4000) });
      const locks = [first, both, off, twin, second, aLock(orgId)];
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [u1!, u2!, lone!], locks }));
      assert.deepEqual(await store().locks.activeServing(orgId, u1!.id), inListOrder([both, first, twin]));
      assert.deepEqual(await store().locks.activeServing(orgId, u2!.id), inListOrder([both, second]));
      assert.deepEqual(await store().locks.activeServing(orgId, lone!.id), []);
      assert.deepEqual(await store().locks.activeServing(orgId, randomId("u")), []);
      const { orgId: other } = await seedOrg(store(), 2);
      assert.deepEqual(await store().locks.activeServing(other, u1!.id), [], "another org's unit id answers nothing");
    });

    it(`activeServing answers at most ${SERVING_LOCKS_LIMIT} locks, the first in list order`, async () => {
      const orgId = randomId("org");
      const unit = aUnit(orgId);
      const many = Array.from({ length: SERVING_LOCKS_LIMIT + 3 }, () =>
        aLock(orgId, { unitIds: [unit.id], createdAt: instant(randomInt(0, 3) * 1000) }),
      );
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], locks: many }));
      const serving = await store().locks.activeServing(orgId, unit.id);
      assert.deepEqual(
        serving.map((l) => l.lockId),
        inListOrder(many)
          .slice(0, SERVING_LOCKS_LIMIT)
          .map((l) => l.lockId),
      );
    });

    it("a reader sees every lock that existed for the whole read once, in order, while locks are added", async () => {
      const { orgId, locks } = await seedOrg(store(), 40);
      const added: Lock[] = [];
      const seen = await walk(store().locks, orgId, async () => {
        const fresh = Array.from({ length: 2 }, () => aLock(orgId, { createdAt: instant(randomInt(0, 4) * 1000) }));
        added.push(...fresh);
        await store().fixtures.load(fixture({ locks: fresh }));
      });
      assert.equal(new Set(seen).size, seen.length, "a lock was seen twice");
      const position = new Map([...locks, ...added].map((l) => [l.lockId, lockPosition(l)]));
      const positions = seen.map((id) => position.get(id) ?? "");
      for (let i = 1; i < positions.length; i++) {
        assert.ok(comparePositions(positions[i - 1] ?? "", positions[i] ?? "", LIST_DIRECTION.locks) < 0, "out of order");
      }
      for (const lock of locks) assert.ok(seen.includes(lock.lockId), `missed ${lock.lockId}`);
    });
  });
}
