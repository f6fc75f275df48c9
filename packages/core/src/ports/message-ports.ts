/**
 * The ports of sending scheduled messages. Every write that stores a message (a create, an
 * update, a set_timezone that moves it, a tour's booking, confirmation or reschedule, a fixture's
 * message loaded) indexes it by its `sendAt` in the same atomic step when its `delivery` is
 * `scheduled` (or absent), and takes it out of the index otherwise (`held`, history) or when it
 * is deleted: so the index holds exactly the messages still to be sent, each due at its `sendAt`,
 * and no poll looks at a message before its time.
 *
 * Any write of a message also ends its outbox state (a lease, an attempt's phase and count): the
 * message is made afresh from the write on, and a lease taken before it finishes nothing.
 *
 * A due message is leased like a code's work (one attempt at a time across instances; a dead
 * instance's lease runs out and another takes it over) and made by the sender of
 * `message-sender.js` in two phases: `due` stores the `message.due` event (rendered from the data
 * as it is then) and, when no email goes out, ends the message `sent`; `email` sends it through a
 * {@link MessageMailer} until the server accepts it (`sent`) or refuses it for good (`failed`).
 */
import type { LintelEvent } from "@lintel/domain/adapters";
import type { MessageDelivery } from "@lintel/domain/schemas";
import type { LeaseShare } from "./event-ports.js";

/** The phase of a message's sending: its `message.due` is still to be stored, or its email still to be accepted. */
export type MessagePhase = "due" | "email";

/** A due message leased for one attempt. */
export interface LeasedMessage {
  readonly orgId: string;
  readonly unitId: string;
  /** The message's id (its key is `scheduled_message:<messageId>`). */
  readonly messageId: string;
  readonly phase: MessagePhase;
  /** Attempts of this phase made so far (a wait for the tour's code counts none). */
  readonly attempts: number;
  /** The lease's token: {@link MessageOutbox.finish} writes only while it holds. */
  readonly lease: string;
}

/**
 * What an attempt came to, recorded only while the lease holds (no write of the message came
 * between: any write ends the lease):
 * - `due`: stores `event` (the `message.due`); then `end` ends the message as {@link MessageEnd}
 *   says, or, null, the message stays for its `email` phase, due at once with no attempt made;
 * - `retry`: the message stays in its phase, due at `nextAttemptAt`, one more attempt counted
 *   when `counted` (an email the server did not take), none when waiting for the tour's code;
 * - `end`: the message ends as {@link MessageEnd} says.
 */
export type MessageOutcome =
  | { readonly kind: "due"; readonly event: LintelEvent; readonly end: MessageEnd | null }
  | { readonly kind: "retry"; readonly nextAttemptAt: string; readonly counted: boolean }
  | ({ readonly kind: "end" } & MessageEnd);

/** How a message ends: its `delivery` (`sent` or `failed`) set, out of the index, and its event (`message.sent` / `message.failed`) stored. */
export interface MessageEnd {
  readonly delivery: MessageDelivery;
  readonly event: LintelEvent;
}

/** The outbox of scheduled messages, in the store (see the module comment). Exact across instances sharing the store. */
export interface MessageOutbox {
  /**
   * Leases up to `max` due messages (due at or before `nowMs`, not leased), of any org, for
   * `leaseMs`: another caller gets them again only once the lease ran out or a write of the
   * message ended it. With `share`, at most `share.roomOf(orgId)` of an org and none of the
   * lanes (message ids) in `share.skipOf(orgId)`; orgs are served in turn.
   */
  lease(nowMs: number, leaseMs: number, max: number, share?: LeaseShare): Promise<LeasedMessage[]>;
  /**
   * Records the attempt's outcome (see {@link MessageOutcome}) in one step while the lease holds
   * and the message is still at its unit; false (nothing written) otherwise. Setting `delivery`
   * keeps the message's place in the schedule and the unit's version.
   */
  finish(leased: LeasedMessage, outcome: MessageOutcome): Promise<boolean>;
  /**
   * Rewrites the sealed recipient and text (`data.sealed`) of every stored `message.due` of every
   * org this store serves as `reseal` says (null: leave it), each event in one step that applies
   * only while it is as read; answers how many changed. What re-sealing under a new first data key
   * runs on, beside `LockCodeOutbox.resealPins`.
   */
  resealDueEvents(reseal: (sealed: string) => string | null): Promise<number>;
}

/** An email as the mailer sends it. */
export interface OutgoingMail {
  /** The same for every attempt of one message (`<…@…>`), so a resend after a crash is recognisably the same mail. */
  readonly messageId: string;
  readonly to: string;
  readonly subject: string;
  /** Plain text. */
  readonly text: string;
}

/**
 * A mail server, asked to send one email. Resolves once the server accepted it; rejects with a
 * {@link MailFailure}: `retry` for a 4xx or a connection that failed (tried again on the retry
 * schedule), `failed` for a 5xx (the message fails).
 */
export interface MessageMailer {
  /** Sends `mail`: resolves once the server accepted it, rejects with a {@link MailFailure}; cut short when `signal` aborts. */
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
}

/** Why a mail was not accepted, in words without the recipient or the text. */
export class MailFailure extends Error {
  override readonly name = "MailFailure";
  /** `retry`: try again later (4xx, connection); `failed`: the server refused it for good (5xx). */
  readonly kind: "retry" | "failed";
  constructor(kind: "retry" | "failed", message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}
