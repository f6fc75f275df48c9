import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  API_KEY_PREFIX,
  apiKeyChecksum,
  evaluateApiKey,
  generateApiKey,
  grantsScope,
  hashApiKey,
  IMPLIED_SCOPES,
  isWellFormedApiKey,
  requireScope,
} from "./keys.js";
import { SCOPES, type ApiKeyRecord } from "../records/records.js";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A key made from fast-check's randomness, so failures shrink and replay. */
const apiKey = fc.array(fc.nat({ max: 61 }), { minLength: 34, maxLength: 34 }).map((indexes) => {
  let i = 0;
  return generateApiKey(() => indexes[i++] ?? 0);
});

function record(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: "key_1",
    orgId: "org_1",
    name: "test",
    hash: "0".repeat(64),
    scopes: ["locks:read"],
    expiresAt: null,
    revokedAt: null,
    rateLimit: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("API keys", () => {
  it("checksum round trip: every generated key is well formed", () => {
    fc.assert(
      fc.property(apiKey, (key) => {
        assert.match(key, /^lnt_[0-9A-Za-z]{40}$/);
        assert.equal(isWellFormedApiKey(key), true);
      }),
    );
    assert.equal(isWellFormedApiKey(generateApiKey()), true);
  });

  it("every single-character change of the 40 characters is rejected", () => {
    fc.assert(
      fc.property(apiKey, fc.nat(), (key, seed) => {
        for (let i = API_KEY_PREFIX.length; i < key.length; i++) {
          const others = ALPHABET.replace(key[i] ?? "", "");
          const changed = key.slice(0, i) + others[(seed + i) % others.length] + key.slice(i + 1);
          assert.equal(isWellFormedApiKey(changed), false, `position ${i}: ${changed}`);
        }
      }),
    );
  });

  it("every single-character change of the body is rejected, exhaustively for one key", () => {
    const key = generateApiKey();
    for (let i = API_KEY_PREFIX.length; i < key.length; i++) {
      for (const c of ALPHABET) {
        if (c === key[i]) continue;
        assert.equal(isWellFormedApiKey(key.slice(0, i) + c + key.slice(i + 1)), false);
      }
    }
  });

  it("wrong prefix, length or characters are rejected", () => {
    fc.assert(
      fc.property(apiKey, (key) => {
        assert.equal(isWellFormedApiKey(`lnx_${key.slice(4)}`), false);
        assert.equal(isWellFormedApiKey(key.slice(0, -1)), false);
        assert.equal(isWellFormedApiKey(`${key}0`), false);
        assert.equal(isWellFormedApiKey(`${key.slice(0, 10)}-${key.slice(11)}`), false);
        assert.equal(isWellFormedApiKey(` ${key}`), false);
      }),
    );
  });

  it('checksum example: CRC-32 of "123456789" is 0xCBF43926 = 3421780262 = base 62 "3jZRME"', () => {
    // 3·62⁵ + 45·62⁴ + 35·62³ + 27·62² + 22·62 + 14 = 3421780262; digits 3 j Z R M E.
    assert.equal(3 * 62 ** 5 + 45 * 62 ** 4 + 35 * 62 ** 3 + 27 * 62 ** 2 + 22 * 62 + 14, 0xcbf43926);
    assert.equal(apiKeyChecksum("123456789"), "3jZRME");
  });

  it("checksum is left-padded to 6 digits", () => {
    // CRC-32 of the empty text is 0.
    assert.equal(apiKeyChecksum(""), "000000");
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 40 }), (body) => {
        assert.match(apiKeyChecksum(body), /^[0-9A-Za-z]{6}$/);
      }),
    );
  });

  it("hash is 64 hex and differs for different keys", () => {
    fc.assert(
      fc.property(apiKey, apiKey, (a, b) => {
        assert.match(hashApiKey(a), /^[0-9a-f]{64}$/);
        assert.equal(hashApiKey(a), hashApiKey(a));
        if (a !== b) assert.notEqual(hashApiKey(a), hashApiKey(b));
      }),
    );
  });

  it("evaluateApiKey: missing, revoked or expired (expiresAt ≤ now) is invalid; otherwise valid", () => {
    const now = Date.parse("2026-06-01T12:00:00.000Z");
    const invalid = { ok: false, code: "invalid_api_key" };
    assert.deepEqual(evaluateApiKey(null, now), invalid);
    assert.deepEqual(evaluateApiKey(record({ revokedAt: "2030-01-01T00:00:00.000Z" }), now), invalid);
    assert.deepEqual(evaluateApiKey(record({ expiresAt: "2026-06-01T12:00:00.000Z" }), now), invalid);
    assert.deepEqual(evaluateApiKey(record({ expiresAt: "2026-06-01T11:59:59.999Z" }), now), invalid);
    const live = record({ expiresAt: "2026-06-01T12:00:00.001Z" });
    assert.deepEqual(evaluateApiKey(live, now), { ok: true, key: live });
    assert.deepEqual(evaluateApiKey(record(), now), { ok: true, key: record() });
  });

  it("evaluateApiKey: any expiry at or before now is invalid, any later one valid", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: -1e10, max: 1e10 }), (now, delta) => {
        const expiresAt = new Date(now + delta).toISOString();
        assert.equal(evaluateApiKey(record({ expiresAt }), now).ok, delta > 0);
      }),
    );
  });

  it("requireScope passes a held scope and names a missing one", () => {
    fc.assert(
      fc.property(fc.subarray([...SCOPES]), fc.constantFrom(...SCOPES), (granted, required) => {
        const check = requireScope(granted, required);
        const implied =
          (required === "units:read" && granted.includes("units:write")) ||
          (required === "messages:read" && granted.includes("messages:write")) ||
          (required === "locks:read" && granted.includes("locks:write")) ||
          (required === "tours:read" && granted.includes("tours:write"));
        if (granted.includes(required) || implied) {
          assert.deepEqual(check, { ok: true });
        } else {
          assert.equal(check.ok, false);
          if (check.ok) return;
          assert.equal(check.code, "missing_scope");
          assert.equal(check.scope, required);
          assert.ok(check.detail.includes(required), check.detail);
        }
      }),
    );
  });

  it("units:write lets a key read units (SPEC 2), and units:read grants nothing else", () => {
    assert.deepEqual(requireScope(["units:write"], "units:read"), { ok: true });
    assert.equal(requireScope(["units:read"], "units:write").ok, false);
    assert.equal(requireScope(["locks:read", "messages:read", "lock-state:read"], "units:read").ok, false);
  });

  it("locks:write lets a key read locks (SPEC 2, 5.14), and locks:read grants no write", () => {
    assert.deepEqual(requireScope(["locks:write"], "locks:read"), { ok: true });
    assert.equal(requireScope(["locks:read"], "locks:write").ok, false);
    assert.equal(requireScope(["locks:write"], "lock-state:read").ok, false, "the live state is a scope of its own");
    assert.equal(requireScope(["units:write", "lock-state:read"], "locks:write").ok, false);
  });
});

describe("the events scopes (SPEC 2, 5.10)", () => {
  it("webhooks:write and events:read are scopes of their own: implied by no other, implying none", () => {
    for (const scope of ["webhooks:write", "events:read"] as const) {
      assert.ok(SCOPES.includes(scope));
      assert.equal(IMPLIED_SCOPES[scope], undefined);
      assert.equal(
        grantsScope(
          SCOPES.filter((s) => s !== scope),
          scope,
        ),
        false,
      );
    }
    for (const scope of SCOPES.filter((s) => s !== "webhooks:write" && s !== "events:read" && s !== "units:read")) {
      assert.equal(grantsScope(["webhooks:write", "events:read"], scope), false);
    }
  });
});
