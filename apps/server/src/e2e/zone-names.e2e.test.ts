// SPEC 5.1 zone names over HTTP: ICU-only ids refused with suggestions, tzdb links accepted.
// Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { assertProblem, call, startTestServer, type TestServer } from "./e2e.test-support.js";

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const preview = (zone: string) =>
  call(
    server.url,
    `/v1/units/preview_timezone_change?unitIdOrKey=${server.fixture.units.chicago.id}&proposedTimeZone=${encodeURIComponent(zone)}`,
    {
      key: server.fixture.keys.admin,
    },
  );

describe("e2e: zone names (SPEC 5.1)", () => {
  for (const [zone, meant] of [
    ["BST", "Europe/London"],
    ["IST", "Asia/Kolkata, Europe/Dublin, Asia/Jerusalem"],
    ["PST", "America/Los_Angeles"],
    ["Europe/Berln", "Europe/Berlin"],
  ]) {
    it(`${zone} → 400 suggesting ${meant}`, async () => {
      const answer = await preview(zone!);
      assertProblem(answer, 400, "invalid_request");
      assert.match(answer.json.detail, new RegExp(`^proposedTimeZone: '${zone}' is not a time zone .* Did you mean ${meant}\\?$`));
      assert.deepEqual(
        answer.json.invalidParams.map((p: { name: string }) => p.name),
        ["proposedTimeZone"],
      );
      assert.match(answer.json.invalidParams[0].reason, new RegExp(`Did you mean ${meant}\\?$`));
    });
  }

  for (const [zone, answered] of [
    ["GB", "Europe/London"],
    ["Japan", "Asia/Tokyo"],
    ["US/Pacific", "America/Los_Angeles"],
    ["asia/calcutta", "Asia/Kolkata"],
  ]) {
    it(`${zone} is a zone: answered as ${answered}`, async () => {
      const answer = await preview(zone!);
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.proposedTimeZone, answered);
    });
  }

  it("set_timezone refuses BST the same way and changes nothing", async () => {
    const unit = server.fixture.units.york;
    const answer = await call(server.url, "/v1/units/set_timezone", {
      method: "POST",
      key: server.fixture.keys.admin,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ unitIdOrKey: unit.id, timeZone: "BST", expectedVersion: unit.version, policy: "keep_instant" }),
    });
    assertProblem(answer, 400, "invalid_request");
    assert.deepEqual(answer.json.invalidParams, [
      {
        name: "timeZone",
        reason:
          "'BST' is not a time zone of the tz database (IANA names and links only; fixed offsets are not accepted). Did you mean Europe/London?",
      },
    ]);
    const after = await call(server.url, `/v1/units/get_unit?unitIdOrKey=${unit.id}`, { key: server.fixture.keys.admin });
    assert.equal(after.json.unit.version, unit.version);
  });
});
