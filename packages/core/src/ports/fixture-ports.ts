/**
 * What a fixture load reads and reports: the validated data of a fixture file, and the add-only
 * load steps a store offers (its write steps without their events, see `UnitStore.loadUnit`,
 * `loadItem`, `TemplateStore.loadTemplate`).
 */
import type { ApiKeyRecord, Lock, Org, ScheduleItem, Template, Unit } from "@lintel/domain";

/**
 * A schedule item as a fixture (and a store) holds it: with the org of its unit. A code's `code`
 * is its PIN as `parseFixture` reads it (plain, or absent); `lintel.loadFixture` (or
 * `sealFixtureCodes`, for a store loaded without a Lintel) seals it before the store's `load`.
 */
export type FixtureItem = ScheduleItem & { readonly orgId: string };

/** Everything a fixture file holds, already validated and normalized. */
export interface FixtureData {
  readonly orgs: readonly Org[];
  readonly apiKeys: readonly ApiKeyRecord[];
  readonly units: readonly Unit[];
  readonly locks: readonly Lock[];
  readonly items: readonly FixtureItem[];
  readonly templates: readonly Template[];
  /**
   * The PIN tag of each code, by code id (`sealFixtureCodes` adds them with the seal): the load
   * files each code under its tag, as `UnitStore.loadItem` says. Never in a fixture file.
   */
  readonly pinTags?: Readonly<Record<string, string>> | undefined;
}

/** The lists a fixture load reports on (`items` holds tours, codes, open houses and scheduled messages). */
export const FIXTURE_LOAD_LISTS = ["orgs", "units", "locks", "templates", "items", "apiKeys"] as const;
/** One of {@link FIXTURE_LOAD_LISTS}. */
export type FixtureLoadList = (typeof FIXTURE_LOAD_LISTS)[number];

/**
 * What a load did with one record: `added`, or `kept`: the store has its id (in any org) and
 * keeps its record exactly as it is, or the API deleted it (a load never adds it back). So a
 * restart never undoes a change made since.
 */
export type LoadOutcome = "added" | "kept";

/** What a load did with the records of one list, by id (items as `<kind>:<id>`). */
export interface FixtureListOutcome {
  readonly added: string[];
  readonly kept: string[];
}

/** What a fixture load did, list by list. */
export type FixtureLoadReport = Readonly<Record<FixtureLoadList, FixtureListOutcome>>;

/** Loads a validated fixture into a store: core's loader (`createFixtureLoader`) over the stores' `load…` steps. */
export interface FixtureSink {
  /**
   * Adds the records whose ids the store lacks, keeping the fixture's ids and versions, with no
   * events and no version bumps; keeps the rest exactly as they are ({@link LoadOutcome}). A load
   * in which a unit the store lacks takes a urlKey another stored unit of its org holds is
   * refused whole with a `FixtureConflictError` naming each such unit, before anything is
   * written. (A holder that appears only while the load runs, from a concurrent load or a
   * createUnit, is refused by the unit's own step and reported the same way after the load.)
   */
  load(data: FixtureData): Promise<FixtureLoadReport>;
}

/**
 * The add-only load steps of the records that have no API writes: orgs, locks, API keys. Each
 * adds the record unless the store has its id (in any org), in one atomic step of the store.
 */
export interface FixtureRecords {
  /** Adds the org unless the store has its id. */
  loadOrg(org: Org): Promise<LoadOutcome>;
  /** Adds the lock, listed when active and indexed under its device (see {@link LockDevices}). */
  loadLock(lock: Lock): Promise<LoadOutcome>;
  /** Adds the key unless the store has its id or its hash (a stored key keeps its revocation and budget). */
  loadApiKey(key: ApiKeyRecord): Promise<LoadOutcome>;
}
