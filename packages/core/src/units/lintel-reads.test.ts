// createLintel reads over the in-core fake store: keyset pages, cursors, org isolation, readiness.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Health } from "../ports/ports.js";
import { unconfiguredLockProvider } from "../locks/lock-provider-routing.js";
import { ProviderUnavailableError } from "../locks/provider-failure.js";
import { callerA, callerB, problem, setup, value } from "../lintel.test-support.js";

describe("createLintel reads", () => {
  it("listLocks pages through the org's active locks with cursors, in order, to a null cursor", async () => {
    const { lintel } = await setup();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const { locks, nextCursor } = value(await lintel.listLocks(callerA, { limit: 3, cursor }));
      seen.push(...locks.map((l) => l.lockId));
      if (nextCursor === null) break;
      cursor = nextCursor;
    }
    assert.deepEqual(seen, ["lk_5", "lk_2", "lk_4", "lk_1", "lk_6", "lk_3", "lk_0"]);
    const whole = value(await lintel.listLocks(callerA, { limit: 7, cursor: undefined }));
    assert.equal(whole.nextCursor, null);
  });

  it("listTemplates orders by sortOrder then id", async () => {
    const { lintel } = await setup();
    const first = value(await lintel.listTemplates(callerA, { limit: 2, cursor: undefined }));
    assert.deepEqual(
      first.templates.map((t) => t.id),
      ["tpl_1", "tpl_3"],
    );
    const rest = value(await lintel.listTemplates(callerA, { limit: 5, cursor: first.nextCursor ?? "" }));
    assert.deepEqual(
      rest.templates.map((t) => t.id),
      ["tpl_0", "tpl_2", "tpl_4"],
    );
    assert.equal(rest.nextCursor, null);
  });

  it("refuses an edited, foreign or other list's cursor as invalid_cursor", async () => {
    const { lintel } = await setup();
    const cursor = value(await lintel.listLocks(callerA, { limit: 2, cursor: undefined })).nextCursor ?? "";
    const templateCursor = value(await lintel.listTemplates(callerA, { limit: 1, cursor: undefined })).nextCursor ?? "";
    const edited = cursor.slice(0, 5) + (cursor[5] === "A" ? "B" : "A") + cursor.slice(6);
    for (const [caller, bad] of [
      [callerA, edited],
      [callerA, "garbage"],
      [callerA, ""],
      [callerB, cursor],
      [callerA, templateCursor],
    ] as const) {
      assert.equal(problem(await lintel.listLocks(caller, { limit: 2, cursor: bad }))?.code, "invalid_cursor");
    }
    assert.equal(problem(await lintel.listTemplates(callerA, { limit: 2, cursor }))?.code, "invalid_cursor");
  });

  it("answers a foreign id exactly like an unknown one", async () => {
    const { lintel, reads } = await setup();
    assert.deepEqual(problem(await lintel.getLock(callerB, "lk_0")), { code: "not_found", detail: "No lock 'lk_0'." });
    assert.deepEqual(problem(await lintel.getLock(callerB, "lk_zz")), { code: "not_found", detail: "No lock 'lk_zz'." });
    assert.equal(problem(await lintel.getLock(callerA, "lk_off"))?.code, "not_found");
    assert.deepEqual(problem(await lintel.getTemplate(callerB, "tpl_0")), { code: "not_found", detail: "No template 'tpl_0'." });
    assert.equal(problem(await lintel.getLockState(callerB, "lk_0"))?.code, "not_found");
    assert.equal(problem(await lintel.getLockState(callerA, "lk_off"))?.code, "not_found");
    assert.equal(reads.length, 0);
    const query = { unitIdOrKey: "12-elm-st", proposedTimeZone: "Asia/Tokyo" };
    assert.deepEqual(problem(await lintel.previewTimezoneChange(callerB, query)), { code: "not_found", detail: "No unit '12-elm-st'." });
    assert.deepEqual(
      problem(await lintel.setTimeZone(callerB, { ...query, timeZone: "Asia/Tokyo", expectedVersion: 2, policy: "keep_instant" })),
      { code: "not_found", detail: "No unit '12-elm-st'." },
    );
  });

  it("gets the org's own lock, template and live lock state", async () => {
    const { lintel, reads } = await setup();
    assert.equal(value(await lintel.getLock(callerA, "lk_3")).name, "Door 3");
    assert.equal(value(await lintel.getTemplate(callerA, "tpl_2")).sortOrder, 3);
    assert.equal(value(await lintel.getLockState(callerA, "lk_3")).lockState, "locked");
    assert.deepEqual(
      reads.map((l) => l.lockId),
      ["lk_3"],
    );
  });

  it("a lock provider's failure is the 503 problem, carrying the provider and what happened; any other error of the provider reads as failed", async () => {
    const failure = { provider: "august", reason: "rate_limited", what: "rate-limited us.", retryAfterSeconds: 7 } as const;
    const failing = { read: () => Promise.reject(new ProviderUnavailableError(failure)) };
    const { lintel } = await setup({ lockStates: failing });
    assert.deepEqual(problem(await lintel.getLockState(callerA, "lk_3")), {
      code: "unavailable",
      detail: 'Lock provider "august" rate-limited us. Retry shortly.',
      retryAfterSeconds: 7,
      providerFailure: failure,
    });
    const broken = await setup({ lockStates: { read: () => Promise.reject(new TypeError("a bug")) } });
    assert.equal(problem(await broken.lintel.getLockState(callerA, "lk_3"))?.providerFailure?.reason, "failed");
  });

  it("a missing SEAM_API_KEY is not retryable: 503 naming the provider and the setting, no Retry-After, no retry wording", async () => {
    const what = "is read through Seam, and SEAM_API_KEY is not set.";
    const { lintel } = await setup({ lockStates: { read: (lock) => unconfiguredLockProvider(what).readState(lock, AbortSignal.abort()) } });
    const answer = problem(await lintel.getLockState(callerA, "lk_3"));
    assert.equal(answer?.code, "unavailable");
    assert.equal(answer?.retryAfterSeconds, undefined);
    assert.equal(answer?.providerFailure?.reason, "not_configured");
    assert.match(answer?.detail ?? "", /^Lock provider "\w+" is read through Seam, and SEAM_API_KEY is not set\.$/);
    assert.doesNotMatch(answer?.detail ?? "", /retry/i);
  });

  it("ready is true when the store answers and false when it does not", async () => {
    assert.equal(await (await setup()).lintel.ready(), true);
    const down: Health = { ping: () => Promise.reject(new Error("down")) };
    assert.equal(await (await setup({ health: down })).lintel.ready(), false);
  });
});
