/**
 * Contract suites for the ports (`@lintel/testkit`): each adapter opts in with one line
 * per port, e.g. `describeLockDirectoryContract("memory", async () => createMemoryStore())`.
 * Every test seeds fresh random ids, so runs can share one store.
 */
export { describeApiKeyStoreContract } from "./admission/api-key-store.contract.js";
export { describeCorruptRecordContract } from "./locks/corrupt-record.contract.js";
export { describeEventLogContract } from "./webhooks/event-log.contract.js";
export { describeNamedOnlyEventsContract } from "./webhooks/named-only-events.contract.js";
export { describeFixtureSinkContract } from "./units/fixture-sink.contract.js";
export { describeHealthContract } from "./admission/health.contract.js";
export { describeIdempotencyStoreContract } from "./admission/idempotency-store.contract.js";
export { describeLockDevicesContract } from "./locks/lock-devices.contract.js";
export { describeLockCodeOutboxContract } from "./locks/lock-code-outbox.contract.js";
export { aCode, NOW, seedLocks, workOf, writeCode, type LockCodeStore } from "./seeds/lock-code-seed.js";
export { describeLockDirectoryContract } from "./locks/lock-directory.contract.js";
export { describeLockRacesContract } from "./locks/lock-races.contract.js";
export { describeLockWritesContract } from "./locks/lock-writes.contract.js";
export { leftOf, lockChange, type LockWritesStore } from "./seeds/lock-seed.js";
export { describeLockProviderContract, type LockProviderSubject } from "./locks/lock-provider.contract.js";
export { describeMessageOutboxContract } from "./messages/message-outbox.contract.js";
export { aMessage, deliveryOf, LEASE as MESSAGE_LEASE, seedMessages, writeMessage, type MessageStore } from "./seeds/message-seed.js";
export { assertRacedPins, describePinIndexContract, type PinIndexStore } from "./tours/pin-index.contract.js";
export { describeOnceKeysContract } from "./admission/once-keys.contract.js";
export { describeOrgDirectoryContract } from "./admission/org-directory.contract.js";
export { describeRequestBudgetContract } from "./admission/request-budget.contract.js";
export { describeScheduleWritesContract } from "./units/schedule-writes.contract.js";
export { describeConcurrentWritesContract } from "./units/concurrent-writes.contract.js";
export { describeShowingRulesContract } from "./units/showing-rules.contract.js";
export { aTour, bookingOf, cancelOf, describeTourStoreContract, tourItems, type TourWritesStore } from "./tours/tour-store.contract.js";
export { describeTemplateStoreContract } from "./templates/template-store.contract.js";
export { describeUnitStoreContract } from "./units/unit-store.contract.js";
export { describeWebhookStoreContract } from "./webhooks/webhook-store.contract.js";
export { describeWebhookLeaseShareContract } from "./webhooks/webhook-lease-share.contract.js";
export { describeWebhookOperationsContract } from "./webhooks/webhook-operations.contract.js";
export { describeWebhookPacingContract } from "./webhooks/webhook-pacing.contract.js";
export * from "./seeds/seed.js";
export * from "./seeds/event-seed.js";
export { nodeTestRunner, type TestContext, type TestRunner } from "./seeds/runner.js";
