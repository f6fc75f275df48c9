#!/usr/bin/env node
// Writes packages/client/src/openapi-types.ts from the OpenAPI document the server serves (the
// same buildOpenApiDocument), and packages/client/src/generated-methods.ts from that document and
// the endpoint rows' client calls. Usage: npm run -s client:types
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument, ENDPOINTS } from "@lintel/api";
import { generateMethods, type MethodsDocument } from "./generate-methods.js";
import { generateTypes } from "./generate-types.js";

const document = buildOpenApiDocument("http://localhost:3000", "http://localhost:3000/docs");
const folder = new URL("../../../packages/client/src/", import.meta.url);
const types = fileURLToPath(new URL("openapi-types.ts", folder));
await writeFile(types, await generateTypes(document));
console.error(`wrote ${types}`);
const methods = fileURLToPath(new URL("generated-methods.ts", folder));
await writeFile(methods, generateMethods(document as unknown as MethodsDocument, ENDPOINTS));
console.error(`wrote ${methods}`);
