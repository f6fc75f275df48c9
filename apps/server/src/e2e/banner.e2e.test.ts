// The banner's curl commands work as printed (README): each one, sent to a server on the demo
// data, answers 200, except those whose note (after `#`) promises a provider's 503. Only the note
// is read: a port such as 40503 must not turn a 200 line into a 503 one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bannerText, storeDescription } from "../banner.js";
import { bookDemoTour, demoFixture } from "../demo-fixture.js";
import { startServer } from "../server.js";
import { testConfig } from "./e2e.test-support.js";

test("banner: every curl command answers as its line says, on the demo data (the tours' writes included)", async () => {
  const server = await startServer(testConfig({ STORE: "memory" }), { fixture: demoFixture() });
  try {
    const demoTourId = await bookDemoTour(server.lintel);
    assert.ok(demoTourId !== null, "the demo books its tour");
    const lines = bannerText(server.url, "demo", { kind: "memory" }, null, process.version, demoTourId)
      .split("\n")
      .filter((line) => line.trim().startsWith("curl "));
    assert.equal(lines.length, 12, "README says twelve curl commands");
    for (const line of lines) {
      const [, key, url] = /-H 'x-api-key: (lnt_\w+)'.* '(http[^']+)'/.exec(line) ?? [];
      assert.ok(key !== undefined && url !== undefined, line);
      const body = /-d '([^']+)'/.exec(line)?.[1];
      const answer = await fetch(url, {
        method: body === undefined ? "GET" : "POST",
        headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body }),
      });
      const note = line.split("#")[1] ?? "";
      const expected = /503/.test(note) ? 503 : /201/.test(note) ? 201 : 200;
      assert.equal(answer.status, expected, `${line}: ${await answer.text()}`);
    }
  } finally {
    await server.close();
  }
});

test("banner: says which store serves (a Redis URL without its credentials, or the cluster nodes) and which Node runs", () => {
  const url = "http://127.0.0.1:3000";
  const memory = bannerText(url, "demo", { kind: "memory" });
  assert.match(memory, new RegExp(`^  store: memory .*Node\\.js ${process.version.replace(/\./g, "\\.")}$`, "m"));
  const redis = bannerText(
    url,
    "none",
    { kind: "redis", url: "rediss://lintel:s3cret-pass@redis.internal:6380/2", clusterNodes: undefined, workGroup: "default" },
    null,
    "v24.1.0",
  );
  assert.match(redis, /^ {2}store: redis rediss:\/\/redis\.internal:6380\/2 {3}Node\.js v24\.1\.0$/m);
  assert.doesNotMatch(redis, /s3cret-pass|lintel:/, "no user name or password");
  assert.equal(
    storeDescription({ kind: "redis", url: "redis://:only-password@10.0.0.9:6379", clusterNodes: undefined, workGroup: "default" }),
    "redis redis://10.0.0.9:6379",
  );
  assert.equal(
    storeDescription({ kind: "redis", url: undefined, clusterNodes: ["10.0.0.1:6379", "10.0.0.2:6379"], workGroup: "default" }),
    "redis cluster 10.0.0.1:6379,10.0.0.2:6379",
  );
});
