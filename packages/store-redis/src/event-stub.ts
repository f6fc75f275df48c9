/** Temporary: the event ports on Redis are not implemented yet (issue 22, milestone A); every call rejects. */
import type { EventLog, LockObservations, WebhookStore } from "@lintel/core";

const notYet = async (): Promise<never> => {
  throw new Error("Events and webhooks on Redis: not implemented yet");
};

/** The event ports on Redis, rejecting every call until the adapter lands. */
export function notImplementedEventPorts(): { events: EventLog; observations: LockObservations; webhooks: WebhookStore } {
  return {
    events: { list: notYet, get: notYet },
    observations: { last: notYet, swap: notYet },
    webhooks: {
      create: notYet,
      list: notYet,
      get: notYet,
      delete: notYet,
      enable: notYet,
      deliveries: notYet,
      lease: notYet,
      finish: notYet,
      pending: notYet,
    },
  };
}
