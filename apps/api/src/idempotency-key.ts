/**
 * The HTTP side of SPEC 5.2's safe retries: the `Idempotency-Key` header, and answering through
 * core's `idempotently`, which keeps the use case's result (a success or a version conflict); a
 * repeat renders it again, so it gets the first answer's status and body.
 */
import type { InvalidParam } from "@lintel/domain";
import type { Caller, Lintel, Result } from "@lintel/core";
import type { LintelContext } from "./lintel-state.js";
import { sendInvalidParams, sendProblem } from "./problem-response.js";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** 1–255 printable ASCII characters (SPEC 5.2). */
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
 * Answers with `render(await run())`, the use case run at most once per Idempotency-Key of the
 * caller's API key; without the header, it simply runs. A repeat renders the kept result as the
 * first answer was rendered (same status, same body: a kept problem names the first request's
 * id, and the header, set from the state, says the same, SPEC 4) with `Idempotent-Replayed: true`.
 * `fingerprint` identifies the request body. Answers 400 for a malformed key.
 */
export async function answerOnce<R extends Result<unknown>>(
  ctx: LintelContext,
  lintel: Lintel,
  caller: Caller,
  fingerprint: string,
  run: () => Promise<R>,
  render: (result: R) => void,
): Promise<void> {
  const { key, invalid } = readKey(ctx);
  if (invalid !== undefined) return sendInvalidParams(ctx, [invalid]);
  if (key === undefined) return render(await run());
  const outcome = await lintel.idempotently(caller, key, { fingerprint, requestId: ctx.state.requestId }, run);
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
