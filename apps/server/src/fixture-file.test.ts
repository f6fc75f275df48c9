import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readFixtureFile } from "./fixture-file.js";
import { tempDir } from "@lintel/testkit/processes";

test("fixture file: a UTF-8 byte-order mark before the JSON is accepted", async () => {
  const path = join(await tempDir(), "bom.json");
  await writeFile(path, "\uFEFF" + JSON.stringify({ orgs: [{ id: "org_bom", name: "BOM" }] }), "utf8");
  const data = await readFixtureFile(path);
  assert.deepEqual(data.orgs, [{ id: "org_bom", name: "BOM" }]);
});

test("fixture file: text that is not JSON is refused, naming the file", async () => {
  const path = join(await tempDir(), "broken.json");
  await writeFile(path, "{ orgs: [] }", "utf8");
  await assert.rejects(
    readFixtureFile(path),
    (error: Error) => error.name === "FixtureRefusedError" && error.message.includes(path) && /not valid JSON/.test(error.message),
  );
});
