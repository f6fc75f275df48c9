// The README's commands to start Lintel on Redis, as printed: run through sh (the secrets made
// with openssl as shown), each start line's environment is one the server's configuration
// accepts, so `npm start` gets past its checks (a missing DATA_KEYS once stopped it).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { it } from "node:test";
import { fileURLToPath } from "node:url";
import { loadConfig } from "@lintel/server";

const readme = readFileSync(fileURLToPath(new URL("../../../README.md", import.meta.url)), "utf8");

/** The lines of the first `sh` block after `heading`, without their comments. */
function shellLines(heading: string): string[] {
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf(heading)))?.[1] ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "");
}

it("README: each Redis start command, as printed, gives a configuration the server accepts", () => {
  const [setup, ...starts] = shellLines("## Running on Redis");
  assert.match(setup ?? "", /^export /, "the block opens with the secrets' export");
  assert.ok(starts.length >= 2, starts.join("\n"));
  for (const start of starts) {
    assert.match(start, / npm start$/);
    const printEnv = start.replace(/ npm start$/, ` ${JSON.stringify(process.execPath)} -e 'console.log(JSON.stringify(process.env))'`);
    const env = JSON.parse(
      execFileSync("sh", ["-c", `${setup}\n${printEnv}`], { env: { PATH: process.env["PATH"] ?? "" }, encoding: "utf8" }),
    ) as Record<string, string>;
    const loading = loadConfig(env);
    assert.ok(loading.ok, `${start}: ${loading.ok ? "" : loading.errors.join("; ")}`);
    assert.equal(loading.config.store.kind, "redis", start);
  }
});
