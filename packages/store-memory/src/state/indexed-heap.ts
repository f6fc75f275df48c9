/**
 * A binary min-heap that knows where each of its rows sits, so a row whose key changed is moved
 * and a row is removed in O(log n), not found by a scan. Rows are objects, each in it once.
 */
export class IndexedHeap<T extends object> {
  private readonly rows: T[] = [];
  private readonly at = new Map<T, number>();

  /** `before(a, b)`: true when `a` comes out first. */
  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.rows.length;
  }

  /** The first row, left in. */
  peek(): T | undefined {
    return this.rows[0];
  }

  has(row: T): boolean {
    return this.at.has(row);
  }

  /** Adds `row`, or moves it to its place when it is in already (its key changed). */
  set(row: T): void {
    const i = this.at.get(row);
    if (i === undefined) {
      this.rows.push(row);
      this.at.set(row, this.rows.length - 1);
      this.up(this.rows.length - 1);
    } else this.down(this.up(i));
  }

  /** Takes `row` out; false when it was not in. */
  delete(row: T): boolean {
    const i = this.at.get(row);
    if (i === undefined) return false;
    const last = this.rows.pop() as T;
    this.at.delete(row);
    if (last !== row) {
      this.rows[i] = last;
      this.at.set(last, i);
      this.down(this.up(i));
    }
    return true;
  }

  /** Takes out and answers the first row. */
  pop(): T | undefined {
    const first = this.rows[0];
    if (first !== undefined) this.delete(first);
    return first;
  }

  private place(row: T, i: number): void {
    this.rows[i] = row;
    this.at.set(row, i);
  }

  /** Moves the row at `i` up to its place; answers where it ends. */
  private up(i: number): number {
    const row = this.rows[i] as T;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = this.rows[parent] as T;
      if (!this.before(row, above)) break;
      this.place(above, i);
      i = parent;
    }
    this.place(row, i);
    return i;
  }

  /** Moves the row at `i` down to its place. */
  private down(i: number): void {
    const row = this.rows[i] as T;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.rows.length) break;
      const right = left + 1;
      const child = right < this.rows.length && this.before(this.rows[right] as T, this.rows[left] as T) ? right : left;
      if (!this.before(this.rows[child] as T, row)) break;
      this.place(this.rows[child] as T, i);
      i = child;
    }
    this.place(row, i);
  }
}
