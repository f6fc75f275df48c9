// The lock-code worker of a Lintel over the memory store, driven through the use cases with a
// programmer that records every call and fails on cue: what reaches the provider for each kind
// of change, the retries and their end, a provider not configured, a move to another lock, a
// code the provider lost, and the events.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ProviderUnavailableError, type Caller, type Lintel } from "@lintel/core";
import type { LockCodeProgrammer, PlacedCode, ProgrammedCode } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
import { parseFixture } from "@lintel/core";
import { createMemoryLintel } from "./index.js";

const ORG = "org_codes";
const caller: Caller = { keyId: "key_codes", orgId: ORG, scopes: ["units:read", "units:write", "events:read"] };
const lock = (lockId: string, provider: string, providerDeviceId: string) => ({
  lockId,
  orgId: ORG,
  name: lockId,
  provider,
  providerDeviceId,
  model: null,
  timeZone: null,
  unitIds: ["unit_codes"],
  status: "active",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const FIXTURE = parseFixture({
  orgs: [{ id: ORG, name: "Codes" }],
  units: [{ id: "unit_codes", orgId: ORG, urlKey: "codes", address: "1 Code St", timeZone: "America/Chicago", version: 1 }],
  locks: [lock("lk_a", "august", "dev_a"), lock("lk_b", "yale", "dev_b"), lock("lk_x", "nuki", "dev_x")],
});

type Call = { op: "create" | "update" | "remove"; device: string; providerCodeId?: string; code?: ProgrammedCode };

/** A programmer that records calls; `failNext(n, failure)` fails the next n calls; `nuki` locks are never configured. */
function recordingProgrammer() {
  const calls: Call[] = [];
  let failures: { left: number; error: () => Error } = { left: 0, error: () => new Error("none") };
  let made = 0;
  const fail = () => {
    if (failures.left <= 0) return;
    failures.left -= 1;
    throw failures.error();
  };
  const programmer: LockCodeProgrammer = {
    async create(target: Lock, code) {
      if (target.provider === "nuki")
        throw new ProviderUnavailableError({
          provider: "nuki",
          reason: "not_configured",
          what: "is programmed through Seam, and SEAM_API_KEY is not set.",
        });
      calls.push({ op: "create", device: target.providerDeviceId, code });
      fail();
      return `ac_${++made}`;
    },
    async update(placed: PlacedCode, code) {
      calls.push({ op: "update", device: placed.providerDeviceId, providerCodeId: placed.providerCodeId, code });
      fail();
    },
    async remove(placed: PlacedCode) {
      calls.push({ op: "remove", device: placed.providerDeviceId, providerCodeId: placed.providerCodeId });
      fail();
    },
  };
  return {
    programmer,
    calls,
    failNext(left: number, error: () => Error) {
      failures = { left, error };
    },
  };
}

const until = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 3_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

async function setUp(schedule = [0.05, 0.05]) {
  const recorder = recordingProgrammer();
  if (!FIXTURE.ok) throw new Error(FIXTURE.errors.join("\n"));
  const { lintel } = await createMemoryLintel({
    fixture: FIXTURE.data,
    lockCodeProgrammer: recorder.programmer,
    lockCodeSync: { pollMs: 10, retryScheduleSeconds: schedule },
  });
  return { lintel, ...recorder };
}

/** The code's entry as list_schedule serves it, once its lockSync is `status`. */
function entryWhen(lintel: Lintel, key: string, status: string) {
  return until(`${key} ${status}`, async () => {
    const page = await lintel.listSchedule(caller, { unitIdOrKey: "codes", limit: 50, from: 0 });
    assert.ok(page.ok);
    const entry = page.value.items.find((item) => item.key === key);
    return entry?.lockSync?.status === status ? entry : undefined;
  });
}

const aCode = {
  unitIdOrKey: "codes",
  kind: "code",
  title: "Guest",
  lockId: "lk_a",
  startAt: "2027-01-01T15:00:00.000Z",
  endAt: "2027-01-01T17:00:00.000Z",
} as const;

describe("lock-code worker (memory store, a recording programmer)", () => {
  it("a new code is created on its device with its PIN, name and instants; set, with access_code.synced (PIN left out)", async () => {
    const { lintel, calls } = await setUp();
    const created = await lintel.createScheduleItem(caller, { ...aCode, code: "48213" });
    assert.ok(created.ok);
    assert.equal(created.value.item.code, "48213");
    assert.equal(created.value.item.lockSync?.status, "pending");
    const entry = await entryWhen(lintel, created.value.item.key, "set");
    assert.equal(entry.code, "48213");
    assert.deepEqual(calls, [
      { op: "create", device: "dev_a", code: { name: "Guest", code: "48213", startAt: aCode.startAt, endAt: aCode.endAt } },
    ]);
    const events = await lintel.listEvents(caller, { limit: 10 });
    assert.ok(events.ok);
    const synced = events.value.events.find((event) => event.type === "access_code.synced");
    assert.ok(synced, "access_code.synced stored");
    assert.equal((synced.data as { item: { code: unknown } }).item.code, null);
    assert.equal(created.value.unit.version, (await lintel.getUnit(caller, "codes")).ok ? 2 : -1, "set bumps no version");
    await lintel.close();
  });

  it("an update goes to the code the provider holds; a move to another lock removes it there and creates it on the new one; a delete removes it", async () => {
    const { lintel, calls } = await setUp();
    const created = await lintel.createScheduleItem(caller, aCode);
    assert.ok(created.ok);
    const key = created.value.item.key;
    await entryWhen(lintel, key, "set");
    assert.ok((await lintel.updateScheduleItem(caller, { unitIdOrKey: "codes", key, code: "7777" })).ok);
    await until("update", async () => (calls.length === 2 ? true : undefined));
    assert.ok((await lintel.updateScheduleItem(caller, { unitIdOrKey: "codes", key, lockId: "lk_b" })).ok);
    await until("move", async () => (calls.length === 4 ? true : undefined));
    assert.ok((await lintel.deleteScheduleItem(caller, { unitIdOrKey: "codes", key })).ok);
    await until("delete", async () => (calls.length === 5 ? true : undefined));
    assert.deepEqual(
      calls.map(({ op, device, providerCodeId, code }) => [op, device, providerCodeId ?? null, code?.code ?? null]),
      [
        ["create", "dev_a", null, created.value.item.code],
        ["update", "dev_a", "ac_1", "7777"],
        ["remove", "dev_a", "ac_1", null],
        ["create", "dev_b", null, "7777"],
        ["remove", "dev_b", "ac_2", null],
      ],
    );
    await lintel.close();
  });

  it("a provider that fails is retried on the schedule, then the code is failed with its words and access_code.sync_failed", async () => {
    const { lintel, calls, failNext } = await setUp([0.05, 0.05]);
    failNext(10, () => new ProviderUnavailableError({ provider: "august", reason: "timeout", what: "did not answer within 3000 ms." }));
    const created = await lintel.createScheduleItem(caller, aCode);
    assert.ok(created.ok);
    const entry = await entryWhen(lintel, created.value.item.key, "failed");
    assert.equal(calls.length, 3, "the first attempt and one per delay of the schedule");
    assert.equal(entry.lockSync?.error, 'Lock provider "august" did not answer within 3000 ms.');
    const events = await lintel.listEvents(caller, { limit: 10 });
    assert.ok(events.ok && events.value.events.some((event) => event.type === "access_code.sync_failed"));
    // Any update of a failed code sends it again, even one that changes nothing (the provider is
    // back): that changes its lockSync, not the schedule (the same version, no schedule event).
    failNext(0, () => new Error("none"));
    const eventsBefore = events.ok ? events.value.events.length : 0;
    const resent = await lintel.updateScheduleItem(caller, { unitIdOrKey: "codes", key: created.value.item.key });
    assert.ok(resent.ok);
    assert.equal(resent.value.item.lockSync?.status, "pending");
    assert.equal(resent.value.unit.version, created.value.unit.version, "no version bump");
    await entryWhen(lintel, created.value.item.key, "set");
    const after = await lintel.listEvents(caller, { limit: 10 });
    assert.ok(after.ok);
    assert.deepEqual(
      after.value.events.slice(0, after.value.events.length - eventsBefore).map((event) => event.type),
      ["access_code.synced"],
      "no schedule.* event, only the code's lockSync",
    );
    await lintel.close();
  });

  it("a provider not configured fails the code at once, with no retry, naming the setting", async () => {
    const { lintel, calls } = await setUp([60]);
    const created = await lintel.createScheduleItem(caller, { ...aCode, lockId: "lk_x" });
    assert.ok(created.ok);
    const entry = await entryWhen(lintel, created.value.item.key, "failed");
    assert.match(entry.lockSync?.error ?? "", /^Lock provider "nuki" .*SEAM_API_KEY is not set\.$/);
    assert.equal(calls.length, 0);
    await lintel.close();
  });

  it("a code the provider no longer holds is created again when its update is answered 'unknown'", async () => {
    const { lintel, calls, failNext } = await setUp();
    const created = await lintel.createScheduleItem(caller, aCode);
    assert.ok(created.ok);
    await entryWhen(lintel, created.value.item.key, "set");
    failNext(
      1,
      () => new ProviderUnavailableError({ provider: "august", reason: "device_unknown", what: 'does not know access code "ac_1".' }),
    );
    assert.ok((await lintel.updateScheduleItem(caller, { unitIdOrKey: "codes", key: created.value.item.key, title: "Cleaner" })).ok);
    await until("created again", async () => (calls.length === 3 ? true : undefined));
    assert.deepEqual(
      calls.map((call) => call.op),
      ["create", "update", "create"],
    );
    await entryWhen(lintel, created.value.item.key, "set");
    await lintel.close();
  });

  it("changes written while the provider is down reach it as the latest state only", async () => {
    const { lintel, calls, failNext } = await setUp([0.2, 0.2, 0.2]);
    failNext(1, () => new ProviderUnavailableError({ provider: "august", reason: "failed", what: "failed." }));
    const created = await lintel.createScheduleItem(caller, aCode);
    assert.ok(created.ok);
    await until("the failed first attempt", async () => (calls.length === 1 ? true : undefined));
    const key = created.value.item.key;
    assert.ok((await lintel.updateScheduleItem(caller, { unitIdOrKey: "codes", key, code: "1111" })).ok);
    assert.ok((await lintel.updateScheduleItem(caller, { unitIdOrKey: "codes", key, code: "2222", title: "Last" })).ok);
    const entry = await entryWhen(lintel, key, "set");
    assert.equal(entry.code, "2222");
    assert.deepEqual(
      calls.slice(1).map((call) => [call.op, call.code?.code, call.code?.name]),
      [["create", "2222", "Last"]],
      "after the failure, one create with the latest state",
    );
    await lintel.close();
  });
});
