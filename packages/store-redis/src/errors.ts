/**
 * Maps ioredis failures to the port's StoreUnavailableError: anything that means "Redis can't
 * answer right now" (connection down, command timeout, cluster reconfiguring). Reply errors that
 * mean a bug (WRONGTYPE, a script's own error) are passed through unchanged.
 */
import { ReplyError } from "ioredis";
import { StoreUnavailableError } from "@lintel/core";

const TRANSIENT_REPLIES = /^(LOADING|CLUSTERDOWN|TRYAGAIN|MASTERDOWN|BUSY|NOREPLICAS|READONLY)\b/;

/** True when the error says the store is unreachable or too slow, not that the call was wrong. */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof StoreUnavailableError) return true;
  if (error instanceof (ReplyError as new () => Error)) return TRANSIENT_REPLIES.test(error.message);
  // Everything else ioredis rejects with is about the connection: "Stream isn't writeable",
  // "Connection is closed.", "Command timed out", MaxRetriesPerRequestError, ClusterAllFailedError,
  // "Cluster isn't ready", ECONNREFUSED/ECONNRESET/ETIMEDOUT.
  return true;
}

/** Runs one store call, turning unavailability into StoreUnavailableError. */
export async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw error;
    if (isUnavailable(error)) {
      throw new StoreUnavailableError(`Redis did not answer: ${(error as Error).message}`, { cause: error });
    }
    throw error;
  }
}
