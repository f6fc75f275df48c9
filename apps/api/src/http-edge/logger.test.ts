// Credentials never reach a log line (SPEC 5.7, SEAM_API_KEY): pino's redaction, tried on the
// shapes a credential could travel in, including a real error of Seam's client.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { test } from "node:test";
import { SeamHttp } from "@seamapi/http";
import { startFakeSeam } from "@lintel/testkit/seam";
import { createLogger } from "./logger.js";

function capture() {
  let text = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { logger: createLogger("debug", stream), text: () => text };
}

test("logger: request credentials, the Seam key in config and an error's axios config are redacted", () => {
  const { logger, text } = capture();
  const secret = "seam_live_Z9xSecretValue";
  logger.info({ req: { headers: { authorization: `Bearer ${secret}`, "x-api-key": secret } } }, "a");
  logger.info({ err: { cause: { config: { headers: { authorization: `Bearer ${secret}` } } } } }, "b");
  logger.info({ config: { seam: { apiKey: secret, endpoint: null } } }, "c");
  logger.warn({ err: Object.assign(new Error("boom"), { config: { headers: { Authorization: `Bearer ${secret}` } } }) }, "d");
  assert.equal(text().split("\n").filter(Boolean).length, 4);
  assert.ok(!text().includes(secret), text());
  assert.match(text(), /\[redacted\]/);
});

test("logger: a real error of Seam's client (wrong key, against Seam's fake) and its axios cause, logged as err, hold no key", async () => {
  const fake = await startFakeSeam();
  try {
    const wrongKey = "seam_wrongkey_LogTest42";
    const error = await SeamHttp.fromApiKey(wrongKey, { endpoint: fake.endpoint })
      .devices.get({ device_id: "x" })
      .catch((e: unknown) => e);
    assert.ok(error instanceof Error);
    const { logger, text } = capture();
    logger.warn({ err: error }, "seam failed");
    logger.warn({ err: error.cause }, "its cause"); // an axios error: its config holds the Authorization header
    assert.match(text(), /seam failed[\s\S]*its cause/);
    assert.ok(!text().includes(wrongKey), text());
  } finally {
    await fake.close();
  }
});

test("logger: the Seam webhook secret in config and a Redis error's command args are redacted", () => {
  const { logger, text } = capture();
  const secret = "whsec_bG9nZ2VyIHRlc3Qgc2VjcmV0";
  logger.info({ config: { webhooks: { allowPrivate: false, seamWebhookSecret: secret } } }, "a");
  const replyError = Object.assign(new Error("OOM command not allowed"), { command: { name: "evalsha", args: ["sha", secret] } });
  logger.error({ err: replyError }, "b");
  logger.error({ err: Object.assign(new Error("wrapped"), { cause: replyError }) }, "c");
  assert.equal(text().split("\n").filter(Boolean).length, 3);
  assert.ok(!text().includes(secret), text());
  assert.match(text(), /OOM command not allowed/);
});
