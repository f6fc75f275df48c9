// Showing availability end to end (docs/contract.md "Showing availability"): the slots of a
// unit's rules across a real DST transition of the runtime's tz data, compared to a Temporal
// reading of the same rules (Node's own Temporal where it has one, the polyfill else);
// blackouts, an open house, buffers, notice and the horizon; 12 concurrent bookings for one slot
// (one 201, eleven 409 slot_unavailable; on Redis split over two servers on one store); a zone
// change keeps the rules and moves the slots. Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Temporal as Polyfill } from "temporal-polyfill";
import { call, postJson, startTestServer, testConfig, type TestServer } from "../e2e.test-support.js";
import { startServer, type RunningServer } from "../../server.js";

const Temporal = ((globalThis as { Temporal?: typeof Polyfill }).Temporal ?? Polyfill) as typeof Polyfill;
const MINUTE = 60_000;
const DAY = 86_400_000;

interface ServedSlot {
  readonly startAt: string;
  readonly endAt: string;
  readonly localStart: string;
  readonly remaining: number;
}

describe("e2e: showing availability", () => {
  let t: TestServer;
  let second: RunningServer | null = null;
  const admin = () => t.fixture.keys.admin;
  const write = (path: string, body: unknown, base = t.url) => postJson(base, path, admin(), body);

  /** A new unit of org A in `timeZone` with `rules`; answers its id. */
  async function unitWithRules(timeZone: string, rules: Record<string, unknown>): Promise<string> {
    const created = await write("/v1/units/create_unit", {
      urlKey: `avail-${Math.random().toString(36).slice(2, 10)}`,
      address: "9 Slot St",
      timeZone,
    });
    assert.equal(created.status, 201, created.text);
    const id = created.json.unit.id as string;
    const set = await write("/v1/units/set_showing_rules", { unitIdOrKey: id, rules });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(Object.keys(set.json.unit.showingRules).sort(), [
      "blackouts",
      "bufferMinutes",
      "maxConcurrent",
      "maxDaysAhead",
      "minNoticeMinutes",
      "slotMinutes",
      "weekly",
    ]);
    return id;
  }

  async function slotsOf(unitId: string, from: string, to: string): Promise<ServedSlot[]> {
    const answer = await call(t.url, `/v1/units/list_available_slots?unitIdOrKey=${unitId}&from=${from}&to=${to}`, { key: admin() });
    assert.equal(answer.status, 200, answer.text);
    return answer.json.slots as ServedSlot[];
  }

  before(async () => {
    t = await startTestServer();
    if (process.env["STORE"] === "redis") second = await startServer(testConfig({}), { fixture: t.fixture.json });
  });
  after(async () => {
    await second?.close();
    await t?.close();
  });

  it("across a DST transition (America/Chicago, 2027-03-14 and 2027-11-07) the slots are those a Temporal reading of the rules gives", async () => {
    const weekly = ["sun", "sat", "mon"].flatMap((day) => [
      { day, opens: "00:30", closes: "03:30" },
      { day, opens: "09:00", closes: "12:00" },
    ]);
    const unitId = await unitWithRules("America/Chicago", { weekly, slotMinutes: 30, minNoticeMinutes: 0, maxDaysAhead: 366 });
    for (const [from, to] of [
      ["2027-03-13T00:00:00Z", "2027-03-16T00:00:00Z"],
      ["2027-11-06T00:00:00Z", "2027-11-09T00:00:00Z"],
    ] as const) {
      const expected: string[] = [];
      const zone = "America/Chicago";
      for (
        let date = Temporal.PlainDate.from(from.slice(0, 10)).subtract({ days: 1 });
        date.toString() <= to.slice(0, 10);
        date = date.add({ days: 1 })
      ) {
        const day = ["", "mon", "tue", "wed", "thu", "fri", "sat", "sun"][date.dayOfWeek];
        for (const window of weekly.filter((w) => w.day === day)) {
          const opens = Temporal.PlainTime.from(window.opens);
          const closes = date.toPlainDateTime(Temporal.PlainTime.from(window.closes));
          for (
            let local = date.toPlainDateTime(opens);
            Temporal.PlainDateTime.compare(local, closes) < 0;
            local = local.add({ minutes: 30 })
          ) {
            const earlier = local.toZonedDateTime(zone, { disambiguation: "earlier" });
            if (!earlier.toPlainDateTime().equals(local)) continue; // a gap: not offered
            const end = earlier.add({ minutes: 30 });
            if (Temporal.PlainDateTime.compare(end.toPlainDateTime(), closes) > 0) continue;
            const startMs = earlier.epochMilliseconds;
            if (startMs < Date.parse(from) || end.epochMilliseconds > Date.parse(to)) continue;
            expected.push(new Date(startMs).toISOString());
          }
        }
      }
      const served = await slotsOf(unitId, from, to);
      assert.deepEqual(
        served.map((slot) => slot.startAt),
        expected.sort(),
        `${from}..${to}`,
      );
      assert.ok(!served.some((slot) => slot.localStart.startsWith("2027-03-14T02:")), "02:00 and 02:30 do not exist on 2027-03-14");
    }
  });

  it("blackouts, an open house, buffers, notice and the horizon take slots away", async () => {
    const now = Date.now();
    const unitId = await unitWithRules("UTC", {
      weekly: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => ({ day, opens: "00:00", closes: "24:00" })),
      slotMinutes: 60,
      bufferMinutes: 30,
      minNoticeMinutes: 180,
      maxDaysAhead: 2,
      blackouts: [{ startAt: new Date(now + DAY).toISOString(), endAt: new Date(now + DAY + 3 * 3_600_000).toISOString() }],
    });
    const from = new Date(now).toISOString();
    const to = new Date(now + 5 * DAY).toISOString();
    const all = await slotsOf(unitId, from, to);
    assert.ok(all.length > 0);
    assert.ok(Date.parse(all[0]!.startAt) >= now + 180 * MINUTE, "notice");
    assert.ok(Date.parse(all.at(-1)!.startAt) < now + 2 * DAY, "horizon");
    const blackoutStart = now + DAY;
    assert.ok(!all.some((s) => Date.parse(s.startAt) < blackoutStart + 3 * 3_600_000 && blackoutStart < Date.parse(s.endAt)), "blackout");
    // An open house closes the slots it overlaps; a tour takes its slot and, with the buffer, its neighbours.
    const target = all[Math.floor(all.length / 2)]!;
    const house = await write("/v1/units/create_schedule_item", {
      unitIdOrKey: unitId,
      kind: "open_house",
      title: "Open house",
      startAt: target.startAt,
      endAt: target.endAt,
    });
    assert.equal(house.status, 201, house.text);
    assert.ok(!(await slotsOf(unitId, from, to)).some((s) => s.startAt === target.startAt), "the open house's slot");
    const other = all[Math.floor(all.length / 2) - 3]!;
    const booked = await write("/v1/tours/book_tour", {
      unitIdOrKey: unitId,
      startAt: other.startAt,
      endAt: other.endAt,
      prospect: { name: "Buffer" },
    });
    assert.equal(booked.status, 201, booked.text);
    const after = await slotsOf(unitId, from, to);
    const hour = 3_600_000;
    for (const gone of [Date.parse(other.startAt) - hour, Date.parse(other.startAt), Date.parse(other.startAt) + hour]) {
      assert.ok(!after.some((s) => Date.parse(s.startAt) === gone), "the tour's slot and both neighbours within the 30-minute buffer");
    }
    const off = await write("/v1/tours/book_tour", {
      unitIdOrKey: unitId,
      startAt: target.startAt,
      endAt: target.endAt,
      prospect: { name: "No" },
    });
    assert.equal(off.status, 409, off.text);
    assert.equal(off.json.code, "slot_unavailable");
  });

  it("12 concurrent bookings of one slot: one 201, eleven 409 slot_unavailable; with maxConcurrent 3, exactly three", async () => {
    for (const maxConcurrent of [1, 3]) {
      const unitId = await unitWithRules("America/New_York", {
        weekly: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => ({ day, opens: "08:00", closes: "20:00" })),
        minNoticeMinutes: 0,
        maxConcurrent,
      });
      const slots = await slotsOf(unitId, new Date(Date.now() + DAY).toISOString(), new Date(Date.now() + 3 * DAY).toISOString());
      const slot = slots[0]!;
      assert.equal(slot.remaining, maxConcurrent);
      const bases = second === null ? [t.url] : [t.url, second.url];
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          write(
            "/v1/tours/book_tour",
            { unitIdOrKey: unitId, startAt: slot.startAt, endAt: slot.endAt, prospect: { name: `P${i}` } },
            bases[i % bases.length],
          ),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      assert.deepEqual(
        statuses,
        [...Array<number>(maxConcurrent).fill(201), ...Array<number>(12 - maxConcurrent).fill(409)],
        answers
          .map((a) => a.text)
          .join("\n")
          .slice(0, 2000),
      );
      assert.ok(answers.filter((a) => a.status === 409).every((a) => a.json.code === "slot_unavailable"));
      assert.ok(!(await slotsOf(unitId, slot.startAt, slot.endAt)).some((s) => s.startAt === slot.startAt), "the slot is full");
    }
  });

  it("set_timezone keeps the rules as they are and the slots follow the new zone; a unit without a zone cannot have rules", async () => {
    const rules = { weekly: [{ day: "wed", opens: "10:00", closes: "11:00" }], minNoticeMinutes: 0, maxDaysAhead: 366 };
    const unitId = await unitWithRules("America/Chicago", rules);
    const range = ["2027-06-01T00:00:00Z", "2027-06-08T00:00:00Z"] as const;
    const before = await slotsOf(unitId, ...range);
    assert.deepEqual(
      before.map((s) => s.startAt),
      ["2027-06-02T15:00:00.000Z", "2027-06-02T15:30:00.000Z"],
    );
    const unit = (await call(t.url, `/v1/units/get_unit?unitIdOrKey=${unitId}`, { key: admin() })).json.unit;
    const moved = await write("/v1/units/set_timezone", {
      unitIdOrKey: unitId,
      timeZone: "Europe/Berlin",
      expectedVersion: unit.version,
      policy: "keep_wall_clock",
    });
    assert.equal(moved.status, 200, moved.text);
    const after = (await call(t.url, `/v1/units/get_unit?unitIdOrKey=${unitId}`, { key: admin() })).json.unit;
    assert.deepEqual(after.showingRules.weekly, rules.weekly, "the rules stay wall-clock");
    assert.deepEqual(
      (await slotsOf(unitId, ...range)).map((s) => s.startAt),
      ["2027-06-02T08:00:00.000Z", "2027-06-02T08:30:00.000Z"],
    );
    const none = await write("/v1/units/set_showing_rules", { unitIdOrKey: t.fixture.units.none.id, rules });
    assert.equal(none.status, 409, none.text);
    const removed = await write("/v1/units/set_showing_rules", { unitIdOrKey: unitId, rules: null });
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.json.unit.showingRules, null);
    assert.deepEqual(await slotsOf(unitId, ...range), []);
    const far = await call(
      t.url,
      `/v1/units/list_available_slots?unitIdOrKey=${unitId}&from=2027-01-01T00:00:00Z&to=2027-03-01T00:00:00Z`,
      { key: admin() },
    );
    assert.equal(far.status, 400, "at most 31 days");
  });
});
