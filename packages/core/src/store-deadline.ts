/**
 * One request's store deadline (issue 12): every store call of a request races the same moment,
 * fixed when its /v1 work starts, so the request waits on the store at most that long in total
 * however many round trips it makes. A call still running then is answered with
 * StoreUnavailableError (503) and its late answer is dropped; a call not yet made is not made.
 *
 * Cheap by construction: no timer per call or per request. The deadlines of one clock share one
 * queue and one timer. They all have one duration, so they expire in the order they were fixed;
 * the timer is set for the oldest deadline with a call in flight, and a fire drops every expired
 * one. Against a healthy store it fires about once per `ms`. The Redis adapter starts one per
 * call for its own per-call bound (`store-redis/src/deadlines.ts`).
 */
import { StoreUnavailableError } from "./ports.js";

/** The moment past which one request stops waiting for its store. */
export interface StoreDeadline {
  /**
   * `call()`'s answer, or StoreUnavailableError once the deadline passed; what the call does
   * after that is dropped. Past the deadline `call` is not made at all.
   */
  within<T>(call: () => Promise<T>): Promise<T>;
}

interface Waiter {
  /** Rejects the caller; undefined once the call settled. */
  expire: (() => void) | undefined;
}

/** The deadlines of one duration, oldest (so soonest) first, and the one timer they share. */
class Timeline {
  private queue: RequestDeadline[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | undefined;
  /** When `timer` fires (Infinity: not set). */
  private armedAt = Infinity;

  constructor(
    readonly ms: number,
    readonly now: () => number,
  ) {}

  late(): StoreUnavailableError {
    return new StoreUnavailableError(`The store did not answer within the request's ${this.ms} ms.`);
  }

  start(late: () => Error = () => this.late()): StoreDeadline {
    const t = this.now();
    // While no call is in flight no timer runs: expired deadlines also leave from the head here.
    for (
      let first = this.queue[this.head];
      first !== undefined && first.at <= t && first.waiting.length === 0;
      first = this.queue[++this.head]
    ) {
      first.expired = true;
    }
    this.compact();
    const deadline = new RequestDeadline(this, t + this.ms, late);
    this.queue.push(deadline);
    return deadline;
  }

  /** A call of `deadline` is in flight: the timer must fire by its deadline. */
  watch(deadline: RequestDeadline): void {
    if (deadline.at < this.armedAt) this.arm(deadline.at);
  }

  private arm(at: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.armedAt = at;
    this.timer = setTimeout(() => this.expireDue(), Math.max(0, at - this.now()));
    this.timer.unref();
  }

  private expireDue(): void {
    this.timer = undefined;
    this.armedAt = Infinity;
    const t = this.now();
    for (let first = this.queue[this.head]; first !== undefined && first.at <= t; first = this.queue[++this.head]) {
      first.expired = true;
      const waiting = first.waiting;
      first.waiting = [];
      for (const waiter of waiting) waiter.expire?.();
    }
    this.compact();
    for (let i = this.head; i < this.queue.length; i++) {
      const next = this.queue[i];
      if (next !== undefined && next.waiting.length > 0) return this.arm(next.at);
    }
  }

  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }
}

class RequestDeadline implements StoreDeadline {
  expired = false;
  /** Calls in flight: usually none or one, two while an early read shares the budget's round trip. */
  waiting: Waiter[] = [];

  constructor(
    private readonly timeline: Timeline,
    readonly at: number,
    private readonly late: () => Error,
  ) {}

  within<T>(call: () => Promise<T>): Promise<T> {
    if (this.expired || this.timeline.now() >= this.at) {
      this.expired = true;
      return Promise.reject(this.late());
    }
    const running = call();
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = { expire: () => reject(this.late()) };
      const settled = () => {
        waiter.expire = undefined;
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
      };
      this.waiting.push(waiter);
      this.timeline.watch(this);
      running.then(
        (value) => {
          settled();
          resolve(value);
        },
        (error: unknown) => {
          settled();
          reject(error);
        },
      );
    });
  }
}

/** Deadlines `ms` after their start, sharing one queue and one timer. */
export interface StoreDeadlines {
  /** A deadline from now; past it a call is refused with `late()` (default: StoreUnavailableError). */
  start(late?: () => Error): StoreDeadline;
}

/** Makes deadlines `ms` after their start, on the monotonic clock `now` (milliseconds). */
export function createStoreDeadlines(ms: number, now: () => number = () => performance.now()): StoreDeadlines {
  const timeline = new Timeline(ms, now);
  return { start: (late) => timeline.start(late) };
}

/** Runs `call` within `deadline`, or simply runs it when there is none (embedders, CLIs). */
export function storeCall<T>(deadline: StoreDeadline | undefined, call: () => Promise<T>): Promise<T> {
  return deadline === undefined ? call() : deadline.within(call);
}
