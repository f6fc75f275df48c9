/** A Seam device as Lintel's LockState. Pure: each choice of the mapping is written beside it. */
import type { Device } from "@seamapi/http";
import type { Lock, LockState } from "@lintel/domain";
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

/** The state of `lock` as Seam reported `device`, fetched at `fetchedAtMs`. */
export function lockStateFromSeamDevice(lock: Lock, device: Device, fetchedAtMs: number): LockState {
  return {
    lockId: lock.lockId,
    provider: lock.provider,
    lockState: lockStateOf(device),
    doorState: doorStateOf(device),
    online: device.properties.online === true,
    batteryLevel: batteryLevelOf(device),
    lastSeenAt: lastSeenAtOf(device),
    fetchedAt: new Date(fetchedAtMs).toISOString(),
  };
}
