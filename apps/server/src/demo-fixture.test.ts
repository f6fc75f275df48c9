import { test } from "node:test";
import assert from "node:assert/strict";
import { isWellFormedApiKey } from "@lintel/domain";
import { templatePlaceholders, unknownPlaceholder } from "@lintel/domain/adapters";
import { parseFixture } from "@lintel/core";
import { demoFixture, DEMO_KEYS } from "./demo-fixture.js";

test("demo fixture: passes the fixture loader and has what the banner promises", () => {
  const parsed = parseFixture(demoFixture());
  assert.ok(parsed.ok, parsed.ok ? "" : parsed.errors.join("\n"));
  const { data } = parsed;
  assert.ok(data.orgs.length >= 2);
  assert.ok(data.locks.filter((l) => l.orgId === "org_acme").length >= 50);
  assert.ok(data.locks.some((l) => l.status === "inactive"));
  const createdAts = data.locks.map((l) => l.createdAt);
  assert.ok(new Set(createdAts).size < createdAts.length, "some locks share createdAt");
  const zones = new Set(data.units.map((u) => u.timeZone));
  for (const zone of ["America/Chicago", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe", null])
    assert.ok(zones.has(zone), String(zone));
  const unitZone = new Map(data.units.map((u) => [u.id, u.timeZone]));
  assert.ok(
    data.locks.some((l) => new Set(l.unitIds.map((id) => unitZone.get(id))).size > 1),
    "a lock shared across zones",
  );
  // Every demo template has placeholders, and each names a variable of the catalog (what a write would take).
  assert.ok(data.templates.every((t) => templatePlaceholders(t.body).length > 0 && unknownPlaceholder(t.body) === null));
  // The banner reads live state of a simulated lock, and shows a Yale lock's 503 without SEAM_API_KEY.
  const provider = new Map(data.locks.map((l) => [l.lockId, l.provider]));
  assert.equal(provider.get("lock_shared_gate"), "simulated");
  assert.equal(provider.get("lock_001"), "yale");
});

test("demo fixture: keys are well formed, distinct, and the same on every run", () => {
  assert.ok(DEMO_KEYS.every((k) => isWellFormedApiKey(k.key)));
  assert.equal(new Set(DEMO_KEYS.map((k) => k.key)).size, DEMO_KEYS.length);
  assert.deepEqual(demoFixture(), demoFixture());
  assert.equal(DEMO_KEYS[0]?.key, "lnt_5LfVqtsR6tipoquT6dUu6uy4EhU1v52zh01F9TIz");
  assert.ok(DEMO_KEYS.some((k) => k.usable && k.scopes.length === 1 && k.scopes[0] === "locks:read"));
  assert.ok(DEMO_KEYS.some((k) => k.usable && k.orgId === "org_globex"));
});
