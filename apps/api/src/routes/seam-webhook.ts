/**
 * `POST /webhooks/seam`: Seam's events, signed by Svix with SEAM_WEBHOOK_SECRET
 * (`svix-id`, `svix-timestamp` within 5 minutes either way, `svix-signature` listing one or more
 * `v1,` signatures). A `lock.*` or `device.*` event of a device that active non-simulated locks
 * use refreshes their state through the lock-state reader, which observes `lock.state_changed`.
 * `access_code.set_on_device`, `access_code.failed_to_set_on_device` and
 * `access_code.removed_from_device` of a code Lintel put on the device make it `set` or `failed`
 * (unless a change of it is still on its way); a failure's `error` ends with Seam's own words
 * from the event (`access_code_errors`, `error_message`), when it has any. `lock.unlocked` with
 * the `access_code_id` of a tour's code and an `occurred_at` in its access window checks the tour in.
 * Answers 204 for every signed event (a device it does not know included), 400 for a missing or
 * wrong signature, a stale timestamp or a body that is not JSON. No API key: the signature is
 * the credential, and the secret never reaches a log line or an answer.
 *
 * A signed message can be sent again by anyone who saw it, as long as its timestamp passes: a
 * `svix-id` already taken is answered 204 and does nothing more. However many events name one
 * device, each of its locks is re-read at most once a second: the first event reads them, those
 * within the second after leave one re-read for when the second is over (so the last change is
 * not missed). Both are remembered in the store's OnceKeys, so they hold across instances; a
 * later re-read that another instance beats to it finds the lock read and does nothing.
 */
import { createHash } from "node:crypto";
import type { Logger } from "pino";
import type { Lock } from "@lintel/domain";
import { checkWebhookSignature, WEBHOOK_TOLERANCE_SECONDS } from "@lintel/domain/adapters";
import type { AccessCodeReport, Clock, LockStateReader } from "@lintel/core";
import { refreshDevice, type LockDevices, type OnceKeys } from "@lintel/core/adapters";
import { readTextBody } from "../http-edge/json-body.js";
import type { LintelContext } from "../http-edge/lintel-state.js";
import { sendProblem } from "../http-edge/problem-response.js";
import type { UnlockReport } from "@lintel/core";

/** What the route needs. */
export interface SeamWebhookDependencies {
  /** SEAM_WEBHOOK_SECRET. */
  readonly secret: string;
  readonly devices: LockDevices;
  readonly lockStates: LockStateReader;
  /** Applies Seam's word on a code it holds (`lintel.reportAccessCode`). */
  readonly reportAccessCode: (report: AccessCodeReport) => Promise<number>;
  /** Applies Seam's word that a door opened with a code (`lintel.reportUnlock`): the tour whose code it is checks in. */
  readonly reportUnlock: (report: UnlockReport) => Promise<number>;
  /** The store's: message ids taken and devices read lately, shared by every instance. */
  readonly onceKeys: OnceKeys;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** A lock is re-read for webhooks at most once in this window. */
export const LOCK_REFRESH_WINDOW_MS = 1_000;

/** A OnceKeys key of bounded length, whatever the length of the id the client sent. */
const onceKey = (kind: string, id: string) => `seam:${kind}:${createHash("sha256").update(id).digest("base64url")}`;

/** Seam's access-code events and the `lockSync` status each makes. */
const ACCESS_CODE_EVENTS: Readonly<Record<string, { status: "set" | "failed"; words: string | null }>> = {
  "access_code.set_on_device": { status: "set", words: null },
  "access_code.failed_to_set_on_device": {
    status: "failed",
    words: "(through Seam) could not set the code on the device (access_code.failed_to_set_on_device).",
  },
  "access_code.removed_from_device": {
    status: "failed",
    words: "(through Seam) reports the code was removed from the device (access_code.removed_from_device).",
  },
};

/** Of Seam's own words, at most this many characters go into `lockSync.error`. */
const SEAM_WORDS_MAX_CHARS = 300;

/**
 * Seam's own words in the event (its `access_code_errors` messages, then `error_message`), on
 * one line and bounded; null when it gives none. A PIN never gets through: the event's `code`,
 * and any run of 4 or more digits (what a PIN is), are masked in each message before anything
 * is cut.
 */
function seamWords(fields: Record<string, unknown>): string | null {
  const errors = Array.isArray(fields["access_code_errors"]) ? (fields["access_code_errors"] as unknown[]).slice(0, 5) : [];
  const messages = errors.flatMap((error) => {
    const message = typeof error === "object" && error !== null ? (error as Record<string, unknown>)["message"] : undefined;
    return typeof message === "string" ? [message] : [];
  });
  if (typeof fields["error_message"] === "string") messages.push(fields["error_message"]);
  const pin = typeof fields["code"] === "string" || typeof fields["code"] === "number" ? String(fields["code"]) : "";
  const masked = messages.map((message) => {
    const text = message.slice(0, 4 * SEAM_WORDS_MAX_CHARS); // bounded work, far past what is kept
    return (pin === "" ? text : text.split(pin).join("****"))
      .replace(/\d{4,}/g, "****")
      .replace(/\p{Cc}+/gu, " ")
      .trim();
  });
  const said = [...new Set(masked)]
    .filter((message) => message !== "")
    .join(" ")
    .slice(0, SEAM_WORDS_MAX_CHARS);
  return said === "" ? null : said;
}

/** The report an access-code event of Seam makes, or null for any other event. */
function accessCodeReport(fields: Record<string, unknown>, type: string): AccessCodeReport | null {
  const known = ACCESS_CODE_EVENTS[type];
  const deviceId = fields["device_id"];
  const codeId = fields["access_code_id"];
  if (known === undefined || typeof deviceId !== "string" || typeof codeId !== "string") return null;
  if (deviceId === "" || codeId === "" || deviceId.length > 200 || codeId.length > 200) return null;
  const words = known.words === null ? null : seamWords(fields);
  const error = known.words === null || words === null ? known.words : `${known.words} Seam says: ${words}`;
  return { providerDeviceId: deviceId, providerCodeId: codeId, status: known.status, error };
}

/**
 * The report a `lock.unlocked` of Seam makes when a code opened the door (its `access_code_id`,
 * and `occurred_at` an instant), or null.
 */
function unlockReport(fields: Record<string, unknown>, type: string): UnlockReport | null {
  if (type !== "lock.unlocked") return null;
  const deviceId = fields["device_id"];
  const codeId = fields["access_code_id"];
  const occurredAt = fields["occurred_at"];
  if (typeof deviceId !== "string" || typeof codeId !== "string" || typeof occurredAt !== "string") return null;
  if (deviceId === "" || codeId === "" || deviceId.length > 200 || codeId.length > 200 || occurredAt.length > 64) return null;
  const occurredAtMs = Date.parse(occurredAt);
  return Number.isNaN(occurredAtMs) ? null : { providerDeviceId: deviceId, providerCodeId: codeId, occurredAtMs };
}

/** The route's handler. */
export function seamWebhook(deps: SeamWebhookDependencies) {
  /** Devices with a re-read due on this instance once their window is over. */
  const due = new Set<string>();
  return async (ctx: LintelContext): Promise<void> => {
    // The limits and answers of /v1's bodies: 413 past 16 KiB (decoded), 400 when it cannot be read.
    const reading = await readTextBody(ctx);
    if (!reading.ok) {
      sendProblem(ctx, reading.code, reading.detail);
      return;
    }
    const body = reading.value;
    const verdict = checkWebhookSignature(
      {
        id: ctx.get("svix-id"),
        timestamp: ctx.get("svix-timestamp"),
        body,
        signatureHeader: ctx.get("svix-signature"),
      },
      deps.secret,
      Math.floor(deps.clock.now() / 1000),
    );
    if (!verdict.ok || ctx.get("svix-id") === "") {
      deps.logger.warn({ requestId: ctx.state.requestId, reason: verdict.ok ? "no_id" : verdict.reason }, "seam webhook refused");
      sendProblem(
        ctx,
        "invalid_request",
        "The Svix signature is missing or does not match, or svix-timestamp is more than 5 minutes from now. The event is ignored.",
      );
      return;
    }
    // A replay: taken while its signature could pass (its timestamp within the tolerance of now).
    const signedAtMs = Number(ctx.get("svix-timestamp")) * 1000;
    const passesForMs = signedAtMs + WEBHOOK_TOLERANCE_SECONDS * 1000 - deps.clock.now() + 1_000;
    if (!(await deps.onceKeys.rememberOnce(onceKey("message", ctx.get("svix-id")), Math.max(1_000, passesForMs)))) {
      deps.logger.info({ requestId: ctx.state.requestId }, "seam webhook: a message already taken (replay)");
      ctx.status = 204;
      return;
    }
    let event: unknown;
    try {
      event = JSON.parse(body);
    } catch {
      sendProblem(ctx, "invalid_request", "The signed body is not JSON.");
      return;
    }
    const fields = typeof event === "object" && event !== null ? (event as Record<string, unknown>) : {};
    const deviceId = fields["device_id"];
    const type = typeof fields["event_type"] === "string" ? fields["event_type"] : "";
    if (typeof deviceId === "string" && deviceId !== "" && (type.startsWith("lock.") || type.startsWith("device."))) {
      await refresh(deviceId, type, ctx.state.requestId);
    }
    const report = accessCodeReport(fields, type);
    if (report !== null) {
      const changed = await deps.reportAccessCode(report);
      deps.logger.info({ requestId: ctx.state.requestId, eventType: type, changed }, "seam webhook: access code");
    }
    const unlock = unlockReport(fields, type);
    if (unlock !== null) {
      const checkedIn = await deps.reportUnlock(unlock);
      deps.logger.info({ requestId: ctx.state.requestId, eventType: type, checkedIn }, "seam webhook: unlocked with a code");
    }
    ctx.status = 204;
  };

  /**
   * Re-reads the locks of `deviceId` not read within the window (by any instance), logs what
   * came of it, and leaves one re-read for when the window is over if some were held back.
   */
  async function refresh(deviceId: string, type: string, requestId: string): Promise<void> {
    // By lock and device: a lock has one device at a time, and a lock given a new device
    // (its ids are the vendor's) is read for it at once.
    const admit = (lock: Lock) => deps.onceKeys.rememberOnce(onceKey("lock", `${lock.lockId}\n${deviceId}`), LOCK_REFRESH_WINDOW_MS);
    const { refreshed, held, unavailable } = await refreshDevice({ devices: deps.devices, lockStates: deps.lockStates }, deviceId, admit);
    deps.logger.info({ requestId, eventType: type.slice(0, 64), refreshed, held }, "seam webhook");
    for (const failure of unavailable) {
      deps.logger.warn({ requestId, provider: failure.failure.provider, reason: failure.failure.reason }, "seam webhook: refresh failed");
    }
    if (held > 0) refreshLater(deviceId, type, requestId);
  }

  /** One re-read of `deviceId` once the window is over, unless this instance has one due already. */
  function refreshLater(deviceId: string, type: string, requestId: string): void {
    if (due.has(deviceId)) return;
    due.add(deviceId);
    setTimeout(() => {
      due.delete(deviceId);
      refresh(deviceId, type, requestId).catch((error: unknown) =>
        deps.logger.warn({ requestId, err: error }, "seam webhook: a later re-read failed"),
      );
    }, LOCK_REFRESH_WINDOW_MS).unref();
  }
}
