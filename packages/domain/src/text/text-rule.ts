/**
 * The rule every text field of a write follows (titles, names, addresses, template bodies,
 * webhook descriptions): 1 to `max` characters, counted as Unicode code points (an emoji is one,
 * however many UTF-16 units it takes), well-formed (a lone UTF-16 surrogate is no character at
 * all, and a store that reads text as UTF-8 cannot hold it), and no control characters (C0, DEL
 * and C1; a multi-line text lets line feed, carriage return and tab through). One pass, no
 * allocation: a 1 MiB string is judged as fast as it is read.
 */

/** How long a text may be and whether it may break lines. */
export interface TextRule {
  /** The most code points it may hold (at least 1 is always required). */
  readonly max: number;
  /** Whether line feed, carriage return and tab are allowed (a template body); every other control character never is. */
  readonly multiline?: boolean | undefined;
}

/** The rules of the text fields of Lintel's writes: a line of text (a title, a name, a description), an address, a template body. */
export const TEXT_RULES = {
  text: { max: 200 },
  address: { max: 300 },
  templateBody: { max: 8000, multiline: true },
} as const satisfies Readonly<Record<string, TextRule>>;

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const TAB = 0x09;

/** Whether the UTF-16 unit `unit` is a control character (C0, DEL, C1) that `multiline` does not let through. */
function isRefusedControl(unit: number, multiline: boolean): boolean {
  if (unit < 0x20) return !(multiline && (unit === LINE_FEED || unit === CARRIAGE_RETURN || unit === TAB));
  return unit >= 0x7f && unit <= 0x9f;
}

/**
 * Why `value` breaks `rule`, as a reason that follows the field's name ("must not be empty"),
 * or null when it holds. A lone surrogate is reported before a control character, and both
 * before the length; the reason never quotes the value.
 */
export function textProblem(value: string, rule: TextRule): string | null {
  const multiline = rule.multiline === true;
  let codePoints = 0;
  let control = false;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    codePoints++;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = i + 1 < value.length ? value.charCodeAt(i + 1) : 0;
      if (next < 0xdc00 || next > 0xdfff) return LONE_SURROGATE;
      i++; // the pair is one code point
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return LONE_SURROGATE;
    } else if (!control && isRefusedControl(unit, multiline)) {
      control = true;
    }
  }
  if (control) return multiline ? "must not contain control characters (but line breaks and tabs)" : "must not contain control characters";
  if (codePoints === 0) return "must not be empty";
  if (codePoints > rule.max) return `must be at most ${rule.max} characters`;
  return null;
}

const LONE_SURROGATE = "must be well-formed Unicode: it holds a lone UTF-16 surrogate";
