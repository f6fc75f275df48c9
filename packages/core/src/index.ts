export * from "./ports.js";
export * from "./lock-state-reader.js";
export * from "./lock-provider-observer.js";
export * from "./provider-failure.js";
export * from "./lock-provider-routing.js";
export * from "./lintel.js";
export { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from "./idempotency.js";
export * from "./fixture.js";
export { normalizeInstant } from "./instant-text.js";
