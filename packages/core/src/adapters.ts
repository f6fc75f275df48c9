/**
 * `@lintel/core/adapters`: what a store, a lock provider or an HTTP adapter implements or
 * shares: the ports (one interface per need, each with a contract suite in `@lintel/testkit`),
 * the records and outcomes they exchange, and the helpers the memory and Redis stores share so
 * they decide alike (a delivery after an attempt), and the fixture loader over their load steps.
 */
export {
  DEVICE_LOCKS_LIMIT,
  eventAtVersion,
  type ApiKeyStore,
  type ChargedKey,
  type FixtureRecords,
  type FixtureSink,
  type Health,
  type IdempotencyClaim,
  type IdempotencyStore,
  type ItemChange,
  type ItemRewrite,
  type KeptResult,
  type LoadOutcome,
  type LockDevices,
  type LockChange,
  type LockDirectory,
  type LockItemClear,
  type LockWriteOutcome,
  type OnceKeys,
  type OrgDirectory,
  type RequestBudget,
  type SetTimeZoneOutcome,
  type ShowingRulesChange,
  type TemplateDeleteCheck,
  type TemplateStore,
  type TemplateWriteOutcome,
  type TimeZoneChange,
  type DueTour,
  type TourChange,
  type TourItemOp,
  type TourStore,
  type UnitBasis,
  type UnitChange,
  type UnitLeft,
  type UnitStore,
  type UnitWriteOutcome,
} from "./ports/ports.js";
export { deliveryAfterAttempt, deliveryLeased, firstDelivery, requeuedDelivery, scheduledAttempts } from "./webhooks/delivery-records.js";
export type {
  AttemptOutcome,
  CreateEndpointOutcome,
  EndpointPatch,
  EventLog,
  LaneRest,
  LeasedAttempt,
  LeaseShare,
  LockObservation,
  LockObservations,
  ObservationSwap,
  RecoverPage,
  RetryOutcome,
  WebhookStore,
} from "./ports/event-ports.js";
export { laneFinished, laneLeased, laneTakes, pacedTimes, type EndpointLane } from "./webhooks/webhook-lanes.js";
export type { CodeWork, CodeWorkOutcome, LeasedCodeWork, LockCodeOutbox, PlacedCodeRef } from "./ports/lock-code-ports.js";
export { createFixtureLoader, type FixtureLoadSteps } from "./fixtures/fixture-load.js";
export { observeLockState } from "./locks/lock-observation.js";
export { createLockStateReader, type LockStateReaderOptions } from "./locks/lock-state-reader.js";
export { refreshDevice, type DeviceRefresh } from "./locks/lock-devices.js";
export { eventBody, eventView, type ServedEvent } from "./webhooks/event-view.js";
export { normalizeInstant } from "./common/instant-text.js";
