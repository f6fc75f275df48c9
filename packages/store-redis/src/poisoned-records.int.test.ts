// Units, schedule items, templates and tours stored with a lone surrogate escape (as the store wrote
// them before recordJson: cjson refuses that text, and every script decoding it failed) stay
// readable and take every valid write a script of this package makes: set_timezone, item
// updates, moves and deletes, template updates and deletes, a change made from the tour as read, a
// message's end. A unit's own version past 10^14 − 1
// stays exact through set_timezone (cjson writes 14 significant digits).
// The unit's own writes (update_unit, item writes, with and without expectedVersion and basis)
// read it the same way, and give versions past 10^14 exactly, in the unit and in the event.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ItemChange, TourChange } from "@lintel/core/adapters";
import type { ScheduleItem, Template, Unit } from "@lintel/domain";
import type { TourRecord } from "@lintel/domain/adapters";
import {
  aTemplate,
  aTimezoneEvent,
  anItem,
  aTour,
  aUnit,
  bookingOf,
  fixture,
  instant,
  itemView,
  randomBase62Id,
  randomId,
  type FixtureItem,
} from "@lintel/testkit";
import { createRedisStore, redisKeys, type RedisStore } from "./index.js";
import { assertMended, plantPoisoned } from "./poison.test-support.js";
import { useTestRedis } from "./redis.test-support.js";

const DAY = 86_400_000;
const START = Date.parse(instant(0));

describe("Redis records holding a lone surrogate escape: units, schedule items, templates, tours", () => {
  const redis = useTestRedis();
  const store = (): RedisStore => createRedisStore(redis(), { deliveryGroup: randomId("test") });

  /** A fresh org with one unit (at `version`) and `items(unit)`, loaded through the fixture sink. */
  async function seed(s: RedisStore, items: (unit: Unit) => FixtureItem[] = () => [], version = 1) {
    const orgId = randomId("org");
    const unit = aUnit(orgId, { version });
    const loaded = items(unit);
    await s.fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], items: loaded }));
    return { orgId, unit, items: loaded.map(itemView) };
  }

  const titled = (title: string) => (item: ScheduleItem) => ({ ...item, title });
  const fieldOf = (item: Pick<ScheduleItem, "kind" | "id">) => `${item.kind}:${item.id}`;
  const change = (unit: Unit, op: "put" | "delete", item: ScheduleItem, expectedVersion: number): ItemChange => ({
    expectedVersion,
    op,
    item,
    event: { ...aTimezoneEvent(unit), type: op === "put" ? "schedule.item_updated" : "schedule.item_deleted" } as ItemChange["event"],
  });
  const timeZoneChange = (
    unit: Unit,
    expectedVersion: number,
    rewrites: { kind: ScheduleItem["kind"]; id: string; startAt: string; endAt: string }[] = [],
  ) => ({
    expectedVersion,
    timeZone: expectedVersion % 2 === 0 ? "Europe/Paris" : "Asia/Tokyo",
    rewrites,
    event: aTimezoneEvent(unit),
  });

  test("a unit whose address holds a lone surrogate escape is read and listed, and takes set_timezone twice", async () => {
    const s = store();
    const { orgId, unit } = await seed(s);
    await plantPoisoned<Unit>(redis(), redisKeys.units(orgId), unit.id, (stored) => ({ ...stored, address: "12 Elm St \ud800" }));
    assert.equal((await s.units.findByIdOrKey(orgId, unit.urlKey))?.address, "12 Elm St \ud800", "read as stored");
    assert.deepEqual(
      (await s.units.listUnits(orgId, null, 10)).map((u) => u.id),
      [unit.id],
    );

    const first = await s.units.setTimeZone(orgId, unit.id, timeZoneChange(unit, 1));
    assert.deepEqual(first, { ok: true, unit: { ...unit, address: "12 Elm St \uFFFD", timeZone: "Asia/Tokyo", version: 2 } });
    await assertMended(redis(), redisKeys.units(orgId), unit.id);
    const second = await s.units.setTimeZone(orgId, unit.id, timeZoneChange(unit, 2));
    assert.equal(second.ok && second.unit.version, 3);
    assert.equal((await s.events.list(orgId, "unit.timezone_changed", null, 10)).length, 2, "each change stored its event");
  });

  test("a tour whose title holds a lone surrogate escape is listed and moved by set_timezone", async () => {
    const s = store();
    const { orgId, unit, items } = await seed(s, (u) => [anItem(u, "tour", { startAt: instant(DAY), endAt: instant(DAY + 3_600_000) })]);
    const tour = items[0]!;
    await plantPoisoned(redis(), redisKeys.items(orgId, unit.id), fieldOf(tour), titled("Tour \ud800"));
    assert.deepEqual(await s.units.scheduleAfter(orgId, unit.id, START, null, 10), [{ ...tour, title: "Tour \ud800" }], "still listed");

    const moved = { kind: tour.kind, id: tour.id, startAt: instant(2 * DAY), endAt: instant(2 * DAY + 3_600_000) };
    assert.equal((await s.units.setTimeZone(orgId, unit.id, timeZoneChange(unit, 1, [moved]))).ok, true);
    assert.deepEqual(await s.units.getItem(orgId, unit.id, tour.kind, tour.id), { ...tour, ...moved, title: "Tour \uFFFD" });
    await assertMended(redis(), redisKeys.items(orgId, unit.id), fieldOf(tour));
    assert.deepEqual(await s.units.scheduleAfter(orgId, unit.id, START + DAY + 3_600_000, null, 10), [
      { ...tour, ...moved, title: "Tour \uFFFD" },
    ]);
  });

  test("a tour and a message whose titles hold lone surrogate escapes take updates, then deletes", async () => {
    const s = store();
    const { orgId, unit, items } = await seed(s, (u) => [
      anItem(u, "tour", { startAt: instant(DAY), endAt: instant(DAY + 3_600_000) }),
      anItem(u, "scheduled_message", { startAt: instant(3 * DAY), endAt: instant(3 * DAY), templateId: null }),
    ]);
    let version = unit.version;
    for (const item of items) {
      await plantPoisoned(redis(), redisKeys.items(orgId, unit.id), fieldOf(item), titled("Before \udc00"));
      const updated = { ...item, title: "After" };
      const put = await s.units.writeItem(orgId, unit.id, change(unit, "put", updated, version));
      assert.equal(put.ok && put.unit.version, ++version, `${item.kind} updated`);
      assert.deepEqual(await s.units.getItem(orgId, unit.id, item.kind, item.id), updated);

      await plantPoisoned(redis(), redisKeys.items(orgId, unit.id), fieldOf(item), titled("Again \ud800"));
      const deleted = await s.units.writeItem(orgId, unit.id, change(unit, "delete", updated, version));
      assert.equal(deleted.ok && deleted.unit.version, ++version, `${item.kind} deleted`);
      assert.equal(await s.units.getItem(orgId, unit.id, item.kind, item.id), null);
    }
    assert.deepEqual(await s.units.scheduleAfter(orgId, unit.id, START, null, 10), [], "no schedule entry left behind");
  });

  test("a template whose name and body hold lone surrogate escapes is read, updated and deleted", async () => {
    const s = store();
    const orgId = randomId("org");
    const template = aTemplate(orgId);
    await s.fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], templates: [template] }));
    const poison = (stored: Template) => ({ ...stored, name: "Welcome \ud800", body: "Hi \udfff {{name}}" });
    await plantPoisoned(redis(), redisKeys.templates(orgId), template.id, poison);
    assert.equal((await s.templates.get(orgId, template.id))?.name, "Welcome \ud800", "read as stored");

    const updated = { ...template, name: "Welcome", updatedAt: instant(1) };
    const event = (type: "template.updated" | "template.deleted") => ({
      id: randomBase62Id("evt"),
      orgId,
      type,
      createdAt: instant(1),
      data: { template: updated },
    });
    assert.deepEqual(await s.templates.update(updated, template.updatedAt, event("template.updated") as never), { ok: true });
    assert.deepEqual(await s.templates.get(orgId, template.id), updated);

    await plantPoisoned(redis(), redisKeys.templates(orgId), template.id, poison);
    const check = { expectedUpdatedAt: updated.updatedAt, nowIso: instant(2) };
    assert.deepEqual(await s.templates.delete(orgId, template.id, check, event("template.deleted") as never), { ok: true });
    assert.equal(await s.templates.get(orgId, template.id), null);
  });

  test("a tour whose prospect's name holds a lone surrogate escape is read and listed, and takes a change made from it as read", async () => {
    const s = store();
    const { orgId, unit } = await seed(s);
    const tour = aTour(unit, 10);
    assert.equal((await s.tours.writeTour(orgId, unit.id, bookingOf(unit, tour, null))).ok, true);
    await plantPoisoned<TourRecord>(redis(), redisKeys.tours(orgId), tour.id, (stored) => ({
      ...stored,
      prospect: { ...stored.prospect, name: "Ada \ud800" },
    }));
    const read = (await s.tours.getTour(orgId, tour.id))!;
    assert.equal(read.prospect.name, "Ada \ud800", "read as stored");
    assert.deepEqual(await s.tours.listTours(orgId, unit.id, null, 10), [read]);

    const after = { ...unit, version: 2 };
    const confirmed: TourRecord = { ...read, prospect: { ...read.prospect, name: "Ada" }, updatedAt: instant(2 * DAY) };
    const change: TourChange = {
      ...bookingOf(after, confirmed, null),
      basis: { unit: { urlKey: unit.urlKey, address: unit.address, timeZone: unit.timeZone }, tour: read },
      items: [],
      bumpsVersion: false,
    };
    assert.deepEqual(await s.tours.writeTour(orgId, unit.id, change), { ok: true, unit: after }, "the tour read matches the mended text");
    assert.deepEqual(await s.tours.getTour(orgId, tour.id), confirmed);
  });

  test("a unit at version 10^14 − 1 takes set_timezone twice: versions 10^14 and 10^14 + 1, exactly (cjson writes 14 digits)", async () => {
    const s = store();
    const { orgId, unit } = await seed(s, () => [], 99_999_999_999_999);
    const first = await s.units.setTimeZone(orgId, unit.id, timeZoneChange(unit, 99_999_999_999_999));
    assert.equal(first.ok && first.unit.version, 100_000_000_000_000);
    const second = await s.units.setTimeZone(orgId, unit.id, timeZoneChange(unit, 100_000_000_000_000));
    assert.equal(second.ok && second.unit.version, 100_000_000_000_001);
    const stale = await s.units.setTimeZone(orgId, unit.id, timeZoneChange(unit, 100_000_000_000_000));
    assert.deepEqual(
      stale,
      { ok: false, reason: "version_conflict", currentVersion: 100_000_000_000_001 },
      "the version read back is the one stored",
    );
  });
  test("a unit whose address holds a lone surrogate escape takes item writes and update_unit, with and without a basis", async () => {
    const s = store();
    const { orgId, unit } = await seed(s);
    await plantPoisoned<Unit>(redis(), redisKeys.units(orgId), unit.id, (stored) => ({ ...stored, address: "12 Elm St \ud800" }));
    const read = (await s.units.findByIdOrKey(orgId, unit.id))!;
    const tour = itemView(anItem(unit, "tour", { startAt: instant(3 * DAY), endAt: instant(3 * DAY + 3_600_000) }));
    const put = await s.units.writeItem(orgId, unit.id, {
      ...change(unit, "put", tour, 1),
      expectedVersion: null,
      basis: { unit: { urlKey: read.urlKey, address: read.address, timeZone: read.timeZone }, item: null },
    });
    assert.deepEqual(
      put,
      { ok: true, unit: { ...unit, address: "12 Elm St \uFFFD", version: 2 } },
      "the basis read matches the mended text",
    );
    await assertMended(redis(), redisKeys.units(orgId), unit.id);
    await plantPoisoned<Unit>(redis(), redisKeys.units(orgId), unit.id, (stored) => ({ ...stored, address: "12 Elm St \ud800" }));
    const event = { ...aTimezoneEvent(unit), type: "unit.updated" } as ItemChange["event"];
    const updated = await s.units.updateUnit(orgId, unit.id, { expectedVersion: 2, urlKey: unit.urlKey, address: "12 Elm St", event });
    assert.deepEqual(updated, { ok: true, unit: { ...unit, address: "12 Elm St", version: 3 } });
    assert.equal((await s.units.writeItem(orgId, unit.id, change(unit, "delete", tour, 3))).ok, true);
  });

  test("a unit at version 10^14 − 1 takes item writes: versions 10^14 and 10^14 + 1, exactly, in the unit and its events", async () => {
    const s = store();
    const { orgId, unit } = await seed(s, () => [], 99_999_999_999_999);
    const tour = itemView(anItem(unit, "tour", { startAt: instant(3 * DAY), endAt: instant(3 * DAY + 3_600_000) }));
    const created = {
      ...change(unit, "put", tour, 99_999_999_999_999),
      event: {
        ...aTimezoneEvent(unit),
        type: "schedule.item_created",
        data: { unit: { ...unit, version: 1 }, item: tour },
      } as unknown as ItemChange["event"],
    };
    assert.equal(
      (await s.units.writeItem(orgId, unit.id, created)).ok && (await s.units.findByIdOrKey(orgId, unit.id))?.version,
      100_000_000_000_000,
    );
    const stored = await s.events.get(orgId, created.event.id);
    assert.equal((stored?.data as { unit: { version: number } }).unit.version, 100_000_000_000_000, "the event says the version exactly");
    const deleted = await s.units.writeItem(orgId, unit.id, {
      ...change(unit, "delete", tour, 100_000_000_000_000),
      expectedVersion: null,
    });
    assert.equal(deleted.ok && deleted.unit.version, 100_000_000_000_001);
  });
  test("a message whose title holds a lone surrogate escape is leased and ended: its delivery set (its error mended too), the item written back mended", async () => {
    const s = store();
    const message = (unit: Unit) => [anItem(unit, "scheduled_message", { startAt: instant(1_000), endAt: instant(1_000) })];
    const { orgId, unit, items } = await seed(s, message);
    const item = items[0]!;
    const field = fieldOf(item);
    await plantPoisoned<ScheduleItem>(redis(), redisKeys.items(orgId, unit.id), field, titled("Reminder \udfff"));
    const [leased] = await s.messages.lease(START + 1_000, 30_000, 10);
    assert.equal(leased?.messageId, item.id);
    const delivery = { status: "failed", channel: "email", sentAt: null, error: "550 \ud800" } as const;
    const event = { ...aTimezoneEvent(unit), type: "message.failed", data: { unitId: unit.id, item: { id: item.id } } };
    assert.equal(await s.messages.finish(leased!, { kind: "end", delivery, event: event as ItemChange["event"] }), true);
    await assertMended(redis(), redisKeys.items(orgId, unit.id), field);
    assert.deepEqual(await s.units.getItem(orgId, unit.id, item.kind, item.id), {
      ...item,
      title: "Reminder \uFFFD",
      delivery: { ...delivery, error: "550 \uFFFD" },
    });
  });
});
