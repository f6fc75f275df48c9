// The lock writes of a Lintel over the memory store (an embedder's view, no HTTP): the rules of
// each field, a write that changes nothing, If-Match, a unit created through the API getting a
// code once a lock serves it, the refusal while codes ahead name the lock, the clears of its
// tours, and a code's removal queued for the lock still carried out after the lock went inactive.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseFixture, ProviderUnavailableError, type Caller } from "@lintel/core";
import type { LockCodeProgrammer, PlacedCode } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
import { createMemoryLintel } from "./index.js";

const ORG = "org_locks";
const caller: Caller = { keyId: "key_locks", orgId: ORG, scopes: ["units:write", "locks:write", "events:read"] };
const FIXTURE = parseFixture({
  orgs: [
    { id: ORG, name: "Locks" },
    { id: "org_other", name: "Other" },
  ],
  units: [
    { id: "unit_a", orgId: ORG, urlKey: "a", address: "1 A St", timeZone: "America/Chicago", version: 1 },
    { id: "unit_other", orgId: "org_other", urlKey: "o", address: "1 O St", timeZone: null, version: 1 },
  ],
  locks: [
    {
      lockId: "lk_door",
      orgId: ORG,
      name: "Door",
      provider: "august",
      providerDeviceId: "dev_door",
      model: null,
      timeZone: null,
      unitIds: ["unit_a"],
      status: "active",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    },
  ],
});
const span = { startAt: "2030-01-01T15:00:00.000Z", endAt: "2030-01-01T16:00:00.000Z" };

/** A programmer that places every code and fails removals while `removals.down`. */
function programmer() {
  const removed: string[] = [];
  const removals = { down: false, tried: 0 };
  let made = 0;
  const it: LockCodeProgrammer = {
    create: async () => `ac_${++made}`,
    update: async () => undefined,
    async remove(placed: PlacedCode) {
      removals.tried += 1;
      if (removals.down) throw new ProviderUnavailableError({ provider: "august", reason: "failed", what: "failed." });
      removed.push(placed.providerCodeId);
    },
  };
  return { programmer: it, removed, removals };
}

async function setUp() {
  if (!FIXTURE.ok) throw new Error(FIXTURE.errors.join("\n"));
  const recorder = programmer();
  const { lintel } = await createMemoryLintel({
    fixture: FIXTURE.data,
    lockCodeProgrammer: recorder.programmer,
    lockCodeSync: { pollMs: 10, retryScheduleSeconds: [0.05, 0.05, 0.05, 0.05] },
  });
  return { lintel, ...recorder };
}

const until = async (what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 3_000) => {
  for (const deadline = Date.now() + timeoutMs; !(await probe()); await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
};

const problemOf = (result: { ok: boolean }) => (result as { problem?: { code: string; detail: string; invalidParams?: unknown } }).problem;

describe("lock writes (memory store, createLintel)", () => {
  it("refuses bad fields before any read: the text rule, 1–50 units each once, units of the org, a zone with suggestions", async () => {
    const { lintel } = await setUp();
    const refusals: [Parameters<typeof lintel.updateLock>[1], string][] = [
      [{ lockId: "lk_door", name: "\u0007" }, "name"],
      [{ lockId: "lk_door", name: "\ud800" }, "name"],
      [{ lockId: "lk_door", unitIds: [] }, "unitIds"],
      [{ lockId: "lk_door", unitIds: Array.from({ length: 51 }, (_, i) => `u_${i}`) }, "unitIds"],
      [{ lockId: "lk_door", unitIds: ["unit_a", "unit_a"] }, "unitIds.1"],
      [{ lockId: "lk_door", unitIds: ["unit_a", "unit_other"] }, "unitIds.1"],
      [{ lockId: "lk_door", timeZone: "Europe/Berln" }, "timeZone"],
    ];
    for (const [command, field] of refusals) {
      const problem = problemOf(await lintel.updateLock(caller, command));
      assert.equal(problem?.code, "invalid_request", field);
      assert.deepEqual(
        (problem?.invalidParams as { name: string }[]).map((p) => p.name),
        [field],
      );
    }
    assert.match(
      problemOf(await lintel.updateLock(caller, { lockId: "lk_door", timeZone: "Europe/Berln" }))?.detail ?? "",
      /Europe\/Berlin/,
    );
    assert.equal(problemOf(await lintel.updateLock(caller, { lockId: "lk_nope", name: "X" }))?.code, "not_found");
    const other: Caller = { ...caller, orgId: "org_other" };
    assert.equal(
      problemOf(await lintel.updateLock(other, { lockId: "lk_door", name: "Mine" }))?.code,
      "not_found",
      "a foreign lock reads as unknown",
    );
    const events = await lintel.listEvents(caller, { limit: 10 });
    assert.ok(events.ok && events.value.events.length === 0, "no event");
    await lintel.close();
  });

  it("a unit created through the API gets a code once update_lock adds it; a write that changes nothing is the lock as it is", async () => {
    const { lintel } = await setUp();
    const unit = await lintel.createUnit(caller, { urlKey: "new-unit", address: "2 New St" });
    assert.ok(unit.ok);
    const code = { unitIdOrKey: "new-unit", kind: "code", title: "Guest", lockId: "lk_door", ...span } as const;
    assert.equal(problemOf(await lintel.createScheduleItem(caller, code))?.code, "invalid_request", "no lock serves it yet");
    const updated = await lintel.updateLock(caller, { lockId: "lk_door", unitIds: ["unit_a", unit.value.id], timeZone: "asia/calcutta" });
    assert.ok(updated.ok);
    assert.deepEqual([updated.value.unitIds, updated.value.timeZone], [["unit_a", unit.value.id], "Asia/Kolkata"]);
    assert.ok(updated.value.updatedAt > "2026-01-01T00:00:00.000Z");
    const created = await lintel.createScheduleItem(caller, code);
    assert.ok(created.ok, JSON.stringify(created));
    const again = await lintel.updateLock(caller, { lockId: "lk_door", unitIds: ["unit_a", unit.value.id], name: "Door" });
    assert.deepEqual(again, updated, "nothing changed: the lock as it is");
    const events = await lintel.listEvents(caller, { limit: 10, type: "lock.updated" });
    assert.ok(events.ok);
    assert.deepEqual(
      events.value.events.map((event) => event.data),
      [{ lock: servedLock(updated.value), previous: { name: "Door", unitIds: ["unit_a"], timeZone: null, status: "active" } }],
    );
    await lintel.close();
  });

  it("If-Match: a version no longer current is precondition_failed; the current one applies", async () => {
    const { lintel } = await setUp();
    const first = await lintel.updateLock(caller, { lockId: "lk_door", name: "Front", ifMatch: (lock) => lock.name === "Door" });
    assert.ok(first.ok);
    const stale = await lintel.updateLock(caller, { lockId: "lk_door", name: "Back", ifMatch: (lock) => lock.name === "Door" });
    assert.equal(problemOf(stale)?.code, "precondition_failed");
    const now = await lintel.getLock(caller, "lk_door");
    assert.ok(now.ok);
    assert.equal(now.value.name, "Front");
    await lintel.close();
  });

  it("refused while a code ahead names the lock at a unit it leaves (how many, the first key); tours there lose the lock", async () => {
    const { lintel } = await setUp();
    const tour = await lintel.createScheduleItem(caller, { unitIdOrKey: "a", kind: "tour", title: "Tour", lockId: "lk_door", ...span });
    const code = await lintel.createScheduleItem(caller, { unitIdOrKey: "a", kind: "code", title: "Guest", lockId: "lk_door", ...span });
    assert.ok(tour.ok && code.ok);
    const refused = problemOf(await lintel.updateLock(caller, { lockId: "lk_door", status: "inactive" }));
    assert.equal(refused?.code, "conflict");
    assert.match(refused?.detail ?? "", new RegExp(`^1 code that ends ahead names this lock .*\\(the first: ${code.value.item.key}\\)`));
    assert.ok((await lintel.deleteScheduleItem(caller, { unitIdOrKey: "a", key: code.value.item.key })).ok);
    const off = await lintel.updateLock(caller, { lockId: "lk_door", status: "inactive" });
    assert.ok(off.ok);
    assert.equal(problemOf(await lintel.getLock(caller, "lk_door"))?.code, "not_found", "reads hide an inactive lock");
    const page = await lintel.listSchedule(caller, { unitIdOrKey: "a", limit: 10, from: 0 });
    assert.ok(page.ok);
    assert.deepEqual(
      page.value.items.map((item) => [item.key, item.lockId]),
      [[tour.value.item.key, null]],
    );
    const unit = await lintel.getUnit(caller, "a");
    assert.ok(unit.ok && unit.value.version === 5, "tour, code, delete, then the clear: one version");
    await lintel.close();
  });

  it("a code's removal queued for the lock is still carried out after the lock went inactive", async () => {
    const { lintel, removed, removals } = await setUp();
    const code = await lintel.createScheduleItem(caller, { unitIdOrKey: "a", kind: "code", title: "Guest", lockId: "lk_door", ...span });
    assert.ok(code.ok);
    await until("the code is placed", async () => {
      const page = await lintel.listSchedule(caller, { unitIdOrKey: "a", limit: 10, from: 0 });
      return page.ok && page.value.items[0]?.lockSync?.status === "set";
    });
    removals.down = true;
    assert.ok((await lintel.deleteScheduleItem(caller, { unitIdOrKey: "a", key: code.value.item.key })).ok);
    await until("a removal attempt failed", () => removals.tried > 0);
    assert.ok((await lintel.updateLock(caller, { lockId: "lk_door", status: "inactive" })).ok);
    removals.down = false;
    await until("the removal", () => removed.length === 1);
    assert.deepEqual(removed, ["ac_1"]);
    await lintel.close();
  });
});

function servedLock({ orgId: _org, ...lock }: Lock) {
  return lock;
}
