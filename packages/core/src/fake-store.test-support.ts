/**
 * Small in-core fakes of the store ports for the use-case tests: plain arrays over a validated
 * fixture, sorted on every read with the domain's own positions (clarity over speed). The real
 * adapters are held to the same behaviour by the contract suites.
 */
import { consumeBudget, type BudgetState, type Lock, type ScheduleItem, type Unit } from "@lintel/domain";
import {
  LIST_DIRECTION,
  lockPosition,
  rowsAfter,
  schedulePosition,
  templatePosition,
  unitPosition,
  type Direction,
  type LintelEvent,
} from "@lintel/domain/adapters";
import { SERVING_LOCKS_LIMIT, type Clock, type FixtureData, type FixtureItem, type LintelStore } from "./ports/ports.js";

/** The rows after `after`, in the order `positionOf` and `direction` give. */
function page<T>(rows: readonly T[], positionOf: (row: T) => string, direction: Direction, after: string | null, limit: number): T[] {
  const sign = direction === "asc" ? 1 : -1;
  const ordered = [...rows].sort((a, b) => sign * (positionOf(a) < positionOf(b) ? -1 : positionOf(a) > positionOf(b) ? 1 : 0));
  return rowsAfter(ordered, positionOf, after, limit, direction);
}

const withoutOrg = ({ orgId: _org, ...item }: FixtureItem): ScheduleItem => item;

/** Every store port over `data`, on `clock` (budgets); the writes and loads are unsupported. */
export function fakeStore(data: FixtureData, clock: Clock): LintelStore {
  const units = new Map<string, Unit>(data.units.map((unit) => [unit.id, unit]));
  const items: FixtureItem[] = [...data.items];
  const budgets = new Map<string, BudgetState>();
  // Events as setTimeZone stores them, oldest first (the event ports beyond get/list are the contract suites' to test).
  const events: LintelEvent[] = [];
  const ownUnit = (orgId: string, id: string) => [...units.values()].find((u) => u.orgId === orgId && u.id === id) ?? null;
  const judge = (bucket: string, policy: Parameters<typeof consumeBudget>[2], take: boolean) => {
    const step = consumeBudget(budgets.get(bucket) ?? null, clock.now(), policy, take);
    if (take && step.decision.allowed && step.state !== null) budgets.set(bucket, step.state);
    return step.decision;
  };
  const unsupported = (): never => {
    throw new Error("not part of the use-case tests");
  };

  return {
    apiKeys: {
      findByHash: async (hash) => data.apiKeys.find((key) => key.hash === hash) ?? null,
      async findAndConsume(hash, defaultPolicy) {
        const key = data.apiKeys.find((record) => record.hash === hash) ?? null;
        return key === null ? null : { key, budget: judge(`key:${hash}`, key.rateLimit ?? defaultPolicy, true) };
      },
      put: async () => unsupported(),
      revoke: async () => unsupported(),
      listByOrg: async (orgId) => data.apiKeys.filter((key) => key.orgId === orgId),
    },
    budget: {
      consume: async (bucket, policy) => judge(bucket, policy, true),
      peek: async (bucket, policy) => judge(bucket, policy, false),
    },
    units: {
      setShowingRules: async () => unsupported(),
      findByIdOrKey: async (orgId, idOrKey) =>
        ownUnit(orgId, idOrKey) ?? [...units.values()].find((u) => u.orgId === orgId && u.urlKey === idOrKey) ?? null,
      getMany: async (orgId, ids) => ids.flatMap((id) => ownUnit(orgId, id) ?? []),
      listUnits: async (orgId, after, limit) =>
        page(
          [...units.values()].filter((u) => u.orgId === orgId),
          unitPosition,
          LIST_DIRECTION.units,
          after,
          limit,
        ),
      scheduleAfter: async (orgId, unitId, fromMs, after, limit) => {
        const ending = items.filter((i) => i.orgId === orgId && i.unitId === unitId && Date.parse(i.endAt) > fromMs);
        return page(ending.map(withoutOrg), schedulePosition, LIST_DIRECTION.schedule, after, limit);
      },
      itemsOf: async (orgId, unitId) => items.filter((i) => i.orgId === orgId && i.unitId === unitId).map(withoutOrg),
      async setTimeZone(orgId, unitId, { expectedVersion, timeZone, rewrites, event }) {
        const unit = ownUnit(orgId, unitId);
        if (unit === null) return { ok: false, reason: "not_found" };
        if (unit.version !== expectedVersion) return { ok: false, reason: "version_conflict", currentVersion: unit.version };
        const changed = { ...unit, timeZone, version: unit.version + 1 };
        units.set(unitId, changed);
        for (const { kind, id, startAt, endAt } of rewrites) {
          const at = items.findIndex((i) => i.kind === kind && i.id === id && i.unitId === unitId);
          const item = items[at];
          if (item !== undefined) items[at] = { ...item, startAt, endAt };
        }
        events.push(event);
        return { ok: true, unit: changed };
      },
      // The writes are the contract suites' (memory, Redis) and the e2e tests' to test.
      getItem: async () => unsupported(),
      createUnit: async () => unsupported(),
      updateUnit: async () => unsupported(),
      writeItem: async () => unsupported(),
      loadUnit: async () => unsupported(),
      loadItem: async () => unsupported(),
    },
    locks: {
      listActive: async (orgId, after, limit) =>
        page(
          data.locks.filter((l) => l.orgId === orgId && l.status === "active"),
          lockPosition,
          LIST_DIRECTION.locks,
          after,
          limit,
        ),
      activeServing: async (orgId, unitId) =>
        page(
          data.locks.filter((l) => l.orgId === orgId && l.status === "active" && l.unitIds.includes(unitId)),
          lockPosition,
          LIST_DIRECTION.locks,
          null,
          SERVING_LOCKS_LIMIT,
        ),
      getActive: async (orgId, lockId) => data.locks.find((l) => l.orgId === orgId && l.lockId === lockId && l.status === "active") ?? null,
      getMany: async (orgId, ids) => data.locks.filter((l) => l.orgId === orgId && ids.includes(l.lockId)),
      update: async () => unsupported(),
    },
    devices: {
      activeByProviderDevice: async (deviceId) => data.locks.filter((l) => l.providerDeviceId === deviceId && l.status === "active"),
    },
    templates: {
      get: async (orgId, id) => data.templates.find((t) => t.orgId === orgId && t.id === id) ?? null,
      list: async (orgId, after, limit) =>
        page(
          data.templates.filter((t) => t.orgId === orgId),
          templatePosition,
          LIST_DIRECTION.templates,
          after,
          limit,
        ),
      create: async () => unsupported(),
      update: async () => unsupported(),
      delete: async () => unsupported(),
      loadTemplate: async () => unsupported(),
    },
    fixtures: { load: async () => unsupported() },
    health: { ping: async () => {} },
    orgs: { exists: async (orgId) => data.orgs.some((org) => org.id === orgId) },
    idempotency: { begin: async () => unsupported(), complete: async () => unsupported(), release: async () => unsupported() },
    onceKeys: { rememberOnce: async () => unsupported() },
    events: {
      list: async (orgId, type, _after, limit) =>
        events
          .filter((e) => e.orgId === orgId && (type === null || e.type === type))
          .reverse()
          .slice(0, limit),
      get: async (orgId, eventId) => events.find((e) => e.orgId === orgId && e.id === eventId) ?? null,
    },
    observations: { last: async () => unsupported(), swap: async () => unsupported() },
    // No code work: the lock-code worker finds none (its own tests run on the memory store).
    lockCodes: {
      lease: async () => [],
      finish: async () => unsupported(),
      pending: async () => ({ count: 0, oldestPendingMs: null }),
      placedCode: async () => null,
      reportLockSync: async () => unsupported(),
      resendCode: async () => unsupported(),
      resealPins: async () => unsupported(),
    },
    // No tours: the tour worker finds none due (the tour use cases run on the memory store).
    tours: {
      getTour: async () => null,
      listTours: async () => [],
      writeTour: async () => unsupported(),
      dueTours: async () => [],
      resealProspects: async () => 0,
      pinHolders: async () => [],
      filePins: async () => unsupported(),
    },
    // No messages: the message sender finds none due (its own tests run on the memory store).
    messages: { lease: async () => [], finish: async () => unsupported(), resealDueEvents: async () => 0 },
    webhooks: {
      create: async () => unsupported(),
      list: async () => unsupported(),
      get: async () => unsupported(),
      delete: async () => unsupported(),
      enable: async () => unsupported(),
      update: async () => unsupported(),
      rotateSecret: async () => unsupported(),
      resealSecrets: async () => unsupported(),
      retry: async () => unsupported(),
      recoverPage: async () => unsupported(),
      sendTest: async () => unsupported(),
      deliveries: async () => unsupported(),
      lease: async () => unsupported(),
      finish: async () => unsupported(),
      pacedAttempts: async () => unsupported(),
      pending: async () => unsupported(),
    },
  };
}

let lockCount = 0;

/** A simulated, active lock of `orgId` with a fresh id, changed by `over` (the core's tests need no more). */
export function aLock(orgId: string, over: Partial<Lock> = {}): Lock {
  lockCount += 1;
  const at = "2026-01-01T00:00:00.000Z";
  return {
    lockId: `lk_${lockCount}`,
    orgId,
    name: "Front door",
    provider: "simulated",
    providerDeviceId: `dev_${lockCount}`,
    model: null,
    timeZone: null,
    unitIds: [],
    status: "active",
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}
