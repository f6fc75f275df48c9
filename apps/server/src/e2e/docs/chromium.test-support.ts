/**
 * Debian's headless chromium for the browser tests (puppeteer-core), with the flags this
 * machine's closed network needs and a profile of its own, and a page that lets requests reach
 * only one origin (every other one is aborted and listed).
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";

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

/** A running chromium and its throwaway profile folder. */
export interface Chromium {
  readonly browser: Browser;
  /** A folder of the test's own (the profile's), for screenshots. */
  readonly profile: string;
  close(): Promise<void>;
}

/** Starts chromium at CHROMIUM_PATH (tools/run-tests.mjs finds or installs Debian's). */
export async function launchChromium(): Promise<Chromium> {
  const executablePath = process.env["CHROMIUM_PATH"];
  assert.ok(executablePath, "CHROMIUM_PATH is set (tools/run-tests.mjs finds or installs Debian's chromium)");
  const profile = await mkdtemp(join(tmpdir(), "lintel-chromium-"));
  const browser = await puppeteer.launch({ executablePath, headless: true, args: [...FLAGS, `--user-data-dir=${profile}`] });
  return {
    browser,
    profile,
    async close() {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** A 1400×1000 page whose requests may reach only `origin`; `blocked` lists the others, aborted. */
export async function pageOnlyFor(browser: Browser, origin: string): Promise<{ page: Page; blocked: string[] }> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
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
  return { page, blocked };
}
