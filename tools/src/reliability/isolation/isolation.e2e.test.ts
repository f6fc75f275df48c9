// Isolation as a property (SPEC 1: nothing of one org is visible through another's key): random
// worlds of 3–4 orgs that reuse each other's urlKeys and look-alike ids, on the real server
// process and the store this run tests. Every foreign id, urlKey and cursor (list and schedule)
// on every endpoint answers exactly like an unknown one; lists hold the org's own records only;
// nothing changed. ISOLATION_SEED=<n> repeats a run.
import assert from "node:assert/strict";
import { randomInt } from "node:crypto";
import { after, before, it } from "node:test";
import type { ServerChild } from "@lintel/testkit/processes";
import { probeWorld } from "./isolation-probe.js";
import { startWorldsServer, type World } from "./isolation-world.js";

const WORLDS = 3;
const seed = process.env["ISOLATION_SEED"] === undefined ? randomInt(2 ** 31) : Number(process.env["ISOLATION_SEED"]);

let worlds: World[];
let server: ServerChild;
before(async () => {
  ({ worlds, server } = await startWorldsServer(process.env["STORE"] ?? "memory", seed, WORLDS));
});
after(() => server.stop());

it(`isolation: ${WORLDS} random worlds of colliding orgs (seed ${seed}): foreign ids, urlKeys and cursors answer like unknown ones`, async () => {
  const reports = await Promise.all(worlds.map((world) => probeWorld(server.url, world, { parallel: true })));
  for (const [i, report] of reports.entries()) {
    assert.deepEqual(report.mismatches, [], `seed ${seed}: repeat with ISOLATION_SEED=${seed}`);
    assert.ok(report.pairs >= worlds[i]!.orgs.length * 40, `only ${report.pairs} probes (seed ${seed})`);
  }
});
