/**
 * A fair worker over jobs leased from a store: it leases due jobs, makes each at once, and never
 * lets one group's jobs hold the slots another group's need. Jobs run in lanes (a webhook
 * endpoint) that belong to groups (an org):
 *
 * - one job per lane at a time: the lease is told the lanes in flight here and skips them;
 * - at most `perGroup` jobs of a group in flight: the lease is told each group's room, so a
 *   group whose receivers never answer holds `perGroup` slots, never all of them;
 * - a lane whose jobs keep failing rests (its other jobs are not leased here) for `restMs` of
 *   its failures in a row, so it retries on its own schedule and holds no slot meanwhile.
 *
 * The store serves groups in turn (every group with due jobs gets one before any a second);
 * nothing waits in this process's memory: what is leased is made now or, when stopping, left to
 * its lease's end. The webhook dispatcher is its first user; a later outbox can be another.
 */
import { nextAttemptDelayMs } from "@lintel/domain/adapters";
import type { Clock } from "../ports/ports.js";

/** The longest a lane rests after failures in a row: a receiver or provider back up is tried again within this. */
export const LANE_REST_MAX_MS = 60_000;

/**
 * How long a lane rests after `failures` failures in a row: as a job of the retry schedule waits
 * after as many, at most {@link LANE_REST_MAX_MS} (the `restMs` of webhook endpoints and of locks).
 */
export function laneRestMs(failures: number, retryScheduleSeconds: readonly number[], random: () => number): number {
  const steps = Math.min(failures, retryScheduleSeconds.length);
  return Math.min(nextAttemptDelayMs(steps, retryScheduleSeconds, random) ?? 0, LANE_REST_MAX_MS);
}

/** What the worker can take now, as the lease is told it. */
export interface WorkerShare {
  /** How many more jobs of the group the worker takes at most (0: none). */
  roomOf(group: string): number;
  /** The group's lanes the worker takes nothing of now: a job in flight, or resting after failures. */
  skipOf(group: string): readonly string[];
}

/** Settings and the job's own steps. */
export interface LeasedWorkerOptions<J> {
  /** Leases up to `max` due jobs at `nowMs`, within `share` (see {@link WorkerShare}). */
  lease(nowMs: number, max: number, share: WorkerShare): Promise<readonly J[]>;
  /** Makes the job: true when its lane is sound, false when it failed (the lane then rests). Cut short when `signal` aborts. */
  run(job: J, signal: AbortSignal): Promise<boolean>;
  laneOf(job: J): string;
  groupOf(job: J): string;
  /** How long a lane rests after `failures` failures in a row, ms. */
  restMs(failures: number): number;
  readonly clock: Clock;
  /** Jobs in flight at most. Default 16. */
  readonly concurrency?: number | undefined;
  /** Jobs of one group in flight at most. Default a quarter of `concurrency` (at least 1). */
  readonly perGroup?: number | undefined;
  /** How often the store is asked for due jobs, ms. Default 400. */
  readonly pollMs?: number | undefined;
  /** A lease or a job threw (the loop carries on at the next poll). */
  failed?(error: unknown): void;
}

/** A running worker. */
export interface LeasedWorker {
  /** Starts the loop (once). */
  start(): void;
  /** Looks for due jobs now rather than at the next poll. */
  wake(): void;
  /** Stops leasing, lets the jobs in flight finish for up to `graceMs`, then aborts the rest. */
  stop(graceMs: number): Promise<void>;
}

/** A lane that failed: how many times in a row, and until when it rests (ms). */
interface Rest {
  failures: number;
  untilMs: number;
}

/** A rest ended this long ago is forgotten (its failures with it): the map holds only lanes failing lately. */
const FORGET_REST_AFTER_MS = 10 * 60_000;

/** Adds `lane` to the set of `group` in `by`. */
function add(by: Map<string, Set<string>>, group: string, lane: string): void {
  let lanes = by.get(group);
  if (lanes === undefined) by.set(group, (lanes = new Set()));
  lanes.add(lane);
}

/** A worker over `options.lease`; see the module comment. */
export function createLeasedWorker<J>(options: LeasedWorkerOptions<J>): LeasedWorker {
  const { clock } = options;
  const concurrency = options.concurrency ?? 16;
  const perGroup = options.perGroup ?? Math.max(1, Math.floor(concurrency / 4));
  const pollMs = options.pollMs ?? 400;
  const inFlight = new Set<Promise<void>>();
  /** group → its lanes with a job in flight. */
  const busy = new Map<string, Set<string>>();
  /** group → lane → its rest. */
  const resting = new Map<string, Map<string, Rest>>();
  const aborts = new AbortController();
  let running = false;
  let loop: Promise<void> | undefined;
  let nudge: (() => void) | undefined;
  let woken = false;

  const share: WorkerShare = {
    roomOf: (group) => Math.max(0, perGroup - (busy.get(group)?.size ?? 0)),
    skipOf(group) {
      const now = clock.now();
      const skipped = [...(busy.get(group) ?? [])];
      for (const [lane, rest] of resting.get(group) ?? []) if (rest.untilMs > now) skipped.push(lane);
      return skipped;
    },
  };

  const wake = () => {
    woken = true;
    nudge?.();
  };

  /** Waits for the next poll, a wake-up, or a free slot. */
  function pause(): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      // The poll alone never keeps a process alive; jobs in flight, sockets of their own, do until they end.
      const timer = setTimeout(done, pollMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        nudge = undefined;
        woken = false;
        resolve();
      }
      nudge = done;
    });
  }

  /** Counts the job's outcome against its lane: a failure lengthens the rest, a success forgets it. */
  function settle(group: string, lane: string, sound: boolean): void {
    const lanes = resting.get(group);
    if (sound) {
      lanes?.delete(lane);
      if (lanes?.size === 0) resting.delete(group);
      return;
    }
    const failures = (lanes?.get(lane)?.failures ?? 0) + 1;
    if (lanes === undefined) resting.set(group, new Map([[lane, { failures, untilMs: clock.now() + options.restMs(failures) }]]));
    else lanes.set(lane, { failures, untilMs: clock.now() + options.restMs(failures) });
  }

  /** Makes `job` now; false when its lane is busy (a lease that ignored the share): left to its lease's end, never parked here. */
  function track(job: J): boolean {
    const group = options.groupOf(job);
    const lane = options.laneOf(job);
    if (busy.get(group)?.has(lane)) return false;
    add(busy, group, lane);
    const made = options
      .run(job, aborts.signal)
      .then(
        (sound) => settle(group, lane, sound),
        (error: unknown) => options.failed?.(error),
      )
      .finally(() => {
        inFlight.delete(made);
        const lanes = busy.get(group);
        lanes?.delete(lane);
        if (lanes?.size === 0) busy.delete(group);
        wake(); // a slot and a lane are free (told even while a lease is under way, which may have skipped this lane)
      });
    inFlight.add(made);
    return true;
  }

  /** Forgets the rests that ended long ago. */
  function prune(): void {
    const before = clock.now() - FORGET_REST_AFTER_MS;
    for (const [group, lanes] of resting) {
      for (const [lane, rest] of lanes) if (rest.untilMs < before) lanes.delete(lane);
      if (lanes.size === 0) resting.delete(group);
    }
  }

  async function run(): Promise<void> {
    while (running) {
      prune();
      const free = concurrency - inFlight.size;
      let leased = 0;
      if (free > 0) {
        try {
          const jobs = await options.lease(clock.now(), free, share);
          for (const job of jobs) if (running && track(job)) leased += 1;
        } catch (error) {
          options.failed?.(error);
        }
      }
      if (!running) break;
      // Something was leased and there is room: more may be due, look again at once.
      if (!(leased > 0 && inFlight.size < concurrency)) await pause();
    }
  }

  return {
    start() {
      if (running || loop !== undefined) return;
      running = true;
      loop = run();
    },
    wake,
    async stop(graceMs) {
      running = false;
      nudge?.();
      await loop;
      if (inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
        await Promise.race([Promise.all(inFlight), grace]);
        clearTimeout(timer);
      }
      aborts.abort();
      await Promise.all(inFlight);
    },
  };
}
