/**
 * Records decoded once per stored text. The same JSON read again (a page polled, a lock read on
 * every request) gives back the same record object: a Map lookup instead of a JSON.parse, and
 * the HTTP adapter, whose serialized views are kept per record object, reuses the record's JSON
 * view too (issue 21: without it the Redis lock list cost 12–38 % more server CPU per request).
 *
 * The texts are kept under a short key where the caller has one (the org and the record's id):
 * a read compares the text it got with the kept text (one memcmp) instead of hashing the whole
 * text for a Map lookup, which cost ~0.4 µs per 300-byte lock, 4.7 % of the Redis lock list's
 * server CPU (issue 21, item 6). Without a key the text itself is the key.
 *
 * Invariants, both tested in record-decoder.test.ts:
 * - a record is answered from the memo only for the very text it was decoded from (a changed
 *   record is other text and is decoded anew, whatever its key);
 * - one object serves many requests, so it must never change: a decoded record is frozen with
 *   everything in it (a write to it throws in strict code).
 * At most `capacity` keys are kept, the oldest dropped first, so memory stays bounded.
 */
import { boundedMap } from "@lintel/domain/adapters";

/** A JSON.parse reviver that freezes every object and array as it is built (innermost first). */
function freezeEach(_key: string, value: unknown): unknown {
  return typeof value === "object" && value !== null ? Object.freeze(value) : value;
}

/** Decodes `json`, the record stored under `key` (default: the text itself). */
export type RecordDecoder<R> = (json: string, key?: string) => R;

export function recordDecoder<R>(capacity = 4096): RecordDecoder<R> {
  const decoded = boundedMap<string, { readonly json: string; readonly record: R }>(capacity);
  return (json, key = json) => {
    const kept = decoded.get(key);
    if (kept !== undefined && kept.json === json) return kept.record;
    const record = JSON.parse(json, freezeEach) as R;
    decoded.set(key, { json, record });
    return record;
  };
}
