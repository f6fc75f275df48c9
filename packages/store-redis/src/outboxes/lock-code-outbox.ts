/**
 * LockCodeOutbox on Redis. Each org's code work, placed codes and their index live under its
 * hash tag (keys.js), so the unit writes store work in their own script (lock-code-scripts.js)
 * and `finish` and `reportLockSync` are one script each in the org's slot, event included.
 *
 * Finding the orgs with work across cluster slots: a code must name a lock of its org, and every
 * lock comes from a fixture load, so the set of orgs with a lock loaded through a store of this
 * group (`lockCodeOrgs`, written by `loadLock` before the lock, kept or added: a store from
 * before this set existed is covered on the next load) holds every org that can have work. As
 * with the webhook orgs (webhook-store.js) the set only grows: a removal would race a load.
 *
 * That set holds nearly every org, most with no work, so `lease` does not count every org's due
 * work on every poll. It looks at the orgs that are **hot** here: those found with work pending
 * when last looked at, and those this store wrote work for lately
 * ({@link RedisLockCodeOutbox.workWritten}, told by the unit writes before their script). Every
 * org of the set is looked at (one pipelined ZCARD) once per {@link FULL_LOOK_MS}, a slice of them
 * at each lease in proportion to the time since the last, so no lease pays for all of them at
 * once. Invariant: an org with work is hot here within {@link FULL_LOOK_MS} of its work being
 * written, whoever wrote it, and at once when this store wrote it; so this instance's writes are
 * leased at once, another instance's (or a dead one's) within that period. `pending` counts the
 * hot orgs' work: every org with work, as of at most that period ago.
 *
 * `resealPins` walks the same set of orgs (a code names a lock of its org, so an org with codes
 * is in it), each org's units and each unit's code items, and each org's work, all by
 * SSCAN/HSCAN in batches of {@link SCAN_BATCH}; each PIN replaced is one small script on its
 * record's hash ({@link RESEAL_PIN}), so nothing is held or read whole however large the store.
 */
import { randomUUID } from "node:crypto";

import type { CodeWork, LeasedCodeWork, LeaseShare, LockCodeOutbox, PlacedCode } from "@lintel/core/adapters";
import { tourCodeRemoval } from "@lintel/core/adapters";
import type { RedisClient } from "../redis/client.js";
import { guard } from "../redis/errors.js";
import { eventArgs, eventKeys } from "../scripts/event-append.js";
import { redisKeys } from "../redis/keys.js";
import {
  FINISH_CODE_WORK,
  LEASE_CODE_WORK,
  PLACED_CODE,
  REPORT_LOCK_SYNC,
  RESEAL_CODE_PIN,
  RESEAL_PIN,
  RESEND_CODE,
  workArgs,
  workKeys,
} from "../scripts/lock-code-scripts.js";
import { leaseAcrossOrgs, SCAN_WITH_SHARE, shuffled } from "../redis/org-lease.js";
import { recordJson } from "../scripts/record-json.js";
import { pinKeys } from "../scripts/pin-index.js";

/** How often `lease` looks at every org of the group for pending work, at most (ms of the lease's clock). */
export const FULL_LOOK_MS = 5_000;

/** The Redis outbox, and what the unit writes of the same store tell it. */
export interface RedisLockCodeOutbox extends LockCodeOutbox {
  /** The org has code work just written through this store: its work is leased from the next `lease` on. */
  workWritten(orgId: string): void;
}

/** Lock code work on `redis`; `group` names the set of orgs `lease` and `pending` look at. */
export function createRedisLockCodeOutbox(redis: RedisClient, group: string): RedisLockCodeOutbox {
  const orgsWithLocks = () => redis.smembers(redisKeys.lockCodeOrgs(group));
  /** The orgs `lease` looks at (see the module comment). */
  const hot = new Set<string>();
  /** The set's orgs in the order they are looked at, and how far the looks have gone. */
  let ring: string[] = [];
  let at = 0;
  let lookedAtMs: number | null = null;

  /** The orgs to lease from at `nowMs`: the hot ones, after looking at the next slice of the set. */
  async function orgsToLease(nowMs: number): Promise<string[]> {
    if (at >= ring.length) {
      ring = shuffled(await orgsWithLocks());
      at = 0;
    }
    const part = lookedAtMs === null ? 1 : Math.min(1, Math.abs(nowMs - lookedAtMs) / FULL_LOOK_MS);
    lookedAtMs = nowMs;
    const slice = ring.slice(at, at + Math.ceil(ring.length * part));
    at += slice.length;
    const pending = await Promise.all(slice.map((orgId) => redis.zcard(redisKeys.codeWorkPending(orgId))));
    // An org told lately stays hot: its write (told before its script) may have come after the count.
    const lately = Date.now() - FULL_LOOK_MS;
    slice.forEach((orgId, i) => {
      const toldAt = told.get(orgId);
      if (toldAt !== undefined && toldAt < lately) told.delete(orgId);
      if ((pending[i] ?? 0) > 0 || told.has(orgId)) hot.add(orgId);
      else hot.delete(orgId);
    });
    return [...hot];
  }
  /** The orgs `workWritten` told of, and when (system clock): kept hot through the next full look. */
  const told = new Map<string, number>();

  /** Replaces the PIN of each record of the hash `key` (its fields matching `match`) that `reseal` answers for; how many changed. */
  async function resealIn(
    key: string,
    match: string,
    reseal: (sealed: string) => string | null,
    filing?: { readonly orgId: string; readonly unitId: string; readonly pinTag: (sealed: string) => string },
  ): Promise<number> {
    let changed = 0;
    await eachScanned(
      (cursor) => redis.hscan(key, cursor, "MATCH", match, "COUNT", SCAN_BATCH),
      async (entries) => {
        for (let i = 0; i + 1 < entries.length; i += 2) {
          const code = (JSON.parse(entries[i + 1] as string) as { code?: unknown }).code;
          if (typeof code !== "string" || code === "") continue;
          const resealed = reseal(code);
          if (resealed === null) continue;
          const field = entries[i] as string;
          const written =
            filing === undefined
              ? await RESEAL_PIN.run(redis, { records: key }, { field, sealed: code, resealed })
              : await RESEAL_CODE_PIN.run(
                  redis,
                  { records: key, pinKeys: pinKeys(filing.orgId) },
                  { field, sealed: code, resealed, unitId: filing.unitId, tag: filing.pinTag(resealed) },
                );
          changed += Number(written);
        }
      },
    );
    return changed;
  }

  /** Leases up to `max` of the org's due work; with `share`, one per lock and none of the skipped. */
  async function leaseIn(orgId: string, nowMs: number, leaseMs: number, max: number, share?: LeaseShare): Promise<LeasedCodeWork[]> {
    const lease = randomUUID();
    const keys = {
      due: redisKeys.codeWorkDue(orgId),
      work: redisKeys.codeWork(orgId),
      leases: redisKeys.codeWorkLeases(orgId),
      placed: redisKeys.placedCodes(orgId),
    };
    const scan = share === undefined ? max : Math.max(max, SCAN_WITH_SHARE);
    const args = {
      nowMs,
      leaseEndMs: nowMs + leaseMs,
      max,
      token: lease,
      scan,
      onePerLock: share === undefined ? "0" : "1",
      skip: share?.skipOf(orgId) ?? [],
    };
    const reply = (await LEASE_CODE_WORK.run(redis, keys, args)) as string[];
    const leased: LeasedCodeWork[] = [];
    for (let i = 0; i + 1 < reply.length; i += 2) {
      const placed = reply[i + 1] as string;
      leased.push({
        work: JSON.parse(reply[i] as string) as CodeWork,
        placed: placed === "" ? null : (JSON.parse(placed) as PlacedCode),
        lease,
      });
    }
    return leased;
  }

  const workWritten = (orgId: string): void => {
    hot.add(orgId);
    told.set(orgId, Date.now());
  };

  return {
    workWritten,

    lease: (nowMs, leaseMs, max, share) =>
      guard(async () => {
        const how = {
          orgs: await orgsToLease(nowMs),
          dueKey: redisKeys.codeWorkDue,
          leaseIn: (orgId: string, quota: number) => leaseIn(orgId, nowMs, leaseMs, quota, share),
        };
        return leaseAcrossOrgs(redis, how, nowMs, max, share);
      }),

    finish: (leased, outcome) =>
      guard(async () => {
        const { orgId, unitId, codeId, workId } = leased.work;
        const keys = {
          workKeys: workKeys(orgId),
          placedCodes: redisKeys.placedCodes(orgId),
          placedIds: redisKeys.placedCodeIds(orgId),
          items: redisKeys.items(orgId, unitId),
          tours: redisKeys.tours(orgId),
          eventKeys: eventKeys(orgId),
        };
        const { placed } = outcome;
        const retryAt = outcome.kind === "retry" ? outcome.nextAttemptAt : "";
        const lockSync = outcome.kind === "retry" || outcome.lockSync === null ? "" : recordJson(outcome.lockSync);
        const event = outcome.kind === "retry" ? null : outcome.event;
        const args = {
          codeId,
          tourId: tourCodeRemoval(leased.work) ?? "",
          token: leased.lease,
          workId,
          kind: outcome.kind,
          placed: placed === null ? "" : recordJson(placed),
          providerCodeId: placed === null ? "" : placed.providerCodeId,
          placedEntry: recordJson({ unitId, codeId }),
          retryAt,
          retryMs: retryAt === "" ? "" : Date.parse(retryAt),
          lockSync,
          eventArgs: event ? eventArgs(orgId, event) : null,
        };
        return (await FINISH_CODE_WORK.run(redis, keys, args)) === 1;
      }),

    pending: () =>
      guard(async () => {
        const orgs = [...hot];
        const counts = await Promise.all(
          orgs.map(async (orgId) => {
            const key = redisKeys.codeWorkPending(orgId);
            const [count, oldest] = await Promise.all([redis.zcard(key), redis.zrange(key, 0, 0, "WITHSCORES")]);
            return { count, oldestPendingMs: oldest[1] === undefined ? null : Number(oldest[1]) };
          }),
        );
        let count = 0;
        let oldestPendingMs: number | null = null;
        for (const org of counts) {
          count += org.count;
          if (org.oldestPendingMs !== null && (oldestPendingMs === null || org.oldestPendingMs < oldestPendingMs)) {
            oldestPendingMs = org.oldestPendingMs;
          }
        }
        return { count, oldestPendingMs };
      }),

    placedCode: (orgId, providerCodeId) =>
      guard(async () => {
        const keys = { placedIds: redisKeys.placedCodeIds(orgId), work: redisKeys.codeWork(orgId) };
        const reply = (await PLACED_CODE.run(redis, keys, { providerCodeId })) as [string, string] | null;
        if (reply === null) return null;
        const { unitId, codeId } = JSON.parse(reply[0]) as { unitId: string; codeId: string };
        return { unitId, codeId, workPending: reply[1] === "1" };
      }),

    reportLockSync: (orgId, unitId, codeId, lockSync, event) =>
      guard(async () => {
        const keys = { work: redisKeys.codeWork(orgId), items: redisKeys.items(orgId, unitId), eventKeys: eventKeys(orgId) };
        const args = { codeId, lockSync: recordJson(lockSync), status: lockSync.status, eventArgs: event ? eventArgs(orgId, event) : null };
        return (await REPORT_LOCK_SYNC.run(redis, keys, args)) === 1;
      }),

    resendCode: (orgId, unitId, unitVersion, work, lockSync) =>
      guard(async () => {
        workWritten(orgId);
        const keys = { units: redisKeys.units(orgId), items: redisKeys.items(orgId, unitId), workKeys: workKeys(orgId) };
        const args = { codeId: work.codeId, lockSync: recordJson(lockSync), unitId, version: unitVersion, work: workArgs(work) };
        return (await RESEND_CODE.run(redis, keys, args)) === 1;
      }),

    resealPins: (reseal, pinTag) =>
      guard(async () => {
        let changed = 0;
        await eachScanned(
          (cursor) => redis.sscan(redisKeys.lockCodeOrgs(group), cursor, "COUNT", SCAN_BATCH),
          async (orgIds) => {
            for (const orgId of orgIds) {
              await eachScanned(
                (cursor) => redis.hscan(redisKeys.units(orgId), cursor, "COUNT", SCAN_BATCH),
                async (units) => {
                  for (let i = 0; i < units.length; i += 2) {
                    const unitId = units[i] as string;
                    const filing = pinTag === undefined ? undefined : { orgId, unitId, pinTag };
                    changed += await resealIn(redisKeys.items(orgId, unitId), "code:*", reseal, filing);
                  }
                },
              );
              changed += await resealIn(redisKeys.codeWork(orgId), "*", reseal);
            }
          },
        );
        return changed;
      }),
  };
}

/** How many entries one SSCAN/HSCAN of `resealPins` asks for. */
const SCAN_BATCH = 100;

/** Runs a SCAN-family command from cursor 0 to its end, handing each batch to `each` before the next is read. */
async function eachScanned(
  scan: (cursor: string) => Promise<[cursor: string, elements: string[]]>,
  each: (elements: string[]) => Promise<void>,
): Promise<void> {
  let cursor = "0";
  do {
    const [next, elements] = await scan(cursor);
    await each(elements);
    cursor = next;
  } while (cursor !== "0");
}
