import assert from "node:assert/strict";
import type { ApiKeyStore, FixtureSink, OrgDirectory } from "@lintel/core/adapters";
import { anApiKey, eachTestStore, fixture, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

/** The contract of {@link OrgDirectory}: an org exists once its record is stored, and only then. */
export function describeOrgDirectoryContract(
  name: string,
  makeStore: () => Promise<{ orgs: OrgDirectory; apiKeys: ApiKeyStore; fixtures: FixtureSink } & Closable>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: OrgDirectory contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("an org loaded from a fixture exists; an unknown id does not", async () => {
      const orgId = randomId("org");
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Acme" }] }));
      assert.equal(await store().orgs.exists(orgId), true);
      assert.equal(await store().orgs.exists(randomId("org")), false);
    });

    it("a key put for an org without its record does not make the org exist", async () => {
      const orgId = randomId("org");
      await store().apiKeys.put(anApiKey(orgId));
      assert.equal(await store().orgs.exists(orgId), false);
    });
  });
}
