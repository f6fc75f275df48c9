import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { templateBodyProblem } from "../text/template-body.js";
import { messageValues } from "./message-render.js";
import {
  editDistance,
  isTemplateVariable,
  suggestTemplateVariables,
  TEMPLATE_VARIABLE_NAMES,
  TEMPLATE_VARIABLES,
  unknownPlaceholder,
  unknownPlaceholderReason,
} from "./template-variables.js";

describe("the template variable catalog", () => {
  it("holds exactly the contract's seventeen names, each described, in order", () => {
    assert.deepEqual(
      TEMPLATE_VARIABLES.map((variable) => variable.name),
      [
        "unit.address",
        "unit.urlKey",
        "unit.timeZone",
        "tour.title",
        "tour.start",
        "tour.end",
        "tour.date",
        "tour.startTime",
        "tour.endTime",
        "tour.window",
        "prospect.name",
        "code.pin",
        "code.start",
        "code.end",
        "code.window",
        "lock.name",
        "message.title",
      ],
    );
    for (const variable of TEMPLATE_VARIABLES) assert.match(variable.description, /^[A-Z].+\.$/, variable.name);
  });

  it("its examples are what a render of the example tour says", () => {
    const values = messageValues({
      unit: { address: "1200 W Lake St, Chicago, IL", urlKey: "chicago-loft", timeZone: "America/Chicago" },
      tour: {
        title: "Self-guided tour",
        startAt: "2026-12-01T16:00:00.000Z",
        endAt: "2026-12-01T16:30:00.000Z",
        prospectName: "Ada Lovelace",
      },
      code: { startAt: "2026-12-01T15:45:00.000Z", endAt: "2026-12-01T16:45:00.000Z", pin: "482913" },
      lock: { name: "Front door" },
      message: { title: "Tour reminder" },
    });
    assert.deepEqual(Object.fromEntries(TEMPLATE_VARIABLES.map((variable) => [variable.name, variable.example])), values);
  });
});

describe("suggestTemplateVariables", () => {
  it("suggests the names a misspelling, a case slip or a bare last part meant", () => {
    assert.deepEqual(suggestTemplateVariables("tour.strat").slice(0, 1), ["tour.start"]);
    assert.ok(suggestTemplateVariables("Tour.StartTime").includes("tour.startTime"));
    assert.deepEqual(suggestTemplateVariables("pin"), ["code.pin"]);
    assert.ok(suggestTemplateVariables("adress").includes("unit.address"));
    assert.deepEqual(suggestTemplateVariables("firstName"), []);
    assert.deepEqual(suggestTemplateVariables("tourStart"), ["tour.start"]);
    assert.deepEqual(suggestTemplateVariables("name"), ["prospect.name", "lock.name"]);
    assert.ok(suggestTemplateVariables("x".repeat(100)).length === 0);
    assert.ok(suggestTemplateVariables("tour.s").length <= 3);
  });

  it("includes the exact name whenever the placeholder is one edit away from it", () => {
    const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.";
    const edit = fc
      .record({
        name: fc.constantFrom(...TEMPLATE_VARIABLE_NAMES),
        kind: fc.constantFrom("insert", "delete", "substitute", "transpose"),
        at: fc.nat(),
        char: fc.constantFrom(...alphabet),
      })
      .map(({ name, kind, at, char }) => {
        const i = at % (name.length + (kind === "insert" ? 1 : 0));
        const edited =
          kind === "insert"
            ? name.slice(0, i) + char + name.slice(i)
            : kind === "delete"
              ? name.slice(0, i) + name.slice(i + 1)
              : kind === "substitute"
                ? name.slice(0, i) + char + name.slice(i + 1)
                : i + 1 < name.length
                  ? name.slice(0, i) + (name[i + 1] as string) + (name[i] as string) + name.slice(i + 2)
                  : name;
        return { name, edited };
      })
      .filter(({ edited }) => !isTemplateVariable(edited) && /^[A-Za-z_][A-Za-z0-9_.]*$/.test(edited));
    fc.assert(
      fc.property(edit, ({ name, edited }) => {
        assert.ok(editDistance(edited, name, 3) <= 1);
        const suggested = suggestTemplateVariables(edited);
        assert.ok(suggested.includes(name), `${edited} → [${suggested.join(", ")}], not ${name}`);
        assert.ok(suggested.length <= 3);
      }),
      { numRuns: 2000 },
    );
  });

  it("edit distance counts an adjacent swap as one edit and agrees with itself both ways", () => {
    assert.equal(editDistance("strat", "start", 3), 1);
    assert.equal(editDistance("kitten", "sitting", 5), 3);
    assert.equal(editDistance("abc", "abcdef", 1), 2, "gives up past the limit");
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        assert.equal(editDistance(a, b, 20), editDistance(b, a, 20));
        assert.equal(editDistance(a, a, 0), 0);
      }),
    );
  });
});

describe("unknownPlaceholder", () => {
  it("names the first placeholder outside the catalog with the character offset of its {{ and suggestions", () => {
    assert.equal(unknownPlaceholder("Hi {{ prospect.name }}, see you at {{tour.start}}."), null);
    const found = unknownPlaceholder("🏠 Hi {{prospect.name}}, at {{ tour.strat }} ({{x}})");
    assert.deepEqual(found, { name: "tour.strat", offset: 27, suggestions: ["tour.start"] });
    assert.equal(templateBodyProblem("🏠 Hi {{prospect.name}}, at {{ tour.strat }}"), null);
    const reason = unknownPlaceholderReason(found ?? assert.fail());
    assert.match(reason, /"\{\{tour\.strat\}\}" at character 27 is not a template variable\. Did you mean tour\.start\?/);
    assert.match(unknownPlaceholderReason({ name: "y".repeat(90), offset: 0, suggestions: [] }), /y{40}…\}\}".*list_template_variables/);
  });
});
