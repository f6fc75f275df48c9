/**
 * The ports: what the use cases need from the outside world, named for that need. Every port
 * has a memory adapter (`@lintel/store-memory`) and a Redis adapter (`@lintel/store-redis`),
 * and a contract suite in `./contracts` that both run.
 *
 * Every method that reaches a store rejects with {@link StoreUnavailableError} when the store
 * cannot answer in time; the HTTP adapter turns that into 503 `unavailable`.
 */
import type { ApiKeyRecord, BudgetDecision, Lock, LockState, RatePolicy, Template } from "@lintel/domain";
import type { LintelEvent, PinRules } from "@lintel/domain/adapters";
import type { EventLog, LockObservations, WebhookStore } from "./event-ports.js";
import type { FixtureSink, LoadOutcome } from "./fixture-ports.js";
import type { LockCodeOutbox } from "./lock-code-ports.js";
import type { LockDirectory } from "./lock-ports.js";
import type { MessageOutbox } from "./message-ports.js";
import type { UnitStore } from "./unit-ports.js";
import type { TourStore } from "./tour-ports.js";

export {
  eventAtVersion,
  MAX_ITEMS_PER_UNIT,
  type ItemChange,
  type ItemRewrite,
  type SetTimeZoneOutcome,
  type ShowingRulesChange,
  type TimeZoneChange,
  type TourMove,
  type UnitBasis,
  type UnitChange,
  type UnitStore,
  type UnitWriteOutcome,
} from "./unit-ports.js";
export type { DueTour, FiledPin, PinCheck, PinHolder, TourChange, TourItemOp, TourStore } from "./tour-ports.js";
export {
  SERVING_LOCKS_LIMIT,
  type LockChange,
  type LockDirectory,
  type LockItemClear,
  type LockWriteOutcome,
  type UnitLeft,
} from "./lock-ports.js";
export {
  FIXTURE_LOAD_LISTS,
  type FixtureData,
  type FixtureItem,
  type FixtureListOutcome,
  type FixtureLoadList,
  type FixtureLoadReport,
  type FixtureRecords,
  type FixtureSink,
  type LoadOutcome,
} from "./fixture-ports.js";
import type { Result } from "../common/problem.js";

/** Milliseconds since the epoch. The only way use cases learn the time. */
export interface Clock {
  /** Now, in milliseconds since the epoch. */
  now(): number;
}

/** The real clock; everything else takes a {@link Clock} so tests can drive time. */
export const systemClock: Clock = { now: () => Date.now() };

/** A key and the budget decision of the request that presented it ({@link ApiKeyStore.findAndConsume}). */
export interface ChargedKey {
  readonly key: ApiKeyRecord;
  readonly budget: BudgetDecision;
}

/** API keys, found by the SHA-256 (hex) of the whole key string. Only hashes are stored. */
export interface ApiKeyStore {
  /** The key whose hash this is, or null. Expiry and revocation are the caller's to judge. */
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  /**
   * The key whose hash this is, with one request taken from that key's own budget (its
   * `rateLimit`, else `defaultPolicy`) in the same step, as admission needs them (on Redis one
   * script: one round trip); null, with nothing taken, when there is none. Expiry and
   * revocation are the caller's to judge: a request with an expired or revoked key still takes
   * from that key's budget, which only that key draws on. The budget belongs to the key's secret:
   * a record put again with the same hash keeps it, one with a new hash starts full.
   */
  findAndConsume(hash: string, defaultPolicy: RatePolicy): Promise<ChargedKey | null>;
  /** Stores or replaces (by id) a key record. */
  put(record: ApiKeyRecord): Promise<void>;
  /** Marks the key revoked at `at`; false when no such key. */
  revoke(keyId: string, at: string): Promise<boolean>;
  /** The keys of one org, ordered by createdAt then id. Records hold hashes only. */
  listByOrg(orgId: string): Promise<ApiKeyRecord[]>;
}

/** Orgs, as far as issuing keys needs them (the key CLI refuses a key for an org the store lacks). */
export interface OrgDirectory {
  /** True when the store holds the org's record (loaded from a fixture or seeded); keys or units alone do not make one. */
  exists(orgId: string): Promise<boolean>;
}

/**
 * Request budgets: one GCRA bucket per name, implementing the law of the domain's
 * `consumeBudget`. Exact under concurrency, and across instances when the store is shared;
 * the time is the store's own (Redis `TIME`, the memory adapter's clock).
 */
export interface RequestBudget {
  /** Takes one request from the bucket if the policy allows it. */
  consume(bucket: string, policy: RatePolicy): Promise<BudgetDecision>;
  /** What `consume` would answer, without taking anything. */
  peek(bucket: string, policy: RatePolicy): Promise<BudgetDecision>;
}

/** At most this many locks answer {@link LockDevices.activeByProviderDevice} (a device backs one lock in practice). */
export const DEVICE_LOCKS_LIMIT = 100;

/**
 * Locks by their provider's device id, across orgs: a provider's webhook names a device, not a
 * lock or an org. The stores index every lock a fixture load writes.
 */
export interface LockDevices {
  /**
   * The active locks, of any org, whose `providerDeviceId` is this one (simulated ones
   * included; the caller filters), by orgId then lockId, at most {@link DEVICE_LOCKS_LIMIT}.
   * Empty for an unknown device.
   */
  activeByProviderDevice(providerDeviceId: string): Promise<Lock[]>;
}

/** At most this many message templates per org: a create past it is refused. */
export const MAX_TEMPLATES_PER_ORG = 1_000;

/** What the store did with a write of a template: applied, or refused with nothing changed and no event stored. */
export type TemplateWriteOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: "not_found" }
  /** The stored template's `updatedAt` is no longer the one the write was made from. */
  | { readonly ok: false; readonly reason: "changed" }
  /**
   * A message still to be sent names the template (its sendAt ahead, or its delivery `scheduled`
   * or `held` whatever its sendAt): `messageKey` is the key (`scheduled_message:<id>`) of the first
   * of them (by sendAt, then key).
   */
  | { readonly ok: false; readonly reason: "in_use"; readonly messageKey: string }
  /** The org has `MAX_TEMPLATES_PER_ORG` templates already. */
  | { readonly ok: false; readonly reason: "too_many_templates" };

/** Saved message templates of an org. */
export interface TemplateStore {
  /** The org's template with this id, or null (unknown or another org's). */
  get(orgId: string, templateId: string): Promise<Template | null>;
  /** Templates in list order (sortOrder asc, id asc) after the `templatePosition` `after`. */
  list(orgId: string, after: string | null, limit: number): Promise<Template[]>;
  /** Atomically: adds the (new) template and stores `event`, unless the org has {@link MAX_TEMPLATES_PER_ORG} templates. */
  create(template: Template, event: LintelEvent): Promise<TemplateWriteOutcome>;
  /** Atomically: replaces the template of the same org and id if its stored `updatedAt` is `expectedUpdatedAt`, and stores `event`. */
  update(template: Template, expectedUpdatedAt: string, event: LintelEvent): Promise<TemplateWriteOutcome>;
  /**
   * Atomically: deletes the org's template if its stored `updatedAt` is `expectedUpdatedAt` and no
   * message still to be sent names it (its sendAt after `nowIso`, or its delivery `scheduled` or
   * `held`), and stores `event`.
   */
  delete(orgId: string, templateId: string, check: TemplateDeleteCheck, event: LintelEvent): Promise<TemplateWriteOutcome>;
  /**
   * A fixture's template, added by create's step with no event and no limit, unless the store
   * has its id (`kept`, unchanged) or the API deleted it in its org (`kept`: it stays deleted).
   */
  loadTemplate(template: Template): Promise<LoadOutcome>;
}

/** What {@link TemplateStore.delete} checks before it deletes. */
export interface TemplateDeleteCheck {
  readonly expectedUpdatedAt: string;
  /** Messages sent after this instant (canonical UTC) keep the template in use. */
  readonly nowIso: string;
}

/** A lock's state as its provider answered it, with what else the answer told of the device. */
export type LockReading = LockState & {
  /** The device's code rules, where the provider lists them (Seam's `supported_code_lengths`, `code_constraints`). */
  readonly codeRules?: PinRules | undefined;
  /**
   * The tags (`DataCipher.pinTag`) of the PINs of the device's codes ahead that Lintel did not
   * place, when the read listed them (the code rules learner's reads only, `outside-codes.js`).
   */
  readonly outsideTags?: readonly string[] | undefined;
};

/** An access code on a device as its provider lists it, whoever put it there. The PIN is a secret: never logged, never kept. */
export interface DeviceCode {
  /** The provider's id of the code (Seam's `access_code_id`). */
  readonly providerCodeId: string;
  /** The PIN. */
  readonly pin: string;
  /** When the code stops opening the door (an ISO instant), or null for a code without an end. */
  readonly endsAt: string | null;
}

/** A smart-lock vendor's cloud, asked for the live state of one device. */
export interface LockProvider {
  /** Rejects when the provider fails; may be slow (the caller applies the timeout). */
  readState(lock: Lock, signal: AbortSignal): Promise<LockReading>;
  /**
   * Every access code on the lock's device, Lintel's and others' (absent: the provider lists
   * none, as the simulator). Read outside requests only; rejects as {@link readState} does.
   */
  readCodes?(lock: Lock, signal: AbortSignal): Promise<readonly DeviceCode[]>;
}

/**
 * What a request with an Idempotency-Key kept: its use case's result and the id of the request
 * that ran it, so a retry is answered as that first request was. A Lintel keeps the result sealed
 * under its data keys (`{ sealed }`: a kept answer may show a secret, such as a new webhook
 * endpoint's); a store written before data keys may hold it plain. Stores keep either as given.
 */
export interface KeptResult {
  readonly result: Result<unknown> | { readonly sealed: string };
  readonly requestId: string;
}

/** What {@link IdempotencyStore.begin} found under a key. */
export type IdempotencyClaim =
  /** The key was free: it is now held by this request, proven by `token`, until `complete` or `release`. */
  | { readonly state: "claimed"; readonly token: string }
  /** Another request with this key is still running. */
  | { readonly state: "running"; readonly fingerprint: string }
  /** A request with this key was answered. */
  | { readonly state: "done"; readonly fingerprint: string; readonly kept: KeptResult };

/**
 * Idempotency keys of one scope (an API key), each holding the fingerprint of its first
 * request and, once answered, its kept result. Exact under concurrency and across instances that
 * share the store: of any number of simultaneous `begin`s for one key, one claims it.
 */
export interface IdempotencyStore {
  /** Claims `key` for a first request, held for `leaseMs` (so a crashed holder frees it), or says what is there. */
  begin(scope: string, key: string, fingerprint: string, leaseMs: number): Promise<IdempotencyClaim>;
  /**
   * Keeps `kept` under the claimed key for `ttlMs` (a later `begin` gets it back equal, numbers up
   * to 2^53−1 exact); false when the claim was lost (lease ran out and another took it).
   */
  complete(scope: string, key: string, token: string, kept: KeptResult, ttlMs: number): Promise<boolean>;
  /** Frees the claimed key without an answer (the request changed nothing worth keeping). */
  release(scope: string, key: string, token: string): Promise<void>;
}

/**
 * Keys remembered for a while, shared by every instance on the store: what lets a message be
 * acted on once however often it is delivered (a webhook's replays), or a device be re-read at
 * most once a window however many events name it.
 */
export interface OnceKeys {
  /**
   * True when `key` was not remembered, and remembers it for `ttlMs`; false while it is.
   * Exact under concurrency and across instances: of simultaneous calls for one key, one is true.
   */
  rememberOnce(key: string, ttlMs: number): Promise<boolean>;
}

/** Store liveness for `/readyz`. */
export interface Health {
  /** Resolves when the store answers; rejects otherwise. */
  ping(): Promise<void>;
}

/**
 * Every port a store adapter offers (memory, Redis): the store-backed ports of `LintelPorts`,
 * plus the fixture loader that seeds them (core's `createFixtureLoader` over the adapter's steps).
 */
export interface LintelStore {
  readonly apiKeys: ApiKeyStore;
  readonly orgs: OrgDirectory;
  readonly budget: RequestBudget;
  readonly units: UnitStore;
  readonly locks: LockDirectory;
  readonly devices: LockDevices;
  readonly templates: TemplateStore;
  readonly fixtures: FixtureSink;
  readonly health: Health;
  readonly idempotency: IdempotencyStore;
  readonly onceKeys: OnceKeys;
  readonly events: EventLog;
  readonly observations: LockObservations;
  readonly webhooks: WebhookStore;
  readonly lockCodes: LockCodeOutbox;
  readonly tours: TourStore;
  readonly messages: MessageOutbox;
}

/** What the store can't do right now (unreachable, too slow). Answered 503 `unavailable`. */
export class StoreUnavailableError extends Error {
  override readonly name = "StoreUnavailableError";
  readonly code = "unavailable";
  constructor(message = "The store did not answer in time.", options?: ErrorOptions) {
    super(message, options);
  }
}
