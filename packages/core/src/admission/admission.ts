/**
 * Admission of one /v1 request: address budget for failed keys (skipped for a key
 * found good lately, good-keys.js) → key (401) → key budget (429) → scope (403). The 401 answer
 * is the same whatever was wrong with the key.
 */
import {
  evaluateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  requireScope,
  type BudgetDecision,
  type RatePolicy,
  type Scope,
} from "@lintel/domain";
import type { ApiKeyStore, Clock, RequestBudget } from "../ports/ports.js";
import type { Problem } from "../common/problem.js";
import { rememberGoodKeys } from "./good-keys.js";
import type { StoreRace } from "./request-stores.js";

/** Who is calling: the key that was accepted, its Org and its scopes. */
export interface Caller {
  readonly keyId: string;
  readonly orgId: string;
  readonly scopes: readonly Scope[];
}

/** An admitted request: its caller, the key budget decision (for RateLimit headers) and its store deadline. */
export interface Admission {
  readonly caller: Caller;
  readonly budget: BudgetDecision;
  /** The request's store deadline, started at its admission (null: none); `Lintel.withinRequest` runs the request under it. */
  readonly deadline: StoreRace | null;
}

/** One request to admit: the key it sent (if any), where it came from, and the scope its operation needs. */
export interface AdmissionRequest {
  readonly apiKey: string | undefined;
  readonly clientAddress: string;
  readonly scope: Scope;
  /** Another scope that admits the request as well (list_available_slots: `units:read` or `tours:read`). */
  readonly alsoScope?: Scope | undefined;
}

/** On failure `budget` is the key's budget decision, present once a valid key was found. */
export type AdmissionOutcome =
  | { readonly ok: true; readonly admission: Admission }
  | {
      readonly ok: false;
      readonly problem: Problem;
      readonly budget?: BudgetDecision;
      /** The key's caller when the key was valid and the budget or scope refused it (for access logs). */
      readonly caller?: Caller;
    };

export interface AdmissionPorts {
  readonly apiKeys: ApiKeyStore;
  readonly budget: RequestBudget;
  readonly clock: Clock;
}

export interface AdmissionOptions {
  readonly defaultRateLimit: RatePolicy;
  readonly failedAuthLimit: RatePolicy;
}

/** The one detail every 401 carries, so the answer never tells which check failed. */
export const INVALID_API_KEY_DETAIL = "The x-api-key header is missing, or the key is not valid.";

/** The budget bucket that counts failed key attempts from one client address. */
export function failedAuthBucket(clientAddress: string): string {
  return `auth-fail:${clientAddress}`;
}

function rateLimited(decision: BudgetDecision, detail: string): Problem {
  return { code: "rate_limited", detail, retryAfterSeconds: decision.retryAfterSeconds };
}

/** Builds the admission check over the key store and the request budget. */
export function createAdmission(ports: AdmissionPorts, options: AdmissionOptions) {
  const goodKeys = rememberGoodKeys(ports.clock);
  const addressRefused = (decision: BudgetDecision): AdmissionOutcome => ({
    ok: false,
    problem: rateLimited(decision, "Too many requests with an invalid API key from this address."),
  });

  return async function admit(request: AdmissionRequest): Promise<AdmissionOutcome> {
    const addressBucket = failedAuthBucket(request.clientAddress);
    // A malformed key (or none) is judged bad without a lookup; a well-formed one by its hash.
    const hash = request.apiKey !== undefined && isWellFormedApiKey(request.apiKey) ? hashApiKey(request.apiKey) : null;
    // a spent address budget refuses the request before any key lookup, unless its key
    // was found good lately (the other tenants behind a shared address). Such a key skips only
    // this refusal: it is looked up and judged below like any other.
    if (hash === null || !goodKeys.has(hash)) {
      const addressBudget = await ports.budget.peek(addressBucket, options.failedAuthLimit);
      if (!addressBudget.allowed) return addressRefused(addressBudget);
    }
    // The key and its budget in one step: a request with a key that turns out expired or revoked
    // has taken from that key's budget, which no valid request draws on.
    const found = hash === null ? null : await ports.apiKeys.findAndConsume(hash, options.defaultRateLimit);
    const check = found === null ? null : evaluateApiKey(found.key, ports.clock.now());
    const key = check?.ok === true ? check.key : null;

    if (key === null || found === null) {
      if (hash !== null) goodKeys.foundBad(hash); // revoked or expired since: exempt no more
      // The consume is the atomic check: when concurrent failures from this address got past the
      // peek together, the ones beyond the budget are answered 429, so exactly the budget sees 401.
      const failure = await ports.budget.consume(addressBucket, options.failedAuthLimit);
      if (!failure.allowed) return addressRefused(failure);
      return { ok: false, problem: { code: "invalid_api_key", detail: INVALID_API_KEY_DETAIL } };
    }
    if (hash !== null) goodKeys.foundGood(hash);

    const caller: Caller = { keyId: key.id, orgId: key.orgId, scopes: key.scopes };
    const also = request.alsoScope;
    const scope =
      also !== undefined && requireScope(key.scopes, also).ok ? ({ ok: true } as const) : requireScope(key.scopes, request.scope);
    const { budget } = found;
    if (!budget.allowed) {
      return { ok: false, budget, caller, problem: rateLimited(budget, "The request budget of this API key is used up.") };
    }

    if (!scope.ok) {
      // An operation open to either of two scopes names both.
      const detail =
        also === undefined
          ? scope.detail
          : `This operation requires the scope '${request.scope}' or '${also}', which this API key does not have.`;
      return { ok: false, budget, caller, problem: { code: "missing_scope", detail } };
    }

    return { ok: true, admission: { caller, budget, deadline: null } };
  };
}
