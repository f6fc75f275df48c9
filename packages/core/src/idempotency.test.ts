// The bookkeeping around a request with an Idempotency-Key never holds up or changes its answer
// when the store fails: a frozen store's release is not waited for after a store failure, and
// an answer that was produced comes back even when the store cannot keep it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createIdempotency } from "./idempotency.js";
import { StoreUnavailableError, type IdempotencyStore } from "./ports.js";

const ANSWER = { status: 200, body: '{"unit":{}}' };

/** A store that claims every key; `release` and `complete` behave as given. */
function storeWith(parts: Partial<Pick<IdempotencyStore, "release" | "complete">>) {
  const calls: string[] = [];
  const store: IdempotencyStore = {
    begin: async () => ({ state: "claimed", token: "t" }),
    complete: parts.complete ?? (async () => true),
    release: async (...args) => {
      calls.push("release");
      await parts.release?.(...args);
    },
  };
  return { store, calls };
}

const never = () => new Promise<never>(() => undefined);

describe("idempotency bookkeeping when the store fails", () => {
  it(
    "a store failure during the run is answered without waiting for the release (a frozen store never takes it)",
    { timeout: 5000 },
    async () => {
      const { store, calls } = storeWith({ release: never });
      const once = createIdempotency(store);
      const failure = new StoreUnavailableError();
      await assert.rejects(
        once("key_1", "k", "f", () => Promise.reject(failure)),
        (error) => error === failure,
      );
      assert.deepEqual(calls, ["release"], "the release was still sent");
    },
  );

  it("any other failure during the run waits for the release, so a retry finds the key free", async () => {
    let released = false;
    const { store } = storeWith({ release: async () => void (released = true) });
    const once = createIdempotency(store);
    await assert.rejects(
      once("key_1", "k", "f", () => Promise.reject(new TypeError("bug"))),
      TypeError,
    );
    assert.equal(released, true);
  });

  it("an answer that was produced comes back when the store cannot keep it", async () => {
    const { store } = storeWith({ complete: () => Promise.reject(new StoreUnavailableError()) });
    const outcome = await createIdempotency(store)("key_1", "k", "f", async () => ({ answer: ANSWER, keep: true }));
    assert.deepEqual(outcome, { ok: true, answer: ANSWER, replayed: false });
  });

  it("a bug while keeping the answer is not hidden", async () => {
    const { store } = storeWith({ complete: () => Promise.reject(new TypeError("bug")) });
    await assert.rejects(
      createIdempotency(store)("key_1", "k", "f", async () => ({ answer: ANSWER, keep: true })),
      TypeError,
    );
  });
});
