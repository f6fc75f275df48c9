/**
 * Records decoded once per stored text. The same JSON read again (a page polled, a lock read on
 * every request) gives back the same record object: a Map lookup instead of a JSON.parse, and
 * the HTTP adapter, whose serialized views are kept per record object, reuses the record's JSON
 * view too. Records are immutable, so one object may serve many requests; a changed record is
 * other text and is decoded anew. At most `capacity` texts are kept, the oldest dropped first,
 * so memory stays bounded whatever the data.
 */
import { boundedMap } from "@lintel/domain/adapters";

export function recordDecoder<R>(capacity = 4096): (json: string) => R {
  const decoded = boundedMap<string, R>(capacity);
  return (json) => {
    let record = decoded.get(json);
    if (record === undefined) decoded.set(json, (record = JSON.parse(json) as R));
    return record;
  };
}
