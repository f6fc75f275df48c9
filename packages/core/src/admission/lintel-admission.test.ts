// createLintel.admit over the in-core fake store: SPEC 2 order, one 401 for every bad key, budgets.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { callerA, keys, setup } from "../lintel.test-support.js";

describe("createLintel admit", () => {
  it("admits a valid key holding the scope, with its caller and key budget", async () => {
    const { lintel } = await setup();
    const outcome = await lintel.admit({ apiKey: keys.a, clientAddress: "10.0.0.1", scope: "locks:read" });
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.admission.caller, callerA);
    assert.equal(outcome.admission.budget.remaining, 4);
    assert.deepEqual(outcome.admission.budget.policy, { requests: 5, windowSeconds: 60 });
  });

  it("answers every bad key with the same 401 problem and no budget", async () => {
    const { lintel } = await setup();
    const bad = [
      undefined,
      "",
      "nonsense",
      keys.a.slice(0, -1) + (keys.a.endsWith("0") ? "1" : "0"),
      keys.unknown,
      keys.expired,
      keys.revoked,
    ];
    const answers = await Promise.all(bad.map((apiKey, i) => lintel.admit({ apiKey, clientAddress: `10.0.1.${i}`, scope: "locks:read" })));
    for (const answer of answers) {
      assert.equal(answer.ok, false);
      assert.deepEqual(answer, answers[0]);
    }
    assert.equal(answers[0]?.ok === false && answers[0].problem.code, "invalid_api_key");
  });

  it("refuses a malformed key without looking it up", async () => {
    const { lintel, lookups } = await setup();
    await lintel.admit({ apiKey: "lnt_" + "a".repeat(40), clientAddress: "10.0.2.1", scope: "locks:read" });
    await lintel.admit({ apiKey: undefined, clientAddress: "10.0.2.1", scope: "locks:read" });
    assert.equal(lookups.count, 0);
    await lintel.admit({ apiKey: keys.unknown, clientAddress: "10.0.2.1", scope: "locks:read" });
    assert.equal(lookups.count, 1);
  });

  it("after failedAuthLimit 401s an address gets 429 for a key not found good before (a valid one too), until the budget refills", async () => {
    const { lintel, advance, lookups } = await setup();
    for (let i = 0; i < 3; i++) {
      const outcome = await lintel.admit({ apiKey: "bad", clientAddress: "10.0.3.1", scope: "locks:read" });
      assert.equal(!outcome.ok && outcome.problem.code, "invalid_api_key");
    }
    // A key this instance has not found good yet is not even looked up (SPEC 2): the answer is
    // the address's 429, with no key budget spent or reported.
    const lookupsBefore = lookups.count;
    const blocked = await lintel.admit({ apiKey: keys.a, clientAddress: "10.0.3.1", scope: "locks:read" });
    assert.equal(lookups.count, lookupsBefore);
    assert.equal(blocked.ok, false);
    assert.ok(!blocked.ok && blocked.problem.code === "rate_limited" && (blocked.problem.retryAfterSeconds ?? 0) >= 1);
    assert.equal(!blocked.ok && blocked.budget, undefined);
    assert.ok(
      (await lintel.admit({ apiKey: keys.a, clientAddress: "10.0.3.2", scope: "locks:read" })).ok,
      "another address is not refused",
    );
    advance(61_000);
    assert.ok((await lintel.admit({ apiKey: keys.a, clientAddress: "10.0.3.1", scope: "locks:read" })).ok);
  });

  it("admitted requests do not spend the address budget", async () => {
    const { lintel } = await setup();
    for (let i = 0; i < 10; i++) assert.ok((await lintel.admit({ apiKey: keys.roomy, clientAddress: "10.0.4.1", scope: "locks:read" })).ok);
    const bad = await lintel.admit({ apiKey: "bad", clientAddress: "10.0.4.1", scope: "locks:read" });
    assert.equal(!bad.ok && bad.problem.code, "invalid_api_key");
  });

  it("a spent key budget answers 429 with the budget, before the scope is checked", async () => {
    const { lintel } = await setup();
    const ask = () => lintel.admit({ apiKey: keys.tight, clientAddress: "10.0.5.1", scope: "locks:read" });
    for (let i = 0; i < 2; i++) assert.equal(((await ask()) as { problem?: { code: string } }).problem?.code, "missing_scope");
    const spent = await ask();
    assert.ok(!spent.ok);
    assert.equal(spent.problem.code, "rate_limited");
    assert.ok((spent.problem.retryAfterSeconds ?? 0) >= 1);
    assert.equal(spent.budget?.allowed, false);
  });

  it("a key without the scope gets 403 naming the scope, with its budget", async () => {
    const { lintel } = await setup();
    const outcome = await lintel.admit({ apiKey: keys.templatesOnly, clientAddress: "10.0.6.1", scope: "units:write" });
    assert.ok(!outcome.ok);
    assert.equal(outcome.problem.code, "missing_scope");
    assert.match(outcome.problem.detail, /units:write/);
    assert.equal(outcome.budget?.allowed, true);
    assert.equal(outcome.budget?.remaining, 4);
  });

  it("an operation open to either of two scopes names both in its 403", async () => {
    const { lintel } = await setup();
    const outcome = await lintel.admit({
      apiKey: keys.templatesOnly,
      clientAddress: "10.0.7.1",
      scope: "units:read",
      alsoScope: "tours:read",
    });
    assert.ok(!outcome.ok);
    assert.equal(outcome.problem.code, "missing_scope");
    assert.match(outcome.problem.detail, /'units:read' or 'tours:read'/);
  });
});
