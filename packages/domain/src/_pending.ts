// TEMPORARY stand-ins for other helpers' domain functions (zones, preview) so the core
// compiles until theirs land on main. Delete once merged. Not the real implementations.
import type { ItemKind, ScheduleItem, Unit } from "./records.js";

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
