import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { readOptions } from '../internal/keys';

/**
 * The shape of a backoff: the first delay's ceiling and the ceiling of every delay.
 *
 * @example
 * ```ts
 * import type { TransportBackoffOptions } from '@matchkit/sdk/transport';
 * const fast: TransportBackoffOptions = { baseDelayMs: 100, maxDelayMs: 2000 };
 * ```
 */
export interface TransportBackoffOptions {
  /** Ceiling of the first retry's delay, in ms; each later ceiling doubles. */
  readonly baseDelayMs: number;
  /** Ceiling of every delay, in ms (the cap). */
  readonly maxDelayMs: number;
}

/**
 * The default backoff of both HTTP retries and WebSocket reconnects: ceilings of 300 ms, 600 ms,
 * 1.2 s, ... capped at 10 s.
 *
 * @defaultValue `{ baseDelayMs: 300, maxDelayMs: 10000 }`
 *
 * @example
 * ```ts
 * import { DEFAULT_TRANSPORT_BACKOFF } from '@matchkit/sdk/transport';
 * DEFAULT_TRANSPORT_BACKOFF.maxDelayMs; // 10000
 * ```
 */
export const DEFAULT_TRANSPORT_BACKOFF: TransportBackoffOptions = Object.freeze({ baseDelayMs: 300, maxDelayMs: 10_000 });

/**
 * The options of {@link retryBackoffDelay}: the backoff's ceilings (each defaulting to
 * {@link DEFAULT_TRANSPORT_BACKOFF}'s) and the source of the jitter.
 *
 * @example
 * ```ts
 * import type { RetryBackoffDelayOptions } from '@matchkit/sdk/transport';
 * const midpoint: RetryBackoffDelayOptions = { baseDelayMs: 300, maxDelayMs: 10000, random: () => 0.5 };
 * ```
 */
export interface RetryBackoffDelayOptions extends Partial<TransportBackoffOptions> {
  /**
   * A source of uniform numbers in [0, 1) (injectable for tests).
   * @defaultValue `Math.random`
   */
  readonly random?: () => number;
}

/**
 * The delay before retry number `attempt` (0 for the first retry) with "full jitter": a uniform
 * draw between 0 and `min(maxDelayMs, baseDelayMs * 2^attempt)`. Full jitter spreads the retries
 * of many clients that failed together, so a recovering server is not hit by all of them at once.
 * The delay is always within `[0, maxDelayMs]`; for the same draw it never decreases as `attempt`
 * grows, so its expectation `min(maxDelayMs, baseDelayMs * 2^attempt) / 2` does not either.
 *
 * @param attempt - the retry's index, from 0
 * @param options - the base delay, the cap and the random source; see {@link RetryBackoffDelayOptions}
 * @throws MatchkitValidationError when an argument is out of range, `options` is not an object or
 *   has a key that is not an option, or `random` returns a number outside [0, 1)
 *
 * @example
 * ```ts
 * import { retryBackoffDelay } from '@matchkit/sdk/transport';
 * retryBackoffDelay(3, { baseDelayMs: 300, maxDelayMs: 10000, random: () => 0.5 }); // 1200: half of 300 * 2^3
 * ```
 */
export function retryBackoffDelay(attempt: number, options: RetryBackoffDelayOptions = {}): number {
  const issues: ValidationIssue[] = [];
  // Before 1.0 the random source was an argument of its own: a function here is refused, not called.
  const o: RetryBackoffDelayOptions = readOptions(
    options,
    ['baseDelayMs', 'maxDelayMs', 'random'],
    issues,
    {},
    'the random source goes in options.random',
  );
  const baseDelayMs = o.baseDelayMs ?? DEFAULT_TRANSPORT_BACKOFF.baseDelayMs;
  const maxDelayMs = o.maxDelayMs ?? DEFAULT_TRANSPORT_BACKOFF.maxDelayMs;
  const random = o.random ?? Math.random;
  if (!Number.isInteger(attempt) || attempt < 0) issues.push({ path: 'attempt', message: 'must be a whole number, at least 0' });
  if (!Number.isFinite(baseDelayMs) || baseDelayMs < 0) {
    issues.push({ path: 'baseDelayMs', message: 'must be a finite number of ms, at least 0' });
  }
  if (!Number.isFinite(maxDelayMs) || maxDelayMs < 0) {
    issues.push({ path: 'maxDelayMs', message: 'must be a finite number of ms, at least 0' });
  }
  if (issues.length > 0) throw new MatchkitValidationError('backoff', issues);
  return backoffDelay(attempt, { baseDelayMs, maxDelayMs }, random);
}

/**
 * {@link retryBackoffDelay} for options already validated (the clients' retry policies): no option
 * checks, so that a client does not ship them. The random source is still checked, since it is
 * the caller's function: a draw outside [0, 1) throws instead of making a NaN or negative wait.
 * Internal: not exported from @matchkit/sdk/transport.
 */
export function backoffDelay(attempt: number, { baseDelayMs, maxDelayMs }: TransportBackoffOptions, random: () => number): number {
  const draw = random();
  if (!(draw >= 0 && draw < 1)) {
    throw new MatchkitValidationError('backoff', [{ path: 'random', message: `must return a number in [0, 1), returned ${String(draw)}` }]);
  }
  // 2^attempt overflows to Infinity for large attempts; min() then picks the cap, as it should.
  // A zero base stays zero (0 * Infinity would be NaN).
  return baseDelayMs === 0 ? 0 : draw * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
}

/**
 * Waits `ms` milliseconds, or rejects with the signal's reason as soon as `signal` aborts.
 * The default `sleep` of the transport; tests inject their own.
 *
 * @param ms - how long to wait
 * @param signal - ends the wait early
 *
 * @example
 * ```ts
 * import { abortableSleep } from './backoff'; // internal: not exported from @matchkit/sdk/transport
 * await abortableSleep(10);
 * ```
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
