/**
 * Writing message templates: create, update and delete, each with its event in the same atomic
 * step. An update or a delete is made from the template as read: the store applies it only while
 * the template's `updatedAt` is still the one read (so an `If-Match` checked against that read
 * holds until the write), and `updatedAt` moves forward by at least 1 ms on every change, so two
 * versions never share one. A template that a future scheduled message names is not deleted.
 * A name and a body follow the writes' text rule here too, so an embedder's template is what the API's is,
 * and a body's placeholders must each be a variable of the catalog (a fixture's templates are
 * loaded as they are: they never pass through here).
 */
import type { ProblemCode, Template } from "@lintel/domain";
import { templateBodyProblem, type LintelEvent } from "@lintel/domain/adapters";
import { TEXT_RULES, textProblem } from "@lintel/domain/schemas";
import type { Caller } from "../admission/admission.js";
import { randomId } from "../common/event-ids.js";
import { MAX_TEMPLATES_PER_ORG, type Clock, type TemplateStore } from "../ports/ports.js";
import { fail, notFound, succeed, type Failure, type Result } from "../common/problem.js";
import { unknownPlaceholder, unknownPlaceholderReason } from "@lintel/domain/adapters";

export interface TemplateWritePorts {
  readonly templates: TemplateStore;
  readonly clock: Clock;
}

/** A new template. `sortOrder` defaults to 0. */
export interface CreateTemplateCommand {
  readonly name: string;
  readonly body: string;
  readonly sortOrder?: number | undefined;
}

/**
 * A change of a template: the fields given are set. `ifMatch`, when the request names a version
 * (`If-Match`), tells whether the template as it is now is that version.
 */
export interface UpdateTemplateCommand {
  readonly templateId: string;
  readonly name?: string | undefined;
  readonly body?: string | undefined;
  readonly sortOrder?: number | undefined;
  /** Whether the template as it is now is the version the request names (its `If-Match`); absent: any version. */
  readonly ifMatch?: ((current: Template) => boolean) | undefined;
}

/** The removal of a template, with the same `ifMatch` as an update. */
export interface DeleteTemplateCommand {
  readonly templateId: string;
  /** Whether the template as it is now is the version the request names (its `If-Match`); absent: any version. */
  readonly ifMatch?: ((current: Template) => boolean) | undefined;
}

/** How many times a write without `ifMatch` reads again after losing a race. */
const RACE_RETRIES = 8;

/** A 400 naming the field. */
const refusal = (name: string, reason: string) => fail("invalid_request", `${name}: ${reason}`, { invalidParams: [{ name, reason }] });

/**
 * What is wrong with a template body, or null: the writes' text rule (1–8,000 characters), its
 * placeholders' form (an unclosed `{{`, a stray `}}`, a bad name), then a placeholder outside the
 * variable catalog, each with the character offset of the problem (and suggestions for a name).
 */
export function templateBodyRefusal(body: string): string | null {
  const problem = textProblem(body, TEXT_RULES.templateBody) ?? templateBodyProblem(body);
  if (problem !== null) return problem;
  const unknown = unknownPlaceholder(body);
  return unknown === null ? null : unknownPlaceholderReason(unknown);
}

/** The first refusal of a name or body given: the writes' text rule (a name 1–200 characters), then {@link templateBodyRefusal}. */
function badText(name: string | undefined, body: string | undefined): Failure<"invalid_request"> | null {
  const nameProblem = name === undefined ? null : textProblem(name, TEXT_RULES.text);
  if (nameProblem !== null) return refusal("name", nameProblem);
  const bodyProblem = body === undefined ? null : templateBodyRefusal(body);
  return bodyProblem === null ? null : refusal("body", bodyProblem);
}

const stale = () =>
  fail("precondition_failed", "If-Match names a version of the template that is no longer current. Get it again (its ETag) and retry.");

/** The template as events serve it (no owner). */
function served({ id, name, body, sortOrder, createdAt, updatedAt }: Template) {
  return { id, name, body, sortOrder, createdAt, updatedAt };
}

/** The template writes of the API; each stores its event with its change. */
export interface TemplateWrites {
  /** A new message template of the caller's org; its body's placeholders are checked. */
  createTemplate(caller: Caller, command: CreateTemplateCommand): Promise<Result<Template, "invalid_request">>;
  /** Sets the given fields of a template (`precondition_failed` when `ifMatch` refuses it as it is). */
  updateTemplate(
    caller: Caller,
    command: UpdateTemplateCommand,
  ): Promise<Result<Template, "invalid_request" | "not_found" | "precondition_failed">>;
  /** Deletes a template; one that a scheduled message still to be sent names is a `conflict`. */
  deleteTemplate(caller: Caller, command: DeleteTemplateCommand): Promise<Result<null, "not_found" | "precondition_failed" | "conflict">>;
}

/** Builds the template write use cases. */
export function createTemplateWrites(ports: TemplateWritePorts): TemplateWrites {
  const event = (orgId: string, type: LintelEvent["type"], data: unknown): LintelEvent =>
    ({ id: randomId("evt_"), orgId, type, createdAt: new Date(ports.clock.now()).toISOString(), data }) as LintelEvent;
  /** A time after `previous` (at least 1 ms), so every version of a template has its own `updatedAt`. */
  const nextUpdatedAt = (previous: string) => new Date(Math.max(ports.clock.now(), Date.parse(previous) + 1)).toISOString();

  async function createTemplate(caller: Caller, command: CreateTemplateCommand): Promise<Result<Template, "invalid_request">> {
    const refused = badText(command.name, command.body);
    if (refused !== null) return refused;
    const now = new Date(ports.clock.now()).toISOString();
    const template: Template = {
      id: randomId("tpl_"),
      orgId: caller.orgId,
      name: command.name,
      body: command.body,
      sortOrder: command.sortOrder ?? 0,
      createdAt: now,
      updatedAt: now,
    };
    const outcome = await ports.templates.create(template, event(caller.orgId, "template.created", { template: served(template) }));
    if (outcome.ok) return succeed(template);
    const reason = `the organization has ${MAX_TEMPLATES_PER_ORG.toLocaleString("en-US")} templates, the most it may keep`;
    return fail("invalid_request", reason, { invalidParams: [{ name: "(body)", reason }] });
  }

  /**
   * Reads the template and runs `attempt` on it: a template that no longer matches `ifMatch` is
   * `precondition_failed`; a write that lost a race is one too when the caller named a version,
   * else it reads again and retries.
   */
  async function fromCurrent<T, C extends ProblemCode>(
    caller: Caller,
    templateId: string,
    ifMatch: ((current: Template) => boolean) | undefined,
    attempt: (current: Template) => Promise<Result<T, C | "not_found"> | "changed">,
  ): Promise<Result<T, C | "not_found" | "precondition_failed">> {
    for (let round = 0; ; round++) {
      const current = await ports.templates.get(caller.orgId, templateId);
      if (current === null) return notFound("template", templateId);
      if (ifMatch !== undefined && !ifMatch(current)) return stale();
      const outcome = await attempt(current);
      if (outcome !== "changed") return outcome;
      if (ifMatch !== undefined || round >= RACE_RETRIES) return stale();
    }
  }

  function updateTemplate(caller: Caller, command: UpdateTemplateCommand) {
    return fromCurrent<Template, "invalid_request">(caller, command.templateId, command.ifMatch, async (current) => {
      const refused = badText(command.name, command.body);
      if (refused !== null) return refused;
      const name = command.name ?? current.name;
      const body = command.body ?? current.body;
      const sortOrder = command.sortOrder ?? current.sortOrder;
      if (name === current.name && body === current.body && sortOrder === current.sortOrder) return succeed(current); // changes nothing
      const template: Template = { ...current, name, body, sortOrder, updatedAt: nextUpdatedAt(current.updatedAt) };
      const data = { template: served(template), previous: served(current) };
      const outcome = await ports.templates.update(template, current.updatedAt, event(caller.orgId, "template.updated", data));
      if (outcome.ok) return succeed(template);
      return outcome.reason === "not_found" ? notFound("template", command.templateId) : "changed";
    });
  }

  function deleteTemplate(caller: Caller, command: DeleteTemplateCommand) {
    return fromCurrent<null, "conflict">(caller, command.templateId, command.ifMatch, async (current) => {
      const check = { expectedUpdatedAt: current.updatedAt, nowIso: new Date(ports.clock.now()).toISOString() };
      const outcome = await ports.templates.delete(
        caller.orgId,
        current.id,
        check,
        event(caller.orgId, "template.deleted", { template: served(current) }),
      );
      if (outcome.ok) return succeed(null);
      switch (outcome.reason) {
        case "in_use":
          return fail(
            "conflict",
            `A scheduled message that is still to be sent names this template (${outcome.messageKey}, the first of them): ` +
              "change or delete each such message first.",
          );
        case "not_found":
          return notFound("template", command.templateId);
        default:
          return "changed";
      }
    });
  }

  return { createTemplate, updateTemplate, deleteTemplate };
}
