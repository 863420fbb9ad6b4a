// The simulated feed's options, their defaults and their validation.
import { MatchkitValidationError, type ValidationIssue } from '@matchkit/sdk/errors';

/** The fewest milliseconds between two ticks: at most five patches a second. */
export const MIN_INTERVAL_MS = 200;
/** The most ticks a late timer catches up one by one; further behind, the feed jumps (a gap). */
export const MAX_CATCH_UP = 4;
/** The default tick of the simulated feed, milliseconds (four patches a second). */
export const DEFAULT_INTERVAL_MS = 250;
/** The most events the simulated feed lists (`FEED_EVENTS`): over 10x the default. */
export const MAX_EVENT_COUNT = 1000;
/** The default number of events listed at any moment. */
export const DEFAULT_EVENT_COUNT = 60;
/** The default horizon: football is listed up to 6 hours before kick-off. */
export const DEFAULT_HORIZON_MS = 6 * 3_600_000;
/**
 * The default origin (tick 0): 2025-01-01T00:00:00Z. A fixed default lets every process with the
 * same seed agree on the tick of a moment; at 250 ms a tick, seq stays below 2^31 until 2042.
 */
export const DEFAULT_ORIGIN_MS = Date.UTC(2025, 0, 1);

/** Options of {@link createSimulatedFeed}. */
export interface SimulatedFeedOptions {
  /** The seed, a whole number from 0 to 4294967295: the same seed gives the same feed. */
  readonly seed: number;
  /** The time now, epoch milliseconds (injected: tests pass a fake). */
  readonly clock: () => number;
  /**
   * Milliseconds between ticks, a whole number from 200 (at most 5 patches a second) to 60000.
   * @defaultValue 250
   */
  readonly intervalMs?: number | undefined;
  /**
   * The epoch milliseconds of tick 0; the feed starts at the tick of `clock()`.
   * @defaultValue 1735689600000 (2025-01-01T00:00:00Z)
   */
  readonly origin?: number | undefined;
  /**
   * Events listed at any moment, 10 to 1000: half football, a tenth golf, the rest races.
   * @defaultValue 60
   */
  readonly eventCount?: number | undefined;
  /**
   * How far ahead football is listed, milliseconds, at least 60000 (races a third of it, golf four
   * times it); each event is replaced when it starts.
   * @defaultValue 21600000 (6 hours)
   */
  readonly horizonMs?: number | undefined;
  /**
   * Called when a patch listener throws (the other listeners still get the patch).
   * @defaultValue logs with console.error
   */
  readonly onListenerError?: ((error: unknown) => void) | undefined;
}

export interface Config {
  readonly seed: number;
  readonly intervalMs: number;
  readonly origin: number;
  readonly eventCount: number;
  readonly horizonMinutes: number;
}

export function checkWhole(issues: ValidationIssue[], path: string, value: unknown, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    issues.push({ path, message: `must be a whole number, received ${typeof value === 'number' ? String(value) : typeof value}` });
  } else if (value < min) issues.push({ path, message: `must be at least ${min}` });
  else if (value > max) issues.push({ path, message: `must be at most ${max}` });
}

/**
 * The options resolved and checked. `minIntervalMs` is the floor of `intervalMs`: the public
 * {@link MIN_INTERVAL_MS} for a feed on its own timer, lower for a feed its caller steps by hand.
 */
export function resolve(options: SimulatedFeedOptions, minIntervalMs: number = MIN_INTERVAL_MS): Config & { now: number } {
  const issues: ValidationIssue[] = [];
  if (typeof options !== 'object' || options === null)
    throw new MatchkitValidationError('simulated feed options', [{ path: '', message: 'must be an object' }]);
  const known = new Set(['seed', 'clock', 'intervalMs', 'origin', 'eventCount', 'horizonMs', 'onListenerError']);
  for (const k of Object.keys(options)) if (!known.has(k)) issues.push({ path: k, message: 'unknown option' });
  checkWhole(issues, 'seed', options.seed, 0, 0xffffffff);
  if (typeof options.clock !== 'function') issues.push({ path: 'clock', message: 'must be a function returning epoch milliseconds' });
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  if (typeof intervalMs === 'number' && Number.isInteger(intervalMs) && intervalMs < minIntervalMs) {
    issues.push({
      path: 'intervalMs',
      message:
        minIntervalMs === MIN_INTERVAL_MS
          ? `must be at least ${MIN_INTERVAL_MS} ms (no more than 5 patches a second), received ${intervalMs}`
          : `must be at least ${minIntervalMs} ms, received ${intervalMs}`,
    });
  } else checkWhole(issues, 'intervalMs', intervalMs, minIntervalMs, 60_000);
  const origin = options.origin ?? DEFAULT_ORIGIN_MS;
  checkWhole(issues, 'origin', origin, 0, 8.64e15);
  const eventCount = options.eventCount ?? DEFAULT_EVENT_COUNT;
  checkWhole(issues, 'eventCount', eventCount, 10, MAX_EVENT_COUNT);
  const horizonMs = options.horizonMs ?? DEFAULT_HORIZON_MS;
  checkWhole(issues, 'horizonMs', horizonMs, 60_000, 30 * 86_400_000);
  if (options.onListenerError !== undefined && typeof options.onListenerError !== 'function') {
    issues.push({ path: 'onListenerError', message: 'must be a function' });
  }
  let now = Number.NaN;
  if (typeof options.clock === 'function') {
    now = options.clock();
    if (typeof now !== 'number' || !Number.isFinite(now))
      issues.push({ path: 'clock', message: `must return epoch milliseconds, returned ${String(now)}` });
    else if (issues.every((i) => i.path !== 'origin') && now < origin)
      issues.push({ path: 'origin', message: `must not be after the clock (${now})` });
  }
  if (issues.length > 0) throw new MatchkitValidationError('simulated feed options', issues);
  return { seed: options.seed, intervalMs, origin, eventCount, horizonMinutes: Math.floor(horizonMs / 60_000), now };
}
