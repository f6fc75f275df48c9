// The client's writes on a scripted fetch: the headers and bodies they send (Idempotency-Key,
// If-Match only when given, never `ifMatch` in the body) and what they make of the answer.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createLintelClient, LintelProblem } from "./index.js";

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

const template = {
  id: "tpl_1",
  name: "N",
  body: "B",
  sortOrder: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const json =
  (body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", ...headers } });

describe("client writes (scripted)", () => {
  it("update sends ifMatch as If-Match, not in the body; delete without ifMatch sends no If-Match; both carry an Idempotency-Key", async () => {
    const { fetch, requests } = scripted([
      json({ template }),
      () => new Response(null, { status: 204, headers: { "idempotent-replayed": "true" } }),
    ]);
    const lintel = createLintelClient({ baseUrl: "http://api.test", apiKey: "lnt_x", fetch });
    const updated = await lintel.templates.update({ templateId: "tpl_1", name: "N", ifMatch: '"abc"' }, { idempotencyKey: "k-1" });
    assert.deepEqual(updated, { template, replayed: false });
    assert.deepEqual(await lintel.templates.delete({ templateId: "tpl_1" }), { replayed: true });
    const [update, remove] = requests.map((request) => ({
      url: request.url,
      headers: request.init.headers as Record<string, string>,
      body: JSON.parse(String(request.init.body)) as unknown,
    }));
    assert.equal(update?.url, "http://api.test/v1/templates/update_message_template");
    assert.deepEqual([update?.headers["If-Match"], update?.headers["Idempotency-Key"]], ['"abc"', "k-1"]);
    assert.deepEqual(update?.body, { templateId: "tpl_1", name: "N" });
    assert.equal(remove?.url, "http://api.test/v1/templates/delete_message_template");
    assert.equal(remove?.headers["If-Match"], undefined);
    assert.match(remove?.headers["Idempotency-Key"] ?? "", /^[0-9a-f-]{36}$/);
    assert.deepEqual(remove?.body, { templateId: "tpl_1" });
  });

  it("getWithEtag answers the ETag; an answer without one (dropped on the way) is a LintelProblem, never an unconditional write later", async () => {
    const { fetch } = scripted([json({ template }, { etag: '"t1"' }), json({ template })]);
    const lintel = createLintelClient({ baseUrl: "http://api.test", apiKey: "lnt_x", fetch });
    assert.deepEqual(await lintel.templates.getWithEtag("tpl_1"), { template, etag: '"t1"' });
    await assert.rejects(
      lintel.templates.getWithEtag("tpl_1"),
      (error: unknown) => error instanceof LintelProblem && error.code === "unexpected_response" && /ETag/.test(error.detail),
    );
  });

  it("a version_conflict says the unit's currentVersion, typed (no cast); other problems have none", async () => {
    const problem = (status: number, body: Record<string, unknown>) => () =>
      new Response(JSON.stringify({ type: "t", title: "T", status, detail: "d", requestId: "r", ...body }), {
        status,
        headers: { "content-type": "application/problem+json" },
      });
    const { fetch } = scripted([problem(409, { code: "version_conflict", currentVersion: 7 }), problem(404, { code: "not_found" })]);
    const lintel = createLintelClient({ baseUrl: "http://api.test", apiKey: "lnt_x", fetch, maxRetries: 0 });
    const write = { unitIdOrKey: "u", kind: "tour" as const, title: "T", startAt: "2027-01-01T10:00:00Z", endAt: "2027-01-01T11:00:00Z" };
    const conflict = await lintel.units.createScheduleItem({ ...write, expectedVersion: 6 }).catch((error: unknown) => error);
    assert.ok(conflict instanceof LintelProblem);
    const currentVersion: number | undefined = conflict.currentVersion;
    assert.deepEqual([conflict.code, currentVersion], ["version_conflict", 7]);
    const missing = await lintel.units.createScheduleItem(write).catch((error: unknown) => error);
    assert.ok(missing instanceof LintelProblem);
    assert.deepEqual([missing.code, missing.currentVersion], ["not_found", undefined]);
  });
});
