/**
 * `POST /webhooks/seam` (SPEC 5.10): Seam's events, signed by Svix with SEAM_WEBHOOK_SECRET
 * (`svix-id`, `svix-timestamp` within 5 minutes either way, `svix-signature` listing one or more
 * `v1,` signatures). A `lock.*` or `device.*` event of a device that active non-simulated locks
 * use refreshes their state through the lock-state reader, which observes `lock.state_changed`.
 * Answers 204 for every signed event (a device it does not know included), 400 for a missing or
 * wrong signature, a stale timestamp or a body that is not JSON. No API key: the signature is
 * the credential, and the secret never reaches a log line or an answer.
 */
import type { Logger } from "pino";
import { checkWebhookSignature } from "@lintel/domain";
import { type Clock, type LockStateReader } from "@lintel/core";
import { refreshDevice, type LockDevices } from "@lintel/core/adapters";
import { readTextBody } from "./json-body.js";
import type { LintelContext } from "./lintel-state.js";
import { sendProblem } from "./problem-response.js";

/** What the route needs. */
export interface SeamWebhookDependencies {
  /** SEAM_WEBHOOK_SECRET. */
  readonly secret: string;
  readonly devices: LockDevices;
  readonly lockStates: LockStateReader;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** The route's handler. */
export function seamWebhook(deps: SeamWebhookDependencies) {
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
      const { refreshed, unavailable } = await refreshDevice({ devices: deps.devices, lockStates: deps.lockStates }, deviceId);
      deps.logger.info({ requestId: ctx.state.requestId, eventType: type.slice(0, 64), refreshed }, "seam webhook");
      for (const failure of unavailable) {
        deps.logger.warn(
          { requestId: ctx.state.requestId, provider: failure.failure.provider, reason: failure.failure.reason },
          "seam webhook: refresh failed",
        );
      }
    }
    ctx.status = 204;
  };
}
