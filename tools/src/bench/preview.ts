/**
 * The preview engine against the straightforward Temporal-polyfill + Intl implementation of the
 * same output (`preview-reference.ts`): first it checks that both agree on every item of several
 * plans (exit 1 on any difference), then times, over a unit with 1,000 future items, the
 * domain's first call in a fresh process (cold caches, cold JIT) and both implementations warm.
 *
 *   node tools/dist/bench/preview.js [--rounds 5]
 *
 * Each timing runs in a fresh process of its own (this script with `--side`), in alternating
 * rounds, and the medians are compared. Timed in the process that ran the agreement check, the
 * domain's warm plan cost 2-4× what it costs alone: while a plan's result stayed alive during the
 * reference's run, its objects survived young-generation GCs, so V8's allocation-site
 * pretenuring put every later plan's items straight into the old generation (a full GC every
 * ~25 plans). Neither side should pay for the other's garbage or for the check.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { previewTimezoneChange, type PreviewInput } from "@lintel/domain";
import { unitWithItems } from "./bench-data.js";
import { machineLine, measure, printFigures, type Figure } from "./measure.js";

type Side = "cold" | "domain" | "reference";
const SIDES: readonly Side[] = ["cold", "domain", "reference"];

const input = unitWithItems(1000);

/** One timing in this process; the parent reads the figure from stdout as JSON. */
async function timeSide(side: Side): Promise<Figure> {
  if (side === "cold") {
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    previewTimezoneChange(input); // first: nothing has touched the domain in this process yet
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      name: "domain, first call in a fresh process (cold)",
      calls: 1,
      opsPerSecond: 1000 / ms,
      msPerCall: ms,
      cpuMsPerCall: (cpu.user + cpu.system) / 1000,
    };
  }
  if (side === "domain") {
    return measure("domain previewTimezoneChange, 1,000 items, warm", () => previewTimezoneChange(input), {
      durationMs: 3000,
      warmupMs: 1500,
    });
  }
  const { referencePreview } = await import("./preview-reference.js");
  return measure("Temporal-polyfill + Intl reference, 1,000 items, warm", () => referencePreview(input), {
    durationMs: 3000,
    warmupMs: 1500,
  });
}

/** Runs this script for one side in a fresh process. */
function timeInChild(side: Side): Figure {
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--side", side], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`--side ${side} exited ${run.status ?? run.signal}: ${run.stderr}`);
  return JSON.parse(run.stdout) as Figure;
}

/** Exits 1 unless the domain and the reference agree on every item of several plans. */
async function checkAgreement(): Promise<{ compared: number; plans: number }> {
  const { referencePreview } = await import("./preview-reference.js");
  const variants: PreviewInput[] = [
    input,
    ...["Asia/Tokyo", "Australia/Lord_Howe", "Europe/London", "Asia/Kolkata", "America/Chicago"].map((zone) => ({
      ...input,
      proposedTimeZone: zone,
    })),
    { ...input, unit: { ...input.unit, timeZone: null }, proposedTimeZone: "America/Denver" },
    { ...input, unit: { ...input.unit, timeZone: "Australia/Lord_Howe" }, proposedTimeZone: "America/Santiago" },
  ];
  let compared = 0;
  for (const variant of variants) {
    const ours = previewTimezoneChange(variant);
    const reference = referencePreview(variant);
    const { items: a, ...headA } = ours;
    const { items: b, ...headB } = reference;
    const firstDifference = a.findIndex((item, i) => !isDeepStrictEqual(item, b[i]));
    if (!isDeepStrictEqual(headA, headB) || a.length !== b.length || firstDifference >= 0) {
      console.error(`The domain and the reference disagree (${variant.unit.timeZone} → ${variant.proposedTimeZone}):`);
      console.error(
        JSON.stringify({ ours: { ...headA, item: a[firstDifference] }, reference: { ...headB, item: b[firstDifference] } }, null, 2),
      );
      process.exit(1);
    }
    compared += a.length;
  }
  return { compared, plans: variants.length };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The median wall and CPU time of one side's rounds, as one figure. */
function medianFigure(figures: readonly Figure[]): Figure {
  const msPerCall = median(figures.map((f) => f.msPerCall));
  return {
    name: `${figures[0]?.name ?? "?"} (median)`,
    calls: figures.reduce((sum, f) => sum + f.calls, 0),
    opsPerSecond: 1000 / msPerCall,
    msPerCall,
    cpuMsPerCall: median(figures.map((f) => f.cpuMsPerCall ?? Number.NaN)),
  };
}

const sideArgument = process.argv.indexOf("--side");
if (sideArgument >= 0) {
  const side = process.argv[sideArgument + 1] as Side;
  if (!SIDES.includes(side)) throw new Error(`--side ${side}: expected one of ${SIDES.join(", ")}`);
  console.log(JSON.stringify(await timeSide(side)));
} else {
  const roundsArgument = process.argv.indexOf("--rounds");
  const rounds = roundsArgument >= 0 ? Number(process.argv[roundsArgument + 1]) : 5;
  const { compared, plans } = await checkAgreement();
  console.log(`# Preview engine vs the Temporal reference — ${machineLine()}`);
  console.log(`\nBoth agree on all ${compared} listed items of ${plans} plans (zones, gaps, overlaps, a null zone).`);
  const figures = new Map<Side, Figure[]>(SIDES.map((side) => [side, []]));
  for (let round = 0; round < rounds; round++) {
    // Alternate the order so neither side always runs right after the other on a shared machine.
    const order = round % 2 === 0 ? SIDES : [...SIDES].reverse();
    const results = order.map((side) => [side, timeInChild(side)] as const);
    for (const [side, figure] of results) figures.get(side)?.push(figure);
    printFigures(
      `Round ${round + 1} of ${rounds}, each side in a fresh process, in this order`,
      results.map(([, figure]) => figure),
    );
  }
  const [cold, domain, reference] = SIDES.map((side) => medianFigure(figures.get(side) ?? []));
  if (cold === undefined || domain === undefined || reference === undefined) throw new Error("no figures");
  printFigures("Preview, 1,000 items (Chicago → New York), median of the rounds", [cold, domain, reference]);
  console.log(`\nreference / domain (warm): ${(reference.msPerCall / domain.msPerCall).toFixed(1)}× wall time`);
  console.log(`reference / domain (warm): ${((reference.cpuMsPerCall ?? NaN) / (domain.cpuMsPerCall ?? NaN)).toFixed(1)}× CPU time`);
}
