import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Health } from "../ports.js";
import { eachTestStore, type Closable } from "./seed.js";

/** The contract of {@link Health}: a reachable store answers ping. */
export function describeHealthContract(name: string, makeStore: () => Promise<{ health: Health } & Closable>): void {
  describe(`${name}: Health contract`, () => {
    const store = eachTestStore(makeStore);
    it("ping resolves while the store is reachable", async () => {
      await assert.doesNotReject(store().health.ping());
    });
  });
}
