/**
 * What a text costs as SMS: GSM-7 when every character is in the GSM 03.38 default alphabet or
 * its extension table (an extension character is sent as ESC and itself, so it counts 2), else
 * UCS-2, counted in UTF-16 code units (an emoji is 2). One segment holds 160 GSM-7 units or 70
 * UCS-2 ones; a longer text is sent in segments of 153 / 67 (the rest carries the header that
 * joins them). One character outside the alphabet, a curly quote say, turns a whole message to
 * UCS-2: that is the surprise this tells ahead.
 */

/** The GSM 03.38 default alphabet (its ESC, 0x1B, left out: it only introduces the extension table). */
export const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** The GSM 03.38 extension table: each is sent as ESC and itself. */
export const GSM_EXTENSION = "\f^{}\\[~]|€";

/** The encodings an SMS is sent in. */
export type SmsEncoding = "GSM-7" | "UCS-2";

/** A text as SMS: its encoding, its length in that encoding's units, and the segments it is sent in. */
export interface SmsCost {
  readonly encoding: SmsEncoding;
  readonly units: number;
  readonly segments: number;
}

/** Units per segment: alone, and each of several. */
const SEGMENT_UNITS: Readonly<Record<SmsEncoding, { readonly single: number; readonly multi: number }>> = {
  "GSM-7": { single: 160, multi: 153 },
  "UCS-2": { single: 70, multi: 67 },
};

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

/** `text` as SMS. An empty text is one (empty) segment. */
export function smsCost(text: string): SmsCost {
  let gsmUnits = 0;
  for (const char of text) {
    if (BASIC.has(char)) gsmUnits += 1;
    else if (EXTENSION.has(char)) gsmUnits += 2;
    else return costIn("UCS-2", text.length);
  }
  return costIn("GSM-7", gsmUnits);
}

function costIn(encoding: SmsEncoding, units: number): SmsCost {
  const { single, multi } = SEGMENT_UNITS[encoding];
  return { encoding, units, segments: units <= single ? 1 : Math.ceil(units / multi) };
}
