import { test } from "node:test";
import assert from "node:assert/strict";
import { redocBundle, redocRenderer } from "./docs-assets.js";

test("docs: the Redoc bundle holds no https URL of a CDN it would load from", () => {
  const bundle = redocBundle();
  assert.ok(bundle.length > 100_000);
  assert.doesNotMatch(bundle, /https:\/\/cdn\./);
  assert.equal(redocRenderer.script(), bundle);
});
