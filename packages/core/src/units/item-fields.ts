/**
 * The fields of schedule items: which each kind takes, how a write's fields apply over an item
 * (and every 400 they can give), and the item keys (`<kind>:<id>`). Pure, for the schedule writes.
 */
import type { ItemKind, ScheduleItem } from "@lintel/domain";
import { TEXT_RULES, textProblem, PIN_PATTERN } from "@lintel/domain/schemas";
import { fail, succeed, type Failure } from "../common/problem.js";
import type { ItemFields } from "./schedule-commands.js";

/** The fields each kind takes (the others are refused). */
const KIND_FIELDS: Readonly<Record<ItemKind, readonly (keyof ItemFields)[]>> = {
  tour: ["title", "startAt", "endAt", "lockId"],
  open_house: ["title", "startAt", "endAt", "lockId"],
  code: ["title", "startAt", "endAt", "lockId", "code"],
  scheduled_message: ["title", "sendAt", "templateId"],
};
export const ALL_FIELDS: readonly (keyof ItemFields)[] = ["title", "startAt", "endAt", "sendAt", "lockId", "templateId", "code"];
export const ID_PREFIX: Readonly<Record<ItemKind, "tour_" | "code_" | "oh_" | "msg_">> = {
  tour: "tour_",
  code: "code_",
  open_house: "oh_",
  scheduled_message: "msg_",
};

/** A 400 naming the field `name` and why. */
export function invalid(name: string, reason: string): Failure<"invalid_request"> {
  return fail("invalid_request", `${name}: ${reason}`, { invalidParams: [{ name, reason }] });
}

/** `<kind>:<id>` split, or null when it names no kind. */
export function parseItemKey(key: string): { readonly kind: ItemKind; readonly id: string } | null {
  const colon = key.indexOf(":");
  const kind = key.slice(0, colon) as ItemKind;
  const id = key.slice(colon + 1);
  return colon > 0 && kind in KIND_FIELDS && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? { kind, id } : null;
}

/** The item with `fields` applied over `base`, or the problem with them for its kind (codes only where `programsCodes`). */
export function applyFields(
  programsCodes: boolean,
  kind: ItemKind,
  base: Omit<ScheduleItem, "title" | "startAt" | "endAt">,
  fields: ItemFields,
  previous?: ScheduleItem,
) {
  for (const name of ALL_FIELDS) {
    if (fields[name] !== undefined && !KIND_FIELDS[kind].includes(name)) return invalid(name, `is not a field of a ${kind}`);
  }
  if (kind === "code" && !programsCodes) {
    return invalid("kind", "codes are not written here: this Lintel programs no locks (it was made without a lockCodeProgrammer)");
  }
  const title = fields.title ?? previous?.title;
  if (title === undefined) return invalid("title", "is required");
  // The writes' text rule, here too: an embedder's title is what the API's is.
  const titleProblem = fields.title === undefined ? null : textProblem(fields.title, TEXT_RULES.text);
  if (titleProblem !== null) return invalid("title", titleProblem);
  if (kind === "scheduled_message") {
    const sendAt = fields.sendAt ?? previous?.startAt;
    if (sendAt === undefined) return invalid("sendAt", "is required");
    const templateId = fields.templateId === undefined ? (previous?.templateId ?? null) : fields.templateId;
    return succeed<ScheduleItem>({ ...base, title, startAt: sendAt, endAt: sendAt, lockId: null, templateId });
  }
  const startAt = fields.startAt ?? previous?.startAt;
  const endAt = fields.endAt ?? previous?.endAt;
  if (startAt === undefined) return invalid("startAt", "is required");
  if (endAt === undefined) return invalid("endAt", "is required");
  if (endAt <= startAt) return invalid("endAt", "must be after startAt");
  const lockId = fields.lockId === undefined ? (previous?.lockId ?? null) : fields.lockId;
  if (kind === "code" && lockId === null) return invalid("lockId", "is required: a code is programmed on a lock");
  // The PIN itself is never echoed in a problem.
  if (fields.code !== undefined && !PIN_PATTERN.test(fields.code)) return invalid("code", "must be 4 to 8 digits");
  return succeed<ScheduleItem>({ ...base, title, startAt, endAt, lockId });
}
