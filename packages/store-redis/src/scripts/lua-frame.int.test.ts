// A frame's two sides agree on the real Redis: whatever the values, the script's header reads
// under each name what the JS side laid out under it (varying parts before fixed ones included).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { FramedScript } from "./framed-script.js";
import { arg, counted, group, key, list, maybe, rest } from "./lua-frame.js";
import { useTestRedis } from "../redis.test-support.js";

const ITEM = group({ field: arg, at: group({ startAt: arg, spanMs: arg }) });

// Every local of the header, as JSON; an absent `maybe` as false, an empty list as false (cjson would write {}).
const ECHO = new FramedScript({
  keys: { first: key, event: group({ events: key, byType: list(3) }) },
  args: { unitId: arg, basis: maybe(group({ urlKey: arg, zone: arg })), works: counted(ITEM), expected: arg, ids: rest(arg) },
  body: `
local function listed(values) if #values == 0 then return false end return values end
return cjson.encode({ first = first, event = event, unitId = unitId, basis = basis or false, works = listed(works),
  expected = expected, ids = listed(ids) })
`,
});

const text = fc.string({ maxLength: 6 });
const slot = fc.oneof(text, fc.integer({ min: 0, max: 1e9 }));
const item = fc.record({ field: slot, at: fc.record({ startAt: slot, spanMs: slot }) });
const asText = (value: unknown): unknown =>
  typeof value === "number"
    ? String(value)
    : Array.isArray(value)
      ? value.map(asText)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asText(v)]))
        : value;

describe("Redis: a frame's header reads what its JS side lays out", () => {
  const redis = useTestRedis();

  test("every part, under its name, for any values", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          unitId: slot,
          basis: fc.option(fc.record({ urlKey: slot, zone: slot }), { nil: null }),
          works: fc.array(item, { maxLength: 4 }),
          expected: slot,
          ids: fc.array(slot, { maxLength: 5 }),
        }),
        async (args) => {
          // One hash tag: on a cluster the keys share a slot.
          const keys = { first: "{frame}:a", event: { events: "{frame}:e", byType: ["{frame}:t1", "{frame}:t2", "{frame}:t3"] } };
          const read = JSON.parse(String(await ECHO.run(redis(), keys, args))) as unknown;
          const listed = (values: readonly unknown[]) => (values.length === 0 ? false : values);
          const laid = { ...args, basis: args.basis ?? false, works: listed(args.works), ids: listed(args.ids) };
          assert.deepEqual(read, { ...keys, ...(asText(laid) as object) });
        },
      ),
      { numRuns: 200 },
    );
  });
});
