/**
 * Keyset pages behind an opaque cursor: the cursor names the position of
 * the last row returned and is bound to the Org and the list (and the list's subject, such as
 * the unit of a schedule), so a foreign or edited one is refused.
 */
import type { CursorBinding, CursorCodec } from "@lintel/domain";
import type { ListName } from "@lintel/domain/adapters";
import { fail, succeed, type Failure, type Result } from "./problem.js";

/** One page of a list: at most `limit` rows after `cursor` (absent: from the start). */
export interface PageQuery {
  readonly limit: number;
  readonly cursor?: string | undefined;
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

/** The 404 for a cursor that is not this list's (malformed, edited, foreign). */
export function invalidCursor(): Failure<"invalid_cursor"> {
  return fail("invalid_cursor", "The cursor is malformed, was changed, or is not one of this list's.");
}

/** The position a cursor names for `binding`: null without a cursor, a 404 for a bad one. */
export function openCursor(
  cursors: CursorCodec,
  binding: CursorBinding,
  cursor: string | undefined,
): Result<string | null, "invalid_cursor"> {
  if (cursor === undefined) return succeed(null);
  const decoded = cursors.decode(cursor, binding);
  return decoded.ok ? succeed(decoded.position) : invalidCursor();
}

/**
 * The page of `source` after `after`; one extra row is fetched to learn whether more follow.
 * `cursorOf` turns the last row's position into the cursor's text (the position itself unless
 * the list carries more in it).
 */
export async function fetchPage<T>(
  cursors: CursorCodec,
  source: PagedList<T>,
  binding: CursorBinding,
  after: string | null,
  limit: number,
  cursorOf: (position: string) => string = (position) => position,
): Promise<Page<T>> {
  const fetched = await source.fetch(binding.orgId, after, limit + 1);
  const rows = fetched.slice(0, limit);
  const last = rows[rows.length - 1];
  const more = fetched.length > limit && last !== undefined;
  return { rows, nextCursor: more ? cursors.encode(cursorOf(source.positionOf(last)), binding) : null };
}

/** One page of `source` for the org. */
export async function readPage<T>(
  cursors: CursorCodec,
  source: PagedList<T>,
  orgId: string,
  query: PageQuery,
): Promise<Result<Page<T>, "invalid_cursor">> {
  const binding = { orgId, list: source.list };
  const after = openCursor(cursors, binding, query.cursor);
  if (!after.ok) return after;
  return succeed(await fetchPage(cursors, source, binding, after.value, query.limit));
}
