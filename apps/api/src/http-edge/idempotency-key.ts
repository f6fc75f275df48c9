/**
 * The HTTP side of safe retries: the `Idempotency-Key` header, and answering through core's
 * `once`, which keeps the use case's result; a repeat renders it again, so it gets the first
 * answer's status and body.
 */
import type { InvalidParam } from "@lintel/domain";
import type { IdempotentOutcome, Result, SafeRetry } from "@lintel/core";
import type { LintelContext } from "./lintel-state.js";
import { sendInvalidParams, sendProblem } from "./problem-response.js";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** 1–255 printable ASCII characters. */
const KEY_SHAPE = /^[\x20-\x7E]{1,255}$/;

/** The request's Idempotency-Key: absent, well formed, or the reason it is refused. */
function readKey(ctx: LintelContext): { readonly key?: string; readonly invalid?: InvalidParam } {
  const raw = ctx.req.rawHeaders;
  const values = raw.filter((_, i) => i % 2 === 0 && raw[i]?.toLowerCase() === "idempotency-key").length;
  if (values === 0) return {};
  const reason = (why: string) => ({ invalid: { name: IDEMPOTENCY_HEADER, reason: why } });
  if (values > 1) return reason("Send the Idempotency-Key header once.");
  const key = ctx.get(IDEMPOTENCY_HEADER);
  return KEY_SHAPE.test(key) ? { key } : reason("An Idempotency-Key is 1 to 255 printable ASCII characters.");
}

/**
 * Answers an operation with a safe retry (every POST that writes): without an Idempotency-Key,
 * `run` (the plain use case); with one, `runOnce` (through core's `once`), whose result
 * `render` writes as it writes a first answer, so a repeat gets the same status and body; a kept
 * problem names the first request's id, and the header, set from the state, says the same
 * as the contract says, with `Idempotent-Replayed: true`. Answers 400 for a malformed key.
 */
export async function answerOnce<R extends Result<unknown>>(
  ctx: LintelContext,
  run: () => Promise<R>,
  runOnce: (retry: Omit<SafeRetry, "fingerprint">) => Promise<IdempotentOutcome<R>>,
  render: (result: R) => void,
): Promise<void> {
  const { key, invalid } = readKey(ctx);
  if (invalid !== undefined) return sendInvalidParams(ctx, [invalid]);
  if (key === undefined) return render(await run());
  const outcome = await runOnce({ idempotencyKey: key, requestId: ctx.state.requestId });
  if (!outcome.ok) {
    const { code, detail, retryAfterSeconds } = outcome.problem;
    sendProblem(ctx, code, detail, { retryAfterSeconds });
    return;
  }
  if (outcome.replayed) {
    if (!outcome.result.ok) ctx.state.requestId = outcome.requestId;
    ctx.set("Idempotent-Replayed", "true");
  }
  render(outcome.result);
}
