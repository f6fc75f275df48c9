/**
 * Keyset pages behind an opaque cursor (SPEC 5.4, 5.5): the cursor names the position of the
 * last row returned and is bound to the Org and the list, so a foreign or edited one is refused.
 */
import type { CursorCodec, ListName } from "@lintel/domain";
import { fail, succeed, type Result } from "./problem.js";

export interface PageQuery {
  readonly limit: number;
  readonly cursor: string | undefined;
}

export interface Page<T> {
  readonly rows: T[];
  readonly nextCursor: string | null;
}

export interface PagedList<T> {
  readonly list: ListName;
  /** Rows of the org strictly after `after` (from the start when null), at most `limit`. */
  readonly fetch: (orgId: string, after: string | null, limit: number) => Promise<T[]>;
  readonly positionOf: (row: T) => string;
}

/** One page of `source` for the org; one extra row is fetched to learn whether more follow. */
export async function readPage<T>(
  cursors: CursorCodec,
  source: PagedList<T>,
  orgId: string,
  query: PageQuery,
): Promise<Result<Page<T>>> {
  const binding = { orgId, list: source.list };
  let after: string | null = null;
  if (query.cursor !== undefined) {
    const decoded = cursors.decode(query.cursor, binding);
    if (!decoded.ok) return fail("invalid_cursor", "The cursor is malformed, was changed, or is not one of this list's.");
    after = decoded.position;
  }
  const fetched = await source.fetch(orgId, after, query.limit + 1);
  const rows = fetched.slice(0, query.limit);
  const last = rows[rows.length - 1];
  const more = fetched.length > query.limit && last !== undefined;
  return succeed({ rows, nextCursor: more ? cursors.encode(source.positionOf(last), binding) : null });
}
