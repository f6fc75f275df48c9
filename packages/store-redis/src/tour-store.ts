/**
 * TourStore on Redis. An org's tours live in one hash (id → JSON) with two BYLEX orders of their
 * `tourPosition` (the org's, and one per unit) and a due set scored by when each tour's timed
 * transition falls due, all under the org's hash tag: a tour write is one Lua script
 * (tour-write-scripts.js) with the items it owns, their codes' work, the unit's version and the
 * event. The due sets span orgs: `dueTours` reads those of the orgs in the group's set
 * (`tourOrgs`), which a write with a due time joins before its script runs (a crash between the
 * two hides no tour) and which is never left (a removal could race a write). A poll asks only the
 * orgs hot here (redis/hot-orgs.js): each org of the set is looked at once per 5 s, and asked at
 * every poll while its earliest due time is within 5 s or this store wrote a due time for it
 * lately. So a transition is found within 5 s and a poll of its due time, whoever booked the
 * tour, and an idle poll asks no org.
 */
import { MAX_ITEMS_PER_UNIT } from "@lintel/core/adapters";
import type { DueTour, TourChange, TourStore, UnitWriteOutcome } from "@lintel/core/adapters";
import type { Unit } from "@lintel/domain";
import { itemSpanMs, LIST_DIRECTION, tourPosition, type TourRecord } from "@lintel/domain/adapters";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { createHotOrgs } from "./redis/hot-orgs.js";
import { eventArgs, eventKeys } from "./scripts/event-append.js";
import { readOrderedRows } from "./redis/ordered-page.js";
import { redisKeys } from "./redis/keys.js";
import { workArgs, workKeys } from "./scripts/lock-code-scripts.js";
import { messageKeys, waitsToBeSent, type MessageWritten } from "./scripts/message-index.js";
import { recordDecoder } from "./redis/record-decoder.js";
import { recordJson } from "./scripts/record-json.js";
import { REPLACE_RECORD } from "./scripts/replace-record.js";
import { WRITE_TOUR_SCRIPT } from "./scripts/tour-write-scripts.js";
import { filePins, pinArgs, pinKeys, readPinHolders } from "./scripts/pin-index.js";
import { basisArgs, eventAroundVersion } from "./scripts/unit-write-frame.js";
import { outcomeOf, withRules, type UnitWriteReply } from "./unit-writes.js";

const parseTour = (json: string | Buffer): TourRecord => JSON.parse(json.toString()) as TourRecord;

/** A due tour with its due time, as read from its org's due set. */
interface DueAt extends DueTour {
  readonly dueMs: number;
}

/** Earliest first, then by org and tour id (the memory store's order). */
const byDue = (a: DueAt, b: DueAt): number =>
  a.dueMs - b.dueMs || (a.orgId < b.orgId ? -1 : a.orgId > b.orgId ? 1 : a.tourId < b.tourId ? -1 : a.tourId > b.tourId ? 1 : 0);

/** The Redis tour store, and what the unit writes of the same store tell it. */
export interface RedisTourStore extends TourStore {
  /** The org has a tour's due time just written through this store (a zone change moved it): its tours are asked from the next poll on. */
  dueWritten(orgId: string): void;
}

/**
 * Tours on `redis`; `group` (the delivery group) names the set of orgs `dueTours` looks at,
 * `workWritten` is told of an org before a write that stores code work for it runs (as the unit
 * writes tell the lock code outbox), and `messageWritten` before a write that puts a message to
 * be sent (as the unit writes tell the message outbox).
 */
export function createRedisTourStore(
  redis: RedisClient,
  group: string,
  workWritten: (orgId: string) => void = () => undefined,
  messageWritten: MessageWritten = async () => undefined,
): RedisTourStore {
  const decodeUnit = recordDecoder<Unit>();
  const parseUnit = (json: string) => withRules(decodeUnit(json));
  const hot = createHotOrgs(redis, redisKeys.tourOrgs(group), redisKeys.tourDue);

  async function writeTour(orgId: string, unitId: string, change: TourChange): Promise<UnitWriteOutcome> {
    const { tour, basis } = change;
    if (tour.unitId !== unitId) throw new Error(`writeTour: tour ${tour.id} names unit ${tour.unitId}, not ${unitId}`);
    for (const { item } of change.items) {
      if (item.unitId !== unitId) throw new Error(`writeTour: item ${item.kind}:${item.id} names unit ${item.unitId}, not ${unitId}`);
    }
    if (basis.tour !== null && basis.tour.id !== tour.id) throw new Error(`writeTour: tour ${tour.id} made from tour ${basis.tour.id}`);
    const works = change.items.flatMap(({ work }) => (work ? [workArgs(work)] : []));
    if (works.length > 0) workWritten(orgId);
    // The org joins the group's set before its tour is due: a crash between the two hides nothing.
    // Sent before the script on the same connection, not awaited first: one round trip for both. On one
    // Redis the set has the org before the tour is written; on a cluster they reach two nodes, and an
    // instance dying between them leaves the org out only until its next write with a due time.
    if (change.dueAtMs !== null) hot.warm(orgId);
    const joining = change.dueAtMs === null ? null : redis.sadd(redisKeys.tourOrgs(group), orgId);
    // The same for a message put to be sent: the org joins the message orgs before its script.
    const messageJoining = change.items.some(({ op, item }) => op === "put" && waitsToBeSent(item)) ? messageWritten(orgId) : null;
    const keys = {
      units: redisKeys.units(orgId),
      items: redisKeys.items(orgId, unitId),
      schedule: redisKeys.schedule(orgId, unitId),
      span: redisKeys.scheduleSpan(orgId, unitId),
      itemUnits: redisKeys.itemUnits(orgId),
      templates: redisKeys.templates(orgId),
      messages: messageKeys(orgId),
      deleted: redisKeys.deleted(orgId),
      locks: redisKeys.locks(orgId),
      tours: redisKeys.tours(orgId),
      tourOrder: redisKeys.tourOrder(orgId),
      unitTourOrder: redisKeys.unitTourOrder(orgId, unitId),
      tourDue: redisKeys.tourDue(orgId),
      workKeys: workKeys(orgId),
      eventKeys: eventKeys(orgId),
      pinKeys: pinKeys(orgId),
    };
    const { head, tail } = change.event === null ? { head: "", tail: "" } : eventAroundVersion(change.event);
    const args = {
      unitId,
      expected: change.expectedVersion ?? "",
      basis: basisArgs(basis.unit),
      pinLock: change.pinCheck?.lockId ?? "",
      pinCode: change.pinCheck?.codeId ?? "",
      tourId: tour.id,
      tourRead: basis.tour === null ? "" : recordJson(basis.tour),
      // The stored tour's position when the script goes on (it is then the tour read).
      readPosition: basis.tour === null ? "" : tourPosition(basis.tour),
      tourJson: recordJson(tour),
      position: tourPosition(tour),
      dueMs: change.dueAtMs ?? "",
      bumps: change.bumpsVersion ? "1" : "0",
      itemLimit: MAX_ITEMS_PER_UNIT,
      lockServing: change.lockServing ?? "",
      eventTail: tail,
      eventArgs: change.event === null ? null : eventArgs(orgId, change.event, head),
      templateIds: change.templateIds ?? [],
      ops: change.items.map(({ op, item, pinTag }) => ({
        op,
        ...pinArgs(item, op, pinTag),
        field: `${item.kind}:${item.id}`,
        json: op === "put" ? recordJson(item) : "",
        spanMs: op === "put" ? itemSpanMs(item) : 0,
        dueMs: op === "put" ? Date.parse(item.startAt) : 0,
      })),
      works,
      pinTags: change.pinCheck?.tags ?? [],
      pinCleared: change.pinCheck?.cleared ?? [],
    };
    const [reply] = await Promise.all([WRITE_TOUR_SCRIPT.run(redis, keys, args), joining, messageJoining]);
    return outcomeOf(reply as UnitWriteReply, (json) => parseUnit(json));
  }

  return {
    dueWritten: (orgId) => hot.warm(orgId),

    getTour: (orgId, tourId) =>
      guard(async () => {
        // The hash is the org's own: another org's tour is not in it.
        const json = await redis.hget(redisKeys.tours(orgId), tourId);
        return json === null ? null : parseTour(json);
      }),

    listTours: (orgId, unitId, after, limit) =>
      guard(() => {
        // A foreign unit's order under this org's tag is empty: no tour of another org is read.
        const positions = unitId === null ? redisKeys.tourOrder(orgId) : redisKeys.unitTourOrder(orgId, unitId);
        return readOrderedRows(redis, { positions, records: redisKeys.tours(orgId) }, after, limit, LIST_DIRECTION.tours, parseTour);
      }),

    writeTour: (orgId, unitId, change) => guard(() => writeTour(orgId, unitId, change)),

    pinHolders: (orgId, lockId, tags) => guard(() => readPinHolders(redis, orgId, lockId, tags)),

    filePins: (orgId, lockId, codes) => guard(() => filePins(redis, orgId, lockId, codes)),

    resealProspects: (reseal) =>
      guard(async () => {
        let changed = 0;
        // Every org that ever had a tour is in the group's set (a booking has a due time); each org's tours by HSCAN.
        for (const orgId of await redis.smembers(redisKeys.tourOrgs(group))) {
          let cursor = "0";
          do {
            const [next, entries] = await redis.hscan(redisKeys.tours(orgId), cursor, "COUNT", 100);
            for (let i = 0; i < entries.length; i += 2) {
              const read = entries[i + 1] as string;
              const tour = JSON.parse(read) as TourRecord;
              const again = (sealed: string | null) => (sealed === null ? null : reseal(sealed));
              const email = again(tour.prospect.email);
              const phone = again(tour.prospect.phone);
              if (email === null && phone === null) continue;
              const json = recordJson({
                ...tour,
                prospect: { ...tour.prospect, email: email ?? tour.prospect.email, phone: phone ?? tour.prospect.phone },
              });
              changed += (await REPLACE_RECORD.run(redis, { records: redisKeys.tours(orgId) }, { id: tour.id, read, json })) as number;
            }
            cursor = next;
          } while (cursor !== "0");
        }
        return changed;
      }),

    dueTours: (nowMs, max) =>
      guard(async () => {
        if (max <= 0) return [];
        const most = Math.floor(max);
        const orgIds = await hot.orgsToAsk(nowMs);
        // Every org's range is sent before any answer: one round trip, however many orgs.
        const replies = await Promise.all(
          orgIds.map((orgId) => redis.zrange(redisKeys.tourDue(orgId), "-inf", nowMs, "BYSCORE", "LIMIT", 0, most, "WITHSCORES")),
        );
        const due: DueAt[] = [];
        replies.forEach((reply, i) => {
          const orgId = orgIds[i] as string;
          for (let at = 0; at < reply.length; at += 2) due.push({ orgId, tourId: reply[at] as string, dueMs: Number(reply[at + 1]) });
        });
        return due
          .sort(byDue)
          .slice(0, most)
          .map(({ orgId, tourId }) => ({ orgId, tourId }));
      }),
  };
}
