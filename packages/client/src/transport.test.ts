// The client's transport on its own, with a scripted fetch: which answers are retried, how
// long it waits, and how an error answer becomes a LintelProblem.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LintelProblem } from "./problem.js";
import { createTransport, type RetryInfo } from "./transport.js";

/** A fetch that answers from `script` in order and records each request. */
function scripted(script: (() => Response)[]) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: URL | string, init: RequestInit = {}) => {
    requests.push({ url: String(url), init });
    const next = script.shift();
    if (next === undefined) throw new Error("no answer left");
    return next();
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const problem =
  (status: number, code: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify({ type: "x", title: "t", status, detail: `d ${code}`, code, requestId: "req-1" }), {
      status,
      headers: { "content-type": "application/problem+json", ...headers },
    });
const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

describe("client transport", () => {
  it("sends the key and the query, drops undefined parameters, reads JSON", async () => {
    const { fetch, requests } = scripted([ok({ locks: [], nextCursor: null })]);
    const send = createTransport({ baseUrl: "https://api.example.test/base/", apiKey: "lnt_k", fetch });
    assert.deepEqual(await send({ method: "GET", path: "/v1/locks", query: { limit: 5, cursor: undefined }, retryable: true }), {
      locks: [],
      nextCursor: null,
    });
    assert.equal(requests[0]?.url, "https://api.example.test/base/v1/locks?limit=5");
    assert.equal((requests[0]?.init.headers as Record<string, string>)["x-api-key"], "lnt_k");
  });

  it("retries a GET after 503 without Retry-After by backoff, at most maxRetries times", async () => {
    const retries: RetryInfo[] = [];
    const { fetch, requests } = scripted([problem(503, "unavailable"), problem(503, "unavailable"), problem(503, "unavailable")]);
    const send = createTransport({
      baseUrl: "http://h",
      apiKey: "k",
      fetch,
      maxRetries: 2,
      retryBaseDelayMs: 2,
      onRetry: (r) => retries.push(r),
    });
    await assert.rejects(
      send({ method: "GET", path: "/x", retryable: true }),
      (e: unknown) => e instanceof LintelProblem && e.code === "unavailable",
    );
    assert.equal(requests.length, 3);
    assert.deepEqual(
      retries.map((r) => r.attempt),
      [1, 2],
    );
    assert.ok(
      retries.every((r) => r.delayMs >= 1 && r.delayMs <= 4),
      JSON.stringify(retries.map((r) => r.delayMs)),
    );
  });

  it("retries a retryable POST after 409 idempotency_in_progress, sending the same headers", async () => {
    const { fetch, requests } = scripted([problem(409, "idempotency_in_progress", { "retry-after": "0" }), ok({ moved: 0 })]);
    const send = createTransport({ baseUrl: "http://h", apiKey: "k", fetch });
    assert.deepEqual(await send({ method: "POST", path: "/x", body: { a: 1 }, headers: { "Idempotency-Key": "ik-1" }, retryable: true }), {
      moved: 0,
    });
    assert.deepEqual(
      requests.map((r) => (r.init.headers as Record<string, string>)["Idempotency-Key"]),
      ["ik-1", "ik-1"],
    );
    assert.deepEqual(
      requests.map((r) => r.init.body),
      ['{"a":1}', '{"a":1}'],
    );
  });

  it("does not retry what is not retryable: a POST without an Idempotency-Key, a 404, a 409 version_conflict, or a Retry-After longer than maxRetryDelayMs", async () => {
    for (const [answer, retryable] of [
      [problem(429, "rate_limited", { "retry-after": "1" }), false],
      [problem(404, "not_found"), true],
      [problem(409, "version_conflict"), true],
      [problem(429, "rate_limited", { "retry-after": "120" }), true],
    ] as const) {
      const { fetch, requests } = scripted([answer, ok({})]);
      const send = createTransport({ baseUrl: "http://h", apiKey: "k", fetch, maxRetryDelayMs: 5_000 });
      await assert.rejects(send({ method: retryable ? "GET" : "POST", path: "/x", retryable }), LintelProblem);
      assert.equal(requests.length, 1);
    }
  });

  it("a problem carries code, status, requestId, detail, invalidParams and Retry-After (seconds or an HTTP date)", async () => {
    const body = {
      status: 400,
      code: "invalid_request",
      detail: "Invalid parameter: limit.",
      requestId: "req-9",
      invalidParams: [{ name: "limit", reason: "1..100" }],
    };
    const fromBody = await LintelProblem.from(new Response(JSON.stringify(body), { status: 400 }));
    assert.deepEqual(
      [fromBody.code, fromBody.status, fromBody.requestId, fromBody.detail, fromBody.invalidParams],
      ["invalid_request", 400, "req-9", "Invalid parameter: limit.", body.invalidParams],
    );
    const dated = await LintelProblem.from(
      new Response("{}", { status: 503, headers: { "retry-after": new Date(Date.now() + 5_000).toUTCString() } }),
    );
    assert.ok(dated.retryAfterSeconds !== undefined && dated.retryAfterSeconds >= 4 && dated.retryAfterSeconds <= 6);
    const proxy = await LintelProblem.from(new Response("<html>Bad gateway</html>", { status: 502, headers: { "x-request-id": "req-p" } }));
    assert.deepEqual(
      [proxy.code, proxy.status, proxy.requestId, proxy.detail],
      ["unexpected_response", 502, "req-p", "<html>Bad gateway</html>"],
    );
  });
});
