/**
 * An event as Lintel serves it (`GET /v1/events/{id}`) and delivers it: its id, type, creation
 * time and data, never its org, and never a `message.due`'s sealed copy (sealed-events.js opens it
 * for whom may see it first). The delivery's body is this view's JSON text, so a receiver can
 * fetch the event again and get the same thing.
 */
import type { DeliverableEvent, LintelEvent } from "@lintel/domain/adapters";

/** The event as served: everything but the owner. */
export interface ServedEvent<E extends DeliverableEvent = LintelEvent> {
  readonly id: string;
  readonly type: E["type"];
  readonly createdAt: string;
  readonly data: E["data"];
}

/** The served view of `event`. */
export function eventView<E extends DeliverableEvent>(event: E): ServedEvent<E> {
  return { id: event.id, type: event.type, createdAt: event.createdAt, data: servedData(event) };
}

/** The body of a delivery of `event`: the served view as JSON text. */
export function eventBody(event: DeliverableEvent): string {
  return JSON.stringify(eventView(event));
}

/** `data` less what is kept at rest only (`sealed`), whichever path the event came by. */
function servedData<E extends DeliverableEvent>(event: E): E["data"] {
  if (event.type !== "message.due" || !("sealed" in event.data)) return event.data;
  const { sealed: _atRestOnly, ...data } = event.data;
  return data as E["data"];
}
