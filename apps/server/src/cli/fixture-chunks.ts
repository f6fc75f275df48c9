/**
 * Splits a validated fixture into chunks that can be loaded one after the other, so a large
 * file shows progress and no single FixtureSink call holds everything. Chunks follow the order
 * records depend on each other (orgs, units, locks, templates, items, API keys): when a chunk is
 * loaded, everything its records refer to was loaded by an earlier chunk or by the same one.
 * Each chunk carries the codes' PIN tags whole (a code is filed under its tag at its load).
 */
import type { FixtureData } from "@lintel/core";

/** The lists of FixtureData in load order: a record only refers to lists before its own. */
export const LOAD_ORDER = ["orgs", "units", "locks", "templates", "items", "apiKeys"] as const satisfies readonly (keyof FixtureData)[];

type Mutable = { -readonly [L in (typeof LOAD_ORDER)[number]]: FixtureData[L][number][] };

const emptyChunk = (): Mutable => ({ orgs: [], apiKeys: [], units: [], locks: [], items: [], templates: [] });

/** How many records the fixture holds, all lists together. */
export function countRecords(data: FixtureData): number {
  return LOAD_ORDER.reduce((sum, list) => sum + data[list].length, 0);
}

/** The fixture as consecutive chunks of at most `size` records each (the last may be smaller). */
export function* fixtureChunks(data: FixtureData, size: number): Generator<FixtureData> {
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const withTags = (chunk: Mutable): FixtureData => (data.pinTags === undefined ? chunk : { ...chunk, pinTags: data.pinTags });
  let chunk = emptyChunk();
  let count = 0;
  for (const list of LOAD_ORDER) {
    const records = data[list] as readonly unknown[];
    for (let start = 0; start < records.length;) {
      const take = Math.min(size - count, records.length - start);
      (chunk[list] as unknown[]).push(...records.slice(start, start + take));
      start += take;
      count += take;
      if (count === size) {
        yield withTags(chunk);
        chunk = emptyChunk();
        count = 0;
      }
    }
  }
  if (count > 0) yield withTags(chunk);
}
