// The client's lock writes against the real server (memory, and Redis under STORE=redis): a new
// unit served through locks.update, the ETag chain of getWithEtag and update, a stale ifMatch, a
// replay, the 409 of a code ahead, and lock.updated typed by its type.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startTestServer, type TestServer } from "@lintel/testkit/e2e";
import * as lintelServer from "@lintel/server";
import type { RunningServer } from "@lintel/server";
import { createLintelClient, LintelProblem, type EventOf, type LintelClient } from "./index.js";

describe(`client lock writes (STORE=${process.env["STORE"] ?? "memory"})`, () => {
  let server: TestServer<RunningServer>;
  let lintel: LintelClient;
  before(async () => {
    server = await startTestServer(lintelServer);
    lintel = createLintelClient({ baseUrl: server.url, apiKey: server.fixture.keys.admin });
  });
  after(() => server.close());

  const rejectsWith = (promise: Promise<unknown>, code: string, status: number) =>
    assert.rejects(promise, (error: unknown) => error instanceof LintelProblem && error.code === code && error.status === status);

  it("locks.update serves a new unit (then it takes a code), chained by ETags; a stale ifMatch is precondition_failed", async () => {
    const { unit } = await lintel.units.create({ urlKey: `${server.fixture.p}-lock-client`, address: "3 Client Rd" });
    const lockId = server.fixture.locks[1]?.lockId ?? assert.fail("the fixture has locks");
    const read = await lintel.locks.getWithEtag(lockId);
    const unitIds = [...read.lock.unitIds, unit.id];
    const updated = await lintel.locks.update({ lockId, unitIds, ifMatch: read.etag }, { idempotencyKey: `lock-${unit.id}` });
    assert.deepEqual([updated.lock.unitIds, updated.replayed], [unitIds, false]);
    assert.equal(updated.etag, (await lintel.locks.getWithEtag(lockId)).etag, "the answer's ETag is the lock's");
    const replayed = await lintel.locks.update({ lockId, unitIds, ifMatch: read.etag }, { idempotencyKey: `lock-${unit.id}` });
    assert.deepEqual(replayed, { ...updated, replayed: true });
    await rejectsWith(lintel.locks.update({ lockId, name: "Stale", ifMatch: read.etag }), "precondition_failed", 412);

    const code = await lintel.units.createScheduleItem({
      unitIdOrKey: unit.id,
      kind: "code",
      title: "Guest",
      lockId,
      startAt: "2030-01-01T10:00:00Z",
      endAt: "2030-01-01T12:00:00Z",
    });
    assert.equal(code.item.lockId, lockId);
    await rejectsWith(lintel.locks.update({ lockId, unitIds: read.lock.unitIds, ifMatch: updated.etag ?? "" }), "conflict", 409);

    const events = await lintel.events.list({ type: "lock.updated" }).toArray();
    const event = events[0] as EventOf<"lock.updated">;
    assert.deepEqual([event.data.lock, event.data.previous.unitIds], [updated.lock, read.lock.unitIds]);
  });
});
