// Which failures are "Redis can't answer right now" (503) and which are bugs (500).
import assert from "node:assert/strict";
import { test } from "node:test";
import { inspect } from "node:util";
import { ReplyError } from "ioredis";
import { StoreUnavailableError } from "@lintel/core";
import type { RedisClient } from "./client.js";
import { guard, isUnavailable } from "./errors.js";
import { LuaScript } from "../scripts/lua-script.js";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const named = (message: string, name: string) => Object.defineProperty(new Error(message), "name", { value: name });
const reply = (message: string) => new (ReplyError as new (message: string) => Error)(message);

test("connection-level failures are unavailability", () => {
  for (const error of [
    new Error("Connection is closed."),
    new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    new Error("Command timed out"),
    new Error("Cluster isn't ready and enableOfflineQueue options is false"),
    new Error("None of startup nodes is available"),
    withCode("connect ECONNREFUSED 127.0.0.1:1", "ECONNREFUSED"),
    withCode("read ECONNRESET", "ECONNRESET"),
    named("Reached the max retries per request limit (which is 1).", "MaxRetriesPerRequestError"),
    named("Failed to refresh slots cache.", "ClusterAllFailedError"),
    reply("CLUSTERDOWN The cluster is down"),
    reply("LOADING Redis is loading the dataset in memory"),
    new StoreUnavailableError(),
  ]) {
    assert.equal(isUnavailable(error), true, error.message);
  }
});

test("anything else is not: parse errors, bugs, wrong replies", () => {
  const parse = (() => {
    try {
      JSON.parse("{not json");
    } catch (error) {
      return error as Error;
    }
    throw new Error("JSON.parse accepted a corrupt record");
  })();
  for (const error of [
    parse,
    new TypeError("Cannot read properties of undefined (reading 'status')"),
    new Error("Fixture item tour:t1 of org o keeps moving between units; gave up."),
    reply("WRONGTYPE Operation against a key holding the wrong kind of value"),
    reply("ERR Error running script"),
  ]) {
    assert.equal(isUnavailable(error), false, error.message);
  }
  assert.equal(isUnavailable("Connection is closed."), false);
});

test("guard wraps unavailability and passes anything else through unchanged", async () => {
  const closed = new Error("Connection is closed.");
  await assert.rejects(
    guard(() => Promise.reject(closed)),
    (error) => error instanceof StoreUnavailableError && error.cause === closed,
  );
  const bug = new SyntaxError("Unexpected token");
  await assert.rejects(
    guard(() => Promise.reject(bug)),
    (error) => error === bug,
  );
});

test("no error leaves guard or a script with ioredis's command args (they carry what was written: secrets)", async () => {
  const secret = "whsec_c2VjcmV0IHRoYXQgbXVzdCBub3QgbGVhaw==";
  const carrying = (message: string) =>
    Object.assign(reply(message), { command: { name: "evalsha", args: ["sha", "2", "k1", "k2", JSON.stringify({ secret })] } });
  const leaks = (error: unknown) => inspect(error, { depth: 10 }).includes(secret) || JSON.stringify(error).includes(secret);

  const oom = await guard(() => Promise.reject(carrying("OOM command not allowed when used memory > 'maxmemory'."))).catch(
    (e: unknown) => e,
  );
  assert.ok(oom instanceof Error && oom.message.startsWith("OOM"));
  assert.equal(leaks(oom), false, inspect(oom));
  const busy = await guard(() => Promise.reject(carrying("BUSY Redis is busy running a script"))).catch((e: unknown) => e);
  assert.ok(busy instanceof StoreUnavailableError);
  assert.equal(leaks(busy), false, inspect(busy));
  const exec = Object.assign(reply("EXECABORT Transaction discarded"), { previousErrors: [carrying("OOM no")] });
  assert.equal(leaks(await guard(() => Promise.reject(exec)).catch((e: unknown) => e)), false);

  const script = new LuaScript("return 1");
  const failing = (first: string, second?: string) =>
    ({
      evalsha: () => Promise.reject(carrying(first)),
      eval: () => Promise.reject(carrying(second ?? first)),
      evalshaBuffer: () => Promise.reject(carrying(first)),
      evalBuffer: () => Promise.reject(carrying(second ?? first)),
    }) as unknown as RedisClient;
  for (const client of [failing("OOM no"), failing("NOSCRIPT No matching script", "OOM no")]) {
    for (const run of [script.run.bind(script), script.runBuffer.bind(script)]) {
      const error = await run(client, ["k"], [secret]).catch((e: unknown) => e);
      assert.ok(error instanceof Error && error.message === "OOM no");
      assert.equal(leaks(error), false, inspect(error));
    }
  }
});
