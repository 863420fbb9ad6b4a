import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors';
import { DEFAULT_TRANSPORT_BACKOFF, retryBackoffDelay } from '../transport';
import { validationError } from '../internal/testing/validation';
import { abortableSleep } from './backoff';

describe('retryBackoffDelay', () => {
  it('doubles the ceiling from 300 ms up to the 10 s cap (hand-worked with a draw of 0.5)', () => {
    // Ceilings 300, 600, 1200, 2400, 4800, 9600, then capped at 10 000; half of each.
    expect([0, 1, 2, 3, 4, 5, 6, 7, 60].map((n) => retryBackoffDelay(n, { ...DEFAULT_TRANSPORT_BACKOFF, random: () => 0.5 }))).toEqual([
      150, 300, 600, 1200, 2400, 4800, 5000, 5000, 5000,
    ]);
  });

  it('stays at the cap for attempts whose 2^n overflows', () => {
    expect(retryBackoffDelay(5000, { baseDelayMs: 1, maxDelayMs: 7000, random: () => 0.25 })).toBe(1750);
    // each ceiling left out takes the default (300 ms, capped at 10 s): half of 300 * 2^2
    expect(retryBackoffDelay(2, { random: () => 0.5 })).toBe(600);
    expect(retryBackoffDelay(10, { baseDelayMs: 1000, random: () => 0.5 })).toBe(5000);
  });

  it('rejects bad arguments and a random source outside [0, 1), naming each', () => {
    const paths = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return isValidationError(e) ? e.issues.map((i) => i.path) : ['?'];
      }
      return [];
    };
    expect(paths(() => retryBackoffDelay(-1, { baseDelayMs: Number.NaN, maxDelayMs: -1 }))).toEqual([
      'attempt',
      'baseDelayMs',
      'maxDelayMs',
    ]);
    expect(paths(() => retryBackoffDelay(0, { ...DEFAULT_TRANSPORT_BACKOFF, random: () => 1 }))).toEqual(['random']);
    expect(paths(() => retryBackoffDelay(0, { ...DEFAULT_TRANSPORT_BACKOFF, random: () => Number.NaN }))).toEqual(['random']);
  });
});

describe('abortableSleep', () => {
  it('waits, and rejects with the reason as soon as the signal aborts', async () => {
    const started = Date.now();
    await abortableSleep(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const controller = new AbortController();
    const pending = abortableSleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    await expect(abortableSleep(10, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});

describe('retryBackoffDelay options that refuse what they do not know', () => {
  it('refuses a random source passed where the options go, saying where it goes now', () => {
    expect(validationError(() => retryBackoffDelay(3, (() => 0.5) as never)).issues).toEqual([
      { path: 'options', message: 'expected an options object, received function; the random source goes in options.random' },
    ]);
  });

  it('refuses a misspelled option instead of using the default', () => {
    expect(validationError(() => retryBackoffDelay(3, { baseDelay: 100, random: () => 0.5 } as never)).issues).toEqual([
      { path: 'options.baseDelay', message: 'is not an option; did you mean baseDelayMs?' },
    ]);
  });
});
