/**
 * What went wrong when a lock provider was asked for a lock's live state. Every
 * failure is answered 503 `unavailable`, and its message is the problem's `detail`: it names
 * the provider and what happened, and never holds a credential.
 */

/** The kinds of provider failure a 503's detail tells apart (timed out, refused the credentials, unknown device, rate-limited, failed, not configured). */
export type ProviderFailureReason =
  | "timeout" // no answer within LOCK_PROVIDER_TIMEOUT_MS
  | "credentials_refused" // the provider refused our credentials
  | "device_unknown" // the provider does not know the lock's providerDeviceId
  | "rate_limited" // the provider rate-limited us
  | "failed" // any other provider error
  | "not_configured"; // nothing is configured to reach this provider

/** Which lock provider failed and how, for a 503 whose detail says so. */
export interface ProviderFailure {
  /** The lock's `provider` (e.g. `august`, `simulated`). */
  readonly provider: string;
  readonly reason: ProviderFailureReason;
  /** Completes `Lock provider "<provider>" …`, e.g. `did not answer within 3000 ms.` */
  readonly what: string;
  /** The provider's own `Retry-After`, in seconds, when it sent one. */
  readonly retryAfterSeconds?: number | undefined;
}

/** The lock provider could not answer; answered 503 `unavailable` with {@link message} as detail. */
export class ProviderUnavailableError extends Error {
  override readonly name = "ProviderUnavailableError";
  readonly code = "unavailable";
  readonly provider: string;
  readonly reason: ProviderFailureReason;
  readonly retryAfterSeconds: number | undefined;
  /** The whole failure, as the lock-state use case returns it. */
  readonly failure: ProviderFailure;

  constructor(failure: ProviderFailure, options?: ErrorOptions) {
    super(`Lock provider "${failure.provider}" ${failure.what}`, options);
    this.failure = failure;
    this.provider = failure.provider;
    this.reason = failure.reason;
    this.retryAfterSeconds = failure.retryAfterSeconds;
  }
}
