/** A hook the lock-state path calls so an adapter (e.g. Prometheus metrics) can count provider calls. */
import type { ProviderFailureReason } from "./provider-failure.js";

/** Hears every provider call the lock-state reader makes; cached and shared reads are not calls. */
export interface LockProviderObserver {
  /** A call to `provider` ended: "ok", or why it failed. */
  providerCalled(provider: string, outcome: "ok" | ProviderFailureReason): void;
}
