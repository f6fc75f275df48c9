/**
 * A script of the store with a named frame (lua-frame.js): its source is the Lua helpers it
 * uses, the frame's header, then its body, which reads its KEYS and ARGV by name only; it runs
 * with its keys and arguments given as objects of named values, laid out by the same frame.
 */
import type { RedisClient } from "../redis/client.js";
import { luaFrame, type FrameParts, type LuaFrame, type Parts, type ValuesOf } from "./lua-frame.js";
import { LuaScript } from "./lua-script.js";
import { RECORD_LUA } from "./record-json.js";

/** A script's parts: its frame, the Lua helpers it calls, its body. */
export interface ScriptParts<K extends Parts, A extends Parts> extends FrameParts<K, A> {
  /** Lua defining the functions the body calls (each reads only its parameters), in order. */
  readonly uses?: readonly string[];
  /** The script after its header: it reads the frame's names, never KEYS or ARGV. */
  readonly body: string;
}

/** The names of the functions `lua` defines (`local function <name>`): no frame local may hide one. */
function functionsOf(lua: string): Set<string> {
  return new Set([...lua.matchAll(/local function ([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] as string));
}

/** A script with a named frame, run by SHA like every {@link LuaScript}. */
export class FramedScript<K extends Parts, A extends Parts> {
  /** The frame: the header in the source, and the layout of the values `run` takes. */
  readonly frame: LuaFrame<K, A>;
  /** The script as sent: `decodeRecord` and `encodeRecord`, the helpers, the header, the body. */
  readonly script: LuaScript;

  constructor(parts: ScriptParts<K, A>) {
    const uses = (parts.uses ?? []).join("");
    this.frame = luaFrame(parts, functionsOf(RECORD_LUA + uses + parts.body));
    this.script = new LuaScript(uses + this.frame.header + parts.body);
  }

  /** Runs on the node owning the keys (which must share one slot), with `keys` and `args` by name. */
  run(client: RedisClient, keys: ValuesOf<K>, args: ValuesOf<A>): Promise<unknown> {
    return this.script.run(client, this.frame.keys(keys), this.frame.args(args));
  }

  /** {@link run}, with every string of the reply as the bytes Redis sent (a Buffer). */
  runBuffer(client: RedisClient, keys: ValuesOf<K>, args: ValuesOf<A>): Promise<unknown> {
    return this.script.runBuffer(client, this.frame.keys(keys), this.frame.args(args));
  }
}
