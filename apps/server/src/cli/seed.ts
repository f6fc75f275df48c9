/**
 * Seeds a Redis store from a fixture file, with the same judge as FIXTURE=<file>:
 * a fixture that breaks any rule is refused whole (every error printed, nothing written);
 * a good one is loaded in dependency-ordered chunks, with progress on stderr. Only the records
 * the store lacks are added (as at a server's start): the ones it has stay as they are. Codes'
 * PINs are sealed under the first of DATA_KEYS (required when the fixture has codes), as a server sealing them would.
 *
 *   lintel seed --fixture <file> [--redis-url URL | --cluster-nodes h:p,h:p] [--chunk-size N]
 *
 * Exit codes: 0 seeded, 1 bad fixture, 2 usage, 3 store unavailable.
 */
import { parseArgs } from "node:util";
import { FixtureConflictError, type FixtureData, type FixtureLoadReport } from "@lintel/core";
import { sealFixtureCodes } from "@lintel/core/adapters";
import { createDataCipher, parseDataKeys } from "@lintel/domain/adapters";
import { FixtureRefusedError, readFixtureFile } from "../fixture-file.js";
import { EXIT, REDIS_OPTIONS, REDIS_USAGE, redisConfigFrom, UsageError, withRedisStore } from "./cli-support.js";
import { countRecords, fixtureChunks } from "./fixture-chunks.js";
import { describeLoad } from "./load-report.js";

export const SEED_USAGE = `Usage: lintel seed --fixture <file> [options]
       (in Lintel's repository: npm run -s seed -- --fixture <file> [options])

Loads a fixture file (the FIXTURE format) into Redis. It only adds the records
whose id the store does not have yet; the ones it has are left exactly as they are, and one
the API deleted stays deleted (any change made since stays). A fixture with any error is
refused whole and nothing is written. The PINs of its codes are sealed under the first
of DATA_KEYS (the environment's; required when the fixture has codes), and the codes go to their
locks once a server runs.

  --fixture FILE           the fixture JSON (required)
  --chunk-size N           records per load call, progress after each (default 1000)
${REDIS_USAGE}

Exit codes: 0 seeded, 1 bad fixture, 2 usage, 3 store unavailable.`;

/** `lintel seed ARGS`: the exit code. */
export async function seed(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...REDIS_OPTIONS,
      fixture: { type: "string" },
      "chunk-size": { type: "string" },
    },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(SEED_USAGE);
    return EXIT.ok;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.fixture === undefined) throw new UsageError("--fixture is required");
  const chunkText = values["chunk-size"] ?? "1000";
  if (!/^[1-9][0-9]{0,6}$/.test(chunkText))
    throw new UsageError(`--chunk-size must be a positive integer, got ${JSON.stringify(chunkText)}`);
  const chunkSize = Number(chunkText);
  const redis = redisConfigFrom(values, process.env);

  // The judge of FIXTURE=<file> (the same loader), so both accept and refuse the same files.
  let fixture: FixtureData;
  try {
    fixture = await readFixtureFile(values.fixture);
  } catch (error) {
    if (!(error instanceof FixtureRefusedError)) throw error;
    console.error(`The fixture ${values.fixture} was refused; nothing was written:`);
    for (const message of error.errors) console.error(`  - ${message}`);
    return EXIT.failed;
  }

  if (fixture.items.some((item) => item.kind === "code")) {
    const keys = parseDataKeys(process.env["DATA_KEYS"] ?? "");
    if (!keys.ok) throw new UsageError(`DATA_KEYS ${keys.reason} (the fixture has codes, whose PINs are sealed under it)`);
    fixture = sealFixtureCodes(fixture, createDataCipher(keys.keys), Date.now());
  }
  const total = countRecords(fixture);
  const reports: FixtureLoadReport[] = [];
  let done = 0;
  try {
    await withRedisStore(redis, async (store) => {
      for (const chunk of fixtureChunks(fixture, chunkSize)) {
        reports.push(await store.fixtures.load(chunk));
        done += countRecords(chunk);
        console.error(`seeded ${done}/${total} records`);
      }
    });
  } catch (error) {
    // A unit would take a urlKey another unit of its org holds: that chunk is refused whole.
    if (!(error instanceof FixtureConflictError)) throw error;
    console.error(`${error.message} (${done} records of earlier chunks were loaded.)`);
    return EXIT.failed;
  }
  const [totals, ...lists] = describeLoad(reports);
  console.log([`Loaded ${total} records from ${values.fixture}: ${totals}.`, ...lists].join("\n"));
  return EXIT.ok;
}
