/**
 * Domain benchmarks: the time-zone change plan over a unit with 1,000 items, canonical zone
 * names with and without the cache, and cursor encode + decode.
 *
 *   node tools/dist/bench/domain.js
 */
import { canonicalTimeZone, createCursorCodec, planTimezoneChange } from "@lintel/domain";
import { lockPosition } from "@lintel/domain/adapters";
import { unitWithItems } from "./bench-data.js";
import { machineLine, measure, printFigures, timeOnce, type Figure } from "./measure.js";

async function main(): Promise<void> {
  console.log(`# Domain benchmarks — ${machineLine()}`);
  const figures: Figure[] = [];

  const input = unitWithItems(1000);
  // The first plan in the process fills the per-zone offset/name cache (Chicago and New York, 2027).
  const first = await timeOnce(() => planTimezoneChange(input));
  const listed = first.value.preview.items.length;
  figures.push({
    name: "planTimezoneChange, 1,000 items, first call (cold zone cache)",
    calls: 1,
    opsPerSecond: 1000 / first.ms,
    msPerCall: first.ms,
  });
  figures.push(await measure(`planTimezoneChange, 1,000 items (${listed} listed)`, () => planTimezoneChange(input), { durationMs: 5000 }));
  const small = unitWithItems(20);
  figures.push(await measure("planTimezoneChange, 20 items", () => planTimezoneChange(small)));

  // Cold: the first call for each zone Intl knows (the cache is per process, so this runs once).
  const zones = Intl.supportedValuesOf("timeZone");
  const cold = await timeOnce(() => zones.map((z) => canonicalTimeZone(z.toUpperCase())));
  figures.push({
    name: `canonicalTimeZone, uncached (first call, ${zones.length} zones)`,
    calls: zones.length,
    opsPerSecond: (zones.length / cold.ms) * 1000,
    msPerCall: cold.ms / zones.length,
  });
  let next = 0;
  figures.push(
    await measure("canonicalTimeZone, cached (rotating known zones)", () => canonicalTimeZone(zones[next++ % zones.length] ?? "UTC")),
  );
  figures.push(await measure("canonicalTimeZone, refused name (never cached)", () => canonicalTimeZone("Mars/Olympus_Mons")));
  figures.push(await measure("canonicalTimeZone, refused by shape (+05:00)", () => canonicalTimeZone("+05:00")));

  const codec = createCursorCodec(["bench-secret-bench-secret-bench-secret-0123"]);
  const binding = { orgId: "org_bench", list: "locks" as const };
  const position = lockPosition({ createdAt: "2026-03-01T12:00:00.000Z", lockId: "lock_bench_000123" });
  const token = codec.encode(position, binding);
  figures.push(await measure("cursor encode", () => codec.encode(position, binding)));
  figures.push(await measure("cursor decode", () => codec.decode(token, binding)));
  figures.push(await measure("cursor encode + decode", () => codec.decode(codec.encode(position, binding), binding)));
  figures.push(await measure("cursor decode, tampered (rejected)", () => codec.decode(`${token.slice(0, -2)}AA`, binding)));

  printFigures("Domain", figures);
}

await main();
