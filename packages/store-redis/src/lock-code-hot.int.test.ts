// Which orgs a Redis lock code outbox leases from (outboxes/lock-code-outbox.ts): work written through
// this store is leased at once; work another instance wrote is found within FULL_LOOK_MS (every
// org is looked at once in that period, a slice at each lease); an org found with pending work
// stays looked at until its work is done, and `pending` counts it. Two stores of one group on the
// test Redis stand for two instances.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { aCode, NOW, seedLocks, workOf, writeCode } from "@lintel/testkit";
import { FULL_LOOK_MS } from "./outboxes/lock-code-outbox.js";
import { groupStore, useTestRedis } from "./redis.test-support.js";

describe("Redis lock code outbox: the orgs a lease looks at", () => {
  const redis = useTestRedis();

  it("this store's writes are leased at once; another store's are found within FULL_LOOK_MS", async () => {
    const group = `hot-${randomBytes(4).toString("hex")}`;
    const a = groupStore(redis(), group);
    const b = groupStore(redis(), group);
    const { orgId, unit, locks } = await seedLocks(a);
    assert.deepEqual(await b.lockCodes.lease(NOW, 30_000, 10), [], "B's first (full) look: nothing pending yet");

    /** A new code of the org written through A, then the codes `store` leases at `atMs`. */
    const writtenThenLeased = async (store: typeof a, atMs: number) => {
      const code = aCode(unit, locks[0]!);
      await writeCode(a, orgId, code, workOf(orgId, code));
      const leased = await store.lockCodes.lease(atMs, 30_000, 10);
      return { ids: leased.map((one) => one.work.codeId), expected: [code.id] };
    };
    const byA = await writtenThenLeased(a, NOW + 1_000);
    assert.deepEqual(byA.ids, byA.expected, "A wrote it: leased at once");
    const byB = await writtenThenLeased(b, NOW + 1_000 + FULL_LOOK_MS);
    assert.deepEqual(byB.ids, byB.expected, "B has looked at every org again: found");
    const again = await writtenThenLeased(b, NOW + 2_000 + FULL_LOOK_MS);
    assert.deepEqual(again.ids, again.expected, "an org with pending work stays looked at");
    assert.equal((await b.lockCodes.pending()).count, 3, "B counts the org's pending work (three codes, leased)");
  });
});
