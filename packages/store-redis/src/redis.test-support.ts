/**
 * For the `*.int.test.ts` files: a client on the test Redis (REDIS_CLUSTER_NODES, a comma list
 * of host:port, selects a cluster; else REDIS_URL, else 127.0.0.1:6379), random ids, and small
 * record builders. Tests never flush: every test makes its own org.
 */
import { randomBytes } from "node:crypto";
import type { FixtureData } from "@lintel/core";
import type { Lock, ScheduleItem, Template, Unit } from "@lintel/domain";
import { createRedisClient, whenReady, type RedisClient } from "./client.js";

/** A ready client for the test Redis; quit it in `after`. */
export async function connectTestRedis(): Promise<RedisClient> {
  const nodes = process.env["REDIS_CLUSTER_NODES"];
  const client =
    nodes !== undefined && nodes !== ""
      ? createRedisClient({ clusterNodes: nodes.split(",").map((node) => node.trim()) })
      : createRedisClient({ url: process.env["REDIS_URL"] ?? "redis://127.0.0.1:6379" });
  await whenReady(client, 10_000);
  return client;
}

/** A fresh id: `<prefix>_<16 hex>`. */
export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString("hex")}`;
}

/** An empty fixture with the given lists filled in. */
export function fixture(parts: Partial<FixtureData>): FixtureData {
  return { orgs: [], apiKeys: [], units: [], locks: [], items: [], templates: [], ...parts };
}

export function makeUnit(orgId: string, fields: Partial<Unit> = {}): Unit {
  const id = randomId("unit");
  return { id, orgId, urlKey: `u-${id.slice(5)}`, address: "1 Main St", timeZone: null, version: 1, ...fields };
}

export function makeLock(orgId: string, fields: Partial<Lock> = {}): Lock {
  return {
    lockId: randomId("lk"),
    orgId,
    name: "Front door",
    provider: "simulated",
    providerDeviceId: "dev-1",
    model: null,
    timeZone: null,
    unitIds: [],
    status: "active",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...fields,
  };
}

export function makeTemplate(orgId: string, fields: Partial<Template> = {}): Template {
  return {
    id: randomId("tpl"),
    orgId,
    name: "Welcome",
    body: "Hello {{name}}",
    sortOrder: 0,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...fields,
  };
}

export function makeItem(orgId: string, unitId: string, fields: Partial<ScheduleItem> = {}): ScheduleItem & { orgId: string } {
  return {
    orgId,
    kind: "tour",
    id: randomId("tour"),
    unitId,
    title: "Tour",
    startAt: "2026-12-01T15:00:00.000Z",
    endAt: "2026-12-01T16:00:00.000Z",
    lockId: null,
    ...fields,
  };
}
