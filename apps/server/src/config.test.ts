import { test } from "node:test";
import assert from "node:assert/strict";
import { loadConfig } from "./config.js";

const SECRET = "s".repeat(32);

test("config: defaults in memory mode, with a generated cursor secret and a warning", () => {
  const loading = loadConfig({});
  assert.ok(loading.ok);
  assert.equal(loading.config.port, 3000);
  assert.equal(loading.config.host, "127.0.0.1");
  assert.deepEqual(loading.config.store, { kind: "memory" });
  assert.deepEqual(loading.config.rateLimit, { requests: 600, windowSeconds: 60 });
  assert.deepEqual(loading.config.failedAuthLimit, { requests: 30, windowSeconds: 60 });
  assert.equal(loading.config.publicBaseUrl, "http://localhost:3000");
  assert.equal(loading.config.docsUrl, "http://localhost:3000/docs");
  assert.equal(loading.config.lockProviderTimeoutMs, 3000);
  assert.equal(loading.config.logLevel, "info");
  assert.equal(loading.config.trustedProxies, 0);
  assert.equal(loading.config.fixturePath, null);
  assert.equal(loading.config.cursorSecretGenerated, true);
  assert.ok((loading.config.cursorSecrets[0] ?? "").length >= 32);
  assert.equal(loading.config.dataKeys.length, 1, "a random data key for this process");
  assert.equal(loading.config.dataKeys[0]?.length, 32);
  assert.equal(loading.warnings.length, 2, "the cursor secret's warning and the data key's");
  assert.ok(loading.warnings.some((warning) => warning.startsWith("DATA_KEYS is not set")));
});

test("config: DATA_KEYS is a comma list of 32-byte keys (hex or base64), required with STORE=redis, never echoed", () => {
  const hex = "ab".repeat(32);
  const given = loadConfig({ DATA_KEYS: `${hex}, ${Buffer.alloc(32, 1).toString("base64")}` });
  assert.ok(given.ok);
  assert.equal(given.config.dataKeys.length, 2);
  assert.equal(given.warnings.length, 1, "only the cursor secret's warning");
  const bad = loadConfig({ DATA_KEYS: "not-a-key-at-all" });
  assert.ok(!bad.ok);
  assert.match(bad.errors[0] ?? "", /DATA_KEYS must be a comma list of keys of 32 bytes each.*\(value not shown\)/);
  assert.ok(!(bad.errors[0] ?? "").includes("not-a-key-at-all"));
  const redis = loadConfig({ STORE: "redis", REDIS_URL: "redis://127.0.0.1:6379", CURSOR_SECRET: "c".repeat(32) });
  assert.ok(!redis.ok);
  assert.ok(redis.errors.some((e) => e.includes("DATA_KEYS is required with STORE=redis")));
});

test("config: the default PUBLIC_BASE_URL (and DOCS_URL) follow PORT, so problem types resolve", () => {
  const loading = loadConfig({ PORT: "4701" });
  assert.ok(loading.ok);
  assert.equal(loading.config.publicBaseUrl, "http://localhost:4701");
  assert.equal(loading.config.docsUrl, "http://localhost:4701/docs");
  const given = loadConfig({ PORT: "4701", PUBLIC_BASE_URL: "https://api.example.com/" });
  assert.ok(given.ok);
  assert.equal(given.config.docsUrl, "https://api.example.com/docs");
});

test("config: a relative FIXTURE is read from the directory npm was started in (INIT_CWD)", () => {
  const loading = loadConfig({ FIXTURE: "fixtures/mine.json", INIT_CWD: "/home/judge/lintel" });
  assert.ok(loading.ok);
  assert.equal(loading.config.fixturePath, "/home/judge/lintel/fixtures/mine.json");
});

test("config: a bad PORT names the variable and the value", () => {
  const loading = loadConfig({ PORT: "abc" });
  assert.ok(!loading.ok);
  assert.deepEqual(loading.errors, ['Invalid configuration: PORT must be an integer 1..65535 (got "abc")']);
});

test("config: every bad variable is reported, each by name", () => {
  const loading = loadConfig({
    PORT: "70000",
    STORE: "mongo",
    RATE_LIMIT: "600",
    LOG_LEVEL: "loud",
    TRUST_PROXY: "yes",
    LOCK_PROVIDER_TIMEOUT_MS: "1e3",
    PUBLIC_BASE_URL: "ftp://x",
    CURSOR_SECRET: "short",
    DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
  });
  assert.ok(!loading.ok);
  const names = loading.errors.map((e) => /^Invalid configuration: ([A-Z_]+) /.exec(e)?.[1]);
  assert.deepEqual(names.sort(), [
    "CURSOR_SECRET",
    "LOCK_PROVIDER_TIMEOUT_MS",
    "LOG_LEVEL",
    "PORT",
    "PUBLIC_BASE_URL",
    "RATE_LIMIT",
    "STORE",
    "TRUST_PROXY",
  ]);
});

test("config: redis mode requires REDIS_URL (or cluster nodes) and a cursor secret", () => {
  const missing = loadConfig({ STORE: "redis" });
  assert.ok(!missing.ok);
  assert.ok(missing.errors.some((e) => e.includes("REDIS_URL is required")));
  assert.ok(missing.errors.some((e) => e.includes("CURSOR_SECRET is required")));
  const cluster = loadConfig({
    STORE: "redis",
    REDIS_CLUSTER_NODES: "10.0.0.1:7000, 10.0.0.2:7001",
    CURSOR_SECRET: SECRET,
    DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
  });
  assert.ok(cluster.ok);
  assert.deepEqual(cluster.config.store, {
    kind: "redis",
    url: undefined,
    clusterNodes: ["10.0.0.1:7000", "10.0.0.2:7001"],
    workGroup: "default",
  });
  assert.equal(cluster.config.cursorSecretGenerated, false);
  const keys = "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988";
  const grouped = loadConfig({ STORE: "redis", REDIS_URL: "redis://r:6379", CURSOR_SECRET: SECRET, DATA_KEYS: keys, WORK_GROUP: "blue-2" });
  assert.ok(grouped.ok && grouped.config.store.kind === "redis" && grouped.config.store.workGroup === "blue-2");
  const badGroup = loadConfig({ STORE: "redis", REDIS_URL: "redis://r:6379", CURSOR_SECRET: SECRET, DATA_KEYS: keys, WORK_GROUP: "a b" });
  assert.ok(!badGroup.ok && badGroup.errors.some((e) => e.includes("WORK_GROUP must be 1 to 64 letters")));
  const badNodes = loadConfig({
    STORE: "redis",
    REDIS_CLUSTER_NODES: "nohost",
    CURSOR_SECRET: SECRET,
    DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
  });
  assert.ok(!badNodes.ok);
  assert.match(badNodes.errors[0] ?? "", /REDIS_CLUSTER_NODES must be a comma list of host:port/);
  assert.equal(badNodes.errors.length, 1, "a malformed REDIS_CLUSTER_NODES is not reported missing too");
});

test("config: explicit values are parsed; DOCS_URL follows PUBLIC_BASE_URL; secrets rotate", () => {
  const loading = loadConfig({
    PORT: "8080",
    HOST: "0.0.0.0",
    RATE_LIMIT: "5/10",
    PUBLIC_BASE_URL: "https://api.example.com/",
    LOG_LEVEL: "silent",
    TRUST_PROXY: "true",
    LOCK_PROVIDER_TIMEOUT_MS: "250",
    FIXTURE: "/tmp/f.json",
    CURSOR_SECRETS: `${"a".repeat(32)},${"b".repeat(40)}`,
    DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
  });
  assert.ok(loading.ok);
  const c = loading.config;
  assert.equal(c.port, 8080);
  assert.equal(c.host, "0.0.0.0");
  assert.deepEqual(c.rateLimit, { requests: 5, windowSeconds: 10 });
  assert.equal(c.publicBaseUrl, "https://api.example.com");
  assert.equal(c.docsUrl, "https://api.example.com/docs");
  assert.equal(c.trustedProxies, 1);
  assert.equal(c.lockProviderTimeoutMs, 250);
  assert.equal(c.fixturePath, "/tmp/f.json");
  assert.deepEqual(c.cursorSecrets, ["a".repeat(32), "b".repeat(40)]);
  assert.equal(loading.warnings.length, 0);
});

test("config: CURSOR_SECRETS wins over CURSOR_SECRET when both are set", () => {
  const loading = loadConfig({ CURSOR_SECRET: SECRET, CURSOR_SECRETS: `${"x".repeat(32)},${SECRET}` });
  assert.ok(loading.ok);
  assert.deepEqual(loading.config.cursorSecrets, ["x".repeat(32), SECRET]);
});

test("config: SEAM_API_KEY and SEAM_ENDPOINT configure Seam; a bad key is named but never repeated", () => {
  const loading = loadConfig({ SEAM_API_KEY: "seam_test_abc123", SEAM_ENDPOINT: "http://127.0.0.1:9999/" });
  assert.ok(loading.ok);
  assert.deepEqual(loading.config.seam, { apiKey: "seam_test_abc123", endpoint: "http://127.0.0.1:9999" });
  const unset = loadConfig({});
  assert.ok(unset.ok);
  assert.equal(unset.config.seam, null);
  const bad = loadConfig({
    SEAM_API_KEY: "sk_live_not_a_seam_key",
    CURSOR_SECRET: "short",
    DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
  });
  assert.ok(!bad.ok);
  assert.ok(bad.errors.some((e) => e.startsWith("Invalid configuration: SEAM_API_KEY must be a Seam API key")));
  assert.ok(!bad.errors.join("\n").includes("sk_live_not_a_seam_key"));
  assert.ok(!bad.errors.join("\n").includes('"short"'));
});

test("config: TRUST_PROXY is true (1), false (0) or a number of trusted proxies", () => {
  for (const [text, proxies] of [
    ["true", 1],
    ["false", 0],
    ["0", 0],
    ["2", 2],
    ["", 0],
  ] as const) {
    const loading = loadConfig({ TRUST_PROXY: text });
    assert.ok(loading.ok, text);
    assert.equal(loading.config.trustedProxies, proxies, text);
  }
  for (const bad of ["yes", "-1", "1.5", "100"]) assert.ok(!loadConfig({ TRUST_PROXY: bad }).ok, bad);
});

test("config: METRICS_PORT is off by default, a port when set, never the API port", () => {
  const off = loadConfig({});
  assert.ok(off.ok);
  assert.equal(off.config.metricsPort, null);
  const on = loadConfig({ METRICS_PORT: "9464" });
  assert.ok(on.ok);
  assert.equal(on.config.metricsPort, 9464);
  const same = loadConfig({ PORT: "4000", METRICS_PORT: "4000" });
  assert.ok(!same.ok);
  assert.match(same.errors.join("\n"), /METRICS_PORT must differ from PORT/);
  const bad = loadConfig({ METRICS_PORT: "metrics" });
  assert.ok(!bad.ok);
  assert.match(bad.errors.join("\n"), /METRICS_PORT must be an integer 0\.\.65535/);
});

test("config: FAILED_KEY_LIMIT is requests/seconds like RATE_LIMIT, default 30/60, a bad value named", () => {
  const given = loadConfig({ FAILED_KEY_LIMIT: "5/10" });
  assert.ok(given.ok);
  assert.deepEqual(given.config.failedAuthLimit, { requests: 5, windowSeconds: 10 });
  const unset = loadConfig({ FAILED_KEY_LIMIT: "" });
  assert.ok(unset.ok);
  assert.deepEqual(unset.config.failedAuthLimit, { requests: 30, windowSeconds: 60 });
  for (const bad of ["30", "0/60", "30/0", "-1/60", "thirty/60"]) {
    const loading = loadConfig({ FAILED_KEY_LIMIT: bad });
    assert.ok(!loading.ok, bad);
    assert.deepEqual(loading.errors, [
      `Invalid configuration: FAILED_KEY_LIMIT must be requests/seconds, e.g. 30/60 (got ${JSON.stringify(bad)})`,
    ]);
  }
});

test("config: METRICS_HOST is the metrics listener's own address, 127.0.0.1 unless set, not HOST", () => {
  const unset = loadConfig({ HOST: "0.0.0.0", METRICS_PORT: "9464" });
  assert.ok(unset.ok);
  assert.equal(unset.config.host, "0.0.0.0");
  assert.equal(unset.config.metricsHost, "127.0.0.1");
  const given = loadConfig({ METRICS_HOST: "::1", METRICS_PORT: "9464" });
  assert.ok(given.ok);
  assert.equal(given.config.metricsHost, "::1");
  assert.equal(given.config.host, "127.0.0.1");
  const bad = loadConfig({ METRICS_HOST: "metrics host" });
  assert.ok(!bad.ok);
  assert.deepEqual(bad.errors, ['Invalid configuration: METRICS_HOST must be a host name or address (got "metrics host")']);
});

test("config: WEBHOOK_ALLOW_PRIVATE, WEBHOOK_RETRY_SCHEDULE and SEAM_WEBHOOK_SECRET; bad values named, the secret never repeated", () => {
  const unset = loadConfig({});
  assert.ok(unset.ok);
  assert.deepEqual(unset.config.webhooks, {
    allowPrivate: false,
    retryScheduleSeconds: [5, 300, 1800, 7200, 18000, 36000, 36000],
    seamWebhookSecret: null,
  });
  const set = loadConfig({
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_RETRY_SCHEDULE: "1, 2,3",
    SEAM_WEBHOOK_SECRET: "whsec_c2VjcmV0c2VjcmV0",
  });
  assert.ok(set.ok);
  assert.deepEqual(set.config.webhooks, {
    allowPrivate: true,
    retryScheduleSeconds: [1, 2, 3],
    seamWebhookSecret: "whsec_c2VjcmV0c2VjcmV0",
  });
  const bad = loadConfig({ WEBHOOK_ALLOW_PRIVATE: "yes", WEBHOOK_RETRY_SCHEDULE: "5,0", SEAM_WEBHOOK_SECRET: "short" });
  assert.ok(!bad.ok);
  const errors = bad.errors.join("\n");
  assert.match(errors, /WEBHOOK_ALLOW_PRIVATE must be true or false \(got "yes"\)/);
  assert.match(errors, /WEBHOOK_RETRY_SCHEDULE must be a comma list of 1 to 20 delays in whole seconds/);
  assert.match(errors, /SEAM_WEBHOOK_SECRET must be .* \(value not shown\)/);
  assert.ok(!errors.includes('"short"'));
});
