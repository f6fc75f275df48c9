/**
 * The `/v1` endpoints, each declared once (a row: route, scope, request and response schemas, the
 * use case it runs, the view of its value, and the problems it can answer), in five tables by
 * resource; the router and the OpenAPI document both read {@link ENDPOINTS}. What a row is made
 * of is in `endpoint-table.js`.
 */
import { LOCK_EVENT_ENDPOINTS } from "./lock-event-endpoints.js";
import { TEMPLATE_ENDPOINTS } from "./template-endpoints.js";
import { TOUR_ENDPOINTS } from "./tour-endpoints.js";
import { UNIT_ENDPOINTS } from "./unit-endpoints.js";
import { WEBHOOK_ENDPOINTS } from "./webhook-endpoints.js";

export { COMMON_PROBLEMS, type CommonProblem, type Endpoint, type Operation, type OperationInput } from "./endpoint-table.js";

/** Every `/v1` endpoint, in the order the document lists them (five tables: each one's type stays small enough to declare). */
export const ENDPOINTS: typeof UNIT_ENDPOINTS &
  typeof TOUR_ENDPOINTS &
  typeof TEMPLATE_ENDPOINTS &
  typeof LOCK_EVENT_ENDPOINTS &
  typeof WEBHOOK_ENDPOINTS = {
  ...UNIT_ENDPOINTS,
  ...TOUR_ENDPOINTS,
  ...TEMPLATE_ENDPOINTS,
  ...LOCK_EVENT_ENDPOINTS,
  ...WEBHOOK_ENDPOINTS,
};

/** The name of one `/v1` operation (a key of {@link ENDPOINTS}). */
export type OperationId = keyof typeof ENDPOINTS;
