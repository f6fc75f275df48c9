/**
 * Rendering a message: a template's body with each placeholder replaced by its value, the values
 * read from the records it is about (a unit, and a tour with its code and lock), every instant
 * written in the unit's zone with the labels of the time-zone preview. A placeholder with no
 * value renders empty and is named in `missing`, so a caller can refuse to send it.
 */
import { clockLabel, dateLabel, instantLabel, rangeLabel } from "../time/labels.js";
import { replacePlaceholders, templatePlaceholders } from "../text/template-body.js";
import type { TemplateVariableName } from "./template-variables.js";

/** A variable's value: its text, or null when the records rendered have none. */
export type VariableValues = Readonly<Record<TemplateVariableName, string | null>>;

/** What a render answers. */
export interface RenderedMessage {
  /** The body with every placeholder replaced (one with no value by nothing). */
  readonly text: string;
  /** Each placeholder of the body, once, in order of first use: its value, or null. */
  readonly values: Readonly<Record<string, string | null>>;
  /** The placeholders with no value (null, or outside the catalog), in order of first use. */
  readonly missing: readonly string[];
}

/** The body rendered with `values`; a name `values` does not hold (outside the catalog) has no value. */
export function renderTemplate(body: string, values: Readonly<Partial<Record<string, string | null>>>): RenderedMessage {
  const valueOf = (name: string): string | null => (Object.hasOwn(values, name) ? (values[name] ?? null) : null);
  const used: Record<string, string | null> = {};
  const missing: string[] = [];
  for (const name of templatePlaceholders(body)) {
    used[name] = valueOf(name);
    if (used[name] === null) missing.push(name);
  }
  return { text: replacePlaceholders(body, (name) => valueOf(name) ?? ""), values: used, missing };
}

/** The records a message is rendered from; each part but the unit may be absent. */
export interface MessageFacts {
  readonly unit: { readonly address: string; readonly urlKey: string; readonly timeZone: string | null };
  /** The tour the message is about, its times as they are now. */
  readonly tour?: {
    readonly title: string;
    readonly startAt: string;
    readonly endAt: string;
    readonly prospectName: string;
  } | null;
  /** The tour's door code: its window, and its PIN when it is shown (null: none to show). */
  readonly code?: { readonly startAt: string; readonly endAt: string; readonly pin: string | null } | null;
  /** The lock the tour's code is on. */
  readonly lock?: { readonly name: string } | null;
  /** The scheduled message being rendered. */
  readonly message?: { readonly title: string } | null;
}

/**
 * The value of every catalog variable for `facts`, its instants in the unit's zone (UTC when it
 * has none): `tour.start` `Tue, Dec 1, 2026, 10:00 AM CST`, `tour.window` a range label,
 * `tour.date` `Tue, Dec 1, 2026`, `tour.startTime` `10:00 AM`. A variable of an absent part is null.
 */
export function messageValues(facts: MessageFacts): VariableValues {
  const { unit, tour, code, lock, message } = facts;
  const zone = unit.timeZone ?? "UTC";
  const at = (instant: string) => Date.parse(instant);
  return {
    "unit.address": unit.address,
    "unit.urlKey": unit.urlKey,
    "unit.timeZone": zone,
    "tour.title": tour?.title ?? null,
    "tour.start": tour ? instantLabel(at(tour.startAt), zone) : null,
    "tour.end": tour ? instantLabel(at(tour.endAt), zone) : null,
    "tour.date": tour ? dateLabel(at(tour.startAt), zone) : null,
    "tour.startTime": tour ? clockLabel(at(tour.startAt), zone) : null,
    "tour.endTime": tour ? clockLabel(at(tour.endAt), zone) : null,
    "tour.window": tour ? rangeLabel(at(tour.startAt), at(tour.endAt), zone) : null,
    "prospect.name": tour?.prospectName ?? null,
    "code.pin": code?.pin ?? null,
    "code.start": code ? instantLabel(at(code.startAt), zone) : null,
    "code.end": code ? instantLabel(at(code.endAt), zone) : null,
    "code.window": code ? rangeLabel(at(code.startAt), at(code.endAt), zone) : null,
    "lock.name": lock?.name ?? null,
    "message.title": message?.title ?? null,
  };
}
