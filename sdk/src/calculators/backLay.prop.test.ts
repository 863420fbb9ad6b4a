import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backLay, betAndGet, fixabet, partLay, twoUpExpectedValue, twoUpLockIn, type BackLayInput } from './index';

// Wide inputs: everyday values most of the time, the whole valid range the rest.
const odds = fc.oneof(fc.double({ min: 1.01, max: 50, noNaN: true }), fc.double({ min: 1, max: 1e6, minExcluded: true, noNaN: true }));
const commission = fc.oneof(fc.double({ min: 0, max: 0.1, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }));
const money = fc.oneof(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }));
const unit = fc.double({ min: 0, max: 1, noNaN: true });

const backLayInput: fc.Arbitrary<BackLayInput> = fc
  .record({
    betType: fc.constantFrom('qualifying', 'snr', 'sr', 'refund' as const),
    backStake: money,
    backOdds: odds,
    layOdds: odds,
    layCommission: commission,
    backCommission: commission,
    refundShare: unit,
    retention: unit,
  })
  .map(({ refundShare, retention, ...r }) =>
    r.betType === 'refund' ? { ...r, refund: { amount: r.backStake * refundShare, retention } } : r,
  );

/** Settles the back bet by hand: its profit if the selection wins or loses. */
function settleBack(i: BackLayInput, selectionWins: boolean): number {
  const k = i.backCommission ?? 0;
  if (selectionWins) return i.backStake * (i.backOdds - 1) * (1 - k) + (i.betType === 'sr' ? i.backStake : 0);
  if (i.betType === 'snr' || i.betType === 'sr') return 0;
  return -i.backStake + (i.betType === 'refund' ? (i.refund?.amount ?? 0) * (i.refund?.retention ?? 0) : 0);
}

/** Settles a lay by hand: it pays its liability if the selection wins, wins its stake less commission if not. */
const settleLay = (stake: number, layOdds: number, k: number, selectionWins: boolean): number =>
  selectionWins ? -stake * (layOdds - 1) : stake * (1 - k);

/**
 * The tolerance of "within 1e-9 relative": 1e-9 of the money at stake, plus 1e-12 absolute (a
 * billionth of a penny) so that subnormal stakes, whose relative error is unbounded, still pass.
 */
const scale = (i: BackLayInput, layStake: number): number => i.backStake * i.backOdds + layStake * i.layOdds;
const tol = (money: number): number => 1e-9 * money + 1e-12;

const RUNS = { numRuns: 1000 };

describe('backLay laws', () => {
  it('the lay stake equalises both outcomes (within 1e-9 relative) in every bet type', () => {
    fc.assert(
      fc.property(backLayInput, (i) => {
        const { layStake } = backLay(i);
        const wins = settleBack(i, true) + settleLay(layStake, i.layOdds, i.layCommission, true);
        const loses = settleBack(i, false) + settleLay(layStake, i.layOdds, i.layCommission, false);
        expect(Math.abs(wins - loses)).toBeLessThanOrEqual(tol(scale(i, layStake)));
      }),
      RUNS,
    );
  });

  it('the reported profits are the settled profits of the lay stake', () => {
    fc.assert(
      fc.property(backLayInput, fc.constantFrom('normal', 'underlay', 'overlay' as const), (i, strategy) => {
        const r = backLay({ ...i, strategy });
        const s = tol(scale(i, r.layStake));
        expect(
          Math.abs(r.profitIfWins - settleBack(i, true) - settleLay(r.layStake, i.layOdds, i.layCommission, true)),
        ).toBeLessThanOrEqual(s);
        expect(
          Math.abs(r.profitIfLoses - settleBack(i, false) - settleLay(r.layStake, i.layOdds, i.layCommission, false)),
        ).toBeLessThanOrEqual(s);
        expect(Math.abs(r.liability - r.layStake * (i.layOdds - 1))).toBeLessThanOrEqual(s);
      }),
      RUNS,
    );
  });

  it('underlay ≤ normal ≤ overlay', () => {
    fc.assert(
      fc.property(backLayInput, (i) => {
        const [under, normal, over] = (['underlay', 'normal', 'overlay'] as const).map(
          (strategy) => backLay({ ...i, strategy }).layStake,
        ) as [number, number, number];
        const slack = 1e-12 * over;
        expect(under).toBeGreaterThanOrEqual(0);
        expect(under).toBeLessThanOrEqual(normal + slack);
        expect(normal).toBeLessThanOrEqual(over + slack);
      }),
      RUNS,
    );
  });

  it('underlay and overlay each break one side exactly even and leave the other at least as good as normal on that side', () => {
    fc.assert(
      fc.property(backLayInput, (i) => {
        const normal = backLay(i);
        const sides = (['underlay', 'overlay'] as const).map((strategy) => backLay({ ...i, strategy }));
        const s = tol(scale(i, sides[1]?.layStake ?? 0));
        for (const r of sides) {
          const even = Math.min(Math.abs(r.profitIfWins), Math.abs(r.profitIfLoses));
          expect(even).toBeLessThanOrEqual(s);
        }
        // Underlay keeps more when the selection wins, overlay when it loses.
        expect(sides[0]?.profitIfWins ?? 0).toBeGreaterThanOrEqual(normal.profitIfWins - s);
        expect(sides[1]?.profitIfLoses ?? 0).toBeGreaterThanOrEqual(normal.profitIfLoses - s);
      }),
      RUNS,
    );
  });
});

describe('partLay laws', () => {
  it("a part lay's profits move in a straight line from the unlaid bet to the full lay", () => {
    fc.assert(
      fc.property(backLayInput, unit, (i, layFraction) => {
        const part = partLay({ ...i, layFraction });
        const full = backLay(i);
        const unlaid = partLay({ ...i, layFraction: 0 });
        const s = tol(scale(i, full.layStake));
        const t = part.coveredFraction;
        expect(Math.abs(part.profitIfWins - (unlaid.profitIfWins + t * (full.profitIfWins - unlaid.profitIfWins)))).toBeLessThanOrEqual(s);
        expect(Math.abs(part.profitIfLoses - (unlaid.profitIfLoses + t * (full.profitIfLoses - unlaid.profitIfLoses)))).toBeLessThanOrEqual(
          s,
        );
      }),
      RUNS,
    );
  });

  it('a part lay never risks more than its liability limit nor lays more than its share', () => {
    fc.assert(
      fc.property(backLayInput, unit, money, (i, layFraction, maxLiability) => {
        const r = partLay({ ...i, layFraction, maxLiability });
        expect(r.liability).toBeLessThanOrEqual(maxLiability * (1 + 1e-12) + 1e-12);
        expect(r.layStake).toBeLessThanOrEqual(layFraction * backLay(i).layStake * (1 + 1e-12) + 1e-12);
      }),
      RUNS,
    );
  });
});

describe('fixabet laws', () => {
  it('a fixed mug bet stays within both limits, and one more step would break one', () => {
    fc.assert(
      fc.property(
        money,
        money,
        odds,
        odds,
        commission,
        fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 100, noNaN: true })),
        (maxStake, maxLoss, backOdds, layOdds, layCommission, stakeStep) => {
          const r = fixabet({ maxStake, maxLoss, backOdds, layOdds, layCommission, stakeStep });
          expect(r.backStake).toBeLessThanOrEqual(maxStake * (1 + 1e-9) + 1e-12);
          expect(-r.profit).toBeLessThanOrEqual(maxLoss * (1 + 1e-9) + 1e-9);
          // Settled by hand, the fixed bet gives the same profit either way.
          const wins = r.backStake * (backOdds - 1) - r.layStake * (layOdds - 1);
          const loses = -r.backStake + r.layStake * (1 - layCommission);
          const s = tol(r.backStake * backOdds + r.layStake * layOdds);
          expect(Math.abs(wins - r.profit)).toBeLessThanOrEqual(s);
          expect(Math.abs(loses - r.profit)).toBeLessThanOrEqual(s);
          if (stakeStep > 0) {
            const next = r.backStake + stakeStep;
            const breaks = next > maxStake || -next * r.profitPerUnit > maxLoss * (1 - 1e-9);
            expect(breaks).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });
});

describe('one qualifying lay formula', () => {
  it('every calculator that lays a qualifying bet lays exactly backLay’s stake, bit for bit (2UP, bet and get, fixabet)', () => {
    fc.assert(
      fc.property(money, odds, odds, commission, unit, (stake, b, l, c, p) => {
        const reference = backLay({ betType: 'qualifying', backStake: stake, backOdds: b, layOdds: l, layCommission: c });
        const bet = { backStake: stake, backOdds: b, layOdds: l, layCommission: c };
        const lockIn = twoUpLockIn({ ...bet, inPlayBackOdds: b });
        const value = twoUpExpectedValue({ ...bet, earlyPayoutProbability: p });
        const offer = betAndGet({ ...bet, freeBetAmount: stake, freeBetRetention: p });
        expect(lockIn.layStake).toBe(reference.layStake);
        expect(value.layStake).toBe(reference.layStake);
        expect(offer.layStake).toBe(reference.layStake);
        // The qualifying loss is backLay's profit when the lay wins, the same expression.
        expect(lockIn.qualifyingLoss).toBe(reference.profitIfLoses);
        expect(offer.qualifyingProfit).toBe(reference.profitIfLoses);
        // fixabet lays its chosen stake with the same formula.
        const fixed = fixabet({ maxStake: stake, maxLoss: stake, backOdds: b, layOdds: l, layCommission: c });
        const laid = backLay({ betType: 'qualifying', backStake: fixed.backStake, backOdds: b, layOdds: l, layCommission: c });
        expect(fixed.layStake).toBe(laid.layStake);
      }),
      { numRuns: 1000 },
    );
  });
});
