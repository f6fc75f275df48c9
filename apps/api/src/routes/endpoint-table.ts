/**
 * What every row of the `/v1` endpoint table is made of: the `Endpoint` description, the
 * `endpoint(row).runs(useCase, view)` helper that checks a row's problems against its use case's
 * codes at compile time (so the document cannot promise a problem that cannot happen, nor leave
 * one out), and what rows share (path parameters, headers, notes).
 */
import type * as v from "valibot";
import type { GenericSchema } from "valibot";
import type { Caller, IdempotencyCode, Lintel, Result } from "@lintel/core";
import type { ProblemCode, Scope } from "@lintel/domain";
import type { DeepReadonly } from "@lintel/domain/adapters";
import type { BodyReading } from "../http-edge/json-body.js";
import type { QuerySchema } from "../schemas/query.js";

/** What the OpenAPI document and the router read of every endpoint. */
export interface Endpoint {
  readonly method: "get" | "post" | "delete";
  /** The status of a successful answer: 200 unless said (201 created, 204 no content). */
  readonly status?: 201 | 202 | 204;
  /** Koa form: `/v1/locks/:lockId`. */
  readonly path: string;
  readonly scope: Scope;
  /** Another scope that admits the operation as well. */
  readonly alsoScope?: Scope;
  readonly summary: string;
  readonly description: string;
  readonly query: QuerySchema;
  readonly body?: GenericSchema;
  readonly pathParams?: readonly { readonly name: string; readonly description: string }[];
  /** Optional request headers the operation reads (besides x-api-key and x-request-id). */
  readonly headers?: readonly {
    readonly name: string;
    readonly description: string;
    readonly maxLength: number;
    /** The characters it may hold, as a JSON Schema pattern. */
    readonly pattern?: string;
  }[];
  readonly response: GenericSchema;
  /**
   * The success answer's example in the document (null for a 204), made from the example records
   * through the real serializers (openapi-examples.js); `endpoint()` checks it against `response`.
   */
  readonly responseExample: unknown;
  /** A GET of one resource: answers carry an ETag, and If-None-Match with it answers 304. */
  readonly etag?: true;
  /** A write of one resource whose 200 carries the ETag a GET of it would (to send back as If-Match); no 304. */
  readonly answerTag?: true;
  /** OpenAPI tag: the resource the operation belongs to. */
  readonly tag: "Units" | "Tours" | "Templates" | "Locks" | "Events" | "Webhooks";
  /** The request body's example in the document (a POST with a body). */
  readonly bodyExample?: unknown;
  /** Problems besides the ones every /v1 endpoint can answer (401, 429, 500, 503). */
  readonly problems: readonly ProblemCode[];
  /** A write (every POST but enable and render_message_template): it takes Idempotency-Key, its 2xx and 409 answers kept 24 h. */
  readonly idempotent?: true;
  /**
   * The typed client's method for it, as `@lintel/client`'s README names it: its group, its name
   * and what it takes (`tours.checkIn(body)`, `units.get(unitIdOrKey)`, `units.list(query?)`).
   * The client's generated methods are made from it (tools' client generator, which refuses a
   * call that leaves out an input); absent where the client writes the method by hand (an
   * If-Match, a DELETE, a POST with a retry rule of its own).
   */
  readonly client?: ClientCall;
}

/** The typed client's groups of methods, one per resource. */
export type ClientGroup = "units" | "tours" | "templates" | "locks" | "events" | "webhookEndpoints";
/** A typed client's method and what it takes: `group.name(arguments)`, e.g. `tours.confirm(tourId)`. */
export type ClientCall = `${ClientGroup}.${string}(${string})`;

/** What an operation's use case is given, once the request is admitted and its parameters parsed. */
export interface OperationInput<Q, B> {
  readonly lintel: Lintel;
  readonly caller: Caller;
  readonly query: Q;
  /** The path's parameters (`lockId`), as the router matched them. */
  readonly params: Readonly<Record<string, string>>;
  /** The parsed body (a POST's; undefined for a GET). */
  readonly body: B;
  /** The request's `If-Match` header (a template's update or delete), undefined when absent. */
  readonly ifMatch?: string | undefined;
}

/** A whole endpoint: its description, the use case it runs and the JSON view of the use case's value. */
export interface Operation<
  Q extends QuerySchema = QuerySchema,
  B = unknown,
  T = unknown,
  C extends ProblemCode = ProblemCode,
> extends Endpoint {
  readonly query: Q;
  /** Runs the use case (method syntax: the router holds every row as an `Operation` of its own). */
  run(input: OperationInput<v.InferOutput<Q>, B>): Promise<Result<T, C>>;
  view(value: T): unknown;
}

/** Problems every /v1 endpoint can answer. */
export const COMMON_PROBLEMS = [
  "uri_too_long",
  "invalid_api_key",
  "missing_scope",
  "rate_limited",
  "internal_error",
  "unavailable",
] as const satisfies readonly ProblemCode[];
export type CommonProblem = (typeof COMMON_PROBLEMS)[number];

/** What the adapter answers itself: a bad query; for a POST also a bad body and the Idempotency-Key's problems. */
interface AdapterProblems {
  readonly get: "invalid_request";
  readonly delete: "invalid_request";
  readonly post: "invalid_request" | Extract<BodyReading, { ok: false }>["code"] | IdempotencyCode;
}

/**
 * What is wrong with a row's problems: codes its use case (`C`) can answer that it leaves out,
 * or codes it declares that neither the use case nor the adapter can answer; `unknown` when
 * nothing is. `ENDPOINTS` must satisfy {@link CheckedRows}, so either is a compile error naming them.
 */
type ProblemCheck<E extends Endpoint, C> = [Exclude<C, E["problems"][number] | CommonProblem>] extends [never]
  ? [Exclude<E["problems"][number], C | AdapterProblems[E["method"]]>] extends [never]
    ? unknown
    : { readonly unknownProblems: Exclude<E["problems"][number], C | AdapterProblems[E["method"]]> }
  : { readonly undeclaredProblems: Exclude<C, E["problems"][number] | CommonProblem> };

/** Rows whose problems match their use case's. */
export type CheckedRows = Record<string, Endpoint & { readonly undeclaredProblems?: never; readonly unknownProblems?: never }>;

/** The parsed body an endpoint's use case gets: its body schema's output, or undefined. */
type BodyOf<E> = E extends { readonly body: infer S extends GenericSchema } ? v.InferOutput<S> : undefined;

/** What a row's response example must be: its response schema's output, read-only all the way down. */
type ExampleOf<S extends GenericSchema> = DeepReadonly<v.InferOutput<S>>;

/**
 * One row of the table: `endpoint(description).runs(useCase, view)`, checked by {@link ProblemCheck};
 * its response example is checked against its response schema.
 */
export function endpoint<const E extends Endpoint>(row: E & { readonly responseExample: ExampleOf<E["response"]> }) {
  return {
    runs<T, C extends ProblemCode>(
      run: (input: OperationInput<v.InferOutput<E["query"]>, BodyOf<E>>) => Promise<Result<T, C>>,
      view: (value: T) => unknown,
    ): E & Operation<E["query"], BodyOf<E>, T, C> & ProblemCheck<E, C> {
      return { ...row, run, view } as E & Operation<E["query"], BodyOf<E>, T, C> & ProblemCheck<E, C>;
    },
  };
}

/** The path parameter of one lock. */
export const LOCK_ID = [{ name: "lockId", description: "The lock's id." }] as const;
/** The path parameter of one event. */
export const EVENT_ID = [{ name: "eventId", description: "The event's id (evt_…)." }] as const;
/** The path parameter of one webhook endpoint. */
export const ENDPOINT_ID = [{ name: "endpointId", description: "The webhook endpoint's id (we_…)." }] as const;
/** The path parameters of one delivery of one webhook endpoint. */
export const DELIVERY_ID = [...ENDPOINT_ID, { name: "deliveryId", description: "The delivery's id (dlv_…)." }] as const;
/** The Idempotency-Key header every write takes. */
export const IDEMPOTENCY_KEY_HEADER = {
  name: "Idempotency-Key",
  description: "1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h.",
  maxLength: 255,
  pattern: "^[\\x20-\\x7E]+$",
} as const;
/** The If-Match header of a template's update or delete. */
export const IF_MATCH_HEADER = {
  name: "If-Match",
  description: "The ETag get_message_template served: the write applies only while the template is still that version (else 412).",
  maxLength: 1024,
} as const;
/** The If-Match header of a lock's update. */
export const LOCK_IF_MATCH_HEADER = {
  name: "If-Match",
  description:
    "The ETag GET /v1/locks/{lockId} or update_lock served: the update applies only while the lock is still that version (else 412).",
  maxLength: 1024,
} as const;
/** The problems every write with a body can answer besides its own. */
export const WRITE_PROBLEMS = [
  "invalid_request",
  "idempotency_in_progress",
  "idempotency_key_reused",
  "payload_too_large",
  "unsupported_media_type",
] as const;
/** What every write's description says of its body and its safe retries. */
export const WRITE_NOTE =
  " Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer " +
  "is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.";
/** What every write of a unit's schedule says of versions. */
export const VERSION_NOTE =
  " Adds 1 to the unit's version; with expectedVersion, applies only while the unit is at that version (else 409 version_conflict with currentVersion), " +
  "so a preview made before it is stale. A write that changes nothing answers the record as it is, keeps the version and emits no event.";
