#!/usr/bin/env node
// Rewrites the generated sections of the READMEs (the endpoint table, the configuration table)
// from the code (readme/sections.js). Usage: npm run -s readme
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generatedReadmes } from "../readme/sections.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
for (const [file, text] of generatedReadmes(root)) {
  writeFileSync(join(root, file), text);
  console.error(`wrote ${file}`);
}
