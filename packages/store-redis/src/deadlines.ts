/**
 * Deadlines for single store calls, without a timer per call: core's store deadlines (one queue
 * and one timer per duration, `@lintel/core` store-deadline.ts), one deadline started per call.
 * A Node timer, a race and two extra promises per call cost a Redis-backed request tens of
 * microseconds of CPU (issue 9).
 */
import { createStoreDeadlines, type StoreDeadlines } from "@lintel/core";

const byDuration = new Map<number, StoreDeadlines>();

/**
 * `running`, or a rejection with `late()` when it has not settled `ms` after this call. What
 * `running` does after that is dropped.
 */
export function withDeadline<T>(running: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let deadlines = byDuration.get(ms);
  if (deadlines === undefined) byDuration.set(ms, (deadlines = createStoreDeadlines(ms)));
  return deadlines.start(late).within(() => running);
}
