import assert from "node:assert/strict";
import type { IdempotencyClaim, IdempotencyStore, KeptResult } from "@lintel/core/adapters";
import { eachTestStore, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

const LEASE = 60_000;
const DAY = 86_400_000;
const kept: KeptResult = {
  result: { ok: true, value: { unit: { id: "u1", urlKey: "a-b", timeZone: "Europe/Paris", version: 2 }, moved: 3 } },
  requestId: "req_1",
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tokenOf(claim: IdempotencyClaim): string {
  assert.equal(claim.state, "claimed");
  return claim.state === "claimed" ? claim.token : "";
}

/** The contract of {@link IdempotencyStore} (results kept, given back, expiring). Expiry tests wait real time (~0.2 s). */
export function describeIdempotencyStoreContract(
  name: string,
  makeStore: () => Promise<{ idempotency: IdempotencyStore } & Closable>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: IdempotencyStore contract`, () => {
    const store = eachTestStore(makeStore, runner);
    const fresh = () => ({ scope: randomId("key"), key: `retry ${randomId("k")} {x}:/é` });

    it("a free key is claimed; while it runs, every other begin says running with the first fingerprint", async () => {
      const { idempotency } = store();
      const { scope, key } = fresh();
      tokenOf(await idempotency.begin(scope, key, "fp-1", LEASE));
      assert.deepEqual(await idempotency.begin(scope, key, "fp-1", LEASE), { state: "running", fingerprint: "fp-1" });
      assert.deepEqual(await idempotency.begin(scope, key, "fp-2", LEASE), { state: "running", fingerprint: "fp-1" });
    });

    it("complete keeps the result: later begins get it, with the first fingerprint", async () => {
      const { idempotency } = store();
      const { scope, key } = fresh();
      const token = tokenOf(await idempotency.begin(scope, key, '{"expectedVersion":1}', LEASE));
      assert.equal(await idempotency.complete(scope, key, token, kept, DAY), true);
      for (const fingerprint of ['{"expectedVersion":1}', "other"]) {
        assert.deepEqual(await idempotency.begin(scope, key, fingerprint, LEASE), {
          state: "done",
          fingerprint: '{"expectedVersion":1}',
          kept,
        });
      }
    });

    it("a kept problem comes back as it was: code, detail (any text) and a currentVersion of 2^53−1 exact", async () => {
      const { idempotency } = store();
      const { scope, key } = fresh();
      const conflict: KeptResult = {
        result: {
          ok: false,
          problem: {
            code: "version_conflict",
            detail: 'expectedVersion 1 is stale: "é" \\ \u2028 {x}',
            currentVersion: Number.MAX_SAFE_INTEGER,
          },
        },
        requestId: "req_2",
      };
      assert.equal(await idempotency.complete(scope, key, tokenOf(await idempotency.begin(scope, key, "fp", LEASE)), conflict, DAY), true);
      assert.deepEqual(await idempotency.begin(scope, key, "fp", LEASE), { state: "done", fingerprint: "fp", kept: conflict });
    });

    it("only the claim's token completes or releases it", async () => {
      const { idempotency } = store();
      const { scope, key } = fresh();
      const token = tokenOf(await idempotency.begin(scope, key, "fp", LEASE));
      assert.equal(await idempotency.complete(scope, key, "not-the-token", kept, DAY), false);
      await idempotency.release(scope, key, "not-the-token");
      assert.equal((await idempotency.begin(scope, key, "fp", LEASE)).state, "running");
      await idempotency.release(scope, key, token);
      tokenOf(await idempotency.begin(scope, key, "fp", LEASE));
    });

    it("a released key is free again; keys of different scopes never meet", async () => {
      const { idempotency } = store();
      const { scope, key } = fresh();
      await idempotency.release(scope, key, tokenOf(await idempotency.begin(scope, key, "fp", LEASE)));
      tokenOf(await idempotency.begin(scope, key, "fp", LEASE));
      tokenOf(await idempotency.begin(randomId("key"), key, "fp", LEASE));
    });

    it("a lease that runs out frees the key, and the old holder can no longer complete", async () => {
      const { idempotency } = store();
      const { scope, key } = fresh();
      const old = tokenOf(await idempotency.begin(scope, key, "fp", 60));
      await sleep(200);
      const next = tokenOf(await idempotency.begin(scope, key, "fp", LEASE));
      assert.equal(await idempotency.complete(scope, key, old, kept, DAY), false);
      assert.equal(await idempotency.complete(scope, key, next, kept, DAY), true);
    });

    it("a kept result expires after its ttl", async () => {
      const { idempotency } = store();
      const { scope, key } = fresh();
      assert.equal(await idempotency.complete(scope, key, tokenOf(await idempotency.begin(scope, key, "fp", LEASE)), kept, 60), true);
      await sleep(200);
      tokenOf(await idempotency.begin(scope, key, "fp", LEASE));
    });

    it("of 20 simultaneous begins for one key, exactly one claims it", async () => {
      const { idempotency } = store();
      const { scope, key } = fresh();
      const claims = await Promise.all(Array.from({ length: 20 }, () => idempotency.begin(scope, key, "fp", LEASE)));
      assert.equal(claims.filter((claim) => claim.state === "claimed").length, 1);
      assert.equal(claims.filter((claim) => claim.state === "running").length, 19);
    });
  });
}
