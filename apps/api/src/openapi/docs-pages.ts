/**
 * The human documentation the server serves: `/docs`, the API reference, and
 * `/docs/errors`, one anchor per problem so every problem `type` URI resolves.
 */
import { PROBLEMS } from "@lintel/domain";
import { COMMON_PROBLEMS } from "../routes/endpoints.js";

/** Where `/docs` loads its renderer's script from (under the mount path), when the app has a renderer. */
export const DOCS_RENDERER_PATH = "/docs/assets/redoc.standalone.js";

/**
 * The script `/docs` runs in the browser to render `/v1/openapi.json`: Redoc's standalone
 * bundle (the page is a `<redoc>` element). `@lintel/server` supplies one (`redocRenderer`),
 * read from its `redoc` dependency; this package carries none, so an embedding that does not
 * want a 1 MB bundle in its node_modules leaves it out.
 */
export interface DocsRenderer {
  /** The bundle's JavaScript text, asked for on each request of its path (keep it read once). */
  script(): string;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
code{background:#f3f3f3;padding:0 .2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
section{margin:1.5rem 0}:target{background:#fff8d0}</style></head>
<body>${body}</body></html>`;
}

/**
 * `/docs`: the API reference, rendered in the browser by Redoc from `/v1/openapi.json` (every
 * operation with parameters, response shapes, examples and errors). Nothing is loaded from
 * anywhere but this server; without JavaScript the page links the document and the errors.
 * Its links start with `mountPath`, the path the host app mounted Lintel's app under (`""` when
 * it runs as the server itself, `/lintel` under `koa-mount("/lintel", …)`).
 */
export function referencePage(docsUrl: string, bundlePath: string, mountPath = ""): string {
  const at = (path: string) => escapeHtml(`${mountPath}${path}`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lintel API reference</title>
<style>body{margin:0;font-family:system-ui,sans-serif}
/* Redoc's operation path clips what falls below its line box: at 1x the underscores of /v1/units/create_unit vanished. */
redoc .http-verb + span{line-height:1.5}</style></head>
<body>
<noscript><p>The reference needs JavaScript. The contract is <a href="${at("/v1/openapi.json")}">${at("/v1/openapi.json")}</a>;
errors are explained on <a href="${escapeHtml(docsUrl)}/errors">the errors page</a>.</p></noscript>
<redoc spec-url="${at("/v1/openapi.json")}" hide-hostname="false" path-in-middle-panel="true" required-props-first="true" sort-props-alphabetically="false"></redoc>
<script src="${at(bundlePath)}"></script>
</body></html>`;
}

/**
 * `/docs` when the app was built without a {@link DocsRenderer}: the same links as the
 * reference page's fallback (the OpenAPI document, the errors page) and a line saying that the
 * renderer is not installed, so the page neither breaks nor loads a script from elsewhere.
 */
export function rendererMissingPage(docsUrl: string, mountPath = ""): string {
  const at = (path: string) => escapeHtml(`${mountPath}${path}`);
  return page(
    "Lintel API reference",
    `<h1>Lintel API reference</h1>
<p>The reference renderer is not installed here: this app was built without a <code>docsRenderer</code>
(<code>@lintel/server</code> supplies Redoc's as <code>redocRenderer</code>).</p>
<p>The contract is the OpenAPI document <a href="${at("/v1/openapi.json")}">${at("/v1/openapi.json")}</a>;
errors are explained on <a href="${escapeHtml(docsUrl)}/errors">the errors page</a>.</p>`,
  );
}

/** `/docs/errors`: one section with `id="<anchor>"` per problem. */
export function errorsPage(): string {
  const sections = Object.entries(PROBLEMS)
    .map(
      ([code, p]) => `<section id="${p.anchor}"><h2>${p.status} ${escapeHtml(p.title)}</h2>
<p>Code <code>${code}</code>. ${escapeHtml(p.about)}</p></section>`,
    )
    .join("\n");
  const common = COMMON_PROBLEMS.map((c) => `<code>${c}</code>`).join(", ");
  return page(
    "Lintel API errors",
    `<h1>Errors</h1>
<p>Every error answer is <code>application/problem+json</code>; its <code>type</code> links to one of the sections below.
Quote the <code>requestId</code> when you contact support. Any <code>/v1</code> operation may answer ${common}.</p>
${sections}
<p><a href="../docs">Back to the API reference</a></p>`,
  );
}
