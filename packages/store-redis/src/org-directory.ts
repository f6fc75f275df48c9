/** OrgDirectory on Redis: an org exists when its record (the org's `org` string) does. */
import type { OrgDirectory } from "@lintel/core/adapters";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { redisKeys } from "./redis/keys.js";

export function createRedisOrgDirectory(redis: RedisClient): OrgDirectory {
  return {
    exists: (orgId) => guard(async () => (await redis.exists(redisKeys.org(orgId))) === 1),
  };
}
