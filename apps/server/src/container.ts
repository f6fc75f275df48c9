/**
 * The composition root: the only place that knows every adapter, and the only file that
 * imports tsyringe. Each server gets its own child container, so tests can run several.
 * Registrations are factories (no decorators), resolved once per container.
 */
import "reflect-metadata";
import { container as rootContainer } from "tsyringe";
import type { Logger } from "pino";
import { createLintel, systemClock, type Clock, type Lintel } from "@lintel/core";
import {
  routeLockCodeProgrammers,
  routeLockProviders,
  unconfiguredLockCodeProgrammer,
  unconfiguredLockProvider,
  type LintelStore,
  type LockCodeProgrammer,
  type LockProvider,
  type WebhookSender,
} from "@lintel/core/adapters";
import { createSmtpMailer } from "@lintel/mail-smtp";
import { createSeamLockCodeProgrammer, createSeamLockProvider } from "@lintel/provider-seam";
import { createMemoryStore, createSimulatedLockCodeProgrammer, createSimulatedLockProvider } from "@lintel/store-memory";
import { COMMAND_TIMEOUT_MS } from "@lintel/store-redis";
import type { Config } from "./config.js";
import { createLogger, createMetrics, createWebhookSender, type Metrics } from "@lintel/api";
import { openRedisStore, type RedisHandle } from "./redis-wiring.js";
import { withSimulatedFaults } from "./simulated-faults.js";
import { token, typed, type Resolver } from "./typed-container.js";

/**
 * `simulated` locks go to the simulator (with its demo faults), every other provider
 * to Seam when SEAM_API_KEY is set, else to a refusal that names the missing setting.
 */
function lockProviderFor(config: Config, clock: Clock): LockProvider {
  const seam = config.seam;
  const vendors =
    seam === null
      ? unconfiguredLockProvider("is read through Seam, and SEAM_API_KEY is not set.")
      : createSeamLockProvider({
          apiKey: seam.apiKey,
          endpoint: seam.endpoint ?? undefined,
          timeoutMs: config.lockProviderTimeoutMs,
          clock,
        });
  return routeLockProviders({ simulated: withSimulatedFaults(createSimulatedLockProvider({ clock })) }, vendors);
}

/**
 * Codes on `simulated` locks go to the simulator, every other provider's through Seam when
 * SEAM_API_KEY is set, else to a refusal that names the missing setting (the code is `failed` at once).
 */
function lockCodeProgrammerFor(config: Config, clock: Clock): LockCodeProgrammer {
  const seam = config.seam;
  const vendors =
    seam === null
      ? unconfiguredLockCodeProgrammer("is programmed through Seam, and SEAM_API_KEY is not set.")
      : createSeamLockCodeProgrammer({
          apiKey: seam.apiKey,
          endpoint: seam.endpoint ?? undefined,
          timeoutMs: config.lockProviderTimeoutMs,
          clock,
        });
  return routeLockCodeProgrammers({ simulated: createSimulatedLockCodeProgrammer() }, vendors);
}

/** Test and embedding hooks: replace or wrap what the container would build. */
export interface Overrides {
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly lockProvider?: LockProvider;
  /** Wraps the configured store, e.g. to make one port fail. */
  readonly wrapStore?: (store: Store) => Store;
  /** Replaces the node:http webhook sender. */
  readonly webhookSender?: WebhookSender;
  /** The dispatcher's poll interval, ms (tests); default 400. */
  readonly webhookPollMs?: number;
  /** The lock-code worker's poll interval, ms (tests); default 400. */
  readonly codeSyncPollMs?: number;
  /** The message sender's poll interval, ms (tests); default 400. */
  readonly messagePollMs?: number;
  /** How long a rotated-out webhook secret keeps signing, ms (default 24 h): tests shorten it. */
  readonly webhookSecretOverlapMs?: number;
  /** The Redis webhook delivery group (default `default`): tests on a shared Redis take their own, so no other server leases their attempts. */
  readonly webhookDeliveryGroup?: string;
  /** The random source PINs are drawn with (tests force a clash with one that always answers 0); the system's by default. */
  readonly pinRandom?: (bound: number) => number;
}

/** Every store port the server uses. */
export type Store = LintelStore;

/** Every part of the server, each token typed with what it resolves to. */
export const TOKENS = {
  config: token<Config>("Config"),
  logger: token<Logger>("Logger"),
  clock: token<Clock>("Clock"),
  redis: token<RedisHandle | null>("RedisHandle"),
  store: token<Store>("LintelStore"),
  lockProvider: token<LockProvider>("LockProvider"),
  lintel: token<Lintel>("Lintel"),
  webhookSender: token<WebhookSender>("WebhookSender"),
  metrics: token<Metrics | null>("Metrics"),
} as const;

/** Registers every part of the server for `config` in a fresh child container. */
export function buildContainer(config: Config, overrides: Overrides = {}): Resolver {
  const c = typed(rootContainer.createChildContainer());
  c.value(TOKENS.config, config);
  c.value(TOKENS.clock, overrides.clock ?? systemClock);
  c.value(TOKENS.logger, overrides.logger ?? createLogger(config.logLevel));
  // Metrics exist only when METRICS_PORT is set: without it nothing is counted.
  c.once(TOKENS.metrics, () => (config.metricsPort === null ? null : createMetrics()));
  c.once(TOKENS.redis, (c) =>
    config.store.kind === "redis"
      ? openRedisStore(config.store, c.resolve(TOKENS.logger), overrides.webhookDeliveryGroup ?? config.store.workGroup)
      : null,
  );
  c.once(TOKENS.store, (c) => {
    const redis = c.resolve(TOKENS.redis);
    const store = redis === null ? createMemoryStore({ clock: c.resolve(TOKENS.clock) }) : redis.store;
    return overrides.wrapStore ? overrides.wrapStore(store) : store;
  });
  c.once(TOKENS.lockProvider, (c) => overrides.lockProvider ?? lockProviderFor(config, c.resolve(TOKENS.clock)));
  c.once(TOKENS.webhookSender, () => overrides.webhookSender ?? createWebhookSender({ allowPrivate: config.webhooks.allowPrivate }));
  c.once(TOKENS.lintel, (c) => {
    const logger = c.resolve(TOKENS.logger);
    const metrics = c.resolve(TOKENS.metrics);
    // Once per outage, not once per poll nor once per worker (webhooks, codes): the first failure with its error, then the recovery.
    let storeFailing = false;
    const outage = {
      failed(error: unknown) {
        if (!storeFailing)
          logger.error(
            { err: error },
            "background work (webhooks, codes): a store call failed; further failures are not logged until it recovers",
          );
        storeFailing = true;
      },
      recovered() {
        if (storeFailing) logger.info("background work (webhooks, codes): the store answers again (recovered)");
        storeFailing = false;
      },
    };
    return createLintel({
      store: c.resolve(TOKENS.store),
      lockProvider: c.resolve(TOKENS.lockProvider),
      cursorSecrets: config.cursorSecrets,
      dataKeys: config.dataKeys,
      clock: c.resolve(TOKENS.clock),
      defaultRateLimit: config.rateLimit,
      failedKeyLimit: config.failedAuthLimit,
      lockProviderTimeoutMs: config.lockProviderTimeoutMs,
      lockProviderObserver: c.resolve(TOKENS.metrics) ?? undefined,
      pinRandom: overrides.pinRandom,
      // A request's Redis calls share the command timeout (issue 12); the memory store never blocks.
      storeDeadlineMs: config.store.kind === "redis" ? COMMAND_TIMEOUT_MS : undefined,
      webhookSender: c.resolve(TOKENS.webhookSender),
      webhookAllowPrivate: config.webhooks.allowPrivate,
      webhookSecretOverlapMs: overrides.webhookSecretOverlapMs,
      webhookDelivery: {
        retryScheduleSeconds: config.webhooks.retryScheduleSeconds,
        pollMs: overrides.webhookPollMs,
        observer: {
          // One line per attempt: ids, status, outcome and time; never the secret, the url's query nor the body.
          attempted(report) {
            metrics?.webhookAttempted(report);
            const { endpointId, eventId, deliveryId, attempt, status, outcome, error, ms } = report;
            logger.info({ endpointId, eventId, deliveryId, attempt, status, outcome, error, ms }, "webhook attempt");
          },
          pending: (count, oldestAgeMs, dropped) => metrics?.webhooksPending(count, oldestAgeMs, dropped),
          ...outage,
        },
      },
      lockCodeProgrammer: lockCodeProgrammerFor(config, c.resolve(TOKENS.clock)),
      lockCodeSync: {
        retryScheduleSeconds: config.codeSyncRetryScheduleSeconds,
        pollMs: overrides.codeSyncPollMs,
        observer: {
          // One line per attempt: ids, provider, outcome, the failure's words and time; never the PIN.
          attempted(report) {
            metrics?.codeAttempted(report);
            const { orgId, codeId, lockId, provider, op, outcome, error, ms } = report;
            logger.info({ orgId, codeId, lockId, provider, op, outcome, error, ms }, "access code attempt");
          },
          pending: (count, oldestAgeMs) => metrics?.codesPending(count, oldestAgeMs),
          ...outage,
        },
      },
      // With SMTP_URL and MAIL_FROM, due messages of tours whose prospect has an email go out by email too.
      mailer: config.mail === null ? undefined : createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from }),
      messageSending: {
        retryScheduleSeconds: config.messageRetryScheduleSeconds,
        pollMs: overrides.messagePollMs,
        observer: {
          // One line per attempt: ids, phase, outcome, channel, the failure's words and time; never the recipient nor the text.
          attempted(report) {
            const { orgId, messageId, phase, outcome, channel, error, ms } = report;
            logger.info({ orgId, messageId, phase, outcome, channel, error, ms }, "message attempt");
          },
          ...outage,
        },
      },
      observationFailed: (error) => logger.error({ err: error }, "lock.state_changed: observing a state failed"),
    });
  });
  return c;
}
