import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors';
import { defineSlot, designSlot, type PaytableOutcome } from '../casino';

const close = (actual: number, expected: number, rel = 1e-9) => Math.abs(actual - expected) <= rel * Math.max(1, Math.abs(expected));

/**
 * Possible paytables: positive integer weights, multipliers in hundredths, and a no-win outcome
 * weighted so that the RTP is at most 1 (with no slack and sums that divide evenly, exactly 1: the
 * edge of what is possible comes up often).
 */
const paytable = fc
  .tuple(
    fc.array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 1000 })), { minLength: 1, maxLength: 12 }),
    fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
  )
  .map(([rows, slack]) => {
    const weights = rows.reduce((t, [, w]) => t + w, 0);
    const paid = rows.reduce((t, [m, w]) => t + m * w, 0); // hundredths of a stake, times weight
    // The RTP is paid / (100 × total weight): at most 1 when the total weight is at least paid / 100.
    const noWin = Math.max(0, Math.ceil(paid / 100) - weights) + slack;
    const all = noWin > 0 ? [...rows, [0, noWin] as const] : rows;
    const total = weights + noWin;
    return all.map(([m, w]): PaytableOutcome => ({ multiplier: m / 100, probability: w / total }));
  });

/** A possible paytable with its multipliers scaled so that its RTP is `rtp` (its RTP must be above 0). */
function withRtp(outcomes: readonly PaytableOutcome[], rtp: number): PaytableOutcome[] {
  const c = rtp / defineSlot({ outcomes }).rtp;
  return outcomes.map((o) => ({ ...o, multiplier: o.multiplier * c }));
}

/** A feasible design: RTP, volatility and (sometimes) a hit rate between the least feasible and 1. */
const design = fc
  .record({
    rtp: fc.double({ min: 0.05, max: 1, noNaN: true }),
    volatility: fc.double({ min: 0, max: 60, noNaN: true }),
    share: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
  })
  .map(({ rtp, volatility, share }) => {
    if (share === undefined) return { rtp, volatility };
    const least = (rtp * rtp) / (volatility * volatility + rtp * rtp);
    return { rtp, volatility, hitRate: Math.min(1, least + share * (1 - least)) };
  });

describe('slot laws', () => {
  it('a designed slot hits its target RTP and volatility', () => {
    fc.assert(
      fc.property(design, (d) => {
        const slot = designSlot(d);
        expect(close(slot.rtp, d.rtp)).toBe(true);
        expect(close(slot.volatility, d.volatility, 1e-6)).toBe(true);
        expect(close(slot.variance, d.volatility ** 2, 1e-8)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('a designed slot wins exactly as often as the hit rate asked for', () => {
    fc.assert(
      fc.property(design, (d) => {
        fc.pre(d.hitRate !== undefined);
        expect(close(designSlot(d).hitRate, d.hitRate ?? 0, 1e-12)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("a slot's probabilities sum to 1 and none is negative", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          paytable.map((outcomes) => defineSlot({ outcomes })),
          design.map(designSlot),
        ),
        (slot) => {
          expect(
            close(
              slot.outcomes.reduce((t, o) => t + o.probability, 0),
              1,
              1e-12,
            ),
          ).toBe(true);
          expect(slot.outcomes.every((o) => o.probability >= 0 && o.multiplier >= 0)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('scaling every multiplier by c scales the RTP and the volatility by c (up to an RTP of 1)', () => {
    // c takes the RTP anywhere in (0, 1], at times to exactly 1: up as well as down.
    const target = fc.oneof(fc.constant(1), fc.double({ min: 0.01, max: 1, noNaN: true }));
    fc.assert(
      fc.property(paytable, target, (outcomes, rtp) => {
        const base = defineSlot({ outcomes });
        fc.pre(base.rtp > 0);
        const c = rtp / base.rtp;
        const scaled = defineSlot({ outcomes: withRtp(outcomes, rtp) });
        expect(close(scaled.rtp, c * base.rtp)).toBe(true);
        expect(Math.abs(scaled.volatility - c * base.volatility)).toBeLessThanOrEqual(1e-6 * Math.max(1, c * base.volatility));
      }),
      { numRuns: 500 },
    );
  });

  it('a paytable paying back more than 100% is always refused, naming outcomes and the percentage', () => {
    const above = fc.oneof(fc.constant(1 + 1e-9), fc.double({ min: 1 + 1e-9, max: 20, noNaN: true }));
    fc.assert(
      fc.property(paytable, above, (outcomes, rtp) => {
        fc.pre(defineSlot({ outcomes }).rtp > 0);
        try {
          defineSlot({ outcomes: withRtp(outcomes, rtp) });
          expect.unreachable(`accepted an RTP of ${rtp}`);
        } catch (e) {
          expect(isValidationError(e)).toBe(true);
          if (isValidationError(e)) {
            expect(e.issues.map((i) => i.path)).toEqual(['outcomes']);
            // The percentage shown is the RTP's, to at least 2 decimals, and never reads as 100% or less.
            const shown = Number(/^pay back ([\d.]+)% of what is staked/.exec(e.issues[0]?.message ?? '')?.[1]);
            expect(shown).toBeGreaterThan(100);
            expect(Math.abs(shown - rtp * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the RTP lies between the smallest and the largest multiplier', () => {
    fc.assert(
      fc.property(paytable, (outcomes) => {
        const slot = defineSlot({ outcomes });
        expect(slot.rtp).toBeGreaterThanOrEqual(slot.minMultiplier * (1 - 1e-12));
        expect(slot.rtp).toBeLessThanOrEqual(slot.maxMultiplier * (1 + 1e-12));
      }),
      { numRuns: 500 },
    );
  });

  it('probabilities summing more than 1e-9 away from 1 are always rejected, naming outcomes', () => {
    fc.assert(
      fc.property(paytable, fc.double({ min: 2e-9, max: 0.5, noNaN: true }), fc.boolean(), (outcomes, gap, over) => {
        const first = outcomes[0];
        if (first === undefined) return;
        // Move the whole gap onto (or off) the first outcome, clamped into [0, 1].
        const p = over ? Math.min(1, first.probability + gap) : Math.max(0, first.probability - gap);
        const changed = [{ ...first, probability: p }, ...outcomes.slice(1)];
        const sum = changed.reduce((t, o) => t + o.probability, 0);
        fc.pre(Math.abs(sum - 1) > 1.5e-9);
        try {
          defineSlot({ outcomes: changed });
          expect.unreachable('accepted probabilities summing to ' + sum);
        } catch (e) {
          expect(isValidationError(e)).toBe(true);
          if (isValidationError(e)) expect(e.issues.map((i) => i.path)).toEqual(['outcomes']);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a bad multiplier or probability always throws the typed error naming that field', () => {
    const bad = fc.oneof(
      fc.constantFrom(Number.NaN, Infinity, -Infinity, '1', null, undefined),
      fc.double({ min: -1e6, max: -1e-9, noNaN: true }),
    );
    fc.assert(
      fc.property(paytable, fc.nat(), fc.constantFrom('multiplier', 'probability'), bad, (outcomes, at, field, value) => {
        const index = at % outcomes.length;
        const changed = outcomes.map((o, i) => (i === index ? { ...o, [field]: value } : o));
        try {
          defineSlot({ outcomes: changed as PaytableOutcome[] });
          expect.unreachable('accepted a bad ' + field);
        } catch (e) {
          expect(isValidationError(e)).toBe(true);
          if (isValidationError(e)) expect(e.issues.map((i) => i.path)).toContain(`outcomes.${index}.${field}`);
        }
      }),
      { numRuns: 500 },
    );
  });
});
