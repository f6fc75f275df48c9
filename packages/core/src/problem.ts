/**
 * How use cases answer: a value on success, a {@link Problem} (SPEC 4 code + safe detail) on
 * an expected failure. Thrown errors are bugs or store/provider outages, never a Problem.
 */
import type { InvalidParam, ProblemCode } from "@lintel/domain";

/** An expected failure of a use case; the HTTP adapter renders it as problem+json. */
export interface Problem {
  readonly code: ProblemCode;
  /** Safe to show the caller: never internal state, never another Org's data. */
  readonly detail: string;
  readonly invalidParams?: readonly InvalidParam[];
  /** For 429: whole seconds to wait (`Retry-After`). */
  readonly retryAfterSeconds?: number;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: Problem };

/** A successful result. */
export function succeed<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** A failed result with `code` and `detail` (plus optional extras). */
export function fail<T>(code: ProblemCode, detail: string, extras: Omit<Problem, "code" | "detail"> = {}): Result<T> {
  return { ok: false, problem: { code, detail, ...extras } };
}

/** The 404 for an unknown or foreign record: the same words whichever it is. */
export function notFound<T>(what: "unit" | "lock" | "template", id: string): Result<T> {
  return fail("not_found", `No ${what} '${id}'.`);
}
