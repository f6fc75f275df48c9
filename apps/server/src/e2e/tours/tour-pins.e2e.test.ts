// A tour's PIN end to end (docs/contract.md "Tours"): a Seam device that takes 4-digit codes
// with no zeros and at least three different digits has its rules learned when the server
// starts (the fixture's locks are read in the background, before any request), and a booked
// tour's PIN honours them, served and at Seam's fake once programmed; locks of two orgs that
// name the same Seam device never share a PIN, nor a PIN of a code others put on the device
// (learned at start, a clash forced with a draw that always answers 0). Runs on the memory store
// and, with STORE=redis, on Redis. (More clashes forced with a fixed draw: store-memory's tour-pins.test.ts.)
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import { startFakeSeam, startSeamProxy, type FakeSeam, type SeamProxy } from "@lintel/testkit/seam";
import { call, postJson } from "../e2e.test-support.js";
import { codesFixture, startCodesServer, until, type CodesFixture } from "../lock-codes/lock-codes.test-support.js";
import type { RunningServer } from "../../server.js";

const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();
/** The device's rules in both suites: 4 digits, no zero, at least three different ones (Seam also lists a name rule). */
const FOUR_DIGITS = {
  locked: true,
  online: true,
  supported_code_lengths: [4],
  code_constraints: [
    { constraint_type: "no_zeros" },
    { constraint_type: "at_least_three_unique_digits" },
    { constraint_type: "name_length", max_length: 40 },
  ],
};

/** Waits until `proxy` forwarded `request` (`"METHOD /path"`) at least `count` times. */
const forwarded = (proxy: SeamProxy, request: string, count: number) =>
  until(`${request} forwarded ${count} times`, () =>
    proxy.exchanges.filter((e) => e.request === request && e.forwarded).length >= count ? true : undefined,
  );

/** The PIN rules of the device, checked here on their own: 4 digits, no zero, at least three different ones. */
function fitsDevice(pin: string | null): boolean {
  return pin !== null && /^[1-9]{4}$/.test(pin) && new Set(pin).size >= 3;
}

describe("e2e: a tour's PIN under its Seam device's code rules, unique on the device across orgs", () => {
  let fake: FakeSeam;
  let proxy: SeamProxy;
  let server: RunningServer;
  let fixture: CodesFixture;
  let deviceId: string;
  let lockB: string;

  /** Books a 30-minute tour `days` ahead as `key` at `unitIdOrKey` (on `lockId` when given); answers its PIN. */
  async function bookPin(key: string, unitIdOrKey: string, days: number, lockId?: string): Promise<string | null> {
    const startMs = Date.now() + days * DAY;
    const answer = await postJson(server.url, "/v1/tours/book_tour", key, {
      unitIdOrKey,
      startAt: at(startMs),
      endAt: at(startMs + 1_800_000),
      prospect: { name: "Ada" },
      ...(lockId === undefined ? {} : { lockId }),
    });
    assert.equal(answer.status, 201, answer.text);
    return answer.json.tour.access.code as string | null;
  }

  before(async () => {
    fake = await startFakeSeam();
    proxy = await startSeamProxy(fake.endpoint);
    fixture = codesFixture(fake, ["door"], FOUR_DIGITS);
    deviceId = fixture.devices["door"]!;
    // Org B's own lock on the same Seam device, serving org B's unit.
    const doorA = fixture.json.locks.find((lock) => lock.lockId === fixture.lockIds["door"])!;
    const foreignUnit = fixture.json.units.find((unit) => unit.orgId === fixture.orgB)!;
    lockB = `${fixture.p}_seam_b_door`;
    const json = {
      ...fixture.json,
      locks: [...fixture.json.locks, { ...doorA, lockId: lockB, orgId: fixture.orgB, unitIds: [foreignUnit.id] }],
    };
    server = await startCodesServer(fixture.p, json, { SEAM_API_KEY: fake.apiKey, SEAM_ENDPOINT: proxy.endpoint });
  });

  after(async () => {
    await server?.close();
    await proxy?.close();
    await fake?.close();
  });

  it("the rules are learned at start, outside any request: a booked PIN has 4 digits and honours them, served and at Seam", async () => {
    // The server read both locks' device in the background when it loaded the fixture (the only
    // Seam-backed locks behind this test's proxy; the client sends the device id in the query).
    await forwarded(proxy, "GET /devices/get", 2);
    await sleep(300); // the answers' observations (with the rules) are stored right after they arrive
    const pin = await bookPin(fixture.keys.admin, fixture.codesUnit.id, 2);
    assert.ok(fitsDevice(pin), `${pin} does not fit the device`);
    const atSeam = await until("the code at Seam", () => fake.accessCodesOn(deviceId).find((code) => code.code === pin));
    assert.equal(atSeam.type, "time_bound");
  });

  it("two orgs' locks naming one Seam device: every PIN ahead on the device differs, whichever org booked it", async () => {
    const pins = [await bookPin(fixture.keys.admin, fixture.codesUnit.id, 2)];
    for (let day = 3; day < 9; day++) {
      pins.push(await bookPin(fixture.keys.orgB, fixture.json.units.find((unit) => unit.orgId === fixture.orgB)!.id, day, lockB));
      pins.push(await bookPin(fixture.keys.admin, fixture.codesUnit.id, day));
    }
    for (const pin of pins) assert.ok(fitsDevice(pin), `${pin} does not fit the device`);
    const all = await until("every code at Seam", () => {
      const codes = fake.accessCodesOn(deviceId);
      return codes.length === pins.length + 1 ? codes.map((code) => code.code) : undefined;
    });
    assert.equal(new Set(all).size, all.length, `a PIN twice on the device: ${all.join(", ")}`);
  });
});

describe("e2e: a code others put on the Seam device is never a tour's PIN, and its PIN reaches no log, event or answer", () => {
  let fake: FakeSeam;
  let proxy: SeamProxy;
  let server: RunningServer;
  let fixture: CodesFixture;
  let deviceId: string;
  let logs = "";
  /** Drawn with a source that always answers 0, the device's rules give 1123, 1124, 1125, … in turn: others hold the first two. */
  const OUTSIDE = ["1123", "1124"];
  /** True when `text` holds `pin` as a word of its own (4 digits also hide inside timestamps, ports and ids). */
  const holds = (text: string, pin: string) => new RegExp(`(?<![0-9A-Za-z])${pin}(?![0-9A-Za-z])`).test(text);

  before(async () => {
    fake = await startFakeSeam();
    proxy = await startSeamProxy(fake.endpoint);
    fixture = codesFixture(fake, ["door"], FOUR_DIGITS);
    deviceId = fixture.devices["door"]!;
    fake.addAccessCode(deviceId, { name: "Maintenance", code: OUTSIDE[0]!, managed: false }); // set in the lock's app
    fake.addAccessCode(deviceId, { name: "Cleaner", code: OUTSIDE[1]!, managed: true, ends_at: at(Date.now() + 60 * DAY) }); // another Seam client's
    server = await startCodesServer(
      fixture.p,
      fixture.json,
      { SEAM_API_KEY: fake.apiKey, SEAM_ENDPOINT: proxy.endpoint },
      { write: (line) => (logs += line) },
      () => 0,
    );
  });

  after(async () => {
    await server?.close();
    await proxy?.close();
    await fake?.close();
  });

  it("learned at start with the rules: ten bookings draw the outside PINs first and get others, each set at Seam (which refuses a PIN twice)", async () => {
    await forwarded(proxy, "POST /access_codes/unmanaged/list", 1); // the device's codes listed at start
    await sleep(300); // the answer's observation (with the outside tags) is stored right after it arrives
    const pins: (string | null)[] = [];
    for (let day = 2; day < 12; day++) {
      const startMs = Date.now() + day * DAY;
      const answer = await postJson(server.url, "/v1/tours/book_tour", fixture.keys.admin, {
        unitIdOrKey: fixture.codesUnit.id,
        startAt: at(startMs),
        endAt: at(startMs + 1_800_000),
        prospect: { name: "Ada" },
      });
      assert.equal(answer.status, 201, answer.text);
      for (const pin of OUTSIDE) assert.ok(!holds(answer.text, pin), `the outside PIN ${pin} is in a booking's answer`);
      pins.push(answer.json.tour.access.code as string | null);
    }
    // Every booking's first draw is 1123, its second 1124 (on a shared Redis, earlier runs' orgs naming the same fake device id hold later ones).
    for (const pin of pins) assert.ok(fitsDevice(pin) && !OUTSIDE.includes(pin!), `${pin}`);
    const all = await until("every code set at Seam", () => {
      const codes = fake.accessCodesOn(deviceId);
      return codes.length === pins.length + OUTSIDE.length ? codes.map((code) => code.code) : undefined;
    });
    assert.equal(new Set(all).size, all.length, `a PIN twice on the device: ${all.join(", ")}`);
    const state = await call(server.url, `/v1/locks/${fixture.lockIds["door"]}/state`, { key: fixture.keys.admin });
    const events = await call(server.url, "/v1/events", { key: fixture.keys.admin });
    assert.equal(events.status, 200, events.text);
    for (const pin of OUTSIDE) {
      assert.ok(!holds(state.text, pin), `the outside PIN ${pin} is in the lock's state`);
      assert.ok(!holds(events.text, pin), `the outside PIN ${pin} is in an event`);
      assert.ok(!holds(logs, pin), `the outside PIN ${pin} is in the log`);
    }
  });
});
