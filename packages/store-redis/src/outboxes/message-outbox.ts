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
 * Idle cost: `lease` asks the orgs hot here (redis/hot-orgs.js: an org is looked at once per
 * `FULL_LOOK_MS` (5 s); one whose earliest message is due within it, or that this store wrote a
 * message to be sent for lately, is asked every poll), told by the unit and tour writes before
 * their script ({@link RedisMessageOutbox.messageWritten}) and by `finish` when it leaves a
 * message due. So a message is leased within `FULL_LOOK_MS` (5 s) and one poll of its due time,
 * whoever wrote it, and at once when this store did.
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
import { createHotOrgs } from "../redis/hot-orgs.js";
import { recordJson } from "../scripts/record-json.js";
import { REPLACE_RECORD } from "../scripts/replace-record.js";

/** Events read per round trip by `resealDueEvents`. */
const RESEAL_BATCH = 200;

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
  const hot = createHotOrgs(redis, redisKeys.messageOrgs(group), redisKeys.messagesDue);

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
      hot.warm(orgId);
      return redis.sadd(redisKeys.messageOrgs(group), orgId);
    },

    lease: (nowMs, leaseMs, max, share) =>
      guard(async () => {
        const how = {
          orgs: await hot.orgsToAsk(nowMs),
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
        if (finished && end === null) hot.warm(orgId);
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
              changed += Number(await REPLACE_RECORD.run(redis, { records: events }, { id: ids[i] as string, read: raw, json }));
            }
            if (positions.length < RESEAL_BATCH) break;
          }
        }
        return changed;
      }),
  };
}
