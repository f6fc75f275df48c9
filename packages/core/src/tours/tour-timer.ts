/**
 * The tours' timed transitions (an unverified tour cancelled when its access starts, a no-show
 * when its access ends, a checked-in tour completed), made from the store's due index: each poll
 * asks for the tours whose transition has come (no scan of all tours) and makes each with
 * `advanceTour`, one write whose basis is the tour as read. Every instance polls; two that take
 * the same tour make one write (the other's basis moved), so each transition and its event
 * happen once. Nothing is held in memory: a restart, or an instance killed mid-poll, leaves the
 * due index as it was, and the next poll of any instance finds the tour again.
 */
import type { Clock } from "../ports/ports.js";
import type { TourStore } from "../ports/tour-ports.js";
import type { TourTransitions } from "./tour-writes.js";

/** How often the due index is read, ms: each transition happens within this (plus the store's answer) of its instant. */
export const TOUR_POLL_MS = 1_000;
/** Due tours taken per read; a full batch is followed by another read at once. */
const BATCH = 100;

/** The running timer. */
export interface TourTimer {
  start(): void;
  /** Reads the due index now rather than at the next poll. */
  wake(): void;
  /** Stops polling and waits for the poll in flight. */
  stop(): Promise<void>;
}

/** What the timer runs on. */
export interface TourTimerPorts {
  readonly tours: Pick<TourStore, "dueTours">;
  readonly transitions: Pick<TourTransitions, "advanceTour">;
  readonly clock: Clock;
  /** Told after a poll that wrote (events were stored). */
  readonly advanced?: (() => void) | undefined;
  /** A poll failed (the store is down); the next poll tries again. */
  readonly failed?: ((error: unknown) => void) | undefined;
  readonly pollMs?: number | undefined;
}

/** A timer over `ports` (see the module comment). */
export function createTourTimer(ports: TourTimerPorts): TourTimer {
  const pollMs = ports.pollMs ?? TOUR_POLL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;

  async function poll(): Promise<void> {
    let wrote = false;
    try {
      for (let full = true; full && !stopped;) {
        const due = await ports.tours.dueTours(ports.clock.now(), BATCH);
        for (const { orgId, tourId } of due) {
          if (stopped) break;
          if (await ports.transitions.advanceTour(orgId, tourId)) wrote = true;
        }
        full = due.length === BATCH;
      }
    } catch (error) {
      ports.failed?.(error);
    }
    if (wrote) ports.advanced?.();
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    timer.unref();
  }

  function run(): void {
    if (running !== null) {
      again = true;
      return;
    }
    running = poll().finally(() => {
      running = null;
      if (again) {
        again = false;
        schedule(0);
      } else schedule(pollMs);
    });
  }

  return {
    start() {
      if (timer === undefined && running === null) schedule(0);
    },
    wake() {
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
