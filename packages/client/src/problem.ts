/**
 * `LintelProblem`: what the client throws for every error answer of the API (the contract's
 * problem+json), with the fields an integrator branches on.
 */

export interface InvalidParam {
  readonly name: string;
  readonly reason: string;
}

/** An error answer of the Lintel API. */
export class LintelProblem extends Error {
  override readonly name = "LintelProblem";
  /** The problem code (`rate_limited`, `not_found`, …); `unexpected_response` when the body was not a problem. */
  readonly code: string;
  readonly status: number;
  /** Quote it to support; also the answer's `x-request-id`. */
  readonly requestId: string | undefined;
  readonly title: string;
  readonly detail: string;
  /** The problem's `type` URI: the error reference, one anchor per code. */
  readonly type: string | undefined;
  /** What was wrong with which parameter (400 only). */
  readonly invalidParams: readonly InvalidParam[];
  /** The answer's `Retry-After`, in seconds (429, 503, 409 idempotency_in_progress). */
  readonly retryAfterSeconds: number | undefined;
  /**
   * Whether the same request may succeed later, so the client retries it (when the call is safe
   * to repeat): a 429, a 409 `idempotency_in_progress`, a 503 with `Retry-After`, or a 503 that
   * did not come from Lintel (a proxy's). Everything else is final: other 4xx, a 500, and a
   * Lintel 503 without `Retry-After`, which is what a lock provider the server is not
   * configured for answers (only the operator can fix it).
   */
  readonly retryable: boolean;
  /**
   * True when the answer carried `Idempotent-Replayed: true`: a stored answer to an earlier
   * request with the same Idempotency-Key (e.g. a replayed 409 `version_conflict`).
   */
  readonly replayed: boolean;
  /**
   * The unit's version now, on a 409 `version_conflict` (the problem's `currentVersion`): tells
   * whether a write whose answer was lost landed. Undefined on every other problem.
   */
  readonly currentVersion: number | undefined;
  /** The whole problem body, with any members this client does not know yet. */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(status: number, body: Record<string, unknown>, headers: Headers) {
    const text = (key: string) => (typeof body[key] === "string" ? (body[key] as string) : undefined);
    const detail = text("detail") ?? `HTTP ${status}`;
    super(`${text("code") ?? "unexpected_response"} (${status}): ${detail}`);
    this.status = status;
    this.code = text("code") ?? "unexpected_response";
    this.requestId = text("requestId") ?? headers.get("x-request-id") ?? undefined;
    this.title = text("title") ?? "Unexpected response";
    this.detail = detail;
    this.type = text("type");
    this.invalidParams = Array.isArray(body["invalidParams"]) ? (body["invalidParams"] as InvalidParam[]) : [];
    this.retryAfterSeconds = retryAfterSeconds(headers.get("retry-after"));
    this.retryable = isRetryable(status, this.code, this.retryAfterSeconds);
    this.replayed = headers.get("idempotent-replayed") === "true";
    this.currentVersion = Number.isInteger(body["currentVersion"]) ? (body["currentVersion"] as number) : undefined;
    this.body = body;
  }

  /** Reads an error answer; a body that is not JSON becomes `unexpected_response` with its text as detail. */
  static async from(response: Response): Promise<LintelProblem> {
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      body =
        typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { detail: text };
    } catch {
      body = { detail: text.slice(0, 500) || `HTTP ${response.status}` };
    }
    return new LintelProblem(response.status, body, response.headers);
  }
}

function isRetryable(status: number, code: string, retryAfter: number | undefined): boolean {
  if (status === 429 || code === "idempotency_in_progress") return true;
  if (status !== 503) return false;
  return retryAfter !== undefined || code !== "unavailable";
}

/** `Retry-After` as seconds: delay-seconds or an HTTP-date (RFC 9110 10.2.3). */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
