// The Seam adapter against Seam's own fake, over loopback HTTP: the LockProvider contract,
// and SPEC 5.7's mapping of a device to a LockState.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { aLock, describeLockProviderContract } from "@lintel/testkit";
import { systemClock } from "@lintel/core";
import type { Lock } from "@lintel/domain";
import { createSeamLockProvider } from "./seam-lock-provider.js";
import { startFakeSeam, type FakeSeam } from "@lintel/testkit/seam";

const clock = systemClock;

const providerFor = (fake: FakeSeam) => createSeamLockProvider({ apiKey: fake.apiKey, endpoint: fake.endpoint, timeoutMs: 3000, clock });

describeLockProviderContract("seam (Seam's fake)", async () => {
  const fake = await startFakeSeam();
  const deviceId = fake.addLock("Front door", { locked: true, door_open: false, online: true, battery_level: 0.8 });
  return {
    provider: providerFor(fake),
    knownLock: aLock("org_1", { provider: "august", providerDeviceId: deviceId }),
    unknownLock: aLock("org_1", { provider: "yale", providerDeviceId: "device_unknown_to_seam" }),
    close: () => fake.close(),
  };
});

describe("seam adapter: a Seam device as a LockState (SPEC 5.7)", () => {
  let fake: FakeSeam;
  before(async () => {
    fake = await startFakeSeam();
  });
  after(() => fake.close());

  const read = (lock: Lock) => providerFor(fake).readState(lock, new AbortController().signal);
  const lockOn = (deviceId: string) => aLock("org_1", { provider: "schlage", providerDeviceId: deviceId });

  it("locked, door closed, online, battery: mapped one to one; fetchedAt is when Seam answered", async () => {
    const lock = lockOn(fake.addLock("a", { locked: true, door_open: false, online: true, battery_level: 0.42 }));
    const before = Date.now();
    const state = await read(lock);
    assert.deepEqual(
      { ...state, fetchedAt: "" },
      {
        lockId: lock.lockId,
        provider: "schlage",
        lockState: "locked",
        doorState: "closed",
        online: true,
        batteryLevel: 0.42,
        lastSeenAt: null,
        fetchedAt: "",
        codeRules: { lengths: [], constraints: [] },
      },
    );
    assert.ok(Date.parse(state.fetchedAt) >= before && Date.parse(state.fetchedAt) <= Date.now());
  });

  it("the device's code rules: its supported lengths within 4–8 and the PIN constraints a draw honours", async () => {
    const deviceId = fake.addLock("rules", {
      locked: true,
      online: true,
      supported_code_lengths: [4, 10],
      code_constraints: [
        { constraint_type: "no_zeros" },
        { constraint_type: "at_least_three_unique_digits" },
        { constraint_type: "start_date_in_future" },
        { constraint_type: "name_length", max_length: 14 },
      ],
    });
    const state = await read(lockOn(deviceId));
    assert.deepEqual(state.codeRules, { lengths: [4], constraints: ["no_zeros", "at_least_three_unique_digits"] });
  });

  it("the device's codes: Seam's managed and unmanaged lists, each code once, the device's only, ends as listed; a state read lists none", async () => {
    const deviceId = fake.addLock("codes", { locked: true, online: true });
    const unmanaged = fake.addAccessCode(deviceId, { name: "Maintenance", code: "4821", managed: false });
    const ends = "2031-01-01T00:00:00.000Z";
    const managed = fake.addAccessCode(deviceId, { name: "Cleaner", code: "7315", managed: true, ends_at: ends });
    fake.addAccessCode(fake.addLock("other", { online: true }), { name: "Elsewhere", code: "9999", managed: false });
    const lock = lockOn(deviceId);
    const codes = await providerFor(fake).readCodes!(lock, new AbortController().signal);
    assert.deepEqual(
      [...codes].sort((a, b) => a.pin.localeCompare(b.pin)),
      [
        { providerCodeId: unmanaged, pin: "4821", endsAt: null },
        { providerCodeId: managed, pin: "7315", endsAt: new Date(ends).toISOString() },
      ],
    );
    assert.equal((await read(lock)).outsideTags, undefined);
  });

  it("unlocked and door open", async () => {
    const state = await read(lockOn(fake.addLock("b", { locked: false, door_open: true, online: true })));
    assert.equal(state.lockState, "unlocked");
    assert.equal(state.doorState, "open");
  });

  it("absent locked and door_open → unknown", async () => {
    const state = await read(lockOn(fake.addLock("c", { online: true })));
    assert.equal(state.lockState, "unknown");
    assert.equal(state.doorState, "unknown");
  });

  it("an offline device is a state (online: false), lastSeenAt from Seam's device_offline error", async () => {
    const offlineSince = "2026-11-20T08:30:00.000Z";
    const deviceId = fake.addLock(
      "d",
      { locked: true, online: false },
      {
        errors: [{ error_code: "device_offline", is_device_error: true, message: "Device is offline", created_at: offlineSince }],
        warnings: [],
      },
    );
    const state = await read(lockOn(deviceId));
    assert.equal(state.online, false);
    assert.equal(state.lastSeenAt, offlineSince);
    assert.equal(state.lockState, "locked");
  });

  it("a change made at the vendor shows on the next read", async () => {
    const deviceId = fake.addLock("e", { locked: true, online: true });
    assert.equal((await read(lockOn(deviceId))).lockState, "locked");
    fake.updateLock(deviceId, { locked: false });
    assert.equal((await read(lockOn(deviceId))).lockState, "unlocked");
  });

  it("a battery level outside 0..1 is not passed on (null)", async () => {
    const state = await read(lockOn(fake.addLock("f", { online: true, battery_level: 7 })));
    assert.equal(state.batteryLevel, null);
    const nested = await read(lockOn(fake.addLock("g", { online: true, battery: { level: 7, status: "full" } })));
    assert.equal(nested.batteryLevel, null);
  });

  it("seam battery: the fake's own August device, reported under battery.level only, reads its level", async () => {
    const state = await read(aLock("org_1", { provider: "august", providerDeviceId: fake.seededAugustDeviceId }));
    assert.equal(state.batteryLevel, 1);
    assert.equal(state.lockState, "locked");
  });

  it("seam battery: battery.level when battery_level is absent, battery_level when both are there, null when neither", async () => {
    const nestedOnly = fake.addLock("h", { online: true, battery: { level: 0.35, status: "low" } });
    assert.equal((await read(lockOn(nestedOnly))).batteryLevel, 0.35);
    const both = fake.addLock("i", { online: true, battery_level: 0.6, battery: { level: 0.35, status: "low" } });
    assert.equal((await read(lockOn(both))).batteryLevel, 0.6);
    fake.updateLock(nestedOnly, { battery: undefined });
    assert.equal((await read(lockOn(nestedOnly))).batteryLevel, null);
  });
});

describe("Seam lock provider: a device's codes over more than one page", () => {
  it("follows next_page_cursor on both lists until has_next_page is false", async () => {
    const { createServer } = await import("node:http");
    const asked: { path: string; cursor: string | null }[] = [];
    const pages: Record<string, { codes: string[]; next: string | null }[]> = {
      "/access_codes/list": [
        { codes: ["1111", "2222"], next: "c2" },
        { codes: ["3333"], next: null },
      ],
      "/access_codes/unmanaged/list": [{ codes: ["4444"], next: null }],
    };
    const server = createServer((req, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        const body = JSON.parse(text || "{}") as { page_cursor?: string };
        const path = req.url ?? "";
        const cursor = body.page_cursor ?? null;
        asked.push({ path, cursor });
        const list = pages[path] ?? [];
        const page = list[cursor === null ? 0 : Number(cursor.slice(1)) - 1] ?? { codes: [], next: null };
        const access_codes = page.codes.map((code) => ({ access_code_id: `ac_${code}`, device_id: "dev_paged", code, ends_at: null }));
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ ok: true, access_codes, pagination: { has_next_page: page.next !== null, next_page_cursor: page.next } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as { port: number };
      const provider = createSeamLockProvider({ apiKey: "seam_test_key", endpoint: `http://127.0.0.1:${port}`, timeoutMs: 3000, clock });
      const lock: Lock = aLock("org_paged", { provider: "seam", providerDeviceId: "dev_paged" });
      const codes = await provider.readCodes!(lock, new AbortController().signal);
      assert.deepEqual(codes.map((code) => code.pin).sort(), ["1111", "2222", "3333", "4444"]);
      assert.deepEqual(
        asked.filter((one) => one.path === "/access_codes/list").map((one) => one.cursor),
        [null, "c2"],
      );
    } finally {
      server.close();
    }
  });
});
