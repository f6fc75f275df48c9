/** The locks read side: the org's active locks a page at a time, one lock, and its live state from its provider. */
import type { CursorCodec, Lock, LockState } from "@lintel/domain";
import { lockPosition } from "@lintel/domain/adapters";
import type { Caller } from "../admission/admission.js";
import type { LockDirectory } from "../ports/ports.js";
import { readPage, type PageQuery } from "../common/paging-use-case.js";
import { fail, notFound, succeed, type Result } from "../common/problem.js";
import type { LockStateReader } from "./lock-state-reader.js";
import { ProviderUnavailableError } from "./provider-failure.js";

/** The lock reads of the API. */
export interface LockReads {
  /** The caller's org's active locks, newest first (createdAt, then lockId, descending), a page at a time. */
  listLocks(caller: Caller, query: PageQuery): Promise<Result<{ locks: Lock[]; nextCursor: string | null }, "invalid_cursor">>;
  /** An active lock of the caller's org; an inactive or foreign one is `not_found`. */
  getLock(caller: Caller, lockId: string): Promise<Result<Lock, "not_found">>;
  /**
   * The lock's live state from its provider (answers reused 2 s, concurrent reads share a call); `unavailable` (with `providerFailure`: the provider and what happened)
   * when the provider failed or did not answer in time.
   */
  getLockState(caller: Caller, lockId: string): Promise<Result<LockState, "not_found" | "unavailable">>;
}

/** Builds the lock reads over `locks`, live states through `lockStates`. */
export function createLockReads(locks: LockDirectory, lockStates: LockStateReader, cursors: CursorCodec): LockReads {
  const lockList = { list: "locks", fetch: locks.listActive.bind(locks), positionOf: lockPosition } as const;
  return {
    async listLocks(caller, query) {
      const page = await readPage(cursors, lockList, caller.orgId, query);
      return page.ok ? succeed({ locks: page.value.rows, nextCursor: page.value.nextCursor }) : page;
    },
    async getLock(caller, lockId) {
      const lock = await locks.getActive(caller.orgId, lockId);
      return lock === null ? notFound("lock", lockId) : succeed(lock);
    },
    async getLockState(caller, lockId) {
      const lock = await locks.getActive(caller.orgId, lockId);
      if (lock === null) return notFound("lock", lockId);
      // The provider is not the store: it keeps its own timeout (LOCK_PROVIDER_TIMEOUT_MS).
      try {
        return succeed(await lockStates.read(lock));
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        const { failure } = error;
        // Only the operator can configure a provider: no Retry-After, no "retry".
        if (failure.reason === "not_configured") return fail("unavailable", error.message, { providerFailure: failure });
        return fail("unavailable", `${error.message} Retry shortly.`, {
          retryAfterSeconds: failure.retryAfterSeconds ?? 1,
          providerFailure: failure,
        });
      }
    },
  };
}
