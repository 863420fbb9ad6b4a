import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casinoWagering } from '../calculators';
import { isValidationError } from '../errors';
import { simulateWageringSync, wageringExpectedValue, type SlotInput, type WageringInput } from '../casino';

// Small offers, so that a simulation of a few dozen runs takes a few milliseconds.
const slot: fc.Arbitrary<SlotInput> = fc.oneof(
  fc.constantFrom<SlotInput>('low', 'medium', 'high'),
  fc.record({
    rtp: fc.double({ min: 0.5, max: 1, noNaN: true }),
    volatility: fc.double({ min: 0, max: 30, noNaN: true }),
  }),
  // Paytables of up to 6 outcomes, multipliers scaled to an RTP between 0.5 and 1 (often exactly 1,
  // the edge of what a slot can pay back).
  fc
    .tuple(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 1, max: 100 })), { minLength: 1, maxLength: 6 }),
      fc.oneof(fc.constant(1), fc.double({ min: 0.5, max: 1, noNaN: true })),
    )
    .map(([rows, rtp]) => {
      const total = rows.reduce((t, [, w]) => t + w, 0);
      const raw = rows.reduce((t, [m, w]) => t + (m / 100) * (w / total), 0);
      const scale = raw > 0 ? rtp / raw : 1;
      return { outcomes: rows.map(([m, w]) => ({ multiplier: (m / 100) * scale, probability: w / total })) };
    }),
);

const offer: fc.Arbitrary<WageringInput> = fc.record({
  depositPence: fc.integer({ min: 0, max: 5000 }),
  bonusPence: fc.integer({ min: 0, max: 5000 }),
  wageringMultiple: fc.oneof(fc.integer({ min: 0, max: 10 }), fc.double({ min: 0, max: 10, noNaN: true })),
  wageringBase: fc.constantFrom<'bonus' | 'deposit+bonus'>('bonus', 'deposit+bonus'),
  stake: fc.integer({ min: 20, max: 500 }),
  minStake: fc.constantFrom(1, 5, 10),
  slot,
});

const seed = fc.integer({ min: 0, max: 0xffffffff });
const runs = fc.integer({ min: 1, max: 40 });

describe('wagering laws', () => {
  it('the same seed gives the same result', () => {
    fc.assert(
      fc.property(offer, seed, runs, (input, s, n) => {
        expect(simulateWageringSync(input, { runs: n, seed: s })).toEqual(simulateWageringSync(input, { runs: n, seed: s }));
      }),
      { numRuns: 100 },
    );
  });

  it('the result does not depend on the chunk size', () => {
    fc.assert(
      fc.property(offer, seed, runs, fc.integer({ min: 1, max: 3000 }), (input, s, n, chunk) => {
        expect(simulateWageringSync(input, { runs: n, seed: s, spinsPerChunk: chunk })).toEqual(
          simulateWageringSync(input, { runs: n, seed: s }),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('probabilities lie in [0, 1], balances are never negative, quantiles rise with q and the histogram counts every run', () => {
    fc.assert(
      fc.property(offer, seed, runs, (input, s, n) => {
        const r = simulateWageringSync(input, { runs: n, seed: s, quantiles: [0, 0.1, 0.5, 0.9, 1] });
        for (const p of [r.finishProbability, r.profitProbability]) {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        }
        const q = r.quantiles.map((x) => x.finalBalance);
        expect(q[0]).toBeGreaterThanOrEqual(0);
        for (let i = 1; i < q.length; i++) expect(q[i]).toBeGreaterThanOrEqual(q[i - 1] ?? 0);
        expect(r.histogram.reduce((t, b) => t + b.count, 0)).toBe(n);
        expect(r.meanWagered).toBeLessThanOrEqual(r.expectation.requirement);
        for (const x of [r.meanFinalBalance, r.finalBalanceStandardDeviation, r.meanWagered, r.meanSpins]) {
          expect(Number.isFinite(x)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('with RTP 1 and zero volatility the EV equals deposit + bonus', () => {
    fc.assert(
      fc.property(offer, seed, runs, (input, s, n) => {
        const fair = { ...input, slot: { rtp: 1, volatility: 0 } };
        const start = input.depositPence + input.bonusPence;
        expect(wageringExpectedValue(fair).expectedFinalBalance).toBe(start);
        const r = simulateWageringSync(fair, { runs: n, seed: s });
        expect(r.meanFinalBalance).toBe(start);
        expect(r.finalBalanceStandardDeviation).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it('a slot paying the same multiplier m on every spin ends every run at deposit + bonus − (1 − m) × wagered, which is the closed form when the balance cannot run out', () => {
    // With no randomness each spin of stake s moves the balance by s(m − 1) exactly in real
    // numbers, so a run that wagers W ends at start − (1 − m)W (up to float rounding). The closed
    // form (the calculators' formula) must agree with the simulator playing it out spin by spin:
    // W is the requirement when the balance cannot run out, and less when it can.
    const flat = fc.record({
      depositPence: fc.integer({ min: 0, max: 5000 }),
      bonusPence: fc.integer({ min: 0, max: 5000 }),
      wageringMultiple: fc.oneof(fc.integer({ min: 0, max: 10 }), fc.double({ min: 0, max: 10, noNaN: true })),
      wageringBase: fc.constantFrom<'bonus' | 'deposit+bonus'>('bonus', 'deposit+bonus'),
      stake: fc.integer({ min: 20, max: 500 }),
      minStake: fc.constantFrom(1, 5, 10),
      multiplier: fc.oneof(fc.constantFrom(0, 0.5, 0.96, 0.999, 1), fc.double({ min: 0, max: 1, noNaN: true })),
    });
    fc.assert(
      fc.property(flat, ({ multiplier: m, ...offer }) => {
        const input: WageringInput = { ...offer, slot: { outcomes: [{ multiplier: m, probability: 1 }] } };
        const e = wageringExpectedValue(input);
        const r = simulateWageringSync(input, { runs: 1, seed: 1 });
        const start = offer.depositPence + offer.bonusPence;
        const tolerance = 1e-9 * (start + e.requirement) + 1e-9;
        expect(e.rtp).toBe(m);
        expect(Math.abs(r.meanFinalBalance - (start - (1 - m) * r.meanWagered))).toBeLessThanOrEqual(tolerance);
        if (e.cannotRunOut) expect(r.meanWagered).toBe(e.requirement);
        if (r.meanWagered === e.requirement) {
          expect(Math.abs(r.meanFinalBalance - e.expectedFinalBalance)).toBeLessThanOrEqual(tolerance);
          expect(Math.abs(r.meanProfit - e.expectedProfitPence)).toBeLessThanOrEqual(tolerance);
        } else {
          // It ran out: less was wagered, so for m < 1 less was lost than the closed form says.
          expect(r.meanWagered).toBeLessThan(e.requirement);
          if (m < 1) expect(r.meanFinalBalance).toBeGreaterThanOrEqual(e.expectedFinalBalance - tolerance);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('agrees bit for bit with casinoWagering on the same offer when multiple × base is whole pence within its ranges', () => {
    const plain = fc.record({
      depositPence: fc.integer({ min: 0, max: 1e9 }),
      bonusPence: fc.integer({ min: 0, max: 1e9 }),
      wageringMultiple: fc.integer({ min: 0, max: 10_000 }),
      wageringBase: fc.constantFrom<'bonus' | 'deposit+bonus'>('bonus', 'deposit+bonus'),
      rtp: fc.double({ min: 0, max: 1, minExcluded: true, noNaN: true }),
    });
    fc.assert(
      fc.property(plain, (input) => {
        // One offer in each module's words (deposit and bonus; depositPence and bonusPence), the same numbers.
        const c = casinoWagering({
          deposit: input.depositPence,
          bonus: input.bonusPence,
          wageringMultiple: input.wageringMultiple,
          wageringBase: input.wageringBase,
          rtp: input.rtp,
        });
        const { rtp, ...offer } = input;
        const e = wageringExpectedValue({ ...offer, stake: 2 ** 30, slot: { outcomes: [{ multiplier: rtp, probability: 1 }] } });
        expect(e.requirement).toBe(c.totalWagered);
        expect(e.expectedLossPence).toBe(c.expectedLoss);
        expect(e.expectedProfitPence).toBe(c.expectedProfit);
      }),
      { numRuns: 500 },
    );
  });

  it('more wagering never raises the closed-form EV (a slot pays back at most 100%)', () => {
    fc.assert(
      fc.property(offer, fc.double({ min: 0, max: 10, noNaN: true }), (input, extra) => {
        const less = wageringExpectedValue(input);
        const more = wageringExpectedValue({ ...input, wageringMultiple: input.wageringMultiple + extra });
        expect(more.requirement).toBeGreaterThanOrEqual(less.requirement);
        expect(more.expectedFinalBalance).toBeLessThanOrEqual(less.expectedFinalBalance);
      }),
      { numRuns: 1000 },
    );
  });

  it('more wagering never raises the simulated EV (deposit + bonus − (1 − RTP) × mean wagered) nor the chance of finishing, for the same seed', () => {
    // Run n uses stream n of the seed and one draw per spin, so a run with a larger requirement
    // plays the same spins as with the smaller one until the smaller is met: it wagers at least
    // as much, and finishes only if the smaller one did.
    fc.assert(
      fc.property(offer, fc.integer({ min: 1, max: 10 }), seed, runs, (input, extra, s, n) => {
        const less = simulateWageringSync(input, { runs: n, seed: s });
        const more = simulateWageringSync({ ...input, wageringMultiple: input.wageringMultiple + extra }, { runs: n, seed: s });
        const ev = (r: typeof less) => input.depositPence + input.bonusPence - (1 - r.expectation.rtp) * r.meanWagered;
        expect(more.meanWagered).toBeGreaterThanOrEqual(less.meanWagered);
        expect(ev(more)).toBeLessThanOrEqual(ev(less));
        expect(more.finishProbability).toBeLessThanOrEqual(less.finishProbability);
      }),
      { numRuns: 100 },
    );
  });

  it('when the balance cannot run out, every run finishes having wagered exactly the requirement', () => {
    fc.assert(
      fc.property(offer, seed, runs, (input, s, n) => {
        const r = simulateWageringSync(input, { runs: n, seed: s });
        fc.pre(r.expectation.cannotRunOut);
        expect(r.finishProbability).toBe(1);
        expect(r.meanWagered).toBe(r.expectation.requirement);
      }),
      { numRuns: 100 },
    );
  });

  it('a bad field always throws the typed error naming it', () => {
    const bad = fc.oneof(
      fc.record({ field: fc.constantFrom('depositPence', 'bonusPence'), value: fc.constantFrom(-1, 0.5, Number.NaN, '100', null) }),
      fc.record({ field: fc.constant('wageringMultiple'), value: fc.constantFrom(-0.5, Number.NaN, Infinity, '35') }),
      fc.record({ field: fc.constant('stake'), value: fc.constantFrom(0, -10, 2.5, Infinity) }),
      fc.record({ field: fc.constant('minStake'), value: fc.constantFrom(0, -1, Number.NaN) }),
      fc.record({ field: fc.constant('wageringBase'), value: fc.constantFrom('deposit', 'Bonus', 1) }),
    );
    fc.assert(
      fc.property(offer, bad, ({ ...input }, { field, value }) => {
        const broken = { ...input, [field]: value } as WageringInput;
        for (const call of [() => wageringExpectedValue(broken), () => simulateWageringSync(broken, { runs: 1, seed: 1 })]) {
          try {
            call();
            expect.unreachable(`accepted ${field} = ${String(value)}`);
          } catch (e) {
            expect(isValidationError(e)).toBe(true);
            if (isValidationError(e)) expect(e.issues.map((i) => i.path)).toContain(field);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
