/** Message templates in memory, each org's kept sorted by list position. */
import type { Template } from "@lintel/domain";
import { isUnsentMessage, LIST_DIRECTION, templatePosition } from "@lintel/domain/adapters";

import { type TemplateStore, MAX_TEMPLATES_PER_ORG } from "@lintel/core/adapters";
import { appendEvent } from "./state/event-state.js";
import { deletedSlot, pageOrdered, upsertIndexed, type MemoryState, type OrderedIndex } from "./state/memory-state.js";

function orderIndex(state: MemoryState): OrderedIndex<Template> {
  return { rows: state.templateOrder, positionOf: templatePosition, direction: LIST_DIRECTION.templates };
}

/**
 * Stores or replaces templates by id (a later one of the batch wins), moving them in their
 * org's order; the order is updated once for the batch.
 */
export function putTemplates(state: MemoryState, templates: readonly Template[]): void {
  const how = { records: state.templates, index: orderIndex(state), idOf: (t: Template) => t.id, orgOf: (t: Template) => t.orgId };
  upsertIndexed(how, templates, (template) => ({ ...template }));
}

/**
 * The key of the first message of the org still to be sent that names the template: sent after
 * `nowIso`, or `scheduled` or `held` whatever its sendAt (a message held or waiting past its time
 * is still to be sent); by sendAt, then key, as Redis's index orders them; or null. The org is
 * the message's unit's. A scan: templates are deleted rarely, and memory holds one process's data.
 */
function firstHoldingMessage(state: MemoryState, orgId: string, templateId: string, nowIso: string): string | null {
  let first: { readonly sendAt: string; readonly key: string } | null = null;
  for (const item of state.items.values()) {
    if (item.kind !== "scheduled_message" || item.templateId !== templateId) continue;
    if (item.startAt <= nowIso && !isUnsentMessage(item)) continue;
    if (state.units.get(item.unitId)?.orgId !== orgId) continue;
    const key = `${item.kind}:${item.id}`;
    if (first === null || item.startAt < first.sendAt || (item.startAt === first.sendAt && key < first.key))
      first = { sendAt: item.startAt, key };
  }
  return first?.key ?? null;
}

export function createMemoryTemplateStore(state: MemoryState): TemplateStore {
  const index = orderIndex(state);
  const own = (orgId: string, templateId: string) => {
    const template = state.templates.get(templateId);
    return template !== undefined && template.orgId === orgId ? template : undefined;
  };
  return {
    async get(orgId, templateId) {
      return own(orgId, templateId) ?? null;
    },
    async list(orgId, after, limit) {
      return pageOrdered(index, orgId, after, limit);
    },
    async create(template, event) {
      if ((state.templateOrder.get(template.orgId)?.length ?? 0) >= MAX_TEMPLATES_PER_ORG)
        return { ok: false, reason: "too_many_templates" };
      putTemplates(state, [template]);
      appendEvent(state.events, template.orgId, event);
      return { ok: true };
    },
    async loadTemplate(template) {
      if (state.templates.has(template.id) || state.deleted.has(deletedSlot(template.orgId, `template:${template.id}`))) return "kept";
      putTemplates(state, [template]);
      return "added";
    },
    async update(template, expectedUpdatedAt, event) {
      const current = own(template.orgId, template.id);
      if (current === undefined) return { ok: false, reason: "not_found" };
      if (current.updatedAt !== expectedUpdatedAt) return { ok: false, reason: "changed" };
      putTemplates(state, [template]);
      appendEvent(state.events, template.orgId, event);
      return { ok: true };
    },
    async delete(orgId, templateId, check, event) {
      const current = own(orgId, templateId);
      if (current === undefined) return { ok: false, reason: "not_found" };
      if (current.updatedAt !== check.expectedUpdatedAt) return { ok: false, reason: "changed" };
      const messageKey = firstHoldingMessage(state, orgId, templateId, check.nowIso);
      if (messageKey !== null) return { ok: false, reason: "in_use", messageKey };
      state.templates.delete(templateId);
      state.deleted.add(deletedSlot(orgId, `template:${templateId}`));
      const rows = (state.templateOrder.get(orgId) ?? []).filter((row) => row.id !== templateId);
      if (rows.length === 0) state.templateOrder.delete(orgId);
      else state.templateOrder.set(orgId, rows);
      appendEvent(state.events, orgId, event);
      return { ok: true };
    },
  };
}
