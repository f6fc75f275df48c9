import assert from "node:assert/strict";
import type { Unit } from "@lintel/domain";
import { unitPosition } from "@lintel/domain/adapters";
import { anEndpoint } from "../seeds/event-seed.js";
import { describeDeletesStayContract } from "./deletes-stay.contract.js";
import { describeItemWritesContract } from "./item-writes.contract.js";
import { describeTemplateUsesContract } from "../templates/template-uses.contract.js";
import { describeTemplateWritesContract } from "../templates/template-writes.contract.js";
import { aUnit, eachTestStore, fixture, randomId, randomUrlKey } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import { assertEvents, aWriteEvent, servedUnit, type WritesStore } from "../seeds/write-seed.js";

/** A `unit.updated` of `unit` to `after`. */
const updatedEvent = (unit: Unit, after: Unit) =>
  aWriteEvent(unit.orgId, "unit.updated", { unit: servedUnit(after), previous: { urlKey: unit.urlKey, address: unit.address } });

/** An org with three units whose urlKeys start b-, d- and f- (listed in that order). */
async function seedThree(store: WritesStore) {
  const orgId = randomId("org");
  const suffix = randomUrlKey();
  const [b, d, f] = ["b", "d", "f"].map((first) => aUnit(orgId, { urlKey: `${first}-${suffix}` })) as [Unit, Unit, Unit];
  await store.fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [d, f, b] }));
  return { orgId, suffix, b, d, f };
}

/**
 * The contract of the write side of {@link UnitStore} and {@link TemplateStore}: each write is
 * one atomic step that checks (version, urlKey, item and template limits, templates named and
 * in use), applies the change with every read index (urlKey lookup and list, schedule pages,
 * template list) and stores its event with the deliveries its endpoints want; a refusal changes
 * nothing and stores no event.
 */
export function describeScheduleWritesContract(
  name: string,
  makeStore: () => Promise<WritesStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: unit writes contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("createUnit stores the unit, found by id and urlKey and listed, and its event with a delivery for each enabled endpoint that wants it", async () => {
      const orgId = randomId("org");
      const wants = anEndpoint(orgId, ["unit.created"], 1);
      const other = anEndpoint(orgId, ["template.created"], 2);
      const disabled = anEndpoint(orgId, ["*"], 3, { status: "disabled", disabledReason: "gone" });
      for (const endpoint of [wants, other, disabled]) assert.deepEqual(await store().webhooks.create(endpoint, 16), { ok: true });
      const unit = aUnit(orgId, { version: 1 });
      const event = aWriteEvent(orgId, "unit.created", { unit: servedUnit(unit) });
      assert.deepEqual(await store().units.createUnit(unit, event), { ok: true, unit });
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.urlKey), unit);
      assert.deepEqual(await store().units.listUnits(orgId, null, 10), [unit]);
      await assertEvents(store(), orgId, [event]);
      const delivered = await store().webhooks.deliveries(orgId, wants.id, null, 10);
      assert.deepEqual(
        delivered.map((d) => [d.eventId, d.eventType, d.status]),
        [[event.id, "unit.created", "pending"]],
      );
      for (const endpoint of [other, disabled]) assert.deepEqual(await store().webhooks.deliveries(orgId, endpoint.id, null, 10), []);
    });

    it("createUnit with a urlKey another unit of the org holds is url_key_taken: nothing stored, no event", async () => {
      const { orgId, d } = await seedThree(store());
      const clash = aUnit(orgId, { urlKey: d.urlKey });
      const refused = await store().units.createUnit(clash, aWriteEvent(orgId, "unit.created", { unit: servedUnit(clash) }));
      assert.deepEqual(refused, { ok: false, reason: "url_key_taken" });
      assert.equal(await store().units.findByIdOrKey(orgId, clash.id), null);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, d.urlKey), d);
      assert.equal((await store().units.listUnits(orgId, null, 10)).length, 3);
      await assertEvents(store(), orgId, []);
      const elsewhere = aUnit(randomId("org"), { urlKey: d.urlKey });
      const event = aWriteEvent(elsewhere.orgId, "unit.created", { unit: servedUnit(elsewhere) });
      assert.deepEqual(await store().units.createUnit(elsewhere, event), { ok: true, unit: elsewhere }, "urlKeys are unique per org only");
    });

    it("updateUnit at the unit's version sets urlKey and address, bumps the version, and moves the urlKey in the index and the list", async () => {
      const { orgId, suffix, b, d, f } = await seedThree(store());
      const first: Unit = { ...d, urlKey: `a-${suffix}`, address: "1 New Rd", version: 2 };
      const firstEvent = updatedEvent(d, first);
      const change = { expectedVersion: 1, urlKey: first.urlKey, address: first.address, event: firstEvent };
      assert.deepEqual(await store().units.updateUnit(orgId, d.id, change), { ok: true, unit: first });
      assert.deepEqual(await store().units.findByIdOrKey(orgId, first.urlKey), first);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, d.id), first);
      assert.equal(await store().units.findByIdOrKey(orgId, d.urlKey), null, "the old urlKey finds nothing");
      assert.deepEqual(await store().units.listUnits(orgId, null, 10), [first, b, f]);

      const last: Unit = { ...first, urlKey: `z-${suffix}`, version: 3 };
      const lastEvent = updatedEvent(first, last);
      const again = { expectedVersion: 2, urlKey: last.urlKey, address: last.address, event: lastEvent };
      assert.deepEqual(await store().units.updateUnit(orgId, d.id, again), { ok: true, unit: last });
      assert.deepEqual(await store().units.listUnits(orgId, null, 10), [b, f, last]);
      assert.deepEqual(await store().units.listUnits(orgId, unitPosition(f), 10), [last]);
      assert.equal(await store().units.findByIdOrKey(orgId, first.urlKey), null);

      const moved: Unit = { ...last, address: "2 Other Rd", version: 4 };
      const addressEvent = updatedEvent(last, moved);
      const sameKey = { expectedVersion: 3, urlKey: last.urlKey, address: moved.address, event: addressEvent };
      assert.deepEqual(await store().units.updateUnit(orgId, d.id, sameKey), { ok: true, unit: moved }, "its own urlKey is not taken");
      assert.deepEqual(await store().units.findByIdOrKey(orgId, last.urlKey), moved);
      assert.deepEqual(await store().units.listUnits(orgId, null, 10), [b, f, moved]);
      await assertEvents(store(), orgId, [firstEvent, lastEvent, addressEvent]);
    });

    it("updateUnit at a stale version, or to a urlKey another unit holds, changes nothing and stores no event", async () => {
      const { orgId, b, d, f } = await seedThree(store());
      for (const expectedVersion of [0, 2]) {
        const change = { expectedVersion, urlKey: "fresh-key", address: "x", event: updatedEvent(d, d) };
        assert.deepEqual(await store().units.updateUnit(orgId, d.id, change), { ok: false, reason: "version_conflict", currentVersion: 1 });
      }
      const taken = { expectedVersion: 1, urlKey: f.urlKey, address: "x", event: updatedEvent(d, d) };
      assert.deepEqual(await store().units.updateUnit(orgId, d.id, taken), { ok: false, reason: "url_key_taken" });
      assert.deepEqual(await store().units.listUnits(orgId, null, 10), [b, d, f]);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, d.urlKey), d);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, f.urlKey), f);
      assert.equal(await store().units.findByIdOrKey(orgId, "fresh-key"), null);
      await assertEvents(store(), orgId, []);
    });

    it("updateUnit on an unknown unit or another org's answers not_found and changes nothing", async () => {
      const { orgId, b, d, f } = await seedThree(store());
      const other = randomId("org");
      const change = { expectedVersion: 1, urlKey: "fresh-key", address: "x", event: updatedEvent(d, d) };
      assert.deepEqual(await store().units.updateUnit(other, d.id, change), { ok: false, reason: "not_found" });
      assert.deepEqual(await store().units.updateUnit(orgId, randomId("u"), change), { ok: false, reason: "not_found" });
      assert.deepEqual(await store().units.listUnits(orgId, null, 10), [b, d, f]);
      assert.deepEqual(await store().units.listUnits(other, null, 10), []);
      assert.equal(await store().units.findByIdOrKey(other, "fresh-key"), null);
      await assertEvents(store(), orgId, []);
      await assertEvents(store(), other, []);
    });
  });
  describeItemWritesContract(name, makeStore, runner);
  describeTemplateWritesContract(name, makeStore, runner);
  describeTemplateUsesContract(name, makeStore, runner);
  describeDeletesStayContract(name, makeStore, runner);
}
