/**
 * fast-check arbitraries of the writes an admitted client sends, every write endpoint (units,
 * schedule items of every kind, templates, webhook endpoints, recover, set_timezone, locks) with JSON
 * bodies whose strings are hostile: lone UTF-16 surrogates (JSON escapes, the only way they
 * travel), emoji and joined emoji, control characters, combining marks, very long text, mixed
 * with valid values so that some writes go through and the next ones meet what they stored.
 * And the law every write answer keeps: a body holding a string that no field takes (a lone
 * surrogate, a control character other than a line break or tab) is never accepted.
 */
import fc from "fast-check";
import type { FuzzCase, FuzzHeader } from "./fuzz-case.js";

/** The fixture's records a write may name: what exists, own and foreign. */
export interface WriteTargets {
  readonly units: readonly string[];
  /** Schedule item keys (`<kind>:<id>`). */
  readonly itemKeys: readonly string[];
  readonly templates: readonly string[];
  readonly locks: readonly string[];
  /** Webhook endpoint ids (made at the server's start). */
  readonly endpoints: readonly string[];
}

const lone = fc
  .oneof(fc.integer({ min: 0xd800, max: 0xdbff }), fc.integer({ min: 0xdc00, max: 0xdfff }))
  .map((u) => String.fromCharCode(u));
const emoji = fc.constantFrom("😀", "👍🏽", "👩‍👩‍👧", "🇫🇷", "𝔘", "🏠");
const control = fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f })).map((u) => String.fromCharCode(u));
const combining = fc.constantFrom("e\u0301", "\u0301", `a${"\u0300\u0301\u0302\u0303".repeat(20)}`, "\u200d", "\ufeff", "\u2028");
/** A piece of hostile text. */
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 8 }) },
  { weight: 2, arbitrary: lone },
  { weight: 2, arbitrary: emoji },
  { weight: 2, arbitrary: control },
  { weight: 1, arbitrary: combining },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 4 }) },
);
/** Hostile text: pieces, or one piece many times (up to 8,001 or 2,049: past every bound), or a valid line. */
export const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join("")) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.oneof(emoji, fc.constant("x"), fc.constant("é"), combining), fc.constantFrom(199, 200, 201, 300, 301, 2049, 3000))
      .map(([p, n]) => p.repeat(n)),
  },
  { weight: 1, arbitrary: fc.constantFrom(200, 300, 8000, 8001).map((n) => "x".repeat(n)) },
  { weight: 3, arbitrary: fc.constantFrom("Tour", "1 Main St", "Hi {{prospect.name}}", "Front door 🚪", "Line one\nline two") },
);

/** `valid` most of the time, else hostile text (or, now and then, no string at all). */
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constantFrom(null, 7, [], {}) },
  );
const optional = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined, freq: 2 });

const instant = fc.constantFrom(
  "2027-06-01T10:00:00-05:00",
  "2027-06-01T11:00:00Z",
  "2027-06-02T10:00:00.5+02:00",
  "2099-12-31T23:00:00-05:00",
  "2100-01-01T00:00:00Z",
  "1999-12-31T23:59:59Z",
  "2027-06-01T10:00:00",
);
const version = fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constantFrom(0, -1, 1.5, 2 ** 53, 2 ** 53 + 2, "1"));
const kind = fc.constantFrom("tour", "code", "open_house", "scheduled_message", "visit");

/** Each write endpoint: its path and an arbitrary body, named by what it writes. */
function writeBodies(t: WriteTargets): fc.Arbitrary<{ path: string; body: Record<string, unknown> }> {
  const unit = field(fc.constantFrom(...t.units));
  const item = field(fc.constantFrom(...t.itemKeys));
  const template = field(fc.constantFrom(...t.templates));
  const lock = field(fc.constantFrom(...t.locks));
  const endpoint = fc.constantFrom(...t.endpoints);
  const itemFields = {
    title: optional(field(fc.constantFrom("Tour", "Cleaner", "Open house"))),
    startAt: optional(field(instant)),
    endAt: optional(field(instant)),
    sendAt: optional(field(instant)),
    lockId: optional(lock),
    templateId: optional(template),
    code: optional(field(fc.constantFrom("1234", "12345678", "123"))),
  };
  const webhook = {
    url: field(fc.constantFrom("http://127.0.0.1:9/hook", "https://hooks.example/in", "ftp://x")),
    eventTypes: fc.oneof(fc.constantFrom(["*"], ["unit.created"], ["*", "unit.created"], []), fc.array(hostileText, { maxLength: 2 })),
    description: optional(field(fc.constantFrom("CRM", "Ops 🔔"))),
  };
  const at = (path: string) => (body: Record<string, unknown>) => ({ path, body });
  return fc.oneof(
    fc
      .record({
        urlKey: field(fc.constantFrom("new-unit", "a-b-c")),
        address: field(fc.constant("1 Main St")),
        timeZone: optional(field(fc.constant("UTC"))),
      })
      .map(at("/v1/units/create_unit")),
    fc
      .record({
        unitIdOrKey: unit,
        expectedVersion: optional(version),
        urlKey: optional(field(fc.constant("moved-unit"))),
        address: optional(field(fc.constant("2 Main St"))),
      })
      .map(at("/v1/units/update_unit")),
    fc.record({ unitIdOrKey: unit, expectedVersion: optional(version), kind, ...itemFields }).map(at("/v1/units/create_schedule_item")),
    fc
      .record({ unitIdOrKey: unit, key: item, expectedVersion: optional(version), ...itemFields })
      .map(at("/v1/units/update_schedule_item")),
    fc.record({ unitIdOrKey: unit, key: item, expectedVersion: optional(version) }).map(at("/v1/units/delete_schedule_item")),
    fc
      .record({ name: field(fc.constant("Welcome")), body: field(fc.constant("Hi {{prospect.name}}")), sortOrder: optional(version) })
      .map(at("/v1/templates/create_message_template")),
    fc
      .record({ templateId: template, name: optional(field(fc.constant("Renamed"))), body: optional(hostileText) })
      .map(at("/v1/templates/update_message_template")),
    fc.record({ templateId: template }).map(at("/v1/templates/delete_message_template")),
    fc.record(webhook).map(at("/v1/webhook_endpoints")),
    fc
      .tuple(
        endpoint,
        fc.record({ url: optional(webhook.url), eventTypes: optional(webhook.eventTypes), description: webhook.description }),
      )
      .map(([id, body]) => at(`/v1/webhook_endpoints/${id}`)(body)),
    fc.tuple(endpoint, fc.record({ since: field(instant) })).map(([id, body]) => at(`/v1/webhook_endpoints/${id}/recover`)(body)),
    fc
      .record({
        unitIdOrKey: unit,
        timeZone: field(fc.constantFrom("UTC", "america/chicago", "Mars/Base")),
        expectedVersion: version,
        policy: field(fc.constantFrom("keep_instant", "keep_wall_clock")),
      })
      .map(at("/v1/units/set_timezone")),
    fc
      .record({
        lockId: lock,
        name: optional(field(fc.constantFrom("Front door", "Gate 🚪"))),
        unitIds: optional(fc.oneof(fc.array(unit, { maxLength: 3 }), hostileText)),
        timeZone: optional(field(fc.constantFrom("UTC", "asia/calcutta", "Mars/Base", null))),
        status: optional(field(fc.constantFrom("active", "inactive"))),
      })
      .map(at("/v1/locks/update_lock")),
  );
}

/** A write an admitted client sends as JSON, one of every endpoint's, now and then with an Idempotency-Key or an If-Match. */
export function writeEndpointCase(t: WriteTargets, admitted: FuzzHeader): fc.Arbitrary<FuzzCase> {
  const extra = fc.option(
    fc.oneof(
      fc.uuid().map((key): FuzzHeader => ({ name: "idempotency-key", value: key })),
      fc.constantFrom<FuzzHeader>({ name: "if-match", value: '"stale"' }, { name: "if-match", value: "*" }),
    ),
    { nil: undefined, freq: 4 },
  );
  return fc.tuple(writeBodies(t), extra).map(([{ path, body }, header]) => ({
    method: "POST",
    target: path,
    headers: [admitted, { name: "content-type", value: "application/json" }, ...(header === undefined ? [] : [header])],
    body: { text: JSON.stringify(body), length: "exact" },
    tail: "none",
  }));
}

/** The paths of the write endpoints (a webhook endpoint's id in its path), as the write cases send them. */
const WRITE_PATH =
  /^\/v1\/(?:units\/(?:create_unit|update_unit|(?:create|update|delete)_schedule_item|set_timezone)|templates\/(?:create|update|delete)_message_template|locks\/update_lock|webhook_endpoints(?:\/[^/?]+(?:\/recover)?)?)$/;

/** Whether `c` is a POST to a write endpoint. */
export const isWriteCase = (c: FuzzCase): boolean => c.method === "POST" && WRITE_PATH.test(c.target);

/** A string no field of a write takes: a lone surrogate, or a control character but a line break or tab. */
const UNTAKEN =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether `value` (parsed JSON) holds such a string, as a value or a name. */
function holdsUntaken(value: unknown): boolean {
  if (typeof value === "string") return UNTAKEN.test(value);
  if (Array.isArray(value)) return value.some(holdsUntaken);
  if (typeof value === "object" && value !== null) return Object.entries(value).some(([name, v]) => UNTAKEN.test(name) || holdsUntaken(v));
  return false;
}

/** The law of a write's answer: a POST to /v1 whose JSON body holds a string no field takes is never accepted (2xx). */
export function judgeWriteBody(c: FuzzCase, status: number): string[] {
  if (c.method !== "POST" || !c.target.startsWith("/v1/") || c.body === null || status >= 300) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(c.body.text);
  } catch {
    return [];
  }
  return holdsUntaken(parsed) ? [`a write whose body holds a lone surrogate or a control character was accepted (${status})`] : [];
}
