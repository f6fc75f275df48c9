/** API keys in memory, found by hash. */
import type { ApiKeyRecord } from "@lintel/domain";
import type { ApiKeyStore, RequestBudget } from "@lintel/core/adapters";
import type { MemoryState } from "./state/memory-state.js";

/** Only the record's own fields, so nothing else (a plain key, say) is ever kept. */
function keyRecord(r: ApiKeyRecord): ApiKeyRecord {
  return {
    id: r.id,
    orgId: r.orgId,
    name: r.name,
    hash: r.hash,
    scopes: [...r.scopes],
    expiresAt: r.expiresAt,
    revokedAt: r.revokedAt,
    rateLimit: r.rateLimit,
    createdAt: r.createdAt,
  };
}

/** Stores or replaces a key by id (state-level, shared with the fixture load). */
export function putApiKey(state: MemoryState, record: ApiKeyRecord): void {
  const old = state.apiKeys.get(record.id);
  if (old !== undefined && state.keyIdByHash.get(old.hash) === old.id) state.keyIdByHash.delete(old.hash);
  state.apiKeys.set(record.id, keyRecord(record));
  state.keyIdByHash.set(record.hash, record.id);
}

/** The keys in `state`; `budget` holds each key's own budget (bucket `key:<hash>`: a key given a new secret starts full, as on Redis). */
export function createMemoryApiKeyStore(state: MemoryState, budget: RequestBudget): ApiKeyStore {
  const find = (hash: string): ApiKeyRecord | null => {
    const id = state.keyIdByHash.get(hash);
    return id === undefined ? null : (state.apiKeys.get(id) ?? null);
  };
  return {
    async findByHash(hash) {
      return find(hash);
    },
    async findAndConsume(hash, defaultPolicy) {
      const key = find(hash);
      if (key === null) return null;
      return { key, budget: await budget.consume(`key:${hash}`, key.rateLimit ?? defaultPolicy) };
    },
    async put(record) {
      putApiKey(state, record);
    },
    async revoke(keyId, at) {
      const record = state.apiKeys.get(keyId);
      if (record === undefined) return false;
      state.apiKeys.set(keyId, { ...record, revokedAt: at });
      return true;
    },
    async listByOrg(orgId) {
      return [...state.apiKeys.values()]
        .filter((r) => r.orgId === orgId)
        .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },
  };
}
