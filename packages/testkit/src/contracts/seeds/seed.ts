/**
 * Records for contract tests: every builder makes fresh random ids, so suites can run many
 * times against one shared store (a Redis) without colliding.
 */
import { randomBytes } from "node:crypto";
import type { ApiKeyRecord, ItemKind, Lock, ScheduleItem, Template, Unit } from "@lintel/domain";
import type { FixtureData } from "@lintel/core";
import type { FixtureItem } from "@lintel/core/adapters";
import { nodeTestRunner, type TestRunner } from "./runner.js";

/** A random id with a readable prefix (within `[A-Za-z0-9_-]{1,64}`). */
export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString("base64url")}`;
}

/** A random kebab-case urlKey. */
export function randomUrlKey(): string {
  return `unit-${randomBytes(6).toString("hex")}`;
}

/** A random integer in `[low, high]`. */
export function randomInt(low: number, high: number): number {
  return low + Math.floor(Math.random() * (high - low + 1));
}

/** The instant `ms` after 2026-01-01, as the contract writes instants. */
export function instant(ms: number): string {
  return new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
}

export type { FixtureItem } from "@lintel/core/adapters";

/** A fixture holding only `parts` (the other lists empty). */
export function fixture(parts: Partial<FixtureData>): FixtureData {
  return { orgs: [], apiKeys: [], units: [], locks: [], items: [], templates: [], ...parts };
}

export function aUnit(orgId: string, over: Partial<Unit> = {}): Unit {
  return { id: randomId("u"), orgId, urlKey: randomUrlKey(), address: "12 Elm St", timeZone: "America/New_York", version: 1, ...over };
}

export function aLock(orgId: string, over: Partial<Lock> = {}): Lock {
  return {
    lockId: randomId("lk"),
    orgId,
    name: "Front door",
    provider: "simulated",
    providerDeviceId: randomId("dev"),
    model: null,
    timeZone: null,
    unitIds: [],
    status: "active",
    createdAt: instant(0),
    updatedAt: instant(0),
    ...over,
  };
}

export function aTemplate(orgId: string, over: Partial<Template> = {}): Template {
  return {
    id: randomId("tpl"),
    orgId,
    name: "Reminder",
    body: "Hi {{name}}",
    sortOrder: 0,
    createdAt: instant(0),
    updatedAt: instant(0),
    ...over,
  };
}

export function anItem(unit: Pick<Unit, "id" | "orgId">, kind: ItemKind, over: Partial<FixtureItem> = {}): FixtureItem {
  const base = {
    kind,
    id: randomId(kind.slice(0, 2)),
    unitId: unit.id,
    orgId: unit.orgId,
    title: `A ${kind}`,
    startAt: instant(10 * 86_400_000),
    endAt: instant(10 * 86_400_000 + 3_600_000),
    lockId: null,
  };
  if (kind === "scheduled_message") return { ...base, endAt: base.startAt, templateId: null, ...over };
  return { ...base, ...over };
}

export function anApiKey(orgId: string, over: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: randomId("key"),
    orgId,
    name: "ops",
    hash: randomBytes(32).toString("hex"),
    scopes: ["locks:read"],
    expiresAt: null,
    revokedAt: null,
    rateLimit: null,
    createdAt: instant(0),
    ...over,
  };
}

/** An item as the port returns it: without the org, templateId only on messages (null if none). */
export function itemView(item: ScheduleItem): ScheduleItem {
  const { kind, id, unitId, title, startAt, endAt, lockId } = item;
  const view = { kind, id, unitId, title, startAt, endAt, lockId };
  return kind === "scheduled_message" ? { ...view, templateId: item.templateId ?? null } : view;
}

/** Items in a stable order, for comparing lists that come in no particular order. */
export function sortedItems(items: readonly ScheduleItem[]): ScheduleItem[] {
  return items.map(itemView).sort((a, b) => (`${a.kind}:${a.id}` < `${b.kind}:${b.id}` ? -1 : 1));
}

/** What every store under test offers besides its ports. */
export interface Closable {
  close?(): Promise<void>;
}

/** A fresh store for each test of the enclosing `describe`; returns its getter. */
export function eachTestStore<S extends Closable>(
  makeStore: () => Promise<S>,
  { beforeEach, afterEach }: Pick<TestRunner, "beforeEach" | "afterEach"> = nodeTestRunner,
): () => S {
  let store: S | undefined;
  beforeEach(async () => {
    store = await makeStore();
  });
  afterEach(async () => {
    await store?.close?.();
    store = undefined;
  });
  return () => {
    if (store === undefined) throw new Error("the store is only there during a test");
    return store;
  };
}
