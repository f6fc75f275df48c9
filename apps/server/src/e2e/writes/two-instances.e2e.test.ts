// Two real server processes sharing one Redis and one CURSOR_SECRET, as behind a load balancer:
// a key's budget is exact across both, a cursor from one is honoured by the other, and a
// time-zone change made through one is what the other sees. Always on Redis, whatever STORE is.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { generateApiKey } from "@lintel/domain";
import { call, TEST_REDIS_URL, testFixture, type Answer } from "../e2e.test-support.js";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { postJson, spawnServer } from "../e2e.test-support.js";
import { assertConcurrentCreatesAllApply } from "./concurrent-writes.test-support.js";

const BUDGET = { requests: 15, windowSeconds: 3600 };
const CONCURRENT = 40;

/** The test fixture plus a key whose budget (15 an hour) cannot refill while the test runs. */
function fixtureWithBudgetedKey() {
  const fixture = testFixture();
  const budgetedKey = generateApiKey();
  const json = {
    ...fixture.json,
    apiKeys: [
      ...fixture.json.apiKeys,
      {
        id: `${fixture.p}_key_budgeted`,
        orgId: fixture.orgA,
        name: "budgeted",
        key: budgetedKey,
        scopes: ["locks:read"],
        expiresAt: null,
        revokedAt: null,
        rateLimit: BUDGET,
        createdAt: "2026-01-01T00:00:00.000Z",
      },
    ],
  };
  return { ...fixture, json, budgetedKey };
}

/** `RateLimit: "default";r=<remaining>;t=<seconds>` → remaining. */
function remainingOf(answer: Answer): number {
  const match = /;r=(\d+);/.exec(answer.headers.get("ratelimit") ?? "");
  assert.ok(match, `RateLimit header missing: ${answer.headers.get("ratelimit")}`);
  return Number(match[1]);
}

describe("e2e: two server processes on one Redis", () => {
  const fixture = fixtureWithBudgetedKey();
  let instances: ServerChild[] = [];
  const instance = (i: number): string => instances[i % instances.length]!.url;

  before(async () => {
    const env = {
      STORE: "redis",
      REDIS_URL: TEST_REDIS_URL,
      CURSOR_SECRET: "two-instances-secret-0123456789abcdefgh",
      DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
      FIXTURE: await writeFixture(fixture.json),
    };
    const ports = await freePorts(2);
    // One after the other: the second one's fixture load (it adds nothing: the first added it all) is over before any test writes.
    for (const port of ports) instances.push(await spawnServer(port, env));
  });

  after(async () => {
    await Promise.all(instances.map((server) => server.stop()));
    instances = [];
  });

  it(`${CONCURRENT} concurrent requests split over both instances: exactly the budget (${BUDGET.requests}) gets through`, async () => {
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => call(instance(i), "/v1/locks?limit=1", { key: fixture.budgetedKey })),
    );
    const allowed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    assert.equal(allowed.length, BUDGET.requests, `statuses: ${answers.map((a) => a.status).join(",")}`);
    assert.equal(refused.length, CONCURRENT - BUDGET.requests);
    // Each allowed request took its own slot of the one shared bucket: remaining counts 14 … 0, each once.
    assert.deepEqual(
      allowed.map(remainingOf).sort((a, b) => a - b),
      Array.from({ length: BUDGET.requests }, (_, i) => i),
    );
    for (const answer of refused) {
      assert.equal(answer.json?.code, "rate_limited");
      assert.match(answer.headers.get("content-type") ?? "", /^application\/problem\+json/);
      assert.match(answer.headers.get("retry-after") ?? "", /^[1-9][0-9]*$/);
      assert.equal(remainingOf(answer), 0);
    }
  });

  it("a cursor issued by one instance is accepted by the other; alternating pages yield every active lock once, in order", async () => {
    const expected = [...fixture.activeLocks]
      .sort((a, b) => (a.createdAt === b.createdAt ? b.lockId.localeCompare(a.lockId) : b.createdAt.localeCompare(a.createdAt)))
      .map((lock) => lock.lockId);
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const query: string = cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`;
      const answer = await call(instance(page), `/v1/locks?limit=4${query}`, { key: fixture.keys.admin });
      assert.equal(answer.status, 200, `page ${page} on instance ${page % 2}: ${answer.text}`);
      seen.push(...(answer.json.locks as { lockId: string }[]).map((lock) => lock.lockId));
      cursor = answer.json.nextCursor as string | null;
      page++;
      assert.ok(page <= expected.length, "the walk does not end");
    } while (cursor !== null);
    assert.ok(page > 2, "the walk crossed instances more than once");
    assert.deepEqual(seen, expected);
  });

  it("200 concurrent creates without expectedVersion on one unit, split over both instances: every one 201 with its own version", async () => {
    const created = await postJson(instance(0), "/v1/units/create_unit", fixture.keys.admin, {
      urlKey: `${fixture.p}-busy`,
      address: "5 Busy St",
    });
    assert.equal(created.status, 201, created.text);
    await assertConcurrentCreatesAllApply(
      instances.map((server) => server.url),
      fixture.keys.admin,
      created.json.unit.id,
      200,
    );
  });

  it("set_timezone through one instance: the other previews noop and refuses the old version with 409", async () => {
    const unit = fixture.units.chicago;
    const change = (base: string, expectedVersion: number) =>
      call(base, "/v1/units/set_timezone", {
        method: "POST",
        key: fixture.keys.admin,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ unitIdOrKey: unit.id, timeZone: "America/Denver", expectedVersion, policy: "keep_instant" }),
      });
    const first = await change(instance(0), unit.version);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.json.unit.timeZone, "America/Denver");
    assert.equal(first.json.unit.version, unit.version + 1);

    const preview = await call(
      instance(1),
      `/v1/units/preview_timezone_change?unitIdOrKey=${unit.urlKey}&proposedTimeZone=America%2FDenver`,
      { key: fixture.keys.admin },
    );
    assert.equal(preview.status, 200, preview.text);
    assert.equal(preview.json.status, "noop");
    assert.equal(preview.json.currentTimeZone, "America/Denver");
    assert.equal(preview.json.expectedVersion, unit.version + 1);
    assert.deepEqual(preview.json.items, []);

    const stale = await change(instance(1), unit.version);
    assert.equal(stale.status, 409, stale.text);
    assert.equal(stale.json.code, "version_conflict");
    assert.equal(stale.json.currentVersion, unit.version + 1);
  });

  it("12 concurrent set_timezone requests with one Idempotency-Key, split over both instances, change the unit once", async () => {
    const unit = fixture.units.york;
    const key = `two-instances-${randomUUID()}`;
    const body = JSON.stringify({ unitIdOrKey: unit.id, timeZone: "Asia/Tokyo", expectedVersion: unit.version, policy: "keep_wall_clock" });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(instance(i), "/v1/units/set_timezone", {
          method: "POST",
          key: fixture.keys.admin,
          body,
          headers: { "content-type": "application/json", "Idempotency-Key": key },
        }),
      ),
    );
    const ran = answers.filter((a) => a.status === 200 && a.headers.get("idempotent-replayed") === null);
    assert.equal(ran.length, 1, answers.map((a) => `${a.status} ${a.headers.get("idempotent-replayed")}`).join(", "));
    for (const answer of answers) {
      if (answer.status === 200) assert.equal(answer.text, ran[0]?.text);
      else assert.equal(answer.json.code, "idempotency_in_progress", answer.text);
    }
    const preview = await call(instance(1), `/v1/units/preview_timezone_change?unitIdOrKey=${unit.id}&proposedTimeZone=UTC`, {
      key: fixture.keys.admin,
    });
    assert.equal(preview.json.expectedVersion, unit.version + 1);
  });
});
