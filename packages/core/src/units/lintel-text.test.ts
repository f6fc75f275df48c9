// The writes' text rule in the use cases, for an embedder that calls createLintel without the
// HTTP adapter: an item's title, a unit's address and a template's name and body are refused with a 400 naming the
// field before any store write (the in-core fake store throws on a write, so a refusal that
// reached it would fail the test); characters are code points.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { applyFields } from "./item-fields.js";
import { callerA, problem, setup } from "../lintel.test-support.js";

const BAD = ["lone \ud800", "\udfff", "nul\u0000", "esc\u001b[0m", "c1\u0085", "two\nlines", "", "x".repeat(201)];
const span = { startAt: "2026-12-01T15:00:00.000Z", endAt: "2026-12-01T16:00:00.000Z" };
const names = (result: Parameters<typeof problem>[0]) => problem(result)?.invalidParams?.map((param) => param.name);

describe("the writes' text rule in the use cases", () => {
  it("an item's title: a lone surrogate, a control character, empty or 201 characters are a 400 naming title on create, before any write", async () => {
    const { lintel } = await setup();
    for (const title of BAD) {
      const created = await lintel.createScheduleItem(callerA, { unitIdOrKey: "u_1", kind: "open_house", title, ...span });
      assert.deepEqual(names(created), ["title"], JSON.stringify(title).slice(0, 20));
    }
  });

  it("an item's title on update, and its count in code points: 200 emoji are a title, 201 are not (the fields as applied over the item)", () => {
    const previous = { id: "t_9", unitId: "u_1", kind: "tour" as const, lockId: null, title: "Tour", ...span };
    const applied = (title: string) => applyFields(true, "tour", previous, { title }, previous);
    for (const title of BAD)
      assert.deepEqual(
        problem(applied(title))?.invalidParams?.map((param) => param.name),
        ["title"],
      );
    assert.ok(applied("🏠".repeat(200)).ok);
    assert.deepEqual(problem(applied("🏠".repeat(201)))?.invalidParams, [{ name: "title", reason: "must be at most 200 characters" }]);
  });

  it("a template's name and body: refused naming the field on create and update, before any write; a body may break lines and hold 8,000 characters", async () => {
    const { lintel } = await setup();
    for (const bad of BAD) {
      const what = JSON.stringify(bad).slice(0, 20);
      assert.deepEqual(names(await lintel.createTemplate(callerA, { name: bad, body: "Hi" })), ["name"], what);
      assert.deepEqual(names(await lintel.updateTemplate(callerA, { templateId: "tpl_0", name: bad })), ["name"], what);
      if (bad.length > 200 || bad.includes("\n")) continue; // a body may be 8,000 characters and break lines
      assert.deepEqual(names(await lintel.createTemplate(callerA, { name: "B", body: bad })), ["body"], what);
      assert.deepEqual(names(await lintel.updateTemplate(callerA, { templateId: "tpl_0", body: bad })), ["body"], what);
    }
    assert.deepEqual(names(await lintel.createTemplate(callerA, { name: "B", body: "x".repeat(8001) })), ["body"]);
    // Past the rule, a write reaches the store, which the fake does not take: the rule let it through.
    const reachesStore = /not part of the use-case tests/;
    await assert.rejects(
      lintel.createTemplate(callerA, { name: "😀".repeat(200), body: `${"😀".repeat(7000)}\r\n\t{{prospect.name}}` }),
      reachesStore,
    );
    await assert.rejects(lintel.updateTemplate(callerA, { templateId: "tpl_0", name: "😀".repeat(200) }), reachesStore);
  });

  it("a unit's address: refused naming address on create and update, before any write; 300 emoji are an address", async () => {
    const { lintel } = await setup();
    for (const bad of [...BAD, "x".repeat(301)].filter((text) => text.length !== 201)) {
      const what = JSON.stringify(bad).slice(0, 20);
      assert.deepEqual(names(await lintel.createUnit(callerA, { urlKey: "new-unit", address: bad })), ["address"], what);
      assert.deepEqual(names(await lintel.updateUnit(callerA, { unitIdOrKey: "u_1", address: bad })), ["address"], what);
    }
    await assert.rejects(lintel.createUnit(callerA, { urlKey: "new-unit", address: "🏠".repeat(300) }), /not part of the use-case tests/);
  });
});
