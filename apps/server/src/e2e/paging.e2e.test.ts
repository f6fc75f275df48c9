// Keyset paging over HTTP (SPEC 5.4, 5.5): following cursors with random page sizes yields
// every active lock (and template) exactly once, in order.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { randomInt } from "node:crypto";
import { call, startTestServer, type TestServer } from "./e2e.test-support.js";

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

async function walk(path: string, list: "locks" | "templates", id: "lockId" | "id"): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const limit = randomInt(1, 8);
    const query: string = `?limit=${limit}${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`;
    const answer = await call(server.url, path + query, { key: server.fixture.keys.admin });
    assert.equal(answer.status, 200, answer.text);
    const rows = answer.json[list] as Record<string, string>[];
    assert.ok(rows.length <= limit);
    ids.push(...rows.map((row) => row[id] as string));
    cursor = answer.json.nextCursor;
    pages++;
    assert.ok(pages < 200, "the walk must end");
  } while (cursor !== null);
  return { ids, pages };
}

describe("e2e: paging", () => {
  it("locks: random page sizes visit every active lock once, createdAt desc then lockId desc", async () => {
    for (let round = 0; round < 3; round++) {
      const expected = [...server.fixture.activeLocks]
        .sort((a, b) => (a.createdAt === b.createdAt ? (a.lockId < b.lockId ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
        .map((lock) => lock.lockId);
      const { ids } = await walk("/v1/locks", "locks", "lockId");
      assert.deepEqual(ids, expected);
    }
  });

  it("templates: random page sizes visit every template once, sortOrder then id", async () => {
    const expected = [...server.fixture.templates].sort((a, b) => a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : 1)).map((t) => t.id);
    const { ids } = await walk("/v1/templates/list_message_templates", "templates", "id");
    assert.deepEqual(ids, expected);
  });

  it("limit defaults to 20", async () => {
    const answer = await call(server.url, "/v1/locks", { key: server.fixture.keys.admin });
    assert.equal(answer.json.locks.length, 20);
    assert.notEqual(answer.json.nextCursor, null);
  });
});
