/**
 * How use cases answer: a value on success, a {@link Problem} (the contract code + safe detail) on
 * an expected failure. Each use case names the codes it can answer (`Result<T, C>`), so an
 * adapter that declares more — or fewer — does not compile. Thrown errors are bugs or store
 * outages, never a Problem.
 */
import type { InvalidParam, ProblemCode } from "@lintel/domain";
import { echo } from "@lintel/domain/adapters";
import type { ProviderFailure } from "../locks/provider-failure.js";

/** An expected failure of a use case; the HTTP adapter renders it as problem+json. */
export interface Problem<C extends ProblemCode = ProblemCode> {
  readonly code: C;
  /** Safe to show the caller: never internal state, never another Org's data. */
  readonly detail: string;
  readonly invalidParams?: readonly InvalidParam[];
  /** For 429, 503 and 409 `idempotency_in_progress`: whole seconds to wait (`Retry-After`). */
  readonly retryAfterSeconds?: number;
  /** For 409 `version_conflict`: the unit's version now. */
  readonly currentVersion?: number;
  /** For a 503 from a lock provider: which provider, and what happened. */
  readonly providerFailure?: ProviderFailure;
}

/** An expected failure with one of the codes `C`. */
export interface Failure<C extends ProblemCode = ProblemCode> {
  readonly ok: false;
  readonly problem: Problem<C>;
}

/** A use case's value. */
export interface Success<T> {
  readonly ok: true;
  readonly value: T;
}

/** A use case's answer: `T`, or a problem whose code is one of `C`. */
export type Result<T, C extends ProblemCode = ProblemCode> = Success<T> | Failure<C>;

/** A successful result. */
export function succeed<T>(value: T): Success<T> {
  return { ok: true, value };
}

/** A failed result with `code` and `detail` (plus optional extras). */
export function fail<C extends ProblemCode>(code: C, detail: string, extras: Omit<Problem, "code" | "detail"> = {}): Failure<C> {
  return { ok: false, problem: { code, detail, ...extras } };
}

/** The 404 for an unknown or foreign record: the same words whichever it is. */
export function notFound(what: "unit" | "lock" | "template", id: string): Failure<"not_found"> {
  return fail("not_found", `No ${what} '${echo(id)}'.`); // the id is the client's: quoted to 100 characters
}
