/**
 * Seam's official client as both Seam adapters build it: the key, SEAM_ENDPOINT, a per-attempt
 * timeout, and the caller's AbortSignal, so that giving up stops the request and any retry of it.
 */
import { SeamHttp, type SeamHttpOptionsWithApiKey } from "@seamapi/http";

/** How to reach Seam. */
export interface SeamConnection {
  /** SEAM_API_KEY. Never logged, never part of an error. */
  readonly apiKey: string;
  /** SEAM_ENDPOINT; Seam's own when absent. */
  readonly endpoint?: string | undefined;
}

type RetryCondition = NonNullable<NonNullable<SeamHttpOptionsWithApiKey["axiosRetryOptions"]>["retryCondition"]>;

/** Transport errors and 5xx are worth another try within the deadline; a 429 or a 4xx is not. */
const retryable: RetryCondition = (error) => {
  if (error.code === "ERR_CANCELED") return false;
  const status = error.response?.status;
  return status === undefined || status >= 500;
};

/**
 * A client bound to `signal`. `retries` attempts more are made after a transport error or a 5xx
 * (never after a 429: Seam's Retry-After is passed on to the caller instead).
 */
export function seamClient(
  connection: SeamConnection,
  options: { readonly timeoutMs: number; readonly signal: AbortSignal; readonly retries: number },
): SeamHttp {
  return SeamHttp.fromApiKey(connection.apiKey, {
    ...(connection.endpoint === undefined ? {} : { endpoint: connection.endpoint }),
    timeout: options.timeoutMs,
    axiosOptions: { signal: options.signal },
    axiosRetryOptions: { retries: options.retries, retryCondition: retryable },
  });
}
