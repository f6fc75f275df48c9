/**
 * A loopback HTTP proxy that holds every request for a settable time before passing it on:
 * put in front of Seam's fake (which has outages but no latency), it makes a slow Seam.
 */
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface SlowProxy {
  /** The proxy's base URL (use it as SEAM_ENDPOINT). */
  readonly url: string;
  /** Every request from now on is held `ms` before it is forwarded. */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (`http://127.0.0.1:port`) on a free loopback port. */
export async function startSlowProxy(target: string): Promise<SlowProxy> {
  const to = new URL(target);
  let delayMs = 0;
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const timer = setTimeout(() => {
        const forwarded = request(
          {
            host: to.hostname,
            port: to.port,
            method: incoming.method,
            path: incoming.url,
            headers: { ...incoming.headers, host: to.host },
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        forwarded.on("error", () => outgoing.destroy());
        forwarded.end(Buffer.concat(chunks));
      }, delayMs);
      outgoing.on("close", () => clearTimeout(timer)); // the caller gave up: forward nothing
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setDelay: (ms) => (delayMs = ms),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
