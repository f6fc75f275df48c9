// The writes outlive the server process: a unit created, a fixture tour updated and a fixture
// template deleted through the API are all still so after a restart with the same FIXTURE, and
// no unit's version goes back. Always on Redis, whatever STORE is (as restart.e2e.test.ts): a
// memory store starts empty at every start, so only a store that outlives the process can tell.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { call, postJson, processStoreEnv, testFixture } from "../e2e.test-support.js";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../e2e.test-support.js";

describe("e2e: the writes across a restart on Redis", () => {
  const fixture = testFixture();
  const { p, units, keys, templates } = fixture;
  const env: Record<string, string> = { ...processStoreEnv("redis") };
  let port = 0;
  let server: ServerChild | undefined;

  before(async () => {
    env["FIXTURE"] = await writeFixture(fixture.json);
    [port = 0] = await freePorts(1);
  });
  after(() => server?.stop());

  const base = () => server?.url ?? assert.fail("no server");
  const get = async (path: string) => {
    const answer = await call(base(), path, { key: keys.admin });
    assert.equal(answer.status, 200, `${path}: ${answer.text}`);
    return answer.json;
  };
  const post = async (path: string, body: unknown, status: number) => {
    const answer = await postJson(base(), path, keys.admin, body);
    assert.equal(answer.status, status, `${path}: ${answer.text}`);
    return answer.json;
  };
  const scheduleOf = async (unitId: string) =>
    (await get(`/v1/units/list_schedule?unitIdOrKey=${unitId}&from=2000-01-01T00:00:00Z&limit=100`)).items;
  const templateIds = async () => (await get("/v1/templates/list_message_templates?limit=100")).templates.map((t: { id: string }) => t.id);

  it("writes are kept across a restart with the same FIXTURE", async () => {
    server = await spawnServer(port, env);
    const created = await post("/v1/units/create_unit", { urlKey: `${p}-birch-ln`, address: "3 Birch Ln", timeZone: "Europe/Berlin" }, 201);
    const unitId = created.unit.id as string;
    const tour = {
      unitIdOrKey: unitId,
      kind: "tour",
      title: "First",
      startAt: "2027-03-01T10:00:00+01:00",
      endAt: "2027-03-01T11:00:00+01:00",
    };
    await post("/v1/units/create_schedule_item", { ...tour, expectedVersion: 1 }, 201);
    const fixtureTour = `tour:${p}_t1`;
    const moved = {
      unitIdOrKey: units.chicago.id,
      key: fixtureTour,
      expectedVersion: 1,
      title: "Rescheduled",
      endAt: "2027-06-01T17:00:00Z",
    };
    assert.equal((await post("/v1/units/update_schedule_item", moved, 200)).unit.version, 2);
    const deletedTemplate = templates[3]?.id ?? "";
    await post("/v1/templates/delete_message_template", { templateId: deletedTemplate }, 204);

    const before = {
      unit: await get(`/v1/units/get_unit?unitIdOrKey=${unitId}`),
      schedule: await scheduleOf(unitId),
      chicago: await get(`/v1/units/get_unit?unitIdOrKey=${units.chicago.id}`),
      chicagoSchedule: await scheduleOf(units.chicago.id),
      templates: await templateIds(),
    };
    assert.ok(!before.templates.includes(deletedTemplate));

    await server.stop();
    server = await spawnServer(port, env);

    assert.deepEqual(await get(`/v1/units/get_unit?unitIdOrKey=${unitId}`), before.unit);
    assert.equal(before.unit.unit.version, 2);
    assert.deepEqual(await scheduleOf(unitId), before.schedule);
    assert.deepEqual(
      await get(`/v1/units/get_unit?unitIdOrKey=${units.chicago.id}`),
      before.chicago,
      "the fixture's version 1 does not come back",
    );
    const chicagoSchedule = await scheduleOf(units.chicago.id);
    assert.deepEqual(chicagoSchedule, before.chicagoSchedule);
    const kept = chicagoSchedule.find((entry: { key: string }) => entry.key === fixtureTour);
    assert.deepEqual([kept?.title, kept?.endAt], ["Rescheduled", "2027-06-01T17:00:00.000Z"]);
    // The versions go on from where they were: a write naming the version before the restart applies.
    assert.equal((await post("/v1/units/create_schedule_item", { ...tour, title: "Second", expectedVersion: 2 }, 201)).unit.version, 3);
    const stale = await postJson(base(), "/v1/units/update_schedule_item", keys.admin, { ...moved, title: "Stale" });
    assert.deepEqual([stale.status, stale.json.currentVersion], [409, 2]);
    assert.deepEqual(await templateIds(), before.templates, "the deleted fixture template stays deleted");
    const gone = await call(base(), `/v1/templates/get_message_template?templateId=${deletedTemplate}`, { key: keys.admin });
    assert.equal(gone.status, 404, gone.text);
    assert.match(server.output(), /\b0 records added; \d+ the store already had left as they are/);
  });

  it("a fixture open house deleted through the API stays deleted across a restart with the same FIXTURE", async () => {
    await server?.stop();
    server = await spawnServer(port, env);
    const { version } = (await get(`/v1/units/get_unit?unitIdOrKey=${units.chicago.id}`)).unit;
    const key = `open_house:${p}_o1`;
    const deleted = await post("/v1/units/delete_schedule_item", { unitIdOrKey: units.chicago.id, key, expectedVersion: version }, 200);
    assert.equal(deleted.unit.version, version + 1);
    const before = await scheduleOf(units.chicago.id);
    assert.ok(!before.some((entry: { key: string }) => entry.key === key));

    await server.stop();
    server = await spawnServer(port, env);
    assert.equal((await get(`/v1/units/get_unit?unitIdOrKey=${units.chicago.id}`)).unit.version, version + 1);
    assert.deepEqual(await scheduleOf(units.chicago.id), before, "the open house is back at the same version");
  });
});
