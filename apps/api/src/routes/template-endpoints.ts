/**
 * Message templates. The rows of the `/v1` endpoint table (`endpoints.js`) for them.
 */
import type { Template } from "@lintel/domain";
import {
  getTemplateQuerySchema,
  emptyQuerySchema,
  listQuerySchema,
  renderedTemplateSchema,
  templateListSchema,
  templateResponseSchema,
  templateVariablesSchema,
} from "../schemas/schemas.js";
import { entityTag, ifMatchHolds } from "../http-edge/http-conventions.js";
import {
  createTemplateBodySchema,
  deleteTemplateBodySchema,
  renderTemplateBodySchema,
  updateTemplateBodySchema,
} from "../schemas/write-schemas.js";
import { noContentSchema } from "../schemas/event-schemas.js";
import { jsonText, oneJson, pageJson, templateJson, templateView } from "./serialize.js";
import { endpoint, type CheckedRows, IDEMPOTENCY_KEY_HEADER, IF_MATCH_HEADER, WRITE_PROBLEMS, WRITE_NOTE } from "./endpoint-table.js";
import { EXAMPLE } from "../openapi/openapi-examples.js";
import { TEMPLATE_VARIABLES } from "@lintel/domain/adapters";
/**
 * `If-Match` as a check of the template as it is now: true when the header names its ETag (the
 * tag of the very text get_message_template serves) or is `*`. Undefined without the header.
 */
function matcher(ifMatch: string | undefined): ((current: Template) => boolean) | undefined {
  if (ifMatch === undefined) return undefined;
  return (current) => ifMatchHolds(ifMatch, entityTag(jsonText(oneJson("template", templateJson(current)))));
}

/** Message templates. */
export const TEMPLATE_ENDPOINTS = {
  getMessageTemplate: endpoint({
    method: "get",
    path: "/v1/templates/get_message_template",
    tag: "Templates",
    scope: "messages:read",
    client: "templates.get(templateId)",
    summary: "Get a saved message template",
    etag: true,
    description: "One template of the caller's organization.",
    query: getTemplateQuerySchema,
    response: templateResponseSchema,
    responseExample: { template: templateView(EXAMPLE.template) },
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, query }) => lintel.getTemplate(caller, query.templateId),
    (template) => oneJson("template", templateJson(template)),
  ),
  listMessageTemplates: endpoint({
    method: "get",
    path: "/v1/templates/list_message_templates",
    tag: "Templates",
    scope: "messages:read",
    client: "templates.list(query?)",
    summary: "List saved message templates",
    description: "Templates of the caller's organization by sortOrder, then id; keyset pagination as for locks.",
    query: listQuerySchema,
    response: templateListSchema,
    responseExample: { templates: EXAMPLE.templates.map(templateView), nextCursor: EXAMPLE.cursor },
    problems: ["invalid_request", "invalid_cursor"],
  }).runs(
    ({ lintel, caller, query: { limit, cursor } }) => lintel.listTemplates(caller, { limit, cursor }),
    ({ templates, nextCursor }) => pageJson("templates", templates.map(templateJson), nextCursor),
  ),
  createMessageTemplate: endpoint({
    method: "post",
    path: "/v1/templates/create_message_template",
    status: 201,
    tag: "Templates",
    scope: "messages:write",
    client: "templates.create(body)",
    summary: "Create a message template",
    description:
      "A new template of the caller's organization. Its body's placeholders are {{name}}, each a variable of list_template_variables; " +
      "an unclosed {{, a stray }}, a bad name or a name outside the catalog is 400 with the character offset (and, for a name, up to " +
      "three it may have meant). At most 1,000 templates per organization." +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: createTemplateBodySchema,
    bodyExample: { name: "Tour reminder", body: "Hi {{ prospect.name }}, your tour starts at {{tour.start}}.", sortOrder: 10 },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: templateResponseSchema,
    responseExample: { template: templateView(EXAMPLE.template) },
    problems: [...WRITE_PROBLEMS],
  }).runs(
    ({ lintel, caller, body }) => lintel.createTemplate(caller, body),
    (template) => oneJson("template", templateJson(template)),
  ),
  updateMessageTemplate: endpoint({
    method: "post",
    path: "/v1/templates/update_message_template",
    tag: "Templates",
    scope: "messages:write",
    summary: "Update a message template",
    description:
      "Sets the fields given (updatedAt moves); a body is checked as create_message_template checks it. With If-Match (the ETag get_message_template served), applies only while the template is " +
      "still that version, else 412." +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: updateTemplateBodySchema,
    bodyExample: { templateId: "tpl_0123456789ABCDEFGHIJKLMN", body: "Hi {{ prospect.name }}, see you at {{tour.start}}." },
    headers: [IDEMPOTENCY_KEY_HEADER, IF_MATCH_HEADER],
    idempotent: true,
    response: templateResponseSchema,
    responseExample: { template: templateView(EXAMPLE.template) },
    problems: [...WRITE_PROBLEMS, "not_found", "precondition_failed"],
  }).runs(
    ({ lintel, caller, body, ifMatch }) => lintel.updateTemplate(caller, { ...body, ifMatch: matcher(ifMatch) }),
    (template) => oneJson("template", templateJson(template)),
  ),
  deleteMessageTemplate: endpoint({
    method: "post",
    path: "/v1/templates/delete_message_template",
    status: 204,
    tag: "Templates",
    scope: "messages:write",
    summary: "Delete a message template",
    description:
      "Deletes the template. One that a scheduled message still to be sent names is 409 conflict; If-Match as for an update." + WRITE_NOTE,
    query: emptyQuerySchema,
    body: deleteTemplateBodySchema,
    bodyExample: { templateId: "tpl_0123456789ABCDEFGHIJKLMN" },
    headers: [IDEMPOTENCY_KEY_HEADER, IF_MATCH_HEADER],
    idempotent: true,
    response: noContentSchema,
    responseExample: null,
    problems: [...WRITE_PROBLEMS, "not_found", "precondition_failed", "conflict"],
  }).runs(
    ({ lintel, caller, body, ifMatch }) => lintel.deleteTemplate(caller, { ...body, ifMatch: matcher(ifMatch) }),
    () => null,
  ),
  listTemplateVariables: endpoint({
    method: "get",
    path: "/v1/templates/list_template_variables",
    tag: "Templates",
    scope: "messages:read",
    client: "templates.listVariables()",
    summary: "List the template variables",
    description:
      "The one fixed catalog of what a template's {{placeholder}} may name, each with what it says and an example. Times are written " +
      "in the unit's zone (UTC when it has none) with the labels of preview_timezone_change.",
    query: emptyQuerySchema,
    response: templateVariablesSchema,
    responseExample: { variables: TEMPLATE_VARIABLES },
    problems: ["invalid_request"],
  }).runs(
    ({ lintel }) => lintel.listTemplateVariables(),
    (variables) => ({ variables }),
  ),
  renderMessageTemplate: endpoint({
    method: "post",
    path: "/v1/templates/render_message_template",
    tag: "Templates",
    scope: "messages:read",
    summary: "Render a message template",
    description:
      "What a message would say now: a saved template (templateId) or a template's text (body), exactly one, rendered for a unit and " +
      "optionally one of its booked tours (tourId, which also needs tours:read: the answer shows its PIN and prospect). A placeholder " +
      "with no value (a code.pin without a tour) renders empty and is listed in missing; a body is checked as a template write checks " +
      "it. sms says the encoding, units and segments the text takes. Changes nothing. Body: application/json, at most 16 KiB, no " +
      "fields besides those listed.",
    query: emptyQuerySchema,
    body: renderTemplateBodySchema,
    bodyExample: { templateId: "tpl_code", unitIdOrKey: "chicago-loft", tourId: "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq" },
    response: renderedTemplateSchema,
    responseExample: EXAMPLE.render,
    problems: ["invalid_request", "not_found", "payload_too_large", "unsupported_media_type"],
  }).runs(
    ({ lintel, caller, body }) => lintel.renderMessageTemplate(caller, body),
    (rendered) => rendered,
  ),
} satisfies CheckedRows;
