/**
 * What Seam's client threw, as a {@link ProviderUnavailableError} that says what happened
 *. The client's errors carry the request (with the `Authorization` header) as their
 * cause, so nothing of them is kept but the status, the Seam error type and request id, and a
 * `Retry-After`: never the error object itself.
 */
import { isSeamHttpApiError, isSeamHttpUnauthorizedError } from "@seamapi/http";
import { ProviderUnavailableError } from "@lintel/core";
import type { ProviderFailure } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";

/**
 * What Lintel asked Seam about: a lock (reading its state, putting a code on it), or an access
 * code Seam holds on a lock's device (changing or removing it).
 */
export interface SeamSubject extends Pick<Lock, "provider" | "providerDeviceId"> {
  /** Seam's `access_code_id`, when the request was about an access code Seam holds. */
  readonly providerCodeId?: string | undefined;
}

/** The parts of an axios error (Seam's client is axios) that are safe to read. */
interface HttpFailure {
  readonly response?: { readonly status?: unknown; readonly headers?: unknown };
}

const TIMEOUT_CODES = new Set(["ECONNABORTED", "ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT"]);

/** The most specific error code in the cause chain (`ECONNREFUSED` under axios' `ERR_NETWORK`). */
function transportCodeOf(error: unknown): string | undefined {
  let code: string | undefined;
  for (let at = error, depth = 0; typeof at === "object" && at !== null && depth < 6; depth++) {
    const own = (at as { code?: unknown }).code;
    if (typeof own === "string" && /^[A-Z][A-Z0-9_]*$/.test(own)) code = own;
    at = (at as { cause?: unknown }).cause;
  }
  return code;
}

function httpFailureOf(error: unknown): HttpFailure | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if ((error as { isAxiosError?: unknown }).isAxiosError === true) return error as HttpFailure;
  return "cause" in error ? httpFailureOf(error.cause) : undefined;
}

/** Seconds from a `Retry-After` header (delta-seconds or an HTTP date), if there is a usable one. */
export function retryAfterSeconds(value: unknown, nowMs: number): number | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - nowMs) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

function retryAfterOf(error: unknown, nowMs: number): number | undefined {
  const headers = httpFailureOf(error)?.response?.headers;
  if (typeof headers !== "object" || headers === null) return undefined;
  return retryAfterSeconds((headers as Record<string, unknown>)["retry-after"], nowMs);
}

function statusOf(error: unknown): number | undefined {
  if (isSeamHttpApiError(error)) return error.statusCode;
  const status = httpFailureOf(error)?.response?.status;
  return typeof status === "number" ? status : undefined;
}

const timedOut = (timeoutMs: number): Omit<ProviderFailure, "provider"> => ({
  reason: "timeout",
  what: `(through Seam) did not answer within ${timeoutMs} ms.`,
});

function failureOf(error: unknown, subject: SeamSubject, timeoutMs: number, nowMs: number): Omit<ProviderFailure, "provider"> {
  if (isSeamHttpUnauthorizedError(error)) {
    return { reason: "credentials_refused", what: "(through Seam) refused the credentials: Seam answered 401 to SEAM_API_KEY." };
  }
  const status = statusOf(error);
  const seamRequest = isSeamHttpApiError(error) && error.requestId !== "" ? ` (Seam request ${error.requestId})` : "";
  if (status === 404 || (isSeamHttpApiError(error) && error.code === "device_not_found")) {
    const unknown =
      subject.providerCodeId === undefined
        ? `device "${subject.providerDeviceId}"`
        : `access code "${subject.providerCodeId}" on device "${subject.providerDeviceId}"`;
    return { reason: "device_unknown", what: `(through Seam) does not know ${unknown}${seamRequest}.` };
  }
  if (status === 429) {
    const retryAfter = retryAfterOf(error, nowMs);
    const wait = retryAfter === undefined ? "" : `; Seam asks to retry after ${retryAfter} s`;
    return { reason: "rate_limited", what: `(through Seam) rate-limited Lintel's requests${wait}.`, retryAfterSeconds: retryAfter };
  }
  if (status !== undefined) {
    const type = isSeamHttpApiError(error) ? ` ${error.code}` : "";
    return { reason: "failed", what: `(through Seam) failed: Seam answered HTTP ${status}${type}${seamRequest}.` };
  }
  const code = transportCodeOf(error);
  if (code !== undefined && TIMEOUT_CODES.has(code)) return timedOut(timeoutMs);
  return { reason: "failed", what: `(through Seam) failed: Seam could not be reached${code === undefined ? "" : ` (${code})`}.` };
}

/**
 * `error`, thrown by Seam's client while asking about `subject` (a lock, or an access code on
 * one), as the error Lintel answers 503 with. A 404 is `device_unknown` (for an access code:
 * Seam no longer has it).
 */
export function seamFailure(error: unknown, subject: SeamSubject, timeoutMs: number, nowMs: number): ProviderUnavailableError {
  return new ProviderUnavailableError({ provider: subject.provider, ...failureOf(error, subject, timeoutMs, nowMs) });
}

/** Seam did not answer about `subject` within `timeoutMs`: the `timeout` failure, worded as any other. */
export function seamTimeout(subject: SeamSubject, timeoutMs: number): ProviderUnavailableError {
  return new ProviderUnavailableError({ provider: subject.provider, ...timedOut(timeoutMs) });
}
