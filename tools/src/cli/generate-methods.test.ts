// The client's generated methods are what the generator writes from the endpoint table now;
// the generator refuses a row's client call that does not fit its operation; and every /v1
// operation is reached by a method of the client, generated or written by hand.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { buildOpenApiDocument, ENDPOINTS } from "@lintel/api";
import { createLintelClient } from "@lintel/client";
import { clientMethods, generateMethods, type MethodsDocument } from "./generate-methods.js";

const document = buildOpenApiDocument("http://localhost:3000", "http://localhost:3000/docs") as unknown as MethodsDocument & {
  readonly paths: Record<string, Record<string, { readonly "x-required-scope"?: string }>>;
};

describe("the client's generated methods", () => {
  it("generated-methods.ts is what npm run -s client:types writes (run it after changing an endpoint row)", () => {
    const checkedIn = readFileSync(new URL("../../../packages/client/src/generated-methods.ts", import.meta.url), "utf8");
    assert.equal(generateMethods(document, ENDPOINTS), checkedIn, "generated-methods.ts is stale: npm run -s client:types");
  });

  it("a write passes its body, or its one required field alone; a GET its id, or its query; a list pages over its one list", () => {
    const code = (id: string) => clientMethods(document, ENDPOINTS).find((m) => m.operationId === id)?.code ?? "";
    assert.match(
      code("checkIn"),
      /checkIn: \(body: BodyOf<"checkIn">, options: WriteOptions = \{\}\) =>\s+written<"checkIn">\("\/v1\/tours\/check_in", body, options\),/,
    );
    assert.match(
      code("confirmTour"),
      /confirm: \(tourId: string, options: WriteOptions = \{\}\) =>\s+written<"confirmTour">\(".*", \{ tourId \}, options\)/,
    );
    assert.match(
      code("getLock"),
      /\(await get<"getLock">\(send, path\("\/v1\/locks\/\{lockId\}", lockId\), undefined, undefined, options\)\)\.lock,/,
    );
    assert.match(
      code("listDeliveries"),
      /listDeliveries: \(endpointId: string, query: QueryOf<"listDeliveries"> = \{\}, options\?: CallOptions\)/,
    );
    assert.match(code("listDeliveries"), /pagedList<AnswerOf<"listDeliveries">, "deliveries">/);
    assert.match(code("checkIn"), /^\s+\/\*\*\n\s+\* Check a tour in\. The prospect arrived/);
    assert.match(code("checkIn"), /Requires the scope `tours:write`\./);
  });

  it("refuses a client call that leaves out an input, invents one, or names an operation the client writes by hand", () => {
    const refused = (id: string, client: string) => () => clientMethods(document, { [id]: { client } });
    assert.throws(refused("checkIn", "tours.checkIn()"), /checkIn: client call "tours.checkIn\(\)" must take body/);
    assert.throws(refused("checkIn", "tours.checkIn(tourId)"), /must take body \(or its one required field\)/);
    assert.throws(refused("listTours", "tours.list(query)"), /must take query\? \(every parameter is optional\)/);
    assert.throws(refused("getLock", "locks.get(id)"), /must take the path's parameters first, in order \(lockId\)/);
    assert.throws(refused("listUnits", "units.list(unitId)"), /must take query\?/);
    assert.throws(refused("updateLock", "locks.update(body)"), /is not a plain write .*write it by hand/);
    assert.throws(refused("renderMessageTemplate", "templates.render(body)"), /is not a plain write/);
    assert.throws(refused("deleteWebhookEndpoint", "webhookEndpoints.delete(endpointId)"), /is a DELETE: write it by hand/);
    assert.throws(refused("checkIn", "checkIn(body)"), /is not group\.name\(arguments\)/);
  });

  it("every /v1 operation of the document is called by a method of the client", async () => {
    const called = new Set<string>();
    const templates = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation["x-required-scope"] !== undefined)
        .map(([method]) => ({
          key: `${method.toUpperCase()} ${path}`,
          method,
          pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`),
        })),
    );
    const client = createLintelClient({
      baseUrl: "http://api.test",
      apiKey: "lnt_x",
      maxRetries: 0,
      fetch: ((input: string | URL | Request, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : input);
        const method = (init?.method ?? "GET").toLowerCase();
        const found = templates.find((t) => t.method === method && t.pattern.test(url.pathname));
        called.add(found?.key ?? `${method} ${url.pathname} (no operation)`);
        const headers = { "content-type": "application/json", etag: '"e"' };
        return Promise.resolve(new Response(JSON.stringify({ nextCursor: null }), { status: 200, headers }));
      }) as typeof fetch,
    });
    for (const group of Object.values(client)) {
      for (const call of Object.values(group as Record<string, (...args: unknown[]) => unknown>)) {
        // Strings for ids, objects for queries and bodies: what the fake fetch records is the operation.
        const made = call("a", "b", {});
        if (made !== null && typeof made === "object" && "pages" in made)
          await (made as { pages(): AsyncIterator<unknown> }).pages().next();
        else await made;
      }
    }
    assert.deepEqual([...called].sort(), templates.map((t) => t.key).sort());
  });
});
