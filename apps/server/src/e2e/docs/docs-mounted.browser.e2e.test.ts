// /docs with the app mounted under a prefix in a host's own Koa app (koa-mount), in Debian's
// headless chromium: the page asks for its script and the document under the prefix, and
// renders every operation; nothing is asked of the host's root.
// Store-independent: runs in the memory stages only.
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, it } from "node:test";
import Koa from "koa";
import mount from "koa-mount";
import { applyServerEdge, createApp, createLogger, type ServerEdge } from "@lintel/api";
import { redocRenderer } from "../../docs-assets.js";
import { launchChromium, type Chromium } from "./chromium.test-support.js";
import { startTestServer, type TestServer } from "../e2e.test-support.js";

let lintelServer: TestServer;
let edge: ServerEdge;
let base: string;
let chromium: Chromium;
before(async () => {
  lintelServer = await startTestServer(); // for its Lintel; the host below serves it
  const host = new Koa();
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host.use(
    mount(
      "/lintel",
      createApp({
        lintel: lintelServer.lintel,
        config: { publicBaseUrl: `${base}/lintel`, docsUrl: `${base}/lintel/docs`, trustedProxies: 0 },
        logger: createLogger("silent"),
        draining: () => edge.draining,
        docsRenderer: redocRenderer,
      }),
    ),
  );
  host.use((ctx) => {
    ctx.status = 404;
    ctx.body = "the host's own 404";
  });
  edge = applyServerEdge(server, host.callback());
  chromium = await launchChromium();
});
after(async () => {
  await chromium?.close();
  await edge?.close();
  await lintelServer?.close();
});

it("docs under a prefix: /lintel/docs loads its script and document from /lintel and renders every operation", async () => {
  const spec = (await (await fetch(`${base}/lintel/v1/openapi.json`)).json()) as {
    servers: { url: string }[];
    paths: Record<string, Record<string, { summary: string }>>;
  };
  assert.equal(spec.servers[0]?.url, `${base}/lintel`);
  const summaries = Object.values(spec.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.summary));
  const page = await chromium.browser.newPage();
  const asked: { url: string; status: number }[] = [];
  page.on("response", (response) => void asked.push({ url: response.url(), status: response.status() }));
  const answer = await page.goto(`${base}/lintel/docs`, { waitUntil: "networkidle0" });
  assert.equal(answer?.status(), 200);
  type Page = { document: { body: { innerText: string } } };
  const listed = (wanted: string[]) => wanted.every((summary) => (globalThis as unknown as Page).document.body.innerText.includes(summary));
  await page.waitForFunction(listed, { timeout: 30_000 }, summaries).catch(() => undefined);
  const text = await page.evaluate(() => (globalThis as unknown as Page).document.body.innerText);
  for (const summary of summaries) assert.ok(text.includes(summary), `the mounted reference lists "${summary}"`);
  assert.ok(
    asked.some(({ url, status }) => url === `${base}/lintel/docs/assets/redoc.standalone.js` && status === 200),
    JSON.stringify(asked),
  );
  assert.ok(
    asked.some(({ url, status }) => url === `${base}/lintel/v1/openapi.json` && status === 200),
    JSON.stringify(asked),
  );
  assert.deepEqual(
    // The browser's own favicon request is not the page's.
    asked.filter(({ url }) => url.startsWith(base) && !url.startsWith(`${base}/lintel/`) && url !== `${base}/favicon.ico`),
    [],
    "the page asks nothing of the host's root",
  );
  // Every link the page shows (the guide's included) stays under the prefix.
  type Anchors = { document: { querySelectorAll(selector: string): Iterable<{ href: string }> } };
  const hrefs = await page.evaluate(() => [...(globalThis as unknown as Anchors).document.querySelectorAll("a[href]")].map((a) => a.href));
  assert.ok(hrefs.includes(`${base}/lintel/v1/openapi.json`), "the guide links the document under the prefix");
  assert.deepEqual(
    hrefs.filter((href) => href.startsWith(base) && !href.startsWith(`${base}/lintel/`)),
    [],
    "no link leaves the prefix",
  );
});
