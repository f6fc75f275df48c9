// The pacing of a failing endpoint's lane: the times it serves, and the rest a failure asks for.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { endpointLaneRest } from "./webhook-dispatcher.js";
import { laneFinished, laneLeased, laneTakes, pacedTimes, type EndpointLane } from "./webhook-lanes.js";

const lane = (over: Partial<EndpointLane> = {}): EndpointLane => ({ failures: 1, freeAtMs: 1_000, nextAtMs: 1_000, paceMs: 500, ...over });

describe("webhook lanes", () => {
  it("pacedTimes: each is the latest of its due time, now (the first), the lane's next attempt (the first) and a pace after the one before", () => {
    let seed = 7;
    const next = (below: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % below; // a fixed sequence: the same cases every run
    for (let run = 0; run < 500; run++) {
      const dues = Array.from({ length: next(30) }, () => next(100_000)).sort((a, b) => a - b);
      const [nowMs, nextAtMs, paceMs] = [next(100_000), next(100_000), next(60_000)];
      const times = pacedTimes(dues, lane({ nextAtMs, paceMs }), nowMs);
      assert.equal(times.length, dues.length);
      for (const [i, at] of times.entries()) {
        const floor = i === 0 ? Math.max(nowMs, nextAtMs) : (times[i - 1] as number) + paceMs;
        assert.equal(at, Math.max(dues[i] as number, floor));
        assert.ok(at >= nowMs, "never before now");
      }
    }
  });

  it("a backlog that fell due is taken a pace apart from the lane's next attempt; a later due time is waited for", () => {
    assert.deepEqual(pacedTimes([0, 0, 10, 5_000], lane(), 200), [1_000, 1_500, 2_000, 5_000]);
    assert.deepEqual(pacedTimes([0, 0], lane(), 3_000), [3_000, 3_500], "a lane that could have gone: now");
  });

  it("a lane: free at its freeAt, held by a lease, rested by a failure with a rest, ended by anything else", () => {
    assert.equal(laneTakes(undefined, 0), true);
    assert.equal(laneTakes(lane(), 999), false);
    assert.equal(laneTakes(lane(), 1_000), true);
    assert.equal(laneLeased(undefined, 2_000, 20_000), undefined, "a sound endpoint has no lane to hold");
    assert.deepEqual(laneLeased(lane(), 2_000, 20_000), lane({ freeAtMs: 22_000, nextAtMs: 2_500 }));
    const at = new Date(3_000).toISOString();
    const retry = { at, responseStatus: 500, error: "HTTP 500", result: { kind: "retry", nextAttemptAt: at } } as const;
    assert.deepEqual(laneFinished(lane(), { ...retry, rest: { ms: 700, paceMs: 800 } }), {
      failures: 2,
      freeAtMs: 3_700,
      nextAtMs: 3_700,
      paceMs: 800,
    });
    assert.deepEqual(laneFinished(undefined, { ...retry, rest: { ms: 700, paceMs: 800 } })?.failures, 1);
    assert.equal(laneFinished(lane(), retry), undefined, "a failure without a rest");
    assert.equal(laneFinished(lane(), { ...retry, result: { kind: "delivered" }, rest: { ms: 700, paceMs: 800 } }), undefined);
  });

  it("endpointLaneRest: the rest of one more failure; a pace of as long an attempt and the next rest", () => {
    const noJitter = () => 0;
    assert.deepEqual(endpointLaneRest(0, 40, [5, 300], noJitter), { ms: 5_000, paceMs: 40 + 60_000 });
    assert.deepEqual(
      endpointLaneRest(3, 15_000, [1], noJitter),
      { ms: 1_000, paceMs: 15_000 + 1_050 },
      "the next rest's jitter at its middle",
    );
  });
});
