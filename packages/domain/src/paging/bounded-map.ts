/** A map that keeps at most `capacity` entries (see {@link boundedMap}). */
export interface BoundedMap<K, V> {
  /** The value kept for `key`, or undefined. */
  get(key: K): V | undefined;
  /** Keeps `value` for `key`; when full, the oldest key goes first. A key set again keeps its age. */
  set(key: K, value: V): void;
  /** Forgets `key` (set again later, it is the newest). */
  delete(key: K): void;
}

/**
 * A map of at most `capacity` entries, for caches of pure results: when full, the key set first
 * is dropped first, so memory stays bounded whatever the keys. Capacity 0 keeps nothing.
 */
export function boundedMap<K, V>(capacity: number): BoundedMap<K, V> {
  const entries = new Map<K, V>();
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      if (capacity <= 0) return;
      if (entries.size >= capacity && !entries.has(key)) entries.delete(entries.keys().next().value as K);
      entries.set(key, value);
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
