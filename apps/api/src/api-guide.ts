/**
 * The prose of the API reference (`info.description` of the OpenAPI document, so `/docs`
 * renders it above the operations): authentication, budgets, paging, errors and the HTTP
 * conventions. Markdown; each `##` heading becomes a section of the reference.
 */
import { SCOPES } from "@lintel/domain";
import { COMPRESSION_THRESHOLD_BYTES } from "./http-conventions.js";

/** The guide; `docsUrl` has no trailing slash. */
export function apiGuide(docsUrl: string): string {
  return `Units and their schedules, time-zone change previews for units, saved message templates, and read access to the smart locks of an organization.
The machine-readable contract is [/v1/openapi.json](/v1/openapi.json) (OpenAPI 3.1); a typed TypeScript client, \`@lintel/client\`, is generated from it.

## Authentication

Send your API key in the \`x-api-key\` header: \`lnt_\` followed by 40 letters and digits, the last 6 a checksum.
A key belongs to one organization; nothing of another organization is visible through it.
Scopes: ${SCOPES.map((s) => `\`${s}\``).join(", ")}; a key with \`units:write\` may also read units (\`units:read\`).

Every request is checked in this order: route (404/405), key (401), request budget (429), scope (403), parameters (400), then the operation.
A 401 carries \`WWW-Authenticate: ApiKey header="x-api-key"\`.

\`\`\`sh
curl -H "x-api-key: $LINTEL_API_KEY" "${docsUrl.replace(/\/docs$/, "")}/v1/locks?limit=50"
\`\`\`

## Request budget

Each key has a budget (default 600 requests per 60 s, refilled smoothly). Answers carry
\`RateLimit-Policy: "default";q=<requests>;w=<seconds>\` and \`RateLimit: "default";r=<remaining>;t=<seconds until full>\`;
a 429 carries \`Retry-After\`. Failed key attempts (401s) are also budgeted per client address (by default 30 per 60 s);
past that budget the address gets 429, except with a key this server has accepted within the last 10 minutes, so
one client's stale key does not lock out the others behind the same proxy or NAT.

## Paging

Lists take \`limit\` (1..100 in plain decimal, default 20) and \`cursor\`. Send the previous answer's \`nextCursor\`
unchanged as \`cursor\` until it is \`null\`: you see every record that existed for the whole read exactly once, in order.
Cursors are opaque, bound to your organization and to their list; an edited or foreign cursor answers 404 \`invalid_cursor\`.
A \`list_schedule\` cursor is also bound to its unit and to its \`from\`: send it with the same unit, and either without \`from\` or with the same one.
Query strings are strict: each parameter at most once, unknown parameters are refused (400).

## Errors

Errors are \`application/problem+json\` with \`type\`, \`title\`, \`status\`, \`detail\`, \`code\` and \`requestId\`
(also in the \`x-request-id\` header of every answer); a 400 adds \`invalidParams\`. Every code has an anchor in the
[error reference](${docsUrl}/errors).

## Caching and compression

A successful GET carries \`Cache-Control: private, no-cache\` (keep it, but revalidate); every other answer \`no-store\`.
A GET of one lock, template or unit carries an \`ETag\`: send it back in \`If-None-Match\` and an unchanged resource answers
304 with no body (it still counts against the budget). Bodies of ${COMPRESSION_THRESHOLD_BYTES} bytes or more are
compressed with gzip or br when the client accepts them (\`Vary: Accept-Encoding\`).

## Live lock state

\`GET /v1/locks/{lockId}/state\` asks the lock's provider now (an answer is reused for at most 2 s). Locks of real
vendors (\`august\`, \`yale\`, \`schlage\`, \`igloohome\`, …) are read through Seam when the server has \`SEAM_API_KEY\`:
their \`providerDeviceId\` is the Seam \`device_id\`. An offline device is a 200 with \`online: false\`. When the provider
cannot answer, the 503 \`unavailable\` says which provider and what happened (did not answer in time, refused the
credentials, does not know the device, rate-limited us — its \`Retry-After\` is passed on — or failed); without
\`SEAM_API_KEY\` it says so, with no \`Retry-After\`: retrying cannot help until the operator sets it. Locks of provider \`simulated\` are answered by a built-in simulator; a
\`providerDeviceId\` of \`simulate-timeout\` never answers (503 after \`LOCK_PROVIDER_TIMEOUT_MS\`), \`simulate-failure\`
fails at once.

## License

Proprietary: using this API is governed by your agreement with its operator.`;
}
