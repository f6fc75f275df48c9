/**
 * Lists as async iterables: `for await (const lock of lintel.locks.list({ limit: 50 }))` follows
 * `nextCursor` until it is null, one request per page, only as far as the loop reads.
 */
import type { CallOptions, QueryValue, Send } from "./transport.js";

/** A list the caller walks item by item, or page by page with {@link PagedList.pages}. */
export interface PagedList<Item, Page> extends AsyncIterable<Item> {
  /** Every page in order, each the API's answer as it came. */
  pages(): AsyncIterableIterator<Page>;
  /** Reads the whole list into an array (for small lists). */
  toArray(): Promise<Item[]>;
}

/**
 * The list at `path` whose answers hold their items under `field`. The query's `cursor`, when
 * given, starts the walk there; each next page sends the previous answer's `nextCursor`.
 * `options` apply to each page's request: `timeoutMs` bounds one page (its retries included),
 * `signal` the whole walk.
 */
export function pagedList<Page extends { nextCursor: string | null }, F extends keyof Page>(
  send: Send,
  path: string,
  field: F,
  query: Readonly<Record<string, QueryValue>>,
  options?: CallOptions,
): PagedList<Page[F] extends readonly (infer Item)[] ? Item : never, Page> {
  type Item = Page[F] extends readonly (infer I)[] ? I : never;
  async function* pages(): AsyncIterableIterator<Page> {
    let cursor = query["cursor"];
    do {
      const page = await send<Page>({ method: "GET", path, query: { ...query, cursor }, retryable: true, options });
      yield page;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }
  async function* items(): AsyncIterableIterator<Item> {
    for await (const page of pages()) yield* page[field] as Item[];
  }
  return {
    pages,
    [Symbol.asyncIterator]: items,
    async toArray() {
      const all: Item[] = [];
      for await (const item of items()) all.push(item);
      return all;
    },
  };
}
