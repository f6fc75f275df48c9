/**
 * `lock.state_changed`: every state read fresh from a provider (a state read, a
 * provider's webhook) is compared with the last one observed for the lock, kept in the store and
 * shared by every instance. The first observation is stored without an event; a change is
 * stored with its event by a compare-and-set, so when several instances observe one change at
 * once exactly one of them writes the event, and the others find it already there. Each
 * observation is kept with its `fetchedAt`: an answer fetched no later than the stored one (a
 * slow provider call of another instance, arriving late) changes nothing and emits nothing, so
 * it cannot undo a newer observation. An unchanged state still advances the stored `fetchedAt`
 * (one write), so an older answer arriving after it is recognised as older too. The device's code
 * rules, where the answer lists them, are kept with the observation (never compared, no event):
 * where a booking finds them without asking the provider; so are the tags of the PINs of the
 * device's codes Lintel did not place, where the answer lists them (outside-codes.js).
 */

import type { LockState } from "@lintel/domain";
import { observationChanged, observedPart, isoInstant, type LintelEvent } from "@lintel/domain/adapters";
import { randomId } from "../common/event-ids.js";
import type { LockObservation, LockObservations } from "../ports/event-ports.js";
import type { Clock, LockReading } from "../ports/ports.js";

/** Compare-and-set tries before giving up on a lock whose observations keep changing under us. */
const MAX_SWAPS = 3;

/** The state as served inside an event (a provider's answer may carry more than the record's fields). */
function servedState(state: LockState): LockState {
  const { lockId, provider, lockState, doorState, online, batteryLevel, lastSeenAt, fetchedAt } = state;
  return { lockId, provider, lockState, doorState, online, batteryLevel, lastSeenAt, fetchedAt };
}

/**
 * Observes `state` of a lock of `orgId`: the `lock.state_changed` event it stored, or null when
 * nothing changed (or this was the first observation, or another instance stored the same change).
 */
export async function observeLockState(
  ports: { readonly observations: LockObservations },
  orgId: string,
  state: LockReading,
  clock: Clock,
): Promise<LintelEvent | null> {
  const fetchedMs = Date.parse(state.fetchedAt);
  const read: LockObservation = {
    ...observedPart(state),
    fetchedAt: isoInstant(Number.isFinite(fetchedMs) ? fetchedMs : clock.now()),
    ...(state.codeRules === undefined ? {} : { codeRules: state.codeRules }),
  };
  let expected = await ports.observations.last(orgId, state.lockId);
  for (let attempt = 0; attempt < MAX_SWAPS; attempt++) {
    // What is stored was fetched no earlier: this answer is stale (or the same one), it changes nothing.
    if (expected !== null && expected.fetchedAt >= read.fetchedAt) return null;
    // Only the learner's reads list the device's codes: any other keeps the outside tags stored.
    const outsideTags = state.outsideTags ?? expected?.outsideTags;
    const next: LockObservation = outsideTags === undefined ? read : { ...read, outsideTags };
    const event: LintelEvent | null =
      expected === null || !observationChanged(expected, next)
        ? null
        : {
            id: randomId("evt_"),
            orgId,
            type: "lock.state_changed",
            createdAt: isoInstant(clock.now()),
            data: { lockId: state.lockId, provider: state.provider, previous: observedPart(expected), state: servedState(state) },
          };
    const swap = await ports.observations.swap(orgId, state.lockId, expected, next, event);
    if (swap.swapped) return event;
    expected = swap.current; // another observation got there first: compare with it (and its age)
  }
  return null;
}
