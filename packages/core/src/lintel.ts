/**
 * The Lintel use cases, framework-free: what one /v1 request may do once the HTTP adapter has
 * parsed it. Built from ports (stores, lock provider, clock) and options (cursor codec, budgets).
 */
import { lockPosition, templatePosition } from "@lintel/domain";
import type { BudgetDecision, CursorCodec, Lock, LockState, RatePolicy, Template, TimezonePreview } from "@lintel/domain";
import { createAdmission, type Admission, type AdmissionRequest, type Caller } from "./admission.js";
import type { LockStateReader } from "./lock-state-reader.js";
import { readPage, type PageQuery } from "./paging-use-case.js";
import type { ApiKeyStore, Clock, Health, LockDirectory, RequestBudget, TemplateStore, UnitStore } from "./ports.js";
import { notFound, succeed, type Problem, type Result } from "./problem.js";
import { createTimezoneChange, type PreviewQuery, type SetTimeZoneCommand, type SetTimeZoneResult } from "./timezone-change.js";

export type { Admission, Caller } from "./admission.js";
export type { Problem, Result } from "./problem.js";
export type { PreviewQuery, SetTimeZoneCommand, SetTimeZoneResult, ZonePolicy } from "./timezone-change.js";
export type { PageQuery } from "./paging-use-case.js";

/** Everything the use cases reach outside themselves. */
export interface LintelPorts {
  readonly apiKeys: ApiKeyStore;
  readonly budget: RequestBudget;
  readonly units: UnitStore;
  readonly locks: LockDirectory;
  readonly templates: TemplateStore;
  readonly lockStates: LockStateReader;
  readonly clock: Clock;
  readonly health: Health;
}

export interface LintelOptions {
  readonly cursors: CursorCodec;
  /** The budget of a key whose `rateLimit` is null (SPEC 3: 600 per 60 s). */
  readonly defaultRateLimit: RatePolicy;
  /** The budget of failed key attempts per client address (SPEC 2: 30 per 60 s). */
  readonly failedAuthLimit: RatePolicy;
}

/** The operations of the API, each for an admitted caller. */
export interface Lintel {
  /**
   * SPEC 2 order for one /v1 request: address budget for failed keys → key (401) → key budget
   * (429) → scope (403). On failure `budget` is the decision for RateLimit headers when a key was found.
   */
  admit(
    request: AdmissionRequest,
  ): Promise<{ ok: true; admission: Admission } | { ok: false; problem: Problem; budget?: BudgetDecision }>;
  /** SPEC 5.1: what a zone change would move; changes nothing. */
  previewTimezoneChange(caller: Caller, query: PreviewQuery): Promise<Result<TimezonePreview>>;
  /** SPEC 5.2: sets the zone if `expectedVersion` is current, rewriting items under keep_wall_clock. */
  setTimeZone(caller: Caller, command: SetTimeZoneCommand): Promise<Result<SetTimeZoneResult>>;
  /** SPEC 5.3. */
  getTemplate(caller: Caller, templateId: string): Promise<Result<Template>>;
  /** SPEC 5.4: sortOrder asc, id asc. */
  listTemplates(caller: Caller, query: PageQuery): Promise<Result<{ templates: Template[]; nextCursor: string | null }>>;
  /** SPEC 5.5: active locks, createdAt desc, lockId desc. */
  listLocks(caller: Caller, query: PageQuery): Promise<Result<{ locks: Lock[]; nextCursor: string | null }>>;
  /** SPEC 5.6: an active lock of the caller's Org. */
  getLock(caller: Caller, lockId: string): Promise<Result<Lock>>;
  /** SPEC 5.7: live state; rejects with ProviderUnavailableError when the provider can't answer. */
  getLockState(caller: Caller, lockId: string): Promise<Result<LockState>>;
  /** True when the store answers (`/readyz`). */
  ready(): Promise<boolean>;
}

/** Wires the use cases to their ports. */
export function createLintel(ports: LintelPorts, options: LintelOptions): Lintel {
  const admit = createAdmission(ports, options);
  const timezones = createTimezoneChange(ports);
  const lockList = { list: "locks", fetch: ports.locks.listActive.bind(ports.locks), positionOf: lockPosition } as const;
  const templateList = {
    list: "templates",
    fetch: ports.templates.list.bind(ports.templates),
    positionOf: templatePosition,
  } as const;

  return {
    admit,
    previewTimezoneChange: timezones.previewTimezoneChange,
    setTimeZone: timezones.setTimeZone,

    async getTemplate(caller, templateId) {
      const template = await ports.templates.get(caller.orgId, templateId);
      return template === null ? notFound("template", templateId) : succeed(template);
    },

    async listTemplates(caller, query) {
      const page = await readPage(options.cursors, templateList, caller.orgId, query);
      return page.ok ? succeed({ templates: page.value.rows, nextCursor: page.value.nextCursor }) : page;
    },

    async listLocks(caller, query) {
      const page = await readPage(options.cursors, lockList, caller.orgId, query);
      return page.ok ? succeed({ locks: page.value.rows, nextCursor: page.value.nextCursor }) : page;
    },

    async getLock(caller, lockId) {
      const lock = await ports.locks.getActive(caller.orgId, lockId);
      return lock === null ? notFound("lock", lockId) : succeed(lock);
    },

    async getLockState(caller, lockId) {
      const lock = await ports.locks.getActive(caller.orgId, lockId);
      return lock === null ? notFound("lock", lockId) : succeed(await ports.lockStates.read(lock));
    },

    async ready() {
      try {
        await ports.health.ping();
        return true;
      } catch {
        return false;
      }
    },
  };
}
