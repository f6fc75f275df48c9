// TEMPORARY stand-in for helper "cursor"'s lock-state-reader.ts; delete once it lands.
import type { Lock, LockState } from "@lintel/domain";

export interface LockStateReader { read(lock: Lock): Promise<LockState> }
export class ProviderUnavailableError extends Error { readonly code = "unavailable" }
