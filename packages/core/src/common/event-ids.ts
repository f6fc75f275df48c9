/**
 * Ids of events, webhook endpoints and the records the API writes (units, items, templates): a prefix and 24 characters of
 * `[0-9A-Za-z]`, drawn without bias from the system's random source. (Delivery ids are not
 * random: the stores derive them from the event and the endpoint.)
 */
import { randomInt } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `prefix` + 24 random base-62 characters (about 143 bits). */
export function randomId(prefix: "evt_" | "we_" | "unit_" | "tour_" | "code_" | "oh_" | "msg_" | "tpl_" | "cw_"): string {
  let id = prefix;
  for (let i = 0; i < 24; i++) id += BASE62[randomInt(62)];
  return id;
}

/** A new PIN for a code: 6 digits, drawn without bias from the system's random source. */
export function randomPin(): string {
  return String(randomInt(1_000_000)).padStart(6, "0");
}
