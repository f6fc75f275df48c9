// A tour's PIN over Redis (docs/decisions.md "PINs"): two bookings at once on one lock, forced
// to draw the same PIN, end with distinct PINs, the tour write's script refusing the second
// (pin_taken); a lock whose codes were stored before the PIN index is filed by its first booking.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseFixture, type Caller } from "@lintel/core";
import { randomDataKey } from "@lintel/domain/adapters";
import { createSimulatedLockCodeProgrammer, createSimulatedLockProvider } from "@lintel/store-memory";
import { assertRacedPins, randomId, randomUrlKey } from "@lintel/testkit";
import { createRedisLintel } from "./index.js";
import { redisKeys } from "./redis/keys.js";
import { useTestRedis } from "./redis.test-support.js";

describe("redis: a tour's PIN is unique on its lock", () => {
  const redis = useTestRedis();

  /** A Lintel whose PIN draws always answer 0, with a fresh org, unit and simulated lock. */
  async function seed() {
    const orgId = randomId("org");
    const unitId = randomId("unit");
    const lockId = randomId("lk");
    const { lintel, store } = createRedisLintel({
      redis: redis(),
      deliveryGroup: randomId("pins"),
      cursorSecrets: ["s".repeat(32)],
      dataKeys: [randomDataKey()],
      lockProvider: createSimulatedLockProvider(),
      lockCodeProgrammer: createSimulatedLockCodeProgrammer(),
      pinRandom: () => 0,
    });
    const parsed = parseFixture({
      orgs: [{ id: orgId, name: "P" }],
      units: [{ id: unitId, orgId, urlKey: randomUrlKey(), address: "1 Pin St", timeZone: "UTC" }],
      locks: [
        {
          lockId,
          orgId,
          name: "Gate",
          provider: "simulated",
          providerDeviceId: "gate",
          unitIds: [unitId],
          createdAt: "2026-01-01T00:00:00.000Z",
        },
      ],
    });
    assert.ok(parsed.ok, parsed.ok ? "" : parsed.errors.join("\n"));
    await lintel.loadFixture(parsed.data);
    const caller: Caller = { keyId: randomId("key"), orgId, scopes: ["tours:write", "units:read"] };
    const book = async (hour: number) => {
      const startMs = Date.parse("2030-01-01T00:00:00Z") + hour * 3_600_000;
      const result = await lintel.bookTour(caller, {
        unitIdOrKey: unitId,
        startAt: new Date(startMs).toISOString(),
        endAt: new Date(startMs + 1_800_000).toISOString(),
        prospect: { name: "Ada" },
      });
      assert.ok(result.ok, result.ok ? "" : result.problem.detail);
      return result.value.tour.access.code;
    };
    return { orgId, lockId, lintel, store, book };
  }

  test("two bookings at once on one lock, both drawing the same PIN: the script refuses the second (pin_taken), which draws again", async () => {
    const { lintel, store, book } = await seed();
    try {
      await assertRacedPins(store.tours, () => Promise.all([book(0), book(0)]));
    } finally {
      await lintel.close();
    }
  });

  test("codes stored before the index: the lock's first booking files them and draws around their PINs", async () => {
    const { orgId, lockId, lintel, store, book } = await seed();
    try {
      assert.equal(await book(0), "000000");
      // As an older Lintel left it: the code, but no index.
      await redis().del(redisKeys.pins(orgId), redisKeys.pinsFiled(orgId), redisKeys.pinLocks(orgId));
      assert.equal(await store.tours.pinHolders(orgId, lockId, ["x"]), null);
      assert.equal(await book(1), "000001");
      assert.deepEqual(await store.tours.pinHolders(orgId, lockId, ["x"]), [], "the lock's codes are filed");
      assert.equal(await redis().zcard(redisKeys.pins(orgId)), 2);
      const members = await redis().zrange(redisKeys.pins(orgId), 0, -1);
      for (const member of members) {
        const [lock, tag] = member.split("|");
        assert.equal(lock, lockId);
        assert.match(tag ?? "", /^[A-Za-z0-9_-]{22}$/, "a tag, never the PIN in the clear");
        assert.ok(!member.includes("000000") && !member.includes("000001"));
      }
    } finally {
      await lintel.close();
    }
  });
});
