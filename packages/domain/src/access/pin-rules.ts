/**
 * A lock's code rules (the PIN lengths its device takes and the constraints its provider lists,
 * Seam's `supported_code_lengths` and `code_constraints`) and a PIN drawn under them.
 *
 * Only the constraints that drawing can honour are rules here. Seam's others are not about the
 * digits of a PIN Lintel chooses, and a device that lists them is drawn for as without them:
 * `cannot_specify_pin_code` (the provider makes the PIN: Lintel always names one, so such a
 * device refuses Lintel's codes whatever is drawn), `pin_code_matches_existing_set` (the PIN must
 * be one the account already holds: nothing to draw) and `start_date_in_future` (about a code's
 * start, not its digits). Name constraints (`name_length`, `name_must_be_unique`) are not PIN rules.
 */

/** The PIN constraints a draw honours, in the order they are checked. */
export const PIN_CONSTRAINTS = [
  "no_zeros",
  "cannot_start_with_12",
  "no_triple_consecutive_ints",
  "no_ascending_or_descending_sequence",
  "at_least_three_unique_digits",
  "cannot_contain_089",
  "cannot_contain_0789",
] as const;
/** A PIN constraint a draw honours ({@link PIN_CONSTRAINTS}). */
export type PinConstraint = (typeof PIN_CONSTRAINTS)[number];

/** The contract's PIN pattern: 4 to 8 digits, 6 when the device allows it. */
export const MIN_PIN_LENGTH = 4;
export const MAX_PIN_LENGTH = 8;
export const DEFAULT_PIN_LENGTH = 6;

/** A device's code rules as a draw takes them. */
export interface PinRules {
  /** The PIN lengths the device takes, within 4–8, ascending; empty: none listed (6 digits). */
  readonly lengths: readonly number[];
  /** The PIN constraints it lists that a draw honours, in {@link PIN_CONSTRAINTS} order. */
  readonly constraints: readonly PinConstraint[];
}

/** The rules of a device that lists none (and of a lock whose rules are not known yet): 6 digits, no constraint. */
export const DEFAULT_PIN_RULES: PinRules = { lengths: [], constraints: [] };

/** How many random draws a PIN gets before the search walks the PINs in order from a random one. */
const PIN_DRAWS = 64;

/**
 * Rules from what a provider or a store holds, whatever it is: lengths that are whole numbers
 * within 4–8 (others are outside the contract's PIN pattern and ignored), constraint names that
 * {@link PIN_CONSTRAINTS} knows (others ignored, each once).
 */
export function pinRules(lengths: unknown, constraints: unknown): PinRules {
  const listed = Array.isArray(lengths) ? (lengths as unknown[]) : [];
  const named = new Set(Array.isArray(constraints) ? (constraints as unknown[]) : []);
  return {
    lengths: [...new Set(listed)]
      .filter((n): n is number => Number.isInteger(n) && (n as number) >= MIN_PIN_LENGTH && (n as number) <= MAX_PIN_LENGTH)
      .sort((a, b) => a - b),
    constraints: PIN_CONSTRAINTS.filter((constraint) => named.has(constraint)),
  };
}

/** The length a PIN under `rules` has: 6 when allowed (or none listed), else the allowed one nearest 6 (the longer on a tie). */
export function pinLength(rules: PinRules): number {
  let best = DEFAULT_PIN_LENGTH;
  let distance = Infinity;
  for (const length of rules.lengths) {
    const d = Math.abs(length - DEFAULT_PIN_LENGTH);
    if (d < distance || (d === distance && length > best)) [best, distance] = [length, d];
  }
  return best;
}

/** The digits each digit constraint bans (TTLock's keypads without 0, 8 and 9, or 0, 7, 8 and 9). */
const BANNED_DIGITS: Partial<Record<PinConstraint, string>> = { no_zeros: "0", cannot_contain_089: "089", cannot_contain_0789: "0789" };

/** The digits a PIN under `rules` may use. */
function allowedDigits(rules: PinRules): string {
  const banned = rules.constraints.map((constraint) => BANNED_DIGITS[constraint] ?? "").join("");
  return [..."0123456789"].filter((d) => !banned.includes(d)).join("");
}

/** True when three digits in a row are the same or step by one, up or down (`111`, `123`, `987`). */
function hasTripleRun(digits: readonly number[]): boolean {
  for (let i = 2; i < digits.length; i++) {
    const step = digits[i - 1]! - digits[i - 2]!;
    if (Math.abs(step) <= 1 && digits[i]! - digits[i - 1]! === step) return true;
  }
  return false;
}

/** True when every digit is the one before plus one, or every one minus one, wrapping at 9 and 0 (`1234`, `7890`, `3210`). */
function isSequence(digits: readonly number[]): boolean {
  const steps = digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10);
  return steps.every((step) => step === 1) || steps.every((step) => step === 9);
}

/** The first constraint of `rules` that `pin` (digits) breaks, or null. */
export function brokenPinConstraint(pin: string, rules: PinRules): PinConstraint | null {
  const digits = [...pin].map(Number);
  for (const constraint of rules.constraints) {
    const broken =
      constraint === "cannot_start_with_12"
        ? pin.startsWith("12")
        : constraint === "no_triple_consecutive_ints"
          ? hasTripleRun(digits)
          : constraint === "no_ascending_or_descending_sequence"
            ? isSequence(digits)
            : constraint === "at_least_three_unique_digits"
              ? new Set(digits).size < 3
              : [...pin].some((d) => (BANNED_DIGITS[constraint] ?? "").includes(d));
    if (broken) return constraint;
  }
  return null;
}

/** True when `pin` is digits of the length `rules` give and breaks none of their constraints. */
export function pinFits(pin: string, rules: PinRules): boolean {
  return pin.length === pinLength(rules) && /^[0-9]+$/.test(pin) && brokenPinConstraint(pin, rules) === null;
}

/**
 * A PIN under `rules` that is not in `taken`: drawn at random from the allowed digits (a PIN
 * that breaks a constraint, or that is taken, is drawn again, up to 64 times), then, on a device
 * so full that no draw found one, the first free fitting PIN walking in order from a random one,
 * so a free one is always found when there is one. When every fitting PIN is taken, a taken one
 * (a clash cannot be avoided). `random(n)` answers a whole number from 0 to n − 1.
 */
export function drawPin(rules: PinRules, taken: ReadonlySet<string>, random: (bound: number) => number): string {
  const length = pinLength(rules);
  const digits = allowedDigits(rules);
  const base = digits.length;
  const pinAt = (index: number) => {
    let pin = "";
    for (let i = 0, rest = index; i < length; i++, rest = Math.floor(rest / base)) pin = digits[rest % base]! + pin;
    return pin;
  };
  for (let draw = 0; draw < PIN_DRAWS; draw++) {
    let pin = "";
    for (let i = 0; i < length; i++) pin += digits[random(base)]!;
    if (!taken.has(pin) && brokenPinConstraint(pin, rules) === null) return pin;
  }
  const count = base ** length;
  const start = random(count);
  let clash: string | null = null;
  for (let i = 0; i < count; i++) {
    const pin = pinAt((start + i) % count);
    if (brokenPinConstraint(pin, rules) !== null) continue;
    if (!taken.has(pin)) return pin;
    clash ??= pin;
  }
  if (clash !== null) return clash;
  throw new Error(`no PIN of ${length} digits fits ${rules.constraints.join(", ")}`);
}
