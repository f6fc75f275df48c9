// The Seam code programmer against Seam's own fake over loopback HTTP: what the fake holds after
// each call, and each failure's reason and wording (a proxy in front of the fake makes the
// outages, rate limits and silences the fake cannot). The PIN and the key never appear in an error.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ProviderUnavailableError } from "@lintel/core";
import type { LockCodeProgrammer, PlacedCode, ProgrammedCode, ProviderFailureReason } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
import { aLock } from "@lintel/testkit";
import { startFakeSeam, startSeamProxy, type FakeSeam, type SeamProxy } from "@lintel/testkit/seam";
import { createSeamLockCodeProgrammer } from "./seam-lock-code-programmer.js";

const signal = () => new AbortController().signal;

/** A code with a PIN no other test uses (the fake refuses a PIN twice on one device). */
let pins = 0;
function aCode(over: Partial<ProgrammedCode> = {}): ProgrammedCode {
  pins += 1;
  return {
    name: `Tour ${pins}`,
    code: String(482_900 + pins),
    startAt: "2026-12-01T15:00:00.000Z",
    endAt: "2026-12-01T16:30:00.000Z",
    ...over,
  };
}

/** Rejects with a ProviderUnavailableError of `reason` whose message matches `detail` and holds none of `secrets`. */
function rejectsWith(call: Promise<unknown>, reason: ProviderFailureReason, detail: RegExp, secrets: readonly string[]) {
  return assert.rejects(call, (error: unknown) => {
    assert.ok(error instanceof ProviderUnavailableError, String(error));
    assert.equal(error.reason, reason);
    assert.equal(error.provider, "august");
    assert.match(error.message, /^Lock provider "august" \(through Seam\) /);
    assert.match(error.message, detail);
    assert.equal(error.cause, undefined); // the client's error holds the Authorization header and the body
    const seen = JSON.stringify({ message: error.message, stack: error.stack, failure: error.failure });
    for (const secret of secrets) assert.ok(!seen.includes(secret), `"${secret}" leaked into the error`);
    return true;
  });
}

describe("seam code programmer: codes on Seam's fake", () => {
  let fake: FakeSeam;
  let programmer: LockCodeProgrammer;
  before(async () => {
    fake = await startFakeSeam();
    programmer = createSeamLockCodeProgrammer({ apiKey: fake.apiKey, endpoint: fake.endpoint });
  });
  after(() => fake.close());

  const lockOn = (deviceId: string): Lock => aLock("org_1", { provider: "august", providerDeviceId: deviceId });
  const placedOn = (lock: Lock, providerCodeId: string): PlacedCode => ({
    lockId: lock.lockId,
    provider: lock.provider,
    providerDeviceId: lock.providerDeviceId,
    providerCodeId,
  });

  it("create: the fake holds the code on the lock's device with its name, PIN, starts_at and ends_at", async () => {
    const lock = lockOn(fake.addLock("Front door", { online: true }));
    const code = aCode({ name: "Tour of 12 Elm St" });
    const id = await programmer.create(lock, code, signal());
    assert.deepEqual(fake.accessCodesOn(lock.providerDeviceId), [
      {
        access_code_id: id,
        device_id: lock.providerDeviceId,
        name: "Tour of 12 Elm St",
        code: code.code,
        type: "time_bound",
        starts_at: code.startAt,
        ends_at: code.endAt,
      },
    ]);
  });

  it("update: the fake holds the new name, PIN and times under the same id", async () => {
    const lock = lockOn(fake.addLock("Back door", { online: true }));
    const id = await programmer.create(lock, aCode(), signal());
    const changed = aCode({ name: "Tour moved", startAt: "2026-12-02T09:00:00.000Z", endAt: "2026-12-02T10:00:00.000Z" });
    await programmer.update(placedOn(lock, id), changed, signal());
    assert.deepEqual(fake.accessCodesOn(lock.providerDeviceId), [
      {
        access_code_id: id,
        device_id: lock.providerDeviceId,
        name: "Tour moved",
        code: changed.code,
        type: "time_bound",
        starts_at: "2026-12-02T09:00:00.000Z",
        ends_at: "2026-12-02T10:00:00.000Z",
      },
    ]);
  });

  it("remove: the code is gone from the fake, the lock's other codes stay", async () => {
    const lock = lockOn(fake.addLock("Side door", { online: true }));
    const kept = await programmer.create(lock, aCode(), signal());
    const removed = await programmer.create(lock, aCode(), signal());
    await programmer.remove(placedOn(lock, removed), signal());
    assert.deepEqual(
      fake.accessCodesOn(lock.providerDeviceId).map((accessCode) => accessCode.access_code_id),
      [kept],
    );
  });

  it("remove of a code already gone (removed twice, or never there) succeeds", async () => {
    const lock = lockOn(fake.addLock("Garage", { online: true }));
    const id = await programmer.create(lock, aCode(), signal());
    await programmer.remove(placedOn(lock, id), signal());
    await programmer.remove(placedOn(lock, id), signal());
    await programmer.remove(placedOn(lock, "access_code_never_made"), signal());
    assert.deepEqual(fake.accessCodesOn(lock.providerDeviceId), []);
  });

  it("update of a code Seam no longer has → device_unknown, naming the code and the device", async () => {
    const lock = lockOn(fake.addLock("Porch", { online: true }));
    const code = aCode();
    await rejectsWith(
      programmer.update(placedOn(lock, "access_code_gone_7"), code, signal()),
      "device_unknown",
      new RegExp(`does not know access code "access_code_gone_7" on device "${lock.providerDeviceId}"`),
      [code.code, fake.apiKey],
    );
  });

  it("create on a device Seam does not know → device_unknown, worded as the state reader words it", async () => {
    const code = aCode();
    await rejectsWith(
      programmer.create(lockOn("dev_gone_42"), code, signal()),
      "device_unknown",
      /does not know device "dev_gone_42" \(Seam request \w+\)\.$/,
      [code.code, fake.apiKey],
    );
  });

  it("a PIN the lock already has: Seam's 409 (whose own message names the PIN) → failed, without the PIN", async () => {
    const lock = lockOn(fake.addLock("Cellar", { online: true }));
    const code = aCode();
    await programmer.create(lock, code, signal());
    await rejectsWith(
      programmer.create(lock, { ...code, name: "Again" }, signal()),
      "failed",
      /Seam answered HTTP 409 duplicate_access_code/,
      [code.code, fake.apiKey],
    );
  });

  it("a create whose answer was lost, made again: the code Seam holds (same PIN, name and instants) is adopted, not duplicated", async () => {
    const lock = lockOn(fake.addLock("Porch", { online: true }));
    const code = aCode();
    const other = aCode(); // another code of the lock: never taken for this one
    await programmer.create(lock, other, signal());
    const first = await programmer.create(lock, code, signal());
    const again = await programmer.create(lock, code, signal());
    assert.equal(again, first);
    assert.deepEqual(
      fake
        .accessCodesOn(lock.providerDeviceId)
        .map((held) => held.code)
        .sort(),
      [code.code, other.code].sort(),
      "still one code per PIN",
    );
  });

  it("wrong credentials → credentials_refused, for create, update and remove", async () => {
    const wrongKey = "seam_wrongkey_Zx81Qd2";
    const refused = createSeamLockCodeProgrammer({ apiKey: wrongKey, endpoint: fake.endpoint });
    const lock = lockOn(fake.addLock("Shed", { online: true }));
    const id = await programmer.create(lock, aCode(), signal());
    const code = aCode();
    const secrets = [wrongKey, code.code];
    await rejectsWith(refused.create(lock, code, signal()), "credentials_refused", /refused the credentials/, secrets);
    await rejectsWith(refused.update(placedOn(lock, id), code, signal()), "credentials_refused", /refused the credentials/, secrets);
    await rejectsWith(refused.remove(placedOn(lock, id), signal()), "credentials_refused", /refused the credentials/, secrets);
    assert.equal(fake.accessCodesOn(lock.providerDeviceId).length, 1);
  });
});

describe("seam code programmer: Seam unreachable, rate-limiting or silent (a proxy in front of the fake)", () => {
  let fake: FakeSeam;
  let proxy: SeamProxy;
  before(async () => {
    fake = await startFakeSeam();
    proxy = await startSeamProxy(fake.endpoint);
  });
  after(async () => {
    await proxy.close();
    await fake.close();
  });

  const lockOn = (deviceId: string): Lock => aLock("org_1", { provider: "august", providerDeviceId: deviceId });
  const through = (timeoutMs?: number) => createSeamLockCodeProgrammer({ apiKey: fake.apiKey, endpoint: proxy.endpoint, timeoutMs });

  it("503 on /access_codes/* → failed with Seam's status, one request (no retry); forwarding again → the code is placed", async () => {
    const lock = lockOn(fake.addLock("Loft", { online: true }));
    const code = aCode();
    const before = proxy.requests.length;
    proxy.failWith({ status: 503, pathPrefix: "/access_codes/" });
    try {
      await rejectsWith(through().create(lock, code, signal()), "failed", /Seam answered HTTP 503/, [code.code, fake.apiKey]);
      await rejectsWith(through().update({ ...lock, providerCodeId: "access_code1" }, code, signal()), "failed", /HTTP 503/, [code.code]);
      await rejectsWith(through().remove({ ...lock, providerCodeId: "access_code1" }, signal()), "failed", /HTTP 503/, [code.code]);
      assert.deepEqual(proxy.requests.slice(before), [
        "POST /access_codes/create",
        "POST /access_codes/update",
        "POST /access_codes/delete",
      ]);
    } finally {
      proxy.failWith(null);
    }
    const id = await through().create(lock, code, signal());
    assert.deepEqual(
      fake.accessCodesOn(lock.providerDeviceId).map((accessCode) => accessCode.access_code_id),
      [id],
    );
  });

  it("429 with Retry-After → rate_limited, Retry-After passed on", async () => {
    const lock = lockOn(fake.addLock("Annex", { online: true }));
    const code = aCode();
    proxy.failWith({ status: 429, retryAfter: "7" });
    try {
      await rejectsWith(through().create(lock, code, signal()), "rate_limited", /rate-limited .* retry after 7 s/, [
        code.code,
        fake.apiKey,
      ]);
      await assert.rejects(through().remove({ ...lock, providerCodeId: "access_code1" }, signal()), {
        reason: "rate_limited",
        retryAfterSeconds: 7,
      });
    } finally {
      proxy.failWith(null);
    }
  });

  it("a Seam slower than timeoutMs → timeout within timeoutMs, and the request is aborted before it reaches the fake", async () => {
    const lock = lockOn(fake.addLock("Attic", { online: true }));
    const code = aCode();
    proxy.stall(1000);
    try {
      const started = performance.now();
      await rejectsWith(through(200).create(lock, code, signal()), "timeout", /did not answer within 200 ms\.$/, [code.code, fake.apiKey]);
      const took = performance.now() - started;
      assert.ok(took >= 190 && took < 600, `rejected after ${Math.round(took)} ms`);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // past the stall: an unaborted request would be forwarded now
      assert.deepEqual(fake.accessCodesOn(lock.providerDeviceId), []);
    } finally {
      proxy.stall(null);
    }
  });

  it("the caller's signal aborting stops the request: rejects with the signal's reason, not a provider failure", async () => {
    const lock = lockOn(fake.addLock("Studio", { online: true }));
    proxy.stall(1000);
    try {
      const caller = new AbortController();
      const call = through(5000).create(lock, aCode(), caller.signal);
      setTimeout(() => caller.abort(new Error("worker shutting down")), 100);
      await assert.rejects(call, { message: "worker shutting down" });
      await assert.rejects(through().remove({ ...lock, providerCodeId: "access_code1" }, caller.signal), {
        message: "worker shutting down",
      });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.deepEqual(fake.accessCodesOn(lock.providerDeviceId), []);
    } finally {
      proxy.stall(null);
    }
  });
});
