/**
 * A clock that end-to-end tests can move (CLOCK_CONTROL): the wall clock plus an offset, so time
 * goes on passing after a move. With no move it is the wall clock.
 */
export interface AdjustableClock {
  now: () => Date;
  /** Makes `now()` read `at` at this instant; null goes back to the wall clock. */
  set: (at: Date | null) => void;
  offsetMs: () => number;
}

export function createAdjustableClock(wall: () => Date = () => new Date()): AdjustableClock {
  let offset = 0;
  return {
    now: () => new Date(wall().getTime() + offset),
    set: (at) => {
      offset = at === null ? 0 : at.getTime() - wall().getTime();
    },
    offsetMs: () => offset,
  };
}
