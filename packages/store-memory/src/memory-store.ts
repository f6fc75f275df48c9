/** Every memory adapter on one shared state (tests that must reach into the state build it here). */
import type { LintelStore } from "@lintel/core/adapters";
import { createFixtureLoader } from "@lintel/core/adapters";
import { createMemoryApiKeyStore } from "./api-key-store.js";
import { createMemoryEventLog, createMemoryLockObservations } from "./event-log.js";
import { createMemoryFixtureRecords } from "./fixture-records.js";
import { createMemoryIdempotencyStore } from "./idempotency-store.js";
import { createMemoryLockDevices } from "./lock-devices.js";
import { createMemoryLockDirectory } from "./lock-directory.js";
import { createMemoryLockCodeOutbox } from "./lock-code-outbox.js";
import { createMemoryMessageOutbox } from "./message-outbox.js";
import { createMemoryOnceKeys } from "./once-keys.js";
import type { MemoryState } from "./state/memory-state.js";
import { createMemoryOrgDirectory } from "./org-directory.js";
import { createMemoryRequestBudget } from "./request-budget.js";
import { createMemoryTemplateStore } from "./template-store.js";
import { createMemoryTourStore } from "./tour-store.js";
import { createMemoryUnitStore } from "./unit-store.js";
import { createMemoryWebhookStore } from "./webhook-store.js";

/** The memory adapters of every port, sharing `state`. */
export function memoryStoreOn(state: MemoryState): LintelStore {
  const budget = createMemoryRequestBudget(state);
  const units = createMemoryUnitStore(state);
  const templates = createMemoryTemplateStore(state);
  return {
    apiKeys: createMemoryApiKeyStore(state, budget),
    orgs: createMemoryOrgDirectory(state),
    budget,
    units,
    locks: createMemoryLockDirectory(state),
    devices: createMemoryLockDevices(state),
    templates,
    fixtures: createFixtureLoader({ units, templates, records: createMemoryFixtureRecords(state) }),
    health: { async ping() {} },
    idempotency: createMemoryIdempotencyStore(state),
    onceKeys: createMemoryOnceKeys(state),
    events: createMemoryEventLog(state.events),
    observations: createMemoryLockObservations(state.events),
    webhooks: createMemoryWebhookStore(state.events),
    lockCodes: createMemoryLockCodeOutbox(state),
    tours: createMemoryTourStore(state),
    messages: createMemoryMessageOutbox(state),
  };
}
