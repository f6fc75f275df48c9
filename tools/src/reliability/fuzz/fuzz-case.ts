/** What one fuzz case sends: a request line, its headers, its body and what follows it on the connection. */

/** A header as sent: the value goes out as latin1 bytes, so a wider character arrives as its low byte. */
export interface FuzzHeader {
  readonly name: string;
  readonly value: string;
}

export type BodyLength = "exact" | "short" | "long" | "chunked";

export interface FuzzCase {
  readonly method: string;
  readonly target: string;
  readonly headers: readonly FuzzHeader[];
  readonly body: { readonly text: string; readonly length: BodyLength } | null;
  /** What follows the request on the same connection; "half-close" ends the client's side right after it. */
  readonly tail: "none" | "stray-byte" | "pipelined" | "half-close";
}
