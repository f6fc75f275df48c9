/**
 * One request's store deadline (issues 12 and 21), applied once: when a request starts, its use
 * cases get a view of the stores whose every method races one timer. The use
 * cases never see a deadline, so none can forget one. Past the deadline a call still running is
 * answered with StoreUnavailableError (503) and its late answer dropped; a call not yet made is
 * not made (a set_timezone whose planning ran out never sends its write).
 */
import type { EventLog, WebhookStore } from "./event-ports.js";
import {
  StoreUnavailableError,
  type ApiKeyStore,
  type LockDirectory,
  type RequestBudget,
  type TemplateStore,
  type UnitStore,
} from "./ports.js";

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
}

/**
 * A deadline `ms` from now: one timer, shared by every call raced against it. The timer holds
 * the process open only while a call waits on it (a server never notices; a script embedding
 * Lintel exits when its last call is answered, not a deadline later), so a store that never
 * answers is answered unavailable even when nothing else keeps the event loop busy.
 */
export function startStoreDeadline(ms: number): StoreRace {
  const late = () => new StoreUnavailableError(`The store did not answer within the request's ${ms} ms.`);
  const waiting = new Set<() => void>();
  let expired = false;
  let inFlight = 0;
  const timer = setTimeout(() => {
    expired = true;
    for (const expire of waiting) expire();
    waiting.clear();
  }, ms);
  timer.unref();
  return <T>(call: () => Promise<T>): Promise<T> => {
    if (expired) return Promise.reject(late());
    const running = call();
    if (++inFlight === 1) timer.ref();
    return new Promise<T>((resolve, reject) => {
      const expire = () => reject(late());
      waiting.add(expire);
      const settle = () => {
        waiting.delete(expire);
        if (--inFlight === 0) timer.unref();
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

/** `port` with every method raced by `race` (every method of a store port returns a promise). */
function raced<T extends object>(port: T, race: StoreRace): T {
  return new Proxy(port, {
    get(target, name) {
      const member: unknown = Reflect.get(target, name);
      if (typeof member !== "function") return member;
      return (...args: unknown[]) => race(() => (member as (...a: unknown[]) => Promise<unknown>).apply(target, args));
    },
  });
}

/** The view of `stores` one request's admission and use cases get: every call raced by `race`. */
export function racedStores(stores: RequestStores, race: StoreRace): RequestStores {
  return {
    apiKeys: raced(stores.apiKeys, race),
    budget: raced(stores.budget, race),
    units: raced(stores.units, race),
    locks: raced(stores.locks, race),
    templates: raced(stores.templates, race),
    events: raced(stores.events, race),
    webhooks: raced(stores.webhooks, race),
  };
}
