// /docs in Debian's headless chromium (puppeteer-core): the reference renders every operation
// of /v1/openapi.json with every request to anything but the server blocked, and opens with the
// introduction an integrator needs first, and its operation paths show their underscores at 1×
// pixel density. The screenshots are written to the temp dir, or to docs/reference.png and
// docs/introduction.png with UPDATE_SCREENSHOT=1.
// Store-independent: runs in the memory stages only.
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

it("docs in chromium: at 1× pixel density an operation's path shows its underscores (its line box holds their descent)", async () => {
  const { page } = await pageOnlyFor(chromium.browser, new URL(server.url).origin);
  await page.setViewport({ width: 1400, height: 1000, deviceScaleFactor: 1 });
  await page.goto(`${server.url}/docs`, { waitUntil: "networkidle0" });
  await page.waitForSelector(".http-verb + span", { timeout: 30_000 });
  // The path beside each operation's verb: pictured as it is, then with its underscores made
  // spaces (same width in a monospace font). Clipped underscores make the two pictures equal.
  type Element = { textContent: string | null };
  // Five are enough (each picture scrolls the long page): every path gets the same style.
  let checked = 0;
  for (const path of await page.$$(".http-verb + span")) {
    if (checked === 5) break;
    const text = await path.evaluate((element) => (element as unknown as Element).textContent ?? "");
    if (!text.includes("_")) continue;
    const shown = await path.screenshot();
    await path.evaluate((element, spaced) => void ((element as unknown as Element).textContent = spaced), text.replaceAll("_", " "));
    const withoutUnderscores = await path.screenshot();
    await path.evaluate((element, original) => void ((element as unknown as Element).textContent = original), text);
    assert.notDeepEqual(Buffer.from(shown), Buffer.from(withoutUnderscores), `the underscores of ${text} are visible`);
    checked++;
  }
  assert.equal(checked, 5, "five paths with underscores checked");
});
