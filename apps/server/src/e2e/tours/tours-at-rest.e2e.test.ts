// A prospect's email and phone, and a tour's PIN, at rest (docs/contract.md "Tours": "sealed at
// rest under the data keys like PINs, … null in events"). The real server process on Redis with
// DATA_KEYS books tours with a distinctive email and phone (one with an Idempotency-Key, so a kept
// answer holds them too), confirms, reschedules, checks in and cancels them; then every Redis key
// of the org and of the key's kept answers is read whole (SCAN, then each type's read, as
// secrets-at-rest does), with the code work read while it came and went: neither the email, nor
// the phone, nor any tour's PIN is there in plain text. The events served to a key with only
// events:read carry them as null.
// Redis only: what a memory store holds dies with its process, so this runs in the STORE=redis
// e2e stage and the memory stages skip it.
import assert from "node:assert/strict";
import { randomInt } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { generateApiKey } from "@lintel/domain";
import { createRedisClient, redisKeys, whenReady, type RedisClient } from "@lintel/store-redis";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { allEvents, call, postJson, processStoreEnv, spawnServer, testApiKey, testFixture } from "../e2e.test-support.js";

const ON_REDIS = process.env["STORE"] === "redis";
const DAY = 86_400_000;
const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();

/** Every value under the keys matching `pattern`, whatever their type, as one text. */
async function everything(redis: RedisClient, pattern: string): Promise<string> {
  const texts: string[] = [];
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === "string") texts.push((await redis.get(key)) ?? "");
      else if (type === "hash") texts.push(JSON.stringify(await redis.hgetall(key)));
      else if (type === "zset") texts.push((await redis.zrange(key, 0, -1)).join("\n"));
      else if (type === "set") texts.push((await redis.smembers(key)).join("\n"));
      else if (type === "list") texts.push((await redis.lrange(key, 0, -1)).join("\n"));
      else if (type === "stream") texts.push(JSON.stringify(await redis.xrange(key, "-", "+")));
      else texts.push(`unread type ${type} at ${key}`);
    }
  } while (cursor !== "0");
  return texts.join("\n");
}

/** `pin` as a value of its own in `text` (not a run of digits inside a longer number or a sealed text). */
const holdsPin = (text: string, pin: string) => new RegExp(`(^|[^0-9A-Za-z])${pin}([^0-9A-Za-z]|$)`).test(text);

describe(
  "e2e: a prospect's email and phone and a tour's PIN at rest on Redis",
  { skip: !ON_REDIS && "Redis only (runs with STORE=redis)" },
  () => {
    const base = testFixture();
    const { p, keys, units, orgA } = base;
    const eventsKey = generateApiKey();
    const fixture = { ...base.json, apiKeys: [...base.json.apiKeys, testApiKey(p, "events", orgA, eventsKey, ["events:read"])] };
    const EMAIL = `${p}.tourist@at-rest.example`;
    const PHONE = `+1999${String(randomInt(10_000_000)).padStart(7, "0")}`;
    const env: Record<string, string> = { ...processStoreEnv("redis") };
    let server: ServerChild | undefined;
    let redis: RedisClient;

    before(async () => {
      env["FIXTURE"] = await writeFixture(fixture);
      const [port = 0] = await freePorts(1);
      server = await spawnServer(port, env);
      redis = createRedisClient({ url: env["REDIS_URL"] ?? "" });
      await whenReady(redis);
    });

    after(async () => {
      await server?.stop();
      await redis?.quit();
    });

    it("booked, confirmed, rescheduled, checked in and cancelled tours: no email, phone or PIN in plain text in any key; events carry null", async () => {
      const url = server?.url ?? "";
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(url, path, keys.admin, body, headers);
      const prospect = { name: "Ada", email: EMAIL, phone: PHONE };
      // The code work is written by every change of a code and done at once by the simulator: read it as it comes and goes.
      const seenWork: string[] = [];
      let watching = true;
      const watcher = (async () => {
        while (watching) seenWork.push(JSON.stringify(await redis.hgetall(redisKeys.codeWork(orgA))));
      })();
      const tours: { id: string; code: string }[] = [];
      try {
        const start = Date.now() + 4 * DAY;
        const booking = {
          unitIdOrKey: units.york.id,
          startAt: at(start),
          endAt: at(start + 30 * MINUTE),
          prospect,
          messages: [{ templateId: base.templates[0]!.id, anchor: "start", offsetMinutes: -60 }],
        };
        const kept = await post("/v1/tours/book_tour", booking, { "idempotency-key": `${p}-book` });
        assert.equal(kept.status, 201, kept.text);
        assert.deepEqual([kept.json.tour.prospect.email, kept.json.tour.prospect.phone], [EMAIL, PHONE], "the answer shows them");
        const replayed = await post("/v1/tours/book_tour", booking, { "idempotency-key": `${p}-book` });
        assert.equal(replayed.json.tour.prospect.email, EMAIL, "a replay shows them (opened from the sealed kept answer)");
        const pinned = (answer: typeof kept) => ({ id: answer.json.tour.id as string, code: answer.json.tour.access.code as string });
        tours.push(pinned(kept));
        const moved = await post("/v1/tours/reschedule_tour", {
          tourId: kept.json.tour.id,
          startAt: at(start + DAY),
          endAt: at(start + DAY + 30 * MINUTE),
        });
        assert.equal(moved.status, 200, moved.text);

        const held = await post("/v1/tours/book_tour", {
          ...booking,
          startAt: at(start + 2 * DAY),
          endAt: at(start + 2 * DAY + 30 * MINUTE),
          verification: "required",
        });
        assert.equal(held.status, 201, held.text);
        tours.push(pinned(held));
        assert.equal((await post("/v1/tours/confirm_tour", { tourId: held.json.tour.id })).status, 200);
        const cancelled = await post("/v1/tours/cancel_tour", { tourId: held.json.tour.id, reason: "Changed plans" });
        assert.equal(cancelled.status, 200, cancelled.text);

        const now = Date.now();
        const here = await post("/v1/tours/book_tour", {
          ...booking,
          startAt: at(now + 5 * MINUTE),
          endAt: at(now + 35 * MINUTE),
          messages: [],
        });
        assert.equal(here.status, 201, here.text);
        tours.push(pinned(here));
        const checkedIn = await post("/v1/tours/check_in", { tourId: here.json.tour.id });
        assert.equal(checkedIn.status, 200, checkedIn.text);
        for (const tour of tours) assert.match(tour.code, /^[0-9]{6}$/, "each tour has a PIN");
        // Let the simulator take each code's latest work, so the watcher saw it.
        await new Promise((resolve) => setTimeout(resolve, 500));
      } finally {
        watching = false;
        await watcher;
      }

      const keptAnswers = await everything(redis, `lintel:idem2:{${p}_key_admin}:*`);
      assert.ok(keptAnswers.includes("enc1."), "the scan read the sealed kept answer");
      const stored = (await everything(redis, `*{org:${orgA}}*`)) + keptAnswers + seenWork.join("\n");
      for (const tour of tours) assert.ok(stored.includes(tour.id), `the scan read the tour ${tour.id}`);
      for (const tour of tours) {
        const record = JSON.parse((await redis.hget(redisKeys.tours(orgA), tour.id)) ?? "{}") as { prospect?: Record<string, string> };
        assert.match(record.prospect?.["email"] ?? "", /^enc1\./, "the tour's record holds the email sealed");
        assert.match(record.prospect?.["phone"] ?? "", /^enc1\./, "and the phone");
      }
      assert.equal(stored.includes(EMAIL), false, "no email in plain text");
      assert.equal(stored.includes(EMAIL.split("@")[0]!), false, "not even its local part");
      assert.equal(stored.includes(PHONE.slice(1)), false, "no phone in plain text");
      for (const { code } of tours) assert.equal(holdsPin(stored, code), false, `no PIN in plain text (${code})`);

      const events = await allEvents(url, eventsKey);
      const ours = events.filter((event) => tours.some((tour) => tour.id === event.data.tour?.id));
      assert.deepEqual([...new Set(ours.map((event) => event.type))].sort(), [
        "tour.booked",
        "tour.cancelled",
        "tour.checked_in",
        "tour.confirmed",
        "tour.rescheduled",
      ]);
      for (const event of ours) {
        const { prospect, access } = event.data.tour as { prospect: Record<string, unknown>; access: Record<string, unknown> };
        assert.deepEqual([prospect["name"], prospect["email"], prospect["phone"], access["code"]], ["Ada", null, null, null], event.type);
      }
      const served = JSON.stringify(events);
      assert.equal(served.includes(EMAIL) || served.includes(PHONE.slice(1)), false, "nowhere in the events served");
      const one = await call(url, `/v1/events/${ours[0]!.id}`, { key: eventsKey });
      assert.equal(one.status, 200, one.text);
      assert.equal(one.json.event.data.tour.prospect.email, null);
    });
  },
);
