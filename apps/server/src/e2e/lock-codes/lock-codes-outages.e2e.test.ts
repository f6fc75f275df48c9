// Codes on locks when things go wrong (docs/contract.md "Codes on locks"): Seam unreachable while
// a code changes three times (only the latest state reaches Seam once it is back), a Seam-backed
// lock without SEAM_API_KEY, and no PIN in any log line of a server logging at debug level.
// Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startFakeSeam, startSeamProxy, type FakeSeam, type SeamProxy } from "@lintel/testkit/seam";
import { allEvents, assertProblem } from "../e2e.test-support.js";
import {
  codesFixture,
  entryOf,
  lockSyncIs,
  onlyCodeOn,
  post,
  startCodesServer,
  until,
  type CodesFixture,
} from "./lock-codes.test-support.js";

describe("e2e: codes on locks when Seam or its settings fail", () => {
  let fake: FakeSeam;
  let proxy: SeamProxy;
  before(async () => {
    fake = await startFakeSeam();
    proxy = await startSeamProxy(fake.endpoint);
  });
  after(async () => {
    await proxy?.close();
    await fake?.close();
  });

  /** A fresh fixture with the Seam locks `names` and a server on it with `env`; `stop` closes the server. */
  async function serve(names: readonly string[], env: Record<string, string>, logTo?: { write(line: string): void }) {
    const fixture = codesFixture(fake, names);
    const server = await startCodesServer(fixture.p, fixture.json, env, logTo);
    return { fixture, server };
  }
  const code = (fixture: CodesFixture, lock: string, fields: Record<string, unknown>) => ({
    unitIdOrKey: fixture.codesUnit.id,
    kind: "code",
    lockId: fixture.lockIds[lock],
    ...fields,
  });

  it("Seam unreachable: the write answers at once pending; two more changes meanwhile; Seam receives only the latest state once it is back", async () => {
    const { fixture, server } = await serve(["outage"], {
      SEAM_API_KEY: fake.apiKey,
      SEAM_ENDPOINT: proxy.endpoint,
      ACCESS_CODE_SYNC_RETRY_SCHEDULE: "1,1,1,1,1,1,1,1",
      METRICS_PORT: "0",
    });
    try {
      const write = (path: string, body: unknown) => post(server.url, fixture, path, body);
      proxy.failWith(503);
      const started = performance.now();
      const created = await write(
        "/v1/units/create_schedule_item",
        code(fixture, "outage", { title: "Guest A", startAt: "2027-09-10T14:00:00Z", endAt: "2027-09-10T18:00:00Z", code: "31415926" }),
      );
      const took = performance.now() - started;
      assert.equal(created.status, 201, created.text);
      assert.ok(took < 1000, `the create took ${Math.round(took)} ms`);
      assert.equal(created.json.item.lockSync.status, "pending");
      const key = created.json.item.key as string;
      const first = proxy.exchanges.length;
      await until("an attempt refused by the proxy", () =>
        proxy.exchanges.slice(first).some((one) => one.request === "POST /access_codes/create") ? true : undefined,
      );

      const second = await write("/v1/units/update_schedule_item", {
        unitIdOrKey: fixture.codesUnit.id,
        key,
        title: "Guest B",
        code: "27182818",
      });
      assert.equal(second.status, 200, second.text);
      const third = await write("/v1/units/update_schedule_item", {
        unitIdOrKey: fixture.codesUnit.id,
        key,
        title: "Guest C",
        startAt: "2027-09-11T14:00:00Z",
        endAt: "2027-09-11T20:00:00Z",
        code: "16180339",
      });
      assert.equal(third.status, 200, third.text);
      assert.equal(third.json.item.lockSync.status, "pending");
      // The outage lasts until the latest state has been tried (and refused) as well.
      await until("an attempt of the latest state refused", () =>
        proxy.exchanges.slice(first).some((one) => !one.forwarded && one.body.includes("16180339")) ? true : undefined,
      );
      assert.equal(fake.accessCodesOn(fixture.devices["outage"]!).length, 0, "nothing reached Seam during the outage");
      const down = await entryOf(server.url, fixture, fixture.codesUnit.id, key);
      assert.equal(down?.lockSync?.status, "pending", "still pending while Seam is unreachable");

      const recovered = proxy.exchanges.length;
      proxy.failWith(null);
      await lockSyncIs(server.url, fixture, fixture.codesUnit.id, key, "set", 15_000);
      const atSeam = onlyCodeOn(fake, fixture.devices["outage"]!);
      assert.deepEqual(
        [atSeam.name, atSeam.code, atSeam.starts_at, atSeam.ends_at],
        ["Guest C", "16180339", "2027-09-11T14:00:00.000Z", "2027-09-11T20:00:00.000Z"],
      );
      const forwarded = proxy.exchanges.filter((one) => one.forwarded);
      assert.ok(forwarded.length > 0 && proxy.exchanges.indexOf(forwarded[0]!) >= recovered, "nothing was forwarded before the recovery");
      for (const exchange of forwarded) {
        for (const intermediate of ["31415926", "Guest A", "27182818", "Guest B"]) {
          assert.ok(!exchange.body.includes(intermediate), `${exchange.request} carried the older state "${intermediate}"`);
        }
      }
      assert.deepEqual(
        forwarded.map((one) => one.request),
        ["POST /access_codes/create"],
        "the latest state is created once",
      );
      // The metrics count the attempts by provider and outcome, and the pending work.
      const metrics = await (await fetch(server.metricsUrl ?? "")).text();
      assert.match(metrics, /lintel_access_code_sync_attempts_total\{provider="august",outcome="retry"\} [1-9]/);
      assert.match(metrics, /lintel_access_code_sync_attempts_total\{provider="august",outcome="set"\} 1\n/);
      assert.match(metrics, /lintel_access_code_sync_pending \d+/);
      assert.match(metrics, /lintel_access_code_sync_oldest_pending_age_seconds \d/);
    } finally {
      proxy.failWith(null);
      await server.close();
    }
  });

  it("a Seam-backed code without SEAM_API_KEY is failed, naming it", async () => {
    const { fixture, server } = await serve(["unset"], {});
    try {
      const created = await post(
        server.url,
        fixture,
        "/v1/units/create_schedule_item",
        code(fixture, "unset", { title: "Unsent", startAt: "2027-09-12T14:00:00Z", endAt: "2027-09-12T15:00:00Z" }),
      );
      assert.equal(created.status, 201, created.text);
      const entry = await lockSyncIs(server.url, fixture, fixture.codesUnit.id, created.json.item.key, "failed");
      assert.equal(entry.lockSync?.error, 'Lock provider "august" is programmed through Seam, and SEAM_API_KEY is not set.');
      const failed = await until("access_code.sync_failed", async () =>
        (await allEvents(server.url, fixture.keys.admin)).find(
          (event) => event.type === "access_code.sync_failed" && event.data.item.id === created.json.item.id,
        ),
      );
      assert.deepEqual(
        [failed.data.unitId, failed.data.item.code, failed.data.item.lockSync.status],
        [fixture.codesUnit.id, null, "failed"],
      );
      assert.match(failed.data.item.lockSync.error, /SEAM_API_KEY/);
      assert.equal(fake.accessCodesOn(fixture.devices["unset"]!).length, 0);
    } finally {
      await server.close();
    }
  });

  it("the PIN is in no log line: writes, a refused PIN, retries and a failure, logged at debug level", async () => {
    let logs = "";
    const { fixture, server } = await serve(
      ["logged"],
      { SEAM_API_KEY: fake.apiKey, SEAM_ENDPOINT: proxy.endpoint, ACCESS_CODE_SYNC_RETRY_SCHEDULE: "1,1" },
      { write: (line) => (logs += line) },
    );
    const pins = ["90817263", "56473829", "81726354", "73645546", "987654321"];
    try {
      const write = (path: string, body: unknown) => post(server.url, fixture, path, body);
      const created = await write(
        "/v1/units/create_schedule_item",
        code(fixture, "logged", { title: "Logged", startAt: "2027-09-13T14:00:00Z", endAt: "2027-09-13T15:00:00Z", code: pins[0] }),
      );
      assert.equal(created.status, 201, created.text);
      const key = created.json.item.key as string;
      const update = async (pin: string) => {
        const answer = await write("/v1/units/update_schedule_item", { unitIdOrKey: fixture.codesUnit.id, key, code: pin });
        assert.equal(answer.status, 200, answer.text);
      };
      await lockSyncIs(server.url, fixture, fixture.codesUnit.id, key, "set");
      await update(pins[1]!);
      await lockSyncIs(server.url, fixture, fixture.codesUnit.id, key, "set");
      // A failure path: Seam unreachable until the retries run out.
      proxy.failWith(503);
      await update(pins[2]!);
      const failed = await lockSyncIs(server.url, fixture, fixture.codesUnit.id, key, "failed", 15_000);
      assert.match(failed.lockSync?.error ?? "", /503/);
      proxy.failWith(null);
      await update(pins[3]!);
      await lockSyncIs(server.url, fixture, fixture.codesUnit.id, key, "set");
      assert.equal(onlyCodeOn(fake, fixture.devices["logged"]!).code, pins[3]);
      // Refused PINs: too short, too long. The answer names the field and quotes neither.
      for (const refused of ["12", pins[4]!]) {
        const answer = await write(
          "/v1/units/create_schedule_item",
          code(fixture, "logged", { title: "Refused", startAt: "2027-09-14T14:00:00Z", endAt: "2027-09-14T15:00:00Z", code: refused }),
        );
        assertProblem(answer, 400, "invalid_request");
        assert.deepEqual(
          answer.json.invalidParams.map((param: { name: string }) => param.name),
          ["code"],
          answer.text,
        );
        assert.ok(
          !answer.text.includes(`"${refused}"`) && !answer.text.includes(` ${refused}`),
          `the answer quotes ${refused}: ${answer.text}`,
        );
      }
    } finally {
      proxy.failWith(null);
      await server.close();
    }
    // The log was written (every request, every kind of attempt) and holds no PIN.
    const attempts = logs.split("\n").filter((line) => line.includes('"msg":"access code attempt"'));
    for (const outcome of ["set", "retry", "failed"]) {
      assert.ok(
        attempts.some((line) => line.includes(`"outcome":"${outcome}"`)),
        `an attempt logged as ${outcome}`,
      );
    }
    const requests = logs.split("\n").filter((line) => line.includes('"msg":"request"') && line.includes("/v1/units/"));
    assert.ok(
      requests.some((line) => line.includes('"status":400')),
      "the refused write was logged",
    );
    for (const pin of pins) assert.ok(!logs.includes(pin), `the PIN ${pin} is in the log`);
    const refusedAt = logs.split("\n").filter((line) => line.includes('"12"'));
    assert.deepEqual(refusedAt, [], "the refused PIN 12 is in the log");
  });
});
