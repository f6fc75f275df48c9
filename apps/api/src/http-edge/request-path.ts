/**
 * Percent-encoding in request paths (RFC 3986 2.3, 6.2.2.2). An encoded unreserved character means that character, so it is
 * decoded before routing: `/v1/%6Cocks` is `/v1/locks`, as `/v1/locks/lock%5Fgate` already was
 * `lock_gate` once the router decoded the parameter. A malformed encoding (`%ZZ`, or octets that
 * are not UTF-8) is left alone for routing; if it lands in a path parameter, the parameter is
 * refused with the others (400, after admission, the contract's order), never looked up as it is.
 */
import type { Middleware } from "koa";
import type { InvalidParam } from "@lintel/domain";

/** `%XX` with the hex digits of any case. */
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
/** ALPHA / DIGIT / "-" / "." / "_" / "~" (RFC 3986 2.3). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** `path` with every percent-encoded unreserved character decoded; everything else as it was. */
export function decodeUnreservedEscapes(path: string): string {
  if (!path.includes("%")) return path;
  return path.replace(ESCAPE, (escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape;
  });
}

/** Routes on the path with its encoded unreserved characters decoded (the log line shows that path too). */
export function normalizeRequestPath(): Middleware {
  return (ctx, next) => {
    const path = decodeUnreservedEscapes(ctx.path);
    if (path !== ctx.path) ctx.path = path; // keeps the query string; ctx.originalUrl keeps what was sent
    return next();
  };
}

const MALFORMED = "Malformed percent-encoding: each % must be followed by two hex digits, and the octets must be UTF-8.";

function isMalformed(segment: string): boolean {
  if (!segment.includes("%")) return false;
  try {
    decodeURIComponent(segment);
    return false;
  } catch {
    return true;
  }
}

/**
 * The parameters of `template` (e.g. `/v1/locks/:lockId`) whose segment of `path` is not valid
 * percent-encoded UTF-8. The router decodes a parameter it can and passes any other on as it
 * came, so `%ZZ` and an encoded `%25ZZ` reach the route as the same text: only the raw path
 * tells them apart.
 */
export function malformedPathParams(template: string, path: string): InvalidParam[] {
  if (!path.includes("%") || !template.includes(":")) return [];
  const names = template.split("/");
  const segments = path.split("/");
  const invalid: InvalidParam[] = [];
  names.forEach((name, i) => {
    if (name.startsWith(":") && isMalformed(segments[i] ?? "")) {
      invalid.push({ name: name.slice(1), reason: MALFORMED });
    }
  });
  return invalid;
}
