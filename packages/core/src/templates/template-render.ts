/**
 * What a message would say now: the variable catalog, and a template (saved, or a body given)
 * rendered for a unit and, optionally, one of its booked tours, with what the text costs as SMS.
 * A tour is read as the tour reads serve it (its times, its PIN opened, its code's window), so a
 * render shows what the tour endpoints show; naming one needs `tours:read`, since its PIN and
 * prospect are in the answer. Changes nothing.
 */
import type { ServedTour } from "@lintel/domain";
import {
  grantsScope,
  messageValues,
  renderTemplate,
  smsCost,
  TEMPLATE_VARIABLES,
  type MessageFacts,
  type RenderedMessage,
  type SmsCost,
  type TemplateVariable,
} from "@lintel/domain/adapters";
import type { Caller } from "../admission/admission.js";
import { fail, notFound, succeed, type Result } from "../common/problem.js";
import type { LockDirectory } from "../ports/lock-ports.js";
import type { TemplateStore, UnitStore } from "../ports/ports.js";
import type { TourReads } from "../tours/tour-reads.js";
import { templateBodyRefusal } from "./template-writes.js";

/** A render: a saved template (`templateId`) or a `body`, exactly one; the unit; a tour of it, optionally. */
export interface RenderTemplateCommand {
  readonly templateId?: string | undefined;
  readonly body?: string | undefined;
  readonly unitIdOrKey: string;
  readonly tourId?: string | undefined;
}

/** What a render answers: the text, each placeholder's value, those missing, and the SMS cost. */
export interface RenderedTemplate extends RenderedMessage {
  readonly sms: SmsCost;
}

/** The template renders of the API. */
export interface TemplateRenders {
  /** The variables a template may name: the one fixed catalog. */
  listTemplateVariables(): Promise<Result<readonly TemplateVariable[], never>>;
  /**
   * A template or body rendered for a unit (and a tour of it) as it is now. A body is refused as a
   * template write would refuse it; a saved template renders as it is (a fixture's may name
   * variables outside the catalog: those are missing). A `tourId` needs `tours:read`.
   */
  renderMessageTemplate(
    caller: Caller,
    command: RenderTemplateCommand,
  ): Promise<Result<RenderedTemplate, "invalid_request" | "not_found" | "missing_scope">>;
}

export interface TemplateRenderPorts {
  readonly units: Pick<UnitStore, "findByIdOrKey">;
  readonly templates: Pick<TemplateStore, "get">;
  readonly locks: Pick<LockDirectory, "getMany">;
  readonly tours: Pick<TourReads, "getTour">;
}

const refusal = (name: string, reason: string) => fail("invalid_request", `${name}: ${reason}`, { invalidParams: [{ name, reason }] });

/** A tour's part of a message's facts: its times, prospect, its code while it has one (its PIN opened) and its lock's name. */
export async function tourFacts(
  locks: Pick<LockDirectory, "getMany">,
  orgId: string,
  tour: ServedTour,
): Promise<Omit<MessageFacts, "unit">> {
  const { access } = tour;
  const [lock] = tour.lockId === null ? [] : await locks.getMany(orgId, [tour.lockId]);
  return {
    tour: { title: tour.title, startAt: tour.startAt, endAt: tour.endAt, prospectName: tour.prospect.name },
    // A code gone from the schedule (a cancelled tour's) opens nothing: no PIN, no window.
    code: access.codeKey === null || access.code === null ? null : { startAt: access.startAt, endAt: access.endAt, pin: access.code },
    lock: lock === undefined ? null : { name: lock.name },
  };
}

/** Builds the template renders. */
export function createTemplateRenders(ports: TemplateRenderPorts): TemplateRenders {
  return {
    listTemplateVariables: () => Promise.resolve(succeed(TEMPLATE_VARIABLES)),

    async renderMessageTemplate(caller, command) {
      // The scope first, as admission checks scopes before parameters.
      if (command.tourId !== undefined && !grantsScope(caller.scopes, "tours:read")) {
        return fail(
          "missing_scope",
          "A render that names a tourId requires the scope 'tours:read' (it shows the tour's PIN and prospect), which this API key does not have.",
        );
      }
      if ((command.templateId === undefined) === (command.body === undefined)) {
        return refusal("templateId", "give either templateId (a saved template) or body (a template's text), not both.");
      }
      if (command.body !== undefined) {
        const problem = templateBodyRefusal(command.body);
        if (problem !== null) return refusal("body", problem);
      }
      const unit = await ports.units.findByIdOrKey(caller.orgId, command.unitIdOrKey);
      if (unit === null) return notFound("unit", command.unitIdOrKey);
      let body = command.body ?? "";
      if (command.templateId !== undefined) {
        const template = await ports.templates.get(caller.orgId, command.templateId);
        if (template === null) return notFound("template", command.templateId);
        body = template.body;
      }
      let facts: MessageFacts = { unit };
      if (command.tourId !== undefined) {
        const tour = await ports.tours.getTour(caller, command.tourId);
        if (!tour.ok) return tour;
        if (tour.value.unitId !== unit.id) return refusal("tourId", "the tour is of another unit than unitIdOrKey names.");
        facts = { unit, ...(await tourFacts(ports.locks, caller.orgId, tour.value)) };
      }
      const rendered = renderTemplate(body, messageValues(facts));
      return succeed({ ...rendered, sms: smsCost(rendered.text) });
    },
  };
}
