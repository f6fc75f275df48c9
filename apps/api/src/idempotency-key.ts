/**
 * The HTTP side of SPEC 5.2's safe retries: the `Idempotency-Key` header, and answering through
 * core's `idempotently`: the first request's answer is written as usual and kept when it is a
 * 200 or a 409; a repeat gets the kept status and body again with `Idempotent-Replayed: true`.
 */
import type { InvalidParam } from "@lintel/domain";
import type { Caller, Lintel } from "@lintel/core";
import type { LintelContext } from "./lintel-state.js";
import { sendInvalidParams, sendProblem } from "./problem-response.js";
import { jsonText } from "./serialize.js";

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

/** Writes a kept answer again, as it was first written. */
function replay(ctx: LintelContext, answer: { readonly status: number; readonly body: string }): void {
  ctx.status = answer.status;
  ctx.type = answer.status >= 400 ? "application/problem+json" : "application/json";
  ctx.body = answer.body;
  ctx.set("Idempotent-Replayed", "true");
  // A kept problem names the first request's id; the header (set from the state) says the same (SPEC 4).
  const { requestId } = JSON.parse(answer.body) as { requestId?: unknown };
  if (typeof requestId === "string") ctx.state.requestId = requestId;
}

/**
 * Answers with `respond` (which writes the response as usual), at most once per Idempotency-Key
 * of the caller's API key; without the header, `respond` simply runs. `fingerprint` identifies
 * the request body. Returns after answering 400 for a malformed key.
 */
export async function answerOnce(
  ctx: LintelContext,
  lintel: Lintel,
  caller: Caller,
  fingerprint: string,
  respond: () => Promise<void>,
): Promise<void> {
  const { key, invalid } = readKey(ctx);
  if (invalid !== undefined) return sendInvalidParams(ctx, [invalid]);
  if (key === undefined) return respond();
  const outcome = await lintel.idempotently(caller, key, fingerprint, async () => {
    await respond();
    const body = jsonText(ctx.body);
    ctx.body = body; // the kept bytes are the sent bytes
    return { answer: { status: ctx.status, body }, keep: ctx.status === 200 || ctx.status === 409 };
  });
  if (!outcome.ok) {
    const { code, detail, retryAfterSeconds } = outcome.problem;
    sendProblem(ctx, code, detail, { retryAfterSeconds });
  } else if (outcome.replayed) {
    replay(ctx, outcome.answer);
  }
}
