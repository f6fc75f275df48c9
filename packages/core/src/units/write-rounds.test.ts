// A unit write's rounds: read again by the unit's id after a moved basis, so a rename between
// the read and the write is a new round, never a 404 for the urlKey the caller gave.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Unit } from "@lintel/domain";
import { CHANGED, unitAtVersion } from "./write-rounds.js";
import { succeed } from "../common/problem.js";

const caller = { orgId: "org_1", keyId: "key_1", scopes: [] } as never;
const unit: Unit = { id: "unit_1", orgId: "org_1", urlKey: "old-key", address: "1 Elm St", timeZone: null, version: 3 };

describe("unit write rounds", () => {
  it("after a `changed` round the unit is read by its id: a rename meanwhile is not a 404 for the old urlKey", async () => {
    const asked: string[] = [];
    const units = {
      // The urlKey moved after the first read: only the id still finds the unit.
      findByIdOrKey: async (_orgId: string, idOrKey: string) => {
        asked.push(idOrKey);
        return asked.length === 1 || idOrKey === unit.id ? { ...unit, urlKey: asked.length === 1 ? "old-key" : "new-key" } : null;
      },
    };
    let rounds = 0;
    const result = await unitAtVersion(units)(caller, "old-key", undefined, async (read) =>
      ++rounds === 1 ? CHANGED : succeed(read.urlKey),
    );
    assert.deepEqual(result, succeed("new-key"));
    assert.deepEqual(asked, ["old-key", "unit_1"]);
  });

  it("a stale expectedVersion is a version_conflict with the version now, before any attempt", async () => {
    const units = { findByIdOrKey: async () => unit };
    const result = await unitAtVersion(units)(caller, "old-key", 2, async () => assert.fail("no attempt at a stale version"));
    assert.equal(result.ok, false);
    assert.deepEqual(!result.ok && [result.problem.code, result.problem.currentVersion], ["version_conflict", 3]);
  });
});
