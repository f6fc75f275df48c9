/**
 * The lease order the memory outboxes share (webhook deliveries, lock code work): orgs are
 * served in turn, from a different one each call (one job each, then a second each, ...), and
 * with a share each org gets at most its room, none of the lanes it skips and one job per lane.
 */
import type { LeaseShare } from "@lintel/core/adapters";

/** How {@link leaseInTurn} reads the due jobs and leases one. */
export interface TurnLease<J, R> {
  /** org id → its due jobs (in any order; sorted here by `dueMsOf`). */
  readonly due: ReadonlyMap<string, J[]>;
  /** The caller's running count: the org it starts with is `turn % orgs`. */
  readonly turn: number;
  readonly max: number;
  readonly share?: LeaseShare | undefined;
  laneOf(job: J): string;
  dueMsOf(job: J): number;
  /** Orders jobs due at the same ms (absent: as `due` lists them). */
  tieOf?(job: J): string;
  /** Leases the job; null when it can't be (then the next one is tried). */
  take(job: J): R | null;
}

/** The jobs of `rows` due at `nowMs` (a due time, not after it), by org. */
export function dueByOrg<J>(
  rows: Iterable<J>,
  nowMs: number,
  dueMsOf: (job: J) => number | null,
  orgOf: (job: J) => string,
): Map<string, J[]> {
  const due = new Map<string, J[]>();
  for (const job of rows) {
    const dueMs = dueMsOf(job);
    if (dueMs === null || dueMs > nowMs) continue;
    const ofOrg = due.get(orgOf(job));
    if (ofOrg === undefined) due.set(orgOf(job), [job]);
    else ofOrg.push(job);
  }
  return due;
}

/** Up to `how.max` jobs leased in turn across orgs (see the module comment). */
export function leaseInTurn<J, R>(how: TurnLease<J, R>): R[] {
  const { share } = how;
  const orgs = [...how.due.keys()];
  const first = orgs.length === 0 ? 0 : how.turn % orgs.length;
  const tie = (a: J, b: J) => (how.tieOf === undefined || how.tieOf(a) === how.tieOf(b) ? 0 : how.tieOf(a) < how.tieOf(b) ? -1 : 1);
  let queues = [...orgs.slice(first), ...orgs.slice(0, first)].map((orgId) => ({
    due: [...(how.due.get(orgId) ?? [])].sort((a, b) => how.dueMsOf(a) - how.dueMsOf(b) || tie(a, b)),
    at: 0,
    room: share === undefined ? Infinity : share.roomOf(orgId),
    skipped: new Set(share?.skipOf(orgId)),
  }));
  /** The org's next due job it may take, leased; null when none is left. */
  const nextOf = (queue: (typeof queues)[number]): R | null => {
    while (queue.room > 0 && queue.at < queue.due.length) {
      const job = queue.due[queue.at++] as J;
      const lane = how.laneOf(job);
      if (queue.skipped.has(lane)) continue;
      const leased = how.take(job);
      if (leased === null) continue;
      queue.room -= 1;
      if (share !== undefined) queue.skipped.add(lane); // one per lane
      return leased;
    }
    return null;
  };
  const leased: R[] = [];
  while (leased.length < how.max && queues.length > 0) {
    queues = queues.filter((queue) => {
      if (leased.length >= how.max) return true;
      const job = nextOf(queue);
      if (job !== null) leased.push(job);
      return job !== null;
    });
  }
  return leased;
}
