// The background reads that learn locks' code rules: only active, non-simulated locks, one
// pending read per lock, a failed read tried again on the schedule, never when no provider is
// configured, and nothing after stop().
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, it } from "node:test";
import type { Lock, LockState } from "@lintel/domain";
import { createCodeRulesLearner } from "./code-rules-learner.js";
import { ProviderUnavailableError } from "./provider-failure.js";

const lock = (lockId: string, over: Partial<Lock> = {}): Lock => ({
  lockId,
  orgId: "org_1",
  name: lockId,
  provider: "august",
  providerDeviceId: `dev_${lockId}`,
  model: null,
  timeZone: null,
  unitIds: [],
  status: "active",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

/** A reader that records each read and answers with `answer(lock, nth read of it)`. */
function reader(answer: (lock: Lock, nth: number) => Promise<void>) {
  const reads: string[] = [];
  return {
    reads,
    read: async (read: Lock) => {
      reads.push(read.lockId);
      await answer(read, reads.filter((id) => id === read.lockId).length);
      return {} as LockState;
    },
  };
}

const settle = () => sleep(30);

describe("code rules learner", () => {
  it("reads each active, non-simulated lock once, however often it is asked while the read is pending", async () => {
    const states = reader(() => sleep(10));
    const learner = createCodeRulesLearner(states);
    learner.learn([lock("a"), lock("b", { provider: "simulated" }), lock("c", { status: "inactive" }), lock("a")]);
    learner.learn([lock("a")]);
    await settle();
    assert.deepEqual(states.reads, ["a"]);
    learner.learn([lock("a")]); // done: a later load or update reads it again
    await settle();
    assert.deepEqual(states.reads, ["a", "a"]);
    learner.stop();
  });

  it("a failed read is tried again on the schedule until it succeeds; none past the schedule", async () => {
    const failing = new ProviderUnavailableError({ provider: "august", reason: "timeout", what: "did not answer." });
    const states = reader(async (read, nth) => {
      if (read.lockId === "late" && nth < 3) throw failing;
      if (read.lockId === "never") throw failing;
    });
    const learner = createCodeRulesLearner(states, [5, 5, 5]);
    learner.learn([lock("late"), lock("never")]);
    await sleep(120);
    assert.equal(states.reads.filter((id) => id === "late").length, 3, "two failures, then the read that succeeds");
    assert.equal(states.reads.filter((id) => id === "never").length, 4, "the first read and three retries");
    learner.stop();
  });

  it("no retry when no provider is configured, and nothing after stop()", async () => {
    const unconfigured = new ProviderUnavailableError({ provider: "august", reason: "not_configured", what: "is not set." });
    const states = reader(async () => {
      throw unconfigured;
    });
    const learner = createCodeRulesLearner(states, [5, 5]);
    learner.learn([lock("a")]);
    await sleep(60);
    assert.deepEqual(states.reads, ["a"]);
    learner.stop();
    learner.learn([lock("b")]);
    await settle();
    assert.deepEqual(states.reads, ["a"]);
  });

  it("relearn: each lock given is read again once a period while this instance claims it; not once made inactive (here or elsewhere), nor after stop()", async () => {
    const states = reader(async () => {});
    const claims: string[] = [];
    let mine = true;
    const gone = new Set<string>();
    const learner = createCodeRulesLearner(states, [5], {
      everyMs: 20,
      claim: async (claimed) => {
        claims.push(claimed.lockId);
        if (gone.has(claimed.lockId)) return null;
        return mine ? claimed : "elsewhere";
      },
    });
    learner.learn([lock("a"), lock("b"), lock("s", { provider: "simulated" })]);
    await sleep(70);
    assert.ok(states.reads.filter((id) => id === "a").length >= 2, states.reads.join());
    assert.ok(!claims.includes("s"));
    learner.learn([lock("b", { status: "inactive" })]);
    gone.add("a"); // made inactive through another instance: its claim finds it so and drops it
    await sleep(50);
    const aClaims = claims.filter((id) => id === "a").length;
    gone.delete("a");
    await sleep(50);
    assert.equal(claims.filter((id) => id === "a").length, aClaims, "a lock found gone is claimed no more");
    learner.learn([lock("a")]);
    mine = false; // another instance reads them this period
    await settle();
    const reads = states.reads.length;
    await sleep(60);
    assert.equal(states.reads.length, reads, "claimed elsewhere: not read here");
    assert.ok(claims.filter((id) => id === "a").length > claims.filter((id) => id === "b").length, "b made inactive is claimed no more");
    learner.stop();
    const claimed = claims.length;
    await sleep(60);
    assert.equal(claims.length, claimed);
  });
});
