// The Redis adapter opts into every contract suite of @lintel/core, on a real redis-server
// (or a cluster: REDIS_CLUSTER_NODES). One client per file; each test gets a fresh store on it.
import {
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
  randomId,
} from "@lintel/testkit";
import { createRedisStore, redisKeys } from "./index.js";
import { useTestRedis } from "./redis.test-support.js";

const redis = useTestRedis();
const makeStore = async () => createRedisStore(redis());

describeApiKeyStoreContract("redis", makeStore);
describeRequestBudgetContract("redis", makeStore);
describeUnitStoreContract("redis", makeStore);
describeLockDirectoryContract("redis", makeStore);
describeLockDevicesContract("redis", makeStore);
describeOrgDirectoryContract("redis", makeStore);
describeTemplateStoreContract("redis", makeStore);
describeFixtureSinkContract("redis", makeStore);
describeHealthContract("redis", makeStore);
describeIdempotencyStoreContract("redis", makeStore);
describeOnceKeysContract("redis", makeStore);
// A delivery group per test: lease and pending (of webhooks and of lock code work) then see
// that test's orgs only, never another run's (nor a server's on the same Redis).
const makeEventStore = async () => createRedisStore(redis(), { deliveryGroup: randomId("test") });
describeEventLogContract("redis", makeEventStore);
describeNamedOnlyEventsContract("redis", makeEventStore);
describeWebhookStoreContract("redis", makeEventStore);
describeWebhookLeaseShareContract("redis", makeEventStore);
describeWebhookOperationsContract("redis", makeEventStore);
describeWebhookPacingContract("redis", makeEventStore);
describeScheduleWritesContract("redis", makeEventStore);
describeShowingRulesContract("redis", makeEventStore);
// Two instances: the writes are split between this file's client and another one.
const otherClient = useTestRedis();
describeConcurrentWritesContract("redis", makeEventStore, async () => createRedisStore(otherClient(), { deliveryGroup: randomId("test") }));
describeLockCodeOutboxContract("redis", makeEventStore);
describeTourStoreContract("redis", makeEventStore);
describePinIndexContract("redis", makeEventStore);
describeMessageOutboxContract("redis", makeEventStore);
describeLockWritesContract("redis", makeEventStore);
describeLockRacesContract("redis", makeEventStore, async () => createRedisStore(otherClient(), { deliveryGroup: randomId("test") }));
describeCorruptRecordContract("redis", makeStore, async (_store, lock) => {
  await redis().hset(redisKeys.locks(lock.orgId), lock.lockId, "{not json");
});
