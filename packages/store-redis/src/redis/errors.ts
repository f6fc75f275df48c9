/**
 * Maps ioredis failures to the port's StoreUnavailableError — only those that mean "Redis can't
 * answer right now": the connection is down or closing, a command or connect timed out, retries
 * ran out, the cluster is down or reconfiguring. Everything else (a WRONGTYPE reply, a script's
 * own error, a record that does not parse, a bug) passes through unchanged: a 500 logged with
 * its stack, never a 503 that invites a retry that cannot help.
 */
import { ReplyError } from "ioredis";
import { StoreUnavailableError } from "@lintel/core";

const TRANSIENT_REPLIES = /^(LOADING|CLUSTERDOWN|TRYAGAIN|MASTERDOWN|BUSY|NOREPLICAS|READONLY)\b/;

/** ioredis's own errors for a connection that is gone, going, or too slow (it throws plain Errors). */
const CONNECTION_MESSAGES =
  /^(Connection is closed|Stream isn't writeable|Command timed out|Command aborted due to connection close|Connection is (discarded|aborted)|Socket timeout|connect ETIMEDOUT|Ready check failed|Cluster isn't ready|Cluster is (disconnected|disconnecting|ended)|None of startup nodes is available|Node is disconnected|Too many Cluster redirections)/;

/** Error names ioredis gives when retries ran out or every cluster node failed. */
const CONNECTION_ERROR_NAMES = new Set(["MaxRetriesPerRequestError", "ClusterAllFailedError"]);

/** Socket-level codes (`ECONNREFUSED`, `ECONNRESET`, `ETIMEDOUT`, …) of node:net errors. */
const SOCKET_CODES = /^(ECONN\w*|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN|EAI_AGAIN)$/;

/** A reply Redis sent (`-ERR …`), as opposed to a failure to get one. */
function isReplyError(error: Error): boolean {
  return error instanceof (ReplyError as new () => Error);
}

/** True when the error says the store is unreachable or too slow, not that the call was wrong. */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof StoreUnavailableError) return true;
  if (isReplyError(error)) return TRANSIENT_REPLIES.test(error.message);
  const code = (error as { code?: unknown }).code;
  return (
    CONNECTION_ERROR_NAMES.has(error.name) ||
    (typeof code === "string" && SOCKET_CODES.test(code)) ||
    CONNECTION_MESSAGES.test(error.message)
  );
}

/**
 * Takes off what ioredis attaches to an error about the command that failed: `command`
 * (`{ name, args }`) and a transaction's `previousErrors` (each with its own). The args carry
 * what was written (an endpoint's secret, an idempotent answer holding it), and an error is
 * logged whole (`{ err }`), so none leaves the adapter with them. Returns the same error.
 */
export function withoutCommand<E>(error: E): E {
  if (typeof error === "object" && error !== null) {
    const carried = error as { command?: unknown; previousErrors?: unknown; cause?: unknown };
    if ("command" in carried) delete carried.command;
    if (Array.isArray(carried.previousErrors)) carried.previousErrors.forEach((one) => withoutCommand(one));
    if (carried.cause !== undefined && carried.cause !== error) withoutCommand(carried.cause);
  }
  return error;
}

/**
 * Runs one store call, turning unavailability into StoreUnavailableError. How long a request
 * waits is not the adapter's to say: the request's store deadline (`@lintel/core`'s
 * request scope) races every call of it; ioredis's command timeout only frees a command
 * nobody waits for any more (client.js). No error leaves with the command's args ({@link withoutCommand}).
 */
export async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (caught) {
    const error = withoutCommand(caught);
    if (error instanceof StoreUnavailableError) throw error;
    if (isUnavailable(error)) {
      throw new StoreUnavailableError(`Redis did not answer: ${(error as Error).message}`, { cause: error });
    }
    throw error;
  }
}
