/**
 * The placeholder rule of a message template's body: `{{name}}`, `name` matching
 * `[A-Za-z_][A-Za-z0-9_.]*`, with spaces allowed inside the braces. Anything else made of braces
 * pairs (an unclosed `{{`, a `}}` with no opening, a bad name) is refused with its character
 * offset, so the writer can find it.
 */

const NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;
/** A placeholder with its name (group 1): what a valid body's `{{…}}` pairs are. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;

/** The offset of UTF-16 index `at` in code points (characters as the text rule counts them: an emoji is one). */
function characterOffset(body: string, at: number): number {
  let characters = 0;
  for (let i = 0; i < at; i++) {
    const unit = body.charCodeAt(i);
    // A high surrogate followed by a low one is one character: count it at its second half.
    if (!(unit >= 0xd800 && unit <= 0xdbff && i + 1 < at && (body.charCodeAt(i + 1) & 0xfc00) === 0xdc00)) characters++;
  }
  return characters;
}

/** What is wrong with a body's placeholders: the first problem with its offset (0-based, in characters: code points), or null. */
export function templateBodyProblem(body: string): string | null {
  let at = 0;
  for (;;) {
    const open = body.indexOf("{{", at);
    const close = body.indexOf("}}", at);
    if (open === -1 && close === -1) return null;
    if (open === -1 || (close !== -1 && close < open)) return `a "}}" at character ${characterOffset(body, close)} closes no "{{".`;
    const end = body.indexOf("}}", open + 2);
    const nested = body.indexOf("{{", open + 2);
    if (end === -1 || (nested !== -1 && nested < end)) return `the "{{" at character ${characterOffset(body, open)} is not closed by "}}".`;
    const name = body.slice(open + 2, end).trim();
    if (!NAME.test(name)) {
      return `the placeholder at character ${characterOffset(body, open)} needs a name of letters, digits, "_" and "." that starts with a letter or "_".`;
    }
    at = end + 2;
  }
}

/** One placeholder of a body: its name and the character offset (code points, 0-based) of its `{{`. */
export interface PlaceholderAt {
  readonly name: string;
  readonly offset: number;
}

/** Every placeholder of a valid body, in order, each use with the character offset of its `{{`. */
export function templatePlaceholderUses(body: string): PlaceholderAt[] {
  return [...body.matchAll(PLACEHOLDER)].map((match) => ({ name: match[1] as string, offset: characterOffset(body, match.index) }));
}

/** The placeholder names of a valid body, each once, in order of first use. */
export function templatePlaceholders(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(PLACEHOLDER)) names.add(match[1] as string);
  return [...names];
}

/**
 * The body with each placeholder replaced by `replace(name)`, in one pass: a replacement that
 * holds `{{…}}` itself is text, never read as a placeholder again.
 */
export function replacePlaceholders(body: string, replace: (name: string) => string): string {
  return body.replace(PLACEHOLDER, (_, name: string) => replace(name));
}
