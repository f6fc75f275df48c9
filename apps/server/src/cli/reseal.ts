/**
 * `lintel reseal` (`npm run -s reseal` in the repository): seals every webhook secret and PIN of a Redis store under the first of DATA_KEYS,
 * those a store holds plain (written before data keys) and those sealed under an older key. PINs
 * are codes' (in the code and in its lock work).
 * Run it after putting a new key first in DATA_KEYS (every instance restarted with the new list);
 * then the old key can be dropped. Kept Idempotency-Key answers are not rewritten: they expire
 * within 24 h, so keep the old key that long. Exit codes: 0 ok, 1 failed, 2 usage, 3 store unavailable.
 */
import { parseArgs } from "node:util";
import { createLintel } from "@lintel/core";
import { DataKeyError, parseDataKeys } from "@lintel/domain/adapters";
import { createSimulatedLockProvider } from "@lintel/store-memory";
import { EXIT, REDIS_OPTIONS, REDIS_USAGE, redisConfigFrom, UsageError, withRedisStore } from "./cli-support.js";

export const RESEAL_USAGE = `Usage: lintel reseal [--redis-url URL | --cluster-nodes h:p,...]
       (in Lintel's repository: npm run -s reseal [-- options])

Seals every webhook secret and PIN (of codes and their lock work) of the store under the
first of DATA_KEYS (the environment's, a comma list of 32-byte keys, hex or base64; the first
seals, every one opens).

${REDIS_USAGE}`;

/** `lintel reseal ARGS`: the exit code. */
export async function reseal(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: REDIS_OPTIONS, strict: true });
  if (values.help === true) {
    console.log(RESEAL_USAGE);
    return EXIT.ok;
  }
  const keys = parseDataKeys(process.env["DATA_KEYS"] ?? "");
  if (!keys.ok) throw new UsageError(`DATA_KEYS ${keys.reason}`);
  const resealed = await withRedisStore(redisConfigFrom(values, process.env), async (store) => {
    // Only the store and the data keys take part: no request is served, no webhook is sent.
    const lintel = createLintel({
      store,
      lockProvider: createSimulatedLockProvider(),
      cursorSecrets: ["r".repeat(32)],
      dataKeys: keys.keys,
    });
    try {
      return await lintel.resealSecrets();
    } catch (error) {
      if (!(error instanceof DataKeyError)) throw error;
      console.error(
        `error: ${error.message} Put every key that sealed a secret or PIN in DATA_KEYS (the new one first), then run this again.`,
      );
      return null;
    } finally {
      await lintel.close();
    }
  });
  if (resealed === null) return EXIT.failed;
  console.log(`resealed the webhook secrets and PINs of ${resealed} record${resealed === 1 ? "" : "s"} under the first data key`);
  return EXIT.ok;
}
