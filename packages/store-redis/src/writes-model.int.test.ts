/**
 * Model run of the writes: the memory store is the model, Redis the system under test. fast-check
 * drives both with the same random unit creates and updates, item puts and deletes, zone changes
 * and template creates, updates and deletes over one org (2–3 units served by a lock, two
 * templates and a message naming one, loaded through the fixture sink), with right and stale
 * versions, urlKeys from a small pool, missing templates and templates still in use. Every
 * outcome must be the same, and after every step so must everything the reads observe: each
 * unit by id and by urlKey, the unit list, each unit's items, item gets and schedule pages, the
 * templates by id and in list order, and the org's events. A code carries a PIN and, on a put,
 * a tag from a small pool or none (its tag stays, or, new, its lock's codes are no longer all
 * filed): the codes filed under each tag on the lock must agree too.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";

import type { TemplateWriteOutcome, UnitWriteOutcome, LintelStore } from "@lintel/core/adapters";
import type { ItemKind, ScheduleItem, Template, Unit } from "@lintel/domain";
import { schedulePosition, templatePosition, unitPosition, type EventType, type LintelEvent } from "@lintel/domain/adapters";
import { ITEM_KINDS } from "@lintel/domain/schemas";
import { createMemoryStore } from "@lintel/store-memory";
import { aLock, aTemplate, anItem, aUnit, fixture, instant, randomBase62Id, randomId } from "@lintel/testkit";
import { useRedisStore } from "./redis.test-support.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The urlKeys units are created with and moved to: few, so they collide. */
const URL_KEYS = ["key-0", "key-1", "key-2", "key-3", "key-4"];
const ZONES = ["America/New_York", "Asia/Tokyo", "Europe/Paris", "Australia/Lord_Howe"];
/** The "now" of template deletes: messages are sent at hours 0–48, so some are past and some ahead. */
const NOWS = [0, 24, 48].map((hours) => instant(hours * HOUR));
/** An `updatedAt` no template ever has: the expectation of a stale template write. */
const STALE_UPDATED_AT = instant(1);

/** How far the expected version is from the unit's: mostly right, else one behind or one ahead. */
const offset = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.constantFrom(-1, 1) });

/** The PIN tags codes are put with: few, so codes share them. */
const PIN_TAGS = ["tag-0", "tag-1"];

type Command =
  | { readonly op: "createUnit"; readonly key: number; readonly zone: number }
  | { readonly op: "updateUnit"; readonly unit: number; readonly key: number; readonly address: number; readonly off: number }
  | {
      readonly op: "put";
      readonly unit: number;
      readonly kind: number;
      readonly replace: number | null;
      readonly start: number;
      readonly span: number;
      readonly template: number;
      readonly lock: boolean;
      /** A code's PIN tag, of {@link PIN_TAGS}; null: none given. */
      readonly pin: number | null;
      readonly off: number;
    }
  | { readonly op: "delete"; readonly unit: number; readonly item: number; readonly off: number }
  | {
      readonly op: "setTimeZone";
      readonly unit: number;
      readonly zone: number;
      readonly wall: boolean;
      readonly shift: number;
      readonly pick: number;
      readonly foreign: boolean;
      readonly off: number;
    }
  | { readonly op: "createTemplate"; readonly sortOrder: number }
  | { readonly op: "updateTemplate"; readonly template: number; readonly sortOrder: number; readonly stale: boolean }
  | { readonly op: "deleteTemplate"; readonly template: number; readonly now: number; readonly stale: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant("createUnit" as const), key: fc.nat(4), zone: fc.nat(3) }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant("updateUnit" as const), unit: fc.nat(4), key: fc.nat(4), address: fc.nat(2), off: offset }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant("put" as const),
      unit: fc.nat(4),
      kind: fc.nat(ITEM_KINDS.length - 1),
      replace: fc.option(fc.nat(9), { freq: 3 }),
      start: fc.nat(48),
      span: fc.nat(30),
      template: fc.nat(5),
      lock: fc.boolean(),
      pin: fc.option(fc.nat(PIN_TAGS.length - 1), { freq: 2 }),
      off: offset,
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("delete" as const), unit: fc.nat(4), item: fc.nat(39), off: offset }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("setTimeZone" as const),
      unit: fc.nat(4),
      zone: fc.nat(3),
      wall: fc.boolean(),
      shift: fc.integer({ min: -3, max: 3 }),
      pick: fc.nat(255),
      foreign: fc.boolean(),
      off: offset,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("createTemplate" as const), sortOrder: fc.nat(2) }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant("updateTemplate" as const), template: fc.nat(5), sortOrder: fc.nat(2), stale: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant("deleteTemplate" as const), template: fc.nat(5), now: fc.nat(2), stale: fc.boolean() }),
  },
);

/** Items sorted by kind and id, exactly as the store gave them. */
function sortedByKey(items: readonly ScheduleItem[]): ScheduleItem[] {
  return [...items].sort((a, b) => (`${a.kind}:${a.id}` < `${b.kind}:${b.id}` ? -1 : 1));
}

/** Every page of a keyset walk, page boundaries kept. */
async function pages<T>(fetch: (after: string | null) => Promise<T[]>, positionOf: (row: T) => string, limit: number): Promise<T[][]> {
  const seen: T[][] = [];
  let after: string | null = null;
  for (;;) {
    const page = await fetch(after);
    seen.push(page);
    const last = page[page.length - 1];
    if (page.length < limit || last === undefined || seen.length > 100) return seen;
    after = positionOf(last);
  }
}

/** A unit as events serve it (no owner). */
function served({ id, urlKey, address, timeZone, version }: Unit) {
  return { id, urlKey, address, timeZone, version };
}

/** What the run knows of: every unit and template id it made (deleted ones too), every item it stored. */
interface World {
  readonly orgId: string;
  readonly unitIds: string[];
  /** A unit id no store has: writes to it are not_found. */
  readonly missingUnitId: string;
  readonly templates: Map<string, Template>;
  readonly items: { kind: ItemKind; id: string; unitId: string }[];
  readonly lockId: string;
}

/** What the PIN reads answered over all runs: some codes filed, and a lock whose codes were not all filed. */
const pinsSeen = new Set<string>();

/** Everything the reads of both stores must agree on. */
async function observe(store: LintelStore, world: World) {
  const { orgId, unitIds } = world;
  const [byId, byKey, unitPages, items, schedules, gets, templates, templatePages, events] = await Promise.all([
    Promise.all([...unitIds, world.missingUnitId].map((id) => store.units.findByIdOrKey(orgId, id))),
    Promise.all(URL_KEYS.map((key) => store.units.findByIdOrKey(orgId, key))),
    pages((after) => store.units.listUnits(orgId, after, 2), unitPosition, 2),
    Promise.all(unitIds.map(async (id) => sortedByKey(await store.units.itemsOf(orgId, id)))),
    Promise.all(
      unitIds.flatMap((id) =>
        [0, DAY].map((fromMs) =>
          pages((after) => store.units.scheduleAfter(orgId, id, Date.parse(instant(fromMs)), after, 2), schedulePosition, 2),
        ),
      ),
    ),
    Promise.all(
      world.items.flatMap(({ kind, id, unitId }) => [
        store.units.getItem(orgId, unitId, kind, id),
        store.units.getItem(orgId, unitIds[0]!, kind, id),
      ]),
    ),
    Promise.all([...world.templates.keys()].map((id) => store.templates.get(orgId, id))),
    pages((after) => store.templates.list(orgId, after, 2), templatePosition, 2),
    store.events.list(orgId, null, null, 1000),
  ]);
  const pins = await Promise.all(
    PIN_TAGS.map(async (tag) => {
      const holders = await store.tours.pinHolders(orgId, world.lockId, [tag]);
      return holders === null ? null : holders.sort((a, b) => (a.codeId < b.codeId ? -1 : 1));
    }),
  );
  for (const holders of pins) pinsSeen.add(holders === null ? "not all filed" : holders.length === 0 ? "none" : "filed");
  return { byId, byKey, unitPages, items, schedules, gets, templates, templatePages, events, pins };
}

/** The answers the run saw, by command and outcome (`op:ok`, `op:version_conflict`, …), over all runs. */
const seen = new Map<string, number>();
function tally(op: string, outcome: UnitWriteOutcome | TemplateWriteOutcome) {
  const key = `${op}:${outcome.ok ? "ok" : outcome.reason}`;
  seen.set(key, (seen.get(key) ?? 0) + 1);
}

describe("Redis writes against the memory model", () => {
  const store = useRedisStore();

  test("random unit, item, zone and template writes answer alike and leave the same state", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 3 }),
        fc.array(command, { minLength: 1, maxLength: 25, size: "max" }),
        async (unitCount, commands) => {
          const model = createMemoryStore();
          const real = store();
          const orgId = randomId("org");
          const units = Array.from({ length: unitCount }, (_, i) => aUnit(orgId, { id: randomId(`u${i}`), urlKey: URL_KEYS[i]! }));
          const lock = aLock(orgId, { unitIds: units.map((unit) => unit.id) });
          const loadedTemplates = [aTemplate(orgId, { sortOrder: 1 }), aTemplate(orgId, { sortOrder: 0 })];
          // A message ahead of every "now" names the first template: deleting it is in_use until the message goes.
          const message = anItem(units[0]!, "scheduled_message", {
            startAt: instant(40 * HOUR),
            endAt: instant(40 * HOUR),
            templateId: loadedTemplates[0]!.id,
          });
          const tour = anItem(units[1]!, "tour", { lockId: lock.lockId, startAt: instant(20 * HOUR), endAt: instant(30 * HOUR) });
          const data = fixture({
            orgs: [{ id: orgId, name: "Org" }],
            units,
            locks: [lock],
            templates: loadedTemplates,
            items: [message, tour],
          });
          assert.deepEqual(await real.fixtures.load(data), await model.fixtures.load(data));

          const world: World = {
            orgId,
            unitIds: units.map((unit) => unit.id),
            missingUnitId: randomId("u_missing"),
            templates: new Map(loadedTemplates.map((template) => [template.id, template])),
            items: [message, tour].map(({ kind, id, unitId }) => ({ kind, id, unitId })),
            lockId: lock.lockId,
          };
          let step = 0;
          const anEvent = (type: EventType, data: unknown): LintelEvent =>
            ({ id: randomBase62Id("evt"), orgId, type, createdAt: instant(DAY + step * 1000), data }) as LintelEvent;
          /** The unit a command names (one past the known ones: the missing unit), and its version as the model has it. */
          const target = async (index: number) => {
            const unitId = [...world.unitIds, world.missingUnitId][index % (world.unitIds.length + 1)]!;
            const unit = await model.units.findByIdOrKey(orgId, unitId);
            return { unitId, unit, version: unit?.version ?? 1 };
          };
          const bothUnits = async (op: string, write: (s: LintelStore) => Promise<UnitWriteOutcome>) => {
            const expected = await write(model);
            assert.deepEqual(await write(real), expected, `${op} outcome`);
            tally(op, expected);
            return expected;
          };
          const bothTemplates = async (op: string, write: (s: LintelStore) => Promise<TemplateWriteOutcome>) => {
            const expected = await write(model);
            assert.deepEqual(await write(real), expected, `${op} outcome`);
            tally(op, expected);
            return expected;
          };

          for (const c of commands) {
            step += 1;
            if (c.op === "createUnit") {
              const unit = aUnit(orgId, {
                id: randomId("u"),
                urlKey: URL_KEYS[c.key]!,
                timeZone: ZONES[c.zone]!,
                address: `${step} Oak St`,
              });
              const event = anEvent("unit.created", { unit: served(unit) });
              const outcome = await bothUnits(c.op, (s) => s.units.createUnit(unit, event));
              if (outcome.ok) world.unitIds.push(unit.id);
            } else if (c.op === "updateUnit") {
              const { unitId, unit, version } = await target(c.unit);
              const change = {
                expectedVersion: version + c.off,
                urlKey: URL_KEYS[c.key]!,
                address: `${c.address} Elm St`,
                event: anEvent("unit.updated", { unit: {}, previous: { urlKey: unit?.urlKey ?? "", address: unit?.address ?? "" } }),
              };
              await bothUnits(c.op, (s) => s.units.updateUnit(orgId, unitId, change));
            } else if (c.op === "put") {
              const { unitId, unit, version } = await target(c.unit);
              const own = sortedByKey(await model.units.itemsOf(orgId, unitId));
              const replaced = c.replace === null || own.length === 0 ? undefined : own[c.replace % own.length];
              const kind = replaced?.kind ?? ITEM_KINDS[c.kind]!;
              const id = replaced?.id ?? randomId(kind.slice(0, 2));
              const startAt = instant(c.start * HOUR);
              const ids = [...world.templates.keys()];
              // 0: a template the org never had, 1: none, else one the run loaded or made (deleted or not).
              const templateId = c.template === 0 ? randomId("tpl_missing") : c.template === 1 ? null : ids[(c.template - 2) % ids.length]!;
              const item: ScheduleItem =
                kind === "scheduled_message"
                  ? { kind, id, unitId, title: `Message ${step}`, startAt, endAt: startAt, lockId: null, templateId }
                  : {
                      kind,
                      id,
                      unitId,
                      title: `A ${kind} ${step}`,
                      startAt,
                      endAt: instant((c.start + c.span) * HOUR),
                      lockId: c.lock ? lock.lockId : null,
                      ...(kind === "code" ? { code: `sealed-${step}` } : {}),
                    };
              const pinTag = kind === "code" && c.pin !== null ? PIN_TAGS[c.pin] : undefined;
              const type = replaced === undefined ? "schedule.item_created" : "schedule.item_updated";
              const event = anEvent(type, { unit: unit === null ? {} : served(unit), item });
              const outcome = await bothUnits(`put:${replaced === undefined ? "new" : "replace"}`, (s) =>
                s.units.writeItem(orgId, unitId, { expectedVersion: version + c.off, op: "put", item, pinTag, event }),
              );
              if (outcome.ok && replaced === undefined) world.items.push({ kind, id, unitId });
            } else if (c.op === "delete") {
              const { unitId, version } = await target(c.unit);
              // Even: one of the unit's items; odd: any item the run stored (maybe gone, maybe another unit's), or one never stored.
              const own = sortedByKey(await model.units.itemsOf(orgId, unitId));
              const known =
                (c.item % 2 === 0 ? own[(c.item / 2) % Math.max(own.length, 1)] : world.items[(c.item - 1) / 2]) ??
                ({ kind: "tour", id: randomId("to_missing"), unitId } as const);
              const item: ScheduleItem = {
                kind: known.kind,
                id: known.id,
                unitId,
                title: "Gone",
                startAt: instant(0),
                endAt: instant(0),
                lockId: null,
                ...(known.kind === "scheduled_message" ? { templateId: null } : {}),
              };
              const event = anEvent("schedule.item_deleted", { unit: {}, item });
              await bothUnits(c.op, (s) =>
                s.units.writeItem(orgId, unitId, { expectedVersion: version + c.off, op: "delete", item, event }),
              );
            } else if (c.op === "setTimeZone") {
              const { unitId, unit, version } = await target(c.unit);
              const own = sortedByKey(await model.units.itemsOf(orgId, unitId));
              const moved = c.wall ? own.filter((_, i) => ((c.pick >> (i % 8)) & 1) === 1) : [];
              const foreign = world.items.find((item) => item.unitId !== unitId);
              const shifted = (at: string) => new Date(Date.parse(at) + c.shift * HOUR).toISOString();
              const rewrites = moved.map((item) => ({
                kind: item.kind,
                id: item.id,
                startAt: shifted(item.startAt),
                endAt: shifted(item.endAt),
              }));
              // A rewrite of another unit's item changes nothing there.
              if (c.wall && c.foreign && foreign !== undefined) {
                rewrites.push({
                  kind: foreign.kind,
                  id: foreign.id,
                  startAt: instant(0),
                  endAt: instant(foreign.kind === "scheduled_message" ? 0 : HOUR),
                });
              }
              const policy = c.wall ? "keep_wall_clock" : "keep_instant";
              const event = anEvent("unit.timezone_changed", { unit: {}, previousTimeZone: unit?.timeZone ?? null, policy, moved: [] });
              const change = { expectedVersion: version + c.off, timeZone: ZONES[c.zone]!, rewrites, event };
              const expected = await model.units.setTimeZone(orgId, unitId, change);
              assert.deepEqual(await real.units.setTimeZone(orgId, unitId, change), expected, "setTimeZone outcome");
              tally(`setTimeZone:${policy}`, expected.ok ? { ok: true, unit: expected.unit } : expected);
            } else if (c.op === "createTemplate") {
              const stamp = instant(DAY + step * 1000);
              const template = aTemplate(orgId, { name: `Template ${step}`, sortOrder: c.sortOrder, createdAt: stamp, updatedAt: stamp });
              const event = anEvent("template.created", { template });
              const outcome = await bothTemplates(c.op, (s) => s.templates.create(template, event));
              if (outcome.ok) world.templates.set(template.id, template);
            } else {
              const ids = [...world.templates.keys()];
              const known = world.templates.get(ids[c.template % ids.length]!)!;
              const current = (await model.templates.get(orgId, known.id)) ?? known;
              const expectedUpdatedAt = c.stale ? STALE_UPDATED_AT : current.updatedAt;
              if (c.op === "updateTemplate") {
                const template = { ...current, name: `Renamed ${step}`, sortOrder: c.sortOrder, updatedAt: instant(DAY + step * 1000) };
                const event = anEvent("template.updated", { template, previous: current });
                const outcome = await bothTemplates(c.op, (s) => s.templates.update(template, expectedUpdatedAt, event));
                if (outcome.ok) world.templates.set(template.id, template);
              } else {
                const check = { expectedUpdatedAt, nowIso: NOWS[c.now]! };
                const event = anEvent("template.deleted", { template: current });
                await bothTemplates(c.op, (s) => s.templates.delete(orgId, current.id, check, event));
              }
            }
            assert.deepEqual(await observe(real, world), await observe(model, world), `state after step ${step} (${c.op})`);
          }
        },
      ),
      { numRuns: 100, includeErrorInReport: true },
    );
    // The run reached the refusals it is meant to compare, not only the happy paths.
    for (const outcome of [
      "createUnit:ok",
      "createUnit:url_key_taken",
      "updateUnit:ok",
      "updateUnit:url_key_taken",
      "updateUnit:version_conflict",
      "updateUnit:not_found",
      "put:new:ok",
      "put:replace:ok",
      "put:*:template_missing",
      "put:new:version_conflict",
      "delete:ok",
      "delete:not_found",
      "setTimeZone:keep_wall_clock:ok",
      "setTimeZone:keep_instant:ok",
      "createTemplate:ok",
      "updateTemplate:ok",
      "updateTemplate:changed",
      "deleteTemplate:ok",
      "deleteTemplate:in_use",
      "deleteTemplate:changed",
      "deleteTemplate:not_found",
    ]) {
      const [op, ...rest] = outcome.split(":*:");
      const hit =
        rest.length === 0 ? seen.has(outcome) : [...seen.keys()].some((key) => key.startsWith(`${op}:`) && key.endsWith(`:${rest[0]}`));
      assert.ok(hit, `no ${outcome} in the run: ${JSON.stringify([...seen].sort())}`);
    }
    for (const answer of ["filed", "not all filed"]) assert.ok(pinsSeen.has(answer), `no PIN read answered ${answer}`);
  });
});
