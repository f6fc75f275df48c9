import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createMetrics } from "./metrics.js";

describe("metrics", () => {
  it("lintel_webhook_deliveries_dropped_total follows the store's running total", async () => {
    const metrics = createMetrics();
    const dropped = async () =>
      (await metrics.registry.getSingleMetric("lintel_webhook_deliveries_dropped_total")?.get())?.values[0]?.value;
    metrics.webhooksPending(0, null, 0);
    assert.equal(await dropped(), 0);
    metrics.webhooksPending(3, 1_000, 5);
    metrics.webhooksPending(3, 1_000, 5);
    assert.equal(await dropped(), 5, "a reading that did not grow adds nothing");
    metrics.webhooksPending(0, null, 12);
    assert.equal(await dropped(), 12);
  });
});
