// Records written once as JSON text: the text is JSON.stringify's own for the same view, so the
// bytes on the wire (and their ETag) are what they were when each answer was stringified whole.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as v from "valibot";
import type { Lock, Template, Unit } from "@lintel/domain";
import { lockViewSchema, templateViewSchema, unitViewSchema } from "../schemas/schemas.js";
import { jsonOnce, lockJson, lockView, oneJson, pageJson, templateView, unitView } from "./serialize.js";

const lock = (n: number, name = `Front door ${n} "quoted" ✓`): Lock => ({
  lockId: `lock_${n}`,
  orgId: "org_a",
  name,
  provider: "yale",
  providerDeviceId: `device-${n}`,
  model: n % 2 === 0 ? null : "Assure 2",
  timeZone: "America/Chicago",
  unitIds: [`unit_${n}`],
  status: "active",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T00:00:00.000Z",
});

test("a page and a single record are the text JSON.stringify gives for the whole answer", () => {
  const locks = [1, 2, 3].map((n) => lock(n));
  for (const nextCursor of ["AQx-_9", null]) {
    assert.equal(pageJson("locks", locks.map(lockJson), nextCursor), JSON.stringify({ locks: locks.map(lockView), nextCursor }));
  }
  assert.equal(pageJson("locks", [], null), JSON.stringify({ locks: [], nextCursor: null }));
  const one = lock(7, "Back\ngate \u2028");
  assert.equal(oneJson("lock", lockJson(one)), JSON.stringify({ lock: lockView(one) }));
});

test("a record's text is made once per record object; a replaced record gets its own", () => {
  let views = 0;
  const json = jsonOnce((record: Lock) => {
    views++;
    return lockView(record);
  });
  const first = lock(1);
  assert.equal(json(first), json(first));
  assert.equal(views, 1);
  const renamed = { ...first, name: "Renamed" };
  assert.match(json(renamed), /"name":"Renamed"/);
  assert.equal(views, 2);
});

test("a record whose text is kept is frozen, with its arrays: changing it throws instead of serving stale JSON", () => {
  const record = lock(1);
  const text = lockJson(record);
  assert.throws(() => {
    (record as { name: string }).name = "Changed";
  }, TypeError);
  assert.throws(() => (record.unitIds as string[]).push("unit_9"), TypeError);
  assert.equal(lockJson(record), text);
});

test("a view is what its schema (the record's, less the owner) describes: every field, valid, and no orgId", () => {
  const unit: Unit = { id: "unit_1", orgId: "org_a", urlKey: "12-elm-st", address: "12 Elm St", timeZone: null, version: 2 };
  const template: Template = {
    id: "tpl_1",
    orgId: "org_a",
    name: "Reminder",
    body: "Hi {{name}}",
    sortOrder: -1,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
  for (const [schema, view] of [
    [lockViewSchema, lockView(lock(1))],
    [unitViewSchema, unitView(unit)],
    [templateViewSchema, templateView(template)],
  ] as const) {
    assert.deepEqual(v.parse(schema, view), view);
    assert.equal("orgId" in schema.entries, false);
  }
});
