// /docs in Debian's headless chromium (puppeteer-core): the reference renders every operation
// of /v1/openapi.json with every request to anything but the server blocked, and opens with the
// introduction an integrator needs first. The screenshots are written to the temp dir, or to
// docs/reference.png and docs/introduction.png with UPDATE_SCREENSHOT=1.
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, it } from "node:test";
import { launchChromium, pageOnlyFor, type Chromium } from "./chromium.test-support.js";
import { startTestServer, type TestServer } from "../e2e.test-support.js";

let server: TestServer;
let chromium: Chromium;
before(async () => {
  server = await startTestServer();
  chromium = await launchChromium();
});
after(async () => {
  await chromium?.close();
  await server?.close();
});

it("docs in chromium: /docs renders the reference with every operation, loading nothing but the server", async () => {
  const spec = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { summary: string }>>;
  };
  const summaries = Object.values(spec.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.summary));
  const { page, blocked } = await pageOnlyFor(chromium.browser, new URL(server.url).origin);
  const answer = await page.goto(`${server.url}/docs`, { waitUntil: "networkidle0" });
  assert.equal(answer?.status(), 200);
  // Redoc renders after fetching the document: wait until the page shows every operation's summary.
  // (These run in the page; the server's tsconfig has no DOM types, hence the casts.)
  type Page = { document: { body: { innerText: string } } };
  const listed = (wanted: string[]) => wanted.every((summary) => (globalThis as unknown as Page).document.body.innerText.includes(summary));
  await page.waitForFunction(listed, { timeout: 30_000 }, summaries).catch(() => undefined);
  const text = await page.evaluate(() => (globalThis as unknown as Page).document.body.innerText);
  for (const summary of summaries) assert.ok(text.includes(summary), `the reference lists "${summary}"`);
  const sidebarEntries = await page.$$eval("[role=menuitem], li[data-item-id]", (items) => items.map((item) => item.textContent ?? ""));
  assert.ok(sidebarEntries.length >= summaries.length, `the sidebar lists every operation (${sidebarEntries.length})`);
  assert.ok(text.includes("Lintel API"));
  const errorsLink = await page.$(`a[href$="/docs/errors"]`);
  assert.ok(errorsLink, "the reference links the error page");
  assert.deepEqual(blocked, [], "no request left the server");
  const out =
    process.env["UPDATE_SCREENSHOT"] === "1"
      ? fileURLToPath(new URL("../../../../../docs/reference.png", import.meta.url))
      : join(chromium.profile, "reference.png");
  // The picture: one operation, its parameters and its example answer, the sidebar open at Locks.
  await page.goto(`${server.url}/docs#tag/Locks/operation/listLocks`, { waitUntil: "networkidle0" });
  await page.waitForFunction(() => (globalThis as unknown as Page).document.body.innerText.includes("nextCursor"), { timeout: 30_000 });
  assert.deepEqual(blocked, [], "no request left the server");
  await page.screenshot({ path: out as `${string}.png` });
});

it("docs in chromium: /docs opens with the introduction (what matters most, then a section per subject in the sidebar)", async () => {
  const { page, blocked } = await pageOnlyFor(chromium.browser, new URL(server.url).origin);
  type Page = { document: { body: { innerText: string } } };
  await page.goto(`${server.url}/docs`, { waitUntil: "networkidle0" });
  await page.waitForFunction(() => (globalThis as unknown as Page).document.body.innerText.includes("What matters most"), {
    timeout: 30_000,
  });
  const text = await page.evaluate(() => (globalThis as unknown as Page).document.body.innerText);
  for (const phrase of [
    "x-api-key",
    "RateLimit-Policy",
    "application/problem+json",
    "nextCursor",
    "can still be applied",
    "takes the earlier instant",
    "duration_changed",
    "Idempotent-Replayed",
    "only its operator can fix it",
  ]) {
    assert.ok(text.includes(phrase), `the introduction says ${phrase}`);
  }
  const sidebar = await page.$$eval("[role=menuitem], li[data-item-id]", (items) => items.map((item) => (item.textContent ?? "").trim()));
  for (const section of [
    "Authentication",
    "Request budget",
    "Errors",
    "Paging",
    "Time-zone changes: preview, then apply",
    "Outages and safe retries",
  ]) {
    assert.ok(sidebar.includes(section), `the sidebar has ${section}`);
  }
  assert.deepEqual(blocked, [], "no request left the server");
  const out =
    process.env["UPDATE_SCREENSHOT"] === "1"
      ? fileURLToPath(new URL("../../../../../docs/introduction.png", import.meta.url))
      : join(chromium.profile, "introduction.png");
  await page.screenshot({ path: out as `${string}.png` });
});
