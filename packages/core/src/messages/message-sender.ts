/**
 * The message sender: leases due messages from the store's outbox (any org) and sends each at its
 * `sendAt`, rendered from the data as it is then — the template's current body, the tour's
 * current times, its PIN and its prospect. It runs on the same fair worker as webhook deliveries
 * and codes ({@link createLeasedWorker}), with messages for lanes and orgs for groups.
 *
 * A message is sent in two phases, each recorded in one atomic step of the store:
 * - `due`: the `message.due` event is stored (its recipient and text sealed at rest) for the
 *   org's own sender and `/v1/events`; without an email to send, the message is `sent` on the
 *   `webhook` channel in the same step (`message.sent`);
 * - `email` (a mailer configured and a prospect's email): the mail goes out with one `Message-ID`
 *   per message, so a resend after a crash is recognisably the same mail; accepted → `sent` on
 *   `email`; a 4xx or a connection failure is tried again on the retry schedule; a 5xx, or the
 *   schedule spent → `failed`.
 *
 * A message is not sent when a placeholder has no value (`failed`, naming them); one that names
 * a `code.*` variable waits (`scheduled`, no attempt counted) until its tour's code is `set` on
 * the lock, and fails with the code. A message without a template says its title.
 */
import type { ScheduleItem, Unit } from "@lintel/domain";
import {
  isoInstant,
  messageValues,
  nextAttemptDelayMs,
  renderTemplate,
  scheduleEntry,
  templatePlaceholders,
  type DataCipher,
  type LintelEvent,
  type MessageFacts,
} from "@lintel/domain/adapters";
import type { MessageDelivery } from "@lintel/domain/schemas";
import { randomId } from "../common/event-ids.js";
import { createLeasedWorker, laneRestMs, type LeasedWorker } from "../common/leased-worker.js";
import type { LockDirectory } from "../ports/lock-ports.js";
import {
  MailFailure,
  type LeasedMessage,
  type MessageEnd,
  type MessageMailer,
  type MessageOutbox,
  type MessageOutcome,
} from "../ports/message-ports.js";
import type { Clock, TemplateStore, UnitStore } from "../ports/ports.js";
import type { TourStore } from "../ports/tour-ports.js";
import { tourFacts } from "../templates/template-render.js";
import { readTourNow, showTour } from "../tours/tour-view.js";
import { sealMessageDue, type MessageDueData } from "../webhooks/sealed-events.js";

/** How long a message is leased: a dead instance's message is taken over within this and one poll. */
export const MESSAGE_LEASE_MS = 30_000;
/** How soon a message waiting for its tour's code to be set looks again, ms. */
export const CODE_WAIT_MS = 1_000;
/** Delays between attempts to send a message by email, seconds (MESSAGE_RETRY_SCHEDULE). */
export const DEFAULT_MESSAGE_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 30, 120, 600, 3600];

/** What one attempt came to, for the log line and the metrics: never the recipient or the text. */
export interface MessageAttemptReport {
  readonly orgId: string;
  readonly messageId: string;
  readonly phase: LeasedMessage["phase"];
  /**
   * `due` (the `message.due` stored; the email next), `sent`, `failed`, `retry` (an email not taken
   * yet), `waiting` (for the tour's code), `gone` (the message changed or went meanwhile) or
   * `lease_lost` (another instance took it over).
   */
  readonly outcome: "due" | "sent" | "failed" | "retry" | "waiting" | "gone" | "lease_lost";
  readonly channel: "webhook" | "email" | null;
  readonly error: string | null;
  readonly ms: number;
}

/** Hears what the sender does (the server's log and metrics). */
export interface MessageSenderObserver {
  /** After every attempt. */
  attempted(report: MessageAttemptReport): void;
  /** A store call of the loop failed (it carries on at the next poll). */
  failed(error: unknown): void;
  /** The first store call that succeeded after a `failed`. */
  recovered?(): void;
}

/** Settings of the message sender. */
export interface MessageSenderOptions {
  /** Delays between email attempts, seconds (MESSAGE_RETRY_SCHEDULE). Default {@link DEFAULT_MESSAGE_RETRY_SCHEDULE_SECONDS}. */
  readonly retryScheduleSeconds?: readonly number[] | undefined;
  /** Default {@link MESSAGE_LEASE_MS}. */
  readonly leaseMs?: number | undefined;
  /** How often the store is asked for due messages, ms. Default 400. */
  readonly pollMs?: number | undefined;
  /** Messages in flight at most. Default 16. */
  readonly concurrency?: number | undefined;
  /** The jitter's random source, in [0, 1). Default Math.random. */
  readonly random?: (() => number) | undefined;
  readonly observer?: MessageSenderObserver | undefined;
}

/** What the sender reads and writes through. */
export interface MessageSenderPorts {
  readonly messages: MessageOutbox;
  readonly units: UnitStore;
  readonly templates: Pick<TemplateStore, "get">;
  readonly tours: Pick<TourStore, "getTour">;
  readonly locks: Pick<LockDirectory, "getMany">;
  readonly clock: Clock;
  /** Opens PINs and prospects' contact data; seals the `message.due` recipient and text. */
  readonly secrets: DataCipher;
  /** Sends email (SMTP_URL); null: messages go out as `message.due` events only. */
  readonly mailer: MessageMailer | null;
  /** Told when an attempt stored an event (its deliveries are due now). */
  readonly eventStored?: (() => void) | undefined;
}

/** Who a message is for: the tour's prospect, opened (the `to` of a `message.due`). */
type MessageRecipient = NonNullable<MessageDueData["to"]>;

/** A message rendered now, or why it cannot be sent now. */
type Rendered =
  | {
      readonly kind: "ready";
      readonly unit: Unit;
      readonly item: ScheduleItem;
      readonly to: MessageRecipient | null;
      readonly text: string;
    }
  | { readonly kind: "waiting" }
  | { readonly kind: "gone" }
  | { readonly kind: "failed"; readonly unit: Unit; readonly item: ScheduleItem; readonly error: string };

/** The `Message-ID` of every email of one message. */
export function messageMailId(orgId: string, messageId: string): string {
  return `<${messageId}.${orgId}@lintel.invalid>`;
}

/** The message sender over `ports`; see the module comment. Started and stopped by its Lintel. */
export function createMessageSender(ports: MessageSenderPorts, options: MessageSenderOptions = {}): LeasedWorker {
  const { messages, units, clock, secrets, mailer } = ports;
  const schedule = options.retryScheduleSeconds ?? DEFAULT_MESSAGE_RETRY_SCHEDULE_SECONDS;
  const leaseMs = options.leaseMs ?? MESSAGE_LEASE_MS;
  const random = options.random ?? Math.random;
  const observer = options.observer;
  let failing = false;
  const nowIso = () => isoInstant(clock.now());

  /** The message as it is now, rendered, or why not. */
  async function render(leased: LeasedMessage): Promise<Rendered> {
    const { orgId, unitId, messageId } = leased;
    const [item, [unit]] = await Promise.all([
      units.getItem(orgId, unitId, "scheduled_message", messageId),
      units.getMany(orgId, [unitId]),
    ]);
    if (item === null || unit === undefined || (item.delivery !== undefined && item.delivery.status !== "scheduled"))
      return { kind: "gone" };
    let body = item.title;
    if (item.templateId !== undefined && item.templateId !== null) {
      const template = await ports.templates.get(orgId, item.templateId);
      if (template === null) return { kind: "failed", unit, item, error: `Its template ${item.templateId} is gone.` };
      body = template.body;
    }
    let facts: MessageFacts = { unit, message: { title: item.title } };
    let to: MessageRecipient | null = null;
    const stored = item.tourId === undefined ? null : await ports.tours.getTour(orgId, item.tourId);
    if (stored !== null) {
      const now = await readTourNow(units, stored);
      const tour = showTour(now, unit.timeZone, clock.now(), secrets);
      to = { name: tour.prospect.name, email: tour.prospect.email, phone: tour.prospect.phone };
      facts = { ...facts, ...(await tourFacts(ports.locks, orgId, tour)) };
      if (templatePlaceholders(body).some((name) => name.startsWith("code.")) && now.code !== null) {
        const status = now.code.lockSync?.status;
        if (status === "failed")
          return { kind: "failed", unit, item, error: `Its tour's code failed: ${now.code.lockSync?.error ?? "no reason given"}` };
        if (status !== "set") return { kind: "waiting" };
      }
    }
    const rendered = renderTemplate(body, messageValues(facts));
    if (rendered.missing.length > 0) {
      return { kind: "failed", unit, item, error: `Not sent: no value for ${rendered.missing.map((name) => `{{${name}}}`).join(", ")}.` };
    }
    return { kind: "ready", unit, item, to, text: rendered.text };
  }

  /** The end of `item` with `delivery`, and its event. */
  function ending(unit: Unit, item: ScheduleItem, delivery: MessageDelivery): MessageEnd {
    const event = {
      id: randomId("evt_"),
      orgId: unit.orgId,
      type: delivery.status === "sent" ? "message.sent" : "message.failed",
      createdAt: nowIso(),
      data: { unitId: unit.id, item: scheduleEntry({ ...item, delivery }, unit.timeZone) },
    } as LintelEvent;
    return { delivery, event };
  }

  const failedDelivery = (channel: MessageDelivery["channel"], error: string): MessageDelivery => ({
    status: "failed",
    channel,
    sentAt: null,
    error,
  });
  const sentDelivery = (channel: "webhook" | "email"): MessageDelivery => ({ status: "sent", channel, sentAt: nowIso(), error: null });

  /** The `message.due` of a ready message: its recipient and text sealed, null beside them. */
  function dueEvent(ready: Extract<Rendered, { kind: "ready" }>): LintelEvent {
    const { unit, item, to, text } = ready;
    return {
      id: randomId("evt_"),
      orgId: unit.orgId,
      type: "message.due",
      createdAt: nowIso(),
      data: sealMessageDue({ unitId: unit.id, item: scheduleEntry(item, unit.timeZone), tourId: item.tourId ?? null, to, text }, secrets),
    } as LintelEvent;
  }

  /** The email phase's outcome: the mail sent, or why not. */
  async function email(
    leased: LeasedMessage,
    ready: Extract<Rendered, { kind: "ready" }>,
    signal: AbortSignal,
  ): Promise<Extract<MessageOutcome, { kind: "end" | "retry" }>> {
    const address = ready.to?.email ?? null;
    if (mailer === null || address === null) return { kind: "end", ...ending(ready.unit, ready.item, sentDelivery("webhook")) }; // none to send (any more)
    try {
      await mailer.send(
        { messageId: messageMailId(leased.orgId, leased.messageId), to: address, subject: ready.item.title, text: ready.text },
        signal,
      );
      return { kind: "end", ...ending(ready.unit, ready.item, sentDelivery("email")) };
    } catch (thrown) {
      const failure =
        thrown instanceof MailFailure ? thrown : new MailFailure("retry", "The mail server could not be reached.", { cause: thrown });
      const delay = failure.kind === "failed" ? null : nextAttemptDelayMs(leased.attempts + 1, schedule, random);
      if (delay === null) return { kind: "end", ...ending(ready.unit, ready.item, failedDelivery("email", failure.message)) };
      return { kind: "retry", nextAttemptAt: isoInstant(clock.now() + delay), counted: true };
    }
  }

  /** Makes one leased message; false when its email failed (its lane then rests). */
  async function attempt(leased: LeasedMessage, signal: AbortSignal): Promise<boolean> {
    const started = performance.now();
    const rendered = await render(leased);
    let outcome: MessageOutcome | null = null;
    let report: MessageAttemptReport["outcome"];
    let channel: MessageAttemptReport["channel"] = null;
    let error: string | null = null;
    if (rendered.kind === "gone") report = "gone";
    else if (rendered.kind === "waiting") {
      outcome = { kind: "retry", nextAttemptAt: isoInstant(clock.now() + CODE_WAIT_MS), counted: false };
      report = "waiting";
    } else if (rendered.kind === "failed") {
      outcome = { kind: "end", ...ending(rendered.unit, rendered.item, failedDelivery(null, rendered.error)) };
      report = "failed";
      error = rendered.error;
    } else if (leased.phase === "due") {
      const emailing = mailer !== null && rendered.to?.email != null;
      outcome = {
        kind: "due",
        event: dueEvent(rendered),
        end: emailing ? null : ending(rendered.unit, rendered.item, sentDelivery("webhook")),
      };
      report = emailing ? "due" : "sent";
      channel = emailing ? null : "webhook";
    } else {
      const mailed = await email(leased, rendered, signal);
      if (signal.aborted) return true; // cut short by shutdown: the lease runs out and the mail is tried again, same Message-ID
      outcome = mailed;
      channel = "email";
      report = mailed.kind === "end" ? (mailed.delivery.status === "sent" ? "sent" : "failed") : "retry";
      if (mailed.kind === "end") error = mailed.delivery.error;
    }
    const kept = outcome === null ? true : await messages.finish(leased, outcome);
    if (kept && outcome !== null && outcome.kind !== "retry") ports.eventStored?.();
    observer?.attempted({
      orgId: leased.orgId,
      messageId: leased.messageId,
      phase: leased.phase,
      outcome: kept ? report : "lease_lost",
      channel,
      error,
      ms: Math.round(performance.now() - started),
    });
    return !(leased.phase === "email" && report === "retry");
  }

  const failed = (error: unknown) => {
    failing = true;
    observer?.failed(error);
  };
  return createLeasedWorker<LeasedMessage>({
    async lease(nowMs, max, share) {
      const leased = await messages.lease(nowMs, leaseMs, max, share);
      if (failing) observer?.recovered?.();
      failing = false;
      return leased;
    },
    run: attempt,
    laneOf: (leased) => leased.messageId,
    groupOf: (leased) => leased.orgId,
    restMs: (failures) => laneRestMs(failures, schedule, random),
    clock,
    concurrency: options.concurrency,
    pollMs: options.pollMs,
    failed,
  });
}
