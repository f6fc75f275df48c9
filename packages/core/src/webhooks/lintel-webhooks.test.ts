// The event and webhook endpoint use cases (SPEC 5.10) over the in-core fakes: create's rules,
// the newest-first lists behind cursors bound to org, list and subject, isolation across orgs,
// and a create with an Idempotency-Key answered again with its secret.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LintelEvent } from "@lintel/domain/adapters";
import type { IdempotencyStore, KeptResult } from "../ports/ports.js";
import { callerA, callerB, problem, setup, value } from "../lintel.test-support.js";

const HOOK = { url: "https://example.com/hook", eventTypes: ["*"] };

function timezoneEvent(id: string, orgId: string, createdAt: string): LintelEvent {
  const unit = { id: "u_1", urlKey: "12-elm-st", address: "12 Elm St", timeZone: "Europe/Paris", version: 3, showingRules: null };
  return { id, orgId, createdAt, type: "unit.timezone_changed", data: { unit, previousTimeZone: null, policy: "keep_instant", moved: [] } };
}

function stateEvent(id: string, orgId: string, createdAt: string): LintelEvent {
  const observed = { lockState: "locked", doorState: "closed", online: true } as const;
  const state = { lockId: "lk_0", provider: "simulated", ...observed, batteryLevel: null, lastSeenAt: null, fetchedAt: createdAt };
  return { id, orgId, createdAt, type: "lock.state_changed", data: { lockId: "lk_0", provider: "simulated", previous: observed, state } };
}

describe("webhook endpoints", () => {
  it("create answers the endpoint, enabled, with a whsec_ secret and a we_ id", async () => {
    const { lintel } = await setup();
    const created = value(await lintel.createWebhookEndpoint(callerA, { ...HOOK, description: "CRM" }));
    assert.match(created.webhookEndpoint.id, /^we_[0-9A-Za-z]{24}$/);
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    // The record keeps it sealed under the data keys: only this answer shows it plain.
    assert.match(created.webhookEndpoint.secret, /^enc1\./);
    assert.ok(!created.webhookEndpoint.secret.includes(created.secret.slice(6)), "the sealed secret does not show it");
    assert.deepEqual(
      { ...created.webhookEndpoint, id: "", secret: "" },
      {
        id: "",
        secret: "",
        orgId: "org_a",
        url: HOOK.url,
        eventTypes: ["*"],
        description: "CRM",
        status: "enabled",
        disabledReason: null,
        createdAt: "2026-06-01T12:00:00.000Z",
        failingSince: null,
      },
    );
  });

  const refusals: [string, { url: string; eventTypes: string[] }, string][] = [
    ["http://", { url: "http://example.com/hook", eventTypes: ["*"] }, "url"],
    ["not a url", { url: "example.com/hook", eventTypes: ["*"] }, "url"],
    ["over 2048 characters", { url: `https://example.com/${"a".repeat(2030)}`, eventTypes: ["*"] }, "url"],
    ["over 2048 code points", { url: `https://example.com/${"😀".repeat(2030)}`, eventTypes: ["*"] }, "url"],
    ["a lone surrogate in the url", { url: "https://example.com/\ud800", eventTypes: ["*"] }, "url"],
    ["a tab in the url (which URL parsing would drop)", { url: "https://example.com/ho\tok", eventTypes: ["*"] }, "url"],
    ["a private destination", { url: "https://private.test/hook", eventTypes: ["*"] }, "url"],
    ["credentials in the url", { url: "https://u:p@example.com/hook", eventTypes: ["*"] }, "url"],
    ["no event type", { url: HOOK.url, eventTypes: [] }, "eventTypes"],
    ["an unknown type", { url: HOOK.url, eventTypes: ["lock.exploded"] }, "eventTypes"],
    ["a repeated type", { url: HOOK.url, eventTypes: ["lock.state_changed", "lock.state_changed"] }, "eventTypes"],
    ['"*" with a named type', { url: HOOK.url, eventTypes: ["*", "lock.state_changed"] }, "eventTypes"],
  ];
  for (const [name, command, param] of refusals) {
    it(`create refuses ${name} (400 naming ${param})`, async () => {
      const { lintel } = await setup();
      const answer = problem(await lintel.createWebhookEndpoint(callerA, command));
      assert.equal(answer?.code, "invalid_request");
      assert.equal(answer?.invalidParams?.[0]?.name, param);
    });
  }

  it("a description is text by the writes' rule on create and update: a NUL, a line feed, a lone surrogate, empty or 201 characters are 400 naming it; 200 emoji and null are taken", async () => {
    const { lintel } = await setup();
    const id = value(await lintel.createWebhookEndpoint(callerA, HOOK)).webhookEndpoint.id;
    for (const description of ["a\u0000", "two\nlines", "lone\udc00", "", "x".repeat(201)]) {
      assert.equal(problem(await lintel.createWebhookEndpoint(callerA, { ...HOOK, description }))?.invalidParams?.[0]?.name, "description");
      assert.equal(problem(await lintel.updateWebhookEndpoint(callerA, id, { description }))?.invalidParams?.[0]?.name, "description");
    }
    assert.equal(value(await lintel.updateWebhookEndpoint(callerA, id, { description: "🔔".repeat(200) })).description, "🔔".repeat(200));
    assert.equal(value(await lintel.updateWebhookEndpoint(callerA, id, { description: null })).description, null);
  });

  it("a url is counted in code points: 2,000 emoji in its path are taken", async () => {
    const { lintel } = await setup({}, { webhookAllowPrivate: true });
    value(await lintel.createWebhookEndpoint(callerA, { url: `https://example.com/${"😀".repeat(2000)}`, eventTypes: ["*"] }));
  });

  it("with webhookAllowPrivate, http:// and private destinations are taken", async () => {
    const { lintel } = await setup({}, { webhookAllowPrivate: true });
    value(await lintel.createWebhookEndpoint(callerA, { url: "http://private.test/hook", eventTypes: ["unit.timezone_changed"] }));
  });

  it("an org has at most 16 endpoints; the 17th is a 400", async () => {
    const { lintel } = await setup();
    for (let i = 0; i < 16; i++) value(await lintel.createWebhookEndpoint(callerA, HOOK));
    assert.equal(problem(await lintel.createWebhookEndpoint(callerA, HOOK))?.code, "invalid_request");
    value(await lintel.createWebhookEndpoint(callerB, HOOK)); // another org's count is its own
  });

  it("list is newest first behind cursors; get, enable and delete; a foreign id is not_found", async () => {
    const { lintel, advance } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(value(await lintel.createWebhookEndpoint(callerA, HOOK)).webhookEndpoint.id);
      advance(1000);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = value(await lintel.listWebhookEndpoints(callerA, { limit: 2, cursor }));
      seen.push(...page.webhookEndpoints.map((e) => e.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    assert.deepEqual(seen, [...ids].reverse());
    const first = ids[0] ?? "";
    assert.equal(value(await lintel.getWebhookEndpoint(callerA, first)).id, first);
    assert.equal(problem(await lintel.getWebhookEndpoint(callerB, first))?.code, "not_found");
    assert.equal(problem(await lintel.enableWebhookEndpoint(callerB, first))?.code, "not_found");
    assert.equal(problem(await lintel.deleteWebhookEndpoint(callerB, first))?.code, "not_found");
    assert.equal(problem(await lintel.listDeliveries(callerB, { endpointId: first, limit: 5 }))?.code, "not_found");
    assert.equal(value(await lintel.enableWebhookEndpoint(callerA, first)).status, "enabled");
    assert.equal(value(await lintel.deleteWebhookEndpoint(callerA, first)), null);
    assert.equal(problem(await lintel.getWebhookEndpoint(callerA, first))?.code, "not_found");
    assert.equal(value(await lintel.listWebhookEndpoints(callerB, { limit: 10 })).webhookEndpoints.length, 0);
  });

  it("a list's cursor is refused by another list, another org and another endpoint's deliveries", async () => {
    const { lintel } = await setup();
    for (let i = 0; i < 3; i++) value(await lintel.createWebhookEndpoint(callerA, HOOK));
    const cursor = value(await lintel.listWebhookEndpoints(callerA, { limit: 1 })).nextCursor ?? "";
    assert.equal(problem(await lintel.listWebhookEndpoints(callerB, { limit: 1, cursor }))?.code, "invalid_cursor");
    assert.equal(problem(await lintel.listEvents(callerA, { limit: 1, cursor }))?.code, "invalid_cursor");
    assert.equal(problem(await lintel.listLocks(callerA, { limit: 1, cursor }))?.code, "invalid_cursor");
  });

  it("create with an Idempotency-Key: a repeat gets the same endpoint and secret, another body 422", async () => {
    const kept = new Map<string, { fingerprint: string; kept?: KeptResult }>();
    const idempotency: IdempotencyStore = {
      begin: async (scope, key, fingerprint) => {
        const held = kept.get(`${scope}:${key}`);
        if (held === undefined) {
          kept.set(`${scope}:${key}`, { fingerprint });
          return { state: "claimed", token: key };
        }
        return held.kept === undefined
          ? { state: "running", fingerprint: held.fingerprint }
          : { state: "done", fingerprint: held.fingerprint, kept: held.kept };
      },
      complete: async (scope, key, _token, result) => {
        const held = kept.get(`${scope}:${key}`);
        if (held !== undefined) held.kept = structuredClone(result);
        return true;
      },
      release: async (scope, key) => void kept.delete(`${scope}:${key}`),
    };
    const { lintel } = await setup({ idempotency });
    const retry = { idempotencyKey: "hook-1", requestId: "req-1", fingerprint: JSON.stringify(HOOK) };
    const create = (command: typeof HOOK) => () => lintel.createWebhookEndpoint(callerA, command);
    const first = await lintel.once(callerA, retry, create(HOOK));
    const again = await lintel.once(callerA, { ...retry, requestId: "req-2" }, create(HOOK));
    assert.ok(first.ok && again.ok);
    assert.equal(again.replayed, true);
    assert.deepEqual(again.result, first.result);
    assert.equal(value(await lintel.listWebhookEndpoints(callerA, { limit: 10 })).webhookEndpoints.length, 1);
    const otherHook = { ...HOOK, description: "other" };
    const other = await lintel.once(callerA, { ...retry, fingerprint: JSON.stringify(otherHook) }, create(otherHook));
    assert.equal(other.ok ? "" : other.problem.code, "idempotency_key_reused");
  });
});

describe("events", () => {
  it("list newest first, by type when asked, behind cursors bound to the type; get; isolation", async () => {
    const { lintel, eventStore } = await setup();
    const made = [
      timezoneEvent("evt_1", "org_a", "2026-06-01T12:00:01.000Z"),
      stateEvent("evt_2", "org_a", "2026-06-01T12:00:02.000Z"),
      timezoneEvent("evt_3", "org_a", "2026-06-01T12:00:03.000Z"),
      timezoneEvent("evt_4", "org_b", "2026-06-01T12:00:04.000Z"),
    ];
    for (const event of made) eventStore.append(event);
    const all = value(await lintel.listEvents(callerA, { limit: 2 }));
    assert.deepEqual(
      all.events.map((e) => e.id),
      ["evt_3", "evt_2"],
    );
    const rest = value(await lintel.listEvents(callerA, { limit: 2, cursor: all.nextCursor ?? "" }));
    assert.deepEqual(
      rest.events.map((e) => e.id),
      ["evt_1"],
    );
    assert.equal(rest.nextCursor, null);
    const zones = value(await lintel.listEvents(callerA, { limit: 1, type: "unit.timezone_changed" }));
    assert.deepEqual(
      zones.events.map((e) => e.id),
      ["evt_3"],
    );
    const cursor = zones.nextCursor ?? "";
    assert.equal(problem(await lintel.listEvents(callerA, { limit: 1, cursor }))?.code, "invalid_cursor");
    assert.equal(problem(await lintel.listEvents(callerA, { limit: 1, type: "lock.state_changed", cursor }))?.code, "invalid_cursor");
    assert.deepEqual(
      value(await lintel.listEvents(callerA, { limit: 5, type: "unit.timezone_changed", cursor })).events.map((e) => e.id),
      ["evt_1"],
    );
    assert.equal(value(await lintel.getEvent(callerA, "evt_2")).type, "lock.state_changed");
    assert.equal(problem(await lintel.getEvent(callerA, "evt_4"))?.code, "not_found");
    assert.equal(problem(await lintel.getEvent(callerB, "evt_1"))?.code, "not_found");
  });

  it("an endpoint's deliveries list newest first", async () => {
    const { lintel, eventStore } = await setup();
    const endpoint = value(await lintel.createWebhookEndpoint(callerA, { url: HOOK.url, eventTypes: ["unit.timezone_changed"] }));
    eventStore.append(timezoneEvent("evt_1", "org_a", "2026-06-01T12:00:01.000Z"));
    eventStore.append(stateEvent("evt_2", "org_a", "2026-06-01T12:00:02.000Z")); // not subscribed
    eventStore.append(timezoneEvent("evt_3", "org_a", "2026-06-01T12:00:03.000Z"));
    const page = value(await lintel.listDeliveries(callerA, { endpointId: endpoint.webhookEndpoint.id, limit: 10 }));
    assert.deepEqual(
      page.deliveries.map((d) => [d.eventId, d.status]),
      [
        ["evt_3", "pending"],
        ["evt_1", "pending"],
      ],
    );
  });

  it("events and deliveries older than 30 days are never served, though the store still holds them (an idle org)", async () => {
    const { lintel, eventStore, advance } = await setup();
    const endpoint = value(await lintel.createWebhookEndpoint(callerA, HOOK));
    const endpointId = endpoint.webhookEndpoint.id;
    eventStore.append(timezoneEvent("evt_1", "org_a", "2026-06-01T12:00:01.000Z"));
    eventStore.append(timezoneEvent("evt_2", "org_a", "2026-06-02T12:00:00.000Z"));
    eventStore.append(timezoneEvent("evt_3", "org_a", "2026-06-03T12:00:00.000Z"));
    advance(30 * 86_400_000 + 2000); // evt_1 is now 30 days and 1 s old; evt_2 29 days
    const page = value(await lintel.listEvents(callerA, { limit: 2 }));
    assert.deepEqual(
      page.events.map((e) => e.id),
      ["evt_3", "evt_2"],
    );
    assert.equal(page.nextCursor, null, "the old event behind the page is no next page");
    assert.deepEqual(
      value(await lintel.listEvents(callerA, { limit: 10, type: "unit.timezone_changed" })).events.map((e) => e.id),
      ["evt_3", "evt_2"],
    );
    assert.equal(problem(await lintel.getEvent(callerA, "evt_1"))?.code, "not_found");
    assert.equal(value(await lintel.getEvent(callerA, "evt_2")).id, "evt_2");
    const deliveries = value(await lintel.listDeliveries(callerA, { endpointId, limit: 2 }));
    assert.deepEqual(
      deliveries.deliveries.map((d) => d.eventId),
      ["evt_3", "evt_2"],
    );
    assert.equal(deliveries.nextCursor, null);
    assert.equal((await eventStore.events.list("org_a", null, null, 10)).length, 3, "the store still has it");
  });
});
