import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { generateApiKey, hashApiKey, type ApiKeyRecord, type BudgetDecision, type RatePolicy } from "@lintel/domain";
import { createAdmission } from "./admission.js";
import { GOOD_KEY_MEMORY_MS, rememberGoodKeys } from "./good-keys.js";
import { systemClock, type ApiKeyStore, type RequestBudget } from "../ports/ports.js";

/** A budget of `policy.requests` per bucket that never refills; every call yields first, as a network store would. */
function slowCountingBudget(): RequestBudget {
  const used = new Map<string, number>();
  const decision = (policy: RatePolicy, left: number, allowed: boolean): BudgetDecision => ({
    allowed,
    remaining: Math.max(0, left),
    resetSeconds: 60,
    retryAfterSeconds: allowed ? 0 : 2,
    policy,
  });
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return {
    async peek(bucket, policy) {
      await tick();
      const count = used.get(bucket) ?? 0;
      return decision(policy, policy.requests - count - 1, count < policy.requests);
    },
    async consume(bucket, policy) {
      await tick();
      const count = used.get(bucket) ?? 0;
      if (count >= policy.requests) return decision(policy, 0, false);
      used.set(bucket, count + 1);
      return decision(policy, policy.requests - count - 1, true);
    },
  };
}

const noKeys: ApiKeyStore = {
  findByHash: async () => null,
  findAndConsume: async () => null,
  put: async () => {},
  revoke: async () => false,
  listByOrg: async () => [],
};

describe("admission: the failed-key budget per address", () => {
  it("is exact under concurrency: of 45 simultaneous bad keys from one address, exactly 30 are 401, the rest 429", async () => {
    const admit = createAdmission(
      { apiKeys: noKeys, budget: slowCountingBudget(), clock: systemClock },
      { defaultRateLimit: { requests: 600, windowSeconds: 60 }, failedAuthLimit: { requests: 30, windowSeconds: 60 } },
    );
    const outcomes = await Promise.all(
      Array.from({ length: 45 }, () => admit({ apiKey: "lnt_bad", clientAddress: "203.0.113.9", scope: "locks:read" })),
    );
    const codes = outcomes.map((outcome) => (outcome.ok ? "ok" : outcome.problem.code));
    assert.equal(codes.filter((code) => code === "invalid_api_key").length, 30);
    assert.equal(codes.filter((code) => code === "rate_limited").length, 15);
    const limited = outcomes.find((outcome) => !outcome.ok && outcome.problem.code === "rate_limited");
    assert.ok(limited && !limited.ok && limited.problem.retryAfterSeconds === 2 && limited.budget === undefined);
  });
});

/** A key store over a mutable list of records, counting lookups. */
function keyStore(records: ApiKeyRecord[], budget: RequestBudget) {
  const lookups = { count: 0 };
  const find = (hash: string) => records.find((record) => record.hash === hash) ?? null;
  const apiKeys: ApiKeyStore = {
    findByHash: async (hash) => find(hash),
    async findAndConsume(hash, defaultPolicy) {
      lookups.count++;
      const key = find(hash);
      return key === null ? null : { key, budget: await budget.consume(`key:${hash}`, key.rateLimit ?? defaultPolicy) };
    },
    put: async () => {},
    revoke: async () => false,
    listByOrg: async () => [],
  };
  return { apiKeys, lookups };
}

function keyRecord(id: string, key: string): ApiKeyRecord {
  return {
    id,
    orgId: "org_a",
    name: id,
    hash: hashApiKey(key),
    scopes: ["locks:read"],
    expiresAt: null,
    revokedAt: null,
    rateLimit: null,
    createdAt: "2026-01-01T00:00:00.000Z",
  };
}

/** Three failed keys per address that never refill, a manual clock, two tenants' keys behind one address. */
function sharedAddress() {
  let now = Date.parse("2026-06-01T12:00:00.000Z");
  const keys = { seen: generateApiKey(), unseen: generateApiKey(), stale: generateApiKey() };
  const records = [keyRecord("key_seen", keys.seen), keyRecord("key_unseen", keys.unseen)];
  const budget = slowCountingBudget();
  const { apiKeys, lookups } = keyStore(records, budget);
  const admit = createAdmission(
    { apiKeys, budget, clock: { now: () => now } },
    { defaultRateLimit: { requests: 600, windowSeconds: 60 }, failedAuthLimit: { requests: 3, windowSeconds: 60 } },
  );
  const ask = async (apiKey: string, clientAddress = "198.51.100.7") => {
    const outcome = await admit({ apiKey, clientAddress, scope: "locks:read" });
    return outcome.ok ? "ok" : outcome.problem.code;
  };
  const spendAddressBudget = async (clientAddress = "198.51.100.7") => {
    for (let i = 0; i < 3; i++) assert.equal(await ask(keys.stale, clientAddress), "invalid_api_key");
    assert.equal(await ask(keys.stale, clientAddress), "rate_limited");
  };
  return { admit, ask, keys, records, lookups, spendAddressBudget, advance: (ms: number) => (now += ms) };
}

describe("admission: keys found good lately are not locked out by their address's failed keys (SPEC 2)", () => {
  it("an address with its failed-key budget spent still admits a key found good before, and refuses an unseen one", async () => {
    const { ask, keys, spendAddressBudget } = sharedAddress();
    assert.equal(await ask(keys.seen), "ok");
    await spendAddressBudget();
    assert.equal(await ask(keys.seen), "ok");
    assert.equal(await ask(keys.unseen), "rate_limited", "a valid key this instance has not found good yet");
    assert.equal(await ask(keys.unseen, "198.51.100.8"), "ok", "another address is not refused");
  });

  it("a refused address gets its 429 without a key lookup, unless the key was found good lately", async () => {
    const { ask, keys, lookups, spendAddressBudget } = sharedAddress();
    assert.equal(await ask(keys.seen), "ok");
    await spendAddressBudget();
    const before = lookups.count;
    assert.equal(await ask(keys.unseen), "rate_limited");
    assert.equal(await ask(keys.stale), "rate_limited");
    assert.equal(lookups.count, before, "no lookup for a refused address");
    assert.equal(await ask(keys.seen), "ok");
    assert.equal(lookups.count, before + 1, "the remembered key is still looked up and judged");
  });

  it("a key revoked (or expired) since it was found good is refused, and is exempt no more", async () => {
    const { ask, keys, records, spendAddressBudget } = sharedAddress();
    assert.equal(await ask(keys.seen), "ok");
    await spendAddressBudget();
    const index = records.findIndex((record) => record.id === "key_seen");
    records[index] = { ...records[index]!, revokedAt: "2026-06-01T12:00:00.000Z" };
    assert.equal(await ask(keys.seen), "rate_limited", "revoked: its failure counts against the spent address budget");
    records[index] = { ...records[index]!, revokedAt: null };
    assert.equal(await ask(keys.seen), "rate_limited", "forgotten once found bad: refused before any lookup");
    assert.equal(await ask(keys.seen, "198.51.100.9"), "ok");
    records[index] = { ...records[index]!, revokedAt: "2026-06-01T12:00:00.000Z" };
    assert.equal(await ask(keys.seen, "198.51.100.9"), "invalid_api_key", "from an address with budget left: a plain 401");
  });

  it("the exemption lasts 10 minutes from the last time the key was found good", async () => {
    const { ask, keys, spendAddressBudget, advance } = sharedAddress();
    assert.equal(await ask(keys.seen), "ok");
    await spendAddressBudget(); // this budget never refills
    advance(GOOD_KEY_MEMORY_MS - 1);
    assert.equal(await ask(keys.seen), "ok", "found good again: 10 more minutes");
    advance(GOOD_KEY_MEMORY_MS - 1);
    assert.equal(await ask(keys.seen), "ok");
    advance(GOOD_KEY_MEMORY_MS);
    assert.equal(await ask(keys.seen), "rate_limited");
  });
});

describe("rememberGoodKeys", () => {
  it("holds at most its capacity, forgetting the key confirmed longest ago first", () => {
    const clock = { now: () => 0 };
    const good = rememberGoodKeys(clock, 2, 60_000);
    good.foundGood("a");
    good.foundGood("b");
    good.foundGood("a"); // confirmed again: now the newest
    good.foundGood("c");
    assert.deepEqual(
      ["a", "b", "c"].map((hash) => good.has(hash)),
      [true, false, true],
    );
  });

  it("forgets a key found bad, and one not confirmed within its span", () => {
    let now = 0;
    const good = rememberGoodKeys({ now: () => now }, 10, 1000);
    good.foundGood("a");
    good.foundGood("b");
    good.foundBad("a");
    assert.equal(good.has("a"), false);
    now = 999;
    assert.equal(good.has("b"), true);
    now = 1000;
    assert.equal(good.has("b"), false);
    assert.equal(good.has("never"), false);
  });
});
