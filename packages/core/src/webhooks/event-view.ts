/**
 * An event as Lintel serves it (`GET /v1/events/{id}`) and delivers it: its id, type, creation
 * time and data, never its org. The delivery's body is this view's JSON text, so a receiver can
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
  return { id: event.id, type: event.type, createdAt: event.createdAt, data: event.data };
}

/** The body of a delivery of `event`: the served view as JSON text. */
export function eventBody(event: DeliverableEvent): string {
  return JSON.stringify(eventView(event));
}
