/** A Seam device as Lintel's LockState. Pure: each choice of the mapping is written beside it. */
import type { Device } from "@seamapi/http";
import type { LockReading } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
import { pinRules, type PinRules } from "@lintel/domain/adapters";
import type { DoorState, LockStateValue } from "@lintel/domain/schemas";

/** Device errors that mean Seam lost the device; their `created_at` is when it was last reachable. */
const OFFLINE_ERRORS: ReadonlySet<string> = new Set(["device_offline", "device_disconnected", "hub_disconnected", "bridge_disconnected"]);

/** A jammed bolt, however a vendor names it in an error or warning code (e.g. `lock_jammed`). */
const JAMMED = /jam/i;

function issueCodes(device: Device): string[] {
  return [...device.errors.map((error) => error.error_code), ...device.warnings.map((warning) => warning.warning_code)];
}

function lockStateOf(device: Device): LockStateValue {
  if (issueCodes(device).some((code) => JAMMED.test(code))) return "jammed";
  const { locked } = device.properties;
  return locked === true ? "locked" : locked === false ? "unlocked" : "unknown";
}

function doorStateOf(device: Device): DoorState {
  const { door_open: open } = device.properties;
  return open === true ? "open" : open === false ? "closed" : "unknown";
}

/**
 * Seam reports a level as `battery_level` on some devices and only as `battery.level` on others
 * (its fake's August locks among them): the first when it is a number, else the second; 0..1 or null.
 */
function batteryLevelOf(device: Device): number | null {
  const { battery_level: flat, battery } = device.properties;
  const level: unknown = typeof flat === "number" ? flat : battery?.level;
  return typeof level === "number" && Number.isFinite(level) && level >= 0 && level <= 1 ? level : null;
}

/** When Seam noticed the device go away (the earliest offline error), as an ISO instant; else null. */
function lastSeenAtOf(device: Device): string | null {
  const times = device.errors
    .filter((error) => OFFLINE_ERRORS.has(error.error_code))
    .map((error) => Date.parse(error.created_at))
    .filter((ms) => Number.isFinite(ms));
  return times.length === 0 ? null : new Date(Math.min(...times)).toISOString();
}

/**
 * The device's code rules: the lengths it takes (`supported_code_lengths`) and its PIN
 * constraints (`code_constraints`, each a `constraint_type`); name constraints and those a draw
 * cannot honour are dropped by `pinRules`. A device that lists neither has none (6 digits).
 */
function codeRulesOf(device: Device): PinRules {
  const { supported_code_lengths: lengths, code_constraints: constraints } = device.properties as {
    supported_code_lengths?: unknown;
    code_constraints?: unknown;
  };
  const types = Array.isArray(constraints)
    ? constraints.map((c: unknown) => (c as { constraint_type?: unknown } | null)?.constraint_type)
    : [];
  return pinRules(lengths, types);
}

/** The state of `lock` as Seam reported `device`, fetched at `fetchedAtMs`, with the device's code rules. */
export function lockStateFromSeamDevice(lock: Lock, device: Device, fetchedAtMs: number): LockReading {
  return {
    lockId: lock.lockId,
    provider: lock.provider,
    lockState: lockStateOf(device),
    doorState: doorStateOf(device),
    online: device.properties.online === true,
    batteryLevel: batteryLevelOf(device),
    lastSeenAt: lastSeenAtOf(device),
    fetchedAt: new Date(fetchedAtMs).toISOString(),
    codeRules: codeRulesOf(device),
  };
}
