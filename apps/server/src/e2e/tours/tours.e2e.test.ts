// Self-guided tours end to end (docs/contract.md "Tours"): a booking makes the tour, its code and
// its messages in one step; the code reaches Seam's fake with the tour's access window, moves with
// a reschedule and with a keep-wall-clock zone change, and is removed by a cancel, also when Seam
// was down during it (a proxy in front of the fake fails every call); verification holds the code
// until confirm_tour and an unconfirmed tour is cancelled when its access starts; a check-in, a
// no-show and a late unlock at the door (Seam's signed lock.unlocked); a tour's items refuse the
// schedule writes; one version named by 12 reschedules applies once; another org sees none of it;
// the prospect's email and phone reach no log line. Runs on the memory store and, with
// STORE=redis, on Redis.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { signWebhook } from "@lintel/domain/adapters";
import { startFakeSeam, startSeamProxy, type FakeSeam, type SeamProxy } from "@lintel/testkit/seam";
import { allEvents, call, postJson } from "../e2e.test-support.js";
import { codesFixture, post, startCodesServer, until, type CodesFixture } from "../lock-codes/lock-codes.test-support.js";
import type { RunningServer } from "../../server.js";

const SEAM_WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const MINUTE = 60_000;
const EMAIL = "ada.prospect@example.com";
const PHONE = "+13125550199";

/** The served tour (the fields these tests read). */
interface Tour {
  readonly id: string;
  readonly status: string;
  readonly startAt: string;
  readonly endAt: string;
  readonly checkedInAt: string | null;
  readonly cancelReason: string | null;
  readonly prospect: { readonly name: string; readonly email: string | null; readonly phone: string | null };
  readonly access: {
    readonly startAt: string;
    readonly endAt: string;
    readonly codeKey: string | null;
    readonly code: string | null;
    readonly lockSync: { readonly status: string } | null;
  };
  readonly messageKeys: readonly string[];
}

const at = (ms: number) => new Date(ms).toISOString();

describe("e2e: self-guided tours through Seam's fake", () => {
  let fake: FakeSeam;
  let proxy: SeamProxy;
  let server: RunningServer;
  let fixture: CodesFixture;
  const logs: string[] = [];
  const write = (path: string, body: unknown) => post(server.url, fixture, path, body);
  const read = (path: string, key = fixture.keys.admin) => call(server.url, path, { key });
  const tourOf = async (tourId: string): Promise<Tour> => {
    const answer = await read(`/v1/tours/get_tour?tourId=${tourId}`);
    assert.equal(answer.status, 200, answer.text);
    return answer.json.tour as Tour;
  };
  const codesAtSeam = () => fake.accessCodesOn(fixture.devices["door"]!);
  const templateId = () => fixture.json.templates[0]!.id;

  /** Books a tour on the Seam-backed unit from `startMs` for 30 minutes; answers the tour. */
  async function book(startMs: number, more: Record<string, unknown> = {}): Promise<Tour> {
    const answer = await write("/v1/tours/book_tour", {
      unitIdOrKey: fixture.codesUnit.id,
      startAt: at(startMs),
      endAt: at(startMs + 30 * MINUTE),
      prospect: { name: "Ada", email: EMAIL, phone: PHONE },
      messages: [{ templateId: templateId(), anchor: "start", offsetMinutes: -60 }],
      ...more,
    });
    assert.equal(answer.status, 201, answer.text);
    return answer.json.tour as Tour;
  }

  /** POSTs Seam's signed `lock.unlocked` of the door by the access code `accessCodeId` at `occurredAt`. */
  async function unlocked(accessCodeId: string, occurredAt: string): Promise<number> {
    const id = `msg_${randomBytes(8).toString("hex")}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      event_id: id,
      event_type: "lock.unlocked",
      device_id: fixture.devices["door"],
      access_code_id: accessCodeId,
      method: "keycode",
      occurred_at: occurredAt,
      workspace_id: "ws_1",
    });
    const answer = await fetch(`${server.url}/webhooks/seam`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "svix-id": id,
        "svix-timestamp": String(timestamp),
        "svix-signature": signWebhook({ id, timestamp, body }, SEAM_WEBHOOK_SECRET),
      },
      body,
    });
    return answer.status;
  }

  before(async () => {
    fake = await startFakeSeam();
    proxy = await startSeamProxy(fake.endpoint);
    fixture = codesFixture(fake, ["door"]);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    server = await startCodesServer(
      fixture.p,
      fixture.json,
      {
        SEAM_API_KEY: fake.apiKey,
        SEAM_ENDPOINT: proxy.endpoint,
        SEAM_WEBHOOK_SECRET,
        ACCESS_CODE_SYNC_RETRY_SCHEDULE: "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1",
      },
      sink,
    );
  });
  after(async () => {
    await server?.close();
    await proxy?.close();
    await fake?.close();
  });

  it("book → the code at Seam with the access window → reschedule and set_timezone move it → cancel removes it", async () => {
    const start = Date.now() + 3 * 86_400_000;
    const before = (await read(`/v1/units/get_unit?unitIdOrKey=${fixture.codesUnit.id}`)).json.unit.version as number;
    const tour = await book(start);
    assert.equal(tour.status, "confirmed");
    assert.match(tour.access.code ?? "", /^[0-9]{6}$/);
    assert.deepEqual([tour.access.startAt, tour.access.endAt], [at(start - 15 * MINUTE), at(start + 45 * MINUTE)]);
    assert.deepEqual([tour.prospect.email, tour.prospect.phone], [EMAIL, PHONE]);
    assert.equal((await read(`/v1/units/get_unit?unitIdOrKey=${fixture.codesUnit.id}`)).json.unit.version, before + 1, "one version");
    const schedule = await read(`/v1/units/list_schedule?unitIdOrKey=${fixture.codesUnit.id}&limit=100`);
    const owned = (schedule.json.items as { key: string; tourId: string | null }[]).filter((item) => item.tourId === tour.id);
    assert.deepEqual(owned.map((item) => item.key).sort(), [`tour:${tour.id}`, tour.access.codeKey, ...tour.messageKeys].sort());

    const set = await until("the code set at Seam", async () => {
      const now = await tourOf(tour.id);
      return now.access.lockSync?.status === "set" ? now : undefined;
    });
    const [atSeam] = codesAtSeam().filter((code) => code.code === tour.access.code);
    assert.ok(atSeam, "Seam holds the tour's PIN");
    assert.deepEqual([atSeam.starts_at, atSeam.ends_at], [set.access.startAt, set.access.endAt]);

    const booked = (await allEvents(server.url, fixture.keys.admin)).find(
      (event) => event.type === "tour.booked" && event.data.tour.id === tour.id,
    );
    assert.ok(booked, "tour.booked");
    assert.deepEqual([booked.data.tour.access.code, booked.data.tour.prospect.email, booked.data.tour.prospect.phone], [null, null, null]);

    // Reschedule a day later: the code at Seam follows.
    const later = start + 86_400_000;
    const moved = await write("/v1/tours/reschedule_tour", { tourId: tour.id, startAt: at(later), endAt: at(later + 30 * MINUTE) });
    assert.equal(moved.status, 200, moved.text);
    await until("Seam's code moved by the reschedule", () =>
      codesAtSeam().some((code) => code.code === tour.access.code && code.starts_at === at(later - 15 * MINUTE)) ? true : undefined,
    );

    // A keep-wall-clock zone change Chicago → New York: the same wall-clock time, an hour earlier.
    const unit = (await read(`/v1/units/get_unit?unitIdOrKey=${fixture.codesUnit.id}`)).json.unit as { version: number };
    const zone = await write("/v1/units/set_timezone", {
      unitIdOrKey: fixture.codesUnit.id,
      timeZone: "America/New_York",
      expectedVersion: unit.version,
      policy: "keep_wall_clock",
    });
    assert.equal(zone.status, 200, zone.text);
    const shifted = later - 60 * MINUTE;
    assert.equal((await tourOf(tour.id)).startAt, at(shifted), "the tour moved with its item");
    await until("Seam's code moved by set_timezone", () =>
      codesAtSeam().some((code) => code.code === tour.access.code && code.starts_at === at(shifted - 15 * MINUTE)) ? true : undefined,
    );

    // Cancel while Seam is down: the removal waits, and happens once Seam is back.
    await until("the moved code set", async () => ((await tourOf(tour.id)).access.lockSync?.status === "set" ? true : undefined));
    proxy.failWith(503);
    const cancelled = await write("/v1/tours/cancel_tour", { tourId: tour.id, reason: "Found another place" });
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.json.tour.status, "cancelled");
    assert.equal(cancelled.json.tour.cancelReason, "Found another place");
    assert.equal(cancelled.json.tour.access.lockSync.status, "pending");
    await until("a removal refused by the proxy", () =>
      proxy.exchanges.some((one) => !one.forwarded && one.request.includes("access_codes/delete")) ? true : undefined,
    );
    assert.ok(
      codesAtSeam().some((code) => code.code === tour.access.code),
      "still on the door while Seam is down",
    );
    assert.equal((await tourOf(tour.id)).access.lockSync?.status, "pending");
    proxy.failWith(null);
    await until("the code removed at Seam", () => (codesAtSeam().some((code) => code.code === tour.access.code) ? undefined : true));
    await until("access.lockSync removed", async () => ((await tourOf(tour.id)).access.lockSync?.status === "removed" ? true : undefined));
    const after = await read(`/v1/units/list_schedule?unitIdOrKey=${fixture.codesUnit.id}&limit=100`);
    assert.equal((after.json.items as { tourId: string | null }[]).filter((item) => item.tourId === tour.id).length, 0, "off the schedule");
    const again = await write("/v1/tours/cancel_tour", { tourId: tour.id });
    assert.equal(again.status, 200, "a cancelled tour is answered as it is");
  });

  it("a tour's items refuse the schedule writes: 409 naming the tour", async () => {
    const tour = await book(Date.now() + 5 * 86_400_000);
    for (const key of [`tour:${tour.id}`, tour.access.codeKey!, tour.messageKeys[0]!]) {
      const update = await write("/v1/units/update_schedule_item", { unitIdOrKey: fixture.codesUnit.id, key, title: "Mine now" });
      assert.equal(update.status, 409, update.text);
      assert.match(update.json.detail, new RegExp(tour.id));
      const remove = await write("/v1/units/delete_schedule_item", { unitIdOrKey: fixture.codesUnit.id, key });
      assert.equal(remove.status, 409, remove.text);
    }
  });

  it("12 concurrent reschedules naming one version: one applies, eleven are version_conflict", async () => {
    const start = Date.now() + 7 * 86_400_000;
    const booked = await write("/v1/tours/book_tour", {
      unitIdOrKey: fixture.codesUnit.id,
      startAt: at(start),
      endAt: at(start + 30 * MINUTE),
      prospect: { name: "Grace" },
    });
    assert.equal(booked.status, 201, booked.text);
    const version = booked.json.unit.version as number;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        write("/v1/tours/reschedule_tour", {
          tourId: booked.json.tour.id,
          startAt: at(start + (i + 1) * 60 * MINUTE),
          endAt: at(start + (i + 1) * 60 * MINUTE + 30 * MINUTE),
          expectedVersion: version,
        }),
      ),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, ...Array<number>(11).fill(409)]);
    const won = answers.find((answer) => answer.status === 200)!;
    assert.equal((await tourOf(booked.json.tour.id)).startAt, won.json.tour.startAt);
  });

  it("verification required: the code is held until confirm_tour; an unconfirmed tour is cancelled (not_verified) when its access starts", async () => {
    const held = await book(Date.now() + 2 * 86_400_000, { verification: "required" });
    assert.equal(held.status, "awaiting_verification");
    assert.equal(held.access.lockSync?.status, "held");
    assert.equal(
      codesAtSeam().some((code) => code.code === held.access.code),
      false,
      "not on the door",
    );
    const confirmed = await write("/v1/tours/confirm_tour", { tourId: held.id });
    assert.equal(confirmed.status, 200, confirmed.text);
    assert.equal(confirmed.json.tour.status, "confirmed");
    await until("the confirmed code at Seam", () => (codesAtSeam().some((code) => code.code === held.access.code) ? true : undefined));

    const soon = await book(Date.now() + 4_000, { verification: "required", access: { beforeMinutes: 0 } });
    const cancelled = await until(
      "cancelled when its access starts",
      async () => {
        const now = await tourOf(soon.id);
        return now.status === "cancelled" ? now : undefined;
      },
      15_000,
    );
    assert.equal(cancelled.cancelReason, "not_verified");
    assert.equal(cancelled.access.lockSync?.status, "removed", "a held code is removed at once");
    await until("tour.cancelled", async () =>
      (await allEvents(server.url, fixture.keys.admin)).some((event) => event.type === "tour.cancelled" && event.data.tour.id === soon.id)
        ? true
        : undefined,
    );
  });

  it("check_in; a no-show when its access ends; Seam's lock.unlocked with the tour's code checks a no-show in late (completed)", async () => {
    const now = Date.now();
    const here = await book(now + 5 * MINUTE); // access from 10 minutes ago
    const checkedIn = await write("/v1/tours/check_in", { tourId: here.id });
    assert.equal(checkedIn.status, 200, checkedIn.text);
    assert.equal(checkedIn.json.tour.status, "checked_in");
    const ahead = await write("/v1/tours/check_in", { tourId: here.id, at: at(Date.now() + 60_000) });
    assert.equal(ahead.status, 400, "not ahead of now");

    // Access from 15 minutes ago to 3 s from now: nobody comes, so it becomes a no-show.
    const end = Date.now() + 3_000;
    const absent = await write("/v1/tours/book_tour", {
      unitIdOrKey: fixture.codesUnit.id,
      startAt: at(end - 10 * MINUTE),
      endAt: at(end),
      prospect: { name: "Late Larry" },
      access: { beforeMinutes: 5, afterMinutes: 0 },
    });
    assert.equal(absent.status, 201, absent.text);
    const tourId = absent.json.tour.id as string;
    await until("the code set at Seam", async () => ((await tourOf(tourId)).access.lockSync?.status === "set" ? true : undefined));
    const atSeam = codesAtSeam().find((code) => code.code === absent.json.tour.access.code);
    assert.ok(atSeam);
    await until("no_show", async () => ((await tourOf(tourId)).status === "no_show" ? true : undefined), 10_000);
    await until("tour.no_show", async () =>
      (await allEvents(server.url, fixture.keys.admin)).some((event) => event.type === "tour.no_show" && event.data.tour.id === tourId)
        ? true
        : undefined,
    );
    // The door's word arrives late: the prospect did open it within the window.
    assert.equal(await unlocked(atSeam.access_code_id, at(end - 60_000)), 204);
    const completed = await until("completed", async () => {
      const tour = await tourOf(tourId);
      return tour.status === "completed" ? tour : undefined;
    });
    assert.equal(completed.checkedInAt, at(end - 60_000));
    await until("tour.checked_in and tour.completed", async () => {
      const types = (await allEvents(server.url, fixture.keys.admin))
        .filter((event) => event.data.tour?.id === tourId)
        .map((event) => event.type);
      return types.includes("tour.checked_in") && types.includes("tour.completed") ? true : undefined;
    });
  });

  it("another org's key sees and changes none of it: every tour endpoint answers 404 alike", async () => {
    const tour = await book(Date.now() + 6 * 86_400_000);
    const other = fixture.keys.orgB;
    assert.equal((await call(server.url, `/v1/tours/get_tour?tourId=${tour.id}`, { key: other })).status, 404);
    const listed = await call(server.url, `/v1/tours/list_tours?from=2000-01-01T00:00:00Z`, { key: other });
    assert.equal(listed.status, 200);
    assert.equal(
      (listed.json.tours as Tour[]).some((t) => t.id === tour.id),
      false,
    );
    assert.equal((await call(server.url, `/v1/tours/list_tours?unitIdOrKey=${fixture.codesUnit.id}`, { key: other })).status, 404);
    for (const [path, body] of [
      ["/v1/tours/confirm_tour", { tourId: tour.id }],
      ["/v1/tours/reschedule_tour", { tourId: tour.id, startAt: tour.startAt, endAt: tour.endAt }],
      ["/v1/tours/cancel_tour", { tourId: tour.id }],
      ["/v1/tours/check_in", { tourId: tour.id }],
      ["/v1/tours/book_tour", { unitIdOrKey: fixture.codesUnit.id, startAt: tour.startAt, endAt: tour.endAt, prospect: { name: "X" } }],
    ] as const) {
      const answer = await postJson(server.url, path, other, body);
      assert.equal(answer.status, 404, `${path}: ${answer.text}`);
    }
    assert.equal((await tourOf(tour.id)).status, "confirmed", "unchanged");
  });

  it("the prospect's email and phone reach no log line", () => {
    const all = logs.join("");
    assert.ok(all.length > 0, "the server logged");
    assert.equal(all.includes(EMAIL), false);
    assert.equal(all.includes(PHONE), false);
  });
});
