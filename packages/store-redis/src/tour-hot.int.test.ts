// Which orgs a Redis tour store's dueTours asks (tour-store.ts, redis/hot-orgs.ts): a tour booked
// through this store is found at its due time; one another instance booked within FULL_LOOK_MS of
// the poll's clock (every org of the group is looked at once a pass); and an idle poll, with tours
// weeks ahead, asks a slice of the orgs, not every org. Two stores of one group on the test Redis
// stand for two instances; the idle figures are printed (a test asserts no time).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { aTour, bookingOf, instant, seedMessages } from "@lintel/testkit";
import type { Unit } from "@lintel/domain";
import { FULL_LOOK_MS } from "./redis/hot-orgs.js";
import { countingClient, groupStore, useTestRedis } from "./redis.test-support.js";

const T = Date.parse(instant(0));
const WEEK = 7 * 86_400_000;

/** Books a tour of `unit` (at `version`) through `store`, due at `dueAtMs`; answers its id. */
async function book(store: ReturnType<typeof groupStore>, unit: Unit, version: number, dueAtMs: number): Promise<string> {
  const tour = aTour(unit, 10 + version);
  const outcome = await store.tours.writeTour(unit.orgId, unit.id, bookingOf({ ...unit, version }, tour, null, { dueAtMs }));
  assert.equal(outcome.ok, true);
  return tour.id;
}

describe("Redis tour store: the orgs dueTours asks", () => {
  const redis = useTestRedis();

  it("this store's tours are found at their time; another store's within FULL_LOOK_MS of the poll's clock", async () => {
    const group = `hot-${randomBytes(4).toString("hex")}`;
    const a = groupStore(redis(), group);
    const b = groupStore(redis(), group);
    const { orgId, unit } = await seedMessages(a, []);
    assert.deepEqual(await b.tours.dueTours(T, 10), [], "B's first (full) look: nothing yet");
    const first = await book(a, unit, 1, T + 1_000);
    assert.deepEqual(await a.tours.dueTours(T + 1_000, 10), [{ orgId, tourId: first }], "A booked it: found at once");
    const second = await book(a, unit, 2, T + 2_000);
    assert.deepEqual(await b.tours.dueTours(T + 2_000, 10), [], "B read the group's orgs before the bookings");
    assert.deepEqual(
      await b.tours.dueTours(T + FULL_LOOK_MS + 1, 10),
      [
        { orgId, tourId: first },
        { orgId, tourId: second },
      ],
      "B has looked at every org again: found",
    );
  });

  it("idle: 100 orgs with tours 3 weeks ahead, polled every 100 ms for 10 s: a poll asks a slice of the orgs, never each org", async () => {
    const group = `idle-${randomBytes(4).toString("hex")}`;
    const writer = groupStore(redis(), group);
    const orgs = 100;
    for (let o = 0; o < orgs; o++) {
      const { unit } = await seedMessages(writer, []);
      for (let version = 1; version <= 10; version++) await book(writer, unit, version, T + 3 * WEEK + version * 60_000);
    }
    const counted = await countingClient();
    try {
      const poller = groupStore(counted.client, group);
      const polls = 100;
      for (let i = 0; i < polls; i++) assert.deepEqual(await poller.tours.dueTours(T + i * 100, 10), []);
      console.log(
        `idle dueTours, ${orgs} orgs, 1,000 tours 3 weeks ahead: ${counted.commands()} commands in ${polls} polls ` +
          `(${(counted.commands() / 10).toFixed(1)}/s at 10 polls/s; a ZRANGE per org and poll would be ${orgs * 10}/s)`,
      );
      // A look at each org and a read of the set, once a pass (and the first poll's), and nothing else: no org is hot.
      assert.ok(counted.commands() <= (orgs + 1) * ((polls * 100) / FULL_LOOK_MS + 1), "no poll asks every org");
    } finally {
      await counted.client.quit();
    }
  });
});
