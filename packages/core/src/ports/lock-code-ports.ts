/**
 * The ports of programming codes on locks. Every change of a code (a create, an update, a
 * delete, a set_timezone that moves it, a fixture's code loaded) writes the code's **work** in the
 * same atomic step as the change: what the lock's provider should hold for the code now. The
 * store keeps one work record per code: a newer change replaces the older one not yet sent, so
 * the provider receives the latest state and never an older one after a newer one.
 *
 * Work is leased like a webhook delivery (one attempt at a time per code across instances, a dead
 * instance's lease runs out and another takes it over) and made by the worker of
 * `lock-code-sync.js` through a {@link LockCodeProgrammer}. What the provider holds for a code
 * (its device and the provider's id of the code) is kept beside the work as its
 * {@link PlacedCode}, so an update finds the code and a delete removes it.
 */
import type { Lock } from "@lintel/domain";
import type { LintelEvent } from "@lintel/domain/adapters";
import type { LockSync } from "@lintel/domain/schemas";
import type { LeaseShare } from "./event-ports.js";

/** What the lock's provider should hold for one code, written with the change that asks for it. */
export interface CodeWork {
  /** This change's id: a newer change of the code writes work with another. */
  readonly workId: string;
  readonly orgId: string;
  readonly unitId: string;
  /** The code's id (its key is `code:<codeId>`). */
  readonly codeId: string;
  /** `put`: the code as described here is on its lock; `delete`: it is on no lock. */
  readonly op: "put" | "delete";
  readonly lockId: string;
  readonly name: string;
  /** The PIN, sealed under the data keys; empty for a code stored without one. */
  readonly code: string;
  readonly startAt: string;
  readonly endAt: string;
  /** Attempts made of this work so far. */
  readonly attempts: number;
  /** When the work is due (canonical UTC). */
  readonly nextAttemptAt: string;
  /** When the code's oldest change not yet made was written: the pending age counts from here. */
  readonly pendingSince: string;
  /** The booked tour that owns the code (absent: none): its `access.lockSync` follows a removal's outcome. */
  readonly tourId?: string | undefined;
}

/** The tour whose code `work` removes from its lock (a cancel's), or null: what a finished removal's `lockSync` is written to. */
export function tourCodeRemoval(work: Pick<CodeWork, "op" | "tourId">): string | null {
  return work.op === "delete" && work.tourId !== undefined ? work.tourId : null;
}

/** What a lock's provider holds for a code: where, and under which id of the provider's. */
export interface PlacedCode {
  readonly lockId: string;
  readonly provider: string;
  readonly providerDeviceId: string;
  /** The provider's id of the code (Seam's `access_code_id`). */
  readonly providerCodeId: string;
}

/** Work leased for one attempt: the work, what the provider holds for the code now, and the lease. */
export interface LeasedCodeWork {
  readonly work: CodeWork;
  readonly placed: PlacedCode | null;
  /** The lease's token: {@link LockCodeOutbox.finish} writes only while it holds. */
  readonly lease: string;
}

/**
 * What an attempt came to. `placed` is what the provider holds for the code after it (null: none),
 * written whatever else happens. Then, if the work was not replaced meanwhile: `done` ends the work
 * and sets the code's `lockSync` (a `put`'s; a deleted code has none) with its event, `retry`
 * keeps it for `nextAttemptAt`, `failed` ends it with `lockSync` failed and its event. Work
 * replaced meanwhile stays for its own attempt, due as written, and `lockSync` is left as it is.
 * The removal of a cancelled tour's code ({@link tourCodeRemoval}) sets the tour's
 * `access.lockSync` instead (`removed` or `failed`, with the event), in the same step, while the
 * tour names the code with its removal pending.
 */
export type CodeWorkOutcome =
  | { readonly kind: "done"; readonly placed: PlacedCode | null; readonly lockSync: LockSync | null; readonly event: LintelEvent | null }
  | { readonly kind: "retry"; readonly placed: PlacedCode | null; readonly nextAttemptAt: string }
  | { readonly kind: "failed"; readonly placed: PlacedCode | null; readonly lockSync: LockSync; readonly event: LintelEvent | null };

/** A code the provider holds, found by the provider's id of it. */
export interface PlacedCodeRef {
  readonly unitId: string;
  readonly codeId: string;
  /** True while work of the code is waiting or leased: the provider's word on an older state does not count. */
  readonly workPending: boolean;
}

/** The outbox of lock work, in the store (see the module comment). Exact across instances sharing the store. */
export interface LockCodeOutbox {
  /**
   * Leases up to `max` due work records (due at or before `nowMs`, not leased), of any org, for
   * `leaseMs`: another caller gets them again only once the lease ran out. With `share`, at most
   * `share.roomOf(orgId)` of an org and none of the lanes (lock ids) in `share.skipOf(orgId)`;
   * orgs are served in turn.
   */
  lease(nowMs: number, leaseMs: number, max: number, share?: LeaseShare): Promise<LeasedCodeWork[]>;
  /** Records the attempt's outcome (see {@link CodeWorkOutcome}) while the lease holds; false when it was lost. */
  finish(leased: LeasedCodeWork, outcome: CodeWorkOutcome): Promise<boolean>;
  /** Work waiting or leased, and when the oldest became pending (ms; null when none). */
  pending(): Promise<{ readonly count: number; readonly oldestPendingMs: number | null }>;
  /** The org's code that the provider holds under `providerCodeId`, or null. */
  placedCode(orgId: string, providerCodeId: string): Promise<PlacedCodeRef | null>;
  /**
   * The provider's own word on the code: sets its `lockSync` and stores `event` (if given) in one
   * step, only while no work of the code is pending and its stored status differs from
   * `lockSync.status`; false when nothing was written.
   */
  reportLockSync(orgId: string, unitId: string, codeId: string, lockSync: LockSync, event: LintelEvent | null): Promise<boolean>;
  /**
   * Sends a `failed` code to its lock again without changing the schedule: in one step, while the
   * unit is still at `unitVersion` (so the code is as `work` was made from) and the code
   * (`work.codeId`) is at the unit with its `lockSync` `failed`, sets its `lockSync` to `lockSync`
   * (pending) and writes `work` as a change of it would; no version, no event. False when nothing
   * was written (the unit moved on, the code is gone, or it is no longer failed).
   */
  resendCode(orgId: string, unitId: string, unitVersion: number, work: CodeWork, lockSync: LockSync): Promise<boolean>;
  /**
   * Rewrites every stored PIN of every org this store serves as `reseal` says (null: leave it):
   * the `code` of each code item and of each work record (a code stored without a PIN, empty, is
   * not visited). Each record in one atomic step that applies only while its PIN is still the one
   * read (a change meanwhile wins); answers how many records (items and work) changed. What
   * re-sealing PINs under a new first data key runs on, beside `WebhookStore.resealSecrets`.
   * With `pinTag` (the tag of a re-sealed PIN, given its new sealed text), a re-sealed code item
   * is filed under its new tag in the same step, so its old key can leave the ring.
   */
  resealPins(reseal: (sealed: string) => string | null, pinTag?: (sealed: string) => string): Promise<number>;
}

/** A code as the provider should hold it. */
export interface ProgrammedCode {
  readonly name: string;
  /** The PIN, in the clear (only ever sent to the provider). */
  readonly code: string;
  readonly startAt: string;
  readonly endAt: string;
}

/**
 * A smart-lock vendor's cloud, asked to write codes: beside {@link LockProvider} (which reads
 * states). Failures reject with `ProviderUnavailableError`, whose reason and message say which
 * provider and what happened (`device_unknown` from `update` or `remove` means the provider no
 * longer has the code).
 */
export interface LockCodeProgrammer {
  /** Puts a new code on the lock; answers the provider's id of it. */
  create(lock: Lock, code: ProgrammedCode, signal: AbortSignal): Promise<string>;
  /** Changes the code the provider holds under `placed.providerCodeId`. */
  update(placed: PlacedCode, code: ProgrammedCode, signal: AbortSignal): Promise<void>;
  /** Removes the code the provider holds under `placed.providerCodeId` (one already gone is not a failure). */
  remove(placed: PlacedCode, signal: AbortSignal): Promise<void>;
}
