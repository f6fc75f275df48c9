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

  it("retries a GET after a proxy's 503 without Retry-After by backoff, at most maxRetries times", async () => {
    const retries: RetryInfo[] = [];
    const proxy503 = () => new Response("<html>Service Unavailable</html>", { status: 503 });
    const { fetch, requests } = scripted([proxy503, proxy503, proxy503]);
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
      (e: unknown) => e instanceof LintelProblem && e.status === 503,
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

  it("client gives up at once on errors retrying cannot fix: Lintel's 503 without Retry-After (provider not configured), 400, 403, 422, 500", async () => {
    for (const answer of [
      problem(503, "unavailable"),
      problem(400, "invalid_request"),
      problem(403, "missing_scope"),
      problem(422, "idempotency_key_reused"),
      problem(500, "internal_error"),
    ]) {
      const retries: RetryInfo[] = [];
      const { fetch, requests } = scripted([answer, ok({})]);
      const send = createTransport({ baseUrl: "http://h", apiKey: "k", fetch, maxRetries: 3, onRetry: (r) => retries.push(r) });
      await assert.rejects(
        send({ method: "GET", path: "/x", retryable: true }),
        (e: unknown) => e instanceof LintelProblem && !e.retryable,
      );
      assert.equal(requests.length, 1);
      assert.equal(retries.length, 0);
    }
    const withRetryAfter = await LintelProblem.from(problem(503, "unavailable", { "retry-after": "1" })());
    assert.equal(withRetryAfter.retryable, true);
  });

  it("client overall deadline: a wait that would end past timeoutMs is not made, the answer is thrown at once", async () => {
    const { fetch, requests } = scripted([problem(503, "unavailable", { "retry-after": "5" }), ok({})]);
    const send = createTransport({ baseUrl: "http://h", apiKey: "k", fetch, maxRetries: 3 });
    await assert.rejects(
      send({ method: "GET", path: "/x", retryable: true, options: { timeoutMs: 2_000 } }),
      (e: unknown) => e instanceof LintelProblem && e.retryAfterSeconds === 5,
    );
    assert.equal(requests.length, 1);
  });

  it("client overall deadline: a request that does not answer is aborted with a TimeoutError; the client-wide timeoutMs applies too", async () => {
    const requests: (AbortSignal | undefined)[] = [];
    const silent = ((_url: URL | string, init: RequestInit = {}) => {
      const signal = init.signal ?? undefined;
      requests.push(signal);
      // A real request's socket keeps the process alive while it waits; AbortSignal.timeout's timer does not.
      const socket = setInterval(() => {}, 1_000);
      return new Promise<Response>((_resolve, reject) =>
        signal?.addEventListener("abort", () => {
          clearInterval(socket);
          reject(signal.reason as Error);
        }),
      );
    }) as typeof globalThis.fetch;
    const perCall = createTransport({ baseUrl: "http://h", apiKey: "k", fetch: silent });
    await assert.rejects(perCall({ method: "GET", path: "/x", retryable: true, options: { timeoutMs: 50 } }), { name: "TimeoutError" });
    const clientWide = createTransport({ baseUrl: "http://h", apiKey: "k", fetch: silent, timeoutMs: 50 });
    await assert.rejects(clientWide({ method: "GET", path: "/x", retryable: true }), { name: "TimeoutError" });
    assert.equal(requests.length, 2);
    assert.ok(requests.every((signal) => signal?.aborted === true));
  });

  it("client AbortSignal: aborting during a retry wait rejects with the caller's reason and sends nothing more", async () => {
    const { fetch, requests } = scripted([problem(429, "rate_limited", { "retry-after": "10" }), ok({})]);
    const send = createTransport({ baseUrl: "http://h", apiKey: "k", fetch, maxRetries: 3 });
    const controller = new AbortController();
    const call = send({ method: "GET", path: "/x", retryable: true, options: { signal: controller.signal } });
    setTimeout(() => controller.abort(new Error("the user left")), 20);
    await assert.rejects(call, { message: "the user left" });
    assert.equal(requests.length, 1);
    const already = createTransport({ baseUrl: "http://h", apiKey: "k", fetch });
    await assert.rejects(already({ method: "GET", path: "/x", retryable: true, options: { signal: AbortSignal.abort() } }), {
      name: "AbortError",
    });
    assert.equal(requests.length, 1);
  });

  it("exchange answers the headers too; a problem tells a replay (Idempotent-Replayed: true) from a first answer", async () => {
    const replayedOk = () => new Response('{"moved":0}', { status: 200, headers: { "idempotent-replayed": "true" } });
    const { fetch } = scripted([replayedOk]);
    const answer = await createTransport({ baseUrl: "http://h", apiKey: "k", fetch }).exchange({
      method: "POST",
      path: "/x",
      retryable: true,
    });
    assert.deepEqual([answer.body, answer.headers.get("idempotent-replayed")], [{ moved: 0 }, "true"]);
    assert.equal((await LintelProblem.from(problem(409, "version_conflict", { "idempotent-replayed": "true" })())).replayed, true);
    assert.equal((await LintelProblem.from(problem(409, "version_conflict")())).replayed, false);
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
