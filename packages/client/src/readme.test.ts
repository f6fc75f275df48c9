// The README's method table names every method of the client: a method added to the client and
// left out of the table fails here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { it } from "node:test";
import { createLintelClient } from "./index.js";

it("client README: its method table names every method of every group of the client", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const rows = readme.split("\n").filter((line) => line.startsWith("| `"));
  const client = createLintelClient({
    baseUrl: "http://api.test",
    apiKey: "lnt_x",
    fetch: (() => Promise.reject(new Error("unused"))) as typeof fetch,
  });
  const missing: string[] = [];
  for (const [group, methods] of Object.entries(client)) {
    for (const method of Object.keys(methods as object)) {
      // `units.get(`, or `.get(` in a row that starts with the group (`units.list(…)`, `.get(…)`).
      const named = rows.some(
        (row) => row.includes(`\`${group}.${method}(`) || (row.startsWith(`| \`${group}.`) && row.includes(`\`.${method}(`)),
      );
      if (!named) missing.push(`${group}.${method}`);
    }
  }
  assert.deepEqual(missing, [], "methods the README's table leaves out");
});
