import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Lock, Template } from "@lintel/domain";
import { lockPosition, templatePosition, type LintelEvent } from "@lintel/domain/adapters";
import { createRedisLockDirectory } from "./lock-directory.js";
import { redisKeys } from "./redis/keys.js";
import type { RedisStore } from "./index.js";
import { aLock, aTemplate, fixture, randomId } from "@lintel/testkit";
import { useRedisStore, useTestRedis } from "./redis.test-support.js";

// Ids are readable names (lk_a, t_b) made unique per test by a common suffix, which keeps their
// order: a load keeps an id in the org that first had it, and Redis is shared across runs.
const naming = () => {
  const suffix = randomId("r");
  return (name: string) => `${name}_${suffix}`;
};

async function walkLocks(store: RedisStore, orgId: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Lock[] = await store.locks.listActive(orgId, after, limit);
    seen.push(...page.map((lock) => lock.lockId));
    if (page.length < limit) return seen;
    after = lockPosition(page[page.length - 1]!);
  }
}

describe("Redis lock directory and template store", () => {
  const store = useRedisStore();
  const redis = useTestRedis();

  test("active locks page newest first, then lockId descending", async () => {
    const id = naming();
    const orgId = randomId("org");
    const locks = [
      aLock(orgId, { lockId: id("lk_a"), createdAt: "2026-01-02T00:00:00.000Z" }),
      aLock(orgId, { lockId: id("lk_b"), createdAt: "2026-01-02T00:00:00.000Z" }),
      aLock(orgId, { lockId: id("lk_c"), createdAt: "2026-01-03T00:00:00.000Z" }),
      aLock(orgId, { lockId: id("lk_d"), createdAt: "2026-01-01T00:00:00.000Z", status: "inactive" }),
      aLock(orgId, { lockId: id("lk_e"), createdAt: "2025-12-31T00:00:00.000Z" }),
    ];
    await store().fixtures.load(fixture({ locks }));
    assert.deepEqual(await walkLocks(store(), orgId, 2), [id("lk_c"), id("lk_b"), id("lk_a"), id("lk_e")]);
    assert.deepEqual(await store().locks.listActive(orgId, lockPosition(locks[1]!), 10), [locks[0], locks[4]]);
    assert.deepEqual(await store().locks.listActive(randomId("org"), null, 10), []);
  });

  test("a large fixture loads in batches and pages out whole", async () => {
    const id = naming();
    const orgId = randomId("org");
    const locks = Array.from({ length: 1500 }, (_, i) =>
      aLock(orgId, { lockId: id(`lk_${String(i).padStart(4, "0")}`), status: i % 3 === 0 ? "inactive" : "active" }),
    );
    await store().fixtures.load(fixture({ locks }));
    const expected = locks
      .filter((l) => l.status === "active")
      .map((l) => l.lockId)
      .reverse();
    assert.deepEqual(await walkLocks(store(), orgId, 100), expected);
  });

  test("a lock changed in Redis is read as changed at once, though its record was decoded before", async () => {
    const id = naming();
    const orgId = randomId("org");
    const [a, b] = [aLock(orgId, { lockId: id("lk_a") }), aLock(orgId, { lockId: id("lk_b") })];
    await store().fixtures.load(fixture({ locks: [a, b] }));
    assert.deepEqual((await walkLocks(store(), orgId, 10)).sort(), [id("lk_a"), id("lk_b")]);
    assert.deepEqual(await store().locks.getActive(orgId, id("lk_a")), a);
    // Revoked behind the directory's back (its position left in the index): never served again.
    await redis().hset(redisKeys.locks(orgId), id("lk_a"), JSON.stringify({ ...a, status: "inactive" }));
    assert.deepEqual(
      (await store().locks.listActive(orgId, null, 10)).map((lock) => lock.lockId),
      [id("lk_b")],
    );
    assert.equal(await store().locks.getActive(orgId, id("lk_a")), null);
    // Renamed: the new text is answered, by a fresh directory as by the one that read the old one.
    await redis().hset(redisKeys.locks(orgId), id("lk_b"), JSON.stringify({ ...b, name: "renamed" }));
    for (const locks of [store().locks, createRedisLockDirectory(redis())]) {
      assert.equal((await locks.listActive(orgId, null, 10))[0]?.name, "renamed");
      assert.equal((await locks.getActive(orgId, id("lk_b")))?.name, "renamed");
    }
    // A position whose record is gone is left out.
    await redis().hdel(redisKeys.locks(orgId), id("lk_b"));
    assert.deepEqual(await store().locks.listActive(orgId, null, 10), []);
  });

  test("getActive answers only the org's active locks", async () => {
    const orgId = randomId("org");
    const lock = aLock(orgId, { unitIds: ["u1", "u2"] });
    await store().fixtures.load(fixture({ locks: [lock] }));
    assert.deepEqual(await store().locks.getActive(orgId, lock.lockId), lock);
    assert.equal(await store().locks.getActive(randomId("org"), lock.lockId), null);
  });

  test("templates page by sortOrder then id, and an update moves a template", async () => {
    const id = naming();
    const orgId = randomId("org");
    const templates: Template[] = [
      aTemplate(orgId, { id: id("t_b"), sortOrder: 1 }),
      aTemplate(orgId, { id: id("t_a"), sortOrder: 1 }),
      aTemplate(orgId, { id: id("t_c"), sortOrder: -5 }),
      aTemplate(orgId, { id: id("t_d"), sortOrder: 0 }),
    ];
    await store().fixtures.load(fixture({ templates }));
    const firstPage = await store().templates.list(orgId, null, 3);
    assert.deepEqual(
      firstPage.map((t) => t.id),
      [id("t_c"), id("t_d"), id("t_a")],
    );
    const rest = await store().templates.list(orgId, templatePosition(firstPage[2]!), 3);
    assert.deepEqual(
      rest.map((t) => t.id),
      [id("t_b")],
    );

    const moved = { ...templates[2]!, sortOrder: 9, updatedAt: "2026-02-01T00:00:00.000Z" };
    const event = {
      id: randomId("evt"),
      orgId,
      type: "template.updated",
      createdAt: moved.updatedAt,
      data: { template: moved, previous: templates[2]! },
    } as LintelEvent;
    assert.deepEqual(await store().templates.update(moved, templates[2]!.updatedAt, event), { ok: true });
    assert.deepEqual(
      (await store().templates.list(orgId, null, 10)).map((t) => t.id),
      [id("t_d"), id("t_a"), id("t_b"), id("t_c")],
    );
    assert.equal((await store().templates.get(orgId, id("t_c")))?.sortOrder, 9);
    assert.equal(await store().templates.get(randomId("org"), id("t_c")), null);
  });
});
