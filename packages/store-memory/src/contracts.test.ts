// The memory adapter opts into every contract suite of @lintel/core.
import type { Lock } from "@lintel/domain";
import { systemClock } from "@lintel/core";
import {
  aLock,
  describeApiKeyStoreContract,
  describeConcurrentWritesContract,
  describeCorruptRecordContract,
  describeEventLogContract,
  describeFixtureSinkContract,
  describeHealthContract,
  describeIdempotencyStoreContract,
  describeLockCodeOutboxContract,
  describeLockDevicesContract,
  describeLockDirectoryContract,
  describeLockRacesContract,
  describeLockWritesContract,
  describeMessageOutboxContract,
  describeNamedOnlyEventsContract,
  describeOnceKeysContract,
  describeOrgDirectoryContract,
  describeLockProviderContract,
  describeRequestBudgetContract,
  describeScheduleWritesContract,
  describeShowingRulesContract,
  describeTemplateStoreContract,
  describeTourStoreContract,
  describePinIndexContract,
  describeUnitStoreContract,
  describeWebhookOperationsContract,
  describeWebhookPacingContract,
  describeWebhookStoreContract,
  describeWebhookLeaseShareContract,
} from "@lintel/testkit";
import { createMemoryStore, createSimulatedLockProvider } from "./index.js";
import { createMemoryState } from "./state/memory-state.js";
import { memoryStoreOn } from "./memory-store.js";

const makeStore = async () => createMemoryStore();

describeApiKeyStoreContract("memory", makeStore);
describeRequestBudgetContract("memory", makeStore);
describeUnitStoreContract("memory", makeStore);
describeLockDirectoryContract("memory", makeStore);
describeLockWritesContract("memory", makeStore);
describeLockRacesContract("memory", makeStore);
describeLockDevicesContract("memory", makeStore);
describeOrgDirectoryContract("memory", makeStore);
describeTemplateStoreContract("memory", makeStore);
describeFixtureSinkContract("memory", makeStore);
describeHealthContract("memory", makeStore);
describeIdempotencyStoreContract("memory", makeStore);
describeOnceKeysContract("memory", makeStore);
describeEventLogContract("memory", makeStore);
describeNamedOnlyEventsContract("memory", makeStore);
describeWebhookStoreContract("memory", makeStore);
describeWebhookLeaseShareContract("memory", makeStore);
describeWebhookOperationsContract("memory", makeStore);
describeWebhookPacingContract("memory", makeStore);
describeScheduleWritesContract("memory", makeStore);
describeShowingRulesContract("memory", makeStore);
describeConcurrentWritesContract("memory", makeStore);
describeLockCodeOutboxContract("memory", makeStore);
describeTourStoreContract("memory", makeStore);
describePinIndexContract("memory", makeStore);
describeMessageOutboxContract("memory", makeStore);
// The simulator knows every device, so the unknown-device test is skipped for it.
describeLockProviderContract("simulator", async () => {
  const at = Date.now();
  return { provider: createSimulatedLockProvider({ clock: { now: () => at } }), knownLock: aLock("org_1") };
});

// In memory a record is an object, so a corrupt one is an object that cannot be read.
const unreadable = new Proxy(
  {},
  {
    get: () => {
      throw new TypeError("corrupt lock record");
    },
  },
) as Lock;
describeCorruptRecordContract(
  "memory",
  async () => {
    const state = createMemoryState(systemClock);
    return { ...memoryStoreOn(state), state };
  },
  async ({ state }, lock) => {
    state.locks.set(lock.lockId, unreadable);
  },
);
