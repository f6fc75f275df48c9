// The embedding story of the README, as code that must keep compiling and working: a service
// that uses the domain package alone, and one that runs the whole product on its own ports.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { systemClock } from "@lintel/core";
import { createLockStateReader, MailFailure, routeLockProviders, type MessageMailer } from "@lintel/core/adapters";
import { createSmtpMailer } from "@lintel/mail-smtp";
import { createSeamLockProvider } from "@lintel/provider-seam";
import { freePorts } from "@lintel/testkit/processes";
import { startFakeSeam } from "@lintel/testkit/seam";
import { canonicalTimeZone, planTimezoneChange } from "@lintel/domain";
import { createSimulatedLockProvider } from "@lintel/store-memory";
import { lintelWithOneLock } from "./embedding.test-support.js";

describe("embedding", () => {
  it("the domain package alone previews a time-zone change", () => {
    const zone = canonicalTimeZone("asia/calcutta");
    assert.equal(zone, "Asia/Kolkata");
    const { preview, rewrites } = planTimezoneChange({
      unit: { id: "u1", address: "1 Main St", timeZone: "America/Chicago", version: 3 },
      items: [
        {
          kind: "tour",
          id: "t1",
          unitId: "u1",
          title: "Tour",
          startAt: "2027-03-14T15:00:00.000Z",
          endAt: "2027-03-14T16:00:00.000Z",
          lockId: null,
        },
      ],
      lockUnits: new Map(),
      proposedTimeZone: zone!,
      nowMs: Date.parse("2026-12-01T00:00:00.000Z"),
    });
    assert.equal(preview.status, "ok");
    assert.equal(preview.items[0]?.wallClockStart, "2027-03-14T10:00:00+05:30");
    assert.deepEqual(rewrites, [{ kind: "tour", id: "t1", startAt: "2027-03-14T04:30:00.000Z", endAt: "2027-03-14T05:30:00.000Z" }]);
  });

  it("core + the memory store run the whole product without HTTP", async () => {
    const { lintel, key } = await lintelWithOneLock();
    const admitted = await lintel.admit({ apiKey: key, clientAddress: "127.0.0.1", scope: "locks:read" });
    assert.ok(admitted.ok);
    const page = await lintel.listLocks(admitted.admission.caller, { limit: 20, cursor: undefined });
    assert.ok(page.ok);
    assert.deepEqual(
      page.value.locks.map((lock) => lock.lockId),
      ["lk_1"],
    );
    assert.equal(page.value.nextCursor, null);
  });

  it("live lock state from real vendors through Seam (here Seam's fake), simulated locks from the simulator", async () => {
    const fake = await startFakeSeam();
    try {
      const deviceId = fake.addLock("Front door", { locked: true, door_open: false, online: true, battery_level: 0.8 });
      const clock = systemClock;
      const provider = routeLockProviders(
        { simulated: createSimulatedLockProvider() },
        createSeamLockProvider({ apiKey: fake.apiKey, endpoint: fake.endpoint, timeoutMs: 3000, clock }),
      );
      const lockStates = createLockStateReader(provider, clock, { ttlMs: 2000, timeoutMs: 3000 });
      const lock = {
        lockId: "lk_1",
        orgId: "org_1",
        name: "Front door",
        provider: "august",
        providerDeviceId: deviceId,
        model: null,
        timeZone: null,
        unitIds: [],
        status: "active" as const,
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
      };
      const state = await lockStates.read(lock);
      assert.deepEqual([state.lockState, state.doorState, state.online, state.batteryLevel], ["locked", "closed", true, 0.8]);
    } finally {
      await fake.close();
    }
  });

  it("mail through SMTP: the SMTP mailer is core's MessageMailer, its failures core's MailFailure; a bad SMTP_URL stops the start without its password", async () => {
    // Nothing listens on the port: the send fails as a connection failure, to be retried.
    const [port] = await freePorts(1);
    const mailer: MessageMailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: "Lintel <noreply@example.com>",
      timeoutMs: 2000,
    });
    const mail = { messageId: "<msg_1@lintel.test>", to: "ann@example.com", subject: "Your tour", text: "See you at 16:00." };
    await assert.rejects(
      mailer.send(mail, new AbortController().signal),
      (error) => error instanceof MailFailure && error.kind === "retry",
    );
    assert.throws(
      () => createSmtpMailer({ url: "smtp://mailer:hunter2@", from: "noreply@example.com" }),
      (error: Error) => /^The SMTP url must be/.test(error.message) && !error.message.includes("hunter2"),
    );
  });
});
