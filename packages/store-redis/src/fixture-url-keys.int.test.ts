// The unit script's own urlKey guard (add mode), for a holder that appears after the loader's
// check: it writes nothing and names the holder. (The contract suites reach only the check.)
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { aUnit, fixture, randomId } from "@lintel/testkit";
import { LOAD_UNIT_SCRIPT } from "./fixture-scripts.js";
import { createRedisStore, redisKeys } from "./index.js";
import { useTestRedis } from "./redis.test-support.js";

const redis = useTestRedis();

describe("redis: the unit script's urlKey guard", () => {
  it("an add of a new unit whose urlKey another unit holds writes nothing and answers conflict:<holder>", async () => {
    const orgId = randomId("org");
    const holder = aUnit(orgId);
    await createRedisStore(redis()).fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [holder] }));
    const taker = aUnit(orgId, { urlKey: holder.urlKey });
    const keys = [redisKeys.units(orgId), redisKeys.unitKeys(orgId), redisKeys.unitOrder(orgId)];
    const reply = await LOAD_UNIT_SCRIPT.run(redis(), keys, [taker.id, JSON.stringify(taker), taker.urlKey, "add", "0", ""]);
    assert.equal(reply, `conflict:${holder.id}`);
    assert.equal(await redis().hget(redisKeys.unitKeys(orgId), holder.urlKey), holder.id);
    assert.equal(await redis().hget(redisKeys.units(orgId), taker.id), null);
  });
});
