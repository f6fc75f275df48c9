/**
 * Records decoded once per stored text. The same JSON read again (a page polled, a lock read on
 * every request) gives back the same record object: a Map lookup instead of a JSON.parse, and
 * the HTTP adapter, whose serialized views are kept per record object, reuses the record's JSON
 * view too (issue 21: without it the Redis lock list cost 12–38 % more server CPU per request).
 * A changed record is other text and is decoded anew. At most `capacity` texts are kept, the
 * oldest dropped first, so memory stays bounded whatever the data.
 *
 * Invariant: one object serves many requests, so it must never change. Enforced: a decoded
 * record is frozen with everything in it (a write to it throws in strict code).
 */
import { boundedMap } from "@lintel/domain/adapters";

/** A JSON.parse reviver that freezes every object and array as it is built (innermost first). */
function freezeEach(_key: string, value: unknown): unknown {
  return typeof value === "object" && value !== null ? Object.freeze(value) : value;
}

export function recordDecoder<R>(capacity = 4096): (json: string) => R {
  const decoded = boundedMap<string, R>(capacity);
  return (json) => {
    let record = decoded.get(json);
    if (record === undefined) decoded.set(json, (record = JSON.parse(json, freezeEach) as R));
    return record;
  };
}
