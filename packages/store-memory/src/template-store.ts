/** Message templates in memory, each org's kept sorted by list position. */
import { LIST_DIRECTION, templatePosition } from "@lintel/domain";
import type { Template } from "@lintel/domain";
import type { TemplateStore } from "@lintel/core";
import { mergeOrdered, pageOrdered, type MemoryState, type OrderedIndex, type OrderedRow } from "./memory-state.js";

function orderIndex(state: MemoryState): OrderedIndex<Template> {
  return { rows: state.templateOrder, positionOf: templatePosition, direction: LIST_DIRECTION.templates };
}

/**
 * Stores or replaces templates by id (a later one of the batch wins), moving them in their
 * org's order; the order is updated once for the batch.
 */
export function putTemplates(state: MemoryState, templates: readonly Template[]): void {
  const touchedOrgs = new Set<string>();
  const batch: OrderedRow<Template>[] = [];
  for (const template of templates) {
    const old = state.templates.get(template.id);
    if (old !== undefined) touchedOrgs.add(old.orgId);
    const stored: Template = { ...template };
    state.templates.set(template.id, stored);
    batch.push({ orgId: stored.orgId, row: stored });
  }
  mergeOrdered(orderIndex(state), touchedOrgs, batch, (row) => state.templates.get(row.id) === row);
}

export function createMemoryTemplateStore(state: MemoryState): TemplateStore {
  const index = orderIndex(state);
  return {
    async get(orgId, templateId) {
      const template = state.templates.get(templateId);
      return template !== undefined && template.orgId === orgId ? template : null;
    },
    async list(orgId, after, limit) {
      return pageOrdered(index, orgId, after, limit);
    },
  };
}
