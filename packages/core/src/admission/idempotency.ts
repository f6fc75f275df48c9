/**
 * Safe retries (the IETF Idempotency-Key draft as Stripe behaves): the first request
 * with a key runs its use case and, when the result is one to keep (a success or a version
 * conflict), the result is stored with the request's fingerprint and id for 24 h (both sealed
 * under the data keys: a request's body may hold a PIN). The same key
 * with the same fingerprint gets that result again (the adapter renders it as it rendered the
 * first); with another fingerprint, 422 `idempotency_key_reused`; while the first still runs,
 * 409 `idempotency_in_progress`. Any other result or a thrown error frees the key, so it may be
 * retried.
 *
 * Nothing is applied twice even past the lease: a request that claims a key after a crashed
 * holder's lease ran out meets set_timezone's version check, and its 409 says `currentVersion`.
 */
import { StoreUnavailableError, type IdempotencyStore, type KeptResult } from "../ports/ports.js";
import type { Failure, Result } from "../common/problem.js";
import type { StoreRace } from "./request-stores.js";
import type { DataCipher } from "@lintel/domain/adapters";

/** How long answers are kept: 24 h, so a retry within a day gets the first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** How long a running first request holds its key before a crash is assumed. */
export const IDEMPOTENCY_LEASE_MS = 60_000;

/** Which request is guarded: its body's fingerprint (the same request sends the same) and its id. */
export interface IdempotentRequest {
  readonly fingerprint: string;
  readonly requestId: string;
}

/** The problems a request guarded by an Idempotency-Key can answer besides its own. */
export type IdempotencyCode = "idempotency_key_reused" | "idempotency_in_progress";

/**
 * What an idempotent run answered: the use case's result and the id of the request that ran it
 * (`replayed` when that was an earlier request), or why it could not run.
 */
export type IdempotentOutcome<R> =
  { readonly ok: true; readonly result: R; readonly requestId: string; readonly replayed: boolean } | Failure<IdempotencyCode>;

/**
 * A result a retry gets again: a success, or a 409 (a version conflict or a conflict with other
 * records, judged against the store as it was, so running the same request again would only
 * conflict again). Any other problem (a bad parameter, an unknown unit) frees the key.
 */
export function isKept(result: Result<unknown>): boolean {
  return result.ok || result.problem.code === "version_conflict" || result.problem.code === "conflict";
}

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
 * Runs requests at most once per (scope, key); see the module comment. `deadline` says the store
 * deadline of the request running now (none outside a request): the claim is made within it; the
 * bookkeeping after the answer is always sent (so it is given the store itself, not the
 * request's view) but awaited only within it.
 */
export function createIdempotency(store: IdempotencyStore, deadline: () => StoreRace | undefined, cipher: DataCipher) {
  /** The kept result as the use case answered it: opened when sealed (a store written before data keys holds it plain). */
  const openKept = (kept: KeptResult["result"]): unknown => ("sealed" in kept ? JSON.parse(cipher.open(kept.sealed)) : kept);
  return async function once<R extends Result<unknown>>(
    scope: string,
    key: string,
    { fingerprint, requestId }: IdempotentRequest,
    run: () => Promise<R>,
  ): Promise<IdempotentOutcome<R>> {
    const within = deadline() ?? unbounded;
    // The fingerprint holds the request's body (a code's PIN, say): stored sealed like the kept
    // result, compared opened (one stored before data keys opens as itself).
    const claim = await within(() => store.begin(scope, key, cipher.seal(fingerprint), IDEMPOTENCY_LEASE_MS));
    if (claim.state !== "claimed" && cipher.open(claim.fingerprint) !== fingerprint) {
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
    if (claim.state === "done") {
      // The same fingerprint under the same key: the kept result is this use case's (as JSON data).
      return { ok: true, result: openKept(claim.kept.result) as R, requestId: claim.kept.requestId, replayed: true };
    }

    let result: R;
    try {
      result = await run();
    } catch (error) {
      const releasing = store.release(scope, key, claim.token).catch(() => undefined); // the lease frees it anyway
      // A store that just failed (a frozen Redis) would hold the 503 for another command timeout.
      if (!(error instanceof StoreUnavailableError)) await within(() => releasing).catch(() => undefined);
      throw error;
    }
    // Always sent, but awaited only until the request's deadline: past it the answer goes out and
    // the bookkeeping finishes (or not) on its own, as when the store fails.
    const keeping: Promise<unknown> = isKept(result)
      ? store.complete(scope, key, claim.token, { result: { sealed: cipher.seal(JSON.stringify(result)) }, requestId }, IDEMPOTENCY_TTL_MS)
      : store.release(scope, key, claim.token);
    keeping.catch(() => undefined); // awaited below unless the deadline has passed
    await within(() => keeping).then(() => undefined, unlessUnavailable);
    return { ok: true, result, requestId, replayed: false };
  };
}
