/**
 * Safe retries (SPEC 5.2, the IETF Idempotency-Key draft as Stripe behaves): the first request
 * with a key runs and, when its answer is one to keep (200 or 409), the answer is stored with
 * the request's fingerprint for 24 h. The same key with the same fingerprint gets that answer
 * again; with another fingerprint, 422 `idempotency_key_reused`; while the first still runs,
 * 409 `idempotency_in_progress`. Any other answer (400, 401, 403, 429, 503, a thrown error)
 * frees the key, so it may be retried.
 *
 * Nothing is applied twice even past the lease: a request that claims a key after a crashed
 * holder's lease ran out meets set_timezone's version check, and its 409 says `currentVersion`.
 */
import { StoreUnavailableError, type IdempotencyStore, type StoredAnswer } from "./ports.js";
import type { Failure } from "./problem.js";
import type { StoreRace } from "./request-stores.js";

/** How long answers are kept: 24 h, so a retry within a day gets the first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** How long a running first request holds its key before a crash is assumed. */
export const IDEMPOTENCY_LEASE_MS = 60_000;

/** What the guarded request produced, and whether its answer is one to keep. */
export interface GuardedAnswer {
  readonly answer: StoredAnswer;
  readonly keep: boolean;
}

/** The problems a request guarded by an Idempotency-Key can answer besides its own. */
export type IdempotencyCode = "idempotency_key_reused" | "idempotency_in_progress";

/** What an idempotent run answered: the kept answer (`replayed` when an earlier request made it), or why it could not run. */
export type IdempotentOutcome = { readonly ok: true; readonly answer: StoredAnswer; readonly replayed: boolean } | Failure<IdempotencyCode>;

/**
 * The request has run (its change is made): a store that cannot take the bookkeeping now does
 * not turn that answer into a 503. The key stays claimed until its lease ends; a retry meanwhile
 * gets `idempotency_in_progress`, one after it meets the version check. Anything else is a bug.
 */
function unlessUnavailable(error: unknown): void {
  if (!(error instanceof StoreUnavailableError)) throw error;
}

/** Without a request deadline (an embedder's memory store) a call simply runs. */
const unbounded: StoreRace = (call) => call();

/**
 * Runs requests at most once per (scope, key); see the module comment. `within` is the request's
 * store deadline: the claim is made within it; the bookkeeping after the answer is always sent
 * (so it is given the store itself, not the request's view) but awaited only within it.
 */
export function createIdempotency(store: IdempotencyStore) {
  return async function once(
    scope: string,
    key: string,
    fingerprint: string,
    run: () => Promise<GuardedAnswer>,
    within: StoreRace = unbounded,
  ): Promise<IdempotentOutcome> {
    const claim = await within(() => store.begin(scope, key, fingerprint, IDEMPOTENCY_LEASE_MS));
    if (claim.state !== "claimed" && claim.fingerprint !== fingerprint) {
      return {
        ok: false,
        problem: {
          code: "idempotency_key_reused",
          detail: "This Idempotency-Key was used with a different request body. Use a new key for a new request.",
        },
      };
    }
    if (claim.state === "running") {
      return {
        ok: false,
        problem: {
          code: "idempotency_in_progress",
          detail: "The first request with this Idempotency-Key is still running. Retry shortly for its answer.",
          retryAfterSeconds: 1,
        },
      };
    }
    if (claim.state === "done") return { ok: true, answer: claim.answer, replayed: true };

    let guarded: GuardedAnswer;
    try {
      guarded = await run();
    } catch (error) {
      const releasing = store.release(scope, key, claim.token).catch(() => undefined); // the lease frees it anyway
      // A store that just failed (a frozen Redis) would hold the 503 for another command timeout.
      if (!(error instanceof StoreUnavailableError)) await within(() => releasing).catch(() => undefined);
      throw error;
    }
    // Always sent, but awaited only until the request's deadline: past it the answer goes out and
    // the bookkeeping finishes (or not) on its own, as when the store fails.
    const keeping: Promise<unknown> = guarded.keep
      ? store.complete(scope, key, claim.token, guarded.answer, IDEMPOTENCY_TTL_MS)
      : store.release(scope, key, claim.token);
    keeping.catch(() => undefined); // awaited below unless the deadline has passed
    await within(() => keeping).then(() => undefined, unlessUnavailable);
    return { ok: true, answer: guarded.answer, replayed: false };
  };
}
