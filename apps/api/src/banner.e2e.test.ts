// The banner's curl commands work as printed (README): each one, sent to a server on the demo
// data, answers 200, except those whose note (after `#`) promises a provider's 503. Only the note
// is read: a port such as 40503 must not turn a 200 line into a 503 one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bannerText } from "./banner.js";
import { demoFixture } from "./demo-fixture.js";
import { startServer } from "./server.js";
import { testConfig } from "./e2e.test-support.js";

test("banner: every curl command answers as its line says, on the demo data", async () => {
  const server = await startServer(testConfig({ STORE: "memory" }), { fixture: demoFixture() });
  try {
    const lines = bannerText(server.url, "demo")
      .split("\n")
      .filter((line) => line.trim().startsWith("curl "));
    assert.equal(lines.length, 8, "README says eight curl commands");
    for (const line of lines) {
      const [, key, url] = /-H 'x-api-key: (lnt_\w+)' '([^']+)'/.exec(line) ?? [];
      assert.ok(key !== undefined && url !== undefined, line);
      const answer = await fetch(url, { headers: { "x-api-key": key } });
      const note = line.split("#")[1] ?? "";
      assert.equal(answer.status, /503/.test(note) ? 503 : 200, line);
      await answer.arrayBuffer();
    }
  } finally {
    await server.close();
  }
});
