// The units read side over HTTP (SPEC 5.9), on the store STORE names: walking list_units and
// list_schedule with random page sizes, org and unit isolation of records and cursors, cursors
// bound to `from`, the schedule after a keep_wall_clock set_timezone, and the scopes.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { randomInt } from "node:crypto";
import { generateApiKey } from "@lintel/domain";
import { startServer } from "../server.js";
import { assertProblem, call, testApiKey, testConfig, testFixture } from "./e2e.test-support.js";

const fixture = testFixture();
const { p, orgA, units } = fixture;
const keys = { ...fixture.keys, reader: generateApiKey(), writer: generateApiKey() };
const apiKey = (name: "reader" | "writer", scopes: string[]) => testApiKey(p, name, orgA, keys[name], scopes);
const extraUnits = Array.from({ length: 17 }, (_, i) => ({
  id: `${p}_u_x${i}`,
  orgId: orgA,
  urlKey: `${p}-x${randomInt(1000)}-${i}`,
  address: `${i} Side St`,
  timeZone: i % 3 ? "Europe/Berlin" : null,
  version: 1,
}));
const busy = { id: `${p}_u_busy`, orgId: orgA, urlKey: `${p}-busy`, address: "9 Busy Rd", timeZone: "America/Chicago", version: 1 };
const lockId = fixture.locks[0]?.lockId as string;

/** 48 items of every kind in 2027, with equal starts on purpose (ties by kind, then key) and codes up to 20 days long. */
function busyItems() {
  const tours = [],
    codes = [],
    openHouses = [],
    scheduledMessages = [];
  for (let i = 0; i < 12; i++) {
    const start = Date.UTC(2027, 0, 1 + randomInt(40), randomInt(3) * 6);
    const at = (ms: number) => new Date(ms).toISOString();
    tours.push({ id: `${p}_bt${i}`, unitId: busy.id, title: `Tour ${i}`, startAt: at(start), endAt: at(start + 3_600_000), lockId: null });
    codes.push({
      id: `${p}_bc${i}`,
      unitId: busy.id,
      lockId,
      name: `Code ${i}`,
      startAt: at(start),
      endAt: at(start + randomInt(21) * 86_400_000),
    });
    openHouses.push({ id: `${p}_bo${i}`, unitId: busy.id, title: `Open ${i}`, startAt: at(start), endAt: at(start + 7_200_000), lockId });
    scheduledMessages.push({ id: `${p}_bm${i}`, unitId: busy.id, title: `Message ${i}`, sendAt: at(start), templateId: null });
  }
  return { tours, codes, openHouses, scheduledMessages };
}
const items = busyItems();
const json = {
  ...fixture.json,
  apiKeys: [...fixture.json.apiKeys, apiKey("reader", ["units:read"]), apiKey("writer", ["units:write"])],
  units: [...fixture.json.units, ...extraUnits, busy],
  tours: [...fixture.json.tours, ...items.tours],
  codes: [...fixture.json.codes, ...items.codes],
  openHouses: [...fixture.json.openHouses, ...items.openHouses],
  scheduledMessages: [...fixture.json.scheduledMessages, ...items.scheduledMessages],
};

/** Every busy item as the schedule lists it: kind, id, startAt, endAt. */
const busyRows = [
  ...items.tours.map((t) => ({ kind: "tour", id: t.id, startAt: t.startAt, endAt: t.endAt })),
  ...items.codes.map((c) => ({ kind: "code", id: c.id, startAt: c.startAt, endAt: c.endAt })),
  ...items.openHouses.map((o) => ({ kind: "open_house", id: o.id, startAt: o.startAt, endAt: o.endAt })),
  ...items.scheduledMessages.map((m) => ({ kind: "scheduled_message", id: m.id, startAt: m.sendAt, endAt: m.sendAt })),
];

let base: string;
let close: () => Promise<void>;
before(async () => {
  const server = await startServer(testConfig(), { fixture: json });
  base = server.url;
  close = () => server.close();
});
after(() => close());

/** Follows nextCursor from `path` with random limits; the rows of `list`, each page checked. */
async function walk(path: string, list: "units" | "items", key = keys.admin): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  for (let pages = 1; ; pages++) {
    const limit = randomInt(1, 9);
    const answer = await call(base, `${path}&limit=${limit}${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`, { key });
    assert.equal(answer.status, 200, answer.text);
    assert.ok(answer.json[list].length <= limit);
    rows.push(...answer.json[list]);
    cursor = answer.json.nextCursor;
    if (cursor === null) return rows;
    assert.ok(pages < 200, "the walk must end");
  }
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("e2e: units and schedules (SPEC 5.9)", () => {
  it("list_units: random page sizes visit every unit of the org once, by urlKey; another org sees only its own", async () => {
    const expected = [...Object.values(units).filter((u) => u.orgId === orgA), ...extraUnits, busy]
      .sort((a, b) => byText(a.urlKey, b.urlKey))
      .map(({ id, urlKey, address, timeZone, version }) => ({ id, urlKey, address, timeZone, version, showingRules: null }));
    assert.deepEqual(await walk("/v1/units/list_units?", "units"), expected);
    const foreign = await call(base, "/v1/units/list_units", { key: keys.orgB });
    assert.deepEqual(
      foreign.json.units.map((u: { id: string }) => u.id),
      [units.foreign.id],
    );
  });

  it("get_unit: by id or urlKey; unknown and foreign units are 404 not_found", async () => {
    for (const idOrKey of [busy.id, busy.urlKey]) {
      const answer = await call(base, `/v1/units/get_unit?unitIdOrKey=${idOrKey}`, { key: keys.admin });
      assert.deepEqual(answer.json, {
        unit: { id: busy.id, urlKey: busy.urlKey, address: busy.address, timeZone: "America/Chicago", version: 1, showingRules: null },
      });
    }
    assertProblem(await call(base, `/v1/units/get_unit?unitIdOrKey=${units.foreign.id}`, { key: keys.admin }), 404, "not_found");
    assertProblem(await call(base, `/v1/units/get_unit?unitIdOrKey=${busy.urlKey}`, { key: keys.orgB }), 404, "not_found");
    assertProblem(await call(base, `/v1/units/get_unit?unitIdOrKey=${p}_nope`, { key: keys.admin }), 404, "not_found");
  });

  it("list_schedule: random page sizes visit exactly the items ending after `from`, by startAt, kind, key", async () => {
    for (const from of ["2026-12-01T00:00:00Z", "2027-01-20T03:00:00.000Z", "2027-02-05T06:00:00+01:00"]) {
      const fromIso = new Date(from).toISOString();
      const expected = busyRows
        .filter((row) => row.endAt > fromIso)
        .sort((a, b) => byText(a.startAt, b.startAt) || byText(a.kind, b.kind) || byText(`${a.kind}:${a.id}`, `${b.kind}:${b.id}`));
      const seen = await walk(`/v1/units/list_schedule?unitIdOrKey=${busy.urlKey}&from=${encodeURIComponent(from)}`, "items");
      assert.deepEqual(
        seen.map(({ kind, id, startAt, endAt }) => ({ kind, id, startAt, endAt })),
        expected,
        `from ${from}`,
      );
    }
  });

  it("list_schedule: entries read in the unit's zone; from defaults to now, so past items are left out", async () => {
    const answer = await call(base, `/v1/units/list_schedule?unitIdOrKey=${units.chicago.id}`, { key: keys.admin });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(
      answer.json.items.map((item: { id: string }) => item.id),
      [`${p}_o1`, `${p}_m1`, `${p}_t1`, `${p}_c1`],
    );
    assert.deepEqual(answer.json.items[2], {
      key: `tour:${p}_t1`,
      kind: "tour",
      id: `${p}_t1`,
      title: "Tour",
      startAt: "2027-06-01T15:00:00.000Z",
      endAt: "2027-06-01T16:00:00.000Z",
      lockId: fixture.shared.lockId,
      localStart: "2027-06-01T10:00:00-05:00",
      localEnd: "2027-06-01T11:00:00-05:00",
      label: "Tue, Jun 1, 2027, 10:00 AM – 11:00 AM CDT",
      templateId: null,
      code: null,
      lockSync: null,
      tourId: null,
      delivery: null,
    });
    assert.equal(answer.json.items[1].endAt, answer.json.items[1].startAt, "a message's sendAt twice");
    assert.deepEqual(
      answer.json.items[1].delivery,
      { status: "scheduled", channel: null, sentAt: null, error: null },
      "a message's delivery",
    );
    assert.equal(answer.json.items[3].title, "Cleaner", "a code's name");
    assert.match(answer.json.items[3].code, /^[0-9]{6}$/, "a fixture's code without a PIN gets 6 digits");
    assert.ok(["pending", "set", "failed"].includes(answer.json.items[3].lockSync.status), "a code's lockSync");
    const utc = await call(base, `/v1/units/list_schedule?unitIdOrKey=${units.none.id}`, { key: keys.admin });
    assert.equal(utc.json.items[0].localStart, "2027-03-14T02:30:00+00:00");
    assert.equal(utc.json.items[0].label, "Sun, Mar 14, 2027, 2:30 AM – 3:00 AM UTC");
  });

  it("a schedule cursor works only for its unit and its from; without from it goes on from its own", async () => {
    const from = "2027-01-10T00:00:00.000Z";
    const first = await call(base, `/v1/units/list_schedule?unitIdOrKey=${busy.id}&from=${from}&limit=3`, { key: keys.admin });
    const cursor = encodeURIComponent(first.json.nextCursor);
    const same = await call(base, `/v1/units/list_schedule?unitIdOrKey=${busy.urlKey}&from=${from}&limit=3&cursor=${cursor}`, {
      key: keys.admin,
    });
    const implicit = await call(base, `/v1/units/list_schedule?unitIdOrKey=${busy.id}&limit=3&cursor=${cursor}`, { key: keys.admin });
    assert.equal(same.status, 200, same.text);
    assert.deepEqual(implicit.json.items, same.json.items);
    const refused = [
      `/v1/units/list_schedule?unitIdOrKey=${units.chicago.id}&from=${from}&cursor=${cursor}`,
      `/v1/units/list_schedule?unitIdOrKey=${busy.id}&from=2027-01-10T00:00:00.001Z&cursor=${cursor}`,
      `/v1/units/list_units?cursor=${cursor}`,
      `/v1/units/list_schedule?unitIdOrKey=${busy.id}&cursor=${cursor.slice(0, -2)}`,
    ];
    for (const path of refused) assertProblem(await call(base, path, { key: keys.admin }), 404, "invalid_cursor");
  });

  it("cross-org: a foreign unit is 404 not_found, a foreign cursor 404 invalid_cursor", async () => {
    assertProblem(await call(base, `/v1/units/list_schedule?unitIdOrKey=${busy.id}`, { key: keys.orgB }), 404, "not_found");
    const units1 = await call(base, "/v1/units/list_units?limit=1", { key: keys.admin });
    assertProblem(
      await call(base, `/v1/units/list_units?cursor=${encodeURIComponent(units1.json.nextCursor)}`, { key: keys.orgB }),
      404,
      "invalid_cursor",
    );
    const own = await call(base, `/v1/units/list_schedule?unitIdOrKey=${busy.id}&from=2026-01-01T00:00:00Z&limit=1`, { key: keys.admin });
    const path = `/v1/units/list_schedule?unitIdOrKey=${units.foreign.id}&cursor=${encodeURIComponent(own.json.nextCursor)}`;
    assertProblem(await call(base, path, { key: keys.orgB }), 404, "invalid_cursor");
  });

  it("after a keep_wall_clock set_timezone the schedule shows the moved instants at the same local times", async () => {
    const path = `/v1/units/list_schedule?unitIdOrKey=${units.chicago.id}&from=2027-01-01T00:00:00Z`;
    const before = await call(base, path, { key: keys.admin });
    const body = JSON.stringify({
      unitIdOrKey: units.chicago.id,
      timeZone: "America/New_York",
      expectedVersion: 1,
      policy: "keep_wall_clock",
    });
    const set = await call(base, "/v1/units/set_timezone", {
      method: "POST",
      key: keys.admin,
      headers: { "content-type": "application/json" },
      body,
    });
    assert.equal(set.status, 200, set.text);
    const moved = await call(base, path, { key: keys.admin });
    const tour = moved.json.items.find((item: { id: string }) => item.id === `${p}_t1`);
    assert.equal(tour.startAt, "2027-06-01T14:00:00.000Z");
    assert.equal(tour.localStart, "2027-06-01T10:00:00-04:00");
    assert.equal(tour.label, "Tue, Jun 1, 2027, 10:00 AM – 11:00 AM EDT");
    const local = (answer: typeof before) => answer.json.items.map((item: { localStart: string }) => item.localStart.slice(0, 19));
    assert.deepEqual(local(moved), local(before), "every item keeps its local start");
    const starts = moved.json.items.map((item: { startAt: string }) => item.startAt);
    assert.deepEqual(starts, [...starts].sort(byText), "still ordered by the new instants");
    const unit = await call(base, `/v1/units/get_unit?unitIdOrKey=${units.chicago.id}`, { key: keys.reader });
    assert.deepEqual([unit.json.unit.timeZone, unit.json.unit.version], ["America/New_York", 2]);
  });

  it("scopes: units:read or units:write may read; other keys get 403 naming units:read; units:read cannot write", async () => {
    const paths = ["/v1/units/list_units", `/v1/units/get_unit?unitIdOrKey=${busy.id}`, `/v1/units/list_schedule?unitIdOrKey=${busy.id}`];
    for (const path of paths) {
      assert.equal((await call(base, path, { key: keys.reader })).status, 200, path);
      assert.equal((await call(base, path, { key: keys.writer })).status, 200, path);
      const refused = await call(base, path, { key: keys.locksOnly });
      assertProblem(refused, 403, "missing_scope");
      assert.match(refused.json.detail, /units:read/);
    }
    const preview = `/v1/units/preview_timezone_change?unitIdOrKey=${busy.id}&proposedTimeZone=UTC`;
    assertProblem(await call(base, preview, { key: keys.reader }), 403, "missing_scope");
  });

  it("parameters: a bad from, limit or a missing unitIdOrKey is 400 naming it", async () => {
    for (const [path, name] of [
      [`/v1/units/list_schedule?unitIdOrKey=${busy.id}&from=tomorrow`, "from"],
      [`/v1/units/list_schedule?unitIdOrKey=${busy.id}&from=2027-01-01`, "from"],
      ["/v1/units/list_units?limit=0", "limit"],
      ["/v1/units/get_unit", "unitIdOrKey"],
      [`/v1/units/get_unit?unitIdOrKey=${busy.id}&limit=2`, "limit"],
    ] as const) {
      const answer = await call(base, path, { key: keys.admin });
      assertProblem(answer, 400, "invalid_request");
      assert.ok(
        answer.json.invalidParams.some((param: { name: string }) => param.name === name),
        answer.text,
      );
    }
  });
});
