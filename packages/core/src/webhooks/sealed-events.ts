/**
 * The one event that carries personal data, `message.due` (a message's text, maybe a PIN, and its
 * recipient's name, email and phone): stored with `to` and `text` null and both sealed together in
 * `sealed` under the data keys, like a PIN; served with them opened only to whom may read tours
 * (a key with `tours:read`, an endpoint that names the type), null to everyone else, and never
 * with `sealed`. Every other event is stored and served as it is.
 */
import * as v from "valibot";
import type { DataCipher, DeliverableEvent, LintelEvent } from "@lintel/domain/adapters";
import { MessageRecipientSchema } from "@lintel/domain/schemas";

/** `data` of a `message.due`, as stored (sealed) or served (opened or not shown). */
export type MessageDueData = Extract<LintelEvent, { readonly type: "message.due" }>["data"];

/** What `sealed` holds: `to` and `text` as the sender rendered them. */
const SealedPartSchema = v.strictObject({ to: v.nullable(MessageRecipientSchema), text: v.nullable(v.string()) });

/** `data` of a `message.due` as it is stored: `to` and `text` null beside `sealed`, which holds both. */
export function sealMessageDue(data: Omit<MessageDueData, "sealed">, secrets: Pick<DataCipher, "seal">): MessageDueData {
  const { unitId, item, tourId, to, text } = data;
  return { unitId, item, tourId, to: null, text: null, sealed: secrets.seal(JSON.stringify({ to, text })) };
}

/**
 * `event` as it may be served: a `message.due` never with `sealed`, and with `to` and `text`
 * opened when `showsPersonalData` (a key with `tours:read`, a delivery to an endpoint that names the
 * type), null otherwise. A copy sealed under a data key the server no longer has opens as not
 * shown (null) rather than failing every read of the event log. Any other event is `event` itself.
 */
export function openedEvent<E extends DeliverableEvent>(event: E, secrets: Pick<DataCipher, "open">, showsPersonalData: boolean): E {
  if (event.type !== "message.due") return event;
  const { sealed, ...data } = event.data as MessageDueData;
  const shown = showsPersonalData ? opened(data, sealed, secrets) : null;
  return { ...event, data: { ...data, to: shown?.to ?? null, text: shown?.text ?? null } };
}

/** `to` and `text` of a stored `message.due`: from `sealed`, or as stored when it has none; null when they do not open. */
function opened(
  data: Omit<MessageDueData, "sealed">,
  sealed: string | undefined,
  secrets: Pick<DataCipher, "open">,
): v.InferOutput<typeof SealedPartSchema> | null {
  if (sealed === undefined) return { to: data.to === null ? null : { ...data.to }, text: data.text };
  try {
    return v.parse(SealedPartSchema, JSON.parse(secrets.open(sealed)));
  } catch {
    return null; // never the sealed text, nor what it holds, in an error or a log line
  }
}
