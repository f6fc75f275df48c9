/**
 * The test functions the contract suites are written with. They default to node's own runner;
 * a suite run under another runner takes that runner's, as keyv's test suite takes `test`:
 * `describeUnitStoreContract("mine", makeStore, { describe, it, beforeEach, afterEach })` with
 * vitest's or mocha's functions.
 */
import * as nodeTest from "node:test";

/** What a test may do while it runs: skip itself, with a reason. */
export interface TestContext {
  skip(message?: string): void;
}

/** The functions of a test runner that the suites use (node:test, vitest, mocha and jest all have them). */
export interface TestRunner {
  describe(name: string, body: () => void): unknown;
  it(name: string, body: (context: TestContext) => Promise<void> | void): unknown;
  beforeEach(body: () => Promise<void> | void): unknown;
  afterEach(body: () => Promise<void> | void): unknown;
}

/** node:test's functions: the suites' default. */
export const nodeTestRunner: TestRunner = {
  describe: (name, body) => nodeTest.describe(name, body),
  it: (name, body) => nodeTest.it(name, (context) => body(context)),
  beforeEach: (body) => nodeTest.beforeEach(body),
  afterEach: (body) => nodeTest.afterEach(body),
};
