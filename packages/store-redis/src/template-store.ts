/**
 * TemplateStore on Redis: template records in the org's `templates` hash, their positions in
 * the `templates:order` ZSET read in ascending BYLEX order. Writes: template-writes.js.
 */
import type { TemplateStore } from "@lintel/core/adapters";
import type { Template } from "@lintel/domain";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { redisKeys } from "./redis/keys.js";
import { readOrderedRows } from "./redis/ordered-page.js";
import { recordDecoder } from "./redis/record-decoder.js";
import { redisTemplateWrites } from "./template-writes.js";

/** Message templates in Redis. */
export function createRedisTemplateStore(redis: RedisClient): TemplateStore {
  const decode = recordDecoder<Template>();
  // Kept per org and template id (record-decoder.js): ids are unique within an org only.
  const templateOf = (orgId: string) => (json: Buffer, templateId: string) => decode(json, templateId, orgId);
  const writes = redisTemplateWrites(redis);
  return {
    get: (orgId, templateId) =>
      guard(async () => {
        const json = await redis.hgetBuffer(redisKeys.templates(orgId), templateId);
        return json === null ? null : templateOf(orgId)(json, templateId);
      }),

    list: (orgId, after, limit) =>
      guard(async () => {
        const keys = { positions: redisKeys.templateOrder(orgId), records: redisKeys.templates(orgId) };
        return readOrderedRows(redis, keys, after, limit, "asc", templateOf(orgId));
      }),

    create: (template, event) => guard(() => writes.create(template, event)),
    update: (template, expectedUpdatedAt, event) => guard(() => writes.update(template, expectedUpdatedAt, event)),
    delete: (orgId, templateId, check, event) => guard(() => writes.delete(orgId, templateId, check, event)),
    loadTemplate: (template) => guard(() => writes.loadTemplate(template)),
  };
}
