/**
 * The parts of the READMEs written from the code, so they cannot drift from it: the endpoint
 * table (from the OpenAPI document, which the API builds from its endpoint table), the
 * configuration table (from the server's environment variables), the public names of domain
 * and core (from each entry's built `.d.ts`, surface.ts) and the client's generated methods
 * (cli/generate-methods.ts). Each sits between
 * `<!-- generated:NAME -->` and `<!-- end generated:NAME -->`; `npm run -s readme` rewrites
 * them, and readme/sections.test.js fails when a README differs from what it would write.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildOpenApiDocument, ENDPOINTS } from "@lintel/api";
import type { Scope } from "@lintel/domain";
import { IMPLIED_SCOPES } from "@lintel/domain/adapters";
import { ENVIRONMENT_VARIABLES, type EnvironmentVariableDoc } from "@lintel/server";
import { packageSurface, SURFACE_BUDGETS, type BudgetedPackage } from "../surface.js";
import { clientMethods, clientMethodTable, type MethodsDocument } from "../cli/generate-methods.js";

/** What the endpoint table reads of one operation of the OpenAPI document. */
interface DocumentOperation {
  readonly summary: string;
  readonly "x-required-scope"?: Scope;
}

/** The OpenAPI document's paths, as much of them as the table reads. */
interface DocumentPaths {
  readonly paths: Record<string, Record<string, DocumentOperation>>;
}

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replace(/\|/g, "\\|");

/** A scope, and the wider scopes that grant it too. */
function scopeCell(scope: Scope | undefined): string {
  if (scope === undefined) return "none (no key)";
  const wider = IMPLIED_SCOPES[scope] ?? [];
  return wider.length === 0 ? code(scope) : `${code(scope)} (or ${wider.map(code).join(", ")})`;
}

/** The endpoint table: every operation of `document`, in its order, with its summary and the scope its key needs. */
export function endpointTable(document: DocumentPaths): string {
  const rows = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  const v1 = rows.filter((row) => row.operation["x-required-scope"] !== undefined).length;
  return [
    `${v1} operations under \`/v1\`, each needing its scope (a scope in parentheses grants it too), and ${rows.length - v1} that need no key:`,
    "",
    "| endpoint | what it does | scope |",
    "|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${code(`${row.method} ${row.path}`)} | ${cell(row.operation.summary)} | ${scopeCell(row.operation["x-required-scope"])} |`,
    ),
  ].join("\n");
}

/** The configuration table: every environment variable of `variables`, with its default and meaning. */
export function configurationTable(variables: Readonly<Record<string, EnvironmentVariableDoc>>): string {
  return [
    "| variable | default | meaning |",
    "|---|---|---|",
    ...Object.entries(variables).map(([name, doc]) => `| ${code(name)} | ${cell(doc.default)} | ${cell(doc.meaning)} |`),
  ].join("\n");
}

/** The public names of the package at `folder`: each entry of its `exports` map with its count (the main entry's with its budget) and its names. */
export function publicNames(root: string, folder: BudgetedPackage): string {
  return packageSurface(root, folder)
    .map((entry, i) => {
      const count = i === 0 ? `${entry.names.length} names, budget ${SURFACE_BUDGETS[folder]}` : `${entry.names.length} names`;
      return `${code(entry.specifier)} (${count}): ${entry.names.map(code).join(", ")}.`;
    })
    .join("\n\n");
}

/** `text` with the lines between the markers of section `name` replaced by `content`; throws when a marker is missing. */
export function replaceSection(text: string, name: string, content: string): string {
  const begin = `<!-- generated:${name} (npm run -s readme writes this section) -->`;
  const end = `<!-- end generated:${name} -->`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no "${begin}" … "${end}" section`);
  return `${text.slice(0, from + begin.length)}\n${content}\n${text.slice(to)}`;
}

/** Each README with generated sections (a path from the repository's root), and the sections it holds. */
const SECTIONS: readonly { readonly file: string; readonly sections: readonly ("endpoints" | "configuration" | "names" | "client")[] }[] = [
  { file: "README.md", sections: ["endpoints", "configuration"] },
  { file: "apps/server/README.md", sections: ["configuration"] },
  { file: "packages/domain/README.md", sections: ["names"] },
  { file: "packages/core/README.md", sections: ["names"] },
  { file: "packages/client/README.md", sections: ["client"] },
];

/** Every README with generated sections, as `npm run -s readme` would write it: path from `root` → text. */
export function generatedReadmes(root: string): Map<string, string> {
  const document = buildOpenApiDocument("http://localhost:3000", "http://localhost:3000/docs");
  const endpoints = endpointTable(document as unknown as DocumentPaths);
  const content = {
    endpoints: () => endpoints,
    client: () => clientMethodTable(clientMethods(document as unknown as MethodsDocument, ENDPOINTS)),
    configuration: () => configurationTable(ENVIRONMENT_VARIABLES),
    // A package README's names are its own package's: the README sits in the package's folder.
    names: (file: string) => publicNames(root, dirname(file) as BudgetedPackage),
  };
  return new Map(
    SECTIONS.map(({ file, sections }) => [
      file,
      sections.reduce((text, name) => replaceSection(text, name, content[name](file)), readFileSync(join(root, file), "utf8")),
    ]),
  );
}
