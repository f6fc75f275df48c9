/**
 * Reading a JSON request body with a hard size limit. The media type is checked before a
 * byte is read (415), a declared Content-Length over the limit is refused unread (413), and
 * a streamed body is counted as it arrives and dropped once it passes the limit (413), so an
 * oversized body is never buffered. What is left of a refused body is discarded by Node.
 */
import type { IncomingMessage } from "node:http";
import type { Context } from "koa";

export const MAX_BODY_BYTES = 16 * 1024;

export type BodyReading =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly code: "unsupported_media_type" | "payload_too_large" | "invalid_request"; readonly detail: string };

/** True when the Content-Type is `application/json`, optionally with `charset=utf-8`. */
export function isJsonMediaType(contentType: string): boolean {
  const [mediaType = "", ...params] = contentType.split(";").map((part) => part.trim().toLowerCase());
  if (mediaType !== "application/json") return false;
  return params.every((param) => !param.startsWith("charset=") || /^charset="?utf-8"?$/.test(param));
}

/** Reads and parses the body of `ctx` as JSON (UTF-8), at most `limit` bytes. */
export async function readJsonBody(ctx: Context, limit = MAX_BODY_BYTES): Promise<BodyReading> {
  if (!isJsonMediaType(ctx.get("content-type"))) {
    return { ok: false, code: "unsupported_media_type", detail: "The request body must be application/json (UTF-8)." };
  }
  const tooLarge = { ok: false, code: "payload_too_large", detail: `The request body must be at most ${limit} bytes.` } as const;
  const declared = Number(ctx.get("content-length") || "0");
  if (declared > limit) return tooLarge;
  const bytes = await readAtMost(ctx.req, limit);
  if (bytes === null) return tooLarge;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, code: "invalid_request", detail: "The request body is not valid JSON." };
  }
}

/** The whole body, or null as soon as it passes `limit` bytes (the rest is left unread). */
function readAtMost(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        req.resume(); // discard the rest without keeping it
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}
