/**
 * The lease across orgs that the Redis outboxes share (webhook deliveries, lock code work).
 * Each org's due jobs live in a ZSET under its own hash tag, so one lease is: every org's due
 * count in one round trip (pipelined ZCOUNTs), the quotas dealt in turn from those counts (every
 * org with due jobs gets one before any gets a second; with a share, never more than its room),
 * then each org's own lease script in its slot, all in a second round trip. Orgs are shuffled
 * first, so no org's due work waits behind another's on every call.
 */
import type { LeaseShare } from "@lintel/core/adapters";
import type { RedisClient } from "./client.js";

/** How many of an org's due jobs a lease with a share looks at, at most (past the skipped lanes'). */
export const SCAN_WITH_SHARE = 500;

/** The rows in a random order (in place). */
export function shuffled<T>(rows: T[]): T[] {
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [rows[i], rows[j]] = [rows[j] as T, rows[i] as T];
  }
  return rows;
}

/** `max` dealt in turn, one at a time, to takers that can take at most `caps[i]` each. */
export function inTurn(max: number, caps: readonly number[]): number[] {
  const dealt = caps.map(() => 0);
  for (let left = max, gave = true; left > 0 && gave;) {
    gave = false;
    for (const [i, cap] of caps.entries()) {
      if (left === 0) break;
      if ((dealt[i] ?? 0) >= cap) continue;
      dealt[i] = (dealt[i] ?? 0) + 1;
      left -= 1;
      gave = true;
    }
  }
  return dealt;
}

/** How {@link leaseAcrossOrgs} finds and leases an org's due jobs. */
export interface OrgLease<R> {
  /** The orgs that may have due jobs. */
  readonly orgs: readonly string[];
  /** The org's ZSET of jobs scored by when they are due (ms). */
  dueKey(orgId: string): string;
  /** Leases up to `quota` of the org's due jobs (its script, in its slot). */
  leaseIn(orgId: string, quota: number): Promise<R[]>;
}

/** Up to `max` due jobs (due at or before `nowMs`) across orgs, dealt as the module comment says. */
export async function leaseAcrossOrgs<R>(
  redis: RedisClient,
  how: OrgLease<R>,
  nowMs: number,
  max: number,
  share?: LeaseShare,
): Promise<R[]> {
  const orgs = shuffled([...how.orgs]);
  const due = await Promise.all(orgs.map((orgId) => redis.zcount(how.dueKey(orgId), "-inf", nowMs)));
  const quotas = inTurn(
    max,
    orgs.map((orgId, i) => Math.min(due[i] ?? 0, share === undefined ? Infinity : share.roomOf(orgId))),
  );
  // Each org's script in the same round trip: an org's quota comes from the counts, not from what another got.
  const leased = await Promise.all(orgs.flatMap((orgId, i) => ((quotas[i] ?? 0) > 0 ? [how.leaseIn(orgId, quotas[i] ?? 0)] : [])));
  return leased.flat();
}
