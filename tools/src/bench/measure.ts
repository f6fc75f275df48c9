/**
 * Tiny timing helpers for the benchmark scripts: run a function for a while after a warm-up,
 * report calls per second and time per call. Figures only; nothing here is a test.
 */
import { availableParallelism, cpus } from "node:os";

export interface Figure {
  readonly name: string;
  readonly calls: number;
  readonly opsPerSecond: number;
  readonly msPerCall: number;
  /** CPU time (user + system, all threads) per call: what other work on a shared machine barely moves. */
  readonly cpuMsPerCall?: number;
}

/** Runs `fn` (sync or async) repeatedly for about `durationMs` after `warmupMs`, one call at a time. */
export async function measure(name: string, fn: () => unknown, options: { durationMs?: number; warmupMs?: number } = {}): Promise<Figure> {
  const { durationMs = 2000, warmupMs = 300 } = options;
  const runFor = async (ms: number): Promise<{ calls: number; elapsedMs: number }> => {
    const start = performance.now();
    let calls = 0;
    let elapsed = 0;
    // Check the clock every few calls only when calls are fast.
    let batch = 1;
    while (elapsed < ms) {
      for (let i = 0; i < batch; i++) {
        const result = fn();
        if (result instanceof Promise) await result;
      }
      calls += batch;
      elapsed = performance.now() - start;
      if (elapsed < ms / 100) batch = Math.min(batch * 2, 1024);
    }
    return { calls, elapsedMs: elapsed };
  };
  await runFor(warmupMs);
  const cpuBefore = process.cpuUsage();
  const { calls, elapsedMs } = await runFor(durationMs);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    name,
    calls,
    opsPerSecond: (calls / elapsedMs) * 1000,
    msPerCall: elapsedMs / calls,
    cpuMsPerCall: (cpu.user + cpu.system) / 1000 / calls,
  };
}

/** Times one run of `fn` (for one-off costs such as seeding). */
export async function timeOnce<T>(fn: () => Promise<T> | T): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

const number = (value: number, digits: number) =>
  value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** One line: `name  12,345 ops/s  0.081 ms/call  (calls)`. */
export function formatFigure(figure: Figure): string {
  const ms = figure.msPerCall < 0.01 ? `${number(figure.msPerCall * 1000, 2)} µs/call` : `${number(figure.msPerCall, 3)} ms/call`;
  const cpu = figure.cpuMsPerCall === undefined ? "" : `  cpu ${number(figure.cpuMsPerCall, 3)} ms/call`;
  return `${figure.name.padEnd(58)} ${number(figure.opsPerSecond, 0).padStart(12)} ops/s  ${ms.padStart(16)}  (${figure.calls} calls)${cpu}`;
}

/** Prints the figures under a heading, as a Markdown-friendly block. */
export function printFigures(heading: string, figures: readonly Figure[]): void {
  console.log(`\n## ${heading}\n`);
  for (const figure of figures) console.log(formatFigure(figure));
}

/** The machine line every report starts with. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  return `Node ${process.version}, ${availableParallelism()} cores (${cpu}), ${new Date().toISOString().slice(0, 10)}`;
}

/** The p-th percentile (0–100) of `samples` (nearest rank; NaN when there are none). */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
