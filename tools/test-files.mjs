#!/usr/bin/env node
// Runs the test files it is given with node's test runner, in the order given: `node --test
// <files>` sorts its files by path, so a minute-long file under tools/ would start last and run
// alone at the stage's end. Two files at a time, each held to 300 s (Node 22 holds a file, as a
// whole, to the timeout: the packages' file has taken 64 to 193 s). Writes the TAP to stdout and
// a line per finished file to stderr (test-progress.mjs); exits 1 when a test failed.
// Usage (run-tests.mjs runs it on the Node of the stage): node tools/test-files.mjs <file>...
import { PassThrough } from "node:stream";
import { run } from "node:test";
import { tap } from "node:test/reporters";
import { resolve } from "node:path";
import progress from "./test-progress.mjs";

const files = process.argv.slice(2).map((file) => resolve(file));
const stream = run({ files, concurrency: 2, timeout: 300_000 });
// The run's own summary (the one without a file) says whether every test passed (todo and skipped ones aside).
stream.on("test:summary", (data) => {
  if (data.file === undefined && !data.success) process.exitCode = 1;
});
const toTap = new PassThrough({ objectMode: true });
const toProgress = new PassThrough({ objectMode: true });
stream.pipe(toTap);
stream.pipe(toProgress);
toTap.compose(tap).pipe(process.stdout);
toProgress.compose(progress).pipe(process.stderr);
