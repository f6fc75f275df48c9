// Prometheus metrics on METRICS_PORT (SPEC 5.8): a listener of their own, never the API port.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { StoreUnavailableError } from "@lintel/core";
import { assertProblem, call, startTestServer, testConfig, testFixture, type TestServer } from "./e2e.test-support.js";
import { startServer, type RunningServer } from "../server.js";

const scrape = async (url: string | null) => {
  assert.ok(url, "the metrics URL is set");
  const answer = await fetch(url);
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get("content-type") ?? "", /^text\/plain/);
  return answer.text();
};

describe("metrics (METRICS_PORT)", () => {
  const fixture = testFixture();
  const failing = { ...fixture.shared, lockId: `${fixture.p}_lk_fail`, providerDeviceId: "simulate-failure" };
  fixture.json.locks.push(failing);
  let server: RunningServer;
  before(async () => {
    server = await startServer(testConfig({ METRICS_PORT: "0" }), {
      fixture: fixture.json,
      wrapStore: (store) => ({ ...store, templates: { ...store.templates, get: () => Promise.reject(new StoreUnavailableError()) } }),
    });
  });
  after(() => server.close());

  it("counts requests by route template and status, latency, budget refusals, provider calls and failures, store errors", async () => {
    const { keys, shared } = fixture;
    assert.equal((await call(server.url, `/v1/locks/${shared.lockId}`, { key: keys.admin })).status, 200);
    assert.equal((await call(server.url, `/v1/locks/${shared.lockId}/state`, { key: keys.admin })).status, 200);
    assertProblem(await call(server.url, `/v1/locks/${failing.lockId}/state`, { key: keys.admin }), 503, "unavailable");
    assertProblem(await call(server.url, "/v1/templates/get_message_template?templateId=x", { key: keys.admin }), 503, "unavailable");
    for (let i = 0; i < 4; i++) await call(server.url, "/v1/locks", { key: keys.limited });
    const text = await scrape(server.metricsUrl);
    assert.match(text, /^lintel_http_requests_total\{route="\/v1\/locks\/:lockId",method="GET",status="200"\} 1$/m);
    assert.match(text, /^lintel_http_requests_total\{route="\/v1\/locks",method="GET",status="429"\} 1$/m);
    assert.match(text, /^lintel_http_request_duration_seconds_count\{route="\/v1\/locks\/:lockId\/state",method="GET",status="503"\} 1$/m);
    assert.match(text, /^lintel_budget_refusals_total 1$/m);
    assert.match(text, /^lintel_lock_provider_calls_total\{provider="simulated"\} 2$/m);
    assert.match(text, /^lintel_lock_provider_failures_total\{provider="simulated",reason="failed"\} 1$/m);
    assert.match(text, /^lintel_store_errors_total 1$/m);
    assert.match(text, /^process_cpu_user_seconds_total /m);
    assert.doesNotMatch(text, new RegExp(fixture.keys.admin), "no key in the metrics");
  });

  it("the API port does not serve /metrics; unknown paths share one (unmatched) series", async () => {
    assertProblem(await call(server.url, "/metrics"), 404, "not_found");
    assertProblem(await call(server.url, "/v1/no-such-thing"), 404, "not_found");
    const text = await scrape(server.metricsUrl);
    assert.match(text, /^lintel_http_requests_total\{route="\(unmatched\)",method="GET",status="404"\} 2$/m);
    assert.doesNotMatch(text, /no-such-thing/);
  });
});

describe("metrics off", () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("without METRICS_PORT no metrics listener is started", () => {
    assert.equal(server.metricsUrl, null);
  });
});

describe("METRICS_HOST", () => {
  it("the metrics listener binds METRICS_HOST, not HOST; the API listener stays on HOST", async () => {
    const metricsHost = `127.${1 + Math.floor(Math.random() * 254)}.0.${1 + Math.floor(Math.random() * 254)}`;
    const server = await startServer(testConfig({ METRICS_PORT: "0", METRICS_HOST: metricsHost }), { fixture: testFixture().json });
    try {
      assert.ok(server.url.startsWith("http://127.0.0.1:"), server.url);
      assert.ok(server.metricsUrl?.startsWith(`http://${metricsHost}:`), String(server.metricsUrl));
      assert.match(await scrape(server.metricsUrl), /^lintel_http_requests_total|^# HELP/m);
      const port = new URL(server.metricsUrl ?? "").port;
      await assert.rejects(fetch(`http://127.0.0.1:${port}/metrics`), "nothing listens for metrics on HOST");
    } finally {
      await server.close();
    }
  });
});
