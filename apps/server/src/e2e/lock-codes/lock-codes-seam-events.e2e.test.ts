// Seam's own word on a code through POST /webhooks/seam: access_code.failed_to_set_on_device and
// access_code.removed_from_device make a code Lintel put there `failed` with Seam's words (and
// access_code.sync_failed); access_code.set_on_device makes it `set` again (access_code.synced);
// while a change of the code is on its way Seam's word is about an older state and is ignored;
// an access code Lintel does not hold changes nothing. Seam's fake over HTTP programs the codes.
// Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { signWebhook } from "@lintel/domain/adapters";
import { startFakeSeam, startSeamProxy, type FakeSeam, type SeamProxy } from "@lintel/testkit/seam";
import { allEvents } from "../e2e.test-support.js";
import { codesFixture, entryOf, lockSyncIs, onlyCodeOn, post, startCodesServer, type CodesFixture } from "./lock-codes.test-support.js";
import type { RunningServer } from "../../server.js";

const SEAM_WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("e2e: Seam's access-code events", () => {
  let fake: FakeSeam;
  let proxy: SeamProxy;
  let server: RunningServer;
  let fixture: CodesFixture;

  /** POSTs a signed Seam event of `type` for the access code on the device; answers the status. */
  async function seamEvent(type: string, deviceId: string, accessCodeId: string, more: Record<string, unknown> = {}): Promise<number> {
    const id = `msg_${randomBytes(8).toString("hex")}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      event_id: id,
      event_type: type,
      device_id: deviceId,
      access_code_id: accessCodeId,
      workspace_id: "ws_1",
      ...more,
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

  /** A code created on the lock `lock`, once it is `set`: its key and Seam's access code id. */
  async function setCode(lock: string, pin: string) {
    const answer = await post(server.url, fixture, "/v1/units/create_schedule_item", {
      unitIdOrKey: fixture.codesUnit.id,
      kind: "code",
      lockId: fixture.lockIds[lock],
      title: `Guest ${pin}`,
      startAt: "2027-09-01T14:00:00.000Z",
      endAt: "2027-09-01T18:00:00.000Z",
      code: pin,
    });
    assert.equal(answer.status, 201, answer.text);
    const key = answer.json.item.key as string;
    await lockSyncIs(server.url, fixture, fixture.codesUnit.id, key, "set");
    return { key, accessCodeId: onlyCodeOn(fake, fixture.devices[lock]!).access_code_id };
  }

  before(async () => {
    fake = await startFakeSeam();
    proxy = await startSeamProxy(fake.endpoint);
    fixture = codesFixture(fake, ["refused", "removed", "pending"]);
    server = await startCodesServer(fixture.p, fixture.json, {
      SEAM_API_KEY: fake.apiKey,
      SEAM_ENDPOINT: proxy.endpoint,
      SEAM_WEBHOOK_SECRET,
      ACCESS_CODE_SYNC_RETRY_SCHEDULE: "60",
    });
  });
  after(async () => {
    await server?.close();
    await proxy?.close();
    await fake?.close();
  });

  it("failed_to_set_on_device makes a set code failed with Seam's words and access_code.sync_failed; set_on_device makes it set again", async () => {
    const { key, accessCodeId } = await setCode("refused", "62830175");
    const device = fixture.devices["refused"]!;
    const words = {
      code: "62830175",
      access_code_errors: [{ error_code: "august_lock_invalid_code_length", message: "Invalid code length for August lock (62830175)." }],
    };
    assert.equal(await seamEvent("access_code.failed_to_set_on_device", device, accessCodeId, words), 204);
    const failed = await lockSyncIs(server.url, fixture, fixture.codesUnit.id, key, "failed", 5_000);
    assert.match(failed.lockSync?.error ?? "", /^Lock provider "august" \(through Seam\) could not set the code on the device/);
    assert.match(
      failed.lockSync?.error ?? "",
      /Seam says: Invalid code length for August lock \(\*\*\*\*\)\.$/,
      "Seam's words, never the PIN",
    );
    assert.equal(await seamEvent("access_code.set_on_device", device, accessCodeId), 204);
    await lockSyncIs(server.url, fixture, fixture.codesUnit.id, key, "set", 5_000);
    const events = (await allEvents(server.url, fixture.keys.admin)).filter(
      (event) => (event.data as { item?: { key?: string } }).item?.key === key,
    );
    assert.deepEqual(
      events.map((event) => event.type).sort(),
      ["access_code.sync_failed", "access_code.synced", "access_code.synced", "schedule.item_created"],
      "set by the create, failed by Seam's word, set again",
    );
  });

  it("removed_from_device makes it failed; an access code Lintel does not hold changes nothing", async () => {
    const { key, accessCodeId } = await setCode("removed", "51739264");
    const device = fixture.devices["removed"]!;
    assert.equal(await seamEvent("access_code.removed_from_device", device, "ac_not_lintels"), 204);
    await sleep(300);
    assert.equal(
      (await entryOf(server.url, fixture, fixture.codesUnit.id, key))?.lockSync?.status,
      "set",
      "another access code: nothing changes",
    );
    // Seam's words without the event's `code`: any run of digits that could be a PIN is masked all the same.
    const words = { error_message: "Code 51739264 was removed from the keypad.\nIt was replaced by 7391." };
    assert.equal(await seamEvent("access_code.removed_from_device", device, accessCodeId, words), 204);
    const failed = await lockSyncIs(server.url, fixture, fixture.codesUnit.id, key, "failed", 5_000);
    assert.match(failed.lockSync?.error ?? "", /removed from the device/);
    assert.match(failed.lockSync?.error ?? "", /Seam says: Code \*\*\*\* was removed from the keypad\. It was replaced by \*\*\*\*\.$/);
  });

  it("while a change of the code is on its way, Seam's word on the older state is ignored", async () => {
    const { key, accessCodeId } = await setCode("pending", "38172645");
    proxy.failWith(503); // the change below stays pending (its retry is a minute away)
    try {
      const changed = await post(server.url, fixture, "/v1/units/update_schedule_item", {
        unitIdOrKey: fixture.codesUnit.id,
        key,
        code: "38172646",
      });
      assert.equal(changed.status, 200, changed.text);
      assert.equal(changed.json.item.lockSync.status, "pending");
      assert.equal(await seamEvent("access_code.failed_to_set_on_device", fixture.devices["pending"]!, accessCodeId), 204);
      await sleep(300);
      assert.equal((await entryOf(server.url, fixture, fixture.codesUnit.id, key))?.lockSync?.status, "pending");
    } finally {
      proxy.failWith(null);
    }
  });
});
