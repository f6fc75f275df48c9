// The receiver's check, against signatures made by the standardwebhooks npm package (an
// independent implementation of Standard Webhooks).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { isEventOf, verifyWebhook, WebhookVerificationError, type LintelEvent } from "./webhooks.js";

const secret = `whsec_${randomBytes(32).toString("base64")}`;
const event = {
  id: "evt_0123456789abcdefghijABCD",
  type: "unit.timezone_changed",
  createdAt: "2026-11-25T10:00:00.000Z",
  data: { moved: [] },
};
const body = JSON.stringify(event);
const now = Date.now();
const signedHeaders = (at = now, payload = body) => ({
  "webhook-id": event.id,
  "webhook-timestamp": String(Math.floor(at / 1000)),
  "webhook-signature": new Webhook(secret).sign(event.id, new Date(at), payload),
});

describe("verifyWebhook (the client's, for receivers)", () => {
  it("accepts a delivery signed as Standard Webhooks sign it, from a Headers or node:http's headers, and returns its event", async () => {
    assert.deepEqual(await verifyWebhook(body, signedHeaders(), secret), event);
    assert.deepEqual(await verifyWebhook(body, new Headers(signedHeaders()), secret), event);
    const rotated = {
      ...signedHeaders(),
      "webhook-signature": `v1,${randomBytes(32).toString("base64")} ${signedHeaders()["webhook-signature"]}`,
    };
    assert.deepEqual(await verifyWebhook(body, rotated, secret), event, "one matching signature of several suffices");
  });

  it("refuses a changed body, another secret, a stale or future timestamp, and missing headers", async () => {
    const refused = (error: unknown) => error instanceof WebhookVerificationError;
    await assert.rejects(verifyWebhook(body.replace("10:00", "11:00"), signedHeaders(), secret), refused);
    await assert.rejects(verifyWebhook(body, signedHeaders(), `whsec_${randomBytes(32).toString("base64")}`), refused);
    await assert.rejects(verifyWebhook(body, signedHeaders(Date.now() - 400_000), secret), refused);
    await assert.rejects(verifyWebhook(body, signedHeaders(Date.now() + 400_000), secret), refused);
    const { "webhook-signature": _dropped, ...unsigned } = signedHeaders();
    await assert.rejects(verifyWebhook(body, unsigned, secret), /webhook-signature header is missing/);
    await assert.rejects(verifyWebhook(body, { ...signedHeaders(), "webhook-signature": "v1,%%%" }, secret), refused);
  });

  it("takes a list of secrets during a rotation: a delivery signed with either verifies, one signed with neither does not", async () => {
    const older = `whsec_${randomBytes(32).toString("base64")}`;
    const both = [older, secret];
    assert.deepEqual(await verifyWebhook(body, signedHeaders(), both), event);
    const byOlder = { ...signedHeaders(), "webhook-signature": new Webhook(older).sign(event.id, new Date(now), body) };
    assert.deepEqual(await verifyWebhook(body, byOlder, both), event);
    await assert.rejects(verifyWebhook(body, byOlder, [secret]), WebhookVerificationError);
    await assert.rejects(verifyWebhook(body, signedHeaders(), []), WebhookVerificationError);
  });
});

describe("isEventOf", () => {
  it("narrows a delivered event to its type, data typed; another type is not it", () => {
    const event: LintelEvent = {
      id: "evt_1",
      type: "unit.created",
      createdAt: "2026-01-01T00:00:00.000Z",
      data: { unit: { id: "unit_1", urlKey: "a", address: "A", timeZone: null, version: 1 } },
    };
    assert.equal(isEventOf(event, "template.deleted"), false);
    assert.ok(isEventOf(event, "unit.created"));
    assert.equal(event.data.unit.urlKey, "a"); // typed: compiles only once narrowed
  });
});
