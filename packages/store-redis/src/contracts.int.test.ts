// The Redis adapter opts into every contract suite of @lintel/core, on a real redis-server
// (or a cluster: REDIS_CLUSTER_NODES). One client per file; each test gets a fresh store on it.
import {
  describeApiKeyStoreContract,
  describeCorruptRecordContract,
  describeFixtureSinkContract,
  describeHealthContract,
  describeIdempotencyStoreContract,
  describeLockDirectoryContract,
  describeOrgDirectoryContract,
  describeRequestBudgetContract,
  describeTemplateStoreContract,
  describeUnitStoreContract,
} from "@lintel/testkit";
import { createRedisStore, redisKeys } from "./index.js";
import { useTestRedis } from "./redis.test-support.js";

const redis = useTestRedis();
const makeStore = async () => createRedisStore(redis());

describeApiKeyStoreContract("redis", makeStore);
describeRequestBudgetContract("redis", makeStore);
describeUnitStoreContract("redis", makeStore);
describeLockDirectoryContract("redis", makeStore);
describeOrgDirectoryContract("redis", makeStore);
describeTemplateStoreContract("redis", makeStore);
describeFixtureSinkContract("redis", makeStore);
describeHealthContract("redis", makeStore);
describeIdempotencyStoreContract("redis", makeStore);
describeCorruptRecordContract("redis", makeStore, async (_store, lock) => {
  await redis().hset(redisKeys.locks(lock.orgId), lock.lockId, "{not json");
});
