/**
 * One request's store deadline (issues 12 and 21), applied once: when a request starts, its use
 * cases get a view of the stores whose every method races one `AbortSignal.timeout`. The use
 * cases never see a deadline, so none can forget one. Past the deadline a call still running is
 * answered with StoreUnavailableError (503) and its late answer dropped; a call not yet made is
 * not made (a set_timezone whose planning ran out never sends its write).
 */
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
}

/** A deadline `ms` from now: one timer, shared by every call raced against it. */
export function startStoreDeadline(ms: number): StoreRace {
  const signal = AbortSignal.timeout(ms);
  const late = () => new StoreUnavailableError(`The store did not answer within the request's ${ms} ms.`);
  return <T>(call: () => Promise<T>): Promise<T> => {
    if (signal.aborted) return Promise.reject(late());
    const running = call();
    return new Promise<T>((resolve, reject) => {
      const expire = () => reject(late());
      signal.addEventListener("abort", expire, { once: true });
      running.then(
        (answer) => {
          signal.removeEventListener("abort", expire);
          resolve(answer);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", expire);
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
  };
}
