// What the lock-code e2e tests share (lock-codes*.e2e.test.ts): a test fixture with a unit of
// their own served by Seam-backed locks on Seam's fake, a server started on it, and reads of a
// code's schedule entry.
//
// The servers run in this process (startServer) with a delivery group of their own: on a shared
// Redis a server process (spawnServer) takes no group and so leases the code work of every
// other server process's orgs, programming it through its own SEAM_ENDPOINT.
import assert from "node:assert/strict";
import type { DestinationStream } from "pino";
import { createLogger } from "@lintel/api";
import type { FakeAccessCode, FakeLockProperties, FakeSeam } from "@lintel/testkit/seam";
import { call, postJson, testConfig, testFixture, type Answer, type TestFixture } from "../e2e.test-support.js";
import { startServer, type RunningServer } from "../../server.js";
import { until } from "../webhooks/webhook-receiver.test-support.js";

export { until };

/** A schedule entry of a code as Lintel serves it (the fields these tests read). */
export interface CodeEntry {
  readonly key: string;
  readonly id: string;
  readonly title: string;
  readonly startAt: string;
  readonly endAt: string;
  readonly lockId: string | null;
  readonly code: string | null;
  readonly lockSync: { readonly status: "pending" | "set" | "failed"; readonly error: string | null; readonly updatedAt: string } | null;
}

/** A test fixture plus a unit (`codesUnit`, America/Chicago) whose locks are the fake's devices named in `seamLocks`. */
export interface CodesFixture extends TestFixture {
  readonly codesUnit: { readonly id: string; readonly urlKey: string };
  /** The lock id of each name given to {@link codesFixture}. */
  readonly lockIds: Readonly<Record<string, string>>;
  /** The fake's device of each name given to {@link codesFixture}. */
  readonly devices: Readonly<Record<string, string>>;
}

/**
 * A fresh test fixture whose unit `codesUnit` is served by one `august` lock per name of
 * `seamLocks`, each a new device of `fake` with `properties` (locked and online by default).
 */
export function codesFixture(
  fake: FakeSeam,
  seamLocks: readonly string[],
  properties: FakeLockProperties = { locked: true, online: true },
): CodesFixture {
  const base = testFixture();
  const codesUnit = {
    id: `${base.p}_u_codes`,
    orgId: base.orgA,
    urlKey: `${base.p}-codes`,
    address: "5 Pin St, Chicago",
    timeZone: "America/Chicago",
    version: 1,
  };
  const lockIds: Record<string, string> = {};
  const devices: Record<string, string> = {};
  const locks = seamLocks.map((name) => {
    const deviceId = fake.addLock(`${base.p} ${name}`, properties);
    devices[name] = deviceId;
    lockIds[name] = `${base.p}_seam_${name}`;
    return {
      ...base.shared,
      lockId: `${base.p}_seam_${name}`,
      name,
      provider: "august",
      providerDeviceId: deviceId,
      unitIds: [codesUnit.id],
    };
  });
  const json = { ...base.json, units: [...base.json.units, codesUnit], locks: [...base.json.locks, ...locks] };
  return { ...base, json, codesUnit, lockIds, devices };
}

/**
 * A server on `json` (a fixture of run prefix `p`) with `env` over the e2e defaults, in a
 * delivery group of its own, polling for code work every 50 ms; with `logTo`, logging at debug
 * level there through the server's own logger; with `pinRandom`, drawing PINs with it.
 */
export function startCodesServer(
  p: string,
  json: unknown,
  env: Record<string, string>,
  logTo?: DestinationStream,
  pinRandom?: (bound: number) => number,
): Promise<RunningServer> {
  return startServer(testConfig(env), {
    fixture: json,
    webhookDeliveryGroup: p,
    codeSyncPollMs: 50,
    ...(logTo === undefined ? {} : { logger: createLogger("debug", logTo) }),
    ...(pinRandom === undefined ? {} : { pinRandom }),
  });
}

/** POSTs `body` as the admin of `fixture`'s org A. */
export function post(base: string, fixture: TestFixture, path: string, body: unknown): Promise<Answer> {
  return postJson(base, path, fixture.keys.admin, body);
}

/** The code `itemKey` of `unitIdOrKey` as list_schedule serves it, or undefined when it is not listed. */
export async function entryOf(base: string, fixture: TestFixture, unitIdOrKey: string, itemKey: string): Promise<CodeEntry | undefined> {
  const answer = await call(base, `/v1/units/list_schedule?unitIdOrKey=${unitIdOrKey}&from=2000-01-01T00:00:00Z&limit=100`, {
    key: fixture.keys.admin,
  });
  assert.equal(answer.status, 200, answer.text);
  assert.equal(answer.json.nextCursor, null);
  return (answer.json.items as CodeEntry[]).find((entry) => entry.key === itemKey);
}

/** Waits until the code's lockSync has `status`, and answers its entry then. */
export function lockSyncIs(
  base: string,
  fixture: TestFixture,
  unitIdOrKey: string,
  itemKey: string,
  status: "set" | "failed",
  timeoutMs = 10_000,
): Promise<CodeEntry> {
  return until(
    `${itemKey} ${status}`,
    async () => {
      const entry = await entryOf(base, fixture, unitIdOrKey, itemKey);
      return entry?.lockSync?.status === status ? entry : undefined;
    },
    timeoutMs,
  );
}

/** The one access code the fake holds on `deviceId` (fails when there are none or several). */
export function onlyCodeOn(fake: FakeSeam, deviceId: string): FakeAccessCode {
  const codes = fake.accessCodesOn(deviceId);
  assert.equal(
    codes.length,
    1,
    `the device holds ${codes.length} codes: ${JSON.stringify(codes.map(({ name, type }) => ({ name, type })))}`,
  );
  return codes[0]!;
}
