/** A Lua script run by SHA (EVALSHA), sent whole only when the server doesn't know it yet. */
import { createHash } from "node:crypto";
import type { RedisClient } from "../redis/client.js";
import { withoutCommand } from "../redis/errors.js";
import { RECORD_LUA } from "./record-json.js";

/** ioredis makes a `…Buffer` twin of every command, these two included, but its types leave them out. */
interface BufferScripts {
  evalshaBuffer(sha: string, numkeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
  evalBuffer(source: string, numkeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
}

/** A script's failure, without ioredis's `command` (its args are what was written: secrets included). */
const clean = (error: unknown): never => {
  throw withoutCommand(error);
};

/**
 * A script of the store. Its source starts with `decodeRecord` and `encodeRecord` (record-json.js),
 * so every script, and every Lua helper shared between scripts, reads and writes stored records
 * with them: none can forget them.
 */
export class LuaScript {
  readonly sha: string;
  readonly source: string;

  constructor(body: string) {
    this.source = RECORD_LUA + body;
    this.sha = createHash("sha1").update(this.source, "utf8").digest("hex");
  }

  /** Runs on the node owning `keys` (which must share one slot). */
  async run(client: RedisClient, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await client.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw withoutCommand(error);
      return client.eval(this.source, keys.length, ...keys, ...args).catch(clean);
    }
  }

  /** {@link run}, with every string of the reply as the bytes Redis sent (a Buffer). */
  async runBuffer(client: RedisClient, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await (client as unknown as BufferScripts).evalshaBuffer(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw withoutCommand(error);
      return (client as unknown as BufferScripts).evalBuffer(this.source, keys.length, ...keys, ...args).catch(clean);
    }
  }
}
