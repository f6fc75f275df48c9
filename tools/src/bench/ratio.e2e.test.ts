// A smoke run of the HTTP benchmark (ratio.ts), so it cannot rot unnoticed: one short round on
// one endpoint, bare Koa, memory and Redis under wrk, as `npm run bench:ratio` runs it. Only the
// shape of what it prints is checked (a header, a table row with a figure in every cell), and
// that it leaves no key behind in Redis; never a rate, a time or a ratio's value: figures come
// from running the benchmark, not from a test.
//
// Its Redis is a private redis-server: the bench keeps the demo's lock ids (only its orgs are
// renamed), and on a shared Redis where another org already holds one (a leftover of another
// run) its Lintel on Redis answers 404 and the run fails for a reason that is not the bench's.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { it } from "node:test";
import { Redis } from "ioredis";
import { freePorts, spawnRedis, tempDir } from "@lintel/testkit/processes";

const script = fileURLToPath(new URL("ratio.js", import.meta.url));

it(
  "bench:ratio, one round of 1 s on one lock: prints its header and a table row with a figure in every cell, and leaves Redis empty",
  { timeout: 180_000 },
  async () => {
    const [redisPort] = await freePorts(1);
    const dir = await tempDir();
    const server = await spawnRedis(redisPort!, dir, ["--appendonly", "no"]);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    try {
      const child = spawn(process.execPath, [script, "--rounds", "1", "--duration", "1", "--only", "one lock"], {
        env: { ...process.env, REDIS_URL: redisUrl },
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 150_000,
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
      assert.equal(signal, null, `killed by ${signal}\n${stdout}\n${stderr}`);
      assert.equal(code, 0, `exit ${code}\n${stdout}\n${stderr}`);

      const lines = stdout.split("\n");
      assert.match(stdout, /^# Lintel vs bare Koa — Node v\d+\.\d+\.\d+, \d+ cores \(.+\), \d{4}-\d{2}-\d{2}$/m);
      assert.match(stdout, /^wrk -t1 -c32, 1 alternating rounds of 1 s, LOG_LEVEL=info; .*median req\/s · server CPU per request$/m);
      const head = lines.indexOf("| endpoint | bare Koa | memory | Redis | memory/bare | Redis/memory |");
      assert.ok(head >= 0, `no table header in:\n${stdout}`);
      assert.equal(lines[head + 1], "|---|---:|---:|---:|---:|---:|");
      const rows = lines.slice(head + 2).filter((line) => line.startsWith("|"));
      assert.equal(rows.length, 1, stdout);
      const cells = rows[0]!.replace(/^\| | \|$/g, "").split(" | ");
      assert.equal(cells.length, 6, rows[0]);
      const [endpoint, bare, memory, redis, memoryPerBare, redisPerMemory] = cells;
      assert.equal(endpoint, "one lock");
      // Each server's cell: median req/s (en-US thousands separators) · server CPU µs per request.
      for (const cell of [bare, memory, redis]) assert.match(cell!, /^\d{1,3}(,\d{3})* · \d+ µs$/, rows[0]);
      for (const ratio of [memoryPerBare, redisPerMemory]) assert.match(ratio!, /^\d+\.\d{2}$/, rows[0]);

      // It wrote its fixture to Redis, and took every key of it out again.
      assert.match(stdout, /^removed [1-9]\d* Redis keys of the bench orgs and [1-9]\d* entries of theirs in the global indexes$/m);
      const client = new Redis(redisUrl);
      try {
        assert.deepEqual(await client.keys("*"), [], "the bench left keys in Redis");
      } finally {
        client.disconnect();
      }
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
);
