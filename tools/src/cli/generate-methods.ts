/**
 * Generates the typed client's plain methods (`packages/client/src/generated-methods.ts`) and the
 * rows of its README's method table from the OpenAPI document and each endpoint row's `client`
 * call (`tours.checkIn(body)`): the path, the HTTP method, what the call takes, what it resolves to
 * (a paged list's items, the one field of a GET's answer, a write's answer with `replayed`) and
 * its TSDoc (the operation's summary and description, which name its scope). An operation whose
 * call would need a rule of its own (If-Match, a DELETE, a POST without Idempotency-Key) has no
 * `client` and is written by hand in client.ts; a `client` call that leaves out or invents an
 * input is refused here. `npm run -s client:types` writes the file; a unit test
 * (generate-methods.test.ts) fails when it is stale.
 */

/** The part of a JSON Schema the generator reads. */
interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
}

/** The part of an operation of the OpenAPI document the generator reads. */
interface DocumentOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly parameters?: readonly {
    readonly name: string;
    readonly in: string;
    readonly required?: boolean;
    readonly schema?: JsonSchema;
  }[];
  readonly requestBody?: { readonly content: { readonly "application/json": { readonly schema: JsonSchema } } };
  readonly responses: Readonly<Record<string, { readonly content?: { readonly "application/json"?: { readonly schema: JsonSchema } } }>>;
}

/** The OpenAPI document, as much of it as the generator reads. */
export interface MethodsDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, DocumentOperation>>>>;
}

/** Each endpoint row's client call, by operationId (`ENDPOINTS` of `@lintel/api`). */
export type ClientCalls = Readonly<Record<string, { readonly client?: string }>>;

/** One generated method of the client. */
export interface ClientMethod {
  readonly group: string;
  readonly name: string;
  /** What the call takes, as the row says it (`endpointId`, `query?`, `body`). */
  readonly args: readonly string[];
  readonly operationId: string;
  readonly httpMethod: "GET" | "POST";
  readonly path: string;
  readonly summary: string;
  /** True for a write: it also takes `WriteOptions` (its Idempotency-Key). */
  readonly write: boolean;
  /** The method's TypeScript text (TSDoc and property), indented for its group. */
  readonly code: string;
}

/** The first line of `generated-methods.ts`: where it comes from and how to make it again. */
export const GENERATED_METHODS_HEADER =
  "// Generated from Lintel's endpoint table (each row's `client`) and /v1/openapi.json: `npm run -s client:types`. Do not edit.\n";

const CALL = /^(\w+)\.(\w+)\(([\w?, ]*)\)$/;

/** The object schema of the operation's success answer (its 200, 201 or 202). */
function answerSchema(operation: DocumentOperation): JsonSchema | undefined {
  const [, answer] = Object.entries(operation.responses).find(([status]) => /^20[012]$/.test(status)) ?? [];
  return answer?.content?.["application/json"]?.schema;
}

const isArray = (schema: JsonSchema | undefined) =>
  schema?.type === "array" || (Array.isArray(schema?.type) && schema.type.includes("array"));

/** `text` as the lines of a TSDoc comment at `indent`, each at most `width` characters. */
function tsdoc(text: string, indent: string, width = 120): string {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\*\//g, "*\\/").split(/\n\s*\n/)) {
    if (lines.length > 0) lines.push("");
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line !== "" && indent.length + 3 + line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line === "" ? word : `${line} ${word}`;
    }
    lines.push(line);
  }
  return [`${indent}/**`, ...lines.map((line) => (line === "" ? `${indent} *` : `${indent} * ${line}`)), `${indent} */`].join("\n");
}

/** The method the row's `call` names for `operation`, or an error saying what does not fit. */
function method(call: string, httpMethod: string, path: string, operation: DocumentOperation): ClientMethod {
  const id = operation.operationId;
  const parsed = CALL.exec(call);
  const refuse = (why: string) => new Error(`${id}: client call "${call}" ${why}`);
  if (parsed === null) throw refuse("is not group.name(arguments)");
  const [, group = "", name = "", list = ""] = parsed;
  const args = list
    .split(",")
    .map((arg) => arg.trim())
    .filter(Boolean);
  const parameters = operation.parameters ?? [];
  const headers = parameters.filter((p) => p.in === "header").map((p) => p.name);
  const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "");
  if (pathNames.some((p, i) => args[i] !== p)) throw refuse(`must take the path's parameters first, in order (${pathNames.join(", ")})`);
  const rest = args.slice(pathNames.length);
  const target = pathNames.reduce((expr, p) => `path(${expr}, ${p})`, JSON.stringify(path));
  const pathArgs = pathNames.map((p) => `${p}: string, `).join("");
  const indent = "      ";
  const stringInput = (schema: JsonSchema | undefined, input: string) => {
    if (schema?.type !== "string") throw refuse(`passes ${input} alone, which is not a string`);
  };
  let code: string;
  let note: string;
  if (httpMethod === "get") {
    const query = parameters.filter((p) => p.in === "query");
    const answer = answerSchema(operation)?.properties ?? {};
    const fields = Object.keys(answer);
    const single = query.length === 1 && rest.length === 1 && rest[0] === query[0]?.name && query[0]?.required === true;
    const required = query.some((p) => p.required === true);
    if (!(query.length === 0 ? rest.length === 0 : single || (rest.length === 1 && rest[0] === (required ? "query" : "query?")))) {
      throw refuse(
        `must take ${query.length === 0 ? "no query" : required ? "query (a parameter is required)" : "query? (every parameter is optional)"}`,
      );
    }
    if (single) stringInput(query[0]?.schema, rest[0] ?? "");
    const queryArg = required ? `query: QueryOf<"${id}">` : `query: QueryOf<"${id}"> = {}`;
    if ("nextCursor" in answer) {
      const items = fields.filter((field) => isArray(answer[field]));
      if (items.length !== 1 || single || query.length === 0)
        throw refuse("is a paged list: it takes query and has one list in its answer");
      const field = items[0] ?? "";
      code = `${name}: (${pathArgs}${queryArg}, options?: CallOptions) =>\n${indent}  pagedList<AnswerOf<"${id}">, "${field}">(send, ${target}, "${field}", query, options),`;
      note = `Resolves to a PagedList of the answers' \`${field}\`, every page in turn (\`.pages()\`, \`.toArray()\`).`;
    } else {
      const queryExpr = single ? `{ ${rest[0] ?? ""} }` : query.length === 0 ? "undefined" : "query";
      const request = `get<"${id}">(send, ${target}, ${queryExpr}, undefined, options)`;
      const params = `${pathArgs}${single ? `${rest[0] ?? ""}: string, ` : query.length === 0 ? "" : `${queryArg}, `}options?: CallOptions`;
      const unwrap = fields.length === 1 ? fields[0] : undefined;
      code =
        unwrap === undefined
          ? `${name}: (${params}) =>\n${indent}  ${request},`
          : `${name}: async (${params}) =>\n${indent}  (await ${request}).${unwrap},`;
      note = unwrap === undefined ? "Resolves to the answer." : `Resolves to the answer's \`${unwrap}\`.`;
    }
  } else if (httpMethod === "post") {
    if (!headers.includes("Idempotency-Key") || headers.includes("If-Match")) {
      throw refuse(
        "is not a plain write (no Idempotency-Key, or an If-Match): write it by hand in client.ts and leave the row's client out",
      );
    }
    const body = operation.requestBody?.content["application/json"].schema;
    const bodyFields = Object.keys(body?.properties ?? {});
    const single =
      bodyFields.length === 1 && rest.length === 1 && rest[0] === bodyFields[0] && body?.required?.includes(rest[0] ?? "") === true;
    if (!(body === undefined ? rest.length === 0 : single || (rest.length === 1 && rest[0] === "body"))) {
      throw refuse(body === undefined ? "takes a body the operation has not" : "must take body (or its one required field)");
    }
    if (single) stringInput(body?.properties?.[rest[0] ?? ""], rest[0] ?? "");
    const bodyArg = body === undefined ? "" : single ? `${rest[0] ?? ""}: string, ` : `body: BodyOf<"${id}">, `;
    const bodyExpr = body === undefined ? "undefined" : single ? `{ ${rest[0] ?? ""} }` : "body";
    code = `${name}: (${pathArgs}${bodyArg}options: WriteOptions = {}) =>\n${indent}  written<"${id}">(${target}, ${bodyExpr}, options),`;
    note = "Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.";
  } else {
    throw refuse(`is a ${httpMethod.toUpperCase()}: write it by hand in client.ts and leave the row's client out`);
  }
  const text = `${operation.summary}. ${operation.description ?? ""}\n\n${note}`;
  return {
    group,
    name,
    args,
    operationId: id,
    httpMethod: httpMethod === "get" ? "GET" : "POST",
    path,
    summary: operation.summary,
    write: httpMethod === "post",
    code: `${tsdoc(text, indent)}\n${indent}${code}`,
  };
}

/** Every generated method, in the document's order: one per operation whose row names a client call. */
export function clientMethods(document: MethodsDocument, rows: ClientCalls): ClientMethod[] {
  const methods: ClientMethod[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [httpMethod, operation] of Object.entries(operations)) {
      const call = rows[operation.operationId]?.client;
      if (call !== undefined) methods.push(method(call, httpMethod, path, operation));
    }
  }
  return methods;
}

/** The text of `generated-methods.ts`: `generatedMethods(send, written)`, the generated methods by group. */
export function generateMethods(document: MethodsDocument, rows: ClientCalls): string {
  const methods = clientMethods(document, rows);
  const groups = [...new Set(methods.map((m) => m.group))];
  const uses = (text: string) => methods.some((m) => m.code.includes(text));
  const requests = ["get", "path"].filter((name) => uses(`${name}(`) || uses(`${name}<`));
  const types = ["AnswerOf", "BodyOf", "QueryOf", "WriteOptions"].filter((name) => uses(name));
  return [
    GENERATED_METHODS_HEADER,
    ...(uses("pagedList") ? ['import { pagedList } from "./paging.js";'] : []),
    `import { ${[...requests, "type Written"].join(", ")} } from "./requests.js";`,
    'import type { CallOptions, Send } from "./transport.js";',
    `import type { ${types.join(", ")} } from "./types.js";`,
    "",
    "/** The client's methods made from the endpoint table, by group: `createLintelClient` adds the ones written by hand. */",
    "export function generatedMethods(send: Send, written: Written) {",
    "  return {",
    ...groups.flatMap((group) => [`    ${group}: {`, ...methods.filter((m) => m.group === group).map((m) => m.code), "    },"]),
    "  };",
    "}",
    "",
  ].join("\n");
}

/** The client README's table of the generated methods: each with what it takes, its operation and its summary. */
export function clientMethodTable(methods: readonly ClientMethod[]): string {
  return [
    "| method | operation | what it does |",
    "|---|---|---|",
    ...methods.map((m) => {
      const args = [...m.args, ...(m.write ? ["writeOptions?"] : [])].join(", ");
      return `| \`${m.group}.${m.name}(${args})\` | \`${m.httpMethod} ${m.path}\` | ${m.summary.replace(/\|/g, "\\|")} |`;
    }),
  ].join("\n");
}
