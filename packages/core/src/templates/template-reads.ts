/** The templates read side: one template, and the org's templates a page at a time. */
import type { CursorCodec, Template } from "@lintel/domain";
import { templatePosition } from "@lintel/domain/adapters";
import type { Caller } from "../admission/admission.js";
import type { TemplateStore } from "../ports/ports.js";
import { readPage, type PageQuery } from "../common/paging-use-case.js";
import { notFound, succeed, type Result } from "../common/problem.js";

/** The template reads of the API. */
export interface TemplateReads {
  /** A message template of the caller's org; a foreign one is `not_found`. */
  getTemplate(caller: Caller, templateId: string): Promise<Result<Template, "not_found">>;
  /** The caller's org's templates by sortOrder, then id, a page at a time. */
  listTemplates(caller: Caller, query: PageQuery): Promise<Result<{ templates: Template[]; nextCursor: string | null }, "invalid_cursor">>;
}

/** Builds the template reads over `templates`. */
export function createTemplateReads(templates: TemplateStore, cursors: CursorCodec): TemplateReads {
  const templateList = { list: "templates", fetch: templates.list.bind(templates), positionOf: templatePosition } as const;
  return {
    async getTemplate(caller, templateId) {
      const template = await templates.get(caller.orgId, templateId);
      return template === null ? notFound("template", templateId) : succeed(template);
    },
    async listTemplates(caller, query) {
      const page = await readPage(cursors, templateList, caller.orgId, query);
      return page.ok ? succeed({ templates: page.value.rows, nextCursor: page.value.nextCursor }) : page;
    },
  };
}
