/**
 * One fuzz run: the real server process (`node apps/server/dist/main.js`) on the e2e test fixture,
 * `runs` cases drawn from `fuzzCase` with `seed`, sent a few at a time, each answer judged.
 * Shared by the script (tools/src/reliability/fuzz.ts) and the npm-test run.
 */
import fc from "fast-check";
import { processStoreEnv, testFixture } from "@lintel/testkit/e2e";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../../server-process.js";
import { sendCase } from "./fuzz-check.js";
import { fuzzCase, type FuzzCase, type FuzzTargets } from "./fuzz-requests.js";
import { isWriteCase } from "./fuzz-writes.js";

/** DOCS_URL as the server derives it from the PUBLIC_BASE_URL it is given. */
export const FUZZ_DOCS_URL = "http://localhost:3000/docs";
const CONCURRENCY = 8;

export interface FuzzServer {
  readonly server: ServerChild;
  readonly port: number;
  readonly targets: FuzzTargets;
}

/** A webhook endpoint of the org of `key`, made through the API: the writes name it (deliveries go to a closed local port). */
async function makeEndpoint(server: ServerChild, key: string): Promise<string> {
  const answer = await fetch(`${server.url}/v1/webhook_endpoints`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json", "x-forwarded-for": "10.9.9.9" },
    body: JSON.stringify({ url: "http://127.0.0.1:9/fuzz", eventTypes: ["webhook_endpoint.disabled"], description: "fuzz" }),
  });
  const body = (await answer.json()) as { webhookEndpoint?: { id: string } };
  if (answer.status !== 201 || body.webhookEndpoint === undefined) throw new Error(`the fuzz's webhook endpoint: ${answer.status}`);
  return body.webhookEndpoint.id;
}

/** The server on a fresh test fixture; budgets high enough that 429 stays the exception; private webhook destinations allowed. */
export async function startFuzzServer(store: string): Promise<FuzzServer> {
  const fixture = testFixture();
  const { keys, units, shared, foreignLock, templates, inactiveLock, locks, p } = fixture;
  const [port] = (await freePorts(1)) as [number];
  const server = await spawnServer(port, {
    ...processStoreEnv(store),
    FIXTURE: await writeFixture(fixture.json),
    TRUST_PROXY: "true",
    RATE_LIMIT: "1000000/60",
    PUBLIC_BASE_URL: "http://localhost:3000",
    WEBHOOK_ALLOW_PRIVATE: "true",
    LOG_LEVEL: "error", // an error logged is a 500 even when no client saw it (the socket was gone)
  });
  const unitIds = Object.values(units).flatMap((unit) => [unit.id, unit.urlKey]);
  const { tours, codes, openHouses, scheduledMessages } = fixture.json;
  const targets: FuzzTargets = {
    keys: Object.values(keys),
    ids: [
      ...unitIds,
      shared.lockId,
      foreignLock.lockId,
      inactiveLock?.lockId ?? shared.lockId,
      templates[0]?.id ?? shared.lockId,
      `${p}_tpl_b`,
      `${p}_unknown`,
    ],
    writes: {
      units: [...unitIds, `${p}_unknown`],
      itemKeys: [
        ...tours.map((tour) => `tour:${tour.id}`),
        ...codes.map((code) => `code:${code.id}`),
        ...openHouses.map((openHouse) => `open_house:${openHouse.id}`),
        ...scheduledMessages.map((message) => `scheduled_message:${message.id}`),
        `tour:${p}_unknown`,
      ],
      templates: [...templates.map((template) => template.id), `${p}_tpl_b`, `${p}_unknown`],
      locks: [...locks.slice(0, 5).map((lock) => lock.lockId), shared.lockId, foreignLock.lockId],
      endpoints: [await makeEndpoint(server, keys.admin), await makeEndpoint(server, keys.orgB), `we_${"0".repeat(24)}`],
    },
  };
  return { server, port, targets };
}

export interface FuzzFailure {
  readonly index: number;
  readonly fuzzCase: FuzzCase;
  readonly failures: readonly string[];
}

export interface FuzzReport {
  readonly seed: number;
  readonly runs: number;
  readonly statuses: ReadonlyMap<string, number>;
  /** The first statuses of the cases that were POSTs to a write endpoint. */
  readonly writeStatuses: ReadonlyMap<string, number>;
  readonly failures: readonly FuzzFailure[];
  /** The server's error log lines of the run ("unexpected error": a 500, answered or not). */
  readonly loggedErrors: readonly string[];
}

/** Sends `runs` cases of `seed` to `target`, each judged. */
export async function runFuzz(target: FuzzServer, options: { seed: number; runs: number }): Promise<FuzzReport> {
  const cases = fc.sample(fuzzCase(target.targets), { seed: options.seed, numRuns: options.runs });
  const logStart = target.server.output().length;
  const statuses = new Map<string, number>();
  const writeStatuses = new Map<string, number>();
  const failures: FuzzFailure[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      const c = cases[index]!;
      const sent = await sendCase(c, target.port, FUZZ_DOCS_URL);
      const status = sent.exchange.responses[0]?.status ?? "no answer";
      statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
      if (isWriteCase(c)) writeStatuses.set(String(status), (writeStatuses.get(String(status)) ?? 0) + 1);
      if (sent.failures.length > 0) failures.push({ index, fuzzCase: c, failures: sent.failures });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  failures.sort((a, b) => a.index - b.index);
  const loggedErrors = target.server
    .output()
    .slice(logStart)
    .split("\n")
    .filter((line) => line.includes('"level":50') || line.includes('"level":60'));
  return { seed: options.seed, runs: options.runs, statuses, writeStatuses, failures, loggedErrors };
}

/** One failure as a line a person can act on: seed, index, what broke, the request. */
export function describeFailure(seed: number, failure: FuzzFailure): string {
  const c = failure.fuzzCase;
  const shown = JSON.stringify({ ...c, headers: c.headers.map((h) => ({ ...h, value: h.value.slice(0, 120) })) }).slice(0, 400);
  return `seed ${seed} case #${failure.index}: ${failure.failures.join("; ")}\n  ${JSON.stringify(c.method)} ${c.target.slice(0, 160)}\n  ${shown}`;
}
