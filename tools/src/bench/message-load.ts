/**
 * The message bench's data: orgs with units loaded through the fixture sink, scheduled messages
 * written through the store's `units.writeItem` (the step every API write of a message ends in,
 * indexing it for the sender), and their deliveries read back.
 */
import { randomBytes } from "node:crypto";
import type { FixtureData } from "@lintel/core";
import type { LintelStore } from "@lintel/core/adapters";
import type { ScheduleItem, Unit } from "@lintel/domain";
import { isoInstant, scheduleEntry, type LintelEvent } from "@lintel/domain/adapters";
import type { MessageDelivery } from "@lintel/domain/schemas";

/** Messages per unit: a unit takes at most MAX_ITEMS_PER_UNIT items, and a real one has tens, not thousands. */
export const MESSAGES_PER_UNIT = 100;

/** A message to write: its unit and the item. */
export interface BenchMessage {
  readonly unit: Unit;
  readonly item: ScheduleItem;
}

/** Runs `count` jobs, `width` at a time (job `i` gets its index). */
export async function pool(count: number, width: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

/**
 * `count` messages in `orgs` fresh orgs (message i in org i mod `orgs`, {@link MESSAGES_PER_UNIT}
 * to a unit), message i sent at `sendMs(i)`; loads the orgs and their units into `store`.
 */
export async function orgsWithMessages(
  store: LintelStore,
  orgs: number,
  count: number,
  sendMs: (i: number) => number,
): Promise<BenchMessage[]> {
  const tag = randomBytes(4).toString("hex");
  const unitsPerOrg = Math.max(1, Math.ceil(count / orgs / MESSAGES_PER_UNIT));
  const orgIds = Array.from({ length: orgs }, (_, o) => `org_mb${tag}_${o}`);
  const units: Unit[] = orgIds.flatMap((orgId, o) =>
    Array.from({ length: unitsPerOrg }, (_, u) => ({
      id: `unit_mb${tag}_${o}_${u}`,
      orgId,
      urlKey: `mb-${tag}-${o}-${u}`,
      address: `${u} Bench St`,
      timeZone: "America/Chicago",
      version: 1,
    })),
  );
  const data: FixtureData = {
    orgs: orgIds.map((id) => ({ id, name: `Bench ${id}` })),
    apiKeys: [],
    units,
    locks: [],
    items: [],
    templates: [],
  };
  await store.fixtures.load(data);
  return Array.from({ length: count }, (_, i) => {
    const o = i % orgs;
    const unit = units[o * unitsPerOrg + (Math.floor(i / orgs) % unitsPerOrg)] as Unit;
    const at = isoInstant(sendMs(i));
    const item: ScheduleItem = {
      kind: "scheduled_message",
      id: `msg_mb${tag}_${i}`,
      unitId: unit.id,
      title: `Bench reminder ${i}`,
      startAt: at,
      endAt: at,
      lockId: null,
      templateId: null,
    };
    return { unit, item };
  });
}

/** Writes each message (a new item, no expected version: concurrent writes of a unit never refuse each other), `writers` at a time. */
export async function writeMessages(store: LintelStore, messages: readonly BenchMessage[], writers: number): Promise<void> {
  await pool(messages.length, writers, async (i) => {
    const { unit, item } = messages[i] as BenchMessage;
    // The event as create_schedule_item makes it (the store sets the unit's version in it).
    const { id, urlKey, address, timeZone, version, orgId } = unit;
    const event: LintelEvent = {
      id: `evt_${randomBytes(12).toString("hex")}`,
      orgId,
      type: "schedule.item_created",
      createdAt: isoInstant(Date.now()),
      data: { unit: { id, urlKey, address, timeZone, version, showingRules: null }, item: scheduleEntry(item, timeZone) },
    };
    const outcome = await store.units.writeItem(orgId, unit.id, { expectedVersion: null, op: "put", item, event });
    if (!outcome.ok) throw new Error(`writing ${item.id} was refused: ${outcome.reason}`);
  });
}

/** Each message's delivery as stored now (undefined: still as written, or gone), `readers` at a time. */
export async function deliveriesOf(
  store: LintelStore,
  messages: readonly BenchMessage[],
  readers: number,
): Promise<(MessageDelivery | undefined)[]> {
  const deliveries: (MessageDelivery | undefined)[] = [];
  await pool(messages.length, readers, async (i) => {
    const { unit, item } = messages[i] as BenchMessage;
    const stored = await store.units.getItem(unit.orgId, item.unitId, "scheduled_message", item.id);
    deliveries[i] = stored?.delivery;
  });
  return deliveries;
}
