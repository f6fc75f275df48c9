/** A Lua script run by SHA (EVALSHA), sent whole only when the server doesn't know it yet. */
import { createHash } from "node:crypto";
import type { RedisClient } from "./client.js";

export class LuaScript {
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash("sha1").update(source, "utf8").digest("hex");
  }

  /** Runs on the node owning `keys` (which must share one slot). */
  async run(client: RedisClient, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await client.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return client.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
