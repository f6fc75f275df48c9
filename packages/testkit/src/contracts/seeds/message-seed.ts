/**
 * What the message outbox suite shares: the store it drives, an org with a unit loaded through
 * the fixture sink, messages written through `writeItem`, and the outcomes of attempts.
 */
import assert from "node:assert/strict";

import type { MessageEnd, MessageOutbox, MessageOutcome } from "@lintel/core/adapters";
import type { ScheduleItem, Unit } from "@lintel/domain";
import type { LintelEvent } from "@lintel/domain/adapters";
import type { MessageDelivery } from "@lintel/domain/schemas";
import type { TourWritesStore } from "../tours/tour-store.contract.js";
import { anItem, instant, itemView } from "./seed.js";
import { aWriteEvent, seedUnit } from "./write-seed.js";

/** The ports the message outbox suite drives. */
export type MessageStore = TourWritesStore & { readonly messages: MessageOutbox };

/** 2026-01-01 in ms: the suite's times are counted from here. */
export const T = Date.parse(instant(0));
/** The lease the suite takes, ms. */
export const LEASE = 30_000;
/** "Now" of the suite's leases: every message sent at {@link instant}(≤ 10 s) is due. */
export const NOW = T + 10_000;

/** A message of the unit sent `ms` after 2026-01-01, as the port takes it (no org). */
export function aMessage(unit: Pick<Unit, "id" | "orgId">, ms: number, over: Partial<ScheduleItem> = {}): ScheduleItem {
  return { ...itemView(anItem(unit, "scheduled_message", { startAt: instant(ms), endAt: instant(ms) })), ...over };
}

/** The same message sent at `ms` instead. */
export const movedTo = (message: ScheduleItem, ms: number): ScheduleItem => ({ ...message, startAt: instant(ms), endAt: instant(ms) });

/** A delivery of `status` (`sent` at `ms` after 2026-01-01 when sent). */
export function deliveryOf(status: MessageDelivery["status"], ms = 20_000): MessageDelivery {
  return {
    status,
    channel: status === "sent" || status === "failed" ? "email" : null,
    sentAt: status === "sent" ? instant(ms) : null,
    error: status === "failed" ? "550 mailbox unavailable" : null,
  };
}

/** Puts (or deletes) `message` at its unit's current version; asserts it applied and answers the unit after. */
export async function writeMessage(store: MessageStore, orgId: string, message: ScheduleItem, op: "put" | "delete" = "put"): Promise<Unit> {
  const unit = await store.units.findByIdOrKey(orgId, message.unitId);
  assert.ok(unit !== null);
  const type = op === "put" ? "schedule.item_created" : "schedule.item_deleted";
  const event = aWriteEvent(orgId, type, { unitId: unit.id, item: message });
  const outcome = await store.units.writeItem(orgId, unit.id, { expectedVersion: unit.version, op, item: message, event });
  assert.equal(outcome.ok, true, `the ${op} applies`);
  return (outcome as { unit: Unit }).unit;
}

/** A fresh org with one unit and a message written at each of `sendMs` (ms after 2026-01-01). */
export async function seedMessages(
  store: MessageStore,
  sendMs: readonly number[],
  over: Partial<ScheduleItem> = {},
): Promise<{ orgId: string; unit: Unit; messages: ScheduleItem[] }> {
  const { orgId, unit } = await seedUnit(store);
  const messages = sendMs.map((ms) => aMessage(unit, ms, over));
  for (const message of messages) await writeMessage(store, orgId, message);
  return { orgId, unit, messages };
}

/** An event of `type` about `message`, made at `ms` after 2026-01-01 (the store keeps it as given). */
export function messageEvent(orgId: string, type: "message.due" | "message.sent" | "message.failed", message: ScheduleItem, ms: number) {
  const data =
    type === "message.due"
      ? { unitId: message.unitId, item: { id: message.id }, tourId: null, to: null, text: null }
      : { unitId: message.unitId, item: { id: message.id } };
  return { ...aWriteEvent(orgId, type, data), createdAt: instant(ms) } as LintelEvent;
}

/** How `message` ends: `delivery` of `status` and its `message.sent` (or `message.failed`). */
export function endOf(orgId: string, message: ScheduleItem, status: "sent" | "failed" | "skipped" = "sent"): MessageEnd {
  return {
    delivery: deliveryOf(status),
    event: messageEvent(orgId, status === "failed" ? "message.failed" : "message.sent", message, 20_000),
  };
}

/** `due` of `message` at `ms`, ending it as `end` says (null: it stays for its email). */
export function dueOf(orgId: string, message: ScheduleItem, ms: number, end: MessageEnd | null): MessageOutcome {
  return { kind: "due", event: messageEvent(orgId, "message.due", message, ms), end };
}

/** The ids of the org's events of `type`, newest first. */
export async function eventIdsOf(store: MessageStore, orgId: string, type: LintelEvent["type"]): Promise<string[]> {
  return (await store.events.list(orgId, type, null, 100)).map((event) => event.id);
}
