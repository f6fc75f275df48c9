// Tours across two real server processes on one Redis (docs/contract.md "Tours": timed
// transitions "once across instances, kept across restarts"; docs/decisions.md "Timed transitions
// from a due index, without leases"). Three tours booked so that their transitions fall due a few
// seconds later (a no-show when access ends, an unverified tour cancelled when its access starts,
// a checked-in tour completed when access ends); the instance that took the bookings is killed -9
// at once. Each transition then happens exactly once, within 5 s of its instant, made by the
// survivor (the only process left polling this WORK_GROUP); the killed instance restarted on the
// same Redis repeats none. Before that, 12 concurrent reschedules of one tour naming one version,
// split over both instances: one applies, eleven are version_conflict.
// Redis only: a memory store is one process's, so these run in the STORE=redis e2e stage and the
// memory stages skip them.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { allEvents, call, postJson, processStoreEnv, spawnServer, testFixture, type ServedEvent } from "../e2e.test-support.js";

const ON_REDIS = process.env["STORE"] === "redis";
const MINUTE = 60_000;
/** How late a transition's event may be after its instant (the contract says a second or two). */
const LATE_MS = 5_000;
const at = (ms: number) => new Date(ms).toISOString();
/** The events of the timed transitions. */
const TRANSITIONS = ["tour.no_show", "tour.cancelled", "tour.completed"];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("e2e: tours on two server processes sharing one Redis", { skip: !ON_REDIS && "Redis only (runs with STORE=redis)" }, () => {
  const fixture = testFixture();
  const { keys, units } = fixture;
  // The unit served by the shared gate alone (a simulated lock): each booking gets a code.
  const unit = units.york.id;
  const env: Record<string, string> = { ...processStoreEnv("redis") };
  let ports: number[] = [];
  const instances: ServerChild[] = [];
  /** What the timed transitions test booked: tour id → the event its transition makes and when it falls due. */
  const due = new Map<string, { type: string; atMs: number }>();

  before(async () => {
    env["FIXTURE"] = await writeFixture(fixture.json);
    ports = await freePorts(2);
    // One after the other: the second one's fixture load adds nothing.
    for (const port of ports) instances.push(await spawnServer(port, env));
  });

  after(async () => {
    await Promise.all(instances.map((server) => server.stop()));
  });

  const book = async (base: string, startMs: number, endMs: number, more: Record<string, unknown> = {}) => {
    const answer = await postJson(base, "/v1/tours/book_tour", keys.admin, {
      unitIdOrKey: unit,
      startAt: at(startMs),
      endAt: at(endMs),
      prospect: { name: "Ada" },
      ...more,
    });
    assert.equal(answer.status, 201, answer.text);
    return answer.json as { tour: { id: string; status: string }; unit: { version: number } };
  };

  /** The org's tour events, by tour id and type. */
  const tourEvents = async (base: string): Promise<ServedEvent[]> =>
    (await allEvents(base, keys.admin)).filter((event) => event.type.startsWith("tour.") && due.has(event.data.tour?.id));
  const countsOf = (events: readonly ServedEvent[]) => {
    const counts: Record<string, number> = {};
    for (const event of events) {
      const key = `${event.data.tour.id as string} ${event.type}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };

  it("12 concurrent reschedules naming one version, split over both instances: one 200, eleven 409 version_conflict", async () => {
    const start = Date.now() + 3 * 86_400_000;
    const booked = await book(instances[0]!.url, start, start + 30 * MINUTE);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postJson(instances[i % 2]!.url, "/v1/tours/reschedule_tour", keys.admin, {
          tourId: booked.tour.id,
          startAt: at(start + (i + 1) * 60 * MINUTE),
          endAt: at(start + (i + 1) * 60 * MINUTE + 30 * MINUTE),
          expectedVersion: booked.unit.version,
        }),
      ),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status).sort(),
      [200, ...Array<number>(11).fill(409)],
      answers.map((a) => a.text).join("\n"),
    );
    for (const answer of answers.filter((a) => a.status === 409)) assert.equal(answer.json.code, "version_conflict", answer.text);
    const won = answers.find((answer) => answer.status === 200)!;
    const read = await call(instances[1]!.url, `/v1/tours/get_tour?tourId=${booked.tour.id}`, { key: keys.admin });
    assert.equal(read.json.tour.startAt, won.json.tour.startAt, "the winner's times are the tour's");
    const unitNow = await call(instances[0]!.url, `/v1/units/get_unit?unitIdOrKey=${unit}`, { key: keys.admin });
    assert.equal(unitNow.json.unit.version, booked.unit.version + 1, "one version more, not twelve");
    const rescheduled = (await allEvents(instances[0]!.url, keys.admin)).filter(
      (event) => event.type === "tour.rescheduled" && event.data.tour.id === booked.tour.id,
    );
    assert.equal(rescheduled.length, 1, "one tour.rescheduled");
  });

  it("kill -9 after booking: each timed transition happens once, within 5 s of its instant, made by the survivor", async (t) => {
    const [doomed, survivor] = instances as [ServerChild, ServerChild];
    const now = Date.now();
    // A no-show: access from 15 minutes ago to 4 s from now, nobody checks in.
    const noShowEnd = now + 4_000;
    const absent = await book(doomed.url, noShowEnd - 10 * MINUTE, noShowEnd, { access: { beforeMinutes: 5, afterMinutes: 0 } });
    due.set(absent.tour.id, { type: "tour.no_show", atMs: noShowEnd });
    // Unverified: cancelled (not_verified) when its access starts, 5 s from now.
    const unverifiedStart = now + 5_000;
    const held = await book(doomed.url, unverifiedStart, unverifiedStart + 30 * MINUTE, {
      verification: "required",
      access: { beforeMinutes: 0 },
    });
    assert.equal(held.tour.status, "awaiting_verification");
    due.set(held.tour.id, { type: "tour.cancelled", atMs: unverifiedStart });
    // Checked in, then completed when its access ends 6 s from now.
    const visitEnd = now + 6_000;
    const visit = await book(doomed.url, visitEnd - 10 * MINUTE, visitEnd, { access: { beforeMinutes: 0, afterMinutes: 0 } });
    const checkedIn = await postJson(doomed.url, "/v1/tours/check_in", keys.admin, { tourId: visit.tour.id });
    assert.equal(checkedIn.status, 200, checkedIn.text);
    assert.equal(checkedIn.json.tour.status, "checked_in");
    due.set(visit.tour.id, { type: "tour.completed", atMs: visitEnd });

    await doomed.stop("SIGKILL");
    assert.equal(doomed.child.signalCode, "SIGKILL");
    assert.ok(Date.now() < noShowEnd, "killed before the first transition fell due");
    assert.equal(survivor.child.exitCode, null, "the survivor runs");

    // Wait past the last instant plus the allowance, then read what the survivor served.
    const last = Math.max(...[...due.values()].map((d) => d.atMs));
    await sleep(Math.max(0, last + LATE_MS - Date.now()));
    const events = await tourEvents(survivor.url);
    for (const [tourId, { type, atMs }] of due) {
      // Exactly one timed transition's event, and the right one.
      const made = events.filter((event) => event.data.tour.id === tourId && TRANSITIONS.includes(event.type));
      assert.deepEqual(
        made.map((event) => event.type),
        [type],
        `one ${type} for ${tourId}: ${JSON.stringify(countsOf(events))}`,
      );
      const lateMs = Date.parse((made[0] as ServedEvent & { createdAt: string }).createdAt) - atMs;
      assert.ok(lateMs >= 0 && lateMs <= LATE_MS, `${type} ${lateMs} ms after its instant`);
      t.diagnostic(`${type}: ${lateMs} ms after its instant`);
    }
    const cancelled = events.find((event) => event.type === "tour.cancelled")!;
    assert.equal(cancelled.data.tour.cancelReason, "not_verified");
    const statuses = await Promise.all(
      [...due.keys()].map(async (tourId) => {
        const read = await call(survivor.url, `/v1/tours/get_tour?tourId=${tourId}`, { key: keys.admin });
        return read.json.tour.status as string;
      }),
    );
    assert.deepEqual(statuses, ["no_show", "cancelled", "completed"]);
  });

  it("the killed instance restarted on the same Redis repeats no transition", async (t) => {
    if (due.size === 0) return t.skip("the transitions test did not book");
    const before = countsOf(await tourEvents(instances[1]!.url));
    instances[0] = await spawnServer(ports[0]!, env);
    // Several polls of both instances (each polls every second).
    await sleep(4_000);
    const afterRestart = await tourEvents(instances[0].url);
    assert.deepEqual(countsOf(afterRestart), before, "the same events, none repeated");
    for (const [tourId, { type }] of due) {
      assert.equal(afterRestart.filter((event) => event.data.tour.id === tourId && event.type === type).length, 1, `${type} once`);
    }
  });
});
