/** The server's clock: epoch milliseconds. Injected everywhere (tests fix it; nothing calls Date.now() itself). */
export type Clock = () => number;

/** The real clock. */
export const systemClock: Clock = () => Date.now();

/** A clock that runs with the system's, plus an offset moved forward by `advance` (tests only). */
export interface MovableClock extends Clock {
  /** Moves the clock `ms` forward (a whole, non-negative number of milliseconds). */
  advance(ms: number): void;
  /** How far ahead of the base clock it runs, in ms. */
  readonly offsetMs: number;
}

/** A movable clock over `base` (the system's by default), starting with no offset. */
export function createMovableClock(base: Clock = systemClock): MovableClock {
  let offset = 0;
  const clock = (() => base() + offset) as MovableClock & { offsetMs: number };
  clock.advance = (ms) => {
    if (!Number.isSafeInteger(ms) || ms < 0)
      throw new RangeError(`advance: ms must be a whole number of milliseconds, at least 0 (got ${ms})`);
    offset += ms;
  };
  Object.defineProperty(clock, 'offsetMs', { get: () => offset });
  return clock;
}
