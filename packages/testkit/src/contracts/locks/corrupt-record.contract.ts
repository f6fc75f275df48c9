import assert from "node:assert/strict";
import type { Lock } from "@lintel/domain";
import { StoreUnavailableError } from "@lintel/core";
import { type FixtureSink, type LockDirectory } from "@lintel/core/adapters";
import { aLock, aUnit, eachTestStore, fixture, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = { locks: LockDirectory; fixtures: FixtureSink } & Closable;

/** Fails unless `error` is an error that does not claim the store is unavailable. */
function notUnavailable(error: unknown): true {
  assert.ok(error instanceof Error, `rejected with ${String(error)}`);
  assert.ok(!(error instanceof StoreUnavailableError), `a corrupt record was reported as an outage: ${error.name}: ${error.message}`);
  return true;
}

/**
 * A record the store holds but cannot read is a bug (500, logged with its stack), never
 * {@link StoreUnavailableError} (503 with Retry-After, seed exit 3): retrying will not mend it.
 * `corruptLock` damages the stored record of `lock` the way only the adapter can.
 */
export function describeCorruptRecordContract<S extends Store>(
  name: string,
  makeStore: () => Promise<S>,
  corruptLock: (store: S, lock: Lock) => Promise<void>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: corrupt records`, () => {
    const store = eachTestStore(makeStore, runner);

    it("a corrupt record is not StoreUnavailableError", async () => {
      const orgId = randomId("org");
      const unit = aUnit(orgId);
      const lock = aLock(orgId, { unitIds: [unit.id] });
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], locks: [lock] }));
      await corruptLock(store(), lock);
      await assert.rejects(store().locks.getActive(orgId, lock.lockId), notUnavailable);
      await assert.rejects(store().locks.getMany(orgId, [lock.lockId]), notUnavailable);
      await assert.rejects(store().locks.activeServing(orgId, unit.id), notUnavailable);
    });
  });
}
