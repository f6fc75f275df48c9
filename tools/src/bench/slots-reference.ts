/**
 * The yardstick for the domain's slot generation (`availableSlots`): the rules read the
 * straightforward way with the Temporal polyfill, as the property test's `referenceSlots` does
 * (each local date, each window, each step; a local start resolved with `disambiguation:
 * "reject"`, an overlap's earlier instant, a gap skipped), with no caches. bench:slots checks that
 * both agree before timing them.
 */
import { Temporal } from "temporal-polyfill";
import { WEEKDAYS, type Slot, type SlotQuery } from "@lintel/domain/adapters";

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The slots of `q` by a straight Temporal reading of its rules. */
export function referenceSlots(q: SlotQuery): Slot[] {
  const { rules } = q;
  const out: Slot[] = [];
  const from = Temporal.Instant.fromEpochMilliseconds(q.fromMs).toZonedDateTimeISO(q.timeZone).toPlainDate().subtract({ days: 1 });
  const to = Temporal.Instant.fromEpochMilliseconds(q.toMs).toZonedDateTimeISO(q.timeZone).toPlainDate().add({ days: 1 });
  for (let date = from; Temporal.PlainDate.compare(date, to) <= 0; date = date.add({ days: 1 })) {
    const day = WEEKDAYS[date.dayOfWeek % 7];
    for (const window of rules.weekly.filter((w) => w.day === day)) {
      const [oh, om] = window.opens.split(":").map(Number) as [number, number];
      const [ch, cm] = window.closes.split(":").map(Number) as [number, number];
      const closesAt = date.toPlainDateTime({ hour: 0 }).add({ minutes: ch * 60 + cm });
      for (let minute = oh * 60 + om; minute < ch * 60 + cm; minute += rules.slotMinutes) {
        const local = date.toPlainDateTime({ hour: 0 }).add({ minutes: minute });
        let start: Temporal.ZonedDateTime;
        try {
          start = local.toZonedDateTime(q.timeZone, { disambiguation: "reject" });
        } catch {
          // Rejected: a gap (no such local time), or an overlap (two): take the earlier one of an overlap.
          const earlier = local.toZonedDateTime(q.timeZone, { disambiguation: "earlier" });
          if (!earlier.toPlainDateTime().equals(local)) continue;
          start = earlier;
        }
        const startMs = start.epochMilliseconds;
        const endMs = startMs + rules.slotMinutes * MINUTE;
        const endLocal = Temporal.Instant.fromEpochMilliseconds(endMs).toZonedDateTimeISO(q.timeZone).toPlainDateTime();
        // Read locally the end is on the start's date (or exactly 00:00 of the next when closes is 24:00) and not after closes:
        // a fall-back transition at local midnight (St. John's until 2011) can read the end on the day before.
        const onItsDate = endLocal.toPlainDate().equals(date) || (ch === 24 && endLocal.equals(closesAt));
        if (!onItsDate || Temporal.PlainDateTime.compare(endLocal, closesAt) > 0) continue;
        if (startMs < Math.max(q.fromMs, q.nowMs + rules.minNoticeMinutes * MINUTE)) continue;
        if (startMs >= q.nowMs + rules.maxDaysAhead * DAY || endMs > q.toMs) continue;
        const clash = (s: { startMs: number; endMs: number }) => s.startMs < endMs && startMs < s.endMs;
        const blackouts = rules.blackouts.map((b) => ({ startMs: Date.parse(b.startAt), endMs: Date.parse(b.endAt) }));
        if (blackouts.some(clash) || q.openHouses.some(clash)) continue;
        const buffer = rules.bufferMinutes * MINUTE;
        const taken = q.tours.filter((t) => t.startMs < endMs + buffer && startMs - buffer < t.endMs).length;
        if (rules.maxConcurrent - taken > 0) out.push({ startMs, endMs, remaining: rules.maxConcurrent - taken });
      }
    }
  }
  return out.sort((a, b) => a.startMs - b.startMs);
}
