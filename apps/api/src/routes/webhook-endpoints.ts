/**
 * Webhook endpoints and their deliveries. The rows of the `/v1` endpoint table (`endpoints.js`) for them.
 */
import { emptyQuerySchema, listQuerySchema } from "../schemas/schemas.js";
import {
  createdWebhookEndpointSchema,
  createdWebhookEndpointView,
  createWebhookEndpointBodySchema,
  deliveryListSchema,
  deliveryResponseSchema,
  deliveryView,
  noContentSchema,
  recoverDeliveriesBodySchema,
  recoveredSchema,
  rotatedSecretSchema,
  rotatedSecretView,
  updateWebhookEndpointBodySchema,
  webhookEndpointListSchema,
  webhookEndpointResponseSchema,
  webhookEndpointView,
} from "../schemas/event-schemas.js";
import {
  endpoint,
  type CheckedRows,
  ENDPOINT_ID,
  DELIVERY_ID,
  IDEMPOTENCY_KEY_HEADER,
  WRITE_PROBLEMS,
  WRITE_NOTE,
} from "./endpoint-table.js";
import { EXAMPLE } from "../openapi/openapi-examples.js";

/** Webhook endpoints and their deliveries. */
export const WEBHOOK_ENDPOINTS = {
  createWebhookEndpoint: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints",
    status: 201,
    tag: "Webhooks",
    scope: "webhooks:write",
    client: "webhookEndpoints.create(body)",
    summary: "Create a webhook endpoint",
    description:
      "Events of the types listed are POSTed to `url`, signed as Standard Webhooks 1.0 says with the `secret` of this answer " +
      '(shown here only: keep it). `["*"]` is every type but `message.due`: its deliveries carry a message\'s text and recipient, so an ' +
      "endpoint gets it only by naming it, and only an API key that also holds `tours:read` may name it (403 `missing_scope` otherwise). " +
      "At most 16 endpoints per organization. Retry safely with an Idempotency-Key: the 201 is kept " +
      "for 24 h and replayed, secret included, to a retry with the same key and body.",
    query: emptyQuerySchema,
    body: createWebhookEndpointBodySchema,
    bodyExample: { url: "https://crm.example.com/lintel-webhooks", eventTypes: ["unit.timezone_changed"], description: "CRM sync" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: createdWebhookEndpointSchema,
    responseExample: { webhookEndpoint: EXAMPLE.webhookEndpoint, secret: "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD6XlHvH0VtEQ=" },
    problems: ["invalid_request", "idempotency_in_progress", "idempotency_key_reused", "payload_too_large", "unsupported_media_type"],
  }).runs(({ lintel, caller, body }) => lintel.createWebhookEndpoint(caller, body), createdWebhookEndpointView),
  listWebhookEndpoints: endpoint({
    method: "get",
    path: "/v1/webhook_endpoints",
    tag: "Webhooks",
    scope: "webhooks:write",
    client: "webhookEndpoints.list(query?)",
    summary: "List webhook endpoints",
    description: "The organization's webhook endpoints, newest first; keyset pagination as for locks.",
    query: listQuerySchema,
    response: webhookEndpointListSchema,
    responseExample: { webhookEndpoints: [EXAMPLE.webhookEndpoint], nextCursor: EXAMPLE.cursor },
    problems: ["invalid_request", "invalid_cursor"],
  }).runs(
    ({ lintel, caller, query: { limit, cursor } }) => lintel.listWebhookEndpoints(caller, { limit, cursor }),
    ({ webhookEndpoints, nextCursor }) => ({ webhookEndpoints: webhookEndpoints.map(webhookEndpointView), nextCursor }),
  ),
  getWebhookEndpoint: endpoint({
    method: "get",
    path: "/v1/webhook_endpoints/:endpointId",
    tag: "Webhooks",
    scope: "webhooks:write",
    client: "webhookEndpoints.get(endpointId)",
    summary: "Get a webhook endpoint",
    description: "One webhook endpoint of the organization (without its secret).",
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    response: webhookEndpointResponseSchema,
    responseExample: { webhookEndpoint: EXAMPLE.webhookEndpoint },
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, params }) => lintel.getWebhookEndpoint(caller, params["endpointId"] ?? ""),
    (endpoint) => ({ webhookEndpoint: webhookEndpointView(endpoint) }),
  ),
  deleteWebhookEndpoint: endpoint({
    method: "delete",
    path: "/v1/webhook_endpoints/:endpointId",
    status: 204,
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Delete a webhook endpoint",
    description: "Nothing more is delivered to it; its pending deliveries fail.",
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    response: noContentSchema,
    responseExample: null,
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, params }) => lintel.deleteWebhookEndpoint(caller, params["endpointId"] ?? ""),
    () => null,
  ),
  enableWebhookEndpoint: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId/enable",
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Enable a webhook endpoint",
    description:
      "Enables a disabled endpoint (after a 410, or 5 days of failures): it receives the events created from then on. No body needed.",
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    response: webhookEndpointResponseSchema,
    responseExample: { webhookEndpoint: EXAMPLE.webhookEndpoint },
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, params }) => lintel.enableWebhookEndpoint(caller, params["endpointId"] ?? ""),
    (endpoint) => ({ webhookEndpoint: webhookEndpointView(endpoint) }),
  ),
  listDeliveries: endpoint({
    method: "get",
    path: "/v1/webhook_endpoints/:endpointId/deliveries",
    tag: "Webhooks",
    scope: "webhooks:write",
    client: "webhookEndpoints.listDeliveries(endpointId, query?)",
    summary: "List an endpoint's deliveries",
    description:
      "The deliveries of events to this endpoint, newest first, with how the last attempt went and when the next is due. " +
      "A cursor is bound to its endpoint.",
    query: listQuerySchema,
    pathParams: ENDPOINT_ID,
    response: deliveryListSchema,
    responseExample: { deliveries: [EXAMPLE.delivery], nextCursor: EXAMPLE.cursor },
    problems: ["invalid_request", "invalid_cursor", "not_found"],
  }).runs(
    ({ lintel, caller, params, query: { limit, cursor } }) =>
      lintel.listDeliveries(caller, { endpointId: params["endpointId"] ?? "", limit, cursor }),
    ({ deliveries, nextCursor }) => ({ deliveries: deliveries.map(deliveryView), nextCursor }),
  ),
  updateWebhookEndpoint: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId",
    tag: "Webhooks",
    scope: "webhooks:write",
    client: "webhookEndpoints.update(endpointId, body)",
    summary: "Update a webhook endpoint",
    description:
      "Replaces the fields given (url, eventTypes, description), each by create's rules; the others, the status and the secret stay. " +
      "Deliveries already pending go to the new url. Naming `message.due`, or a new url for an endpoint that names it, needs `tours:read` too " +
      "(403 `missing_scope`)." +
      WRITE_NOTE,
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    body: updateWebhookEndpointBodySchema,
    bodyExample: { url: "https://crm.example.com/lintel-webhooks/v2", eventTypes: ["*"] },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: webhookEndpointResponseSchema,
    responseExample: {
      webhookEndpoint: { ...EXAMPLE.webhookEndpoint, url: "https://crm.example.com/lintel-webhooks/v2", eventTypes: ["*"] },
    },
    problems: [...WRITE_PROBLEMS, "not_found"],
  }).runs(
    ({ lintel, caller, params, body }) => lintel.updateWebhookEndpoint(caller, params["endpointId"] ?? "", body),
    (endpoint) => ({ webhookEndpoint: webhookEndpointView(endpoint) }),
  ),
  rotateWebhookEndpointSecret: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId/rotate_secret",
    tag: "Webhooks",
    scope: "webhooks:write",
    client: "webhookEndpoints.rotateSecret(endpointId)",
    summary: "Rotate a webhook endpoint's secret",
    description:
      "A new secret, shown in this answer only. For the next 24 h every delivery carries two signatures in webhook-signature " +
      "(space-separated, the new secret's first), so a receiver can switch secrets without missing one; then the new one alone. " +
      "No body needed. Retry safely with an Idempotency-Key: the answer, secret included, is kept for 24 h and replayed to a retry with the same key.",
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: rotatedSecretSchema,
    responseExample: { webhookEndpoint: EXAMPLE.webhookEndpoint, secret: "whsec_9Jq2c0vWmR1x8yTnK4bLs7eHfA3dGzP6uQoVi5NwXkE=" },
    problems: ["invalid_request", "not_found", "idempotency_in_progress", "idempotency_key_reused"],
  }).runs(({ lintel, caller, params }) => lintel.rotateWebhookEndpointSecret(caller, params["endpointId"] ?? ""), rotatedSecretView),
  retryDelivery: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId/deliveries/:deliveryId/retry",
    status: 202,
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Retry a delivery",
    description:
      "A failed (or delivered) delivery is attempted again at once, with the same webhook-id, then on the retry schedule from its start. " +
      "409 conflict while it is still pending, or when the endpoint is disabled (enable it first). No body needed.",
    query: emptyQuerySchema,
    pathParams: DELIVERY_ID,
    response: deliveryResponseSchema,
    responseExample: {
      // A failed delivery queued again: its 8 attempts kept, the EXAMPLE.schedule starting over.
      delivery: { ...EXAMPLE.delivery, status: "pending", attempts: 8, nextAttemptAt: "2026-01-02T09:30:00.000Z" },
    },
    problems: ["invalid_request", "not_found", "conflict"],
  }).runs(
    ({ lintel, caller, params }) => lintel.retryDelivery(caller, params["endpointId"] ?? "", params["deliveryId"] ?? ""),
    (delivery) => ({ delivery: deliveryView(delivery) }),
  ),
  recoverDeliveries: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId/recover",
    status: 202,
    tag: "Webhooks",
    scope: "webhooks:write",
    client: "webhookEndpoints.recover(endpointId, body)",
    summary: "Recover failed deliveries",
    description:
      "After a receiver was down: every failed delivery of the endpoint whose event was created at `since` or later (at most 30 days back) " +
      "is attempted again, each as retry does; answers how many were queued. 409 conflict when the endpoint is disabled (enable it first)." +
      WRITE_NOTE,
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    body: recoverDeliveriesBodySchema,
    bodyExample: { since: "2026-01-01T00:00:00.000Z" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: recoveredSchema,
    responseExample: { deliveries: 42 },
    problems: [...WRITE_PROBLEMS, "not_found", "conflict"],
  }).runs(
    ({ lintel, caller, params, body }) => lintel.recoverDeliveries(caller, params["endpointId"] ?? "", body.since),
    (recovered) => recovered,
  ),
  sendTestWebhook: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId/send_test",
    status: 202,
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Send a test event",
    description:
      "Delivers one event of type webhook_endpoint.test (data: { endpointId }) to the endpoint, whatever its eventTypes, signed like every " +
      "other. It is listed in the endpoint's deliveries but is not an event of /v1/events. 409 conflict when the endpoint is disabled. No body needed.",
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    response: deliveryResponseSchema,
    responseExample: {
      delivery: {
        ...EXAMPLE.delivery,
        id: "dlv_4fE8a1B2c3D4e5F6a7B8c9D0",
        eventId: "evt_8TtQz3LmN0pR5sVx2YwA7cKd",
        eventType: "webhook_endpoint.test",
        attempts: 0,
        lastAttemptAt: null,
        lastResponseStatus: null,
        lastError: null,
        nextAttemptAt: "2026-01-02T09:30:00.000Z",
      },
    },
    problems: ["invalid_request", "not_found", "conflict"],
  }).runs(
    ({ lintel, caller, params }) => lintel.sendTestWebhook(caller, params["endpointId"] ?? ""),
    (delivery) => ({ delivery: deliveryView(delivery) }),
  ),
} satisfies CheckedRows;
