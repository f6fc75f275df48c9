/**
 * A script's frame, laid out from named parts: the KEYS and ARGV a script takes, each part a
 * name. From one declaration come the Lua header that reads every part into a local of its name
 * (`local units = KEYS[1]`, `local event = { json = ARGV[4], id = ARGV[5], … }`) and the JS that
 * lays out an object of named values in the same order, so no position is ever counted by hand
 * and a script's body reads names only (upstash/ratelimit's scripts name theirs the same way).
 *
 * Parts: {@link key} and {@link arg} (one slot), {@link group} (named fixed parts: a Lua table),
 * {@link list} (a fixed number of keys: a Lua list); and for ARGV, where a value may take a
 * varying number of slots: {@link maybe} ('0', or '1' then a group: nil or a table),
 * {@link counted} (a count, then each item: a list) and {@link rest} (every slot left: a list;
 * the last part only). After a part of varying width the header reads on from a cursor, a Lua
 * local (`argAt`) it keeps itself.
 */

/** What a slot of KEYS or ARGV holds as the JS side lays it out. */
export type Slot = string | number;

/** Where a part's slots start: a fixed index, or a count past the index a Lua local holds. */
export type Start = number | { readonly local: string; readonly plus: number };

/** `start` moved `offset` slots on. */
function moved(start: Start, offset: number): Start {
  return typeof start === "number" ? start + offset : { local: start.local, plus: start.plus + offset };
}

/** `start` as a Lua expression. */
function indexOf(start: Start): string {
  if (typeof start === "number") return String(start);
  return start.plus === 0 ? start.local : `${start.local} + ${start.plus}`;
}

/** The Lua reading of `array`'s slot `offset` past `start`. */
const slotAt = (array: string, start: Start, offset: number): string => `${array}[${indexOf(moved(start, offset))}]`;

/** A part of a frame that always takes the same number of slots, read as one Lua expression. */
export interface FixedPart<V> {
  /** How many slots it takes. */
  readonly width: number;
  /** The Lua expression of the part's value, its slots starting at `start` of `array`. */
  expr(array: string, start: Start): string;
  /** Appends the slots of `value` (called `name` in errors). */
  lay(value: V, out: Slot[], name: string): void;
}

/** A part of ARGV whose number of slots depends on its value. */
export interface VaryingPart<V> {
  /** Null: how many slots it takes depends on its value. */
  readonly width: null;
  /** True when the part must be the frame's last (it takes every slot left). */
  readonly last: boolean;
  /** Lua lines that declare `local <name>` from the slots from `start`; with `cursor`, they also move that Lua local past the part. */
  read(name: string, array: string, start: Start, cursor: string | null): string[];
  /** Appends the slots of `value` (called `name` in errors). */
  lay(value: V, out: Slot[], name: string): void;
}

/** A part of a frame. */
export type Part<V> = FixedPart<V> | VaryingPart<V>;

/** Named parts, in the order they are laid out. */
export type Parts = Readonly<Record<string, Part<never>>>;

/** The JS value a part lays out. */
export type ValueOf<P> = P extends Part<infer V> ? V : never;

/** The JS values of named parts: an object with one value per name. */
export type ValuesOf<P extends Parts> = { readonly [N in keyof P]: ValueOf<P[N]> };

const missing = (name: string): never => {
  throw new Error(`lua frame: ${name} has no value`);
};

/** A part of one slot. */
function single<V extends Slot>(): FixedPart<V> {
  return {
    width: 1,
    expr: (array, start) => slotAt(array, start, 0),
    lay: (value, out, name) => {
      if ((value as unknown) === undefined || (value as unknown) === null) missing(name);
      out.push(value);
    },
  };
}

/** One key: `local <name> = KEYS[i]`. */
export const key: FixedPart<string> = single<string>();

/** One argument: `local <name> = ARGV[j]` (a number goes as its decimal text). */
export const arg: FixedPart<Slot> = single<Slot>();

const KEYWORDS = new Set(
  "and break do else elseif end false for function if in local nil not or repeat return then true until while".split(" "),
);
/** What a frame's local must not shadow: the header's own locals and the globals scripts call. */
const TAKEN = new Set(
  "at argAt keyAt KEYS ARGV redis cjson bit struct cmsgpack string table math type tonumber tostring pairs ipairs next unpack select pcall error assert rawget rawset setmetatable getmetatable".split(
    " ",
  ),
);

/** Throws unless `name` can be a field of a Lua table (`{ name = … }`). */
function checkField(name: string): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || KEYWORDS.has(name)) throw new Error(`lua frame: ${name} is not a Lua name`);
}

/** Throws unless `name` can be a local of a script's header (shadowing nothing a script calls). */
function checkLocal(name: string, taken: ReadonlySet<string>): void {
  checkField(name);
  if (TAKEN.has(name) || taken.has(name)) throw new Error(`lua frame: a local named ${name} would hide the script's own`);
}

/** Fixed parts under names: a Lua table `{ <name> = …, … }`, laid out in the order given. */
export function group<F extends Readonly<Record<string, FixedPart<never>>>>(fields: F): FixedPart<ValuesOf<F>> {
  const entries = Object.entries(fields) as [string, FixedPart<unknown>][];
  const offsets: number[] = [];
  let width = 0;
  for (const [name, part] of entries) {
    checkField(name);
    offsets.push(width);
    width += part.width;
  }
  return {
    width,
    expr: (array, start) => {
      const fieldsRead = entries.map(([name, part], i) => {
        const offset = offsets[i] as number;
        return `${name} = ${part.expr(array, moved(start, offset))}`;
      });
      return `{ ${fieldsRead.join(", ")} }`;
    },
    lay: (value, out, name) => {
      if ((value as unknown) === undefined || (value as unknown) === null) missing(name);
      for (const [field, part] of entries) part.lay((value as Record<string, unknown>)[field], out, `${name}.${field}`);
    },
  };
}

/** Exactly `length` keys: a Lua list `{ KEYS[i], … }`; its value is an array of that length. */
export function list(length: number): FixedPart<readonly string[]> {
  return {
    width: length,
    expr: (array, start) => `{ ${Array.from({ length }, (_, i) => slotAt(array, start, i)).join(", ")} }`,
    lay: (value, out, name) => {
      if (value.length !== length) throw new Error(`lua frame: ${name} has ${value.length} values, not ${length}`);
      value.forEach((one, i) => key.lay(one, out, `${name}[${i + 1}]`));
    },
  };
}

/** A part that may be absent: '0' when its value is null or undefined, else '1' and the part; Lua: nil or its value. */
export function maybe<V>(part: FixedPart<V>): VaryingPart<V | null | undefined> {
  return {
    width: null,
    last: false,
    read: (name, array, start, cursor) => {
      const present = `${name} = ${part.expr(array, moved(start, 1))}`;
      const flag = slotAt(array, start, 0);
      if (cursor === null) return [`local ${name} = nil`, `if ${flag} == '1' then ${present} end`];
      const past = `${cursor} = ${indexOf(moved(start, 1 + part.width))}`;
      return [`local ${name} = nil`, `if ${flag} == '1' then ${present}; ${past} else ${cursor} = ${indexOf(moved(start, 1))} end`];
    },
    lay: (value, out, name) => {
      if (value === null || value === undefined) out.push("0");
      else {
        out.push("1");
        part.lay(value, out, name);
      }
    },
  };
}

/** How many items, then each item (a fixed part); Lua: a list of them. */
export function counted<V>(item: FixedPart<V>): VaryingPart<readonly V[]> {
  return {
    width: null,
    last: false,
    read: (name, array, start, cursor) => {
      const end = `${indexOf(start)} + tonumber(${slotAt(array, start, 0)}) * ${item.width}`;
      const each = item.expr(array, { local: "at", plus: 0 });
      const lines = [
        `local ${name} = {}`,
        `for at = ${indexOf(moved(start, 1))}, ${end}, ${item.width} do ${name}[#${name} + 1] = ${each} end`,
      ];
      if (cursor !== null) lines.push(`${cursor} = ${end} + 1`);
      return lines;
    },
    lay: (value, out, name) => {
      out.push(value.length);
      value.forEach((one, i) => item.lay(one, out, `${name}[${i + 1}]`));
    },
  };
}

/** Every slot left, as items (a fixed part); Lua: a list of them. The frame's last part. */
export function rest<V>(item: FixedPart<V>): VaryingPart<readonly V[]> {
  return {
    width: null,
    last: true,
    read: (name, array, start) => [
      `local ${name} = {}`,
      `for at = ${indexOf(start)}, #${array}, ${item.width} do ${name}[#${name} + 1] = ${item.expr(array, { local: "at", plus: 0 })} end`,
    ],
    lay: (value, out, name) => value.forEach((one, i) => item.lay(one, out, `${name}[${i + 1}]`)),
  };
}

/** The header lines that read `parts` from `array`, `cursor` naming the Lua local that follows a varying part. */
function headerOf(parts: Parts, array: "KEYS" | "ARGV", cursor: string, taken: ReadonlySet<string>): string[] {
  const entries = Object.entries(parts) as [string, Part<never>][];
  const lines: string[] = [];
  // The next slot: a number while every part before has a fixed width, then past the cursor.
  let next: Start = 1;
  entries.forEach(([name, part], i) => {
    checkLocal(name, taken);
    if (part.width !== null) {
      lines.push(`local ${name} = ${part.expr(array, next)}`);
      next = moved(next, part.width);
    } else if (i === entries.length - 1) {
      lines.push(...part.read(name, array, next, null));
    } else {
      if (part.last) throw new Error(`lua frame: ${name} takes every slot left, so it must come last`);
      if (typeof next === "number") lines.push(`local ${cursor} = ${next}`);
      lines.push(...part.read(name, array, typeof next === "number" ? { local: cursor, plus: 0 } : next, cursor));
      next = { local: cursor, plus: 0 };
    }
  });
  return lines;
}

/** A frame: its KEYS and its ARGV, each as named parts. */
export interface FrameParts<K extends Parts, A extends Parts> {
  /** KEYS, in order: fixed parts, and at the end a `rest` of key groups (a script names every key it touches). */
  readonly keys: K;
  /** ARGV, in order. */
  readonly args: A;
}

/** A frame laid out: the Lua header its script starts with, and the JS that lays out its values. */
export interface LuaFrame<K extends Parts, A extends Parts> {
  /** `local <name> = KEYS[i]` for every key part, then ARGV's parts, one declaration a line. */
  readonly header: string;
  /** The KEYS of `values`, in the frame's order. */
  keys(values: ValuesOf<K>): string[];
  /** The ARGV of `values`, in the frame's order. */
  args(values: ValuesOf<A>): Slot[];
}

/** The slots of `values`, part by part in the order of `parts`. */
function layAll(parts: Parts, values: Readonly<Record<string, unknown>>): Slot[] {
  const out: Slot[] = [];
  for (const name in parts) (parts[name] as Part<unknown>).lay(values[name], out, name);
  return out;
}

/**
 * The frame of `parts`. Throws when a name is no Lua name, is given twice, would hide a global a
 * script calls or one of `taken` (the functions the script defines), when a key part's width
 * varies or a `rest` is not last.
 */
export function luaFrame<K extends Parts, A extends Parts>(
  parts: FrameParts<K, A>,
  taken: ReadonlySet<string> = new Set(),
): LuaFrame<K, A> {
  const names = [...Object.keys(parts.keys), ...Object.keys(parts.args)];
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new Error(`lua frame: ${twice} is named twice`);
  // KEYS may end with a `rest` (a key group per item of a varying list), never vary before it.
  const keyParts = Object.values(parts.keys);
  if (keyParts.some((part, i) => part.width === null && !(part.last && i === keyParts.length - 1))) {
    throw new Error("lua frame: a key part has a varying width");
  }
  const lines = [...headerOf(parts.keys, "KEYS", "keyAt", taken), ...headerOf(parts.args, "ARGV", "argAt", taken)];
  return {
    header: lines.map((line) => `${line}\n`).join(""),
    keys: (values) => layAll(parts.keys, values) as string[],
    args: (values) => layAll(parts.args, values),
  };
}
