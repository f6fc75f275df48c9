// The README's embedding story over HTTP: the Koa app mounted in a server of your own.
// Store-independent: runs in the memory stages only.
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { createApp, createLogger } from "@lintel/api";
import { lintelWithOneLock } from "./embedding.test-support.js";

describe("embedding over HTTP", () => {
  it("the Koa app mounted in your own server, logging with the server's logger", async () => {
    const { lintel, key } = await lintelWithOneLock();
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const app = createApp({
      lintel,
      config: { docsUrl: "https://example.test/docs", publicBaseUrl: "https://example.test", trustedProxies: 0 },
      logger,
    });
    const handle = app.callback(); // Koa answers every error itself
    const server = createServer((request, response) => void handle(request, response)).listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/v1/locks?limit=20`, { headers: { "x-api-key": key } });
      assert.equal(answer.status, 200);
      assert.deepEqual(
        ((await answer.json()) as { locks: { lockId: string }[] }).locks.map((lock) => lock.lockId),
        ["lk_1"],
      );
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.deepEqual(
        logged.map(({ msg, path, status, keyId }) => ({ msg, path, status, keyId })),
        [{ msg: "request", path: "/v1/locks", status: 200, keyId: "key_1" }],
      );
      assert.ok(!lines.join("").includes(key), "the API key never reaches a log line");
      // Were a request's headers ever logged, the key would be censored (the README's promise).
      logger.info({ req: { headers: { "x-api-key": key } } }, "headers");
      assert.match(lines.at(-1) ?? "", /"x-api-key":"\[redacted\]"/);
      assert.ok(!lines.join("").includes(key), "not even inside logged headers");
    } finally {
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    }
  });
});
