/**
 * The webhook sender (core's `WebhookSender` port) on node:http/https: one POST per attempt,
 * 15 s for the whole exchange, no redirects followed (a 3xx is an answer like any other), at most
 * 4 KiB of the answer read and then dropped. Unless WEBHOOK_ALLOW_PRIVATE, the destination is
 * checked at every attempt: the url must be `https:`, an IP literal is judged directly, a host
 * name through the connection's own `lookup`, which refuses every loopback, private,
 * link-local, unspecified (and multicast, reserved, IPv4-mapped, SIIT, NAT64, 6to4 or Teredo
 * forms of them) answer and hands the socket exactly the addresses it checked, so no DNS answer
 * can change between the check and the connect.
 *
 * Names are resolved with c-ares (`dns.promises.Resolver`, A and AAAA queries), not
 * `dns.lookup`: a lookup holds one of libuv's 4 threadpool threads for as long as the DNS takes,
 * so a few slow names would stall zlib and fs for every tenant. Every resolution (at create and
 * at each attempt) has a deadline (4 s by default); past it the create is refused and the
 * attempt fails as `DNS lookup timed out`. c-ares reads no /etc/hosts, so `localhost` (and
 * `*.localhost`) is refused without a query (RFC 6761: it is loopback). With
 * WEBHOOK_ALLOW_PRIVATE nothing is checked and node's own lookup connects, so `localhost` and
 * /etc/hosts names work in development and tests (bounded there only by the attempt's 15 s).
 * The address policy and the resolver are in webhook-destinations.js.
 */
import type { LookupAddress, LookupAllOptions } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { WebhookRequest, WebhookResponse, WebhookSender } from "@lintel/core/adapters";
import { isLocalhost, refusedAddressReason, ResolveError, resolveWithCares } from "./webhook-destinations.js";

/** The answer's bytes read at most before the connection is dropped. */
const MAX_ANSWER_BYTES = 4096;

/** How a host name is resolved when a test supplies it (by default: c-ares, see above). */
export type HostLookup = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** Settings of {@link createWebhookSender}. */
export interface WebhookSenderOptions {
  /**
   * Send to any address, `http://`, loopback and private ones included (development, tests).
   * Default false. `@lintel/server` sets it from WEBHOOK_ALLOW_PRIVATE; an embedding sets it
   * itself (and `webhookAllowPrivate` of the Lintel, which lets endpoints be created with such urls).
   */
  readonly allowPrivate?: boolean;
  /** The whole attempt's bound, ms. Default 15,000. */
  readonly timeoutMs?: number;
  /** Default: A and AAAA queries through c-ares (never node's threadpool `dns.lookup`). */
  readonly lookup?: HostLookup;
  /** Every name resolution's bound, ms. Default 4,000. */
  readonly resolveTimeoutMs?: number;
}

/** A refusal the connection's lookup raises: the destination resolved to an address webhooks never go to. */
class RefusedDestinationError extends Error {
  override readonly name = "RefusedDestinationError";
}

/** The url's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

function retryAfterOf(answer: IncomingMessage): number | undefined {
  const header = answer.headers["retry-after"];
  if (header === undefined) return undefined;
  if (/^\d{1,9}$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Words for a failed connection, from its error code: never the url, a header or a body. */
function connectionError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
      return "connection reset";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "host not found";
    case "ETIMEOUT":
      return "DNS lookup timed out";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "host unreachable";
    default:
      return error.code?.startsWith("ERR_TLS") || error.code?.includes("CERT")
        ? `TLS failed (${error.code})`
        : `connection failed (${error.code ?? "error"})`;
  }
}

/** What a refusal a development setting would lift says of that setting. */
const ALLOW_PRIVATE_HINT = " (on a development machine, WEBHOOK_ALLOW_PRIVATE=true allows it)";

/** The sender over node:http/https; without options, to `https://` public destinations only, 15 s per attempt. */
export function createWebhookSender(options: WebhookSenderOptions = {}): WebhookSender {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const resolveTimeoutMs = options.resolveTimeoutMs ?? 4_000;
  const injected = options.lookup;

  /** The addresses of `host`, or a {@link ResolveError} within `resolveTimeoutMs` whatever the DNS does. */
  function resolveHost(host: string, family: number): Promise<LookupAddress[]> {
    const deadline = new AbortController();
    return new Promise<LookupAddress[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        deadline.abort();
        reject(new ResolveError("ETIMEOUT"));
      }, resolveTimeoutMs);
      const settle = (error: unknown, addresses: LookupAddress[]) => {
        clearTimeout(timer);
        if (error === null) resolve(addresses);
        else reject(error instanceof ResolveError ? error : new ResolveError("ENOTFOUND"));
      };
      if (injected !== undefined) injected(host, { all: true, family, verbatim: true }, settle);
      else
        resolveWithCares(host, family, resolveTimeoutMs, deadline.signal).then(
          (addresses) => settle(null, addresses),
          (error) => settle(error, []),
        );
    });
  }

  /** Resolves `host` and refuses it when any answer is an address webhooks never go to. */
  async function checkedAddresses(host: string, family: number): Promise<LookupAddress[]> {
    if (isLocalhost(host)) throw new RefusedDestinationError(`${host.slice(0, 100)} is a loopback name`);
    const addresses = await resolveHost(host, family);
    const refused = addresses.map((a) => refusedAddressReason(a.address)).find((reason) => reason !== null);
    if (refused !== undefined) throw new RefusedDestinationError(`${host.slice(0, 100)} resolves to ${refused}`);
    if (addresses.length === 0) throw new ResolveError("ENOTFOUND");
    return addresses;
  }

  /** The connection's lookup: the addresses it connects to are the ones checked, in the same call. */
  const checkingLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    const family = typeof lookupOptions.family === "number" ? lookupOptions.family : 0;
    checkedAddresses(hostname, family).then(
      (addresses) => {
        if (lookupOptions.all === true) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
        else callback(null, addresses[0]?.address ?? "", addresses[0]?.family ?? 4);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 4),
    );
  };

  async function refusal(url: string): Promise<string | null> {
    if (options.allowPrivate) return null;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return "Not an absolute URL.";
    }
    const host = hostOf(parsed);
    if (isIP(host) !== 0) {
      const reason = refusedAddressReason(host);
      return reason === null ? null : `Webhooks are not sent to private destinations: ${reason}${ALLOW_PRIVATE_HINT}.`;
    }
    try {
      await checkedAddresses(host, 0);
      return null;
    } catch (error) {
      if (error instanceof RefusedDestinationError)
        return `Webhooks are not sent to private destinations: ${error.message}${ALLOW_PRIVATE_HINT}.`;
      if (error instanceof ResolveError && error.code === "ETIMEOUT") return `The host ${host.slice(0, 100)} did not resolve in time.`;
      return `The host ${host.slice(0, 100)} does not resolve.`;
    }
  }

  function send(attempt: WebhookRequest): Promise<WebhookResponse> {
    const url = new URL(attempt.url);
    const host = hostOf(url);
    // Checked again at every attempt: an http:// endpoint made while private destinations were allowed is sent nothing after.
    if (!options.allowPrivate && url.protocol !== "https:") {
      return Promise.resolve({ ok: false, kind: "refused_destination", error: `destination refused: ${url.protocol}// is not https` });
    }
    if (!options.allowPrivate && isIP(host) !== 0) {
      const reason = refusedAddressReason(host);
      if (reason !== null) return Promise.resolve({ ok: false, kind: "refused_destination", error: `destination refused: ${reason}` });
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([attempt.signal, timeout]);
    const request = url.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const settle = (response: WebhookResponse) => {
        if (!settled) resolve(response);
        settled = true;
      };
      const outgoing = request(
        url,
        {
          method: "POST",
          headers: { ...attempt.headers, "content-length": Buffer.byteLength(attempt.body) },
          agent: false, // a fresh, checked connection per attempt
          signal,
          ...(options.allowPrivate ? {} : { lookup: checkingLookup }),
        },
        (answer) => {
          const status = answer.statusCode ?? 0;
          let read = 0;
          answer.on("data", (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) answer.destroy(); // the rest is not ours to read
          });
          answer.on("error", () => undefined);
          settle({ ok: true, status, retryAfterSeconds: retryAfterOf(answer) });
        },
      );
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        if (error instanceof RefusedDestinationError || error.cause instanceof RefusedDestinationError) {
          settle({ ok: false, kind: "refused_destination", error: `destination refused: ${error.message}` });
        } else if (timeout.aborted) {
          settle({ ok: false, kind: "timeout", error: `timed out after ${Math.round(timeoutMs / 1000)} s` });
        } else if (attempt.signal.aborted) {
          settle({ ok: false, kind: "connection", error: "cancelled at shutdown" });
        } else {
          settle({ ok: false, kind: "connection", error: connectionError(error) });
        }
      });
      outgoing.end(attempt.body);
    });
  }

  return { send, refusal };
}
