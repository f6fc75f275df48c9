// The README's "typed client" section as a test against the real server with the demo data:
// what the README shows must compile and answer as it says.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { loadConfig, startServer, type RunningServer } from "@lintel/server";
import { DEMO_KEYS } from "@lintel/server/demo";
import { createLintelClient, LintelProblem, type Lock } from "@lintel/client";

let server: RunningServer;
before(async () => {
  const loading = loadConfig({ LOG_LEVEL: "silent", STORE: "memory" });
  assert.ok(loading.ok);
  server = await startServer({ ...loading.config, port: 0 });
});
after(() => server.close());

it("README client: for await over locks, a lock's state, a LintelProblem with its code and requestId", async () => {
  const apiKey = DEMO_KEYS.find((key) => key.id === "key_acme_admin")?.key ?? "";
  // ---- README ----
  const lintel = createLintelClient({ baseUrl: server.url, apiKey });

  const locks: Lock[] = [];
  for await (const lock of lintel.locks.list({ limit: 50 })) locks.push(lock); // every page, 50 at a time

  const state = await lintel.locks.getState("lock_004"); // { lockState, doorState, online, batteryLevel, … }

  let problem: LintelProblem | undefined;
  try {
    await lintel.templates.get("tpl_missing");
  } catch (error) {
    if (!(error instanceof LintelProblem)) throw error;
    problem = error; // error.code "not_found", error.status 404, error.requestId, error.detail
  }
  // ---- end of README ----
  const manual = (await (await fetch(`${server.url}/v1/locks?limit=100`, { headers: { "x-api-key": apiKey } })).json()) as {
    locks: Lock[];
    nextCursor: string | null;
  };
  assert.equal(manual.nextCursor, null);
  assert.deepEqual(locks, manual.locks);
  assert.ok(locks.length > 50, "more than one page");
  assert.equal(state.lockId, "lock_004");
  assert.deepEqual([problem?.code, problem?.status], ["not_found", 404]);
  assert.ok(problem?.requestId);
});
