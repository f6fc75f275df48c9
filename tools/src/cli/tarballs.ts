#!/usr/bin/env node
// Writes the tarball of every published package into a folder, as it is published (pack.ts):
// the server's carries the @lintel packages it runs on, so that file alone installs and runs
// (`npm install ./lintel-server-0.1.0.tgz && npx lintel serve`); each is published as it is
// (`npm publish <file>`). Usage: npm run -s tarballs -- <folder>
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { packPublished } from "../pack.js";
import { PUBLISHED_PACKAGES } from "../published.js";

const target = process.argv[2];
if (target === undefined) {
  console.error("usage: npm run -s tarballs -- <folder>");
  process.exit(2);
}
// npm runs a script in the workspace's root: the folder is named from where npm was run.
const dir = resolve(process.env["INIT_CWD"] ?? ".", target);
for (const [folder, tarball] of await packPublished(PUBLISHED_PACKAGES, dir)) {
  console.log(`${tarball}\t${(statSync(tarball).size / 1024).toFixed(0)} kB\t${folder}`);
}
