/**
 * The string fields every write body shares: text by the domain's one text rule (`textProblem`:
 * code points, well-formed, no control characters) and instants (RFC 3339 with an offset, years
 * 2000–2099, normalized to UTC). Each refusal names the field and never quotes the value.
 */
import * as v from "valibot";
import { textProblem, type TextRule } from "@lintel/domain/schemas";
import { normalizeInstant } from "@lintel/core/adapters";
import { INPUT_MAX_LENGTH } from "./schemas.js";

/**
 * A text field `name` that follows `rule`. The document says `minLength` 1 and `maxLength`
 * `rule.max`, which JSON Schema counts in code points, as the rule does.
 */
export const textField = (name: string, rule: TextRule, description: string) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.check(
      (value) => textProblem(value, rule) === null,
      (issue) => `${name} ${textProblem(issue.input, rule) ?? "is not valid text"}`,
    ),
    v.metadata({ minLength: 1, maxLength: rule.max }),
    v.description(description),
  );

/**
 * An RFC 3339 instant with any offset, in years 2000–2099, normalized to UTC with milliseconds.
 * Its description and format come before the transform, so the document (request bodies are
 * shown as sent) carries them.
 */
export const instantField = (name: string, description: string) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.maxLength(INPUT_MAX_LENGTH.instant, `${name} must be at most ${INPUT_MAX_LENGTH.instant} characters`),
    v.check(
      (value) => normalizeInstant(value) !== null,
      `${name} must be an RFC 3339 date-time with an offset, such as 2026-12-01T10:00:00-05:00`,
    ),
    v.metadata({ format: "date-time" }),
    v.description(`${description} Years 2000 to 2099.`),
    v.examples(["2026-12-01T10:00:00-05:00"]),
    v.transform((value) => normalizeInstant(value) as string),
    v.string(),
    v.check(
      (value) => value >= "2000-01-01T00:00:00.000Z" && value < "2100-01-01T00:00:00.000Z",
      `${name} must be in the years 2000 to 2099`,
    ),
  );
