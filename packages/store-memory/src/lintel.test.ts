// createLintel over the memory store: admission order, org isolation, cursors, time-zone changes.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createCursorCodec, generateApiKey } from "@lintel/domain";
import type { Lock, LockState, Scope } from "@lintel/domain";
import { createLintel, parseFixture, type Caller, type Health, type LintelPorts, type Result } from "@lintel/core";
import { createMemoryStore } from "./index.js";

const START = Date.parse("2026-06-01T12:00:00.000Z");
const ALL: Scope[] = ["units:write", "messages:read", "locks:read", "lock-state:read"];
const keys = {
  a: generateApiKey(), b: generateApiKey(), roomy: generateApiKey(), tight: generateApiKey(),
  templatesOnly: generateApiKey(), expired: generateApiKey(), revoked: generateApiKey(), unknown: generateApiKey(),
};
const keyRecord = (id: string, orgId: string, key: string, extra: Record<string, unknown> = {}) =>
  ({ id, orgId, name: id, key, scopes: ALL, createdAt: "2026-01-01T00:00:00Z", ...extra });

const FIXTURE = {
  orgs: [{ id: "org_a", name: "A" }, { id: "org_b", name: "B" }],
  apiKeys: [
    keyRecord("key_a", "org_a", keys.a),
    keyRecord("key_b", "org_b", keys.b),
    keyRecord("key_roomy", "org_a", keys.roomy, { rateLimit: { requests: 1000, windowSeconds: 60 } }),
    keyRecord("key_tight", "org_a", keys.tight, { rateLimit: { requests: 2, windowSeconds: 3600 }, scopes: ["messages:read"] }),
    keyRecord("key_tpl", "org_a", keys.templatesOnly, { scopes: ["messages:read"] }),
    keyRecord("key_old", "org_a", keys.expired, { expiresAt: "2026-06-01T12:00:00Z" }),
    keyRecord("key_rev", "org_a", keys.revoked, { revokedAt: "2026-05-01T00:00:00Z" }),
  ],
  units: [
    { id: "u_1", orgId: "org_a", urlKey: "12-elm-st", address: "12 Elm St", timeZone: "America/New_York", version: 2 },
    { id: "u_2", orgId: "org_a", urlKey: "14-elm-st", address: "14 Elm St", timeZone: "America/New_York" },
    { id: "u_b", orgId: "org_b", urlKey: "far-away", address: "Far away", timeZone: null },
  ],
  locks: [
    ...Array.from({ length: 7 }, (_, i) => ({
      lockId: `lk_${i}`, orgId: "org_a", name: `Door ${i}`, provider: "simulated", providerDeviceId: `d${i}`,
      unitIds: ["u_1", "u_2"], createdAt: `2026-01-0${1 + (i % 3)}T00:00:00Z`,
    })),
    { lockId: "lk_off", orgId: "org_a", name: "Old", provider: "simulated", providerDeviceId: "x", unitIds: [], status: "inactive", createdAt: "2026-01-09T00:00:00Z" },
    { lockId: "lk_b", orgId: "org_b", name: "Gate", provider: "simulated", providerDeviceId: "y", unitIds: ["u_b"], createdAt: "2026-01-01T00:00:00Z" },
  ],
  tours: [{ id: "t_1", unitId: "u_1", title: "Tour", startAt: "2026-12-01T15:00:00Z", endAt: "2026-12-01T16:00:00Z", lockId: "lk_0" }],
  codes: [{ id: "c_1", unitId: "u_1", lockId: "lk_1", name: "Cleaner", startAt: "2026-07-01T15:00:00Z", endAt: "2026-07-02T15:00:00Z" }],
  templates: [
    ...[3, -1, 3, 0, 10].map((sortOrder, i) => ({ id: `tpl_${i}`, orgId: "org_a", name: `T${i}`, body: "Hi {{name}}", sortOrder, createdAt: "2026-01-01T00:00:00Z" })),
    { id: "tpl_b", orgId: "org_b", name: "B", body: "b", sortOrder: 0, createdAt: "2026-01-01T00:00:00Z" },
  ],
};

async function setup(overrides: Partial<LintelPorts> = {}) {
  let now = START;
  const clock = { now: () => now };
  const store = createMemoryStore({ clock });
  const parsed = parseFixture(FIXTURE);
  assert.ok(parsed.ok, parsed.ok ? "" : parsed.errors.join("\n"));
  await store.fixtures.load(parsed.data);
  const lookups = { count: 0 };
  const reads: Lock[] = [];
  const apiKeys = { ...store.apiKeys, findByHash: (hash: string) => (lookups.count++, store.apiKeys.findByHash(hash)) };
  const lockStates = {
    async read(lock: Lock): Promise<LockState> {
      reads.push(lock);
      return { lockId: lock.lockId, provider: lock.provider, lockState: "locked", doorState: "closed", online: true, batteryLevel: 0.5, lastSeenAt: null, fetchedAt: new Date(now).toISOString() };
    },
  };
  const lintel = createLintel(
    { ...store, apiKeys, lockStates, clock, ...overrides },
    { cursors: createCursorCodec(["s".repeat(32)]), defaultRateLimit: { requests: 5, windowSeconds: 60 }, failedAuthLimit: { requests: 3, windowSeconds: 60 } },
  );
  return { lintel, store, lookups, reads, advance: (ms: number) => (now += ms) };
}

const callerA: Caller = { keyId: "key_a", orgId: "org_a", scopes: ALL };
const callerB: Caller = { keyId: "key_b", orgId: "org_b", scopes: ALL };

function value<T>(result: Result<T>): T {
  assert.ok(result.ok, result.ok ? "" : `${result.problem.code}: ${result.problem.detail}`);
  return result.value;
}
function problem<T>(result: Result<T>) {
  assert.equal(result.ok, false, "expected a problem");
  return result.ok ? undefined : result.problem;
}

describe("createLintel admit", () => {
  it("admits a valid key holding the scope, with its caller and key budget", async () => {
    const { lintel } = await setup();
    const outcome = await lintel.admit({ apiKey: keys.a, clientAddress: "10.0.0.1", scope: "locks:read" });
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.admission.caller, callerA);
    assert.equal(outcome.admission.budget.remaining, 4);
    assert.deepEqual(outcome.admission.budget.policy, { requests: 5, windowSeconds: 60 });
  });

  it("answers every bad key with the same 401 problem and no budget", async () => {
    const { lintel } = await setup();
    const bad = [undefined, "", "nonsense", keys.a.slice(0, -1) + (keys.a.endsWith("0") ? "1" : "0"), keys.unknown, keys.expired, keys.revoked];
    const answers = await Promise.all(bad.map((apiKey, i) => lintel.admit({ apiKey, clientAddress: `10.0.1.${i}`, scope: "locks:read" })));
    for (const answer of answers) {
      assert.equal(answer.ok, false);
      assert.deepEqual(answer, answers[0]);
    }
    assert.equal(answers[0]?.ok === false && answers[0].problem.code, "invalid_api_key");
  });

  it("refuses a malformed key without looking it up", async () => {
    const { lintel, lookups } = await setup();
    await lintel.admit({ apiKey: "lnt_" + "a".repeat(40), clientAddress: "10.0.2.1", scope: "locks:read" });
    await lintel.admit({ apiKey: undefined, clientAddress: "10.0.2.1", scope: "locks:read" });
    assert.equal(lookups.count, 0);
    await lintel.admit({ apiKey: keys.unknown, clientAddress: "10.0.2.1", scope: "locks:read" });
    assert.equal(lookups.count, 1);
  });

  it("after failedAuthLimit 401s an address gets 429 before its key is looked at, until the budget refills", async () => {
    const { lintel, lookups, advance } = await setup();
    for (let i = 0; i < 3; i++) {
      const outcome = await lintel.admit({ apiKey: "bad", clientAddress: "10.0.3.1", scope: "locks:read" });
      assert.equal(!outcome.ok && outcome.problem.code, "invalid_api_key");
    }
    const before = lookups.count;
    const blocked = await lintel.admit({ apiKey: keys.a, clientAddress: "10.0.3.1", scope: "locks:read" });
    assert.equal(blocked.ok, false);
    assert.ok(!blocked.ok && blocked.problem.code === "rate_limited" && (blocked.problem.retryAfterSeconds ?? 0) >= 1);
    assert.equal(!blocked.ok && blocked.budget, undefined);
    assert.equal(lookups.count, before, "the key was looked up");
    assert.ok((await lintel.admit({ apiKey: keys.a, clientAddress: "10.0.3.2", scope: "locks:read" })).ok, "another address is blocked too");
    advance(61_000);
    assert.ok((await lintel.admit({ apiKey: keys.a, clientAddress: "10.0.3.1", scope: "locks:read" })).ok);
  });

  it("admitted requests do not spend the address budget", async () => {
    const { lintel } = await setup();
    for (let i = 0; i < 10; i++) assert.ok((await lintel.admit({ apiKey: keys.roomy, clientAddress: "10.0.4.1", scope: "locks:read" })).ok);
    const bad = await lintel.admit({ apiKey: "bad", clientAddress: "10.0.4.1", scope: "locks:read" });
    assert.equal(!bad.ok && bad.problem.code, "invalid_api_key");
  });

  it("a spent key budget answers 429 with the budget, before the scope is checked", async () => {
    const { lintel } = await setup();
    const ask = () => lintel.admit({ apiKey: keys.tight, clientAddress: "10.0.5.1", scope: "locks:read" });
    for (let i = 0; i < 2; i++) assert.equal(((await ask()) as { problem?: { code: string } }).problem?.code, "missing_scope");
    const spent = await ask();
    assert.ok(!spent.ok);
    assert.equal(spent.problem.code, "rate_limited");
    assert.ok((spent.problem.retryAfterSeconds ?? 0) >= 1);
    assert.equal(spent.budget?.allowed, false);
  });

  it("a key without the scope gets 403 naming the scope, with its budget", async () => {
    const { lintel } = await setup();
    const outcome = await lintel.admit({ apiKey: keys.templatesOnly, clientAddress: "10.0.6.1", scope: "units:write" });
    assert.ok(!outcome.ok);
    assert.equal(outcome.problem.code, "missing_scope");
    assert.match(outcome.problem.detail, /units:write/);
    assert.equal(outcome.budget?.allowed, true);
    assert.equal(outcome.budget?.remaining, 4);
  });
});

describe("createLintel reads", () => {
  it("listLocks pages through the org's active locks with cursors, in order, to a null cursor", async () => {
    const { lintel } = await setup();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const { locks, nextCursor } = value(await lintel.listLocks(callerA, { limit: 3, cursor }));
      seen.push(...locks.map((l) => l.lockId));
      if (nextCursor === null) break;
      cursor = nextCursor;
    }
    assert.deepEqual(seen, ["lk_5", "lk_2", "lk_4", "lk_1", "lk_6", "lk_3", "lk_0"]);
    const whole = value(await lintel.listLocks(callerA, { limit: 7, cursor: undefined }));
    assert.equal(whole.nextCursor, null);
  });

  it("listTemplates orders by sortOrder then id", async () => {
    const { lintel } = await setup();
    const first = value(await lintel.listTemplates(callerA, { limit: 2, cursor: undefined }));
    assert.deepEqual(first.templates.map((t) => t.id), ["tpl_1", "tpl_3"]);
    const rest = value(await lintel.listTemplates(callerA, { limit: 5, cursor: first.nextCursor ?? "" }));
    assert.deepEqual(rest.templates.map((t) => t.id), ["tpl_0", "tpl_2", "tpl_4"]);
    assert.equal(rest.nextCursor, null);
  });

  it("refuses an edited, foreign or other list's cursor as invalid_cursor", async () => {
    const { lintel } = await setup();
    const cursor = value(await lintel.listLocks(callerA, { limit: 2, cursor: undefined })).nextCursor ?? "";
    const templateCursor = value(await lintel.listTemplates(callerA, { limit: 1, cursor: undefined })).nextCursor ?? "";
    const edited = cursor.slice(0, 5) + (cursor[5] === "A" ? "B" : "A") + cursor.slice(6);
    for (const [caller, bad] of [[callerA, edited], [callerA, "garbage"], [callerA, ""], [callerB, cursor], [callerA, templateCursor]] as const) {
      assert.equal(problem(await lintel.listLocks(caller, { limit: 2, cursor: bad }))?.code, "invalid_cursor");
    }
    assert.equal(problem(await lintel.listTemplates(callerA, { limit: 2, cursor }))?.code, "invalid_cursor");
  });

  it("answers a foreign id exactly like an unknown one", async () => {
    const { lintel, reads } = await setup();
    assert.deepEqual(problem(await lintel.getLock(callerB, "lk_0")), { code: "not_found", detail: "No lock 'lk_0'." });
    assert.deepEqual(problem(await lintel.getLock(callerB, "lk_zz")), { code: "not_found", detail: "No lock 'lk_zz'." });
    assert.equal(problem(await lintel.getLock(callerA, "lk_off"))?.code, "not_found");
    assert.deepEqual(problem(await lintel.getTemplate(callerB, "tpl_0")), { code: "not_found", detail: "No template 'tpl_0'." });
    assert.equal(problem(await lintel.getLockState(callerB, "lk_0"))?.code, "not_found");
    assert.equal(problem(await lintel.getLockState(callerA, "lk_off"))?.code, "not_found");
    assert.equal(reads.length, 0);
    const query = { unitIdOrKey: "12-elm-st", proposedTimeZone: "Asia/Tokyo" };
    assert.deepEqual(problem(await lintel.previewTimezoneChange(callerB, query)), { code: "not_found", detail: "No unit '12-elm-st'." });
    assert.deepEqual(problem(await lintel.setTimeZone(callerB, { ...query, timeZone: "Asia/Tokyo", expectedVersion: 2, policy: "keep_instant" })), { code: "not_found", detail: "No unit '12-elm-st'." });
  });

  it("gets the org's own lock, template and live lock state", async () => {
    const { lintel, reads } = await setup();
    assert.equal(value(await lintel.getLock(callerA, "lk_3")).name, "Door 3");
    assert.equal(value(await lintel.getTemplate(callerA, "tpl_2")).sortOrder, 3);
    assert.equal(value(await lintel.getLockState(callerA, "lk_3")).lockState, "locked");
    assert.deepEqual(reads.map((l) => l.lockId), ["lk_3"]);
  });

  it("ready is true when the store answers and false when it does not", async () => {
    assert.equal(await (await setup()).lintel.ready(), true);
    const down: Health = { ping: () => Promise.reject(new Error("down")) };
    assert.equal(await (await setup({ health: down })).lintel.ready(), false);
  });
});

describe("createLintel time-zone change", () => {
  it("refuses a zone that is not an IANA name with invalid_request naming the parameter", async () => {
    const { lintel } = await setup();
    const preview = problem(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "+05:00" }));
    assert.equal(preview?.code, "invalid_request");
    assert.equal(preview?.invalidParams?.[0]?.name, "proposedTimeZone");
    const set = problem(await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Mars/Base", expectedVersion: 2, policy: "keep_instant" }));
    assert.equal(set?.invalidParams?.[0]?.name, "timeZone");
  });

  it("previews by id or urlKey with the unit's version, changing nothing", async () => {
    const { lintel, store } = await setup();
    const byKey = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "12-elm-st", proposedTimeZone: "Etc/UTC" }));
    const byId = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "UTC" }));
    assert.deepEqual(byKey, byId);
    assert.equal(byId.unitId, "u_1");
    assert.equal(byId.expectedVersion, 2);
    assert.equal(byId.proposedTimeZone, "UTC");
    assert.equal(byId.currentTimeZone, "America/New_York");
    assert.equal((await store.units.findByIdOrKey("org_a", "u_1"))?.version, 2);
  });

  it("sets the zone with the current version, bumps it, and a preview right after is noop", async () => {
    const { lintel } = await setup();
    const before = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "america/chicago" }));
    const done = value(await lintel.setTimeZone(callerA, { unitIdOrKey: "12-elm-st", timeZone: "America/Chicago", expectedVersion: 2, policy: "keep_wall_clock" }));
    assert.equal(done.unit.timeZone, "America/Chicago");
    assert.equal(done.unit.version, 3);
    assert.equal(done.moved, before.items.length);
    const after = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "America/Chicago" }));
    assert.equal(after.status, "noop");
    assert.equal(after.expectedVersion, 3);
  });

  it("keep_instant moves nothing", async () => {
    const { lintel, store } = await setup();
    const itemsBefore = await store.units.itemsOf("org_a", "u_1");
    const done = value(await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion: 2, policy: "keep_instant" }));
    assert.equal(done.moved, 0);
    assert.deepEqual(await store.units.itemsOf("org_a", "u_1"), itemsBefore);
  });

  it("a stale expectedVersion answers 409 version_conflict and changes nothing", async () => {
    const { lintel, store } = await setup();
    const unit = await store.units.findByIdOrKey("org_a", "u_1");
    for (const expectedVersion of [1, 3]) {
      const outcome = problem(await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion, policy: "keep_wall_clock" }));
      assert.equal(outcome?.code, "version_conflict");
    }
    assert.deepEqual(await store.units.findByIdOrKey("org_a", "u_1"), unit);
  });

  it("of concurrent set_timezone calls with one expectedVersion exactly one succeeds, the others get 409", async () => {
    const { lintel, store } = await setup();
    const zones = ["Asia/Tokyo", "Europe/Paris", "America/Denver", "UTC"];
    const outcomes = await Promise.all(
      zones.map((timeZone) => lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone, expectedVersion: 2, policy: "keep_wall_clock" })),
    );
    assert.equal(outcomes.filter((o) => o.ok).length, 1);
    assert.ok(outcomes.every((o) => o.ok || o.problem.code === "version_conflict"));
    assert.equal((await store.units.findByIdOrKey("org_a", "u_1"))?.version, 3);
  });
});
