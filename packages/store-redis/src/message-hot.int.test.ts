// Which orgs a Redis message outbox asks (outboxes/message-outbox.ts, redis/hot-orgs.ts): a message written through this
// store is leased at once; one another instance wrote is found within FULL_LOOK_MS of the lease's
// clock (every org of the group is looked at once a pass); and an idle poll, with messages weeks
// ahead, asks a slice of the orgs, not every org. Two stores of one group on the test Redis stand
// for two instances; the idle figures are printed (a test asserts no time).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { aMessage, instant, MESSAGE_LEASE, seedMessages, writeMessage } from "@lintel/testkit";
import type { ScheduleItem } from "@lintel/domain";
import type { LintelEvent } from "@lintel/domain/adapters";
import { FULL_LOOK_MS } from "./redis/hot-orgs.js";
import { countingClient, groupStore, useTestRedis } from "./redis.test-support.js";

const T = Date.parse(instant(0));
const WEEK = 7 * 86_400_000;

describe("Redis message outbox: the orgs a lease asks", () => {
  const redis = useTestRedis();

  it("this store's messages are leased at once; another store's are found within FULL_LOOK_MS of the lease's clock", async () => {
    const group = `hot-${randomBytes(4).toString("hex")}`;
    const a = groupStore(redis(), group);
    const b = groupStore(redis(), group);
    const { orgId, unit } = await seedMessages(a, []);
    assert.deepEqual(await b.messages.lease(T, MESSAGE_LEASE, 10), [], "B's first (full) look: nothing yet");

    const written = aMessage(unit, 1_000);
    await writeMessage(a, orgId, written);
    assert.deepEqual(
      (await a.messages.lease(T + 1_000, MESSAGE_LEASE, 10)).map((one) => one.messageId),
      [written.id],
      "A wrote it: leased at once",
    );
    const other = aMessage(unit, 2_000);
    await writeMessage(a, orgId, other);
    assert.deepEqual(await b.messages.lease(T + 2_000, MESSAGE_LEASE, 10), [], "B read the group's orgs before the write");
    const found = await b.messages.lease(T + FULL_LOOK_MS + 1, MESSAGE_LEASE, 10);
    assert.deepEqual(
      found.map((one) => one.messageId),
      [other.id],
      "B has looked at every org again: found",
    );
  });

  it("an org whose earliest message is a period or more ahead is not asked until its time nears", async () => {
    const group = `hot-${randomBytes(4).toString("hex")}`;
    const a = groupStore(redis(), group);
    const b = groupStore(redis(), group);
    const { orgId, messages } = await seedMessages(a, [3 * FULL_LOOK_MS]);
    assert.deepEqual(await b.messages.lease(T, MESSAGE_LEASE, 10), [], "looked at: more than a period ahead");
    assert.deepEqual(await b.messages.lease(T + FULL_LOOK_MS, MESSAGE_LEASE, 10), []);
    assert.deepEqual(
      await b.messages.lease(T + 2 * FULL_LOOK_MS + 1, MESSAGE_LEASE, 10),
      [],
      "looked at again: due within a period, not yet",
    );
    const leased = await b.messages.lease(T + 3 * FULL_LOOK_MS, MESSAGE_LEASE, 10);
    assert.deepEqual(
      leased.map((one) => [one.orgId, one.messageId]),
      [[orgId, messages[0]!.id]],
      "leased at its time",
    );
  });

  describe("idle cost: 10,000 messages weeks ahead, polled every 100 ms for 10 s of the lease's clock", () => {
    for (const orgs of [1, 100]) {
      it(`in ${orgs} org(s): a poll asks a slice of the orgs, never each org`, async () => {
        const group = `idle-${randomBytes(4).toString("hex")}`;
        const writer = groupStore(redis(), group);
        const perOrg = 10_000 / orgs;
        for (let o = 0; o < orgs; o++) {
          const { orgId, unit } = await seedMessages(writer, []);
          const items = Array.from({ length: perOrg }, (_, i) => aMessage(unit, 3 * WEEK + i * 60_000));
          for (let from = 0; from < items.length; from += 250) {
            await Promise.all(items.slice(from, from + 250).map((item) => putLoose(writer, orgId, item)));
          }
        }
        // Another instance, polling: every command it sends is counted.
        const counted = await countingClient();
        try {
          const poller = groupStore(counted.client, group);
          const polls = 100;
          for (let i = 0; i < polls; i++) assert.deepEqual(await poller.messages.lease(T + i * 100, MESSAGE_LEASE, 10), []);
          const perSecond = counted.commands() / ((polls * 100) / 1000);
          console.log(
            `idle messages.lease, ${orgs} org(s), 10,000 messages 3 weeks ahead: ${counted.commands()} commands in ${polls} polls ` +
              `(${perSecond.toFixed(1)}/s at 10 polls/s; a ZCOUNT per org and poll would be ${orgs * 10}/s)`,
          );
          // A look at each org and a read of the set, once a pass (and the first lease's), and nothing else: no org is hot.
          assert.ok(counted.commands() <= (orgs + 1) * ((polls * 100) / FULL_LOOK_MS + 1), "no poll asks every org");
        } finally {
          await counted.client.quit();
        }
      });
    }
  });
});

/** Puts `item` at its unit whatever the unit's version (writes of other items refuse nothing). */
async function putLoose(store: ReturnType<typeof groupStore>, orgId: string, item: ScheduleItem): Promise<void> {
  const event = { id: `evt_${randomBytes(12).toString("hex")}`, orgId, type: "schedule.item_created", createdAt: instant(0), data: {} };
  const outcome = await store.units.writeItem(orgId, item.unitId, { expectedVersion: null, op: "put", item, event: event as LintelEvent });
  assert.equal(outcome.ok, true);
}
