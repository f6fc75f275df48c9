/**
 * Deadlines for store calls without a timer per call. Every call of one duration expires in the
 * order it was made, so each duration keeps its calls in a queue and one timer, set for the
 * oldest call still waiting. A call that settles is skipped (and dropped from the head at the
 * next call), so the queue holds only what is in flight: a Node timer, a race and two extra
 * promises per call cost a Redis-backed request tens of microseconds of CPU (issue 9).
 */

interface Waiter {
  readonly at: number;
  /** Rejects the caller; undefined once the call settled. */
  expire: (() => void) | undefined;
}

interface Queue {
  waiters: Waiter[];
  head: number;
  timer: NodeJS.Timeout | undefined;
}

const queues = new Map<number, Queue>();

/** Drops settled calls from the head; compacts the array once most of it is behind the head. */
function dropSettled(queue: Queue): void {
  while (queue.head < queue.waiters.length && queue.waiters[queue.head]?.expire === undefined) queue.head++;
  if (queue.head > 1024 && queue.head * 2 > queue.waiters.length) {
    queue.waiters = queue.waiters.slice(queue.head);
    queue.head = 0;
  }
}

function arm(queue: Queue): void {
  dropSettled(queue);
  const first = queue.waiters[queue.head];
  if (first === undefined) return;
  queue.timer = setTimeout(() => expireDue(queue), Math.max(0, first.at - performance.now()));
  queue.timer.unref();
}

function expireDue(queue: Queue): void {
  queue.timer = undefined;
  const now = performance.now();
  for (;;) {
    dropSettled(queue);
    const first = queue.waiters[queue.head];
    if (first === undefined || first.at > now) break;
    queue.head++;
    first.expire?.();
  }
  arm(queue);
}

/**
 * `running`, or a rejection with `late()` when it has not settled `ms` after this call. What
 * `running` does after that is dropped.
 */
export function withDeadline<T>(running: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let queue = queues.get(ms);
  if (queue === undefined) queues.set(ms, (queue = { waiters: [], head: 0, timer: undefined }));
  dropSettled(queue);
  const armed = queue;
  return new Promise<T>((resolve, reject) => {
    const waiter: Waiter = { at: performance.now() + ms, expire: () => reject(late()) };
    armed.waiters.push(waiter);
    if (armed.timer === undefined) arm(armed);
    running.then(
      (value) => {
        waiter.expire = undefined;
        resolve(value);
      },
      (error: unknown) => {
        waiter.expire = undefined;
        reject(error);
      },
    );
  });
}
