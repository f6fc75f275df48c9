/**
 * Contract suites for the ports (`@lintel/testkit`): each adapter opts in with one line
 * per port, e.g. `describeLockDirectoryContract("memory", async () => createMemoryStore())`.
 * Every test seeds fresh random ids, so runs can share one store.
 */
export { describeApiKeyStoreContract } from "./api-key-store.contract.js";
export { describeCorruptRecordContract } from "./corrupt-record.contract.js";
export { describeEventLogContract } from "./event-log.contract.js";
export { describeFixtureSinkContract } from "./fixture-sink.contract.js";
export { describeHealthContract } from "./health.contract.js";
export { describeIdempotencyStoreContract } from "./idempotency-store.contract.js";
export { describeLockDevicesContract } from "./lock-devices.contract.js";
export { describeLockCodeOutboxContract } from "./lock-code-outbox.contract.js";
export { aCode, NOW, seedLocks, workOf, writeCode, type LockCodeStore } from "./lock-code-seed.js";
export { describeLockDirectoryContract } from "./lock-directory.contract.js";
export { describeLockProviderContract, type LockProviderSubject } from "./lock-provider.contract.js";
export { describeOnceKeysContract } from "./once-keys.contract.js";
export { describeOrgDirectoryContract } from "./org-directory.contract.js";
export { describeRequestBudgetContract } from "./request-budget.contract.js";
export { describeScheduleWritesContract } from "./schedule-writes.contract.js";
export { describeConcurrentWritesContract } from "./concurrent-writes.contract.js";
export { describeTemplateStoreContract } from "./template-store.contract.js";
export { describeUnitStoreContract } from "./unit-store.contract.js";
export { describeWebhookStoreContract } from "./webhook-store.contract.js";
export { describeWebhookLeaseShareContract } from "./webhook-lease-share.contract.js";
export { describeWebhookOperationsContract } from "./webhook-operations.contract.js";
export * from "./seed.js";
export * from "./event-seed.js";
export { nodeTestRunner, type TestContext, type TestRunner } from "./runner.js";
