// The guide's curl examples run as they are against the demo data (the example records): a code
// it issues names a lock that serves the unit, is active, and whose provider works without any
// setting (the simulator), so the code is programmed at once instead of failing for want of
// SEAM_API_KEY.
import assert from "node:assert/strict";
import { it } from "node:test";
import { apiGuide } from "./api-guide.js";
import { exampleRecords } from "./example-records.js";

interface ExampleLock {
  readonly lockId: string;
  readonly provider: string;
  readonly status: string;
  readonly unitIds: readonly string[];
}

it("guide: each code it issues names an active simulated lock of the unit, in the demo data", () => {
  const records = exampleRecords() as { units: { id: string; urlKey: string }[]; locks: ExampleLock[] };
  const bodies = [...apiGuide("http://localhost:3000/docs").matchAll(/-d '(\{"unitIdOrKey"[^']*\})'/g)].map(
    (match) => JSON.parse(match[1] ?? "") as { unitIdOrKey: string; kind?: string; lockId?: string },
  );
  const codes = bodies.filter((body) => body.kind === "code");
  assert.ok(codes.length > 0, "the guide issues a code");
  for (const body of codes) {
    const unit = records.units.find((u) => u.urlKey === body.unitIdOrKey || u.id === body.unitIdOrKey);
    const lock = records.locks.find((l) => l.lockId === body.lockId);
    assert.ok(unit && lock, JSON.stringify(body));
    assert.ok(lock.unitIds.includes(unit.id), `${lock.lockId} serves ${body.unitIdOrKey}`);
    assert.deepEqual([lock.status, lock.provider], ["active", "simulated"], lock.lockId);
  }
});
