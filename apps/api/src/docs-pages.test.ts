import { test } from "node:test";
import assert from "node:assert/strict";
import { PROBLEMS } from "@lintel/domain";
import { errorsPage, overviewPage } from "./docs-pages.js";

test("docs: the errors page has one anchor per problem of SPEC 4", () => {
  const html = errorsPage();
  for (const { anchor } of Object.values(PROBLEMS)) {
    assert.equal(html.split(`id="${anchor}"`).length - 1, 1, anchor);
  }
});

test("docs: the overview names every endpoint, auth and paging, and links to the contract and errors", () => {
  const html = overviewPage("http://localhost:3000/docs");
  for (const text of ["/v1/locks", "/v1/locks/{lockId}/state", "/v1/units/set_timezone", "x-api-key", "nextCursor", "/v1/openapi.json", "http://localhost:3000/docs/errors"]) {
    assert.ok(html.includes(text), text);
  }
});
