import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ApiKeyRecord, Unit } from "@lintel/domain";

const instant = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
const aUnit = (orgId: string, over: Partial<Unit> = {}): Unit => ({
  id: "u_1",
  orgId,
  urlKey: "elm-12",
  address: "12 Elm St",
  timeZone: "America/New_York",
  version: 1,
  ...over,
});
const anApiKey = (orgId: string, over: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  id: "key_1",
  orgId,
  name: "ops",
  hash: "a".repeat(64),
  scopes: ["locks:read"],
  expiresAt: null,
  revokedAt: null,
  rateLimit: null,
  createdAt: instant(0),
  ...over,
});
import { mergeApiKey, mergeUnit, sameRecord } from "./fixture-merge.js";

describe("fixture merge rules (update loads)", () => {
  it("a merged unit's version is never below the stored one, and above it whenever a field changed", () => {
    for (const storedVersion of [1, 2, 7, 40]) {
      for (const fixtureVersion of [1, 2, 8, 100]) {
        for (const readdress of [false, true]) {
          const stored = aUnit("org_a", { version: storedVersion });
          const incoming = { ...stored, version: fixtureVersion, address: readdress ? "14 Elm St" : stored.address };
          const merged = mergeUnit(stored, incoming);
          if (!readdress) {
            assert.equal(merged, null, "a unit differing in its version only was rewritten");
            continue;
          }
          assert.deepEqual(merged, { ...incoming, version: Math.max(fixtureVersion, storedVersion + 1) });
        }
      }
    }
  });

  it("a stored revokedAt survives an update; a fixture's revokedAt applies to a live key", () => {
    const revoked = anApiKey("org_a", { revokedAt: instant(5) });
    assert.equal(mergeApiKey(revoked, { ...revoked, revokedAt: null }), null);
    assert.deepEqual(mergeApiKey(revoked, { ...revoked, name: "new", revokedAt: null }), { ...revoked, name: "new" });
    const live = anApiKey("org_a");
    assert.deepEqual(mergeApiKey(live, { ...live, revokedAt: instant(7) }), { ...live, revokedAt: instant(7) });
  });

  it("sameRecord compares plain data deeply, key order aside", () => {
    assert.equal(sameRecord({ a: [1, { b: null }], c: "x" }, { c: "x", a: [1, { b: null }] }), true);
    assert.equal(sameRecord({ a: [1, 2] }, { a: [2, 1] }), false);
    assert.equal(sameRecord({ a: 1 }, { a: 1, b: undefined }), false);
    assert.equal(sameRecord([], {}), false);
  });
});
