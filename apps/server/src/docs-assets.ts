/**
 * The renderer `/docs` runs in the browser: Redoc's standalone bundle, read once from
 * node_modules and served by Lintel itself, so the reference works with no network beyond the
 * server. It lives here, not in `@lintel/api`, so an embedding of the Koa app
 * installs no renderer unless it asks for this one (`createApp({ docsRenderer: redocRenderer })`).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { DocsRenderer } from "@lintel/api";

/** The bundle's one external reference, the Redocly logo in its footer, replaced by an inline image. */
const REMOTE_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";
const INLINE_LOGO = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E";

let bundle: string | undefined;

/** Redoc's standalone bundle (read on first use, then kept). */
export function redocBundle(): string {
  bundle ??= readFileSync(createRequire(import.meta.url).resolve("redoc/bundles/redoc.standalone.js"), "utf8")
    .split(REMOTE_LOGO)
    .join(INLINE_LOGO);
  return bundle;
}

/** `/docs`'s renderer for `createApp`: Redoc 2.5, from this package's `redoc` dependency. */
export const redocRenderer: DocsRenderer = { script: redocBundle };
