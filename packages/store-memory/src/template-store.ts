/** Message templates in memory, each org's kept sorted by list position. */
import { LIST_DIRECTION, templatePosition } from "@lintel/domain";
import type { Template } from "@lintel/domain";
import type { TemplateStore } from "@lintel/core";
import { insertOrdered, pageOrdered, removeOrdered, type MemoryState, type OrderedIndex } from "./memory-state.js";

function orderIndex(state: MemoryState): OrderedIndex<Template> {
  return { rows: state.templateOrder, positionOf: templatePosition, direction: LIST_DIRECTION.templates };
}

/** Stores or replaces a template by id, moving it in its org's order when needed. */
export function putTemplate(state: MemoryState, template: Template): void {
  const index = orderIndex(state);
  const old = state.templates.get(template.id);
  if (old !== undefined) removeOrdered(index, old.orgId, templatePosition(old));
  const stored: Template = { ...template };
  state.templates.set(template.id, stored);
  insertOrdered(index, stored.orgId, stored);
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
