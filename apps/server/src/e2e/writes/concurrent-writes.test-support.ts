/**
 * Many concurrent `create_schedule_item` on one unit, spread over one or more instances, and
 * what they must leave: without `expectedVersion` every one is a 201 with its own version (the
 * versions after the one read, each once), each item stored, each `schedule.item_created`
 * event saying the version its write answered.
 */
import assert from "node:assert/strict";
import { allEvents, call, postJson } from "../e2e.test-support.js";

/** Sends `count` creates of open houses on `unitId` without expectedVersion, round-robin over `bases`; checks all of the above. */
export async function assertConcurrentCreatesAllApply(bases: readonly string[], key: string, unitId: string, count: number): Promise<void> {
  const unitNow = async () => (await call(bases[0]!, `/v1/units/get_unit?unitIdOrKey=${unitId}`, { key })).json.unit as { version: number };
  const { version } = await unitNow();
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      postJson(bases[i % bases.length]!, "/v1/units/create_schedule_item", key, {
        unitIdOrKey: unitId,
        kind: "open_house",
        title: `Open house ${i}`,
        startAt: `2027-11-${String(1 + (i % 28)).padStart(2, "0")}T10:00:00Z`,
        endAt: `2027-11-${String(1 + (i % 28)).padStart(2, "0")}T12:00:00Z`,
      }),
    ),
  );
  const statuses = new Map<number, number>();
  for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  assert.deepEqual([...statuses], [[201, count]], `statuses: ${JSON.stringify([...statuses])}`);
  const versions = answers.map((answer) => answer.json.unit.version as number);
  assert.deepEqual(
    [...versions].sort((a, b) => a - b),
    Array.from({ length: count }, (_, i) => version + 1 + i),
  );
  assert.equal((await unitNow()).version, version + count);
  const byItem = new Map<string, number>();
  for (const event of await allEvents(bases[0]!, key)) {
    const data = event.data as { unit?: { id: string; version: number }; item?: { key: string } };
    if (event.type === "schedule.item_created" && data.unit?.id === unitId) byItem.set(data.item!.key, data.unit.version);
  }
  answers.forEach((answer) => assert.equal(byItem.get(answer.json.item.key), answer.json.unit.version, "its event says its version"));
}
