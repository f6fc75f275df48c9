// The seed CLI against a real Redis: it loads a fixture that a Redis store then reads back,
// refuses a bad one whole, and exits with the documented codes.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { generateApiKey, hashApiKey } from "@lintel/domain";
import { createRedisStore, redisKeys, whenReady } from "@lintel/store-redis";
import { aTimezoneEvent } from "@lintel/testkit";
import { closedPort, dropOrg, randomOrgId, REDIS_URL, runTool, testRedis } from "./cli.test-support.js";

const redis = testRedis();
const store = createRedisStore(redis);
let dir = "";
const orgs: string[] = [];

function fixtureFor(orgId: string, key: string) {
  orgs.push(orgId);
  const at = "2026-03-01T12:00:00.000Z";
  return {
    orgs: [{ id: orgId, name: "Seeded Org" }],
    apiKeys: [{ id: `${orgId}_key`, orgId, name: "seeded", key, scopes: ["locks:read"], createdAt: at }],
    units: [
      { id: `${orgId}_u1`, orgId, urlKey: "first-home", address: "1 Main St", timeZone: "america/chicago", version: 1 },
      { id: `${orgId}_u2`, orgId, urlKey: "second-home", address: "2 Main St", timeZone: null, version: 3 },
    ],
    locks: [
      {
        lockId: `${orgId}_l1`,
        orgId,
        name: "Front",
        provider: "august",
        providerDeviceId: `${orgId}_d1`,
        unitIds: [`${orgId}_u1`],
        createdAt: at,
      },
      {
        lockId: `${orgId}_l2`,
        orgId,
        name: "Back",
        provider: "yale",
        providerDeviceId: `${orgId}_d2`,
        unitIds: [`${orgId}_u1`, `${orgId}_u2`],
        createdAt: "2026-03-02T12:00:00.000Z",
      },
    ],
    tours: [
      {
        id: `${orgId}_t1`,
        unitId: `${orgId}_u1`,
        title: "Tour",
        startAt: "2027-01-05T15:00:00Z",
        endAt: "2027-01-05T16:00:00Z",
        lockId: `${orgId}_l1`,
      },
    ],
    templates: [{ id: `${orgId}_m1`, orgId, name: "Welcome", body: "Hi {{name}}", sortOrder: 1, createdAt: at }],
  };
}

async function fixtureFile(name: string, json: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, typeof json === "string" ? json : JSON.stringify(json));
  return path;
}

before(async () => {
  await whenReady(redis);
  dir = await mkdtemp(join(tmpdir(), "lintel-seed-"));
});

after(async () => {
  for (const orgId of orgs) await dropOrg(redis, orgId);
  redis.disconnect();
  await rm(dir, { recursive: true, force: true });
});

describe("seed CLI", () => {
  it("loads a fixture that the Redis store reads back, reporting progress", async () => {
    const orgId = randomOrgId();
    const key = generateApiKey();
    const run = await runTool("seed", ["--fixture", await fixtureFile("good.json", fixtureFor(orgId, key))]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^seeded 8\/8 records$/m);
    assert.match(run.stdout, /Loaded 8 records from .*: 8 added, 0 kept/);

    const unit = await store.units.findByIdOrKey(orgId, "first-home");
    assert.equal(unit?.id, `${orgId}_u1`);
    assert.equal(unit?.timeZone, "America/Chicago");
    const locks = await store.locks.listActive(orgId, null, 10);
    assert.deepEqual(
      locks.map((l) => l.lockId),
      [`${orgId}_l2`, `${orgId}_l1`],
    );
    const items = await store.units.itemsOf(orgId, `${orgId}_u1`);
    assert.deepEqual(
      items.map((i) => [i.kind, i.id, i.startAt]),
      [["tour", `${orgId}_t1`, "2027-01-05T15:00:00.000Z"]],
    );
    assert.deepEqual(
      (await store.devices.activeByProviderDevice(`${orgId}_d1`)).filter((l) => l.orgId === orgId).map((l) => l.lockId),
      [`${orgId}_l1`],
      "a seeded lock is found by its device id (a provider's webhook)",
    );
    assert.equal((await store.templates.get(orgId, `${orgId}_m1`))?.body, "Hi {{name}}");
    const record = await store.apiKeys.findByHash(hashApiKey(key));
    assert.equal(record?.id, `${orgId}_key`);
    assert.equal(record?.orgId, orgId);
  });

  it("loads in chunks, one progress line per chunk, and keeps every record on a second run", async () => {
    const orgId = randomOrgId();
    const path = await fixtureFile("chunked.json", fixtureFor(orgId, generateApiKey()));
    const first = await runTool("seed", ["--fixture", path, "--chunk-size", "3"]);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(first.stderr.trim().split("\n"), ["seeded 3/8 records", "seeded 6/8 records", "seeded 8/8 records"]);
    const again = await runTool("seed", ["--fixture", path, "--chunk-size", "3"]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /: 0 added, 8 kept/);
    assert.equal((await store.locks.listActive(orgId, null, 10)).length, 2);
    assert.equal((await store.units.itemsOf(orgId, `${orgId}_u1`)).length, 1);
  });

  it("a second run after a set_timezone and a revocation keeps both", async () => {
    const orgId = randomOrgId();
    const key = generateApiKey();
    const path = await fixtureFile("kept.json", fixtureFor(orgId, key));
    assert.equal((await runTool("seed", ["--fixture", path])).code, 0);
    const change = { expectedVersion: 1, timeZone: "Asia/Tokyo", rewrites: [], event: aTimezoneEvent({ id: `${orgId}_u1`, orgId }) };
    assert.equal((await store.units.setTimeZone(orgId, `${orgId}_u1`, change)).ok, true);
    assert.equal(await store.apiKeys.revoke(`${orgId}_key`, "2026-04-01T00:00:00.000Z"), true);
    const again = await runTool("seed", ["--fixture", path]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /: 0 added, 8 kept \(already in the store, or deleted through the API: left as they are\)/);
    const unit = await store.units.findByIdOrKey(orgId, `${orgId}_u1`);
    assert.deepEqual([unit?.timeZone, unit?.version], ["Asia/Tokyo", 2]);
    assert.equal((await store.apiKeys.findByHash(hashApiKey(key)))?.revokedAt, "2026-04-01T00:00:00.000Z");
  });

  it("refuses a fixture with one bad record whole: exit 1, the record named, nothing written", async () => {
    const orgId = randomOrgId();
    const fixture = fixtureFor(orgId, generateApiKey());
    const bad = { ...fixture, locks: [fixture.locks[0], { ...fixture.locks[1], timeZone: "Mars/Base" }] };
    const run = await runTool("seed", ["--fixture", await fixtureFile("bad.json", bad)]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, new RegExp(`locks\\[1\\] \\(lockId "${orgId}_l2"\\).*Mars/Base`));
    assert.match(run.stderr, /nothing was written/);
    assert.equal(await redis.exists(redisKeys.org(orgId)), 0);
    assert.equal(await redis.exists(redisKeys.units(orgId)), 0);
    assert.equal(await store.units.findByIdOrKey(orgId, `${orgId}_u1`), null);
  });

  it("refuses a new unit taking a urlKey a stored unit of its org holds: exit 1, both units named, nothing written", async () => {
    const orgId = randomOrgId();
    const fixture = fixtureFor(orgId, generateApiKey());
    assert.equal((await runTool("seed", ["--fixture", await fixtureFile("first.json", fixture)])).code, 0);
    const taker = { ...fixture.units[0], id: `${orgId}_u3`, address: "3 Main St" };
    const run = await runTool("seed", ["--fixture", await fixtureFile("taker.json", { orgs: fixture.orgs, units: [taker] })]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, new RegExp(`unit ${orgId}_u3 of org ${orgId}: urlKey "first-home" is held by stored unit ${orgId}_u1`));
    assert.equal((await store.units.findByIdOrKey(orgId, "first-home"))?.id, `${orgId}_u1`);
    assert.equal(await store.units.findByIdOrKey(orgId, `${orgId}_u3`), null);
  });

  it("prints every error of a fixture, not only the first", async () => {
    const orgId = randomOrgId();
    const fixture = fixtureFor(orgId, "lnt_not-a-key");
    const bad = { ...fixture, units: [{ ...fixture.units[0], urlKey: "Not Kebab" }, fixture.units[1]] };
    const run = await runTool("seed", ["--fixture", await fixtureFile("two-errors.json", bad)]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /apiKeys\[0\].*well-formed/);
    assert.match(run.stderr, /units\[0\].*kebab-case/);
  });

  it("refuses a file that is not JSON with exit 1", async () => {
    const run = await runTool("seed", ["--fixture", await fixtureFile("broken.json", "{ not json")]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /not valid JSON/);
  });

  it("answers a bad command line with exit 2 and the usage", async () => {
    const missing = await runTool("seed", []);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--fixture is required[\s\S]*Usage:/);
    const unknown = await runTool("seed", ["--fixture", "x.json", "--bogus"]);
    assert.equal(unknown.code, 2);
    const both = await runTool("seed", ["--fixture", "x.json", "--redis-url", REDIS_URL, "--cluster-nodes", "a:1"]);
    assert.equal(both.code, 2);
  });

  it('exits 1 with the error, not 3 "unavailable", on a logic error (a corrupt stored record)', async () => {
    const orgId = randomOrgId();
    const key = generateApiKey();
    const path = await fixtureFile("corrupt.json", fixtureFor(orgId, key));
    assert.equal((await runTool("seed", ["--fixture", path])).code, 0);
    await redis.hset(redisKeys.units(orgId), `${orgId}_u1`, "{not json");
    const run = await runTool("seed", ["--fixture", path]);
    assert.equal(run.code, 1, run.stderr);
    assert.doesNotMatch(run.stderr, /unavailable/);
    assert.match(run.stderr, /SyntaxError/);
  });

  it("exits 3 when Redis is unreachable, after judging the fixture", async () => {
    const path = await fixtureFile("unreachable.json", fixtureFor(randomOrgId(), generateApiKey()));
    const run = await runTool("seed", ["--fixture", path, "--redis-url", `redis://127.0.0.1:${await closedPort()}`]);
    assert.equal(run.code, 3);
    assert.match(run.stderr, /unavailable/);
  });
});
