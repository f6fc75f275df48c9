/**
 * `createLintel`: the one way to build a {@link Lintel}, from a store and a lock provider, with the
 * server's defaults for the rest (600 requests per 60 s per key, 30 failed key attempts per 60 s
 * per address, live lock states reused 2 s and bounded by 3 s).
 *
 * A request's store deadline has one carrier: the request scope. Admission starts the deadline
 * and runs in the scope; the adapter runs the rest of the request in it (`withinRequest`); the
 * use cases are built once over views of the stores whose every call obeys the deadline of the
 * scope it runs in (request-stores.js). Nothing else carries a deadline: a call made outside any
 * request (a CLI, an embedder's script, a lock observation shared by several requests) is bounded
 * by the store's own timeout (ioredis's command timeout on Redis).
 */
import { createCursorCodec, type Lock, type RatePolicy } from "@lintel/domain";
import { createDataCipher, DEFAULT_RETRY_SCHEDULE_SECONDS, randomDataKey } from "@lintel/domain/adapters";
import { createAdmission } from "./admission/admission.js";
import { createIdempotency } from "./admission/idempotency.js";
import type { Lintel } from "./lintel.js";
import type { LockCodeProgrammer } from "./ports/lock-code-ports.js";
import { applyAccessCodeReport } from "./lock-codes/lock-code-reports.js";
import { createLockCodeSync, type LockCodeSyncOptions } from "./lock-codes/lock-code-sync.js";
import { sealFixtureCodes } from "./lock-codes/lock-code-work.js";
import { createCodeRulesLearner } from "./locks/code-rules-learner.js";
import { observeLockState } from "./locks/lock-observation.js";
import type { LockProviderObserver } from "./locks/lock-provider-observer.js";
import { createLockStateReader } from "./locks/lock-state-reader.js";
import { withOutsideCodes } from "./locks/outside-codes.js";
import { systemClock, type Clock, type LintelStore, type LockProvider, type LockReading } from "./ports/ports.js";
import { createLockReads } from "./locks/lock-reads.js";
import { createLockWrites, type LockWrites } from "./locks/lock-writes.js";
import { createTemplateReads } from "./templates/template-reads.js";
import { createTemplateRenders } from "./templates/template-render.js";
import { racedStores, requestScope, startStoreDeadline } from "./admission/request-stores.js";
import { createScheduleWrites } from "./units/schedule-writes.js";
import { createTemplateWrites } from "./templates/template-writes.js";
import { createTimezoneChange } from "./units/timezone-change.js";
import { createUnitReads } from "./units/unit-reads.js";
import { createWebhookDispatcher, type WebhookDispatcherOptions } from "./webhooks/webhook-dispatcher.js";
import type { WebhookSender } from "./webhooks/webhook-sender.js";
import { createWebhookUseCases } from "./webhooks/webhook-use-cases.js";
import { createWebhookOperations } from "./webhooks/webhook-operations.js";
import { createTourReads } from "./tours/tour-reads.js";
import { createShowingRules } from "./units/showing-rules.js";
import { createTourTimer } from "./tours/tour-timer.js";
import { createMessageSender, type MessageSenderOptions } from "./messages/message-sender.js";
import type { MessageMailer } from "./ports/message-ports.js";
import { createTourWrites } from "./tours/tour-writes.js";

/** What {@link createLintel} needs; everything but `store`, `lockProvider` and `cursorSecrets` has a default. */
export interface LintelSetup {
  /** Every store port, e.g. `createMemoryStore()` or `createRedisStore(client)`. */
  readonly store: LintelStore;
  /** Where live lock states come from (the simulator, Seam, a router of several). */
  readonly lockProvider: LockProvider;
  /** Cursor key material, each at least 32 characters: the first encrypts, all decrypt (rotation). */
  readonly cursorSecrets: readonly string[];
  /**
   * Data keys (32 bytes each; `parseDataKeys` reads DATA_KEYS): webhook secrets, codes' PINs and
   * kept answers are sealed at rest under the first, opened with any. Default: one random key for this Lintel,
   * which is right only for a store that ends with the process (memory); a store that outlives
   * it needs the same keys on every start and instance.
   */
  readonly dataKeys?: readonly Uint8Array[] | undefined;
  /** Default: the system clock. */
  readonly clock?: Clock | undefined;
  /** The budget of a key without a `rateLimit` of its own. Default 600 requests per 60 s. */
  readonly defaultRateLimit?: RatePolicy | undefined;
  /** The budget of failed key attempts per client address. Default 30 per 60 s. */
  readonly failedKeyLimit?: RatePolicy | undefined;
  /** A live lock state not in within this many ms is `unavailable`. Default 3,000. */
  readonly lockProviderTimeoutMs?: number | undefined;
  /**
   * The store calls of one request give up this many ms after its admission starts (503
   * `unavailable`); the Redis composition uses 1 s. Default: no deadline (the memory store never blocks).
   */
  readonly storeDeadlineMs?: number | undefined;
  /** Hears of every lock provider call and how it ended (the server's metrics). */
  readonly lockProviderObserver?: LockProviderObserver | undefined;
  /**
   * Sends webhook attempts and judges their destinations (`createWebhookSender` of `@lintel/api`,
   * node:http). With one, the Lintel delivers its webhooks itself: its dispatcher runs from
   * creation until `close()`. Without, no webhook endpoint can be created (the refusal says so).
   */
  readonly webhookSender?: WebhookSender | undefined;
  /** How webhooks are delivered (with a `webhookSender`): the retry schedule (default 5 s … 10 h, WEBHOOK_RETRY_SCHEDULE), the poll, an observer. */
  readonly webhookDelivery?: Partial<WebhookDispatcherOptions> | undefined;
  /** Allow `http://` and private webhook destinations (WEBHOOK_ALLOW_PRIVATE). Default false. */
  readonly webhookAllowPrivate?: boolean | undefined;
  /** How long a rotated-out webhook secret keeps signing, ms. Default 24 h (`WEBHOOK_SECRET_OVERLAP_MS`). */
  readonly webhookSecretOverlapMs?: number | undefined;
  /**
   * Writes codes on locks (`routeLockCodeProgrammers` over the simulator, Seam, …). With one, the
   * Lintel programs codes itself from creation until `close()`. Without, no code can be created or
   * changed (the refusal says so) and stored codes stay `pending` for an instance that has one.
   */
  readonly lockCodeProgrammer?: LockCodeProgrammer | undefined;
  /** How codes go to their locks: the retry schedule (default 5, 30, 120, 600, 3600 s, ACCESS_CODE_SYNC_RETRY_SCHEDULE), the poll, an observer. */
  readonly lockCodeSync?: LockCodeSyncOptions | undefined;
  /**
   * Sends messages by email (`createSmtpMailer` of `@lintel/mail-smtp`, SMTP_URL): a due message
   * of a tour whose prospect has an email goes out as one, besides its `message.due` event.
   * Without: messages go out as `message.due` events only (`delivery.channel` `webhook`).
   */
  readonly mailer?: MessageMailer | undefined;
  /** How messages are sent: the email retry schedule (default 5, 30, 120, 600, 3600 s, MESSAGE_RETRY_SCHEDULE), the poll, an observer. */
  readonly messageSending?: MessageSenderOptions | undefined;
  /** Told whenever this instance stored an event (the server wakes its dispatcher). */
  readonly eventCreated?: (() => void) | undefined;
  /** Told when a poll of the tours' timed transitions failed (the store did not answer); the next poll tries again. */
  readonly tourTransitionFailed?: ((error: unknown) => void) | undefined;
  /** Told when observing a lock's state for `lock.state_changed` failed (the state read itself is still answered). */
  readonly observationFailed?: ((error: unknown) => void) | undefined;
  /** A whole number from 0 to bound − 1, for new PINs. Default: the system's random source; tests pass a fixed one to force a clash. */
  readonly pinRandom?: ((bound: number) => number) | undefined;
}

/** How long a provider's answer is reused: reads of one lock within it cost one provider call. */
export const LOCK_STATE_TTL_MS = 2_000;
/** How often each lock's code rules and its device's codes are learned again (by one instance of those sharing the store). */
const CODE_RULES_RELEARN_MS = 15 * 60_000;

/** A `Lintel` over `setup.store` and `setup.lockProvider`; see the module comment. */
export function createLintel(setup: LintelSetup): Lintel {
  const clock = setup.clock ?? systemClock;
  const { store } = setup;
  const cursors = createCursorCodec(setup.cursorSecrets);
  const ms = setup.storeDeadlineMs;
  const scope = requestScope();
  // No deadline (the memory store never blocks): the use cases reach the store itself, at no cost.
  const stores = ms === undefined ? store : racedStores(store, scope);
  const sender = setup.webhookSender;
  // Secrets at rest (webhook secrets, PINs, kept answers) are sealed under the data keys.
  const secrets = createDataCipher(setup.dataKeys ?? [randomDataKey()]);
  const dispatcher =
    sender === undefined
      ? undefined
      : createWebhookDispatcher(
          { webhooks: store.webhooks, sender, clock, secrets },
          { retryScheduleSeconds: DEFAULT_RETRY_SCHEDULE_SECONDS, ...setup.webhookDelivery },
        );
  dispatcher?.start();
  const eventCreated = () => {
    dispatcher?.wake(); // its deliveries are due now
    setup.eventCreated?.();
  };
  // With a programmer, codes go to their locks from creation to close(), like webhooks: the work is in the store.
  const programmer = setup.lockCodeProgrammer;
  const tourPorts = {
    units: stores.units,
    locks: stores.locks,
    templates: stores.templates,
    clock,
    secrets,
    programsCodes: programmer !== undefined,
    observations: stores.observations,
    devices: stores.devices,
    pinRandom: setup.pinRandom,
  };
  const tours = createTourWrites({ ...tourPorts, tours: stores.tours });
  // Timed transitions and the providers' word run outside any request, on the store itself (its own timeout bounds each call).
  const transitions = createTourWrites({
    ...tourPorts,
    tours: store.tours,
    units: store.units,
    locks: store.locks,
    templates: store.templates,
    observations: store.observations,
    devices: store.devices,
  });
  const codeSync =
    programmer === undefined
      ? undefined
      : createLockCodeSync(
          {
            lockCodes: store.lockCodes,
            locks: store.locks,
            units: store.units,
            programmer,
            clock,
            secrets,
            eventStored: eventCreated,
          },
          setup.lockCodeSync,
        );
  codeSync?.start();
  // Messages are sent from creation to close(), whatever else is configured: the outbox is in the store.
  const messageSender = createMessageSender(
    {
      messages: store.messages,
      units: store.units,
      templates: store.templates,
      tours: store.tours,
      locks: store.locks,
      clock,
      secrets,
      mailer: setup.mailer ?? null,
      eventStored: eventCreated,
    },
    setup.messageSending,
  );
  messageSender.start();
  /** Every operation of `writes`, telling the dispatcher and the code sync after each that applied: its event (and a code's work) is stored with it. */
  const told = <W extends object>(writes: W): W =>
    Object.fromEntries(
      Object.entries(writes).map(([name, run]: [string, (...args: unknown[]) => Promise<{ readonly ok: boolean }>]) => [
        name,
        async (...args: unknown[]) => {
          const result = await run(...args);
          if (result.ok) {
            eventCreated();
            codeSync?.wake();
            messageSender.wake(); // a message it stored may be due now
          }
          return result;
        },
      ]),
    ) as W;

  const readerOptions = {
    timeoutMs: setup.lockProviderTimeoutMs ?? 3_000,
    observer: setup.lockProviderObserver,
    // Shared by the requests that read the lock: outside their deadlines, bounded by the store's own timeout.
    fresh: async (lock: Lock, state: LockReading) => {
      try {
        if ((await observeLockState(store, lock.orgId, state, clock)) !== null) eventCreated();
      } catch (error) {
        setup.observationFailed?.(error); // the state is still answered; the next fresh read observes again
      }
    },
  };
  const lockStates = createLockStateReader(setup.lockProvider, clock, { ...readerOptions, ttlMs: LOCK_STATE_TTL_MS });
  // Locks' code rules and the tags of the codes others put on their devices are learned here, outside requests: a
  // booking reads them from the store. Only these reads list the device's codes (a request's read costs what it did).
  const outsideCodes = { devices: store.devices, lockCodes: store.lockCodes, units: store.units, secrets, clock };
  const codeRules = createCodeRulesLearner(
    createLockStateReader(withOutsideCodes(setup.lockProvider, outsideCodes), clock, { ...readerOptions, ttlMs: 0 }),
    undefined,
    {
      everyMs: CODE_RULES_RELEARN_MS,
      // Held a little less than a period, so the instance that read a lock can claim it again at its next tick.
      claim: async (lock) => {
        const now = await store.locks.getActive(lock.orgId, lock.lockId);
        if (now === null) return null; // gone or inactive: dropped from the relearn
        const mine = await store.onceKeys.rememberOnce(`code-rules:${lock.orgId}\n${lock.lockId}`, CODE_RULES_RELEARN_MS - 60_000);
        return mine ? now : "elsewhere";
      },
    },
  );
  const admit = createAdmission(
    { apiKeys: stores.apiKeys, budget: stores.budget, clock },
    {
      defaultRateLimit: setup.defaultRateLimit ?? { requests: 600, windowSeconds: 60 },
      failedAuthLimit: setup.failedKeyLimit ?? { requests: 30, windowSeconds: 60 },
    },
  );
  const once = createIdempotency(store.idempotency, () => scope.getStore(), secrets);
  const timezones = createTimezoneChange({
    units: stores.units,
    locks: stores.locks,
    clock,
    tours: stores.tours,
  });
  const writes = createScheduleWrites({
    units: stores.units,
    locks: stores.locks,
    clock,
    secrets,
    programsCodes: programmer !== undefined,
    lockCodes: stores.lockCodes,
  });
  const tourTimer = createTourTimer({
    tours: store.tours,
    transitions,
    clock,
    advanced: () => {
      eventCreated();
      codeSync?.wake();
    },
    failed: setup.tourTransitionFailed,
  });
  tourTimer.start();
  const webhooks = createWebhookUseCases(
    { events: stores.events, webhooks: stores.webhooks, sender: sender ?? null, clock, secrets },
    cursors,
    {
      allowPrivate: setup.webhookAllowPrivate ?? false,
    },
  );
  const webhookOperations = createWebhookOperations(
    { webhooks: stores.webhooks, sender: sender ?? null, clock, queued: () => dispatcher?.wake(), secrets },
    { allowPrivate: setup.webhookAllowPrivate ?? false, secretOverlapMs: setup.webhookSecretOverlapMs },
  );

  const { updateLock } = createLockWrites({ locks: stores.locks, units: stores.units, clock });
  const lockWrites: LockWrites = {
    async updateLock(caller, command) {
      const result = await updateLock(caller, command);
      if (result.ok) codeRules.learn([result.value]); // the lock as it is now, say active again
      return result;
    },
  };

  const tourReads = createTourReads({ tours: stores.tours, units: stores.units, clock, secrets }, cursors);

  return {
    async admit(request) {
      if (ms === undefined) return admit(request);
      const race = startStoreDeadline(ms);
      const outcome = await scope.run(race, () => admit(request));
      return outcome.ok ? { ok: true, admission: { ...outcome.admission, deadline: race } } : outcome;
    },
    withinRequest(admission, run) {
      return admission.deadline === null ? run() : scope.run(admission.deadline, run);
    },
    once: (caller, { idempotencyKey, requestId, fingerprint }, run) => once(caller.keyId, idempotencyKey, { fingerprint, requestId }, run),

    previewTimezoneChange: timezones.previewTimezoneChange,
    ...told({ setTimeZone: timezones.setTimeZone }),
    ...createUnitReads({ units: stores.units, clock, secrets }, cursors),
    ...told(writes),
    ...createTemplateReads(stores.templates, cursors),
    ...told(createTemplateWrites({ templates: stores.templates, clock })),
    ...createTemplateRenders({ units: stores.units, templates: stores.templates, locks: stores.locks, tours: tourReads }),
    ...createLockReads(stores.locks, lockStates, cursors),
    ...told(lockWrites),
    ...webhooks,
    ...webhookOperations,
    ...tourReads,
    ...(({ setShowingRules, listAvailableSlots }) => ({ ...told({ setShowingRules }), listAvailableSlots }))(
      createShowingRules({ units: stores.units, tours: stores.tours, clock }),
    ),
    ...told(tours.writes),
    async ready() {
      try {
        await store.health.ping(); // bounded by the store's own timeout
        return true;
      } catch {
        return false;
      }
    },
    lockStates,
    async loadFixture(data) {
      const report = await store.fixtures.load(sealFixtureCodes(data, secrets, clock.now()));
      codeSync?.wake();
      codeRules.learn(data.locks);
      return report;
    },
    async reportAccessCode(report) {
      const changed = await applyAccessCodeReport(
        { devices: store.devices, lockCodes: store.lockCodes, units: store.units, clock },
        report,
      );
      if (changed > 0) eventCreated();
      return changed;
    },
    async reportUnlock(report) {
      const locks = await store.devices.activeByProviderDevice(report.providerDeviceId);
      let checkedIn = 0;
      for (const orgId of new Set(locks.map((lock) => lock.orgId))) {
        const ref = await store.lockCodes.placedCode(orgId, report.providerCodeId);
        if (ref !== null && (await transitions.checkInFromLock(orgId, ref.unitId, ref.codeId, report.occurredAtMs))) checkedIn += 1;
      }
      if (checkedIn > 0) eventCreated();
      return checkedIn;
    },
    async resealSecrets() {
      // Every secret, PIN and prospect's email and phone must open before any is rewritten: one sealed under a key not
      // given stops the run with nothing changed, rather than half the store under a key that may be lost.
      const check = (sealed: string) => (secrets.open(sealed), null);
      await store.webhooks.resealSecrets(check);
      await store.lockCodes.resealPins(check);
      await store.tours.resealProspects(check);
      await store.messages.resealDueEvents(check);
      const reseal = (sealed: string) => (secrets.sealedUnderFirst(sealed) ? null : secrets.seal(secrets.open(sealed)));
      return (
        (await store.webhooks.resealSecrets(reseal)) +
        // A re-sealed code is filed under its PIN's tag under the first key too, so the old key can leave the ring.
        (await store.lockCodes.resealPins(reseal, (sealed) => secrets.pinTag(secrets.open(sealed)))) +
        (await store.tours.resealProspects(reseal)) +
        (await store.messages.resealDueEvents(reseal))
      );
    },
    async close(graceMs = 0) {
      codeRules.stop();
      await Promise.all([dispatcher?.stop(graceMs), codeSync?.stop(graceMs), messageSender.stop(graceMs), tourTimer.stop()]);
    },
  };
}
