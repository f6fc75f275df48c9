// How the Redis client comes back after an outage: reconnect attempts back off, but never
// further apart than 1 s and never stop, so a Redis that is back is found within about a second.
import assert from "node:assert/strict";
import { test } from "node:test";
import { reconnectDelayMs } from "./client.js";

test("reconnect delays double from 100 ms and stay at 1 s, forever", () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 7].map((attempt) => reconnectDelayMs(attempt)),
    [100, 200, 400, 800, 1000, 1000, 1000],
  );
  assert.equal(reconnectDelayMs(10_000), 1000, "a long outage is still probed every second");
});
