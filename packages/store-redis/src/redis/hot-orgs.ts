/**
 * Which orgs of a group's set a poll asks for due work, on Redis: the message outbox's `lease`
 * and the tour store's `dueTours` (each org's due set scored by when its work falls due).
 *
 * Idle cost. Work may wait weeks ahead in thousands of orgs, so a poll does not ask every org of
 * the set. It asks the orgs that are **hot** here: those whose earliest due score was at most
 * {@link FULL_LOOK_MS} ahead when last looked at, and those this store wrote due work for lately
 * ({@link HotOrgs.warm}, told by the writes before their script). Every org of the set is looked at
 * (`ZRANGE 0 0`, pipelined) once per pass of {@link FULL_LOOK_MS} of the poll's clock: a pass reads
 * the set (`SMEMBERS`, sorted, so an org's looks are a period apart) and looks at each poll at the
 * share of it the time since the pass began says. An idle poll so costs, whatever the polling
 * rate, the orgs ÷ 5 s looks and one `SMEMBERS` every 5 s, plus what is asked of each hot org.
 *
 * Invariant: work is asked for within {@link FULL_LOOK_MS} and one poll of its due time, whoever
 * wrote it (when written less than that ahead: of its write): its org is looked at every period
 * (and a poll), and a look that finds its earliest due time at most a period ahead keeps the org
 * hot until the next look. Work this store wrote is asked for at its first poll at or after its
 * due time.
 */
import type { RedisClient } from "./client.js";

/** How often every org of the group is looked at, at most (ms of the poll's clock), and how far ahead a look sees an org hot. */
export const FULL_LOOK_MS = 5_000;

/** The hot orgs of one group's set (see the module comment). */
export interface HotOrgs {
  /** The org has due work just written through this store: it is asked from the next poll on, through the next full look. */
  warm(orgId: string): void;
  /** The orgs to ask at `nowMs`: the hot ones, after looking at the next slice of the set. */
  orgsToAsk(nowMs: number): Promise<string[]>;
}

/** The hot orgs of the set at `orgsKey`, each org's due set at `dueKey(orgId)`. */
export function createHotOrgs(redis: RedisClient, orgsKey: string, dueKey: (orgId: string) => string): HotOrgs {
  const hot = new Set<string>();
  /** The orgs told of, and when (system clock): hot through the next full look. */
  const told = new Map<string, number>();
  /** The set's orgs in the order they are looked at (sorted: each org's looks a period apart), how far this pass has gone, and when it began. */
  let ring: string[] = [];
  let at = 0;
  let passStartMs: number | null = null;

  /** The orgs to look at now: the pass's share of the ring for the time since it began (and, once a period is over, the rest of it). */
  async function nextSlice(nowMs: number): Promise<string[]> {
    if (passStartMs === null) {
      // The first poll looks at every org.
      ring = (await redis.smembers(orgsKey)).sort();
      passStartMs = nowMs;
      at = ring.length;
      return ring;
    }
    let rest: string[] = [];
    const sincePass = nowMs - passStartMs;
    if (Math.abs(sincePass) >= FULL_LOOK_MS) {
      // The pass ends (its orgs not looked at yet are looked at now); the next, on the set as it is
      // now, began a period after it (or now, after a pause).
      rest = ring.slice(at);
      ring = (await redis.smembers(orgsKey)).sort();
      at = 0;
      passStartMs = sincePass > 0 && sincePass < 2 * FULL_LOOK_MS ? passStartMs + FULL_LOOK_MS : nowMs;
    }
    // Org i of n is looked at once a pass, at the first poll i/n of a period or more into it.
    const upTo = Math.min(ring.length, Math.ceil((ring.length * Math.abs(nowMs - passStartMs)) / FULL_LOOK_MS));
    const slice = ring.slice(at, Math.max(at, upTo));
    at += slice.length;
    return rest.length === 0 ? slice : [...new Set([...rest, ...slice])];
  }

  return {
    warm(orgId) {
      hot.add(orgId);
      told.set(orgId, Date.now());
    },

    async orgsToAsk(nowMs) {
      const slice = await nextSlice(nowMs);
      if (slice.length === 0) return [...hot];
      // Every org's earliest due score, all sent before any answer: one round trip.
      const firsts = await Promise.all(slice.map((orgId) => redis.zrange(dueKey(orgId), 0, 0, "WITHSCORES")));
      const lately = Date.now() - FULL_LOOK_MS;
      slice.forEach((orgId, i) => {
        const toldAt = told.get(orgId);
        if (toldAt !== undefined && toldAt < lately) told.delete(orgId);
        // An org told lately stays hot: its write (told before its script) may have come after the look.
        const dueMs = firsts[i]?.[1];
        if ((dueMs !== undefined && Number(dueMs) <= nowMs + FULL_LOOK_MS) || told.has(orgId)) hot.add(orgId);
        else hot.delete(orgId);
      });
      return [...hot];
    },
  };
}
