/**
 * Strict query strings: every parameter at most once, unknown parameters refused,
 * values checked by the endpoint's valibot schema. Every problem is reported at once as
 * `invalidParams`, so a client can fix them all in one go.
 */
import * as v from "valibot";
import type { InvalidParam } from "@lintel/domain";
import { echo } from "@lintel/domain/adapters";

/** A valibot object schema whose entries are the endpoint's parameters. */
export type QuerySchema = v.StrictObjectSchema<v.ObjectEntries, v.ErrorMessage<v.StrictObjectIssue> | undefined>;

export type Parsing<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly invalidParams: InvalidParam[] };

/** Parses a raw query string (without `?`) against `schema`. */
export function parseQuery<S extends QuerySchema>(schema: S, rawQuery: string): Parsing<v.InferOutput<S>> {
  const counts = new Map<string, number>();
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQuery)) {
    counts.set(name, (counts.get(name) ?? 0) + 1);
    values[name] = value;
  }
  const invalidParams: InvalidParam[] = [];
  const single: Record<string, string> = {};
  for (const [name, count] of counts) {
    if (!Object.hasOwn(schema.entries, name)) invalidParams.push({ name, reason: `unknown parameter '${echo(name)}'` });
    else if (count > 1) invalidParams.push({ name, reason: `${name} must appear at most once (it appears ${count} times)` });
    else single[name] = values[name] as string;
  }
  const result = v.safeParse(schema, single);
  if (result.success && invalidParams.length === 0) return { ok: true, value: result.output };
  if (!result.success) {
    const reported = new Set(invalidParams.map((param) => param.name));
    invalidParams.push(...issuesToParams(result.issues).filter((param) => !reported.has(param.name)));
  }
  return { ok: false, invalidParams };
}

/** Turns valibot issues into `invalidParams`, one per parameter, in schema order. */
export function issuesToParams(issues: readonly v.BaseIssue<unknown>[]): InvalidParam[] {
  const seen = new Set<string>();
  const params: InvalidParam[] = [];
  for (const issue of issues) {
    const name = v.getDotPath(issue) ?? "(body)";
    if (seen.has(name)) continue;
    seen.add(name);
    const missing = issue.type === "strict_object" && issue.input === undefined;
    const unknown = issue.type === "strict_object" && issue.expected === "never";
    const reason = missing ? `${name} is required` : unknown ? `unknown field '${echo(name)}'` : issue.message;
    params.push({ name, reason });
  }
  return params;
}
