// The contract suites take another runner's describe/it/beforeEach/afterEach: here a runner of
// a dozen lines that only collects tests and runs them in order, as a vitest or mocha user's
// would be called.
import assert from "node:assert/strict";
import { it } from "node:test";
import { describeTemplateStoreContract, describeUnitStoreContract, type TestContext, type TestRunner } from "@lintel/testkit";
import { createMemoryStore } from "./index.js";

interface Collected {
  readonly name: string;
  readonly body: (context: TestContext) => Promise<void> | void;
}

function collectingRunner(): { runner: TestRunner; tests: Collected[]; runAll: () => Promise<string[]> } {
  const tests: Collected[] = [];
  const befores: (() => Promise<void> | void)[] = [];
  const afters: (() => Promise<void> | void)[] = [];
  const path: string[] = [];
  const runner: TestRunner = {
    describe: (name, body) => {
      path.push(name);
      body();
      path.pop();
    },
    it: (name, body) => void tests.push({ name: [...path, name].join(" › "), body }),
    beforeEach: (body) => void befores.push(body),
    afterEach: (body) => void afters.push(body),
  };
  const runAll = async () => {
    const passed: string[] = [];
    for (const test of tests) {
      for (const before of befores) await before();
      try {
        await test.body({ skip: () => undefined });
        passed.push(test.name);
      } finally {
        for (const after of afters) await after();
      }
    }
    return passed;
  };
  return { runner, tests, runAll };
}

it("the contract suites run under a runner of another kind, with every test passing on the memory store", async () => {
  const { runner, tests, runAll } = collectingRunner();
  describeUnitStoreContract("memory", async () => createMemoryStore(), runner);
  describeTemplateStoreContract("memory", async () => createMemoryStore(), runner);
  assert.ok(tests.length >= 10, `collected ${tests.length} tests`);
  assert.ok(tests.every((test) => test.name.startsWith("memory: ")));
  const passed = await runAll();
  assert.equal(passed.length, tests.length);
});
