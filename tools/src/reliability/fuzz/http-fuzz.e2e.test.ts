// The HTTP fuzz in the test suite: 1,000 seeded hostile requests over raw sockets against the
// real server process, on the store this run tests (STORE), every answer judged against SPEC 4;
// about a fifth are every write endpoint's bodies with hostile strings (fuzz-writes.ts).
// FUZZ_SEED=<n> repeats a run; the seed is in every failure message.
import assert from "node:assert/strict";
import { randomInt } from "node:crypto";
import { after, before, it } from "node:test";
import { describeFailure, runFuzz, startFuzzServer, type FuzzServer } from "./fuzz-run.js";

const RUNS = 1000;
const seed = process.env["FUZZ_SEED"] === undefined ? randomInt(2 ** 31) : Number(process.env["FUZZ_SEED"]);

let target: FuzzServer;
before(async () => {
  target = await startFuzzServer(process.env["STORE"] ?? "memory");
});
after(() => target.server.stop());

it(`HTTP fuzz: ${RUNS} hostile requests (seed ${seed}) each get a SPEC 4 answer: no 5xx, problems with matching x-request-id, nothing internal, no write accepted with a lone surrogate or a control character`, async () => {
  const report = await runFuzz(target, { seed, runs: RUNS });
  const sent = [...report.statuses.values()].reduce((sum, n) => sum + n, 0);
  assert.equal(sent, RUNS);
  assert.deepEqual(
    report.failures.map((failure) => describeFailure(seed, failure)),
    [],
    `seed ${seed}: repeat with FUZZ_SEED=${seed} or npm run -s fuzz -- --seed ${seed} --runs ${RUNS}`,
  );
  assert.deepEqual(report.loggedErrors, [], `seed ${seed}: the server logged errors`);
  // Not all refusals: the run reached the operations too, and the writes both refused and stored.
  assert.ok((report.statuses.get("200") ?? 0) > 0, `no 200 in ${sent} requests (seed ${seed})`);
  const writes = [...report.writeStatuses].map(([status, n]) => `${status}×${n}`).join(" ");
  assert.ok((report.writeStatuses.get("400") ?? 0) > 50, `writes by status: ${writes} (seed ${seed})`);
  assert.ok(
    [...report.writeStatuses].some(([status]) => status.startsWith("2")),
    `no write stored: ${writes} (seed ${seed})`,
  );
});
