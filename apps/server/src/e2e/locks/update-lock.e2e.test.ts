// POST /v1/locks/update_lock over HTTP (SPEC 5.14), on the store STORE names: a unit made with
// create_unit gets a code once a lock serves it, If-Match (the ETag of GET or of the update's own
// answer; 412 when stale), a write that changes nothing, the 409 naming the codes ahead at a unit
// the lock would leave, the clears of its tours and open houses with their events and versions,
// an inactive lock hidden from every read yet updated, the scopes, the field rules, and isolation
// across organizations.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { generateApiKey } from "@lintel/domain";
import { startServer, type RunningServer } from "../../server.js";
import {
  allEvents,
  assertProblem,
  call,
  postJson,
  testApiKey,
  testConfig,
  testFixture,
  withoutRequestId,
  type Answer,
} from "../e2e.test-support.js";

const fixture = testFixture();
const { p, orgA, units, keys } = fixture;
const writerKey = generateApiKey();
/** A lock of its own per test, so the tests never meet on one record: serving Chicago and New York. */
const door = (name: string, unitIds = [units.chicago.id, units.york.id]) => ({
  ...fixture.shared,
  lockId: `${p}_lk_${name}`,
  name: `Door ${name}`,
  providerDeviceId: `dev-${name}`,
  unitIds,
  timeZone: null,
});
const DOORS = ["flow", "match", "same", "codes", "clears", "inactive", "isolation", "fields"] as const;
const AHEAD = { startAt: "2030-05-01T15:00:00.000Z", endAt: "2030-05-01T16:00:00.000Z" };

let server: RunningServer;
before(async () => {
  const json = {
    ...fixture.json,
    apiKeys: [...fixture.json.apiKeys, testApiKey(p, "lockWriter", orgA, writerKey, ["locks:write"])],
    locks: [...fixture.json.locks, ...DOORS.map((name) => door(name))],
  };
  server = await startServer(testConfig(), { fixture: json, webhookDeliveryGroup: p });
});
after(() => server.close());

const lockIdOf = (name: (typeof DOORS)[number]) => `${p}_lk_${name}`;
const update = (body: unknown, headers: Record<string, string> = {}, key = writerKey): Promise<Answer> =>
  postJson(server.url, "/v1/locks/update_lock", key, body, headers);
const post = (path: string, body: unknown) => postJson(server.url, path, keys.admin, body);
const getLock = (lockId: string, key = keys.admin) => call(server.url, `/v1/locks/${lockId}`, { key });

/** An item of `kind` at the unit on `lockId` (ahead unless `span` says), made through the API. */
async function itemAt(unitId: string, kind: "tour" | "code" | "open_house", lockId: string | null, span = AHEAD) {
  const made = await post("/v1/units/create_schedule_item", { unitIdOrKey: unitId, kind, title: `A ${kind}`, lockId, ...span });
  assert.equal(made.status, 201, made.text);
  return made.json as { item: { key: string; lockId: string | null }; unit: { version: number } };
}

async function scheduleOf(unitId: string): Promise<{ key: string; lockId: string | null }[]> {
  const answer = await call(server.url, `/v1/units/list_schedule?unitIdOrKey=${unitId}&from=2000-01-01T00:00:00Z&limit=100`, {
    key: keys.admin,
  });
  assert.equal(answer.status, 200, answer.text);
  return answer.json.items;
}

const versionOf = async (unitId: string): Promise<number> =>
  (await call(server.url, `/v1/units/get_unit?unitIdOrKey=${unitId}`, { key: keys.admin })).json.unit.version;

describe("e2e: update_lock", () => {
  it("a unit made with create_unit gets a code once update_lock adds it to a lock; lock.updated says what it was", async () => {
    const lockId = lockIdOf("flow");
    const made = await post("/v1/units/create_unit", { urlKey: `${p}-fresh`, address: "7 Fresh St", timeZone: "America/Denver" });
    assert.equal(made.status, 201, made.text);
    const unitId = made.json.unit.id as string;
    const code = { unitIdOrKey: unitId, kind: "code", title: "Guest", lockId, ...AHEAD };
    const refused = await post("/v1/units/create_schedule_item", code);
    assertProblem(refused, 400, "invalid_request");
    assert.deepEqual(
      refused.json.invalidParams.map((param: { name: string }) => param.name),
      ["lockId"],
    );

    const before = (await getLock(lockId)).json.lock;
    const body = { lockId, unitIds: [units.chicago.id, units.york.id, unitId], timeZone: "america/denver", name: "Fresh door" };
    const updated = await update(body);
    assert.equal(updated.status, 200, updated.text);
    const lock = updated.json.lock;
    assert.deepEqual(
      { ...lock, updatedAt: null },
      { ...before, name: "Fresh door", unitIds: body.unitIds, timeZone: "America/Denver", updatedAt: null },
    );
    assert.ok(lock.updatedAt > before.updatedAt, "updatedAt moves");
    assert.deepEqual((await getLock(lockId, writerKey)).json.lock, lock, "locks:write reads locks too");

    const created = await post("/v1/units/create_schedule_item", code);
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.item.lockId, lockId);

    const event = (await allEvents(server.url, keys.admin)).find((e) => e.type === "lock.updated" && e.data.lock.lockId === lockId);
    assert.ok(event, "lock.updated stored");
    assert.deepEqual(event.data, {
      lock,
      previous: { name: before.name, unitIds: before.unitIds, timeZone: null, status: "active" },
    });
  });

  it("If-Match: the ETag of GET or of the answer applies; a stale one is 412 and changes nothing", async () => {
    const lockId = lockIdOf("match");
    const read = await getLock(lockId);
    const etag = read.headers.get("etag") ?? assert.fail("GET carries an ETag");
    const first = await update({ lockId, name: "Matched" }, { "If-Match": etag });
    assert.equal(first.status, 200, first.text);
    const answerTag = first.headers.get("etag") ?? assert.fail("the answer carries an ETag");
    assert.equal((await getLock(lockId)).headers.get("etag"), answerTag, "the answer's ETag is GET's");
    const stale = await update({ lockId, name: "Lost update" }, { "If-Match": etag });
    assertProblem(stale, 412, "precondition_failed");
    assert.equal((await getLock(lockId)).json.lock.name, "Matched");
    const chained = await update({ lockId, name: "Chained" }, { "If-Match": answerTag });
    assert.equal(chained.status, 200, chained.text);
    assert.equal((await update({ lockId, name: "Any" }, { "If-Match": "*" })).status, 200);
    assertProblem(await update({ lockId: `${p}_lk_nope`, name: "X" }, { "If-Match": "*" }), 404, "not_found");
  });

  it("a write that changes nothing answers the lock as it is with no event; a retry with its Idempotency-Key is replayed", async () => {
    const lockId = lockIdOf("same");
    const current = (await getLock(lockId)).json.lock;
    const events = (await allEvents(server.url, keys.admin)).length;
    const same = await update({ lockId, name: current.name, unitIds: current.unitIds, status: "active", timeZone: null });
    assert.equal(same.status, 200, same.text);
    assert.deepEqual(same.json.lock, current);
    assert.equal((await allEvents(server.url, keys.admin)).length, events, "no event");
    const idempotencyKey = randomUUID();
    const renamed = await update({ lockId, name: "Renamed once" }, { "Idempotency-Key": idempotencyKey });
    const replayed = await update({ lockId, name: "Renamed once" }, { "Idempotency-Key": idempotencyKey });
    assert.equal(replayed.headers.get("idempotent-replayed"), "true");
    assert.equal(replayed.text, renamed.text);
    assert.equal(replayed.headers.get("etag"), renamed.headers.get("etag"));
  });

  it("409 while codes ahead name the lock at a unit it would stop serving: how many, the first key; nothing changes", async () => {
    const lockId = lockIdOf("codes");
    const later = await itemAt(units.york.id, "code", lockId, { startAt: "2030-06-01T15:00:00.000Z", endAt: "2030-06-01T16:00:00.000Z" });
    const first = await itemAt(units.york.id, "code", lockId);
    await itemAt(units.york.id, "code", lockId, { startAt: "2025-06-01T15:00:00.000Z", endAt: "2025-06-01T16:00:00.000Z" }); // over
    const tour = await itemAt(units.york.id, "tour", lockId);
    const version = await versionOf(units.york.id);
    for (const body of [
      { lockId, unitIds: [units.chicago.id] },
      { lockId, status: "inactive" },
    ]) {
      const refused = await update(body);
      assertProblem(refused, 409, "conflict");
      assert.match(refused.json.detail, new RegExp(`^2 codes that end ahead name this lock .*\\(the first: ${first.item.key}\\)`));
      assert.ok(!refused.json.detail.includes(later.item.key), "only the first is named");
    }
    const lock = (await getLock(lockId)).json.lock;
    assert.deepEqual([lock.status, lock.unitIds], ["active", [units.chicago.id, units.york.id]]);
    assert.equal(await versionOf(units.york.id), version);
    assert.equal((await scheduleOf(units.york.id)).find((item) => item.key === tour.item.key)?.lockId, lockId);
    const kept = await update({ lockId, unitIds: [units.york.id] }); // leaving Chicago, where no code names it
    assert.equal(kept.status, 200, kept.text);
  });

  it("leaving a unit clears its tours and open houses ahead that name the lock: version + 1, one schedule.item_updated each", async () => {
    const lockId = lockIdOf("clears");
    const chicago = units.chicago.id;
    const tour = await itemAt(chicago, "tour", lockId);
    const openHouse = await itemAt(chicago, "open_house", lockId);
    const past = await itemAt(chicago, "tour", lockId, { startAt: "2025-03-01T15:00:00.000Z", endAt: "2025-03-01T16:00:00.000Z" });
    const atYork = await itemAt(units.york.id, "tour", lockId);
    const version = await versionOf(chicago);
    const yorkVersion = await versionOf(units.york.id);
    const left = await update({ lockId, unitIds: [units.york.id] });
    assert.equal(left.status, 200, left.text);
    const schedule = new Map((await scheduleOf(chicago)).map((item) => [item.key, item.lockId]));
    assert.deepEqual(
      [schedule.get(tour.item.key), schedule.get(openHouse.item.key), schedule.get(past.item.key)],
      [null, null, lockId],
      "the items ahead lose the lock, the one over keeps it",
    );
    assert.equal(await versionOf(chicago), version + 1, "one version for the step");
    assert.equal(await versionOf(units.york.id), yorkVersion, "a unit it keeps is not touched");
    assert.equal((await scheduleOf(units.york.id)).find((item) => item.key === atYork.item.key)?.lockId, lockId);
    const events = (await allEvents(server.url, keys.admin)).filter(
      (e) => e.type === "schedule.item_updated" && e.data.previous.lockId === lockId && e.data.item.lockId === null,
    );
    assert.deepEqual(events.map((e) => e.data.item.key).sort(), [tour.item.key, openHouse.item.key].sort());
    for (const event of events) {
      assert.deepEqual([event.data.unit.id, event.data.unit.version], [chicago, version + 1]);
      assert.deepEqual({ ...event.data.previous, lockId: null }, event.data.item, "only lockId changed");
    }
    const again = await post("/v1/units/create_schedule_item", { unitIdOrKey: chicago, kind: "tour", title: "T", lockId, ...AHEAD });
    assertProblem(again, 400, "invalid_request");
  });

  it("an inactive lock: every read hides it, update_lock answers it and makes it active again", async () => {
    const lockId = lockIdOf("inactive");
    const tour = await itemAt(units.chicago.id, "tour", lockId);
    const off = await update({ lockId, status: "inactive" });
    assert.equal(off.status, 200, off.text);
    assert.equal(off.json.lock.status, "inactive");
    assertProblem(await getLock(lockId), 404, "not_found");
    assertProblem(await call(server.url, `/v1/locks/${lockId}/state`, { key: keys.admin }), 404, "not_found");
    const listed: string[] = [];
    for (let cursor = ""; ;) {
      const page = await call(server.url, `/v1/locks?limit=100${cursor}`, { key: keys.admin });
      listed.push(...page.json.locks.map((lock: { lockId: string }) => lock.lockId));
      if (page.json.nextCursor === null) break;
      cursor = `&cursor=${encodeURIComponent(page.json.nextCursor)}`;
    }
    assert.ok(!listed.includes(lockId), "not listed");
    assert.ok(listed.includes(lockIdOf("flow")));
    assert.equal((await scheduleOf(units.chicago.id)).find((item) => item.key === tour.item.key)?.lockId, null, "its tour lost it");
    const code = { unitIdOrKey: units.chicago.id, kind: "code", title: "Guest", lockId, ...AHEAD };
    assertProblem(await post("/v1/units/create_schedule_item", code), 400, "invalid_request");
    const renamed = await update({ lockId, name: "Stored away" });
    assert.deepEqual([renamed.status, renamed.json.lock.name, renamed.json.lock.status], [200, "Stored away", "inactive"]);
    const on = await update({ lockId, status: "active" });
    assert.equal(on.status, 200, on.text);
    assert.deepEqual((await getLock(lockId)).json.lock, on.json.lock);
    assert.equal((await post("/v1/units/create_schedule_item", code)).status, 201);
  });

  it("scopes: locks:read is 403 naming locks:write; locks:write does not read live states", async () => {
    const refused = await update({ lockId: lockIdOf("fields"), name: "X" }, {}, keys.locksOnly);
    assertProblem(refused, 403, "missing_scope");
    assert.match(refused.json.detail, /locks:write/);
    assertProblem(await call(server.url, `/v1/locks/${lockIdOf("fields")}/state`, { key: writerKey }), 403, "missing_scope");
    assert.equal((await call(server.url, "/v1/locks?limit=5", { key: writerKey })).status, 200);
  });

  it("each field by its rule (400 naming it, nothing changed); a zone's refusal suggests real ones", async () => {
    const lockId = lockIdOf("fields");
    const before = (await getLock(lockId)).json.lock;
    const cases: [Record<string, unknown>, string][] = [
      [{ lockId, unitIds: [] }, "unitIds"],
      [{ lockId, unitIds: Array.from({ length: 51 }, (_, i) => `u_${i}`) }, "unitIds"],
      [{ lockId, unitIds: [units.chicago.id, units.chicago.id] }, "unitIds"],
      [{ lockId, unitIds: [units.chicago.id, `${p}_u_nope`] }, "unitIds.1"],
      [{ lockId, status: "broken" }, "status"],
      [{ lockId, name: "" }, "name"],
      [{ lockId, name: "Tab\there" }, "name"],
      [{ lockId, name: "x".repeat(201) }, "name"],
      [{ lockId, timeZone: "Europe/Berln" }, "timeZone"],
      [{ lockId, timeZone: "+05:00" }, "timeZone"],
      [{ lockId, provider: "seam" }, "provider"],
      [{ name: "No lock" }, "lockId"],
    ];
    for (const [body, field] of cases) {
      const refused = await update(body);
      assertProblem(refused, 400, "invalid_request");
      assert.deepEqual(
        refused.json.invalidParams.map((param: { name: string }) => param.name),
        [field],
        JSON.stringify(body).slice(0, 80),
      );
    }
    assert.match((await update({ lockId, timeZone: "Europe/Berln" })).json.detail, /Europe\/Berlin/);
    assert.deepEqual((await getLock(lockId)).json.lock, before);
  });

  it("isolation: another organization's lock answers like an unknown one, and neither names the other's units", async () => {
    const lockId = lockIdOf("isolation");
    const foreign = await update({ lockId, name: "Taken over" }, {}, keys.orgB);
    const unknown = await update({ lockId: `${p}_lk_unknown`, name: "Taken over" }, {}, keys.orgB);
    assertProblem(foreign, 404, "not_found");
    assert.deepEqual(withoutRequestId(foreign.json), withoutRequestId({ ...unknown.json, detail: foreign.json.detail }));
    assert.equal(foreign.json.detail.replace(lockId, "ID"), unknown.json.detail.replace(`${p}_lk_unknown`, "ID"));
    const foreignUnit = await update({ lockId, unitIds: [units.chicago.id, units.foreign.id] });
    assertProblem(foreignUnit, 400, "invalid_request");
    assert.deepEqual(foreignUnit.json.invalidParams, [{ name: "unitIds.1", reason: "names no unit of the organization" }]);
    const theirs = await update({ lockId: fixture.foreignLock.lockId, unitIds: [units.chicago.id] }, {}, keys.orgB);
    assertProblem(theirs, 400, "invalid_request");
    assert.equal((await getLock(lockId)).json.lock.name, `Door isolation`);
    const orgBEvents = await allEvents(server.url, keys.orgB);
    assert.ok(!orgBEvents.some((e) => e.type === "lock.updated"), "org B made no lock.updated and sees none of org A's");
  });
});
