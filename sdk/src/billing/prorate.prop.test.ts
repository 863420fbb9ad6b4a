import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prorate } from './index';

const YEAR = 366 * 86_400_000;

/** A term [start, end), an amount, and sorted cut instants inside it. */
const termWithCuts = fc
  .record({
    start: fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
    length: fc.integer({ min: 1, max: 2 * YEAR }),
    amount: fc.integer({ min: 0, max: 10_000_000 }),
    cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
  })
  .map(({ start, length, amount, cuts }) => ({
    amount,
    term: { start, end: start + length },
    points: [start, ...cuts.map((f) => start + Math.floor(f * length)).sort((a, b) => a - b), start + length],
  }));

describe('prorate laws', () => {
  it('the parts of a term split at any instants add up to its amount exactly', () => {
    fc.assert(
      fc.property(termWithCuts, ({ amount, term, points }) => {
        let sum = 0;
        for (let i = 1; i < points.length; i += 1)
          sum += prorate(amount, term, { start: points[i - 1] as number, end: points[i] as number });
        expect(sum).toBe(amount);
      }),
    );
  });

  it('a part is a whole number of pence, never negative and never above the amount', () => {
    fc.assert(
      fc.property(termWithCuts, ({ amount, term, points }) => {
        for (let i = 1; i < points.length; i += 1) {
          const part = prorate(amount, term, { start: points[i - 1] as number, end: points[i] as number });
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(amount);
        }
      }),
    );
  });

  it('a part is within a penny of its exact share of time', () => {
    fc.assert(
      fc.property(termWithCuts, ({ amount, term, points }) => {
        const length = term.end - term.start;
        for (let i = 1; i < points.length; i += 1) {
          const a = points[i - 1] as number;
          const b = points[i] as number;
          const exact = (amount * (b - a)) / length;
          expect(Math.abs(prorate(amount, term, { start: a, end: b }) - exact)).toBeLessThan(1 + 1e-6);
        }
      }),
    );
  });

  it('the rest of a term never costs more later, and costs the whole amount at its start and nothing at its end', () => {
    fc.assert(
      fc.property(termWithCuts, ({ amount, term, points }) => {
        const rest = points.map((t) => prorate(amount, term, { start: t, end: term.end }));
        for (let i = 1; i < rest.length; i += 1) expect(rest[i]).toBeLessThanOrEqual(rest[i - 1] as number);
        expect(rest[0]).toBe(amount);
        expect(rest[rest.length - 1]).toBe(0);
      }),
    );
  });
});
