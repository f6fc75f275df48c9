// A tour's PIN over the memory store (docs/contract.md "Tours"): drawn under the device's code
// rules as the provider last listed them, learned in the background when the fixture loads; 6
// digits while none are known, without waiting on a provider that does not answer; held by no
// code ahead on the device, whichever org's lock names it, a clash forced with a random source
// that always answers 0; simulated devices are each lock's own.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseFixture, type Caller } from "@lintel/core";
import type { DeviceCode, LockProvider, LockReading } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
import { pinFits, pinRules } from "@lintel/domain/adapters";
import { assertRacedPins } from "@lintel/testkit";
import { createMemoryLintel } from "./index.js";

const FOUR_DIGITS = pinRules([4], ["no_zeros", "at_least_three_unique_digits"]);
const caller = (orgId: string): Caller => ({ keyId: `key_${orgId}`, orgId, scopes: ["tours:write", "units:read"] });

/** A lock of `orgId` on `provider`'s device `deviceId`, serving the org's unit `unit_<orgId>`. */
const lock = (orgId: string, lockId: string, provider: string, deviceId: string) => ({
  lockId,
  orgId,
  name: lockId,
  provider,
  providerDeviceId: deviceId,
  unitIds: [`unit_${orgId}`],
  createdAt: "2026-01-01T00:00:00.000Z",
});

/** Two orgs, each with a unit served by one lock: both on August's device `dev_shared`, or both on the simulator's `gate`. */
function fixture(provider: "august" | "simulated") {
  const parsed = parseFixture({
    orgs: [
      { id: "org_p", name: "P" },
      { id: "org_q", name: "Q" },
    ],
    units: ["org_p", "org_q"].map((orgId) => ({
      id: `unit_${orgId}`,
      orgId,
      urlKey: orgId.replace("_", "-"),
      address: "1 Pin St",
      timeZone: "UTC",
    })),
    locks: [
      lock("org_p", "lk_p", provider, provider === "august" ? "dev_shared" : "gate"),
      lock("org_q", "lk_q", provider, provider === "august" ? "dev_shared" : "gate"),
    ],
  });
  assert.ok(parsed.ok, parsed.ok ? "" : parsed.errors.join("\n"));
  return parsed.data;
}

/** A provider answering every lock locked, with `rules` when given, listing `codes` on every device; `hang` never answers. */
function provider(
  rules: LockReading["codeRules"],
  hang = false,
  codes: readonly DeviceCode[] = [],
): LockProvider & { readonly reads: Lock[] } {
  const reads: Lock[] = [];
  return {
    reads,
    readCodes: async () => codes,
    readState: (read) => {
      reads.push(read);
      if (hang) return new Promise<LockReading>(() => {});
      return Promise.resolve({
        lockId: read.lockId,
        provider: read.provider,
        lockState: "locked",
        doorState: "closed",
        online: true,
        batteryLevel: null,
        lastSeenAt: null,
        fetchedAt: new Date().toISOString(),
        ...(rules === undefined ? {} : { codeRules: rules }),
      });
    },
  };
}

async function book(lintel: Awaited<ReturnType<typeof createMemoryLintel>>["lintel"], orgId: string, hour: number): Promise<string> {
  const startMs = Date.parse("2030-01-01T00:00:00Z") + hour * 3_600_000;
  const result = await lintel.bookTour(caller(orgId), {
    unitIdOrKey: `unit_${orgId}`,
    startAt: new Date(startMs).toISOString(),
    endAt: new Date(startMs + 1_800_000).toISOString(),
    prospect: { name: "Ada" },
  });
  assert.ok(result.ok, result.ok ? "" : result.problem.detail);
  const pin = result.value.tour.access.code;
  assert.ok(pin !== null);
  return pin;
}

const until = async (what: string, probe: () => Promise<boolean>) => {
  for (const deadline = Date.now() + 5_000; !(await probe()); await new Promise((resolve) => setTimeout(resolve, 5))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
};

describe("memory: a tour's PIN, under the device's rules and unique on the device", () => {
  it("the rules are learned in the background when the fixture loads; a booking then draws under them", async () => {
    const lockProvider = provider(FOUR_DIGITS);
    const { lintel, store } = await createMemoryLintel({ fixture: fixture("august"), lockProvider });
    try {
      await until("the rules stored", async () => (await store.observations.last("org_p", "lk_p"))?.codeRules !== undefined);
      assert.deepEqual((await store.observations.last("org_p", "lk_p"))?.codeRules, FOUR_DIGITS);
      for (let hour = 0; hour < 20; hour++) {
        const pin = await book(lintel, "org_p", hour);
        assert.match(pin, /^[1-9]{4}$/);
        assert.ok(new Set(pin).size >= 3, pin);
        assert.ok(pinFits(pin, FOUR_DIGITS));
      }
    } finally {
      await lintel.close();
    }
  });

  it("while no rules are known (the provider never answers), a booking takes 6 digits and does not wait", async () => {
    const lockProvider = provider(FOUR_DIGITS, true);
    const { lintel } = await createMemoryLintel({ fixture: fixture("august"), lockProvider, lockProviderTimeoutMs: 1_000 });
    try {
      await until("the background read started", async () => lockProvider.reads.length === 2);
      assert.match(await book(lintel, "org_p", 0), /^[0-9]{6}$/);
    } finally {
      await lintel.close();
    }
  });

  it("two orgs' locks on one device: the second PIN differs from the first even when the draw repeats it", async () => {
    const { lintel } = await createMemoryLintel({ fixture: fixture("august"), lockProvider: provider(undefined), pinRandom: () => 0 });
    try {
      const first = await book(lintel, "org_p", 0);
      const second = await book(lintel, "org_q", 0);
      assert.equal(first, "000000");
      assert.equal(second, "000001", "a clash with the other org's code on the device is drawn again");
      assert.equal(await book(lintel, "org_p", 1), "000002");
    } finally {
      await lintel.close();
    }
  });

  it("a code put on the device outside Lintel: its PIN's tag is learned with the rules, never the PIN, and a draw that meets it draws again", async () => {
    const maintenance: DeviceCode = { providerCodeId: "seam_maintenance", pin: "000000", endsAt: null };
    const lockProvider = provider(undefined, false, [maintenance]);
    const { lintel, store } = await createMemoryLintel({ fixture: fixture("august"), lockProvider, pinRandom: () => 0 });
    try {
      for (const [orgId, lockId] of [
        ["org_p", "lk_p"],
        ["org_q", "lk_q"],
      ] as const) {
        await until("the outside tags stored", async () => (await store.observations.last(orgId, lockId))?.outsideTags !== undefined);
        const observed = await store.observations.last(orgId, lockId);
        assert.equal(observed?.outsideTags?.length, 1);
        assert.ok(!JSON.stringify(observed).includes("000000"), "the outside PIN is kept in the clear");
      }
      assert.equal(await book(lintel, "org_p", 0), "000001", "the first draw, the maintenance code's PIN, is drawn again");
      assert.equal(await book(lintel, "org_q", 0), "000002");
      const events = await store.events.list("org_p", null, null, 100);
      assert.ok(!JSON.stringify(events).includes("000000"), "the outside PIN is in an event");
    } finally {
      await lintel.close();
    }
  });

  it("a device on which 64 drawn PINs in a row are held refuses the booking, 400 naming lockId, and stores nothing; one free PIN more and it books", async () => {
    const held = (count: number): DeviceCode[] =>
      Array.from({ length: count }, (_, i) => ({ providerCodeId: `seam_other_${i}`, pin: String(i).padStart(6, "0"), endsAt: null }));
    for (const [count, expected] of [
      [64, null],
      [63, "000063"],
    ] as const) {
      const { lintel, store } = await createMemoryLintel({
        fixture: fixture("august"),
        lockProvider: provider(undefined, false, held(count)),
        pinRandom: () => 0,
      });
      try {
        await until("the outside tags stored", async () => (await store.observations.last("org_p", "lk_p"))?.outsideTags?.length === count);
        const result = await lintel.bookTour(caller("org_p"), {
          unitIdOrKey: "unit_org_p",
          startAt: "2030-01-01T10:00:00.000Z",
          endAt: "2030-01-01T10:30:00.000Z",
          prospect: { name: "Ada" },
        });
        if (expected === null) {
          assert.equal(result.ok, false);
          assert.equal(result.ok ? null : result.problem.code, "invalid_request");
          assert.match(result.ok ? "" : JSON.stringify(result.problem), /lockId/);
          assert.deepEqual(await store.units.itemsOf("org_p", "unit_org_p"), [], "nothing stored");
        } else {
          assert.equal(result.ok ? result.value.tour.access.code : result.problem.detail, expected);
        }
      } finally {
        await lintel.close();
      }
    }
  });

  it("two bookings at once on one lock, both drawing the same PIN: the store refuses the second (pin_taken), which draws again", async () => {
    const { lintel, store } = await createMemoryLintel({ fixture: fixture("simulated"), pinRandom: () => 0 });
    try {
      await assertRacedPins(store.tours, () => Promise.all([book(lintel, "org_p", 0), book(lintel, "org_p", 0)]));
    } finally {
      await lintel.close();
    }
  });

  it("codes loaded without a tag (a store from before the index) are filed by the first booking, which draws around their PINs", async () => {
    const { lintel, store } = await createMemoryLintel({ fixture: fixture("simulated"), pinRandom: () => 0 });
    try {
      const held = {
        kind: "code" as const,
        id: "code_old",
        unitId: "unit_org_p",
        title: "Old",
        startAt: "2029-12-31T00:00:00.000Z",
        endAt: "2031-01-01T00:00:00.000Z",
        lockId: "lk_p",
        code: "000000",
        orgId: "org_p",
      };
      const ended = { ...held, id: "code_ended", code: "000001", endAt: "2020-01-01T00:00:00.000Z", startAt: "2019-12-31T00:00:00.000Z" };
      // Straight through the store's sink, without tags (a PIN stored unsealed opens as itself).
      const report = await store.fixtures.load({ orgs: [], apiKeys: [], units: [], locks: [], templates: [], items: [held, ended] });
      assert.equal(report.items.added.length, 2);
      assert.equal(await store.tours.pinHolders("org_p", "lk_p", ["x"]), null, "the lock's codes are not all filed");
      assert.equal(await book(lintel, "org_p", 0), "000001", "the held PIN is avoided; the ended one is free");
      assert.deepEqual(await store.tours.pinHolders("org_p", "lk_p", ["x"]), [], "the lock's codes are filed");
    } finally {
      await lintel.close();
    }
  });

  it("simulated locks are each their own device: two orgs' 'gate' may hold one PIN", async () => {
    const { lintel } = await createMemoryLintel({ fixture: fixture("simulated"), pinRandom: () => 0 });
    try {
      assert.equal(await book(lintel, "org_p", 0), "000000");
      assert.equal(await book(lintel, "org_q", 0), "000000");
      assert.equal(await book(lintel, "org_p", 1), "000001", "within one lock a clash is drawn again");
    } finally {
      await lintel.close();
    }
  });
});
