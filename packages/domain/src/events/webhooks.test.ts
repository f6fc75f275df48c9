// Standard Webhooks signatures, checked against the `standardwebhooks` npm package (an
// independent implementation), and the retry law.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import {
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  generateWebhookSecret,
  nextAttemptDelayMs,
  parseRetrySchedule,
  signWebhook,
  checkWebhookSignature as verifyWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
} from "./webhooks.js";

const NOW = 1_800_000_000;
const secrets = fc.uint8Array({ minLength: 24, maxLength: 64 }).map((bytes) => generateWebhookSecret(bytes));
const messages = fc.record({
  id: fc.stringMatching(/^evt_[0-9A-Za-z]{24}$/),
  timestamp: fc.integer({ min: NOW - 200, max: NOW + 200 }),
  body: fc.json(),
});

describe("webhook signatures", () => {
  it("a fresh secret is whsec_ + base64 of 32 random bytes, a new one each time", () => {
    const a = generateWebhookSecret();
    assert.match(a, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(a.slice(6), "base64").length, 32);
    assert.notEqual(a, generateWebhookSecret());
  });

  it("property: the standardwebhooks package verifies every signature Lintel makes", () => {
    fc.assert(
      fc.property(secrets, messages, (secret, message) => {
        const headers = {
          "webhook-id": message.id,
          "webhook-timestamp": String(message.timestamp),
          "webhook-signature": signWebhook(message, secret),
        };
        // The package checks the timestamp against its own clock: sign near now for it.
        const now = Math.floor(Date.now() / 1000);
        const live = { ...message, timestamp: now };
        const liveHeaders = { ...headers, "webhook-timestamp": String(now), "webhook-signature": signWebhook(live, secret) };
        assert.deepEqual(new Webhook(secret).verify(message.body, liveHeaders), JSON.parse(message.body));
      }),
      { numRuns: 200 },
    );
  });

  it("property: Lintel verifies every signature the standardwebhooks package makes, and refuses it for a changed id, timestamp or body", () => {
    fc.assert(
      fc.property(secrets, messages, fc.string({ minLength: 1, maxLength: 3 }), (secret, message, extra) => {
        const signatureHeader = new Webhook(secret).sign(message.id, new Date(message.timestamp * 1000), message.body);
        const received = { id: message.id, timestamp: String(message.timestamp), body: message.body, signatureHeader };
        assert.deepEqual(verifyWebhook(received, secret, NOW), { ok: true });
        const refused = { ok: false, reason: "signature_mismatch" };
        assert.deepEqual(verifyWebhook({ ...received, body: message.body + extra }, secret, NOW), refused);
        assert.deepEqual(verifyWebhook({ ...received, id: message.id + extra }, secret, NOW), refused);
        assert.deepEqual(verifyWebhook({ ...received, timestamp: String(message.timestamp + 1) }, secret, NOW), refused);
      }),
      { numRuns: 200 },
    );
  });

  it("one matching signature of several suffices; another secret's never does", () => {
    const message = { id: "evt_000000000000000000000001", timestamp: NOW, body: '{"a":1}' };
    const [old, current] = [generateWebhookSecret(), generateWebhookSecret()];
    const header = `${signWebhook(message, old)} ${signWebhook(message, current)}`;
    const received = { id: message.id, timestamp: String(NOW), body: message.body, signatureHeader: header };
    assert.deepEqual(verifyWebhook(received, current, NOW), { ok: true });
    assert.deepEqual(verifyWebhook(received, generateWebhookSecret(), NOW), { ok: false, reason: "signature_mismatch" });
    assert.deepEqual(verifyWebhook({ ...received, signatureHeader: "v2,abc" }, current, NOW), { ok: false, reason: "no_signature" });
  });

  it("a timestamp further than 5 minutes from now, either way, or not a number, is refused", () => {
    const secret = generateWebhookSecret();
    const at = (timestamp: number) => ({
      id: "evt_1",
      timestamp: String(timestamp),
      body: "{}",
      signatureHeader: signWebhook({ id: "evt_1", timestamp, body: "{}" }, secret),
    });
    assert.equal(verifyWebhook(at(NOW - WEBHOOK_TOLERANCE_SECONDS), secret, NOW).ok, true);
    assert.equal(verifyWebhook(at(NOW + WEBHOOK_TOLERANCE_SECONDS), secret, NOW).ok, true);
    assert.deepEqual(verifyWebhook(at(NOW - WEBHOOK_TOLERANCE_SECONDS - 1), secret, NOW), { ok: false, reason: "stale_timestamp" });
    assert.deepEqual(verifyWebhook(at(NOW + WEBHOOK_TOLERANCE_SECONDS + 1), secret, NOW), { ok: false, reason: "stale_timestamp" });
    assert.deepEqual(verifyWebhook({ ...at(NOW), timestamp: "1.8e9" }, secret, NOW), { ok: false, reason: "bad_timestamp" });
  });
});

describe("the retry law", () => {
  it("property: each delay of the schedule in turn, up to 10 % longer; a longer Retry-After wins; null once spent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: DEFAULT_RETRY_SCHEDULE_SECONDS.length + 2 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
        (failed, random, retryAfter) => {
          const delay = nextAttemptDelayMs(failed, DEFAULT_RETRY_SCHEDULE_SECONDS, () => random, retryAfter);
          const base = DEFAULT_RETRY_SCHEDULE_SECONDS[failed - 1];
          if (base === undefined) return assert.equal(delay, null);
          assert.ok(delay !== null);
          const jittered = Math.round(base * 1000 * (1 + 0.1 * random));
          assert.ok(jittered >= base * 1000 && jittered <= base * 1100);
          const asked = retryAfter !== undefined && retryAfter > 0 ? Math.min(retryAfter, 36000) * 1000 : 0;
          assert.equal(delay, Math.max(jittered, asked));
        },
      ),
    );
  });

  it("a Retry-After that is not a positive number is ignored, and none waits past the schedule's longest step", () => {
    const half = () => 0.5;
    assert.equal(nextAttemptDelayMs(1, [5, 300], half, Number.NaN), 5250);
    assert.equal(nextAttemptDelayMs(1, [5, 300], half, -7), 5250);
    assert.equal(nextAttemptDelayMs(1, [5, 300], half, Number.POSITIVE_INFINITY), 5250);
    assert.equal(nextAttemptDelayMs(1, [5, 300], half, 10 ** 9), 300_000);
  });

  it("a schedule is a comma list of positive whole seconds", () => {
    assert.deepEqual(parseRetrySchedule("5,300,1800"), [5, 300, 1800]);
    assert.deepEqual(parseRetrySchedule(" 1 , 2 "), [1, 2]);
    for (const bad of ["", "0", "5,,6", "1.5", "-1", "a", "99999999"]) assert.equal(parseRetrySchedule(bad), null, bad);
  });
});
