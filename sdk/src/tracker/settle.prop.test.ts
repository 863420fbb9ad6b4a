import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backLay } from '../calculators/index';
import { settleBet, type LegResult, type TrackedBetInput } from './index';
import { betArb, commission, odds2, possible } from './testing/arbitraries';

const AT = Date.UTC(2025, 7, 11, 17);

/** The calculators' figures for a back/lay, in pence (the calculators work in pounds). */
function calculator(kind: 'qualifying' | 'snr', backStake: number, backOdds: number, layOdds: number, layCommission: number) {
  const r = backLay({ betType: kind, backStake: backStake / 100, backOdds, layOdds, layCommission });
  return { layStake: r.layStake * 100, ifWins: r.profitIfWins * 100, ifLoses: r.profitIfLoses * 100 };
}

function backLayBet(
  kind: 'qualifying' | 'snr',
  backStake: number,
  backOdds: number,
  layStake: number,
  layOdds: number,
  c: number,
): TrackedBetInput {
  const role = kind === 'snr' ? 'free-bet' : 'qualifying';
  return {
    id: 'b',
    source: 'oddsmatcher',
    profitType: 'guaranteed',
    status: 'open',
    event: '',
    market: '',
    selection: '',
    legs: [
      {
        role,
        side: 'back',
        account: 'bet-co',
        odds: backOdds,
        stake: backStake,
        result: 'pending',
        ...(kind === 'snr' ? { freeBet: 'snr' as const } : {}),
      },
      { role, side: 'lay', account: 'smarkets', odds: layOdds, stake: layStake, commission: c, result: 'pending' },
    ],
    expectedProfit: 0,
    placedAt: 0,
  };
}

/** Settled profit when the selection wins (back won, lay lost) and when it loses. */
function settleBoth(bet: TrackedBetInput): { ifWins: number; ifLoses: number } {
  const when = (backResult: LegResult, layResult: LegResult) =>
    settleBet(bet, { at: AT, results: bet.legs.map((l) => (l.side === 'back' ? backResult : layResult)) }).settledProfit as number;
  return { ifWins: when('won', 'lost'), ifLoses: when('lost', 'won') };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * A balanced back/lay whose exact lay stake is a whole number of pence. Odds and commission are
 * written with 2 decimals, so b = B/100 and l − c = D/100 with whole B and D, and the balanced lay
 * S·W/D (W = B for a qualifier, B − 100 for an SNR free bet) is whole when S is a multiple of D/g,
 * g = gcd(W, D).
 */
const wholeLay = (kind: 'qualifying' | 'snr') =>
  fc
    .record({ backOdds: odds2, layOdds: odds2, c: fc.constantFrom(0, 0.01, 0.02, 0.05), k: fc.integer({ min: 1, max: 50 }) })
    .map(({ backOdds, layOdds, c, k }) => {
      const B = Math.round(backOdds * 100);
      const D = Math.round(layOdds * 100) - Math.round(c * 100);
      const W = kind === 'qualifying' ? B : B - 100;
      const g = gcd(W, D);
      return { backOdds, layOdds, c, backStake: (k * D) / g, layStake: (k * W) / g };
    })
    .filter((x) => x.backStake <= 10_000_000);

describe('settleBet laws', () => {
  for (const kind of ['qualifying', 'snr'] as const) {
    it(`a balanced ${kind} back/lay whose lay stake is whole pence settles to the calculators' figure to the penny`, () => {
      fc.assert(
        fc.property(wholeLay(kind), ({ backOdds, layOdds, c, backStake, layStake }) => {
          const calc = calculator(kind, backStake, backOdds, layOdds, c);
          expect(Math.abs(calc.layStake - layStake)).toBeLessThan(1e-6 * Math.max(1, layStake));
          const settled = settleBoth(backLayBet(kind, backStake, backOdds, layStake, layOdds, c));
          // "To the penny": the settled pence are the calculator's figure rounded to a whole penny
          // (within half a penny of it; the calculator's float carries ~1e-9 of error).
          expect(Math.abs(settled.ifWins - calc.ifWins)).toBeLessThanOrEqual(0.5 + 1e-6);
          expect(Math.abs(settled.ifLoses - calc.ifLoses)).toBeLessThanOrEqual(0.5 + 1e-6);
        }),
        { numRuns: 300 },
      );
    });
  }

  it("a lay stake rounded to the penny settles within ½p × max(l − 1, 1 − c) + ½p of the calculators' figure", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        odds2,
        odds2,
        commission,
        fc.constantFrom('qualifying' as const, 'snr' as const),
        (backStake, backOdds, layOdds, c, kind) => {
          const calc = calculator(kind, backStake, backOdds, layOdds, c);
          const layStake = Math.round(calc.layStake);
          const settled = settleBoth(backLayBet(kind, backStake, backOdds, layStake, layOdds, c));
          // The lay stake moved by |δ| ≤ ½p: the "wins" side by −δ(l − 1), the "loses" side by δ(1 − c);
          // then the sum is rounded once (another ½p at most).
          const bound = 0.5 * Math.max(layOdds - 1, 1 - c) + 0.5 + 1e-6;
          expect(Math.abs(settled.ifWins - calc.ifWins)).toBeLessThanOrEqual(bound);
          expect(Math.abs(settled.ifLoses - calc.ifLoses)).toBeLessThanOrEqual(bound);
        },
      ),
    );
  });

  it('splitting a lay into part-lays of whole pence at the same odds settles to the same profit as one lay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        odds2,
        odds2,
        commission,
        fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (backStake, backOdds, layOdds, c, parts, selectionWins) => {
          const one = backLayBet(
            'qualifying',
            backStake,
            backOdds,
            parts.reduce((a, b) => a + b, 0),
            layOdds,
            c,
          );
          const lay = one.legs[1] as TrackedBetInput['legs'][number];
          const split: TrackedBetInput = {
            ...one,
            legs: [one.legs[0] as TrackedBetInput['legs'][number], ...parts.map((stake) => ({ ...lay, stake }))],
          };
          const r = selectionWins ? settleBoth(one).ifWins : settleBoth(one).ifLoses;
          const s = selectionWins ? settleBoth(split).ifWins : settleBoth(split).ifLoses;
          expect(s).toBe(r);
        },
      ),
    );
  });

  /** A settled-or-void bet's legs with known results (pending taken as won), re-opened to be settled. */
  const known = betArb('b').map((input) => ({
    ...input,
    status: 'open' as const,
    settledAt: null,
    legs: possible(input.legs.map((l) => ({ ...l, result: l.result === 'pending' ? ('won' as const) : l.result }))),
  }));
  const profit = (bet: TrackedBetInput) => settleBet(bet, { at: AT + 1e12 }).settledProfit ?? 0;

  it('splitting a leg into two legs of its group (same odds, stakes summing to its stake) changes nothing', () => {
    fc.assert(
      fc.property(known, fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), (bet, which, share) => {
        const n = which % bet.legs.length;
        const leg = bet.legs[n] as TrackedBetInput['legs'][number];
        const first = Math.floor(leg.stake * share);
        const legs = [...bet.legs.slice(0, n), { ...leg, stake: first }, { ...leg, stake: leg.stake - first }, ...bet.legs.slice(n + 1)];
        expect(profit({ ...bet, legs })).toBe(profit(bet));
      }),
      { numRuns: 300 },
    );
  });

  it('reordering the legs changes nothing', () => {
    fc.assert(
      fc.property(known, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }), (bet, keys) => {
        const legs = bet.legs
          .map((l, n) => ({ l, k: keys[n] ?? 0 }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.l);
        expect(profit({ ...bet, legs })).toBe(profit(bet));
      }),
      { numRuns: 300 },
    );
  });

  it('a group whose summed profit is ≤ 0 pays no commission, and one whose sum is positive pays the rate on the sum', () => {
    // One bookmaker back (no commission) and 1 to 4 lays at one exchange, all in one keyed market.
    // By hand, in integers: a leg's profit × 100 from odds × 100 (L); the total × 100000 from the
    // rate in thousandths; rounded half away from zero.
    const layArb = fc.record({ L: fc.integer({ min: 101, max: 5000 }), stake: fc.integer({ min: 0, max: 200_000 }), won: fc.boolean() });
    fc.assert(
      fc.property(
        fc.integer({ min: 101, max: 5000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.boolean(),
        fc.array(layArb, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(0, 10, 20, 25, 50),
        (B, backStake, backWon, drawn, permille) => {
          // Results that can happen together: a bet open to variance (2UP: the back paid early, some
          // lays won too), and every lay won when the back lost (the back and a lay cannot both lose).
          const lays = drawn.map((x) => ({ ...x, won: x.won || !backWon }));
          const bet: TrackedBetInput = {
            ...backLayBet('qualifying', backStake, B / 100, 0, 2, 0),
            profitType: 'potential',
            legs: [
              { role: 'qualifying', side: 'back', account: 'bet-co', odds: B / 100, stake: backStake, result: backWon ? 'won' : 'lost' },
              ...lays.map((x) => ({
                role: 'qualifying' as const,
                side: 'lay' as const,
                account: 'smarkets',
                odds: x.L / 100,
                stake: x.stake,
                commission: permille / 1000,
                result: x.won ? ('won' as const) : ('lost' as const),
                market: 'match-odds',
              })),
            ],
          };
          const back100 = backWon ? backStake * (B - 100) : -100 * backStake;
          const group100 = lays.reduce((s, x) => s + (x.won ? 100 * x.stake : -x.stake * (x.L - 100)), 0);
          const N = back100 * 1000 + group100 * (1000 - (group100 > 0 ? permille : 0));
          const q = Math.floor(Math.abs(N) / 100_000);
          const expected = Math.sign(N) * (2 * (Math.abs(N) - q * 100_000) >= 100_000 ? q + 1 : q);
          expect(settleBet(bet, { at: AT }).settledProfit).toBe(expected === 0 ? 0 : expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a bet whose every leg is void settles void, with no profit', () => {
    fc.assert(
      fc.property(betArb('b'), (input) => {
        const bet = settleBet({ ...input, status: 'open', settledAt: null }, { at: AT + 1e12, results: input.legs.map(() => 'void') });
        expect([bet.status, bet.settledProfit]).toEqual(['void', null]);
      }),
    );
  });
});

describe('commission netting by market key', () => {
  /** A settled bet's legs, each given a market key from a small set, every leg at an account charged that account's one rate. */
  const keyed = fc
    .tuple(
      betArb('n').filter((b) => b.status !== 'open'),
      fc.array(fc.constantFrom('match-odds', 'win', 'place'), { minLength: 12, maxLength: 12 }),
      fc.record({ 'bet-co': commission, 'punt-hub': commission, smarkets: commission, betfair: commission }),
    )
    .map(([bet, keys, rates]) => ({
      ...bet,
      status: 'open' as const,
      settledAt: null,
      legs: bet.legs.map((l, n) => ({ ...l, commission: rates[l.account as keyof typeof rates], market: keys[n % keys.length] ?? null })),
    }));
  const settled = (bet: TrackedBetInput) => settleBet(bet, { at: bet.placedAt }).settledProfit ?? 0;
  const withKeys = (bet: TrackedBetInput, key: (n: number) => string | null): TrackedBetInput => ({
    ...bet,
    legs: bet.legs.map((l, n) => ({ ...l, market: key(n) })),
  });

  it('netting never charges more commission than charging each leg: the netted profit is at least the per-leg profit', () => {
    fc.assert(
      fc.property(keyed, (bet) => {
        expect(settled(bet)).toBeGreaterThanOrEqual(settled(withKeys(bet, () => null)));
      }),
      { numRuns: 300 },
    );
  });

  it('giving two groups one key never costs the member more', () => {
    fc.assert(
      fc.property(keyed, fc.constantFrom('match-odds', 'win', 'place'), fc.constantFrom('match-odds', 'win', 'place'), (bet, from, to) => {
        const joined = withKeys(bet, (n) => (bet.legs[n]?.market === from ? to : (bet.legs[n]?.market ?? null)));
        expect(settled(joined)).toBeGreaterThanOrEqual(settled(bet));
      }),
      { numRuns: 300 },
    );
  });

  it('with one leg per group, netting equals charging each leg', () => {
    fc.assert(
      fc.property(keyed, (bet) => {
        expect(settled(withKeys(bet, (n) => `leg-${n}`))).toBe(settled(withKeys(bet, () => null)));
      }),
      { numRuns: 200 },
    );
  });

  it('with no commission, market keys change nothing', () => {
    fc.assert(
      fc.property(keyed, (bet) => {
        const free = { ...bet, legs: bet.legs.map((l) => ({ ...l, commission: 0 })) };
        expect(settled(free)).toBe(settled(withKeys(free, () => null)));
      }),
      { numRuns: 200 },
    );
  });
});
