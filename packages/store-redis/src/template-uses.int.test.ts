import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { LintelEvent } from "@lintel/domain/adapters";
import { anItem, aTemplate, aUnit, fixture, instant, randomId } from "@lintel/testkit";
import { createRedisStore } from "./index.js";
import { redisKeys } from "./redis/keys.js";
import { useTestRedis } from "./redis.test-support.js";

describe("Redis template uses index", () => {
  const redis = useTestRedis();

  test("a load fills in the entry of a kept message stored before the index existed", async () => {
    const store = createRedisStore(redis());
    const orgId = randomId("org");
    const unit = aUnit(orgId);
    const template = aTemplate(orgId);
    const message = anItem(unit, "scheduled_message", { templateId: template.id });
    const data = fixture({ units: [unit], templates: [template], items: [message] });
    await store.fixtures.load(data);
    const uses = redisKeys.templateUses(orgId);
    // Still to be sent: its use sorts after any instant (message-index.ts).
    const member = `${template.id}|~|${message.startAt}|scheduled_message:${message.id}`;
    assert.deepEqual(await redis().zrange(uses, 0, -1), [member]);

    await redis().del(uses); // as a message stored before this index existed
    const report = await store.fixtures.load(data);
    assert.deepEqual(report.items.kept, [`scheduled_message:${message.id}`]);
    assert.deepEqual(await redis().zrange(uses, 0, -1), [member]);

    const event = { id: randomId("evt"), orgId, type: "template.deleted", createdAt: instant(0), data: { template } } as LintelEvent;
    const check = { expectedUpdatedAt: template.updatedAt, nowIso: instant(0) };
    assert.deepEqual(await store.templates.delete(orgId, template.id, check, event), {
      ok: false,
      reason: "in_use",
      messageKey: `scheduled_message:${message.id}`,
    });
  });

  test("a write of a message drops the use stored before the form of messages still to be sent, too", async () => {
    const store = createRedisStore(redis());
    const orgId = randomId("org");
    const unit = aUnit(orgId);
    const template = aTemplate(orgId);
    const message = anItem(unit, "scheduled_message", { templateId: template.id });
    await store.fixtures.load(fixture({ units: [unit], templates: [template], items: [message] }));
    const uses = redisKeys.templateUses(orgId);
    const field = `scheduled_message:${message.id}`;
    // As written before: one form for every message, the sendAt right after the template's id.
    await redis().del(uses);
    await redis().zadd(uses, 0, `${template.id}|${message.startAt}|${field}`);
    const { orgId: _org, ...item } = message;
    const event = { id: randomId("evt"), orgId, type: "schedule.item_deleted", createdAt: instant(0), data: {} } as LintelEvent;
    const outcome = await store.units.writeItem(orgId, unit.id, { expectedVersion: null, op: "delete", item, event });
    assert.equal(outcome.ok, true);
    assert.deepEqual(await redis().zrange(uses, 0, -1), []);
  });
});
