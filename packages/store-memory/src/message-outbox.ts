/**
 * MessageOutbox in memory. The index of messages still to be sent is kept by the item writes
 * themselves (state/message-state.js, called from unit-store.js), so it is exact after every
 * write; `lease` and `finish` run to their end without awaiting, so two concurrent leases never
 * take one message, and a lease is proven by a fresh token that `finish` checks.
 */
import { randomUUID } from "node:crypto";
import type { LeasedMessage, MessageEnd, MessageOutbox } from "@lintel/core/adapters";
import type { LintelEvent } from "@lintel/domain/adapters";
import { appendEvent } from "./state/event-state.js";
import { itemKey, type MemoryState } from "./state/memory-state.js";
import { setDue, settleOrg, type MessageEntry, type OrgMessages } from "./state/message-state.js";
import { putItem } from "./unit-store.js";

/** Throws for an end that would leave the message `scheduled` outside the index: a bug of the caller. */
export function checkEnd(end: MessageEnd): void {
  if (end.delivery.status === "scheduled") throw new Error("a message ends sent, failed, skipped or held, not scheduled");
}

/** The message outbox over the shared state. */
export function createMemoryMessageOutbox(state: MemoryState): MessageOutbox {
  const messages = state.messages;
  let turn = 0;

  /** Sets the message's `delivery` (the item's write drops it from the index) and stores the end's event. */
  function end(entry: MessageEntry, outcome: MessageEnd): void {
    const item = state.items.get(itemKey("scheduled_message", entry.messageId));
    if (item === undefined) return;
    putItem(state, { ...item, delivery: { ...outcome.delivery } });
    appendEvent(state.events, entry.orgId, outcome.event);
  }

  return {
    async lease(nowMs, leaseMs, max, share) {
      // The orgs with a message due, out of the org heap while their entries move.
      const due: OrgMessages[] = [];
      for (let org = messages.orgs.peek(); org !== undefined && (org.heap.peek()?.dueMs ?? Infinity) <= nowMs; org = messages.orgs.peek()) {
        due.push(messages.orgs.pop() as OrgMessages);
      }
      const first = due.length === 0 ? 0 : turn++ % due.length;
      const queues = [...due.slice(first), ...due.slice(0, first)].map((org) => ({
        org,
        room: share === undefined ? Infinity : share.roomOf(org.orgId),
        skipped: new Set(share?.skipOf(org.orgId)),
        aside: [] as MessageEntry[],
      }));
      /** The org's next due message it may take, out of its heap; null when none is left. */
      const nextOf = (queue: (typeof queues)[number]): MessageEntry | null => {
        while (queue.room > 0) {
          const entry = queue.org.heap.peek();
          if (entry === undefined || entry.dueMs > nowMs) return null;
          queue.org.heap.pop();
          if (queue.skipped.has(entry.messageId)) queue.aside.push(entry);
          else {
            queue.room -= 1;
            return entry;
          }
        }
        return null;
      };
      const lease = randomUUID();
      const taken: MessageEntry[] = [];
      for (let active = queues; taken.length < max && active.length > 0;) {
        active = active.filter((queue) => {
          if (taken.length >= max) return true;
          const entry = nextOf(queue);
          if (entry !== null) taken.push(entry);
          return entry !== null;
        });
      }
      // Back in: the taken at their lease's end, the skipped as they were, each org at its first.
      const orgOf = new Map(due.map((org) => [org.orgId, org]));
      for (const entry of taken) {
        entry.lease = lease;
        entry.dueMs = nowMs + leaseMs;
        orgOf.get(entry.orgId)?.heap.set(entry);
      }
      for (const queue of queues) for (const entry of queue.aside) queue.org.heap.set(entry);
      for (const org of due) settleOrg(messages, org);
      return taken.map(({ orgId, unitId, messageId, phase, attempts }): LeasedMessage => ({
        orgId,
        unitId,
        messageId,
        phase,
        attempts,
        lease,
      }));
    },

    async finish(leased, outcome) {
      const entry = messages.entries.get(leased.messageId);
      if (entry === undefined || entry.lease !== leased.lease || entry.orgId !== leased.orgId || entry.unitId !== leased.unitId)
        return false;
      const item = state.items.get(itemKey("scheduled_message", leased.messageId));
      if (item === undefined || item.unitId !== leased.unitId || item.orgId !== leased.orgId) return false;
      if (outcome.kind === "end") checkEnd(outcome);
      if (outcome.kind === "due" && outcome.end !== null) checkEnd(outcome.end);
      switch (outcome.kind) {
        case "due":
          appendEvent(state.events, entry.orgId, outcome.event);
          if (outcome.end !== null) end(entry, outcome.end);
          else {
            entry.phase = "email";
            entry.attempts = 0;
            entry.lease = null;
            setDue(messages, entry, Date.parse(outcome.event.createdAt));
          }
          return true;
        case "retry":
          entry.attempts += outcome.counted ? 1 : 0;
          entry.lease = null;
          setDue(messages, entry, Date.parse(outcome.nextAttemptAt));
          return true;
        case "end":
          end(entry, outcome);
          return true;
      }
    },

    async resealDueEvents(reseal) {
      let changed = 0;
      for (const org of state.events.orgs.values()) {
        org.eventOrder.forEach((event, at) => {
          if (event.type !== "message.due" || event.data.sealed === undefined) return;
          const resealed = reseal(event.data.sealed);
          if (resealed === null) return;
          const updated: LintelEvent = { ...event, data: { ...event.data, sealed: resealed } };
          org.eventOrder[at] = updated;
          org.events.set(event.id, updated);
          changed += 1;
        });
      }
      return changed;
    },
  };
}
