/**
 * A webhook endpoint's record on Redis, read the same way in JS and written back the same way by
 * every script: its list fields may be empty, and cjson writes an empty list as `{}`.
 */
import type { WebhookEndpointRecord } from "@lintel/domain/adapters";
import { luaNames, withLists } from "./scripts/record-json.js";

/** The endpoint's fields that hold lists. */
const ENDPOINT_LIST_FIELDS = ["eventTypes", "earlierSecrets"] as const;

/** {@link ENDPOINT_LIST_FIELDS} as a Lua list: the `lists` a script passes to `encodeRecord(endpoint, lists)`. */
export const ENDPOINT_LISTS_LUA = luaNames(ENDPOINT_LIST_FIELDS);

/** The endpoint record stored as `json`; a list field a script wrote as `{}` (before `encodeRecord`) is read as `[]`. */
export function parseEndpoint(json: string): WebhookEndpointRecord {
  return withLists(JSON.parse(json) as WebhookEndpointRecord, ENDPOINT_LIST_FIELDS);
}
