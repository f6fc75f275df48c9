/**
 * The one fixed catalog of a message template's variables: what a placeholder may name, what
 * each says and an example of it. A template write refuses any other name, with the character
 * offset of its `{{` and the catalog names it was probably meant to be (`{{tour.strat}}` →
 * `tour.start`), as a zone name's refusal suggests zones.
 */
import { templatePlaceholderUses } from "../text/template-body.js";

/** One variable of the catalog, as `list_template_variables` serves it. */
export interface TemplateVariable {
  readonly name: TemplateVariableName;
  readonly description: string;
  /** What it renders to for the example tour (`Tue, Dec 1, 2026, 10:00 AM CST`). */
  readonly example: string;
}

/** The names of the catalog, in the order it is listed. */
export const TEMPLATE_VARIABLE_NAMES = [
  "unit.address",
  "unit.urlKey",
  "unit.timeZone",
  "tour.title",
  "tour.start",
  "tour.end",
  "tour.date",
  "tour.startTime",
  "tour.endTime",
  "tour.window",
  "prospect.name",
  "code.pin",
  "code.start",
  "code.end",
  "code.window",
  "lock.name",
  "message.title",
] as const;

/** One of {@link TEMPLATE_VARIABLE_NAMES}. */
export type TemplateVariableName = (typeof TEMPLATE_VARIABLE_NAMES)[number];

const DESCRIPTIONS: Readonly<Record<TemplateVariableName, string>> = {
  "unit.address": "The unit's address.",
  "unit.urlKey": "The unit's urlKey.",
  "unit.timeZone": "The unit's time zone, in which every time is written (UTC when it has none).",
  "tour.title": "The tour's title.",
  "tour.start": "When the tour starts: date, time and zone.",
  "tour.end": "When the tour ends: date, time and zone.",
  "tour.date": "The local date the tour starts on.",
  "tour.startTime": "The local time the tour starts at.",
  "tour.endTime": "The local time the tour ends at.",
  "tour.window": "The tour's start and end, the date and zone said once when they share them.",
  "prospect.name": "The name of the tour's prospect.",
  "code.pin": "The PIN of the tour's door code.",
  "code.start": "When the tour's code starts to open the door (the tour's start less its margin).",
  "code.end": "When the tour's code stops opening the door (the tour's end plus its margin).",
  "code.window": "The code's start and end, written as tour.window is.",
  "lock.name": "The name of the tour's lock.",
  "message.title": "The title of the scheduled message being sent.",
};

/**
 * What each variable says for the example tour: the Chicago loft, Tuesday Dec 1, 2026, 10:00 to
 * 10:30 AM CST, its code from 9:45 to 10:45 (the default 15-minute margins). A unit test renders
 * these facts and finds these very strings.
 */
const EXAMPLES: Readonly<Record<TemplateVariableName, string>> = {
  "unit.address": "1200 W Lake St, Chicago, IL",
  "unit.urlKey": "chicago-loft",
  "unit.timeZone": "America/Chicago",
  "tour.title": "Self-guided tour",
  "tour.start": "Tue, Dec 1, 2026, 10:00 AM CST",
  "tour.end": "Tue, Dec 1, 2026, 10:30 AM CST",
  "tour.date": "Tue, Dec 1, 2026",
  "tour.startTime": "10:00 AM",
  "tour.endTime": "10:30 AM",
  "tour.window": "Tue, Dec 1, 2026, 10:00 AM – 10:30 AM CST",
  "prospect.name": "Ada Lovelace",
  "code.pin": "482913",
  "code.start": "Tue, Dec 1, 2026, 9:45 AM CST",
  "code.end": "Tue, Dec 1, 2026, 10:45 AM CST",
  "code.window": "Tue, Dec 1, 2026, 9:45 AM – 10:45 AM CST",
  "lock.name": "Front door",
  "message.title": "Tour reminder",
};

/** The catalog, in order: name, description, example. */
export const TEMPLATE_VARIABLES: readonly TemplateVariable[] = TEMPLATE_VARIABLE_NAMES.map((name) => ({
  name,
  description: DESCRIPTIONS[name],
  example: EXAMPLES[name],
}));

const NAMES: ReadonlySet<string> = new Set(TEMPLATE_VARIABLE_NAMES);

/** True when `name` is a variable of the catalog (names are case-sensitive). */
export function isTemplateVariable(name: string): name is TemplateVariableName {
  return NAMES.has(name);
}

const MAX_SUGGESTIONS = 3;

/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions, so `strat` is one
 * edit from `start`), giving up (`limit + 1`) once it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] as number) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * Up to three catalog names that `name` (a placeholder outside the catalog) was probably meant
 * to be, closest first: within a few edits of the whole name, ignoring case, or, for a name
 * without a dot, of a name's last part (`{{pin}}` → `code.pin`).
 */
export function suggestTemplateVariables(name: string): TemplateVariableName[] {
  const wanted = name.toLowerCase();
  if (wanted.length > 64) return [];
  const limit = Math.max(1, Math.min(3, Math.floor(wanted.length / 3)));
  const scored: { name: TemplateVariableName; distance: number; order: number }[] = [];
  TEMPLATE_VARIABLE_NAMES.forEach((candidate, order) => {
    const lower = candidate.toLowerCase();
    const whole = editDistance(wanted, lower, limit);
    const part = wanted.includes(".") ? whole : editDistance(wanted, lower.slice(lower.indexOf(".") + 1), limit);
    const distance = Math.min(whole, part);
    if (distance <= limit) scored.push({ name: candidate, distance, order });
  });
  scored.sort((a, b) => a.distance - b.distance || a.order - b.order);
  return scored.slice(0, MAX_SUGGESTIONS).map((entry) => entry.name);
}

/** A placeholder outside the catalog: its name, the character offset of its `{{`, what it may have meant. */
export interface UnknownPlaceholder {
  readonly name: string;
  readonly offset: number;
  readonly suggestions: readonly TemplateVariableName[];
}

/** The first placeholder of a valid body that names no variable of the catalog, or null. */
export function unknownPlaceholder(body: string): UnknownPlaceholder | null {
  const found = templatePlaceholderUses(body).find((use) => !isTemplateVariable(use.name));
  return found === undefined ? null : { ...found, suggestions: suggestTemplateVariables(found.name) };
}

/** Why a body's placeholder is refused, with the offset of its `{{` and the suggestions: the reason a 400 gives. */
export function unknownPlaceholderReason({ name, offset, suggestions }: UnknownPlaceholder): string {
  const hint = suggestions.length === 0 ? " See list_template_variables." : ` Did you mean ${suggestions.join(", ")}?`;
  // A name is ASCII: 40 characters of it keep the reason within a problem's bounds, suggestions included.
  const shown = name.length <= 40 ? name : `${name.slice(0, 40)}…`;
  return `the placeholder "{{${shown}}}" at character ${offset} is not a template variable.${hint}`;
}
