// A request's store calls share one deadline, fixed when admission starts: over a fake store
// whose every call takes a while, two sequential round trips that each fit the deadline do not
// fit it together; a request within it is unaffected; a lock provider's wait is not the store's;
// without storeDeadlineMs (the memory store) a call waits as long as it takes. And over a store
// whose every method hangs, every operation run within the request answers unavailable: the
// bound is the request scope's view of the store, not a wrapper each use case must remember.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, it } from "node:test";
import type { Lock, LockState } from "@lintel/domain";
import type { Admission } from "./admission.js";
import type { Caller } from "./admission.js";
import type { Lintel } from "../lintel.js";
import { keys, lockedState, setup, value } from "../lintel.test-support.js";
import { StoreUnavailableError, type IdempotencyStore, type LintelStore } from "../ports/ports.js";

/** `store` with every read and write of the request path answering after `ms`; `settled` names each call as it answers. */
function slowed(
  store: LintelStore,
  ms: number,
  settled: string[],
): Pick<LintelStore, "apiKeys" | "budget" | "units" | "locks" | "templates"> {
  const slow = <T extends object>(port: T, name: string): T =>
    Object.fromEntries(
      Object.entries(port).map(([method, call]) => [
        method,
        async (...args: unknown[]) => {
          const answer: unknown = await (call as (...a: unknown[]) => Promise<unknown>)(...args);
          await sleep(ms);
          settled.push(`${name}.${method}`);
          return answer;
        },
      ]),
    ) as T;
  return {
    apiKeys: slow(store.apiKeys, "apiKeys"),
    budget: slow(store.budget, "budget"),
    units: slow(store.units, "units"),
    locks: slow(store.locks, "locks"),
    templates: slow(store.templates, "templates"),
  };
}

/** A lintel whose store calls take `callMs` each, with a request deadline of `deadlineMs` (none: undefined). */
async function slowLintel(callMs: number, deadlineMs: number | undefined) {
  const settled: string[] = [];
  const plain = await setup();
  const { lintel } = await setup(slowed(plain.store, callMs, settled), { storeDeadlineMs: deadlineMs });
  const admitted = async (scope: "units:read" | "units:write" | "locks:read" = "units:read") => {
    const outcome = await lintel.admit({ apiKey: keys.roomy, clientAddress: "10.9.0.1", scope });
    assert.ok(outcome.ok);
    return outcome.admission;
  };
  return { lintel, settled, admitted };
}

describe("the store deadline of one request", () => {
  it("two sequential round trips share it: each 210 ms of 300 ms, the second is cut at 300 ms, not answered at 420", async () => {
    const { lintel, settled } = await slowLintel(210, 300);
    const started = performance.now();
    // Admission of a key not found good yet: the address budget, then the key with its budget.
    await assert.rejects(lintel.admit({ apiKey: keys.roomy, clientAddress: "10.9.1.1", scope: "units:read" }), StoreUnavailableError);
    const waited = performance.now() - started;
    assert.deepEqual(settled, ["budget.peek"], "the key lookup had not answered yet");
    assert.ok(waited < 410, `answered after ${Math.round(waited)} ms, before the second round trip's answer`);
  });

  it("the use case's calls share the admission's deadline", async () => {
    const { settled, lintel, admitted } = await slowLintel(120, 300);
    const admission = await admitted(); // two round trips (the address's budget, the key with its own): 240 of 300 ms spent
    settled.length = 0;
    await assert.rejects(
      lintel.withinRequest(admission, () => lintel.getUnit(admission.caller, "12-elm-st")),
      StoreUnavailableError,
    );
    assert.deepEqual(settled, [], "cut before the unit's late answer");
  });

  it("a request within its deadline is answered as without one", async () => {
    // 20 ms a call: 120 ms of the 300 in all, a margin a loaded machine's timers don't eat.
    const { lintel, admitted } = await slowLintel(20, 300);
    const admission = await admitted(); // 60 ms
    const { caller } = admission;
    const unit = value(await lintel.withinRequest(admission, () => lintel.getUnit(caller, "12-elm-st"))); // 80 ms
    assert.equal(unit.id, "u_1");
    const query = { unitIdOrKey: "u_1", limit: 10, cursor: undefined, from: 0 };
    const page = value(await lintel.withinRequest(admission, () => lintel.listSchedule(caller, query))); // 120 ms
    assert.deepEqual(
      page.items.map((item) => item.id),
      ["c_1", "t_1"],
    );
  });

  it("set_timezone past its deadline does not send its write", async () => {
    const { lintel, settled, admitted } = await slowLintel(60, 300);
    const admission = await admitted("units:write"); // 180 ms
    // Unit, items, the items' locks and those locks' units: 4 × 60 ms more is past 300 ms.
    const change = { unitIdOrKey: "u_1", timeZone: "Europe/Paris", expectedVersion: 2, policy: "keep_wall_clock" } as const;
    await assert.rejects(
      lintel.withinRequest(admission, () => lintel.setTimeZone(admission.caller, change)),
      StoreUnavailableError,
    );
    await sleep(150);
    assert.ok(settled.includes("units.findByIdOrKey"));
    assert.equal(settled.filter((call) => call === "units.setTimeZone").length, 0, "the write was never made");
  });

  it("the lock provider's wait is its own: only the lock lookup is under the store deadline", async () => {
    const plain = await setup();
    const lockStates = {
      async read(lock: Lock): Promise<LockState> {
        await sleep(350); // past the 300 ms store deadline, within any provider timeout
        return lockedState(lock, "2026-06-01T12:00:00.000Z");
      },
    };
    const { lintel } = await setup({ ...slowed(plain.store, 20, []), lockStates }, { storeDeadlineMs: 300 });
    const outcome = await lintel.admit({ apiKey: keys.roomy, clientAddress: "10.9.2.1", scope: "locks:read" });
    assert.ok(outcome.ok);
    const { admission } = outcome;
    const state = value(await lintel.withinRequest(admission, () => lintel.getLockState(admission.caller, "lk_0")));
    assert.equal(state.lockId, "lk_0");
  });

  it("an Idempotency-Key's bookkeeping after the answer is awaited only until the deadline", async () => {
    let kept = false;
    const idempotency: IdempotencyStore = {
      begin: async () => ({ state: "claimed", token: "t" }),
      complete: async () => {
        await sleep(400);
        kept = true;
        return true;
      },
      release: async () => undefined,
    };
    const { lintel } = await setup({ idempotency }, { storeDeadlineMs: 150 });
    const outcome = await lintel.admit({ apiKey: keys.roomy, clientAddress: "10.9.3.1", scope: "units:write" });
    assert.ok(outcome.ok);
    const change = { unitIdOrKey: "u_1", timeZone: "Europe/Paris", expectedVersion: 2, policy: "keep_instant" } as const;
    const { admission } = outcome;
    const retry = { idempotencyKey: "k-1", requestId: "r", fingerprint: "f" };
    const once = await lintel.withinRequest(admission, () =>
      lintel.once(admission.caller, retry, () => lintel.setTimeZone(admission.caller, change)),
    );
    assert.ok(once.ok && once.result.ok && !once.replayed, "the change's result, unchanged");
    assert.equal(once.result.value.unit.version, 3);
    assert.equal(kept, false, "answered before the late bookkeeping finished");
    await sleep(400);
    assert.equal(kept, true, "the bookkeeping was still sent");
  });

  it("without storeDeadlineMs (an embedder) each call takes as long as the store does", async () => {
    const { lintel, admitted } = await slowLintel(210, undefined);
    const admission = await admitted(); // 630 ms
    assert.equal(value(await lintel.withinRequest(admission, () => lintel.getUnit(admission.caller, "u_1"))).id, "u_1");
  });
});

/** `store` whose every method never answers once `hanging.now` is set (a frozen Redis), with every method it has. */
function hangable(store: LintelStore, hanging: { now: boolean }) {
  const hang = <T extends object>(port: T): T =>
    Object.fromEntries(
      Object.entries(port).map(([method, call]) => [
        method,
        (...args: unknown[]) =>
          hanging.now ? new Promise<never>(() => undefined) : (call as (...a: unknown[]) => Promise<unknown>)(...args),
      ]),
    ) as T;
  return {
    apiKeys: hang(store.apiKeys),
    budget: hang(store.budget),
    units: hang(store.units),
    locks: hang(store.locks),
    templates: hang(store.templates),
    idempotency: hang(store.idempotency),
    health: hang(store.health),
    events: hang(store.events),
    observations: hang(store.observations),
    webhooks: hang(store.webhooks),
    tours: hang(store.tours),
  };
}

/** The operations of a Lintel (all but admission, the request scope, safe retries, readiness, the lock-state reader, what no request calls and the catalog, which reads no store). */
type Operation = Exclude<
  keyof Lintel,
  | "admit"
  | "withinRequest"
  | "once"
  | "ready"
  | "lockStates"
  | "close"
  | "resealSecrets"
  | "loadFixture"
  | "reportAccessCode"
  | "reportUnlock"
  | "listTemplateVariables"
>;

/** One call of every operation (the Record makes a new one a compile error here until it is listed). */
const EVERY_USE_CASE: Record<Operation, (lintel: Lintel, caller: Caller) => Promise<unknown>> = {
  previewTimezoneChange: (lintel, caller) => lintel.previewTimezoneChange(caller, { unitIdOrKey: "u_1", proposedTimeZone: "Europe/Paris" }),
  setTimeZone: (lintel, caller) =>
    lintel.setTimeZone(caller, { unitIdOrKey: "u_1", timeZone: "Europe/Paris", expectedVersion: 2, policy: "keep_wall_clock" }),
  listUnits: (lintel, caller) => lintel.listUnits(caller, { limit: 10 }),
  getUnit: (lintel, caller) => lintel.getUnit(caller, "u_1"),
  listSchedule: (lintel, caller) => lintel.listSchedule(caller, { unitIdOrKey: "u_1", limit: 10, from: 0 }),
  getTemplate: (lintel, caller) => lintel.getTemplate(caller, "tpl_1"),
  listTemplates: (lintel, caller) => lintel.listTemplates(caller, { limit: 10 }),
  listLocks: (lintel, caller) => lintel.listLocks(caller, { limit: 10 }),
  getLock: (lintel, caller) => lintel.getLock(caller, "lk_0"),
  getLockState: (lintel, caller) => lintel.getLockState(caller, "lk_0"),
  listEvents: (lintel, caller) => lintel.listEvents(caller, { limit: 10 }),
  getEvent: (lintel, caller) => lintel.getEvent(caller, "evt_1"),
  createWebhookEndpoint: (lintel, caller) => lintel.createWebhookEndpoint(caller, { url: "https://example.com/hook", eventTypes: ["*"] }),
  listWebhookEndpoints: (lintel, caller) => lintel.listWebhookEndpoints(caller, { limit: 10 }),
  getWebhookEndpoint: (lintel, caller) => lintel.getWebhookEndpoint(caller, "we_1"),
  deleteWebhookEndpoint: (lintel, caller) => lintel.deleteWebhookEndpoint(caller, "we_1"),
  enableWebhookEndpoint: (lintel, caller) => lintel.enableWebhookEndpoint(caller, "we_1"),
  listDeliveries: (lintel, caller) => lintel.listDeliveries(caller, { endpointId: "we_1", limit: 10 }),
  updateWebhookEndpoint: (lintel, caller) => lintel.updateWebhookEndpoint(caller, "we_1", { description: "x" }),
  rotateWebhookEndpointSecret: (lintel, caller) => lintel.rotateWebhookEndpointSecret(caller, "we_1"),
  retryDelivery: (lintel, caller) => lintel.retryDelivery(caller, "we_1", "dlv_1"),
  recoverDeliveries: (lintel, caller) => lintel.recoverDeliveries(caller, "we_1", new Date().toISOString()),
  sendTestWebhook: (lintel, caller) => lintel.sendTestWebhook(caller, "we_1"),
  createUnit: (lintel, caller) => lintel.createUnit(caller, { urlKey: "new-unit", address: "1 New St" }),
  updateUnit: (lintel, caller) => lintel.updateUnit(caller, { unitIdOrKey: "u_1", address: "12 Elm Street" }),
  createScheduleItem: (lintel, caller) =>
    lintel.createScheduleItem(caller, { unitIdOrKey: "u_1", kind: "scheduled_message", title: "Hi", sendAt: "2026-12-01T15:00:00.000Z" }),
  updateScheduleItem: (lintel, caller) => lintel.updateScheduleItem(caller, { unitIdOrKey: "u_1", key: "tour:t_1", title: "Tour 2" }),
  deleteScheduleItem: (lintel, caller) => lintel.deleteScheduleItem(caller, { unitIdOrKey: "u_1", key: "tour:t_1" }),
  createTemplate: (lintel, caller) => lintel.createTemplate(caller, { name: "T", body: "Hi {{prospect.name}}" }),
  updateTemplate: (lintel, caller) => lintel.updateTemplate(caller, { templateId: "tpl_1", name: "T2" }),
  deleteTemplate: (lintel, caller) => lintel.deleteTemplate(caller, { templateId: "tpl_1" }),
  renderMessageTemplate: (lintel, caller) => lintel.renderMessageTemplate(caller, { templateId: "tpl_1", unitIdOrKey: "u_1" }),
  updateLock: (lintel, caller) => lintel.updateLock(caller, { lockId: "lk_0", name: "Back door" }),
  getTour: (lintel, caller) => lintel.getTour(caller, "tour_1"),
  listTours: (lintel, caller) => lintel.listTours(caller, { limit: 10 }),
  bookTour: (lintel, caller) =>
    lintel.bookTour(caller, {
      unitIdOrKey: "u_1",
      startAt: new Date(Date.now() + 86_400_000).toISOString(),
      endAt: new Date(Date.now() + 88_200_000).toISOString(),
      prospect: { name: "Ada" },
    }),
  confirmTour: (lintel, caller) => lintel.confirmTour(caller, "tour_1"),
  rescheduleTour: (lintel, caller) =>
    lintel.rescheduleTour(caller, { tourId: "tour_1", startAt: "2027-01-01T10:00:00.000Z", endAt: "2027-01-01T10:30:00.000Z" }),
  cancelTour: (lintel, caller) => lintel.cancelTour(caller, { tourId: "tour_1" }),
  checkIn: (lintel, caller) => lintel.checkIn(caller, { tourId: "tour_1" }),
  setShowingRules: (lintel, caller) =>
    lintel.setShowingRules(caller, { unitIdOrKey: "u_1", rules: { weekly: [{ day: "mon", opens: "09:00", closes: "17:00" }] } }),
  listAvailableSlots: (lintel, caller) => lintel.listAvailableSlots(caller, { unitIdOrKey: "u_1" }),
};

describe("a store whose every method hangs, under a request deadline", () => {
  async function hangingLintel() {
    const plain = await setup();
    const hanging = { now: false };
    const { lintel } = await setup(hangable(plain.store, hanging), { storeDeadlineMs: 100 });
    return { lintel, hanging };
  }

  for (const [name, run] of Object.entries(EVERY_USE_CASE)) {
    it(`${name}: an admitted request is answered unavailable, with no wrapper in the use case`, async () => {
      const { lintel, hanging } = await hangingLintel();
      const outcome = await lintel.admit({ apiKey: keys.roomy, clientAddress: "10.9.4.1", scope: "units:write" });
      assert.ok(outcome.ok);
      hanging.now = true;
      const { admission } = outcome;
      await assert.rejects(
        lintel.withinRequest(admission, () => run(lintel, admission.caller)),
        StoreUnavailableError,
      );
    });
  }

  it("admission and an Idempotency-Key's claim are bounded too", async () => {
    const { lintel, hanging } = await hangingLintel();
    const outcome = await lintel.admit({ apiKey: keys.roomy, clientAddress: "10.9.5.1", scope: "units:write" });
    assert.ok(outcome.ok);
    hanging.now = true;
    await assert.rejects(lintel.admit({ apiKey: keys.roomy, clientAddress: "10.9.5.1", scope: "units:read" }), StoreUnavailableError);
    const change = { unitIdOrKey: "u_1", timeZone: "Europe/Paris", expectedVersion: 2, policy: "keep_instant" } as const;
    const { admission } = outcome;
    const retry = { idempotencyKey: "k-2", requestId: "r", fingerprint: "f" };
    await assert.rejects(
      lintel.withinRequest(admission, () => lintel.once(admission.caller, retry, () => lintel.setTimeZone(admission.caller, change))),
      StoreUnavailableError,
    );
  });

  it("a copy of an admitted request keeps its deadline (it is the request's, not the caller's)", async () => {
    const { lintel, hanging } = await hangingLintel();
    const outcome = await lintel.admit({ apiKey: keys.roomy, clientAddress: "10.9.6.1", scope: "units:read" });
    assert.ok(outcome.ok);
    hanging.now = true;
    const copy: Admission = { ...outcome.admission, caller: { ...outcome.admission.caller } };
    await assert.rejects(
      lintel.withinRequest(copy, () => lintel.getUnit(copy.caller, "u_1")),
      StoreUnavailableError,
    );
  });
});
