// TEMPORARY stand-ins for other helpers' domain functions (zones, preview, cursor) so the core
// compiles until theirs land on main. Delete once merged. Not the real implementations.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { ItemKind, ScheduleItem, Unit } from "./records.js";
import type { ListName } from "./paging.js";

export function canonicalTimeZone(input: string): string | null {
  if (/^[+-]/.test(input)) return null;
  try {
    const zone = new Intl.DateTimeFormat("en-US", { timeZone: input }).resolvedOptions().timeZone;
    return /^(UTC|Etc\/UTC|GMT|Etc\/GMT|Zulu|Etc\/Zulu|UCT|Etc\/UCT|Universal|Etc\/Universal|Greenwich|Etc\/Greenwich|GMT0|Etc\/GMT0)$/i.test(zone) ? "UTC" : zone;
  } catch {
    return null;
  }
}

export interface LockSharing { readonly unitId: string; readonly timeZone: string | null }
export interface PreviewInput {
  readonly unit: Pick<Unit, "id" | "address" | "timeZone" | "version">;
  readonly items: readonly ScheduleItem[];
  readonly lockUnits: ReadonlyMap<string, readonly LockSharing[]>;
  readonly proposedTimeZone: string;
  readonly nowMs: number;
}
export interface PreviewItem {
  readonly key: string; readonly kind: ItemKind; readonly title: string; readonly startAt: string; readonly endAt: string;
  readonly wallClockStart: string; readonly wallClockEnd: string; readonly beforeLabel: string;
  readonly keepInstantLabel: string; readonly keepWallClockLabel: string; readonly sharedLockConflict: boolean;
}
export interface TimezonePreview {
  readonly status: "ok" | "noop" | "conflict"; readonly unitId: string; readonly address: string;
  readonly expectedVersion: number; readonly currentTimeZone: string | null; readonly proposedTimeZone: string;
  readonly beforeUsesUtc: boolean; readonly items: readonly PreviewItem[];
}
export interface TimezoneChangePlan {
  readonly preview: TimezonePreview;
  readonly rewrites: readonly { kind: ItemKind; id: string; startAt: string; endAt: string }[];
}
export function planTimezoneChange(input: PreviewInput): TimezoneChangePlan {
  const noop = input.unit.timeZone === input.proposedTimeZone;
  return {
    preview: {
      status: noop ? "noop" : "ok", unitId: input.unit.id, address: input.unit.address,
      expectedVersion: input.unit.version, currentTimeZone: input.unit.timeZone,
      proposedTimeZone: input.proposedTimeZone, beforeUsesUtc: input.unit.timeZone === null, items: [],
    },
    rewrites: [],
  };
}

export interface CursorBinding { readonly orgId: string; readonly list: ListName }
export type CursorDecoding = { readonly ok: true; readonly position: string } | { readonly ok: false; readonly code: "invalid_cursor" };
export interface CursorCodec {
  encode(position: string, binding: CursorBinding): string;
  decode(text: string, binding: CursorBinding): CursorDecoding;
}
export function createCursorCodec(secrets: readonly string[]): CursorCodec {
  const secret = secrets[0];
  if (secret === undefined || secret.length < 32) throw new Error("bad secret");
  const mac = (text: string) => createHmac("sha256", secret).update(text).digest();
  return {
    encode(position, binding) {
      const body = Buffer.from(JSON.stringify([binding.orgId, binding.list, position]));
      return Buffer.concat([mac(body.toString("latin1")), body]).toString("base64url");
    },
    decode(text, binding) {
      const raw = Buffer.from(text, "base64url");
      const body = raw.subarray(32);
      const tag = raw.subarray(0, 32);
      if (tag.length !== 32 || !timingSafeEqual(tag, mac(body.toString("latin1")))) return { ok: false, code: "invalid_cursor" };
      const [orgId, list, position] = JSON.parse(body.toString()) as string[];
      if (orgId !== binding.orgId || list !== binding.list || typeof position !== "string") return { ok: false, code: "invalid_cursor" };
      return { ok: true, position };
    },
  };
}
