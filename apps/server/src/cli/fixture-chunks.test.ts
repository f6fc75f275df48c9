import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FixtureData } from "@lintel/core";
import { countRecords, fixtureChunks, LOAD_ORDER } from "./fixture-chunks.js";

const at = "2026-01-01T00:00:00.000Z";
const data: FixtureData = {
  orgs: [{ id: "o1", name: "One" }],
  apiKeys: [
    {
      id: "k1",
      orgId: "o1",
      name: "k",
      hash: "a".repeat(64),
      scopes: ["locks:read"],
      expiresAt: null,
      revokedAt: null,
      rateLimit: null,
      createdAt: at,
    },
  ],
  units: ["u1", "u2", "u3"].map((id) => ({ id, orgId: "o1", urlKey: id, address: id, timeZone: null, version: 1 })),
  locks: ["l1", "l2"].map((lockId) => ({
    lockId,
    orgId: "o1",
    name: lockId,
    provider: "simulated",
    providerDeviceId: lockId,
    model: null,
    timeZone: null,
    unitIds: ["u1"],
    status: "active" as const,
    createdAt: at,
    updatedAt: at,
  })),
  templates: [{ id: "t1", orgId: "o1", name: "t", body: "b", sortOrder: 0, createdAt: at, updatedAt: at }],
  items: ["i1", "i2", "i3", "i4"].map((id, n) => ({
    kind: "tour" as const,
    id,
    unitId: `u${(n % 3) + 1}`,
    orgId: "o1",
    title: id,
    startAt: at,
    endAt: at,
    lockId: n % 2 ? "l2" : null,
  })),
};

describe("fixtureChunks", () => {
  const total = countRecords(data);

  it("counts every record of every list", () => {
    assert.equal(total, 12);
  });

  for (let size = 1; size <= total + 1; size++) {
    it(`chunks of ${size} hold every record once, in order, none over the size`, () => {
      const chunks = [...fixtureChunks(data, size)];
      assert.equal(chunks.length, Math.ceil(total / size));
      for (const chunk of chunks.slice(0, -1)) assert.equal(countRecords(chunk), size);
      for (const list of LOAD_ORDER) {
        assert.deepEqual(
          chunks.flatMap((c) => c[list] as readonly unknown[]),
          data[list] as readonly unknown[],
          list,
        );
      }
    });

    it(`chunks of ${size} never hold a record before what it refers to`, () => {
      const seen = new Set<string>();
      for (const chunk of fixtureChunks(data, size)) {
        // Within a chunk the sink loads in LOAD_ORDER too, so add this chunk's referents first.
        for (const org of chunk.orgs) seen.add(`org:${org.id}`);
        for (const unit of chunk.units) {
          assert.ok(seen.has(`org:${unit.orgId}`), unit.id);
          seen.add(`unit:${unit.id}`);
        }
        for (const lock of chunk.locks) {
          for (const unitId of lock.unitIds) assert.ok(seen.has(`unit:${unitId}`), lock.lockId);
          seen.add(`lock:${lock.lockId}`);
        }
        for (const item of chunk.items) {
          assert.ok(seen.has(`unit:${item.unitId}`), item.id);
          if (item.lockId !== null) assert.ok(seen.has(`lock:${item.lockId}`), item.id);
        }
        for (const key of chunk.apiKeys) assert.ok(seen.has(`org:${key.orgId}`));
      }
    });
  }

  it("refuses a chunk size that is not a positive integer", () => {
    assert.throws(() => [...fixtureChunks(data, 0)], RangeError);
    assert.throws(() => [...fixtureChunks(data, 1.5)], RangeError);
  });
});
