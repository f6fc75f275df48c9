// /docs in Debian's headless chromium (puppeteer-core): the reference renders every operation
// of /v1/openapi.json with every request to anything but the server blocked, and opens with the
// introduction an integrator needs first. The screenshots are written to the temp dir, or to
// docs/reference.png and docs/introduction.png with UPDATE_SCREENSHOT=1.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, it } from "node:test";
import puppeteer, { type Browser } from "puppeteer-core";
import { startTestServer, type TestServer } from "./e2e.test-support.js";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let server: TestServer;
let browser: Browser;
let profile: string;
before(async () => {
  const executablePath = process.env["CHROMIUM_PATH"];
  assert.ok(executablePath, "CHROMIUM_PATH is set (tools/run-tests.mjs finds or installs Debian's chromium)");
  server = await startTestServer();
  profile = await mkdtemp(join(tmpdir(), "lintel-chromium-"));
  browser = await puppeteer.launch({ executablePath, headless: true, args: [...FLAGS, `--user-data-dir=${profile}`] });
});
after(async () => {
  await browser?.close();
  await server?.close();
  await rm(profile, { recursive: true, force: true });
});

it("docs in chromium: /docs renders the reference with every operation, loading nothing but the server", async () => {
  const spec = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { summary: string }>>;
  };
  const summaries = Object.values(spec.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.summary));
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
  const origin = new URL(server.url).origin;
  const blocked: string[] = [];
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith(`${origin}/`) || url.startsWith("data:") || url.startsWith("blob:")) void request.continue();
    else {
      blocked.push(url);
      void request.abort("blockedbyclient");
    }
  });
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
      ? fileURLToPath(new URL("../../../docs/reference.png", import.meta.url))
      : join(profile, "reference.png");
  // The picture: one operation, its parameters and its example answer, the sidebar open at Locks.
  await page.goto(`${server.url}/docs#tag/Locks/operation/listLocks`, { waitUntil: "networkidle0" });
  await page.waitForFunction(() => (globalThis as unknown as Page).document.body.innerText.includes("nextCursor"), { timeout: 30_000 });
  assert.deepEqual(blocked, [], "no request left the server");
  await page.screenshot({ path: out as `${string}.png` });
});

it("docs in chromium: /docs opens with the introduction (what matters most, then a section per subject in the sidebar)", async () => {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
  const origin = new URL(server.url).origin;
  const blocked: string[] = [];
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith(`${origin}/`) || url.startsWith("data:") || url.startsWith("blob:")) void request.continue();
    else {
      blocked.push(url);
      void request.abort("blockedbyclient");
    }
  });
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
      ? fileURLToPath(new URL("../../../docs/introduction.png", import.meta.url))
      : join(profile, "introduction.png");
  await page.screenshot({ path: out as `${string}.png` });
});
