import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { IndexedHeap } from "./indexed-heap.js";

interface Row {
  key: number;
  readonly id: number;
}

const before = (a: Row, b: Row) => a.key < b.key || (a.key === b.key && a.id < b.id);
const order = (a: Row, b: Row) => a.key - b.key || a.id - b.id;

test("after any adds, key changes and deletes, the heap pops exactly the rows it holds, in order", () => {
  const op = fc.oneof(
    fc.record({ kind: fc.constant("set" as const), id: fc.nat(20), key: fc.integer({ min: -50, max: 50 }) }),
    fc.record({ kind: fc.constant("delete" as const), id: fc.nat(20) }),
    fc.record({ kind: fc.constant("pop" as const) }),
  );
  fc.assert(
    fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
      const heap = new IndexedHeap<Row>(before);
      const rows = new Map<number, Row>();
      /** The model: the rows in the heap. */
      const held = new Set<Row>();
      for (const one of ops) {
        if (one.kind === "set") {
          let row = rows.get(one.id);
          if (row === undefined) rows.set(one.id, (row = { key: one.key, id: one.id }));
          row.key = one.key;
          heap.set(row);
          held.add(row);
        } else if (one.kind === "delete") {
          const row = rows.get(one.id);
          assert.equal(row === undefined ? false : heap.delete(row), row !== undefined && held.delete(row));
        } else {
          const first = [...held].sort(order)[0];
          assert.equal(heap.pop(), first);
          if (first !== undefined) held.delete(first);
        }
        assert.equal(heap.size, held.size);
        assert.equal(heap.peek(), [...held].sort(order)[0]);
      }
      const popped: Row[] = [];
      for (let row = heap.pop(); row !== undefined; row = heap.pop()) popped.push(row);
      assert.deepEqual(popped, [...held].sort(order));
    }),
  );
});
