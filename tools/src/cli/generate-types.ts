/**
 * Generates `openapi-types.ts`, the client's types, from the OpenAPI document the server
 * serves (openapi-typescript). `npm run -s client:types` writes it; a test checks that
 * regenerating it from the live `/v1/openapi.json` changes nothing.
 */
import openapiTS, { astToString } from "openapi-typescript";

export const GENERATED_HEADER =
  "// Generated from Lintel's /v1/openapi.json by openapi-typescript: `npm run -s client:types`. Do not edit.\n\n";

/** The TypeScript text of the document's `paths`, `components` and `operations`. */
export async function generateTypes(document: object): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0], { alphabetize: false, silent: true });
  return GENERATED_HEADER + astToString(ast);
}
