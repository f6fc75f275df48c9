/**
 * A zone's UTC offset at an instant, as the runtime's Intl (its ICU tz data) gives it, read
 * through the per-zone cache of `zone-timeline.js`.
 * Offsets are whole seconds; historical local mean times (`-00:25:21`) keep their seconds.
 * `@date-fns/tz`'s `tzOffset` is not used: it reports minutes and misreads negative offsets
 * under one hour (`-00:44:30` comes back positive).
 */
import { intlOffsetMs } from "./intl-zone-reading.js";
import { zoneState } from "./zone-timeline.js";

/**
 * The offset of `timeZone` (a name Intl accepts) at `epochMs`, in milliseconds east of UTC
 * (`America/Chicago` in January: −21 600 000).
 */
export function zoneOffsetMs(timeZone: string, epochMs: number): number {
  return zoneState(timeZone, epochMs)?.offsetMs ?? intlOffsetMs(timeZone, epochMs);
}

/** The local date-time of an instant in a zone, as a local epoch in ms (milliseconds kept). */
export function localEpochOf(timeZone: string, epochMs: number): number {
  return epochMs + zoneOffsetMs(timeZone, epochMs);
}
