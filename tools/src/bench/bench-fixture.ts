/**
 * The HTTP benchmarks' data: the demo fixture under one bench key whose budget never runs
 * out, and the clean-up of what a Redis run wrote.
 */
import { demoFixture } from "@lintel/server/demo";
import { hashApiKey, SCOPES } from "@lintel/domain";
import { Redis } from "ioredis";
import { redisKeys } from "@lintel/store-redis";

type Json = Record<string, unknown>;

/**
 * The demo fixture with its orgs renamed by `suffix` (Redis is shared; "" keeps the names),
 * its keys replaced by one bench key of the first org with every scope and a budget of
 * 999,999,999 requests per second.
 */
export function benchFixture(
  suffix: string,
  key: string,
  scopes: readonly string[] = SCOPES,
): { fixture: Json; orgIds: string[]; keyId: string } {
  const demo = demoFixture() as Record<string, Json[]>;
  const rename = (orgId: unknown) => `${String(orgId)}${suffix}`;
  const fixture: Record<string, Json[]> = {};
  for (const [list, records] of Object.entries(demo)) {
    fixture[list] = records.map((r) =>
      "orgId" in r ? { ...r, orgId: rename(r["orgId"]) } : list === "orgs" ? { ...r, id: rename(r["id"]) } : r,
    );
  }
  const orgIds = (fixture["orgs"] ?? []).map((o) => String(o["id"]));
  const keyId = `key_bench${suffix}`;
  fixture["apiKeys"] = [
    {
      id: keyId,
      orgId: orgIds[0],
      name: "HTTP bench",
      key,
      scopes: [...scopes],
      expiresAt: null,
      revokedAt: null,
      rateLimit: { requests: 999_999_999, windowSeconds: 1 },
      createdAt: "2026-01-01T00:00:00.000Z",
    },
  ];
  return { fixture, orgIds, keyId };
}

export async function dropFromRedis(url: string, orgIds: readonly string[], key: string, keyId: string): Promise<void> {
  const redis = new Redis(url);
  try {
    const keys = [redisKeys.apiKeyByHash(hashApiKey(key)), redisKeys.apiKeyHashById(keyId)];
    for (const orgId of orgIds) {
      let cursor = "0";
      do {
        const [next, found] = await redis.scan(cursor, "MATCH", `lintel:\\{org:${orgId}\\}*`, "COUNT", 1000);
        keys.push(...found);
        cursor = next;
      } while (cursor !== "0");
    }
    // The owner index is global (`lintel:owner:<type>:<id>` → org): only entries naming a bench org go.
    const benchOrgs = new Set(orgIds);
    let cursor = "0";
    do {
      const [next, owners] = await redis.scan(cursor, "MATCH", "lintel:owner:*", "COUNT", 1000);
      const named = owners.length === 0 ? [] : await redis.mget(...owners);
      keys.push(...owners.filter((_, i) => benchOrgs.has(named[i] ?? "")));
      cursor = next;
    } while (cursor !== "0");
    // The lock-device index is global too (`lintel:lockdevice:<device>` → `<org>/<lock>`, shared
    // by the orgs whose locks name that device): only the bench orgs' entries go (an emptied set
    // goes with its last member).
    let entries = 0;
    cursor = "0";
    do {
      const [next, devices] = await redis.scan(cursor, "MATCH", "lintel:lockdevice:*", "COUNT", 1000);
      for (const device of devices) {
        const ours = (await redis.smembers(device)).filter((entry) => benchOrgs.has(entry.slice(0, entry.indexOf("/"))));
        if (ours.length > 0) entries += await redis.srem(device, ...ours);
      }
      cursor = next;
    } while (cursor !== "0");
    // The sets of orgs whose code work, or messages, are leased (one per delivery group) are global too: only the bench orgs go.
    for (const pattern of ["lintel:lockcodes:orgs:*", "lintel:messages:orgs:*"]) {
      cursor = "0";
      do {
        const [next, sets] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
        for (const set of sets) if (orgIds.length > 0) entries += await redis.srem(set, ...orgIds);
        cursor = next;
      } while (cursor !== "0");
    }
    console.log(
      `removed ${await redis.unlink(...keys)} Redis keys of the bench orgs and ${entries} entries of theirs in the global indexes`,
    );
  } finally {
    redis.disconnect();
  }
}
