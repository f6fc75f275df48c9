/**
 * Fixture files (FIXTURE=<path>, the seed CLI): read, parse and judge one whole, refusing it
 * with every error named. Its own entry point (`@lintel/server/fixture-file`), so a tool that
 * only reads fixtures does not load the HTTP app.
 */
import { readFile } from "node:fs/promises";
import { parseFixture, type FixtureData } from "@lintel/core";

/** A fixture that breaks a rule: refused whole, every error names its record. */
export class FixtureRefusedError extends Error {
  override readonly name = "FixtureRefusedError";
  constructor(
    readonly source: string,
    readonly errors: readonly string[],
  ) {
    super(`The fixture ${source} was refused (nothing was loaded):\n${errors.map((e) => `  - ${e}`).join("\n")}`);
  }
}

/** Judges fixture JSON; throws {@link FixtureRefusedError} listing every error. */
export function validateFixture(json: unknown, source: string): FixtureData {
  const parsed = parseFixture(json);
  if (!parsed.ok) throw new FixtureRefusedError(source, parsed.errors);
  return parsed.data;
}

/** Reads FIXTURE=<path>: unreadable files and bad JSON are refused like bad records. */
export async function readFixtureFile(path: string): Promise<FixtureData> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new FixtureRefusedError(path, [`cannot read the file: ${(error as Error).message}`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, "")); // a byte-order mark some editors write is not JSON's concern
  } catch (error) {
    throw new FixtureRefusedError(path, [`not valid JSON: ${(error as Error).message}`]);
  }
  return validateFixture(json, path);
}

// The seed command's chunking, for tools that load a big fixture into a store of their own.
export { countRecords, fixtureChunks, LOAD_ORDER } from "./cli/fixture-chunks.js";
