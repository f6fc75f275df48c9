/**
 * Model run for the message outbox: the memory adapter is the model, Redis the system under test.
 * Random puts (any delivery), deletes and set_timezone moves of an org's messages, leases at
 * random times and finishes of what was leased (any outcome, the lease held or not) must answer
 * alike, and leave the messages alike.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { LeasedMessage, MessageOutcome } from "@lintel/core/adapters";
import type { ScheduleItem } from "@lintel/domain";
import { createMemoryStore } from "@lintel/store-memory";
import { aMessage, aTimezoneEvent, deliveryOf, instant, randomId, seedMessages, type MessageStore } from "@lintel/testkit";
import type { LintelEvent } from "@lintel/domain/adapters";
import { createRedisStore } from "./index.js";
import { useTestRedis } from "./redis.test-support.js";

const SECOND = 1_000;
const T = Date.parse(instant(0));
const STATUSES = [null, "scheduled", "held", "sent"] as const;
const OUTCOMES = ["due", "due-end", "retry", "retry-counted", "end"] as const;

type Command =
  | { readonly op: "put"; readonly message: number; readonly at: number; readonly status: number }
  | { readonly op: "delete"; readonly message: number }
  | { readonly op: "move"; readonly shift: number }
  | { readonly op: "lease"; readonly at: number; readonly max: number }
  | { readonly op: "finish"; readonly leased: number; readonly outcome: number; readonly at: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({ op: fc.constant("put" as const), message: fc.nat(4), at: fc.nat(20), status: fc.nat(STATUSES.length - 1) }),
    weight: 3,
  },
  { arbitrary: fc.record({ op: fc.constant("delete" as const), message: fc.nat(4) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("move" as const), shift: fc.integer({ min: -5, max: 5 }) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("lease" as const), at: fc.nat(40), max: fc.integer({ min: 1, max: 3 }) }), weight: 3 },
  {
    arbitrary: fc.record({ op: fc.constant("finish" as const), leased: fc.nat(8), outcome: fc.nat(OUTCOMES.length - 1), at: fc.nat(40) }),
    weight: 3,
  },
);

/** What a lease answered, without its token (each store makes its own). */
const seen = (leased: readonly LeasedMessage[]) => leased.map(({ lease: _lease, ...rest }) => rest);

describe("Redis against the memory model: the message outbox", () => {
  const redis = useTestRedis();

  test("random puts, deletes, moves, leases and finishes answer alike and leave the messages alike", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40 }), async (commands) => {
        const model: MessageStore = createMemoryStore();
        const real: MessageStore = createRedisStore(redis(), { deliveryGroup: randomId("test") });
        const { orgId, unit } = await seedMessages(model, []);
        await real.fixtures.load({ orgs: [{ id: orgId, name: "Org" }], units: [unit], apiKeys: [], locks: [], items: [], templates: [] });
        const ids = Array.from({ length: 5 }, () => randomId("sm"));
        /** Each lease of both stores, message by message: [model's, real's]. */
        const leases: [LeasedMessage, LeasedMessage][] = [];
        const both = async <R>(run: (store: MessageStore) => Promise<R>): Promise<R> => {
          const expected = await run(model);
          assert.deepEqual(await run(real), expected);
          return expected;
        };
        const event = (type: LintelEvent["type"], at: number) =>
          ({ ...aTimezoneEvent(unit), id: randomId("evt"), type, createdAt: instant(at * SECOND), data: {} }) as LintelEvent;
        for (const c of commands) {
          if (c.op === "put") {
            const status = STATUSES[c.status]!;
            const over: Partial<ScheduleItem> = { id: ids[c.message]!, ...(status === null ? {} : { delivery: deliveryOf(status) }) };
            const item = aMessage(unit, c.at * SECOND, over);
            const change = { expectedVersion: null, op: "put" as const, item, event: event("schedule.item_created", 0) };
            await both((s) => s.units.writeItem(orgId, unit.id, change));
          } else if (c.op === "delete") {
            const item = aMessage(unit, 0, { id: ids[c.message]! });
            const change = { expectedVersion: null, op: "delete" as const, item, event: event("schedule.item_deleted", 0) };
            await both((s) => s.units.writeItem(orgId, unit.id, change));
          } else if (c.op === "move") {
            const current = (await model.units.findByIdOrKey(orgId, unit.id))!;
            const rewrites = (await model.units.itemsOf(orgId, unit.id)).map((item) => {
              const at = new Date(Date.parse(item.startAt) + c.shift * SECOND).toISOString();
              return { kind: item.kind, id: item.id, startAt: at, endAt: at };
            });
            const change = { expectedVersion: current.version, timeZone: "Asia/Tokyo", rewrites, event: aTimezoneEvent(unit) };
            await both((s) => s.units.setTimeZone(orgId, unit.id, change));
          } else if (c.op === "lease") {
            const mine = await model.messages.lease(T + c.at * SECOND, 10 * SECOND, c.max);
            const theirs = await real.messages.lease(T + c.at * SECOND, 10 * SECOND, c.max);
            assert.deepEqual(seen(theirs), seen(mine));
            mine.forEach((one, i) => leases.push([one, theirs[i]!]));
          } else {
            // One of the latest leases (an older one has more often run out or been taken over).
            const pair = leases[leases.length - 1 - (c.leased % Math.max(1, leases.length))];
            if (pair === undefined) continue;
            const kind = OUTCOMES[c.outcome]!;
            // Each store gets its own events (ids are unique in an org's log).
            const outcome = (): MessageOutcome => {
              const end = { delivery: deliveryOf("sent", c.at * SECOND), event: event("message.sent", c.at) };
              if (kind === "end") return { kind: "end", ...end };
              if (kind === "retry" || kind === "retry-counted") {
                return { kind: "retry", nextAttemptAt: instant(c.at * SECOND), counted: kind === "retry-counted" };
              }
              return { kind: "due", event: event("message.due", c.at), end: kind === "due-end" ? end : null };
            };
            assert.equal(await real.messages.finish(pair[1], outcome()), await model.messages.finish(pair[0], outcome()));
          }
        }
        // The end state: every message as stored, and what is left to lease, in order.
        for (const id of ids) await both((s) => s.units.getItem(orgId, unit.id, "scheduled_message", id));
        await both(async (s) => seen(await s.messages.lease(T + 1_000 * SECOND, SECOND, 100)));
      }),
      { numRuns: 100 },
    );
  });
});
