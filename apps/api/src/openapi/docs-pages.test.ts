import { test } from "node:test";
import assert from "node:assert/strict";
import { PROBLEMS } from "@lintel/domain";
import { DOCS_RENDERER_PATH as REDOC_BUNDLE_PATH, errorsPage, referencePage, rendererMissingPage } from "./docs-pages.js";

test("docs: the errors page has one anchor per problem of SPEC 4", () => {
  const html = errorsPage();
  for (const { anchor } of Object.values(PROBLEMS)) {
    assert.equal(html.split(`id="${anchor}"`).length - 1, 1, anchor);
  }
});

test("docs: the reference page renders /v1/openapi.json with the bundle served by Lintel, and loads nothing from elsewhere", () => {
  const html = referencePage("http://localhost:3000/docs", REDOC_BUNDLE_PATH);
  assert.ok(html.includes('spec-url="/v1/openapi.json"'));
  assert.ok(html.includes(`src="${REDOC_BUNDLE_PATH}"`));
  assert.ok(html.includes("http://localhost:3000/docs/errors"));
  assert.doesNotMatch(html.replace(/http:\/\/localhost:3000\/docs\/errors/g, ""), /(src|href)="(https?:)?\/\//);
});

test("docs: without a renderer, /docs links the document and the errors page, says the renderer is not installed, and loads no script", () => {
  const html = rendererMissingPage("http://localhost:3000/lintel/docs", "/lintel");
  assert.ok(html.includes('href="/lintel/v1/openapi.json"'));
  assert.ok(html.includes('href="http://localhost:3000/lintel/docs/errors"'));
  assert.match(html, /renderer is not installed/);
  assert.doesNotMatch(html, /<script/);
});

test("docs: mounted under a prefix, the reference page asks for its bundle and the document under that prefix", () => {
  const html = referencePage("http://localhost:3000/lintel/docs", REDOC_BUNDLE_PATH, "/lintel");
  assert.ok(html.includes(`src="/lintel${REDOC_BUNDLE_PATH}"`));
  assert.ok(html.includes('spec-url="/lintel/v1/openapi.json"'));
});
