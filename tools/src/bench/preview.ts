/**
 * The preview engine against the straightforward Temporal-polyfill + Intl implementation of the
 * same output (`preview-reference.ts`): first it checks that both agree on every item of several
 * plans (exit 1 on any difference), then times the domain's first call in this process (cold
 * caches, cold JIT) and both warm, over a unit with 1,000 future items.
 *
 *   node tools/dist/bench/preview.js
 */
import { isDeepStrictEqual } from "node:util";
import { planTimezoneChange, type PreviewInput } from "@lintel/domain";
import { unitWithItems } from "./bench-data.js";
import { machineLine, measure, printFigures, timeOnce } from "./measure.js";
import { referencePreview } from "./preview-reference.js";

const input = unitWithItems(1000);
const coldCpu = process.cpuUsage();
const cold = await timeOnce(() => planTimezoneChange(input)); // first: nothing else has touched the domain yet
const coldCpuUsed = process.cpuUsage(coldCpu);
const coldCpuMs = (coldCpuUsed.user + coldCpuUsed.system) / 1000;

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
  const ours = planTimezoneChange(variant).preview;
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

const domain = await measure("domain planTimezoneChange, 1,000 items, warm", () => planTimezoneChange(input), { durationMs: 5000 });
const reference = await measure("Temporal-polyfill + Intl reference, 1,000 items, warm", () => referencePreview(input), {
  durationMs: 5000,
  warmupMs: 1000,
});
console.log(`# Preview engine vs the Temporal reference — ${machineLine()}`);
console.log(`\nBoth agree on all ${compared} listed items of ${variants.length} plans (zones, gaps, overlaps, a null zone).`);
printFigures("Preview, 1,000 items (Chicago → New York)", [
  { name: "domain, first call in the process (cold)", calls: 1, opsPerSecond: 1000 / cold.ms, msPerCall: cold.ms, cpuMsPerCall: coldCpuMs },
  domain,
  reference,
]);
console.log(`\nreference / domain (warm): ${(reference.msPerCall / domain.msPerCall).toFixed(1)}× wall time`);
console.log(`reference / domain (warm): ${((reference.cpuMsPerCall ?? NaN) / (domain.cpuMsPerCall ?? NaN)).toFixed(1)}× CPU time`);
