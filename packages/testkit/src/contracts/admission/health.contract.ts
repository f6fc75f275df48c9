import assert from "node:assert/strict";
import type { Health } from "@lintel/core/adapters";
import { eachTestStore, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

/** The contract of {@link Health}: a reachable store answers ping. */
export function describeHealthContract(
  name: string,
  makeStore: () => Promise<{ health: Health } & Closable>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: Health contract`, () => {
    const store = eachTestStore(makeStore, runner);
    it("ping resolves while the store is reachable", async () => {
      await assert.doesNotReject(store().health.ping());
    });
  });
}
