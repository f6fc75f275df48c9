import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { templateBodyProblem } from "../text/template-body.js";
import { messageValues, renderTemplate } from "./message-render.js";
import { TEMPLATE_VARIABLE_NAMES } from "./template-variables.js";

const unit = { address: "88 Berkeley Pl, Brooklyn, NY", urlKey: "brooklyn-brownstone", timeZone: "America/New_York" };

describe("renderTemplate", () => {
  it("replaces each placeholder, renders one without a value empty and lists it as missing", () => {
    const values = messageValues({ unit });
    const rendered = renderTemplate("{{unit.address}}: {{ code.pin }} / {{code.pin}} {{nope}}", values);
    assert.deepEqual(rendered, {
      text: "88 Berkeley Pl, Brooklyn, NY:  /  ",
      values: { "unit.address": "88 Berkeley Pl, Brooklyn, NY", "code.pin": null, nope: null },
      missing: ["code.pin", "nope"],
    });
    assert.deepEqual(renderTemplate("No placeholders {here}.", values), { text: "No placeholders {here}.", values: {}, missing: [] });
  });

  it("never reads a value as a placeholder: a prospect named {{code.pin}} gets no PIN", () => {
    const values = messageValues({
      unit,
      tour: { title: "T", startAt: "2027-03-14T15:00:00.000Z", endAt: "2027-03-14T15:30:00.000Z", prospectName: "{{code.pin}}" },
      code: { startAt: "2027-03-14T14:45:00.000Z", endAt: "2027-03-14T15:45:00.000Z", pin: "123456" },
    });
    assert.equal(renderTemplate("Hi {{prospect.name}}", values).text, "Hi {{code.pin}}");
  });

  it("a render never leaves a known placeholder in the text, and lists as missing exactly those without a value", () => {
    const literal = fc.stringMatching(/^[^{}]{0,6}$/);
    const placeholder = fc.tuple(fc.constantFrom(...TEMPLATE_VARIABLE_NAMES), fc.constantFrom("", " ", "  ", "\t"));
    const body = fc
      .array(fc.tuple(literal, placeholder), { maxLength: 8 })
      .map((parts) => parts.map(([text, [name, pad]]) => `${text}{{${pad}${name}${pad}}}`).join(""))
      .filter((text) => templateBodyProblem(text) === null);
    const value = fc.option(fc.stringMatching(/^[^{}]{0,12}$/), { nil: null });
    const values = fc.record(Object.fromEntries(TEMPLATE_VARIABLE_NAMES.map((name) => [name, value])) as Record<string, typeof value>);
    fc.assert(
      fc.property(body, values, (text, given) => {
        const rendered = renderTemplate(text, given);
        for (const name of TEMPLATE_VARIABLE_NAMES) {
          assert.ok(!new RegExp(`\\{\\{\\s*${name.replace(".", "\\.")}\\s*\\}\\}`).test(rendered.text), `${name} left in ${rendered.text}`);
        }
        assert.deepEqual(
          rendered.missing,
          Object.keys(rendered.values).filter((name) => given[name] === null),
        );
      }),
    );
  });
});

describe("messageValues", () => {
  it("writes a tour's and its code's instants in the unit's zone, DST included, and UTC for a unit without one", () => {
    // Chicago springs forward on 2027-03-14 at 2:00; the code starts before it, the tour after.
    const facts = {
      unit: { ...unit, timeZone: "America/Chicago" },
      tour: { title: "T", startAt: "2027-03-14T08:00:00.000Z", endAt: "2027-03-14T08:30:00.000Z", prospectName: "Ada" },
      code: { startAt: "2027-03-14T07:45:00.000Z", endAt: "2027-03-14T08:45:00.000Z", pin: null },
      lock: { name: "Gate" },
    };
    const values = messageValues(facts);
    assert.equal(values["tour.start"], "Sun, Mar 14, 2027, 3:00 AM CDT");
    assert.equal(values["tour.date"], "Sun, Mar 14, 2027");
    assert.equal(values["tour.startTime"], "3:00 AM");
    assert.equal(values["tour.endTime"], "3:30 AM");
    assert.equal(values["tour.window"], "Sun, Mar 14, 2027, 3:00 AM – 3:30 AM CDT");
    assert.equal(values["code.window"], "Sun, Mar 14, 2027, 1:45 AM CST – Sun, Mar 14, 2027, 3:45 AM CDT");
    assert.equal(values["code.pin"], null);
    assert.equal(values["lock.name"], "Gate");
    assert.equal(values["message.title"], null);
    const utc = messageValues({ ...facts, unit: { ...unit, timeZone: null } });
    assert.equal(utc["unit.timeZone"], "UTC");
    assert.equal(utc["tour.start"], "Sun, Mar 14, 2027, 8:00 AM UTC");
  });

  it("without a tour, every tour, prospect, code and lock variable is null", () => {
    const values = messageValues({ unit });
    assert.deepEqual(
      Object.entries(values)
        .filter(([, value]) => value !== null)
        .map(([name]) => name),
      ["unit.address", "unit.urlKey", "unit.timeZone"],
    );
  });
});
