// What an Idempotency-Key keeps (a use case's result, with the first request's id). And the
// bookkeeping around a request with a key never holds up or changes its answer when the store
// fails: a frozen store's release is not waited for after a store failure, and a result that
// was produced comes back even when the store cannot keep it.
import assert from "node:assert/strict";
import { createDataCipher, randomDataKey } from "@lintel/domain/adapters";
import { describe, it } from "node:test";
import { createIdempotency } from "./idempotency.js";
import { StoreUnavailableError, type IdempotencyStore, type KeptResult } from "../ports/ports.js";

const RESULT = { ok: true, value: { unit: {}, moved: 0 } } as const;
const REQUEST = { fingerprint: "f", requestId: "req_1" };

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
      const once = createIdempotency(store, () => undefined, createDataCipher([randomDataKey()]));
      const failure = new StoreUnavailableError();
      await assert.rejects(
        once("key_1", "k", REQUEST, () => Promise.reject(failure)),
        (error) => error === failure,
      );
      assert.deepEqual(calls, ["release"], "the release was still sent");
    },
  );

  it("any other failure during the run waits for the release, so a retry finds the key free", async () => {
    let released = false;
    const { store } = storeWith({ release: async () => void (released = true) });
    const once = createIdempotency(store, () => undefined, createDataCipher([randomDataKey()]));
    await assert.rejects(
      once("key_1", "k", REQUEST, () => Promise.reject(new TypeError("bug"))),
      TypeError,
    );
    assert.equal(released, true);
  });

  it("a result that was produced comes back when the store cannot keep it", async () => {
    const { store } = storeWith({ complete: () => Promise.reject(new StoreUnavailableError()) });
    const outcome = await createIdempotency(store, () => undefined, createDataCipher([randomDataKey()]))(
      "key_1",
      "k",
      REQUEST,
      async () => RESULT,
    );
    assert.deepEqual(outcome, { ok: true, result: RESULT, requestId: "req_1", replayed: false });
  });

  it("a bug while keeping the answer is not hidden", async () => {
    const { store } = storeWith({ complete: () => Promise.reject(new TypeError("bug")) });
    await assert.rejects(
      createIdempotency(store, () => undefined, createDataCipher([randomDataKey()]))("key_1", "k", REQUEST, async () => RESULT),
      TypeError,
    );
  });
});

describe("idempotency keeps use case results", () => {
  /** A one-key store over a variable, enough to see what is kept and what a retry gets. */
  function oneKeyStore() {
    let held: { fingerprint: string; token?: string; kept?: KeptResult } | undefined;
    const store: IdempotencyStore = {
      begin: async (_scope, _key, fingerprint) => {
        if (held?.kept !== undefined) return { state: "done", fingerprint: held.fingerprint, kept: held.kept };
        if (held !== undefined) return { state: "running", fingerprint: held.fingerprint };
        held = { fingerprint, token: "t" };
        return { state: "claimed", token: "t" };
      },
      complete: async (_scope, _key, _token, kept) => {
        held = { fingerprint: held?.fingerprint ?? "", kept };
        return true;
      },
      release: async () => void (held = undefined),
    };
    return { store, held: () => held };
  }

  it("a success and a version conflict are kept with the first request's id; a retry gets them without running", async () => {
    const conflict = { ok: false, problem: { code: "version_conflict", detail: "stale", currentVersion: 7 } } as const;
    for (const result of [RESULT, conflict]) {
      const { store, held } = oneKeyStore();
      const once = createIdempotency(store, () => undefined, createDataCipher([randomDataKey()]));
      assert.deepEqual(await once("key_1", "k", REQUEST, async () => result), { ok: true, result, requestId: "req_1", replayed: false });
      const kept = held()?.kept;
      assert.equal(kept?.requestId, "req_1");
      const sealed = kept !== undefined && "sealed" in kept.result ? kept.result.sealed : "";
      assert.match(sealed, /^enc1\./, "kept sealed: a kept answer may show a secret");
      assert.ok(!sealed.includes(JSON.stringify(result)));
      let ran = false;
      const retry = await once("key_1", "k", { ...REQUEST, requestId: "req_2" }, async () => {
        ran = true;
        return result;
      });
      assert.deepEqual(retry, { ok: true, result, requestId: "req_1", replayed: true });
      assert.equal(ran, false);
    }
  });

  it("any other problem frees the key: a retry runs again", async () => {
    const { store, held } = oneKeyStore();
    const once = createIdempotency(store, () => undefined, createDataCipher([randomDataKey()]));
    const missing = { ok: false, problem: { code: "not_found", detail: "No unit 'u'." } } as const;
    assert.deepEqual(await once("key_1", "k", REQUEST, async () => missing), {
      ok: true,
      result: missing,
      requestId: "req_1",
      replayed: false,
    });
    assert.equal(held(), undefined);
    assert.deepEqual(await once("key_1", "k", REQUEST, async () => RESULT), {
      ok: true,
      result: RESULT,
      requestId: "req_1",
      replayed: false,
    });
  });
});
