/**
 * Where a webhook may go: the address policy and the name resolution of the webhook sender
 * (http-webhook-sender.js). Loopback, private, link-local, unspecified, multicast and reserved
 * addresses are refused, and so are the IPv4-mapped, SIIT, NAT64, 6to4 and Teredo forms of them.
 * Names resolve through c-ares with a deadline, never through the threadpool's `dns.lookup`.
 */
import type { LookupAddress } from "node:dns";
import { Resolver } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const refusedV4 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // unspecified, "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  refusedV4.addSubnet(net, prefix, "ipv4");
}
const refusedV6 = new BlockList();
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
  ["100::", 64], // discard
  ["64:ff9b:1::", 48], // local-use NAT64 (RFC 8215): translates to any IPv4, private ones included
  ["2001::", 32], // Teredo: tunnels to an embedded IPv4 client address
] as const) {
  refusedV6.addSubnet(net, prefix, "ipv6");
}

/** The 8 groups of an IPv6 address (dotted IPv4 tail included), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string) => (s === "" ? [] : s.split(":").map((g) => parseInt(g, 16)));
  const start = part(head);
  const end = tail === undefined ? [] : part(tail);
  const groups = tail === undefined ? start : [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** Why a webhook may not go to `address` (an IP literal), or null when it may. */
export function refusedAddressReason(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return refusedV4.check(address, "ipv4") ? `${address} is a loopback, private or reserved address` : null;
  if (family !== 6) return `${address} is not an IP address`;
  const groups = ipv6Groups(address);
  if (groups === null) return `${address} is not an IP address`;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  // An IPv4 address in IPv6 clothes is judged as the IPv4 address: mapped (::ffff:a.b.c.d),
  // SIIT (::ffff:0:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4
  // (2002:AABB:CCDD::).
  const zeroHead = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroHead && (g5 === 0xffff || (g5 === 0 && (g6 !== 0 || g7 > 1)))) return refusedAddressReason(v4Of(g6, g7));
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return refusedAddressReason(v4Of(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return refusedAddressReason(v4Of(g6, g7));
  if (g0 === 0x2002) return refusedAddressReason(v4Of(g1 ?? 0, g2 ?? 0));
  return refusedV6.check(address.replace(/%.*$/, ""), "ipv6") ? `${address} is a loopback, private or link-local address` : null;
}

/** A resolution that failed: `ETIMEOUT` past its deadline, else `ENOTFOUND`. */
export class ResolveError extends Error {
  override readonly name = "ResolveError";
  constructor(readonly code: "ETIMEOUT" | "ENOTFOUND") {
    super(code === "ETIMEOUT" ? "DNS lookup timed out" : "host not found");
  }
}

/** A and/or AAAA records of `host` through c-ares (its own sockets, no threadpool thread); `signal` cancels the queries. */
export async function resolveWithCares(host: string, family: number, timeoutMs: number, signal: AbortSignal): Promise<LookupAddress[]> {
  // Each query gets about half the deadline per try, two tries; the caller's deadline is the bound that holds.
  const resolver = new Resolver({ timeout: Math.max(100, Math.ceil(timeoutMs / 2)), tries: 2 });
  const cancel = () => resolver.cancel();
  signal.addEventListener("abort", cancel, { once: true });
  try {
    const [v4, v6] = await Promise.allSettled([
      family === 6 ? Promise.resolve([]) : resolver.resolve4(host),
      family === 4 ? Promise.resolve([]) : resolver.resolve6(host),
    ]);
    const addresses = [
      ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 })) : []),
      ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ];
    if (addresses.length > 0) return addresses;
    const timedOut = [v4, v6].some((r) => r.status === "rejected" && (r.reason as NodeJS.ErrnoException).code === "ETIMEOUT");
    throw new ResolveError(timedOut ? "ETIMEOUT" : "ENOTFOUND");
  } finally {
    signal.removeEventListener("abort", cancel);
  }
}

/** `localhost` and its subdomains are loopback by definition (RFC 6761): refused without a query. */
export const isLocalhost = (host: string) => /(^|\.)localhost\.?$/i.test(host);
