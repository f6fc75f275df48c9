// The client's types are the served document's: regenerating openapi-types.ts from the live
// /v1/openapi.json changes nothing (else: npm run -s client:types, and commit the result).
// Store-independent: runs in the memory stages only.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, it } from "node:test";
import { startTestServer, type TestServer } from "@lintel/testkit/e2e";
import * as lintelServer from "@lintel/server";
import type { RunningServer } from "@lintel/server";
import { generateTypes } from "./cli/generate-types.js";

let server: TestServer<RunningServer>;
before(async () => {
  server = await startTestServer(lintelServer);
});
after(() => server.close());

it("openapi types: regenerating openapi-types.ts from the live /v1/openapi.json changes nothing", async () => {
  const live = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as object;
  const checkedIn = await readFile(new URL("../../packages/client/src/openapi-types.ts", import.meta.url), "utf8");
  const regenerated = await generateTypes(live);
  assert.ok(regenerated.includes('"/v1/locks/{lockId}/state"'));
  assert.equal(regenerated, checkedIn, "openapi-types.ts is stale: run npm run -s client:types");
});
