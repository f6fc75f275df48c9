import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { generateApiKey, hashApiKey } from "@lintel/domain";
import { MAX_FIXTURE_ERRORS, parseFixture } from "./fixture.js";
import { normalizeInstant } from "./instant-text.js";

const KEY = generateApiKey((n) => 7 % n);
const OTHER_KEY = generateApiKey((n) => 11 % n);

type Json = Record<string, Record<string, unknown>[]>;

// prettier-ignore
function goodFixture(): Json {
  return {
    orgs: [{ id: "org_a", name: "Acme Rentals" }, { id: "org_b", name: "Other" }],
    apiKeys: [
      { id: "key_a", orgId: "org_a", name: "ops", key: KEY, scopes: ["units:write", "locks:read"], createdAt: "2026-01-01T00:00:00Z" },
      { id: "key_b", orgId: "org_b", name: "b", key: OTHER_KEY, scopes: [], createdAt: "2026-01-01T00:00:00Z",
        expiresAt: null, revokedAt: null, rateLimit: { requests: 5, windowSeconds: 60 } },
    ],
    units: [
      { id: "u_1", orgId: "org_a", urlKey: "12-elm-st", address: "12 Elm St", timeZone: "America/New_York", version: 3 },
      { id: "u_2", orgId: "org_a", urlKey: "14-elm-st", address: "14 Elm St", timeZone: "Etc/UTC" },
      { id: "u_3", orgId: "org_b", urlKey: "12-elm-st", address: "Far away", timeZone: null },
      { id: "u_4", orgId: "org_b", urlKey: "kolkata", address: "Kolkata", timeZone: "asia/calcutta" },
    ],
    locks: [
      { lockId: "lk_1", orgId: "org_a", name: "Front door", provider: "simulated", providerDeviceId: "dev-1", model: null,
        timeZone: "Europe/Kiev", unitIds: ["u_1", "u_2"], status: "active", createdAt: "2026-01-02T00:00:00.000Z",
        updatedAt: "2026-01-03T00:00:00.000Z" },
      { lockId: "lk_2", orgId: "org_b", name: "Gate", provider: "yale", providerDeviceId: "dev-2",
        unitIds: ["u_3"], createdAt: "2026-01-02T00:00:00+01:00" },
    ],
    tours: [{ id: "t_1", unitId: "u_1", title: "Tour", startAt: "2026-12-01T10:00:00-05:00", endAt: "2026-12-01T11:00:00-05:00", lockId: "lk_1" }],
    codes: [{ id: "c_1", unitId: "u_1", lockId: "lk_1", name: "Cleaner", startAt: "2026-12-01T15:00:00.123456Z", endAt: "2026-12-02T15:00:00Z" }],
    openHouses: [{ id: "oh_1", unitId: "u_2", title: "Open house", startAt: "2026-12-05T15:00:00Z", endAt: "2026-12-05T18:00:00Z" }],
    scheduledMessages: [{ id: "m_1", unitId: "u_1", title: "Reminder", sendAt: "2026-11-30T15:00:00Z", templateId: "tpl_1" }],
    templates: [
      { id: "tpl_1", orgId: "org_a", name: "Reminder", body: "Hi {{name}}", sortOrder: -2, createdAt: "2026-01-01T00:00:00Z" },
      { id: "tpl_2", orgId: "org_b", name: "Other", body: "Hello", sortOrder: 0, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-04T00:00:00Z" },
    ],
  };
}

function refused(fixture: unknown): string[] {
  const result = parseFixture(fixture);
  assert.equal(result.ok, false, "the fixture should be refused");
  return result.ok ? [] : result.errors;
}

describe("parseFixture", () => {
  it("accepts a good fixture and normalizes instants, zones, keys and defaults", () => {
    const result = parseFixture(goodFixture());
    assert.ok(result.ok, result.ok ? "" : result.errors.join("\n"));
    const { data } = result;
    assert.deepEqual(
      data.orgs.map((o) => o.id),
      ["org_a", "org_b"],
    );
    const key = data.apiKeys[0];
    assert.equal(key?.hash, hashApiKey(KEY));
    assert.equal("key" in (key ?? {}), false);
    assert.equal(key?.createdAt, "2026-01-01T00:00:00.000Z");
    assert.equal(key?.expiresAt, null);
    assert.equal(key?.rateLimit, null);
    assert.deepEqual(data.apiKeys[1]?.rateLimit, { requests: 5, windowSeconds: 60 });
    assert.equal(data.units[1]?.timeZone, "UTC");
    assert.equal(data.units[1]?.version, 1);
    assert.equal(data.units[3]?.timeZone, "Asia/Kolkata");
    assert.equal(data.locks[0]?.timeZone, "Europe/Kyiv");
    assert.equal(data.units[0]?.version, 3);
    const lock2 = data.locks[1];
    assert.equal(lock2?.status, "active");
    assert.equal(lock2?.model, null);
    assert.equal(lock2?.timeZone, null);
    assert.equal(lock2?.createdAt, "2026-01-01T23:00:00.000Z");
    assert.equal(lock2?.updatedAt, lock2?.createdAt);
    const tour = data.items.find((i) => i.kind === "tour");
    assert.deepEqual(tour, {
      kind: "tour",
      id: "t_1",
      unitId: "u_1",
      orgId: "org_a",
      title: "Tour",
      startAt: "2026-12-01T15:00:00.000Z",
      endAt: "2026-12-01T16:00:00.000Z",
      lockId: "lk_1",
    });
    const code = data.items.find((i) => i.kind === "code");
    assert.equal(code?.title, "Cleaner");
    assert.equal(code?.startAt, "2026-12-01T15:00:00.123Z");
    const message = data.items.find((i) => i.kind === "scheduled_message");
    assert.equal(message?.startAt, "2026-11-30T15:00:00.000Z");
    assert.equal(message?.endAt, message?.startAt);
    assert.equal(message?.lockId, null);
    assert.equal(message?.templateId, "tpl_1");
    assert.equal(data.items.find((i) => i.kind === "open_house")?.lockId, null);
    assert.equal(data.templates[0]?.sortOrder, -2);
    assert.equal(data.templates[1]?.updatedAt, "2026-01-04T00:00:00.000Z");
  });

  it("takes text by code points: a title of 200 emoji and a body with line breaks and tabs load", () => {
    let fixture = set(goodFixture(), "tours", 0, "title", "😀".repeat(200));
    fixture = set(fixture, "templates", 0, "body", "Hi {{name}},\r\n\tsee you");
    const result = parseFixture(fixture);
    assert.ok(result.ok, result.ok ? "" : result.errors.join("\n"));
    assert.equal(result.data.templates[0]?.body, "Hi {{name}},\r\n\tsee you");
  });

  it("accepts an empty object and a fixture with only some lists", () => {
    assert.ok(parseFixture({}).ok);
    assert.ok(parseFixture({ orgs: [{ id: "o", name: "O" }] }).ok);
  });

  // prettier-ignore
  const bad: readonly { name: string; change: (f: Json) => unknown; expect: string }[] = [
    { name: "unknown list", change: (f) => ({ ...f, tenants: [] }), expect: 'unknown list "tenants"' },
    { name: "list not an array", change: (f) => ({ ...f, units: {} }), expect: "units must be a list" },
    { name: "record not an object", change: (f) => ({ ...f, orgs: [...(f["orgs"] ?? []), 3] }), expect: "orgs[2]: must be an object" },
    { name: "bad id", change: (f) => set(f, "units", 0, "id", "u 1"), expect: 'units[0] (id "u 1"): id "u 1" is not an id' },
    { name: "missing id", change: (f) => set(f, "orgs", 0, "id", undefined), expect: "orgs[0]: id is missing" },
    { name: "unknown field", change: (f) => set(f, "units", 0, "timezone", "UTC"), expect: 'units[0] (id "u_1"): unknown field "timezone"' },
    { name: "bad zone", change: (f) => set(f, "locks", 0, "timeZone", "Mars/Base"), expect: "locks[0] (lockId \"lk_1\"): timeZone: 'Mars/Base' is not a time zone of the tz database" },
    { name: "fixed offset zone", change: (f) => set(f, "units", 0, "timeZone", "+05:00"), expect: "units[0] (id \"u_1\"): timeZone: '+05:00' is not a time zone" },
    {
      name: "an ICU-only id (PST), with the zone it probably meant",
      change: (f) => set(f, "units", 0, "timeZone", "PST"),
      expect: "units[0] (id \"u_1\"): timeZone: 'PST' is not a time zone of the tz database (IANA names and links only; fixed offsets are not accepted). Did you mean America/Los_Angeles?",
    },
    { name: "bad instant", change: (f) => set(f, "tours", 0, "startAt", "2026-02-30T10:00:00Z"), expect: 'tours[0] (id "t_1"): startAt "2026-02-30T10:00:00Z" is not an RFC 3339 instant' },
    { name: "instant without offset", change: (f) => set(f, "templates", 0, "createdAt", "2026-01-01T00:00:00"), expect: 'templates[0] (id "tpl_1"): createdAt' },
    { name: "endAt before startAt", change: (f) => set(f, "codes", 0, "endAt", "2026-12-01T14:00:00Z"), expect: 'codes[0] (id "c_1"): endAt 2026-12-01T14:00:00.000Z is before startAt' },
    { name: "urlKey not kebab-case", change: (f) => set(f, "units", 1, "urlKey", "Elm_St"), expect: 'units[1] (id "u_2"): urlKey "Elm_St" is not kebab-case' },
    { name: "urlKey used twice in one org", change: (f) => set(f, "units", 1, "urlKey", "12-elm-st"), expect: 'units[1] (id "u_2"): urlKey "12-elm-st" is already used' },
    { name: "malformed key", change: (f) => set(f, "apiKeys", 0, "key", KEY.slice(0, -1) + (KEY.endsWith("A") ? "B" : "A")), expect: 'apiKeys[0] (id "key_a"): key is not a well-formed API key' },
    { name: "key and hash both", change: (f) => set(f, "apiKeys", 0, "hash", hashApiKey(KEY)), expect: 'apiKeys[0] (id "key_a"): needs exactly one of key' },
    { name: "same key twice", change: (f) => set(f, "apiKeys", 1, "key", KEY), expect: 'apiKeys[1] (id "key_b"): the same key as apiKeys[0]' },
    { name: "unknown scope", change: (f) => set(f, "apiKeys", 0, "scopes", ["locks:write"]), expect: 'apiKeys[0] (id "key_a"): scopes holds "locks:write", which is not a scope' },
    { name: "bad rate limit", change: (f) => set(f, "apiKeys", 0, "rateLimit", { requests: 0, windowSeconds: 60 }), expect: 'apiKeys[0] (id "key_a"): rateLimit' },
    { name: "version 0", change: (f) => set(f, "units", 0, "version", 0), expect: 'units[0] (id "u_1"): version 0 must be an integer ≥ 1' },
    { name: "fractional version", change: (f) => set(f, "units", 0, "version", 1.5), expect: 'units[0] (id "u_1"): version 1.5' },
    { name: "bad lock status", change: (f) => set(f, "locks", 0, "status", "broken"), expect: 'locks[0] (lockId "lk_1"): status "broken" must be one of active, inactive' },
    { name: "unsafe sortOrder", change: (f) => set(f, "templates", 0, "sortOrder", 2 ** 60), expect: 'templates[0] (id "tpl_1"): sortOrder' },
    { name: "duplicate unit id", change: (f) => set(f, "units", 1, "id", "u_1"), expect: 'units[1] (id "u_1"): duplicate id "u_1" (first at units[0])' },
    { name: "duplicate tour id", change: (f) => ({ ...f, tours: [...(f["tours"] ?? []), { ...f["tours"]?.[0] }] }), expect: 'tours[1] (id "t_1"): duplicate id "t_1"' },
    { name: "unknown org", change: (f) => set(f, "templates", 0, "orgId", "org_x"), expect: 'templates[0] (id "tpl_1"): orgId "org_x" names no org' },
    { name: "item of an unknown unit", change: (f) => set(f, "tours", 0, "unitId", "u_x"), expect: 'tours[0] (id "t_1"): unitId "u_x" names no unit' },
    { name: "item with an unknown lock", change: (f) => set(f, "codes", 0, "lockId", "lk_x"), expect: 'codes[0] (id "c_1"): lockId "lk_x" names no lock' },
    { name: "item with a foreign lock", change: (f) => set(f, "tours", 0, "lockId", "lk_2"), expect: 'tours[0] (id "t_1"): lockId "lk_2" is a lock of another org' },
    { name: "code without a lock", change: (f) => set(f, "codes", 0, "lockId", null), expect: 'codes[0] (id "c_1"): lockId null is not an id' },
    { name: "lock serving a foreign unit", change: (f) => set(f, "locks", 0, "unitIds", ["u_1", "u_3"]), expect: 'locks[0] (lockId "lk_1"): unitIds names unit "u_3" of another org' },
    { name: "lock serving an unknown unit", change: (f) => set(f, "locks", 0, "unitIds", ["u_9"]), expect: 'locks[0] (lockId "lk_1"): unitIds names unit "u_9", which does not exist' },
    { name: "lock serving a malformed unit id", change: (f) => set(f, "locks", 0, "unitIds", ["u 1"]), expect: 'locks[0] (lockId "lk_1"): unitIds holds "u 1", which is not a unit id' },
    { name: "lock serving one unit twice", change: (f) => set(f, "locks", 0, "unitIds", ["u_1", "u_1"]), expect: 'locks[0] (lockId "lk_1"): unitIds lists "u_1" twice' },
    { name: "message with a foreign template", change: (f) => set(f, "scheduledMessages", 0, "templateId", "tpl_2"), expect: 'scheduledMessages[0] (id "m_1"): templateId "tpl_2" is a template of another org' },
    { name: "item orgId not its unit's", change: (f) => set(f, "openHouses", 0, "orgId", "org_b"), expect: 'openHouses[0] (id "oh_1"): orgId "org_b" is not the org of its unit' },
    { name: "empty title", change: (f) => set(f, "tours", 0, "title", " "), expect: 'tours[0] (id "t_1"): title must not be empty' },
    { name: "a lone surrogate in an address", change: (f) => set(f, "units", 0, "address", "1 Main\ud800 St"), expect: 'units[0] (id "u_1"): address must be well-formed Unicode: it holds a lone UTF-16 surrogate' },
    { name: "a line feed in a code's name", change: (f) => set(f, "codes", 0, "name", "Clea\nner"), expect: 'codes[0] (id "c_1"): name must not contain control characters' },
    { name: "a NUL in a template body", change: (f) => set(f, "templates", 0, "body", "Hi\u0000"), expect: 'templates[0] (id "tpl_1"): body must not contain control characters (but line breaks and tabs)' },
    { name: "an empty template body", change: (f) => set(f, "templates", 0, "body", ""), expect: 'templates[0] (id "tpl_1"): body must not be empty' },
    { name: "a 201-emoji title", change: (f) => set(f, "openHouses", 0, "title", "😀".repeat(201)), expect: 'openHouses[0] (id "oh_1"): title must be at most 200 characters' },
    { name: "a 301-character address", change: (f) => set(f, "units", 1, "address", "x".repeat(301)), expect: 'units[1] (id "u_2"): address must be at most 300 characters' },
    { name: "a C1 control in a lock's name", change: (f) => set(f, "locks", 0, "name", "Front\u0085door"), expect: 'locks[0] (lockId "lk_1"): name must not contain control characters' },
    { name: "code with title instead of name", change: (f) => set(f, "codes", 0, "title", "x"), expect: 'codes[0] (id "c_1"): unknown field "title"' },
  ];

  for (const { name, change, expect } of bad) {
    it(`refuses a fixture with ${name}, naming the record`, () => {
      const errors = refused(change(goodFixture()));
      assert.ok(
        errors.some((e) => e.includes(expect)),
        `expected an error with ${JSON.stringify(expect)}, got:\n${errors.join("\n")}`,
      );
    });
  }

  it("refuses a non-object fixture", () => {
    assert.deepEqual(refused([]), ["the fixture must be a JSON object of lists"]);
    assert.equal(refused(null).length, 1);
  });

  it(`reports at most ${MAX_FIXTURE_ERRORS} errors and counts the rest`, () => {
    const orgs = Array.from({ length: 80 }, (_, i) => ({ id: `bad id ${i}`, name: "x" }));
    const errors = refused({ orgs });
    assert.equal(errors.length, MAX_FIXTURE_ERRORS + 1);
    assert.equal(errors.at(-1), "... and 30 more errors");
  });
});

describe("normalizeInstant", () => {
  it("normalizes RFC 3339 to UTC with milliseconds", () => {
    assert.equal(normalizeInstant("2026-12-01T10:00:00-05:00"), "2026-12-01T15:00:00.000Z");
    assert.equal(normalizeInstant("2026-12-01t15:00:00.5z"), "2026-12-01T15:00:00.500Z");
    assert.equal(normalizeInstant("2024-02-29T00:00:00+00:00"), "2024-02-29T00:00:00.000Z");
    assert.equal(normalizeInstant("0001-01-01T00:00:00Z"), "0001-01-01T00:00:00.000Z");
  });
  it("refuses what is not an RFC 3339 instant", () => {
    for (const text of [
      "2026-12-01",
      "2026-12-01T10:00Z",
      "2025-02-29T00:00:00Z",
      "2026-12-01T24:00:00Z",
      "2026-12-01T10:00:60Z",
      "2026-12-01 10:00:00Z",
      "2026-12-01T10:00:00+5:00",
      "0000-01-01T00:00:00+01:00",
    ]) {
      assert.equal(normalizeInstant(text), null, text);
    }
  });
});

function set(f: Json, list: string, index: number, field: string, value: unknown): Json {
  const records = [...(f[list] ?? [])];
  const record = { ...records[index] };
  if (value === undefined) delete record[field];
  else record[field] = value;
  records[index] = record;
  return { ...f, [list]: records };
}
