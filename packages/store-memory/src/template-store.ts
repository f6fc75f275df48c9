/** Message templates in memory, each org's kept sorted by list position. */
import { LIST_DIRECTION, templatePosition } from "@lintel/domain/adapters";
import type { Template } from "@lintel/domain";
import type { TemplateStore } from "@lintel/core";
import { pageOrdered, upsertIndexed, type MemoryState, type OrderedIndex } from "./memory-state.js";

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
