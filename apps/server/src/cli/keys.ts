/**
 * Manages API keys in a Redis store. `create` prints the new key exactly once: only its
 * SHA-256 is stored, so it can never be shown again. `list` shows a key's metadata, never the
 * key or its hash.
 *
 *   lintel keys create --org <orgId> --name <name> --scopes a,b [--expires-at <instant>] [--rate-limit 100/60] [--allow-unknown-org] [--json]
 *   lintel keys revoke <keyId>
 *   lintel keys list --org <orgId> [--json]
 *   lintel keys generate --org <orgId> --name <name> --scopes a,b [...]   (no store: a key and its fixture record)
 *
 * Exit codes: 0 done, 1 no such key (revoke), 2 usage, 3 store unavailable.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { generateApiKey, hashApiKey, SCOPES, type ApiKeyRecord } from "@lintel/domain";
import { redisKeys } from "@lintel/store-redis";
import { EXIT, REDIS_OPTIONS, REDIS_USAGE, redisConfigFrom, UsageError, withRedisStore } from "./cli-support.js";
import { expiresAtArgument, idArgument, nameArgument, rateLimitArgument, scopesArgument } from "./key-arguments.js";

export const KEYS_USAGE = `Usage: lintel keys <command> [options]
       (in Lintel's repository: npm run -s keys -- <command> [options])

Commands:
  create --org ORG --name NAME --scopes S1,S2 [--expires-at INSTANT] [--rate-limit N/SECONDS] [--allow-unknown-org] [--json]
         makes a key and prints it once (only its SHA-256 is stored); an ORG the store has no
         record of is refused (a typo would make a key nobody can use) unless --allow-unknown-org
  revoke KEY_ID
         revokes a key from now on
  list --org ORG [--json]
         the org's keys: id, name, scopes, createdAt, expiresAt, revokedAt, rateLimit
  generate --org ORG --name NAME --scopes S1,S2 [--id KEY_ID] [--expires-at INSTANT] [--rate-limit N/SECONDS] [--json]
         touches no store: prints a new key and its record for a fixture's "apiKeys" list

Scopes: ${SCOPES.join(", ")}
${REDIS_USAGE}

Exit codes: 0 done, 1 no such key, 2 usage, 3 store unavailable.`;

/** The fields `list` shows: everything but the hash. */
type ShownKey = Omit<ApiKeyRecord, "hash">;

function shown(record: ApiKeyRecord): ShownKey {
  const { hash: _hash, ...rest } = record;
  return rest;
}

function table(keys: readonly ShownKey[]): string {
  const header = ["id", "name", "scopes", "createdAt", "expiresAt", "revokedAt", "rateLimit"];
  const rows = keys.map((k) => [
    k.id,
    k.name,
    k.scopes.join(","),
    k.createdAt,
    k.expiresAt ?? "-",
    k.revokedAt ?? "-",
    k.rateLimit === null ? "default" : `${k.rateLimit.requests}/${k.rateLimit.windowSeconds}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  return [header, ...rows]
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** A fresh opaque key id: `key_` + 16 random base64url characters. */
function newKeyId(): string {
  return `key_${randomBytes(12).toString("base64url")}`;
}

const KEY_OPTIONS = {
  org: { type: "string" },
  name: { type: "string" },
  scopes: { type: "string" },
  "expires-at": { type: "string" },
  "rate-limit": { type: "string" },
  json: { type: "boolean" },
} as const;

/** `generate`: a key and its fixture record (`apiKeys[].key` holds the plain key), no store. */
async function generate(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { ...KEY_OPTIONS, id: { type: "string" } } });
  const now = Date.now();
  const key = generateApiKey();
  const record = {
    id: values.id === undefined ? newKeyId() : idArgument("--id", values.id),
    orgId: idArgument("--org", values.org),
    name: nameArgument(values.name),
    key,
    scopes: scopesArgument(values.scopes),
    expiresAt: expiresAtArgument(values["expires-at"], now),
    revokedAt: null,
    rateLimit: rateLimitArgument(values["rate-limit"]),
    createdAt: new Date(now).toISOString(),
  };
  if (values.json) {
    console.log(JSON.stringify(record));
    return EXIT.ok;
  }
  console.log(`key: ${key}`);
  console.log(`Add this record to your fixture's "apiKeys" list (the fixture holds the key; the server stores only its SHA-256):`);
  console.log(JSON.stringify(record, null, 2));
  return EXIT.ok;
}

async function create(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { ...REDIS_OPTIONS, ...KEY_OPTIONS, "allow-unknown-org": { type: "boolean" } } });
  const now = Date.now();
  const key = generateApiKey();
  const record: ApiKeyRecord = {
    id: newKeyId(),
    orgId: idArgument("--org", values.org),
    name: nameArgument(values.name),
    hash: hashApiKey(key),
    scopes: scopesArgument(values.scopes),
    expiresAt: expiresAtArgument(values["expires-at"], now),
    revokedAt: null,
    rateLimit: rateLimitArgument(values["rate-limit"]),
    createdAt: new Date(now).toISOString(),
  };
  const allowUnknownOrg = values["allow-unknown-org"] === true;
  const orgKnown = await withRedisStore(redisConfigFrom(values, process.env), async (store) => {
    const known = await store.orgs.exists(record.orgId);
    if (!known && !allowUnknownOrg) {
      throw new UsageError(
        `org ${JSON.stringify(record.orgId)} does not exist in this store: check the id, seed the org first, or pass --allow-unknown-org to create the key anyway`,
      );
    }
    await store.apiKeys.put(record);
    return known;
  });
  if (!orgKnown) console.error(`warning: org ${record.orgId} has no org record in this store (--allow-unknown-org)`);
  if (values.json) {
    console.log(JSON.stringify({ ...shown(record), key }));
  } else {
    console.log(`Created API key ${record.id} for org ${record.orgId} (${record.scopes.join(", ")}).`);
    console.log(`id:  ${record.id}`);
    console.log(`key: ${key}`);
    console.log("Store the key now: it is shown only this once and cannot be recovered.");
  }
  return EXIT.ok;
}

async function revoke(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: REDIS_OPTIONS, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError("revoke takes exactly one key id");
  const keyId = idArgument("key id", positionals[0]);
  const at = new Date().toISOString();
  const outcome = await withRedisStore(redisConfigFrom(values, process.env), async (store, client) => {
    // Revoking twice keeps the first revokedAt: the moment the key stopped working.
    const hash = await client.get(redisKeys.apiKeyHashById(keyId));
    const record = hash === null ? null : await store.apiKeys.findByHash(hash);
    if (record?.revokedAt) return { already: record.revokedAt };
    return { revoked: await store.apiKeys.revoke(keyId, at) };
  });
  if ("already" in outcome) {
    console.log(`API key ${keyId} was already revoked at ${outcome.already}.`);
    return EXIT.ok;
  }
  if (!outcome.revoked) {
    console.error(`error: no API key ${keyId}`);
    return EXIT.failed;
  }
  console.log(`Revoked API key ${keyId} at ${at}.`);
  return EXIT.ok;
}

async function list(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { ...REDIS_OPTIONS, org: { type: "string" }, json: { type: "boolean" } } });
  const orgId = idArgument("--org", values.org);
  const records = await withRedisStore(redisConfigFrom(values, process.env), (store) => store.apiKeys.listByOrg(orgId));
  const keys = records.map(shown);
  if (values.json) console.log(JSON.stringify(keys));
  else if (keys.length === 0) console.log(`Org ${orgId} has no API keys.`);
  else console.log(table(keys));
  return EXIT.ok;
}

const COMMANDS: Readonly<Record<string, (args: string[]) => Promise<number>>> = { create, revoke, list, generate };

/** `lintel keys COMMAND ARGS`: the exit code. */
export async function keys(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    console.log(KEYS_USAGE);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  const run = COMMANDS[command];
  if (run === undefined) throw new UsageError(`unknown command ${JSON.stringify(command)} (create, revoke, list, generate)`);
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(KEYS_USAGE);
    return EXIT.ok;
  }
  return run(rest);
}
