/**
 * The events an attempt's outcome emits: `webhook_delivery.failed` when a
 * delivery's retries are spent, `webhook_endpoint.disabled` when an enabled endpoint is disabled
 * (a 410, or 5 days of failures). The store keeps them in the same step as the outcome and
 * delivers them to the org's other endpoints that want them. A delivery of one of these (or of
 * a test event) that fails emits nothing more: no feedback loop.
 */
import { servedDelivery, servedWebhookEndpoint, WEBHOOK_FEEDBACK_TYPES, type LintelEvent } from "@lintel/domain/adapters";
import type { AttemptOutcome, LeasedAttempt } from "../ports/event-ports.js";
import { deliveryAfterAttempt } from "./delivery-records.js";
import { randomId } from "../common/event-ids.js";

/** The event `outcome` of `attempt` emits, or null. */
export function followUpEvent(attempt: Pick<LeasedAttempt, "delivery" | "endpoint">, outcome: AttemptOutcome): LintelEvent | null {
  const { delivery, endpoint } = attempt;
  if (WEBHOOK_FEEDBACK_TYPES.includes(delivery.eventType)) return null;
  const base = { id: randomId("evt_"), orgId: delivery.orgId, createdAt: outcome.at } as const;
  const kind = outcome.result.kind;
  if (kind === "failed") {
    const failed = servedDelivery(deliveryAfterAttempt(delivery, outcome));
    return { ...base, type: "webhook_delivery.failed", data: { endpointId: endpoint.id, delivery: failed } };
  }
  if ((kind === "gone" || kind === "failing") && endpoint.status === "enabled") {
    const webhookEndpoint = servedWebhookEndpoint({ ...endpoint, status: "disabled", disabledReason: kind });
    return { ...base, type: "webhook_endpoint.disabled", data: { webhookEndpoint } };
  }
  return null;
}
