/**
 * fast-check arbitraries of hostile HTTP/1.1 requests against Lintel: methods, paths (known,
 * unknown, traversal, long, percent-encoded, unicode, double slashes), query strings
 * (repeated, unknown, huge, unicode, broken percent-encoding), header abuse (CR/LF and control
 * characters, huge headers, bad and foreign keys, odd content types, lying Content-Length) and
 * random bodies. A case is bytes for a raw socket, so nothing is cleaned up on the way.
 */
import fc from "fast-check";
import type { BodyLength, FuzzCase, FuzzHeader } from "./fuzz-case.js";
import { writeEndpointCase, type WriteTargets } from "./fuzz-writes.js";

/** The fixture values a case may name: keys by role (the first one has every scope), ids that exist (own or foreign), and what the writes name. */
export interface FuzzTargets {
  readonly keys: readonly string[];
  readonly ids: readonly string[];
  readonly writes: WriteTargets;
}

export type { BodyLength, FuzzCase, FuzzHeader } from "./fuzz-case.js";

const ROUTES = [
  "/healthz",
  "/readyz",
  "/docs",
  "/docs/errors",
  "/v1/openapi.json",
  "/v1/locks",
  "/v1/units/preview_timezone_change",
  "/v1/units/set_timezone",
  "/v1/units/list_units",
  "/v1/units/get_unit",
  "/v1/units/list_schedule",
  "/v1/templates/get_message_template",
  "/v1/templates/list_message_templates",
];
const PARAMS = ["limit", "cursor", "unitIdOrKey", "proposedTimeZone", "templateId", "from", "lockId", "color", "__proto__", "constructor"];
const ZONES = ["UTC", "America/Chicago", "europe/berlin", "+05:00", "Etc/GMT+5", "Mars/Base", "US/Pacific-New", "Asia/Kathmandu"];
const METHODS = [
  "GET",
  "GET",
  "GET",
  "GET",
  "GET",
  "POST",
  "POST",
  "HEAD",
  "PUT",
  "DELETE",
  "PATCH",
  "OPTIONS",
  "TRACE",
  "CONNECT",
  "PROPFIND",
];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON;charset=UTF-8",
  'application/json; charset="utf-16"',
  "application/json; charset=latin1",
  "application/merge-patch+json",
  "text/plain",
  "multipart/form-data; boundary=xyz",
  "application/x-www-form-urlencoded",
  "",
  ";;;",
];

const unicode = fc.string({ unit: "binary", maxLength: 24 });
const ascii = fc.string({ unit: "grapheme-ascii", maxLength: 24 });
const percentGarbage = fc.constantFrom("%", "%2", "%ZZ", "%00", "%C0%AF", "%FF", "%E2%82", "%252F", "%2F", "%5C", "%0D%0A");

/** A path segment: an id that exists somewhere, a look-alike, or noise in some encoding. */
const segment = (targets: FuzzTargets) =>
  fc.oneof(
    fc.constantFrom(...targets.ids),
    fc.constantFrom(...targets.ids).map((id) => id.toUpperCase()),
    fc.constantFrom("..", ".", "", "%2e%2e", "..%2f..%2fetc%2fpasswd", "state", "locks"),
    ascii.map(encodeURIComponent),
    unicode.map(encodeURIComponent),
    percentGarbage,
    fc.nat({ max: 6000 }).map((n) => "a".repeat(n)),
  );

const path = (targets: FuzzTargets) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...ROUTES) },
    { weight: 3, arbitrary: segment(targets).map((id) => `/v1/locks/${id}`) },
    { weight: 2, arbitrary: segment(targets).map((id) => `/v1/locks/${id}/state`) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...ROUTES), fc.constantFrom("double-slash", "trailing", "upper", "traversal", "dot", "prefix"))
        .map(([route, how]) => {
          if (how === "double-slash") return route.replaceAll("/", "//");
          if (how === "trailing") return `${route}/`;
          if (how === "upper") return route.toUpperCase();
          if (how === "traversal") return `/v1/../..${route}`;
          if (how === "dot") return route.replace("/v1/", "/v1/./");
          return `/v2${route}`;
        }),
    },
    { weight: 2, arbitrary: fc.array(segment(targets), { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join("/")}`) },
    { weight: 1, arbitrary: fc.constantFrom("*", "http://127.0.0.1/v1/locks", "//", "/%", "/\\v1\\locks") },
  );

const paramValue = (targets: FuzzTargets) =>
  fc.oneof(
    fc.constantFrom(...targets.ids),
    fc.constantFrom(...ZONES).map(encodeURIComponent),
    fc.constantFrom("1", "05", "100", "101", "0", "-1", "1e1", "%2B5", "5.0", "", "2027-01-01T00:00:00.000Z", "2027-13-99"),
    ascii.map(encodeURIComponent),
    unicode.map(encodeURIComponent),
    percentGarbage,
    fc.nat({ max: 6000 }).map((n) => "z".repeat(n)),
  );

const query = (targets: FuzzTargets) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant("") },
    {
      weight: 5,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...PARAMS), ascii.map(encodeURIComponent), percentGarbage), paramValue(targets)), {
          maxLength: 5,
        })
        .chain((pairs) => fc.constantFrom(pairs, [...pairs, ...pairs.slice(0, 1)])) // a parameter repeated
        .map((pairs) => `?${pairs.map(([name, value]) => `${name}=${value}`).join("&")}`),
    },
    { weight: 1, arbitrary: fc.constantFrom("?", "?&&", "?=", "?limit", "?#frag", "?a=b=c", "?%26=%3D") },
  );

/** A key header value: a fixture key (own org, other org, expired, revoked, narrow scopes) or a bad one. */
const keyValue = (targets: FuzzTargets) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...targets.keys) },
    { weight: 1, arbitrary: fc.constantFrom(...targets.keys).map((key) => key.slice(0, -1) + (key.endsWith("0") ? "1" : "0")) },
    { weight: 1, arbitrary: fc.constantFrom(...targets.keys).map((key) => ` ${key.toLowerCase()} `) },
    { weight: 1, arbitrary: fc.oneof(ascii, unicode, fc.constant("lnt_"), fc.constant("lnt_" + "A".repeat(40))) },
  );

const safeHeader = (name: string, value: fc.Arbitrary<string>) => value.map((v): FuzzHeader => ({ name, value: v }));
const brokenHeader = (name: string) =>
  fc
    .tuple(ascii, fc.constantFrom("\r\n", "\n", "\r", "\0", "\x7f", "\r\n ", "\x01"), ascii)
    .map(([a, bad, b]): FuzzHeader => ({ name, value: `${a}${bad}${b}` }));

const header = (targets: FuzzTargets): fc.Arbitrary<FuzzHeader> =>
  fc.oneof(
    { weight: 12, arbitrary: safeHeader("x-api-key", keyValue(targets)) },
    { weight: 2, arbitrary: safeHeader("x-request-id", fc.oneof(fc.stringMatching(/^[A-Za-z0-9._-]{8,128}$/), ascii, unicode)) },
    {
      weight: 1,
      arbitrary: safeHeader(
        "x-request-id",
        fc.nat({ max: 300 }).map((n) => "r".repeat(n)),
      ),
    },
    { weight: 1, arbitrary: brokenHeader("x-request-id") },
    { weight: 1, arbitrary: brokenHeader("x-api-key") },
    { weight: 3, arbitrary: safeHeader("content-type", fc.oneof(fc.constantFrom(...CONTENT_TYPES), ascii)) },
    { weight: 1, arbitrary: safeHeader("accept-encoding", fc.constantFrom("gzip", "br", "gzip, br", "identity;q=0", "*", "x")) },
    { weight: 1, arbitrary: safeHeader("content-encoding", fc.constantFrom("gzip", "deflate", "br", "identity", "x")) },
    { weight: 1, arbitrary: safeHeader("accept", fc.constantFrom("*/*", "text/html", "application/xml", "application/problem+json")) },
    { weight: 1, arbitrary: safeHeader("if-none-match", fc.oneof(fc.constantFrom("*", 'W/"x"', '"'), ascii)) },
    {
      weight: 1,
      arbitrary: safeHeader(
        "idempotency-key",
        fc.oneof(
          ascii,
          unicode,
          fc.nat({ max: 400 }).map((n) => "k".repeat(n)),
        ),
      ),
    },
    { weight: 1, arbitrary: safeHeader("x-forwarded-for", fc.oneof(fc.ipV4(), fc.ipV6(), ascii, fc.constant("1.2.3.4, 5.6.7.8"))) },
    { weight: 1, arbitrary: safeHeader("expect", fc.constantFrom("100-continue", "200-ok", "x")) },
    {
      weight: 1,
      arbitrary: safeHeader(
        "x-huge",
        fc.constantFrom(4_000, 40_000).map((n) => "h".repeat(n)),
      ),
    },
    { weight: 1, arbitrary: safeHeader("transfer-encoding", fc.constantFrom("gzip", "chunked, identity", "x")) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,20}$/), fc.string({ unit: "binary-ascii", maxLength: 40 }))
        .map(([name, value]) => ({ name, value })),
    },
  );

const bodyText = (targets: FuzzTargets) =>
  fc.oneof(
    fc.json(),
    fc
      .record({
        unitIdOrKey: fc.oneof(fc.constantFrom(...targets.ids), fc.string(), fc.integer()),
        timeZone: fc.constantFrom(...ZONES),
        expectedVersion: fc.oneof(fc.integer(), fc.double(), fc.constant(null)),
        policy: fc.constantFrom("keep_instant", "keep_wall_clock", "sometimes"),
      })
      .map((body) => JSON.stringify(body)),
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.constantFrom("", "{", "[]", "null", '{"__proto__":{"x":1}}', "\uFEFF{}", '{"a":1}'.repeat(3000)),
  );

/** A request an honest client could send, with one parameter perhaps off: the paths past admission. */
const plausibleTarget = (targets: FuzzTargets) => {
  const id = fc.constantFrom(...targets.ids);
  const limit = fc.constantFrom("1", "2", "20", "100", "101", "0");
  const from = fc.constantFrom("2020-01-01T00:00:00.000Z", "2027-06-01T00:00:00Z", "yesterday");
  const zone = fc.constantFrom(...ZONES).map(encodeURIComponent);
  const cursor = fc.oneof(fc.constant(""), fc.base64String({ maxLength: 60 }).map(encodeURIComponent));
  return fc.oneof(
    fc.record({ limit, cursor }).map((q) => `/v1/locks?limit=${q.limit}&cursor=${q.cursor}`),
    fc.record({ limit }).map((q) => `/v1/units/list_units?limit=${q.limit}`),
    fc.record({ limit }).map((q) => `/v1/templates/list_message_templates?limit=${q.limit}`),
    fc.record({ id, limit, from }).map((q) => `/v1/units/list_schedule?unitIdOrKey=${q.id}&limit=${q.limit}&from=${q.from}`),
    fc.record({ id, zone }).map((q) => `/v1/units/preview_timezone_change?unitIdOrKey=${q.id}&proposedTimeZone=${q.zone}`),
    id.map((unit) => `/v1/units/get_unit?unitIdOrKey=${unit}`),
    id.map((template) => `/v1/templates/get_message_template?templateId=${template}`),
    id.map((lock) => `/v1/locks/${lock}`),
    id.map((lock) => `/v1/locks/${lock}/state`),
  );
};

/** A header value HTTP/1.1 allows (RFC 9110 field-value: visible ASCII, space, tab, obs-text), as the bytes sent. */
export function isValidHeaderValue(value: string): boolean {
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(Buffer.from(value, "latin1").toString("latin1"));
}

/** A header Node's parser takes as it is: a valid value, not over the size limit, no Transfer-Encoding of its own. */
const parseable = (h: FuzzHeader) => isValidHeaderValue(h.value) && h.value.length < 8000 && h.name.toLowerCase() !== "transfer-encoding";

const admitted = (targets: FuzzTargets): FuzzHeader => ({ name: "x-api-key", value: targets.keys[0] ?? "" });

const TAILS: FuzzCase["tail"][] = ["none", "none", "none", "none", "stray-byte", "pipelined", "half-close"];
const bodyLength = fc.constantFrom<BodyLength>("exact", "exact", "exact", "short", "long", "chunked");

/** A set_timezone an admitted client sends as JSON, its body and framing fuzzed: the one write path. */
const writeCase = (targets: FuzzTargets): fc.Arbitrary<FuzzCase> =>
  fc.record({
    method: fc.constant("POST"),
    target: fc.constantFrom("/v1/units/set_timezone", "/v1/units/set_timezone?dryRun=1"),
    headers: fc
      .array(header(targets).filter(parseable), { maxLength: 2 })
      .map((rest) => [admitted(targets), { name: "content-type", value: "application/json" }, ...rest]),
    body: fc.record({ text: bodyText(targets), length: bodyLength }),
    tail: fc.constantFrom(...TAILS),
  });

/**
 * A hostile request against a server whose fixture holds `targets`; about one in four of the
 * general cases breaks HTTP syntax on purpose, and about one case in five is a write endpoint's
 * body with hostile strings (fuzz-writes.ts).
 */
export function fuzzCase(targets: FuzzTargets): fc.Arbitrary<FuzzCase> {
  const anyCase = fc.record({
    method: fc.oneof(
      { weight: 15, arbitrary: fc.constantFrom(...METHODS) },
      { weight: 1, arbitrary: fc.constantFrom("get", "BREW", "G ET", "", "GET\0") },
    ),
    target: fc.oneof(
      { weight: 1, arbitrary: plausibleTarget(targets) },
      { weight: 2, arbitrary: fc.tuple(path(targets), query(targets)).map(([p, q]) => p + q) },
    ),
    headers: fc.oneof(
      { weight: 3, arbitrary: fc.array(header(targets).filter(parseable), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.array(header(targets), { maxLength: 4 }) },
      // The first key (every scope) first: requests that get past admission to the operations.
      { weight: 3, arbitrary: fc.array(header(targets).filter(parseable), { maxLength: 3 }).map((rest) => [admitted(targets), ...rest]) },
    ),
    body: fc.option(fc.record({ text: bodyText(targets), length: bodyLength }), { freq: 3 }),
    tail: fc.constantFrom(...TAILS),
  });
  return fc.oneof(
    { weight: 9, arbitrary: anyCase },
    { weight: 1, arbitrary: writeCase(targets) },
    { weight: 3, arbitrary: writeEndpointCase(targets.writes, admitted(targets)) },
  );
}
