import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { templateBodyProblem, templatePlaceholders } from "./template-body.js";

describe("templateBodyProblem", () => {
  it("accepts text, placeholders with spaces inside the braces, and dotted names", () => {
    for (const body of ["Hi", "Hi {{name}}", "Hi {{ guest.first_name }}, code {{code}}", "{{_x}}{{y2}}", "a } b { c"]) {
      assert.equal(templateBodyProblem(body), null, body);
    }
    assert.deepEqual(templatePlaceholders("{{ a }} {{b.c}} {{a}}"), ["a", "b.c"]);
  });

  it("gives the character offset of an unclosed {{, a stray }} and a bad name", () => {
    assert.match(templateBodyProblem("Hi {{name") ?? "", /"\{\{" at character 3 is not closed/);
    assert.match(templateBodyProblem("Hi name}} there") ?? "", /"\}\}" at character 7 closes no/);
    assert.match(templateBodyProblem("ok {{a}} then {{ 1x }}") ?? "", /placeholder at character 14/);
    assert.match(templateBodyProblem("{{}}") ?? "", /placeholder at character 0/);
    // Characters are code points: an emoji before the problem counts one, as the text rule counts it.
    assert.match(templateBodyProblem("🏠 Hi {{name") ?? "", /"\{\{" at character 5 is not closed/);
    assert.match(templateBodyProblem("🏠🏠 x}}") ?? "", /"\}\}" at character 4 closes no/);
    assert.match(templateBodyProblem("{{a {{b}}") ?? "", /"\{\{" at character 0 is not closed/);
  });

  it("a body without braces is always accepted", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("{") && !s.includes("}")),
        (s) => templateBodyProblem(s) === null,
      ),
    );
  });

  it("every well-formed placeholder list is accepted, and its names read back", () => {
    const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.]{0,8}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.stringMatching(/^[^{}]{0,5}$/), name, fc.constantFrom("", " ", "  "))), (parts) => {
        const body = parts.map(([text, n, pad]) => `${text}{{${pad}${n}${pad}}}`).join("");
        return templateBodyProblem(body) === null && templatePlaceholders(body).every((n) => parts.some(([, m]) => m === n));
      }),
    );
  });
});
