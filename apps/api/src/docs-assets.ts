/**
 * The renderer `/docs` runs in the browser: Redoc's standalone bundle, read once from
 * node_modules and served by Lintel itself, so the reference works with no network beyond the
 * server (SPEC 5.8).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** Where the page loads the bundle from. */
export const REDOC_BUNDLE_PATH = "/docs/assets/redoc.standalone.js";

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
