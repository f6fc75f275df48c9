/**
 * Reading a request body with a hard size limit, as JSON (the /v1 writes) or as text (the Seam
 * webhook, whose signature covers the exact bytes). The JSON media type is checked before a
 * byte is read (415); a body over 16 KiB is refused (413) without being buffered whole; a body
 * whose client closed the connection first is a 400, never an internal error.
 */
import type { LintelContext } from "./lintel-state.js";
import bodyParser from "koa-bodyparser";
import { echo } from "@lintel/domain/adapters";

export const MAX_BODY_BYTES = 16 * 1024;

/** A body that could not be read or parsed, and the problem it answers. */
export interface BodyFailure {
  readonly ok: false;
  readonly code: "unsupported_media_type" | "payload_too_large" | "invalid_request";
  readonly detail: string;
  /** The field at fault, when one is (a field given twice). */
  readonly invalidParams?: readonly { readonly name: string; readonly reason: string }[];
}

/**
 * The first name given twice in one object of `json` (valid JSON text), or null. JSON.parse keeps
 * the last of them silently; a body that says two things of one field is refused instead.
 */
export function repeatedKey(json: string): string | null {
  const objects: ({ keys: Set<string>; keyNext: boolean } | null)[] = []; // null: an array
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      let end = i + 1;
      while (json[end] !== '"') end += json[end] === "\\" ? 2 : 1;
      const object = objects.at(-1);
      if (object?.keyNext) {
        const key = JSON.parse(json.slice(i, end + 1)) as string;
        if (object.keys.has(key)) return key;
        object.keys.add(key);
        object.keyNext = false;
      }
      i = end;
    } else if (c === "{") objects.push({ keys: new Set(), keyNext: true });
    else if (c === "[") objects.push(null);
    else if (c === "}" || c === "]") objects.pop();
    else if (c === ",") {
      const object = objects.at(-1);
      if (object) object.keyNext = true;
    }
  }
  return null;
}

export type BodyReading = { readonly ok: true; readonly value: unknown } | BodyFailure;

/** True when the Content-Type is `application/json`, optionally with `charset=utf-8`. */
export function isJsonMediaType(contentType: string): boolean {
  const [mediaType = "", ...params] = contentType.split(";").map((part) => part.trim().toLowerCase());
  if (mediaType !== "application/json") return false;
  return params.every((param) => !param.startsWith("charset=") || /^charset="?utf-8"?$/.test(param));
}

/**
 * koa-bodyparser (co-body, raw-body underneath) does the reading: it refuses a declared
 * Content-Length over the limit unread and stops a streamed body as soon as it passes it.
 */
const parseJson = bodyParser({
  enableTypes: ["json"],
  jsonLimit: `${MAX_BODY_BYTES}b`,
  strict: false,
  onerror: (error) => {
    throw error;
  },
});

/**
 * The same reading for a body taken as text whatever its media type (a webhook whose signature
 * covers the exact bytes): koa-bodyparser's text parser, told that every type is text.
 */
const readText = bodyParser({
  enableTypes: ["text"],
  extendTypes: { text: ["*/*"] },
  textLimit: `${MAX_BODY_BYTES}b`,
  onerror: (error) => {
    throw error;
  },
});

/** Reads and parses the body of `ctx` as JSON (UTF-8), at most {@link MAX_BODY_BYTES} bytes. */
export async function readJsonBody(ctx: LintelContext): Promise<BodyReading> {
  if (!isJsonMediaType(ctx.get("content-type"))) {
    return { ok: false, code: "unsupported_media_type", detail: "The request body must be application/json (UTF-8)." };
  }
  try {
    await parseJson(ctx, async () => {});
  } catch (error) {
    return bodyFailure(ctx, error);
  }
  const raw: unknown = ctx.request.rawBody;
  const repeated = typeof raw === "string" ? repeatedKey(raw) : null;
  if (repeated !== null) {
    const name = echo(repeated);
    return { ok: false, code: "invalid_request", detail: `${name}: is given twice.`, invalidParams: [{ name, reason: "is given twice" }] };
  }
  return { ok: true, value: ctx.request.body };
}

/**
 * Reads the body of `ctx` as UTF-8 text, whatever its Content-Type, with the limits and answers
 * of {@link readJsonBody} (no 415): at most {@link MAX_BODY_BYTES} bytes once decoded.
 */
export async function readTextBody(ctx: LintelContext): Promise<{ readonly ok: true; readonly value: string } | BodyFailure> {
  // type-is matches no type at all without a Content-Type: read it as the bytes it is.
  if (ctx.get("content-type") === "") ctx.req.headers["content-type"] = "application/octet-stream";
  try {
    await readText(ctx, async () => {});
  } catch (error) {
    return bodyFailure(ctx, error);
  }
  const text = ctx.request.body;
  return { ok: true, value: typeof text === "string" ? text : "" };
}

/** What a failed read of the body answers. */
function bodyFailure(ctx: LintelContext, error: unknown): BodyFailure {
  const status = (error as { status?: unknown }).status;
  // The whole body was read and is not JSON. Checked first: a request read to its end is
  // destroyed too (issue 20: every malformed body was answered as a closed connection).
  if (error instanceof SyntaxError) return { ok: false, code: "invalid_request", detail: "The request body is not valid JSON." };
  if (status === 413) {
    return { ok: false, code: "payload_too_large", detail: `The request body must be at most ${MAX_BODY_BYTES} bytes.` };
  }
  // zlib refused the bytes (not gzip, cut short, corrupt): the client's doing, whatever the
  // state of the request after it (issue: a broken gzip body read as a closed connection).
  const zlibCode = (error as { code?: unknown }).code;
  if (typeof zlibCode === "string" && zlibCode.startsWith("Z_")) {
    const encoding = echo(ctx.get("content-encoding"));
    return { ok: false, code: "invalid_request", detail: `The request body could not be decoded: it is not valid ${encoding} data.` };
  }
  if (status === 415) {
    const detail = String((error as { message?: unknown }).message).startsWith("Unsupported Content-Encoding")
      ? `The request body's Content-Encoding ${echo(ctx.get("content-encoding"))} is not supported: send it as is, or gzip, deflate or br.`
      : "The request body must be UTF-8.";
    return { ok: false, code: "unsupported_media_type", detail };
  }
  // The client went away (a half-close after a complete request counts: Node aborts the
  // request) while the body waited its turn: a client's doing, not an internal error.
  if (ctx.req.destroyed)
    return { ok: false, code: "invalid_request", detail: "The request body could not be read: the client closed the connection." };
  if (typeof status === "number" && status >= 500) throw error;
  return { ok: false, code: "invalid_request", detail: "The request body is not valid JSON." };
}
