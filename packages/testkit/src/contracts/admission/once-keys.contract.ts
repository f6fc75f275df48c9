import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { OnceKeys } from "@lintel/core/adapters";
import { eachTestStore, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

const freshKey = () => `contract:${randomBytes(8).toString("hex")}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The contract of {@link OnceKeys}: a key is taken once while remembered, by one of any number of simultaneous callers. */
export function describeOnceKeysContract(
  name: string,
  makeStore: () => Promise<{ onceKeys: OnceKeys } & Closable>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: OnceKeys contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("the first call for a key is true, every later one false while it is remembered; other keys are their own", async () => {
      const key = freshKey();
      assert.equal(await store().onceKeys.rememberOnce(key, 60_000), true);
      assert.equal(await store().onceKeys.rememberOnce(key, 60_000), false);
      assert.equal(await store().onceKeys.rememberOnce(key, 1), false, "a later call does not shorten it");
      assert.equal(await store().onceKeys.rememberOnce(`${key}:other`, 60_000), true);
    });

    it("once its time has passed the key is taken again, once", async () => {
      const key = freshKey();
      assert.equal(await store().onceKeys.rememberOnce(key, 50), true);
      await sleep(150);
      assert.equal(await store().onceKeys.rememberOnce(key, 60_000), true);
      assert.equal(await store().onceKeys.rememberOnce(key, 60_000), false);
    });

    it("of 50 simultaneous calls for one key exactly one is true", async () => {
      const key = freshKey();
      const taken = await Promise.all(Array.from({ length: 50 }, () => store().onceKeys.rememberOnce(key, 60_000)));
      assert.equal(taken.filter(Boolean).length, 1);
    });
  });
}
