/**
 * Node 26 removed `buffer.SlowBuffer` (deprecated since Node 6). Seam's fake bundles
 * `buffer-equal-constant-time` (through `jsonwebtoken`), which reads `SlowBuffer.prototype` as it
 * loads, so on Node 26 the fake cannot even be imported. This stand-in (Buffer itself, whose
 * prototype it would have shared) is test-only: it is imported before the fake, by `seam.js`.
 */
import buffer, { Buffer } from "node:buffer";

if (!("SlowBuffer" in buffer)) Object.defineProperty(buffer, "SlowBuffer", { value: Buffer, configurable: true, writable: true });
