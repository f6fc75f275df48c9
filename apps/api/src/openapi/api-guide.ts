/**
 * The prose of the API reference (`info.description` of the OpenAPI document, so `/docs`
 * renders it above the operations, and the tags' descriptions): what an integrator needs first
 * (authentication, budgets, errors, paging, the preview's statuses and DST rules, a self-guided
 * tour walked through in curl, the other writes, versions and If-Match, outages and safe retries), then the
 * HTTP conventions. Markdown; each `##` heading becomes a section of
 * the reference (`#section/<Heading-with-dashes>`).
 */
import { SCOPES } from "@lintel/domain";
import { COMPRESSION_THRESHOLD_BYTES } from "../http-edge/http-conventions.js";

/** The guide; `docsUrl` has no trailing slash. */
export function apiGuide(docsUrl: string): string {
  const api = docsUrl.replace(/\/docs$/, "");
  return `Units and their schedules (tours, access codes, open houses, scheduled messages), time-zone change previews for units, saved message templates, and the smart locks of an organization: read them, their live state, and arrange which units each serves.
The machine-readable contract is [v1/openapi.json](v1/openapi.json) (beside this page, under whatever path the API is mounted) (OpenAPI 3.2); a typed TypeScript client, \`@lintel/client\`, is generated from it.

What matters most, in short:

- **Authentication**: an \`x-api-key\` header on every \`/v1\` request; each operation names the scope it needs (403 \`missing_scope\` otherwise).
- **Budgets**: every answer to a good key carries \`RateLimit\` and \`RateLimit-Policy\`; a 429 says in \`Retry-After\` when to come back.
- **Errors**: \`application/problem+json\` with a stable \`code\` and a \`requestId\` (also the \`x-request-id\` header); quote it to support.
- **Paging**: follow the opaque \`nextCursor\` until it is \`null\`.
- **Time-zone changes**: preview (\`ok\`, \`noop\` or \`conflict\`, each item with \`warnings\`), then apply with the preview's \`expectedVersion\`; local times in a DST gap move forward, in an overlap take the earlier instant.
- **Writes**: \`POST\` with a JSON body; every change of a unit or its schedule adds 1 to the unit's \`version\` (\`expectedVersion\` guards against lost updates, and makes an older preview stale); a template's update or delete, and a lock's update, take \`If-Match\` with its \`ETag\`.
- **Outages and retries**: a 503 with \`Retry-After\` is worth retrying, one without is not; retry a write with the same \`Idempotency-Key\`.

## Authentication

Send your API key in the \`x-api-key\` header: \`lnt_\` followed by 40 letters and digits, the last 6 a checksum.
A key belongs to one organization; nothing of another organization is visible through it.
Scopes: ${SCOPES.map((s) => `\`${s}\``).join(", ")}; a key with \`units:write\` may also read units (\`units:read\`).

Every request is checked in this order: route (404/405), key (401), request budget (429), scope (403), parameters (400), then the operation.
A 401 carries \`WWW-Authenticate: ApiKey header="x-api-key"\`.

\`\`\`sh
curl -H "x-api-key: $LINTEL_API_KEY" "${api}/v1/locks?limit=50"
\`\`\`

## Request budget

Each key has a budget (default 600 requests per 60 s, refilled smoothly). Answers carry
\`RateLimit-Policy: "default";q=<requests>;w=<seconds>\` and \`RateLimit: "default";r=<remaining>;t=<seconds until full>\`;
a 429 carries \`Retry-After\`. Failed key attempts (401s) are also budgeted per client address (by default 30 per 60 s);
past that budget the address gets 429, except with a key this server has accepted within the last 10 minutes, so
one client's stale key does not lock out the others behind the same proxy or NAT.

## Errors

Errors are \`application/problem+json\` with \`type\`, \`title\`, \`status\`, \`detail\`, \`code\` and \`requestId\`
(also in the \`x-request-id\` header of every answer); a 400 adds \`invalidParams\` (\`{ name, reason }\`, at most 20). Branch on
\`code\`, not on \`title\` or \`detail\` (their wording may improve). Every code has an anchor in the
[error reference](${docsUrl}/errors); each operation lists the codes it can answer. Send your own \`x-request-id\`
(8–128 of \`A-Z a-z 0-9 . _ -\`) to find a request in both your logs and ours.

## Paging

Lists take \`limit\` (1..100 in plain decimal, default 20) and \`cursor\`. Send the previous answer's \`nextCursor\`
unchanged as \`cursor\` until it is \`null\`: you see every record that existed for the whole read exactly once, in order.
Cursors are opaque, bound to your organization and to their list; an edited or foreign cursor answers 404 \`invalid_cursor\`.
A \`list_schedule\` cursor is also bound to its unit and to its \`from\`: send it with the same unit, and either without \`from\` or with the same one.
Query strings are strict: each parameter at most once, unknown parameters are refused (400).

## Time-zone changes: preview, then apply

\`GET /v1/units/preview_timezone_change\` changes nothing. It lists the unit's future tours, codes, open houses and
scheduled messages that would move if their local times were kept (keep-wall-clock), with labels under both policies, and
answers a \`status\`:

- \`ok\`: the change can be made; \`items\` may be empty.
- \`noop\`: the unit already has this zone; nothing would change.
- \`conflict\`: an item's lock also serves another unit in another zone (\`sharedLockConflict: true\`), so its codes would
  keep that unit's hours wrong. It is a warning for a person to read, not a refusal: a \`conflict\` preview can still be applied.

DST rules under keep-wall-clock: a local time that does not exist in the new zone (a spring-forward gap) moves forward by
the gap's length; one that exists twice (a fall-back overlap) takes the earlier instant. When that makes an item longer
or shorter than it is today, the item says \`warnings: ["duration_changed"]\` (a one-hour tour in an overlap can shrink
to nothing); show it before applying.

Apply with \`POST /v1/units/set_timezone\`, passing the preview's \`expectedVersion\` and a \`policy\`
(\`keep_wall_clock\` rewrites exactly the items the preview listed; \`keep_instant\` moves nothing). If the unit changed
since, the answer is 409 \`version_conflict\` with \`currentVersion\`: preview again.

## A self-guided tour, step by step

Every write is a \`POST\` with a JSON body (\`Content-Type: application/json\`, at most 16 KiB, no fields besides those
listed) and an \`Idempotency-Key\` header (see below: a retry with the same key never applies a change twice). The steps
run as they are against the server's built-in demo data, with the Acme admin key its start-up banner prints.

1. Book a tour on \`chicago-loft\`. Several locks serve it, so name one: \`lock_024\`, whose provider is the built-in
   simulator (it accepts a code at once; the real vendors' locks need \`SEAM_API_KEY\`). With \`verification: "required"\` the
   tour waits for your check of the prospect: its code is held off the lock (\`access.lockSync.status\` \`held\`). The answer
   (201) is the tour, with its code's window (the tour widened by 15 minutes each side), its PIN and the keys of its items,
   and the unit one version on. The reminder goes an hour before the start.

\`\`\`sh
API=${api}
curl -X POST "$API/v1/tours/book_tour" -H "x-api-key: $LINTEL_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" \\
  -d '{"unitIdOrKey":"chicago-loft","lockId":"lock_024","startAt":"2027-12-01T10:00:00-06:00","endAt":"2027-12-01T10:30:00-06:00",
       "prospect":{"name":"Ada Lovelace","email":"ada@example.com","phone":"+13125550123"},"verification":"required",
       "messages":[{"templateId":"tpl_welcome","anchor":"start","offsetMinutes":-60}]}'
\`\`\`

2. Confirm it once you trust the prospect: the code goes to the lock (\`pending\`, then \`set\`). An unconfirmed tour is
   cancelled when its access starts (\`cancelReason\` \`not_verified\`), and its code never reaches the door.

\`\`\`sh
curl -X POST "$API/v1/tours/confirm_tour" -H "x-api-key: $LINTEL_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" -d '{"tourId":"<the tour id>"}'
\`\`\`

3. The code at the door: \`get_tour\` serves the PIN and its window (scope \`tours:read\`); \`list_schedule\` serves the tour's
   items (its tour, its code, its message), each with \`tourId\`. They change with their tour only: a schedule write of one
   is 409 naming the tour.

\`\`\`sh
curl -H "x-api-key: $LINTEL_API_KEY" "$API/v1/tours/get_tour?tourId=<the tour id>"
\`\`\`

4. Reschedule: the tour, its code's window (the lock gets the new times) and its reminder move together, in one step.

\`\`\`sh
curl -X POST "$API/v1/tours/reschedule_tour" -H "x-api-key: $LINTEL_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" \\
  -d '{"tourId":"<the tour id>","startAt":"2027-12-02T16:00:00-06:00","endAt":"2027-12-02T16:30:00-06:00"}'
\`\`\`

5. A zone change moves the tour with the rest of the schedule: preview it, then apply with the preview's
   \`expectedVersion\`. Under \`keep_wall_clock\` the tour stays at 4:00 PM on the unit's new clock, and its code at the door
   moves with it (a tour whose access has started keeps its times).

\`\`\`sh
curl -H "x-api-key: $LINTEL_API_KEY" \\
  "$API/v1/units/preview_timezone_change?unitIdOrKey=chicago-loft&proposedTimeZone=America/Denver"
\`\`\`

6. The prospect arrives: \`check_in\` (an app's "I'm here", \`at\` default now, within the access window), or the lock says
   so itself when Seam reports \`lock.unlocked\` with the tour's code. Nobody came by the end of the access window: the
   tour becomes \`no_show\` by itself (\`tour.no_show\`); a checked-in tour becomes \`completed\`.

7. Or cancel it: the tour leaves the schedule and its code is removed from the lock through the same outbox as every code,
   so a provider outage delays the removal and never loses it (\`access.lockSync\` \`pending\`, then \`removed\`).

\`\`\`sh
curl -X POST "$API/v1/tours/cancel_tour" -H "x-api-key: $LINTEL_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" -d '{"tourId":"<the tour id>","reason":"Found another place"}'
\`\`\`

On a unit with showing rules (\`set_showing_rules\`), \`list_available_slots\` answers "when may I come?" in the unit's own
wall-clock time, right through every DST change, and a booking must be one of those slots (409 \`slot_unavailable\`).

### The other writes

A unit of your own: \`create_unit\` (201, the unit at \`version\` 1). A unit created a minute ago is served by no lock until
\`update_lock\` (scope \`locks:write\`) adds it to a lock's \`unitIds\` (the list replaces the lock's), and only then can it
have codes and tours with codes:

\`\`\`sh
curl -X POST "$API/v1/units/create_unit" -H "x-api-key: $LINTEL_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" \\
  -d '{"urlKey":"12-elm-st-apt-3","address":"12 Elm St, Apt 3, Springfield","timeZone":"America/Chicago"}'
curl -X POST "$API/v1/locks/update_lock" -H "x-api-key: $LINTEL_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" \\
  -d '{"lockId":"lock_024","unitIds":["unit_chicago","<the new unit id>"]}'
\`\`\`

The schedule's own items are written one at a time: \`create_schedule_item\` with a \`kind\` (\`tour\` and \`open_house\`:
\`title\`, \`startAt\`, \`endAt\`, optional \`lockId\`; \`code\`: \`title\`, \`startAt\`, \`endAt\`, \`lockId\`, optional \`code\`, the PIN, 4–8
digits, else 6 random ones; \`scheduled_message\`: \`title\`, \`sendAt\`, optional \`templateId\`), \`update_schedule_item\` with the
item's \`key\` and the fields to change, \`delete_schedule_item\` with the \`key\`. A code needs an active lock of the organization
that serves the unit (\`GET /v1/locks\` lists them), else 400 naming \`lockId\`; in the demo, \`lock_shared_gate\` also serves
\`brooklyn-brownstone\` in another zone, which is why a preview of \`chicago-loft\` says \`conflict\`.

\`\`\`sh
curl -X POST "$API/v1/units/create_schedule_item" -H "x-api-key: $LINTEL_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" \\
  -d '{"unitIdOrKey":"chicago-loft","kind":"code","title":"Guest code","lockId":"lock_024",
       "startAt":"2027-12-01T09:30:00-06:00","endAt":"2027-12-01T11:30:00-06:00"}'
\`\`\`

\`update_unit\` changes a unit's \`urlKey\` or \`address\`; its zone changes only through \`set_timezone\`, which moves its schedule with it.

## Versions and expectedVersion

Every change of a unit or of its schedule (\`update_unit\`, an item's create, update or delete, \`set_timezone\`) adds 1 to
the unit's \`version\`, and every answer carries the unit as the change left it; a write that changes nothing keeps the
version. A write with \`expectedVersion\` applies only while the unit is at that version, else 409 \`version_conflict\` with
\`currentVersion\`: nobody's change is lost. Without it, the write applies to the unit as it is then.

A preview's \`expectedVersion\` is the version it was made at, so any write after it makes it stale. Continuing the demo:
a preview of \`chicago-loft\` made after step 3 says \`expectedVersion: 2\`; then the code is extended, and applying that
preview is refused, because what it showed is no longer what would move. Preview again, show it, apply with the new version.

\`\`\`sh
curl -X POST "$API/v1/units/update_schedule_item" -H "x-api-key: $LINTEL_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" \\
  -d '{"unitIdOrKey":"chicago-loft","key":"code:code_…","endAt":"2027-12-01T12:00:00-06:00"}'   # the unit is at version 3
curl -X POST "$API/v1/units/set_timezone" -H "x-api-key: $LINTEL_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" \\
  -d '{"unitIdOrKey":"chicago-loft","timeZone":"America/Denver","expectedVersion":2,"policy":"keep_wall_clock"}'
# 409 {"code":"version_conflict","detail":"expectedVersion 2 is stale: the unit is at version 3. Preview again and retry.","currentVersion":3,…}
\`\`\`

## Templates and If-Match

A template has no version number: its \`ETag\` guards it. \`get_message_template\` answers one; send it back as \`If-Match\`
with \`update_message_template\` or \`delete_message_template\`, and the write applies only while the template is still what
you read, else 412 \`precondition_failed\`: get it again and decide. Without \`If-Match\` the write applies to the template
as it is then.

\`\`\`sh
curl -i -H "x-api-key: $LINTEL_API_KEY" "$API/v1/templates/get_message_template?templateId=tpl_reminder"   # ETag: "…"
curl -X POST "$API/v1/templates/update_message_template" -H "x-api-key: $LINTEL_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" -H 'If-Match: "<the ETag>"' \\
  -d '{"templateId":"tpl_reminder","body":"Reminder: your tour of {{unit.address}} starts at {{tour.start}}. Reply STOP to opt out."}'
\`\`\`

\`create_message_template\` (201) takes \`name\`, \`body\` and an optional \`sortOrder\`; placeholders are \`{{name}}\`, each a
variable of \`list_template_variables\`; an unclosed \`{{\`, a stray \`}}\` or a name outside the catalog is 400 with its character
offset (and, for a name, up to three it may have meant: \`{{tour.strat}}\` → \`tour.start\`). A delete answers 204; deleting a
template that a scheduled message still to be sent names is 409 \`conflict\` (in the demo, \`tpl_reminder\`: change or delete
the message first).

\`render_message_template\` shows what a template would say now for a unit and one of its booked tours (\`tourId\` also needs
\`tours:read\`): the text, each placeholder's value, the ones \`missing\`, and what it costs as SMS. It changes nothing.

\`\`\`sh
curl -X POST "$API/v1/templates/render_message_template" -H "x-api-key: $LINTEL_API_KEY" -H "content-type: application/json" \\
  -d '{"body":"Your tour of {{unit.address}} starts at {{tour.start}}. Code: {{code.pin}}","unitIdOrKey":"chicago-loft"}'
# {"text":"Your tour of 1200 W Lake St, Chicago, IL starts at . Code: ","values":{…},"missing":["tour.start","code.pin"],"sms":{…}}
\`\`\`

Text (titles, addresses, template names and bodies, webhook descriptions) is counted in Unicode code points, so an emoji
is one character: 1–200 (an address 300, a body 8,000), no control characters (a body may hold line breaks and tabs),
and a string with a lone UTF-16 surrogate is a 400 naming the field.

## Outages and safe retries

A 503 \`unavailable\` says in \`detail\` what could not answer: Lintel's store, or a lock's provider (which one and what
happened). With \`Retry-After\`, retry after that many seconds. Without it, retrying cannot help: the server is not
configured for that provider, and only its operator can fix it. A 500 \`internal_error\` is not worth retrying
either; quote its \`requestId\`.

GETs are safe to retry. Every write with a body (\`set_timezone\`, the unit, schedule item and template writes, and the
creation of a webhook endpoint) takes an \`Idempotency-Key\` header (1–255 printable ASCII characters, e.g. a UUID, kept
24 h per API key): send the same key with the same body on every retry of one intended change (headers such as \`If-Match\` are not compared). The
first 2xx or 409 is kept and replayed, with \`Idempotent-Replayed: true\`, and nothing changes twice: a retried create
answers the same record, a retried delete its first answer, not a 404. The
same key with another body is 422 \`idempotency_key_reused\`; while the first request still runs, 409
\`idempotency_in_progress\` with \`Retry-After\`. A 400, 401, 403, 429 or 503 is not kept, so the same key can be retried.

## Receiving webhooks

A webhook endpoint (\`POST /v1/webhook_endpoints\`, scope \`webhooks:write\`) gets each event of the types it lists as a
POST whose body is the event exactly as \`GET /v1/events/{id}\` serves it, signed as Standard Webhooks 1.0 says:
\`webhook-id\` (the event's id, the same on every attempt), \`webhook-timestamp\` and \`webhook-signature\`
(\`v1,<base64>\` of HMAC-SHA256 over \`{id}.{timestamp}.{body}\` with the secret). Verify it with any Standard Webhooks
library, or \`verifyWebhook\` of \`@lintel/client\`; answer 2xx quickly. Anything else is retried for about 36 hours; a
410 disables the endpoint at once, 5 days of failures too. \`POST /v1/webhook_endpoints/{id}/send_test\` delivers a
\`webhook_endpoint.test\` event (\`data: { endpointId }\`), whatever the endpoint's types, to check your receiver; it is
not an event of \`/v1/events\`. \`POST /v1/webhook_endpoints/{id}\` changes the url, types or description; deliveries
already pending go to the new url.

**Rotating the secret.** \`POST /v1/webhook_endpoints/{id}/rotate_secret\` answers a new secret, shown that once (send an
\`Idempotency-Key\` so a retry gets the same one). For the next 24 h every delivery carries two signatures, space-separated,
the new secret's first: keep both secrets in your receiver (\`verifyWebhook(body, headers, [newSecret, oldSecret])\`),
switch to the new one, and drop the old one within the day. Each secret rotated out keeps signing for its own 24 h, so
a second rotation within the day adds a signature and never cuts off the first secret.

**Recovering after an outage.** Deliveries your receiver missed are listed with \`status: "failed"\` in
\`GET /v1/webhook_endpoints/{id}/deliveries\`. \`POST …/deliveries/{deliveryId}/retry\` attempts one again now, with the
same \`webhook-id\` (deduplicate on it), then on the retry schedule from its start. \`POST /v1/webhook_endpoints/{id}/recover\`
with \`{ "since": "<instant>" }\` does that for every failed delivery of an event created at that instant or later (at most
30 days back) and answers how many it queued. A disabled endpoint must be enabled first (409 \`conflict\`).
To hear of failures as they happen, subscribe another endpoint to \`webhook_delivery.failed\` (a delivery whose retries
are spent: \`{ endpointId, delivery }\`) and \`webhook_endpoint.disabled\` (\`{ webhookEndpoint }\`); a delivery of one of
these that fails emits nothing more.

**Sending messages yourself.** When a scheduled message's time comes, Lintel renders it and stores a \`message.due\` event
\`{ unitId, item, tourId, to, text }\`: \`to\` is the tour's prospect (\`{ name, email, phone }\`, null for a message of no
tour) and \`text\` what the template says, a \`{{code.pin}}\` included, for your own SMS or chat sender to deliver. Because it
carries a PIN and contact data, \`["*"]\` does not include it: an endpoint gets it only by naming \`message.due\` in
\`eventTypes\`, and only an API key that also holds \`tours:read\` may name it (403 \`missing_scope\` otherwise, on create and
on an update that names it or moves such an endpoint to a new url). \`GET /v1/events\` serves its \`to\` and \`text\` to keys
with \`tours:read\` and null to others; at rest they are encrypted under the data keys, like a PIN. \`message.sent\` and
\`message.failed\` (\`{ unitId, item }\`, the item with its \`delivery\`) follow and go to \`["*"]\` like any other type.

## Caching and compression

A successful GET carries \`Cache-Control: private, no-cache\` (keep it, but revalidate); every other answer \`no-store\`.
A GET of one lock, template, unit or event carries an \`ETag\`: send it back in \`If-None-Match\` and an unchanged resource answers
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

## Codes on locks

Every code is programmed on its lock by Lintel: on create, on every change of its PIN, name, instants or lock, on a
\`set_timezone\` that moves it, and it is removed when deleted. A code's \`lockSync\` says where it stands: \`pending\`
(its latest change is on its way; writes never wait for the lock's provider), \`set\` (the provider accepted it as last
described) or \`failed\` (\`error\` names the provider and what happened, after the retries of about 75 minutes; a provider the
server is not configured for fails at once). \`access_code.synced\` and \`access_code.sync_failed\` (\`{ unitId, item }\`) say
when it becomes \`set\` or \`failed\`. Events never carry the PIN (\`code: null\`): read it from the schedule. A \`failed\` code
is sent again by any \`update_schedule_item\` of it, even one that changes none of its fields (once the provider is
reachable or configured again): that one sets its \`lockSync\` back to \`pending\` and keeps the unit's version.

## Support

Quote the \`requestId\` of the answer (the \`x-request-id\` header) to your operator's support: it finds the request in
the server's logs.

## License

Lintel is MIT-licensed software; the data a deployment serves is its operator's.`;
}
