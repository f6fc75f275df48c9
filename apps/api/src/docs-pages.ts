/**
 * The human documentation the server serves (SPEC 4, 5.8): `/docs`, an overview of the API,
 * and `/docs/errors`, one anchor per problem so every problem `type` URI resolves.
 */
import { PROBLEMS, SCOPES } from "@lintel/domain";
import { COMMON_PROBLEMS, ENDPOINTS } from "./endpoints.js";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
code{background:#f3f3f3;padding:0 .2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
section{margin:1.5rem 0}:target{background:#fff8d0}</style></head>
<body>${body}</body></html>`;
}

/** `/docs`: endpoints, authentication, paging, errors. `docsUrl` has no trailing slash. */
export function overviewPage(docsUrl: string): string {
  const rows = Object.entries(ENDPOINTS)
    .map(([id, e]) => {
      const params = Object.keys(e.query.entries);
      const body = "body" in e ? Object.keys(e.body.entries).join(", ") : "";
      return `<tr id="${id}"><td><code>${e.method.toUpperCase()} ${escapeHtml(e.path.replace(/:(\w+)/g, "{$1}"))}</code></td>
<td><code>${e.scope}</code></td><td>${escapeHtml(e.summary)}. ${escapeHtml(e.description)}</td>
<td>${params.map((p) => `<code>${p}</code>`).join(", ") || "—"}${body ? `<br>body: ${escapeHtml(body)}` : ""}</td></tr>`;
    })
    .join("\n");
  return page(
    "Lintel API",
    `<h1>Lintel API</h1>
<p>Time-zone change previews for units, saved message templates, and read access to the smart locks of an organization.
The machine-readable contract is <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).</p>
<h2 id="authentication">Authentication</h2>
<p>Send your API key in the <code>x-api-key</code> header: <code>lnt_</code> followed by 40 letters and digits, the last 6 a checksum.
A key belongs to one organization; nothing of another organization is visible through it. Scopes: ${SCOPES.map((s) => `<code>${s}</code>`).join(", ")}.</p>
<p>Every request is checked in this order: route (404/405), key (401), request budget (429), scope (403), parameters (400), then the operation.</p>
<h2 id="rate-limits">Request budget</h2>
<p>Each key has a budget (default 600 requests per 60 s, refilled smoothly). Answers carry
<code>RateLimit-Policy: "default";q=&lt;requests&gt;;w=&lt;seconds&gt;</code> and <code>RateLimit: "default";r=&lt;remaining&gt;;t=&lt;seconds until full&gt;</code>;
a 429 carries <code>Retry-After</code>. Failed key attempts are also budgeted per client address (30 per minute).</p>
<h2 id="endpoints">Endpoints</h2>
<table><tr><th>operation</th><th>scope</th><th>what</th><th>parameters</th></tr>
${rows}</table>
<p>Query strings are strict: each parameter at most once, unknown parameters are refused (400).</p>
<h2 id="paging">Paging</h2>
<p>Lists take <code>limit</code> (1..100 in plain decimal, default 20) and <code>cursor</code>. Send the previous answer's <code>nextCursor</code>
unchanged as <code>cursor</code> until it is <code>null</code>: you see every record that existed for the whole read exactly once, in order.
Cursors are opaque, bound to your organization and to their list; an edited or foreign cursor answers 404 <code>invalid_cursor</code>.</p>
<h2 id="errors">Errors</h2>
<p>Errors are <code>application/problem+json</code> with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>code</code> and
<code>requestId</code> (also in the <code>x-request-id</code> header of every answer). Every code is explained on
<a href="${escapeHtml(docsUrl)}/errors">the errors page</a>.</p>
<h2 id="simulated-provider">Simulated lock provider</h2>
<p>This server reads lock state from a simulated provider. A lock whose <code>providerDeviceId</code> is <code>simulate-timeout</code> never
answers (its state is 503 <code>unavailable</code> after <code>LOCK_PROVIDER_TIMEOUT_MS</code>); one whose <code>providerDeviceId</code> is
<code>simulate-failure</code> fails at once (503 too).</p>
<h2 id="operations">Operations</h2>
<p><code>GET /healthz</code> (process alive), <code>GET /readyz</code> (store reachable), no key needed.</p>`,
  );
}

/** `/docs/errors`: one section with `id="<anchor>"` per problem of SPEC 4. */
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
<p><a href="../docs">Back to the overview</a></p>`,
  );
}
