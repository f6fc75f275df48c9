#!/usr/bin/env node
// Writes packages/client/src/openapi-types.ts from the OpenAPI document the server serves
// (the same buildOpenApiDocument). Usage: npm run -s client:types
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "@lintel/api";
import { generateTypes } from "./generate-types.js";

const target = fileURLToPath(new URL("../../../packages/client/src/openapi-types.ts", import.meta.url));
await writeFile(target, await generateTypes(buildOpenApiDocument("http://localhost:3000", "http://localhost:3000/docs")));
console.error(`wrote ${target}`);
