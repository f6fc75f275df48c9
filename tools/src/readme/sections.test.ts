// The READMEs' generated sections (the endpoint table, the configuration table) are what
// `npm run -s readme` writes from the code now, and the endpoint table lists every operation of
// the OpenAPI document the server serves, with the scope it requires.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "@lintel/api";
import { SCOPES } from "@lintel/domain";
import { configurationTable, endpointTable, generatedReadmes, replaceSection } from "./sections.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("the READMEs' generated sections", () => {
  it("each README is what npm run -s readme writes (run it after changing an endpoint or a variable)", () => {
    for (const [file, text] of generatedReadmes(root)) {
      assert.equal(readFileSync(join(root, file), "utf8"), text, `${file} differs from its generated sections: npm run -s readme`);
    }
  });

  it("README.md's endpoint table lists every operation of the OpenAPI document with its scope, and every scope", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const document = buildOpenApiDocument("http://localhost:3000", "http://localhost:3000/docs") as {
      paths: Record<string, Record<string, { "x-required-scope"?: string }>>;
    };
    const rows = new Map([...readme.matchAll(/^\| `([A-Z]+ \/\S*)` \| .* \| (.*) \|$/gm)].map((match) => [match[1], match[2]]));
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations++;
        const row = rows.get(`${method.toUpperCase()} ${path}`);
        assert.ok(row !== undefined, `the table lists ${method.toUpperCase()} ${path}`);
        const scope = operation["x-required-scope"];
        assert.ok(scope === undefined ? row.startsWith("none") : row.startsWith(`\`${scope}\``), `${path}: ${row}`);
      }
    }
    assert.equal(rows.size, operations, "no row without its operation");
    for (const scope of SCOPES) assert.ok(readme.includes(`\`${scope}\``), `the README names ${scope}`);
  });

  it("a scope that a wider one grants says so; a cell's | is escaped", () => {
    const table = endpointTable({
      paths: {
        "/v1/units/get_unit": { get: { summary: "Get a unit", "x-required-scope": "units:read" } },
        "/v1/locks": { get: { summary: "List locks", "x-required-scope": "locks:read" } },
        "/v1/events": { get: { summary: "List events", "x-required-scope": "events:read" } },
        "/healthz": { get: { summary: "alive | ready" } },
      },
    });
    assert.match(table, /^3 operations under `\/v1`, .* and 1 that need no key:/);
    assert.ok(table.includes("| `GET /v1/units/get_unit` | Get a unit | `units:read` (or `units:write`) |"), table);
    assert.ok(table.includes("| `GET /v1/locks` | List locks | `locks:read` (or `locks:write`) |"), table);
    assert.ok(table.includes("| `GET /v1/events` | List events | `events:read` |"), table);
    assert.ok(table.includes("| `GET /healthz` | alive \\| ready | none (no key) |"), table);
    assert.equal(
      configurationTable({ PORT: { default: "`3000`", meaning: "the port" } }),
      "| variable | default | meaning |\n|---|---|---|\n| `PORT` | `3000` | the port |",
    );
  });

  it("a section is replaced between its markers only, and a README without them is refused", () => {
    const begin = "<!-- generated:x (npm run -s readme writes this section) -->";
    const text = `before\n${begin}\nold\n<!-- end generated:x -->\nafter\n`;
    assert.equal(replaceSection(text, "x", "new"), `before\n${begin}\nnew\n<!-- end generated:x -->\nafter\n`);
    assert.throws(() => replaceSection("no markers", "x", "new"), /no "<!-- generated:x/);
  });
});
