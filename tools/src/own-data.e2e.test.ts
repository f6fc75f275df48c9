// The README's "serve your own data in three steps", as a test on the real processes: a key
// from `keys generate` (no store), docs/fixture.example.json with it added, `node
// apps/server/dist/main.js` with FIXTURE. The server's stdout is JSON log lines only (the banner
// is on stderr), each request line with keyId, orgId, client and, on errors, the problem code.
// Store-independent: runs in the memory stages only.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { it } from "node:test";
import { freePorts, writeFixture } from "@lintel/testkit/processes";

const run = promisify(execFile);
const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

it("own data: keys generate + the example fixture + FIXTURE=<file> serve the new key; stdout is JSON logs only", async () => {
  // 1. A key and its record, without any store (no Redis is named or reached).
  const generated = await run(process.execPath, [
    root("apps/server/dist/cli/lintel.js"),
    "keys",
    "generate",
    "--org",
    "org_example",
    "--name",
    "My app",
    "--scopes",
    "locks:read",
    "--json",
  ]);
  const record = JSON.parse(generated.stdout) as { key: string; orgId: string; scopes: string[] };
  assert.match(record.key, /^lnt_[0-9A-Za-z]{40}$/);
  assert.deepEqual([record.orgId, record.scopes], ["org_example", ["locks:read"]]);
  // 2. The example fixture, as documented, with the record added to apiKeys.
  const fixture = JSON.parse(await readFile(root("docs/fixture.example.json"), "utf8")) as { apiKeys: unknown[] };
  fixture.apiKeys.push(record);
  const file = await writeFixture(fixture);
  // 3. The real server on that file.
  const [port, metricsPort] = await freePorts(2);
  const child = spawn(process.execPath, [root("apps/server/dist/main.js")], {
    env: { PATH: process.env["PATH"] ?? "", FIXTURE: file, PORT: String(port), METRICS_PORT: String(metricsPort), LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    while (!stderr.includes("Lintel is listening on")) {
      assert.equal(child.exitCode, null, stderr);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const base = `http://127.0.0.1:${port}`;
    const locks = await fetch(`${base}/v1/locks`, { headers: { "x-api-key": record.key } });
    assert.equal(locks.status, 200);
    assert.deepEqual(
      ((await locks.json()) as { locks: { lockId: string }[] }).locks.map((lock) => lock.lockId),
      ["lock_shared_gate", "lock_denver_front"],
    );
    const refused = await fetch(`${base}/v1/templates/list_message_templates`, { headers: { "x-api-key": record.key } });
    assert.equal(refused.status, 403);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    assert.match(await metrics.text(), /lintel_http_requests_total\{route="\/v1\/locks",method="GET",status="200"\} 1/);
  } finally {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
  assert.match(stderr, /Lintel is listening on/);
  assert.match(stderr, /Prometheus metrics: http:\/\/127\.0\.0\.1:\d+\/metrics/);
  const lines = stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const requests = lines.filter((line) => line["msg"] === "request");
  assert.deepEqual(
    requests.map((line) => [line["path"], line["status"], line["keyId"], line["orgId"], line["code"]]),
    [
      ["/v1/locks", 200, JSON.parse(generated.stdout).id, "org_example", undefined],
      ["/v1/templates/list_message_templates", 403, JSON.parse(generated.stdout).id, "org_example", "missing_scope"],
    ],
  );
  assert.ok(requests.every((line) => line["client"] === "127.0.0.1"));
  assert.doesNotMatch(stdout + stderr, new RegExp(record.key), "the key is in no output");
});
