/** The records the FixtureSink suites load, and what a load of them reports. */
import type { FixtureLoadReport } from "@lintel/core";
import type { ApiKeyStore, FixtureSink, LockDirectory, TemplateStore, UnitStore } from "@lintel/core/adapters";
import { aLock, anApiKey, anItem, aTemplate, aUnit, fixture, instant, randomId, type Closable } from "./seed.js";

export type Store = {
  fixtures: FixtureSink;
  apiKeys: ApiKeyStore;
  units: UnitStore;
  locks: LockDirectory;
  templates: TemplateStore;
} & Closable;

export function sample() {
  const orgId = randomId("org");
  const unit = aUnit(orgId);
  const lock = aLock(orgId, { unitIds: [unit.id], createdAt: instant(1000) });
  const other = aLock(orgId, { createdAt: instant(2000) });
  const templates = [aTemplate(orgId, { sortOrder: 1 }), aTemplate(orgId, { sortOrder: 2 })];
  const tour = anItem(unit, "tour", { lockId: lock.lockId });
  const key = anApiKey(orgId);
  const data = fixture({
    orgs: [{ id: orgId, name: "Org" }],
    units: [unit],
    locks: [lock, other],
    templates,
    items: [tour],
    apiKeys: [key],
  });
  return { orgId, unit, lock, other, templates, tour, key, data };
}

/** The report of a load where each list's records all went one way (`ids` by list). */
export function allWent(outcome: "added" | "kept", ids: Partial<Record<keyof FixtureLoadReport, string[]>>): FixtureLoadReport {
  const lists = ["orgs", "units", "locks", "templates", "items", "apiKeys"] as const;
  const none = { added: [], kept: [] };
  return Object.fromEntries(lists.map((list) => [list, { ...none, [outcome]: ids[list] ?? [] }])) as unknown as FixtureLoadReport;
}

/** Every id of `sample()`, by list, as a load reports them. */
export function idsOf(s: ReturnType<typeof sample>) {
  return {
    orgs: [s.orgId],
    units: [s.unit.id],
    locks: [s.lock.lockId, s.other.lockId],
    templates: s.templates.map((t) => t.id),
    items: [`${s.tour.kind}:${s.tour.id}`],
    apiKeys: [s.key.id],
  };
}
