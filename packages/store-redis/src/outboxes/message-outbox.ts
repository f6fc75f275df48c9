/**
 * MessageOutbox on Redis. Each org's messages still to be sent are in its due set, scored by when
 * each is due, and their outbox state in its work hash, both under the org's hash tag and kept by
 * the item writes in their own scripts (scripts/message-index.js); `finish` is one script in the
 * org's slot, events included (scripts/message-scripts.js).
 *
 * Finding the orgs with due messages across cluster slots: a writer that puts a message to be
 * sent adds its org to the group's set (`messageOrgs`) before its script (a crash between the two
 * hides nothing; the set only grows: a removal could race a write).
 *
 * Idle cost. 100,000 messages may wait weeks ahead in thousands of orgs, so `lease` does not ask
 * every org of the set on every poll. It asks the orgs that are **hot** here: those whose earliest
 * due score was at most {@link FULL_LOOK_MS} ahead when last looked at, and those this store
 * wrote a message to be sent for lately ({@link RedisMessageOutbox.messageWritten}, told by the
 * unit and tour writes before their script, and by `finish` when it leaves a message due). Every
 * org of the set is looked at (`ZRANGE 0 0`, pipelined) once per pass of {@link FULL_LOOK_MS} of
 * the lease's clock: a pass reads the set (`SMEMBERS`, sorted, so an org's looks are a period
 * apart) and looks at each lease at the share of it the time since the pass began says. An idle
 * poll so costs, whatever the polling rate, the orgs ÷ 5 s looks and one `SMEMBERS` every 5 s,
 * plus one `ZCOUNT` per hot org.
 *
 * Invariant: a message is leased within {@link FULL_LOOK_MS} and one poll of its due time, whoever
 * wrote it (when written less than that ahead: of its write): its org is looked at every period
 * (and a poll), and a look that finds its earliest due time at most a period ahead keeps the org
 * hot until the next look. A message this instance wrote (or left due in `finish`) is leased at
 * its first poll at or after its due time.
 */
import { randomUUID } from "node:crypto";

import type { LeasedMessage, MessageEnd, MessageOutbox, MessagePhase } from "@lintel/core/adapters";
import type { RedisClient } from "../redis/client.js";
import { guard } from "../redis/errors.js";
import { eventArgs, eventKeys } from "../scripts/event-append.js";
import { redisKeys } from "../redis/keys.js";
import { messageKeys } from "../scripts/message-index.js";
import { FINISH_MESSAGE, LEASE_MESSAGES } from "../scripts/message-scripts.js";
import { leaseAcrossOrgs, SCAN_WITH_SHARE } from "../redis/org-lease.js";
import { recordJson } from "../scripts/record-json.js";
import { FramedScript } from "../scripts/framed-script.js";
import { arg, key } from "../scripts/lua-frame.js";

/** Replaces the event `id` of the `events` hash by `json` while it is still `read`: 1, else 0. */
const REPLACE_EVENT = new FramedScript({
  keys: { events: key },
  args: { id: arg, read: arg, json: arg },
  body: `
if redis.call('HGET', events, id) ~= read then return 0 end
redis.call('HSET', events, id, json)
return 1
`,
});

/** Events read per round trip by `resealDueEvents`. */
const RESEAL_BATCH = 200;

/** How often `lease` looks at every org of the group, at most (ms of the lease's clock), and how far ahead a look sees an org hot. */
export const FULL_LOOK_MS = 5_000;

/** The Redis outbox, and what the writes of the same store tell it. */
export interface RedisMessageOutbox extends MessageOutbox {
  /**
   * The org has a message to be sent just written through this store: answers its SADD to the
   * group's set (sent now, before the caller's script), and the org is leased from the next `lease` on.
   */
  messageWritten(orgId: string): Promise<unknown>;
}

/** Throws for an end that would leave the message `scheduled` outside the index: a bug of the caller. */
function checkEnd(end: MessageEnd | null): void {
  if (end?.delivery.status === "scheduled") throw new Error("a message ends sent, failed, skipped or held, not scheduled");
}

/** The messages on `redis`; `group` names the set of orgs `lease` looks at. */
export function createRedisMessageOutbox(redis: RedisClient, group: string): RedisMessageOutbox {
  /** The orgs `lease` asks (see the module comment). */
  const hot = new Set<string>();
  /** The orgs told of (messageWritten, finish), and when (system clock): hot through the next full look. */
  const told = new Map<string, number>();
  /** The set's orgs in the order they are looked at (sorted: each org's looks a period apart), how far this pass has gone, and when it began. */
  let ring: string[] = [];
  let at = 0;
  let passStartMs: number | null = null;

  const warm = (orgId: string): void => {
    hot.add(orgId);
    told.set(orgId, Date.now());
  };

  /** The orgs to look at now: the pass's share of the ring for the time since it began (and, once a period is over, the rest of it). */
  async function nextSlice(nowMs: number): Promise<string[]> {
    if (passStartMs === null) {
      // The first lease looks at every org.
      ring = (await redis.smembers(redisKeys.messageOrgs(group))).sort();
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
      ring = (await redis.smembers(redisKeys.messageOrgs(group))).sort();
      at = 0;
      passStartMs = sincePass > 0 && sincePass < 2 * FULL_LOOK_MS ? passStartMs + FULL_LOOK_MS : nowMs;
    }
    // Org i of n is looked at once a pass, at the first lease i/n of a period or more into it.
    const upTo = Math.min(ring.length, Math.ceil((ring.length * Math.abs(nowMs - passStartMs)) / FULL_LOOK_MS));
    const slice = ring.slice(at, Math.max(at, upTo));
    at += slice.length;
    return rest.length === 0 ? slice : [...new Set([...rest, ...slice])];
  }

  /** The orgs to lease from at `nowMs`: the hot ones, after looking at the next slice of the set. */
  async function orgsToLease(nowMs: number): Promise<string[]> {
    const slice = await nextSlice(nowMs);
    if (slice.length === 0) return [...hot];
    // Every org's earliest due score, all sent before any answer: one round trip.
    const firsts = await Promise.all(slice.map((orgId) => redis.zrange(redisKeys.messagesDue(orgId), 0, 0, "WITHSCORES")));
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
  }

  /** Leases up to `max` of the org's due messages; with `share`, none of the skipped. */
  async function leaseIn(orgId: string, nowMs: number, leaseMs: number, max: number, skip: readonly string[]): Promise<LeasedMessage[]> {
    const lease = randomUUID();
    const keys = { due: redisKeys.messagesDue(orgId), work: redisKeys.messageWork(orgId), itemUnits: redisKeys.itemUnits(orgId) };
    const args = {
      nowMs,
      leaseEndMs: nowMs + leaseMs,
      max,
      token: lease,
      scan: skip.length === 0 ? max : Math.max(max, SCAN_WITH_SHARE),
      skip,
    };
    const reply = (await LEASE_MESSAGES.run(redis, keys, args)) as string[];
    const leased: LeasedMessage[] = [];
    for (let i = 0; i + 3 < reply.length; i += 4) {
      const [messageId, unitId, phase, attempts] = reply.slice(i, i + 4) as [string, string, MessagePhase, string];
      leased.push({ orgId, unitId, messageId, phase, attempts: Number(attempts), lease });
    }
    return leased;
  }

  return {
    messageWritten: (orgId) => {
      warm(orgId);
      return redis.sadd(redisKeys.messageOrgs(group), orgId);
    },

    lease: (nowMs, leaseMs, max, share) =>
      guard(async () => {
        const how = {
          orgs: await orgsToLease(nowMs),
          dueKey: redisKeys.messagesDue,
          leaseIn: (orgId: string, quota: number) => leaseIn(orgId, nowMs, leaseMs, quota, share?.skipOf(orgId) ?? []),
        };
        return leaseAcrossOrgs(redis, how, nowMs, max, share);
      }),

    finish: (leased, outcome) =>
      guard(async () => {
        const { orgId, unitId, messageId } = leased;
        const end = outcome.kind === "end" ? outcome : outcome.kind === "due" ? outcome.end : null;
        checkEnd(end);
        let phase: MessagePhase = leased.phase;
        let attempts = leased.attempts;
        let dueMs = 0;
        if (outcome.kind === "due") {
          // Its email is due at once: when the attempt that stored its message.due was made.
          [phase, attempts, dueMs] = ["email", 0, Date.parse(outcome.event.createdAt)];
        } else if (outcome.kind === "retry") {
          [attempts, dueMs] = [attempts + (outcome.counted ? 1 : 0), Date.parse(outcome.nextAttemptAt)];
        }
        const keys = { messages: messageKeys(orgId), items: redisKeys.items(orgId, unitId), eventKeys: eventKeys(orgId) };
        const args = {
          id: messageId,
          token: leased.lease,
          delivery: end === null ? "" : recordJson(end.delivery),
          phase,
          attempts,
          dueMs,
          dueEvent: outcome.kind === "due" ? eventArgs(orgId, outcome.event) : null,
          endEvent: end === null ? null : eventArgs(orgId, end.event),
        };
        const finished = (await FINISH_MESSAGE.run(redis, keys, args)) === 1;
        // A message left due is this store's to lease at once, whatever the org looked like before.
        if (finished && end === null) warm(orgId);
        return finished;
      }),

    // A message.due is stored only for an org with messages, so the group's set holds every org that
    // has one; each org's are read by their type's order, a batch at a time, and each changed in its own step.
    resealDueEvents: (reseal) =>
      guard(async () => {
        let changed = 0;
        for (const orgId of await redis.smembers(redisKeys.messageOrgs(group))) {
          const events = redisKeys.events(orgId);
          const order = redisKeys.eventsOfType(orgId, "message.due");
          for (let start = 0; ; start += RESEAL_BATCH) {
            const positions = await redis.zrange(order, start, start + RESEAL_BATCH - 1);
            if (positions.length === 0) break;
            const ids = positions.map((position) => position.slice(position.lastIndexOf("|") + 1));
            const raws = await redis.hmget(events, ...ids);
            for (const [i, raw] of raws.entries()) {
              if (raw === null) continue;
              const event = JSON.parse(raw) as { data?: { sealed?: unknown } };
              const sealed = event.data?.sealed;
              const resealed = typeof sealed === "string" ? reseal(sealed) : null;
              if (resealed === null) continue;
              const json = recordJson({ ...event, data: { ...event.data, sealed: resealed } });
              changed += Number(await REPLACE_EVENT.run(redis, { events }, { id: ids[i] as string, read: raw, json }));
            }
            if (positions.length < RESEAL_BATCH) break;
          }
        }
        return changed;
      }),
  };
}
