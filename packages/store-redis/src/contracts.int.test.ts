// The Redis adapter opts into every contract suite of @lintel/core, on a real redis-server
// (or a cluster: REDIS_CLUSTER_NODES). One client per file; each test gets a fresh store on it.
import { after, before } from "node:test";
import {
  describeApiKeyStoreContract, describeFixtureSinkContract, describeHealthContract, describeLockDirectoryContract,
  describeRequestBudgetContract, describeTemplateStoreContract, describeUnitStoreContract,
} from "@lintel/core/contracts";
import type { RedisClient } from "./client.js";
import { createRedisStore } from "./index.js";
import { connectTestRedis } from "./redis.test-support.js";

let redis: RedisClient | undefined;
before(async () => {
  redis = await connectTestRedis();
});
after(async () => {
  await redis?.quit();
});
const makeStore = async () => {
  if (redis === undefined) throw new Error("Redis is not connected yet");
  return createRedisStore(redis);
};

describeApiKeyStoreContract("redis", makeStore);
describeRequestBudgetContract("redis", makeStore);
describeUnitStoreContract("redis", makeStore);
describeLockDirectoryContract("redis", makeStore);
describeTemplateStoreContract("redis", makeStore);
describeFixtureSinkContract("redis", makeStore);
describeHealthContract("redis", makeStore);
