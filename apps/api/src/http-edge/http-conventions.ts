/**
 * The HTTP conventions on every `/v1` answer: `Cache-Control`, compression of
 * bodies of 1 KiB or more (gzip or br, `Vary: Accept-Encoding`), and an `ETag` with 304 on
 * GETs of one resource.
 */
import { hash } from "node:crypto";
import type { Middleware } from "koa";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { jsonText } from "../routes/serialize.js";

/** A successful GET may be kept but must be revalidated; anything else must not be stored. */
export const CACHE_GET = "private, no-cache";
export const CACHE_NONE = "no-store";

/** Sets `Cache-Control` on every `/v1` answer once it is final (errors and POSTs included). */
export function cacheControl(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (ctx.path.startsWith("/v1/")) {
        const revalidatable = (ctx.method === "GET" || ctx.method === "HEAD") && (ctx.status === 200 || ctx.status === 304);
        ctx.set("Cache-Control", revalidatable ? CACHE_GET : CACHE_NONE);
      }
    }
  };
}

/** The smallest body worth compressing: below it the headers cost more than the bytes saved. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const ENCODERS = {
  // Level 1: on Lintel's JSON the ratio is level 6's (within 1 %) at under half the CPU.
  gzip: (body: Buffer) => gzipSync(body, { level: 1 }),
  br: (body: Buffer) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }),
} as const;

/**
 * gzip or br for bodies of 1 KiB or more, `Vary: Accept-Encoding` on every answer.
 * gzip wins when a client accepts both equally (every client has it); br when the client
 * prefers it. Lintel's bodies are in memory and bounded (a page is at most 100 records), so
 * they are compressed in one synchronous call: koa-compress's zlib stream per answer cost
 * about three times the CPU in Lintel's benchmark.
 */
export function compression(): Middleware {
  return async (ctx, next) => {
    ctx.vary("Accept-Encoding");
    await next();
    const body: unknown = ctx.body;
    if (body === undefined || body === null || ctx.method === "HEAD" || ctx.status === 204 || ctx.status === 304) return;
    if (ctx.get("accept-encoding") === "" || ctx.response.get("Content-Encoding")) return;
    if (
      typeof body !== "string" &&
      !Buffer.isBuffer(body) &&
      (typeof body !== "object" || typeof (body as { pipe?: unknown }).pipe === "function")
    )
      return;
    const type = ctx.type; // setting a string or Buffer body could otherwise change it
    let text: string | Buffer;
    if (typeof body === "string" || Buffer.isBuffer(body)) text = body;
    else {
      text = JSON.stringify(body);
      ctx.body = text; // stringified once: Koa sends this string instead of stringifying again
      ctx.type = type;
    }
    if (Buffer.byteLength(text) < COMPRESSION_THRESHOLD_BYTES) return;
    const encoding = ctx.acceptsEncodings("gzip", "br", "identity");
    if (encoding !== "gzip" && encoding !== "br") return;
    ctx.body = ENCODERS[encoding](typeof text === "string" ? Buffer.from(text) : text);
    ctx.type = type;
    ctx.set("Content-Encoding", encoding);
  };
}

/** A strong validator of the JSON text of a representation (SHA-1 as a fingerprint, not a secret: one-shot, no Hash object). */
export function entityTag(json: string): string {
  return `"${hash("sha1", json, "base64url")}"`;
}

/**
 * Route middleware for a GET of one resource (`conditional`) or a write of one (not): tags a
 * 200's JSON body with an `ETag` and, for a GET, answers 304 with no body when `If-None-Match`
 * names it. It runs after admission, so a 304 still counts against the budget and still needs
 * the scope. A write's tag is the one a GET of the same representation carries (update_lock's
 * `{ lock }` is GET /v1/locks/{lockId}'s text), so either can be sent back as `If-Match`.
 */
export function entityTagged(conditional: boolean): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 200 || ctx.body === undefined || ctx.body === null) return;
    // The tag of the very text sent: a 200's body is that text already (`answer`), and an
    // object would be sent as JSON.stringify writes it.
    const tag = entityTag(jsonText(ctx.body));
    ctx.set("ETag", tag);
    if (conditional && noneMatch(ctx.get("if-none-match"), tag)) ctx.status = 304; // Koa sends a 304 without a body
  };
}

/** {@link entityTagged} for a GET of one resource: the ETag, and 304 when `If-None-Match` names it. */
export function conditionalGet(): Middleware {
  return entityTagged(true);
}

/** RFC 9110 13.1.1: `If-Match` holds when it is `*` or lists the tag, compared strongly (a weak tag never matches). */
export function ifMatchHolds(header: string, tag: string): boolean {
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim() === tag);
}

/**
 * RFC 9110 13.1.2: `If-None-Match` fails (304) when it is `*` or lists the tag, compared weakly.
 * Koa's `ctx.fresh` is not used: it ignores the tag whenever the request says `Cache-Control:
 * no-cache`, which WHATWG fetch adds to every conditional request, so fetch clients never got a 304.
 */
function noneMatch(header: string, tag: string): boolean {
  if (header === "") return false;
  if (header.trim() === "*") return true;
  const opaque = (value: string) => value.trim().replace(/^W\//, "");
  return header.split(",").some((candidate) => opaque(candidate) === opaque(tag));
}
