/**
 * What the write contract suites share: the store they need, an org with one unit seeded through
 * the fixture sink, the events the writes carry, and a count of what the org's event log holds.
 */
import assert from "node:assert/strict";
import type { EventLog, FixtureSink, TemplateStore, UnitStore, WebhookStore } from "@lintel/core/adapters";
import type { ScheduleItem, Template, Unit } from "@lintel/domain";
import type { EventType, LintelEvent } from "@lintel/domain/adapters";
import { randomBase62Id } from "./event-seed.js";
import { anItem, aUnit, fixture, instant, itemView, randomId, type Closable, type FixtureItem } from "./seed.js";

/** The ports the write suites drive. */
export type WritesStore = {
  units: UnitStore;
  templates: TemplateStore;
  fixtures: FixtureSink;
  events: EventLog;
  webhooks: WebhookStore;
} & Closable;

/** One day in ms. */
export const DAY = 86_400_000;

/** "Now" for the template deletes of the suites: 5 days after 2026-01-01. */
export const NOW = instant(5 * DAY);

/** The `template.deleted` of `template`. */
export const templateDeleted = (template: Template) => aWriteEvent(template.orgId, "template.deleted", { template });

/** The delete check of `template` as it is stored, at {@link NOW}. */
export const deleteCheck = (template: Template) => ({ expectedUpdatedAt: template.updatedAt, nowIso: NOW });

/** A scheduled message of the unit sent `day` days after 2026-01-01, naming `templateId`, as the port takes it (no org). */
export const messageAt = (unit: Pick<Unit, "id" | "orgId">, day: number, templateId: string | null): ScheduleItem =>
  itemView(anItem(unit, "scheduled_message", { startAt: instant(day * DAY), endAt: instant(day * DAY), templateId }));

/** A unit as events serve it (no owner). */
export function servedUnit({ id, urlKey, address, timeZone, version, showingRules }: Unit) {
  return { id, urlKey, address, timeZone, version, showingRules: showingRules ?? null };
}

/** An event of `type` in the org with `data`, at 1 day after 2026-01-01 (the store keeps it as given). */
export function aWriteEvent(orgId: string, type: EventType, data: unknown): LintelEvent {
  return { id: randomBase62Id("evt"), orgId, type, createdAt: instant(DAY), data } as LintelEvent;
}

/** A fresh org with one unit (version 1 unless `over` says) and `items(unit)` loaded through the fixture sink. */
export async function seedUnit(
  store: WritesStore,
  items: (unit: Unit) => FixtureItem[] = () => [],
  over: Partial<Unit> = {},
): Promise<{ orgId: string; unit: Unit; items: FixtureItem[] }> {
  const orgId = randomId("org");
  const unit = aUnit(orgId, { version: 1, ...over });
  const loaded = items(unit);
  await store.fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], items: loaded }));
  return { orgId, unit, items: loaded };
}

/** The ids of the org's events (at most 100), newest first. */
export async function eventIds(store: WritesStore, orgId: string): Promise<string[]> {
  return (await store.events.list(orgId, null, null, 100)).map((event) => event.id);
}

/** Asserts the org's event log holds exactly `expected` (by id, in any order). */
export async function assertEvents(store: WritesStore, orgId: string, expected: readonly LintelEvent[], message?: string) {
  assert.deepEqual((await eventIds(store, orgId)).sort(), expected.map((event) => event.id).sort(), message);
  for (const event of expected) assert.deepEqual(await store.events.get(orgId, event.id), event, "kept exactly as given");
}
