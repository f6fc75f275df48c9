/** `@lintel/client`: a typed client of the Lintel HTTP API (fetch only, no runtime dependencies). */
export { createLintelClient, type LintelClient } from "./client.js";
export {
  type Lock,
  type LockState,
  type Template,
  type PreviewItem,
  type Problem,
  type Unit,
  type ScheduleEntry,
  type QueryOf,
  type OperationId,
  type AnswerOf,
  type BodyOf,
  type SetTimezoneResult,
  type WriteOptions,
  type WriteResult,
  type UnitWriteResult,
  type ScheduleItemWriteResult,
  type ScheduleItemDeleteResult,
  type TemplateWriteResult,
  type TemplateDeleteResult,
  type TemplateWithEtag,
  type IfMatch,
  type LockWithEtag,
  type LockWriteResult,
  type TourWriteResult,
  type Event,
  type EventType,
  type EventOf,
  type WebhookEndpoint,
  type Delivery,
  type CreatedWebhookEndpoint,
  type RotatedWebhookSecret,
} from "./types.js";
export {
  isEventOf,
  verifyWebhook,
  WebhookVerificationError,
  type HeaderSource,
  type LintelEvent,
  type VerifyWebhookOptions,
} from "./webhooks.js";
export { LintelProblem, type InvalidParam } from "./problem.js";
export type { PagedList } from "./paging.js";
export type { CallOptions, ClientOptions, RetryInfo } from "./transport.js";
export type { components, operations, paths } from "./openapi-types.js";
