export * from "./ports.js";
export * from "./event-ports.js";
export * from "./lock-state-reader.js";
export * from "./lock-provider-observer.js";
export * from "./provider-failure.js";
export * from "./lock-provider-routing.js";
export * from "./lintel.js";
export { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from "./idempotency.js";
export * from "./fixture.js";
export * from "./fixture-merge.js";
export * from "./fixture-report.js";
export * from "./fixture-conflict.js";
export { normalizeInstant } from "./instant-text.js";
export { createLintel, LOCK_STATE_TTL_MS, type LintelSetup } from "./create-lintel.js";
export { observeLockState } from "./lock-observation.js";
export { eventBody, eventView, type ServedEvent } from "./event-view.js";
export * from "./webhook-sender.js";
export {
  createWebhookDispatcher,
  WEBHOOK_FAILING_AFTER_MS,
  WEBHOOK_LEASE_MS,
  type AttemptReport,
  type WebhookDispatcher,
  type WebhookDispatcherObserver,
  type WebhookDispatcherOptions,
} from "./webhook-dispatcher.js";
export { MAX_WEBHOOK_ENDPOINTS, MAX_WEBHOOK_URL_CHARS, type WebhookUseCaseOptions } from "./webhook-use-cases.js";
export type { AdmissionOutcome, AdmissionRequest } from "./admission.js";
export * from "./lock-devices.js";
