/**
 * What the chaos and reliability scripts print: percentiles, status counts and durations.
 */

/** A request as a script saw it: when it left, when it ended, and its status, "hang" or "error". */
export interface Sample {
  readonly sentAt: number;
  readonly doneAt: number;
  readonly status: number | "hang" | "error";
}

/** The p-th percentile (nearest rank) of `values`; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `200×97 503×3`: how often each status occurs, or `none`. */
export function countStatuses(samples: readonly { readonly status: number | string }[]): string {
  const counts = new Map<string, number>();
  for (const s of samples) counts.set(String(s.status), (counts.get(String(s.status)) ?? 0) + 1);
  return (
    [...counts]
      .sort()
      .map(([status, n]) => `${status}×${n}`)
      .join(" ") || "none"
  );
}

/** `12 ms`, or `—` for no value. */
export const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? "—" : `${Math.round(value)} ms`);

/** `p50 3 ms, p99 9 ms, max 11 ms` of the samples' latencies. */
export function latencies(samples: readonly Sample[]): string {
  const values = samples.map((s) => s.doneAt - s.sentAt);
  const max = values.length > 0 ? Math.max(...values) : undefined;
  return `p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}, max ${ms(max)}`;
}

export const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
