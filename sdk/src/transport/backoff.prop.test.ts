import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retryBackoffDelay } from '../transport';

// Laws of the full-jitter backoff shared by HTTP retries and WebSocket reconnects.

const shape = fc
  .tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 120_000 }))
  .map(([baseDelayMs, maxDelayMs]) => ({ baseDelayMs, maxDelayMs }));
const attempt = fc.integer({ min: 0, max: 2000 });
const draw = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('backoff laws', () => {
  it('backoff delays are within [0, cap]', () => {
    fc.assert(
      fc.property(shape, attempt, draw, (options, n, r) => {
        const d = retryBackoffDelay(n, { ...options, random: () => r });
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(options.maxDelayMs);
        expect(Number.isFinite(d)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('for the same draw, delays never decrease as attempts grow (so the expected delay is non-decreasing)', () => {
    fc.assert(
      fc.property(shape, attempt, attempt, draw, (options, a, b, r) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(retryBackoffDelay(lo, { ...options, random: () => r })).toBeLessThanOrEqual(
          retryBackoffDelay(hi, { ...options, random: () => r }),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('the mean delay over evenly spread draws is non-decreasing in the attempt and never above half the cap', () => {
    const draws = Array.from({ length: 64 }, (_, i) => (i + 0.5) / 64);
    fc.assert(
      fc.property(shape, fc.integer({ min: 0, max: 40 }), (options, n) => {
        const mean = (k: number) => draws.reduce((sum, r) => sum + retryBackoffDelay(k, { ...options, random: () => r }), 0) / draws.length;
        expect(mean(n)).toBeLessThanOrEqual(mean(n + 1) + 1e-9);
        expect(mean(n)).toBeLessThanOrEqual(options.maxDelayMs / 2 + 1e-9);
      }),
      { numRuns: 300 },
    );
  });

  it('a draw of 0 waits 0 ms whatever the attempt', () => {
    fc.assert(
      fc.property(shape, attempt, (options, n) => {
        expect(retryBackoffDelay(n, { ...options, random: () => 0 })).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
