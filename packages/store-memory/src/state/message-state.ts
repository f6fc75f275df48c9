/**
 * The message outbox's index in memory (see `MessageOutbox`). Invariants, kept by
 * {@link messageStored} and {@link messageDropped}, which every write of an item calls in its own
 * synchronous step:
 * - a message has an entry exactly while it is stored with its `delivery` absent or `scheduled`;
 * - a write of a message makes its entry afresh: due at its sendAt, phase `due`, no attempt, no
 *   lease (a lease taken before finishes nothing);
 * - an entry is due at `dueMs`: its sendAt, the time its outcome set, or while leased the lease's end.
 * Each org's entries sit in a min-heap by (dueMs, message id), and the orgs with entries in a
 * heap by their first entry's due time: a lease takes each due message in O(log n) and never
 * looks at the messages that wait.
 */
import type { MessagePhase } from "@lintel/core/adapters";
import type { FixtureItem } from "@lintel/core/adapters";
import { IndexedHeap } from "./indexed-heap.js";

/** A message still to be sent, and where its sending stands. */
export interface MessageEntry {
  readonly orgId: string;
  readonly unitId: string;
  readonly messageId: string;
  dueMs: number;
  phase: MessagePhase;
  attempts: number;
  /** The token of the lease held on it; null when none. */
  lease: string | null;
}

/** One org's entries by due time. */
export interface OrgMessages {
  readonly orgId: string;
  readonly heap: IndexedHeap<MessageEntry>;
}

export interface MessageState {
  /** message id → its entry (ids are unique per kind, as the items map has them). */
  readonly entries: Map<string, MessageEntry>;
  readonly byOrg: Map<string, OrgMessages>;
  /** The orgs of `byOrg`, by their first entry's due time (then org id). */
  readonly orgs: IndexedHeap<OrgMessages>;
}

const earlier = (a: MessageEntry, b: MessageEntry): boolean => a.dueMs < b.dueMs || (a.dueMs === b.dueMs && a.messageId < b.messageId);
const firstDueMs = (org: OrgMessages): number => (org.heap.peek() as MessageEntry).dueMs;

/** An empty {@link MessageState}. */
export function createMessageState(): MessageState {
  return {
    entries: new Map(),
    byOrg: new Map(),
    orgs: new IndexedHeap((a, b) => firstDueMs(a) < firstDueMs(b) || (firstDueMs(a) === firstDueMs(b) && a.orgId < b.orgId)),
  };
}

/** True for a message the outbox is to send: `delivery` absent or `scheduled` (a `held` one waits for a write). */
export function waitsToBeSent(item: Pick<FixtureItem, "kind" | "delivery">): boolean {
  return item.kind === "scheduled_message" && (item.delivery?.status ?? "scheduled") === "scheduled";
}

/** Puts the org back in the org heap at its first entry's time, or drops it when it has none. */
export function settleOrg(state: MessageState, org: OrgMessages): void {
  if (org.heap.size === 0) {
    state.orgs.delete(org);
    state.byOrg.delete(org.orgId);
  } else state.orgs.set(org);
}

/** Moves `entry` to `dueMs` in its org's heap (and the org in the org heap). */
export function setDue(state: MessageState, entry: MessageEntry, dueMs: number): void {
  const org = state.byOrg.get(entry.orgId);
  if (org === undefined) return;
  entry.dueMs = dueMs;
  org.heap.set(entry);
  settleOrg(state, org);
}

/** Ends the outbox state of the message `messageId`, if it has any. */
function dropEntry(state: MessageState, messageId: string): void {
  const entry = state.entries.get(messageId);
  if (entry === undefined) return;
  state.entries.delete(messageId);
  const org = state.byOrg.get(entry.orgId);
  if (org === undefined) return;
  org.heap.delete(entry);
  settleOrg(state, org);
}

/** The index after `item` was stored (any kind: only messages count): its entry made afresh, or none. */
export function messageStored(state: MessageState, item: FixtureItem): void {
  if (item.kind !== "scheduled_message") return;
  dropEntry(state, item.id);
  if (!waitsToBeSent(item)) return;
  const entry: MessageEntry = {
    orgId: item.orgId,
    unitId: item.unitId,
    messageId: item.id,
    dueMs: Date.parse(item.startAt),
    phase: "due",
    attempts: 0,
    lease: null,
  };
  state.entries.set(item.id, entry);
  let org = state.byOrg.get(item.orgId);
  if (org === undefined) state.byOrg.set(item.orgId, (org = { orgId: item.orgId, heap: new IndexedHeap(earlier) }));
  org.heap.set(entry);
  settleOrg(state, org);
}

/** The index after `item` was deleted: no entry, no outbox state. */
export function messageDropped(state: MessageState, item: Pick<FixtureItem, "kind" | "id">): void {
  if (item.kind === "scheduled_message") dropEntry(state, item.id);
}
