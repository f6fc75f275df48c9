/**
 * One request's store deadline (issues 12 and 21), applied once: the use cases are built once
 * over views of the stores whose every method races the deadline of the request running it
 * (an AsyncLocalStorage scope the request is started in). The use cases never see a deadline,
 * so none can forget one. Past the deadline a call still running is answered with
 * StoreUnavailableError (503) and its late answer dropped; a call not yet made is not made (a
 * set_timezone whose planning ran out never sends its write). A call outside any request runs
 * as it is.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { EventLog, LockObservations, WebhookStore } from "../ports/event-ports.js";
import type { LockCodeOutbox } from "../ports/lock-code-ports.js";
import {
  StoreUnavailableError,
  type ApiKeyStore,
  type LockDevices,
  type LockDirectory,
  type RequestBudget,
  type TemplateStore,
  type UnitStore,
} from "../ports/ports.js";
import type { TourStore } from "../ports/tour-ports.js";

/** Runs a store call of one request: its answer, or StoreUnavailableError once the request's deadline passed. */
export type StoreRace = <T>(call: () => Promise<T>) => Promise<T>;

/** The stores a request's admission and use cases reach. */
export interface RequestStores {
  readonly apiKeys: ApiKeyStore;
  readonly budget: RequestBudget;
  readonly units: UnitStore;
  readonly locks: LockDirectory;
  readonly templates: TemplateStore;
  readonly events: EventLog;
  readonly webhooks: WebhookStore;
  readonly lockCodes: LockCodeOutbox;
  readonly tours: TourStore;
  /** A booking's read of its lock's code rules. */
  readonly observations: LockObservations;
  /** A booking's read of the locks on its lock's device. */
  readonly devices: LockDevices;
}

/**
 * A deadline `ms` from now, shared by every call raced against it. A timer runs only while a
 * call waits (so a finished request leaves nothing behind, and a script embedding Lintel exits
 * when its last call is answered, not a deadline later); a store that never answers is
 * answered unavailable at the deadline even when nothing else keeps the event loop busy.
 */
export function startStoreDeadline(ms: number): StoreRace {
  const endsAt = performance.now() + ms;
  const late = () => new StoreUnavailableError(`The store did not answer within the request's ${ms} ms.`);
  const waiting = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expire = () => {
    timer = undefined;
    for (const cut of waiting) cut();
    waiting.clear();
  };
  return <T>(call: () => Promise<T>): Promise<T> => {
    const left = endsAt - performance.now();
    if (left <= 0) return Promise.reject(late());
    const running = call();
    return new Promise<T>((resolve, reject) => {
      const cut = () => reject(late());
      waiting.add(cut);
      timer ??= setTimeout(expire, left);
      const settle = () => {
        waiting.delete(cut);
        if (waiting.size === 0 && timer !== undefined) {
          clearTimeout(timer);
          timer = undefined;
        }
      };
      running.then(
        (answer) => {
          settle();
          resolve(answer);
        },
        (error: unknown) => {
          settle();
          reject(error); // after the deadline: dropped, as the promise has settled
        },
      );
    });
  };
}

/** Where a request's deadline is kept while it runs: `run` starts work within a race, the store views read it. */
export type RequestScope = AsyncLocalStorage<StoreRace>;

/** A scope of requests, one per Lintel: the store views built over it obey the deadline of the request running them. */
export function requestScope(): RequestScope {
  return new AsyncLocalStorage<StoreRace>();
}

/** `port` with every method raced by the deadline of the request in `scope` running it; each method wrapped once. */
function raced<T extends object>(port: T, scope: RequestScope): T {
  type Method = (...args: unknown[]) => Promise<unknown>;
  const wrapped = new Map<PropertyKey, { readonly method: Method; readonly wrapper: Method }>();
  return new Proxy(port, {
    get(target, name) {
      const member: unknown = Reflect.get(target, name);
      if (typeof member !== "function") return member;
      const known = wrapped.get(name);
      if (known?.method === member) return known.wrapper;
      const method = member as Method;
      const wrapper: Method = (...args) => {
        const race = scope.getStore();
        return race === undefined ? method.apply(target, args) : race(() => method.apply(target, args));
      };
      wrapped.set(name, { method, wrapper });
      return wrapper;
    },
  });
}

/** The view of `stores` the use cases are built over: every call raced by the deadline of the request in `scope` making it. */
export function racedStores(stores: RequestStores, scope: RequestScope): RequestStores {
  return {
    apiKeys: raced(stores.apiKeys, scope),
    budget: raced(stores.budget, scope),
    units: raced(stores.units, scope),
    locks: raced(stores.locks, scope),
    templates: raced(stores.templates, scope),
    events: raced(stores.events, scope),
    webhooks: raced(stores.webhooks, scope),
    lockCodes: raced(stores.lockCodes, scope),
    tours: raced(stores.tours, scope),
    observations: raced(stores.observations, scope),
    devices: raced(stores.devices, scope),
  };
}
