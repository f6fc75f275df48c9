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
 * The text may come as the reply's bytes (ioredis's `…Buffer` commands): compared as bytes
 * with the bytes kept, it is never decoded to a string on a hit, which spared 2–4 µs of CPU a
 * page of 21 locks in a microbench (20–21 against 22–26 µs, ioredis 5, batches of 8).
 *
 * Invariants, both tested beside this module:
 * - a record is answered from the memo only for the very text it was decoded from (a changed
 *   record is other text and is decoded anew, whatever its key);
 * - one object serves many requests, so it must never change: a decoded record is frozen with
 *   everything in it (a write to it throws in strict code).
 * At most `capacity` records are kept; when full, the scope (org) kept first is dropped whole, so memory stays bounded.
 */
/** A JSON.parse reviver that freezes every object and array as it is built (innermost first). */
function freezeEach(_key: string, value: unknown): unknown {
  return typeof value === "object" && value !== null ? Object.freeze(value) : value;
}

/**
 * Decodes `text` (JSON, as a string or as the UTF-8 bytes Redis sent), the record stored under
 * `key` (default: the text itself) in `scope` (an org; default none).
 */
export type RecordDecoder<R> = (text: string | Buffer, key?: string, scope?: string) => R;

interface Kept<R> {
  /** The text the record was decoded from, a copy when bytes (a reply's bytes share its socket chunk). */
  readonly text: string | Buffer;
  readonly record: R;
}

/** True when `text` is the very text `kept` was decoded from. */
function same(kept: string | Buffer, text: string | Buffer): boolean {
  if (typeof kept === "string") return kept === text;
  return typeof text !== "string" && kept.equals(text);
}

export function recordDecoder<R>(capacity = 4096): RecordDecoder<R> {
  // Scope → key → the text kept and its record. A Map per scope rather than one keyed by
  // `${scope}/${key}`: that joined key was built and hashed per record (+2.3 µs a page of 21).
  const scopes = new Map<string, Map<string, Kept<R>>>();
  let size = 0;
  return (text, key, scope = "") => {
    const json = typeof text === "string" ? text : undefined;
    key ??= json ?? text.toString();
    let kept = scopes.get(scope);
    const found = kept?.get(key);
    if (found !== undefined && same(found.text, text)) return found.record;
    const record = JSON.parse(json ?? text.toString(), freezeEach) as R;
    if (capacity <= 0) return record;
    if (found === undefined) {
      // Full: the scope kept first goes whole (the one being read only when it is the last).
      while (size >= capacity) {
        const [oldest, entries] = scopes.entries().next().value as [string, Map<string, Kept<R>>];
        scopes.delete(oldest);
        size -= entries.size;
        if (oldest === scope) kept = undefined;
      }
      size++;
    }
    if (kept === undefined) scopes.set(scope, (kept = new Map()));
    kept.set(key, { text: json ?? Buffer.from(text), record });
    return record;
  };
}
