import { describe, expect, it } from 'vitest';
import { casinoWagering, MAX_MONEY } from '../calculators';
import { isMatchkitError, MatchkitValidationError } from '../errors';
import {
  createPrng,
  defineSlot,
  simulateWagering,
  simulateWageringSync,
  spin,
  wageringExpectedValue,
  simulateWageringSteps,
  type PaytableInput,
  type WageringInput,
  type WageringProgress,
} from '../casino';
import { histogramOf, playRun, quantileType7, runModelOf, type RunRecord } from './wagering';
import { validationError } from '../internal/testing/validation';

const COIN: PaytableInput = {
  outcomes: [
    { multiplier: 0, probability: 0.5 },
    { multiplier: 2, probability: 0.5 },
  ],
};

/** |a − b| within k standard errors. */
function within(a: number, b: number, se: number, k = 4): boolean {
  return Math.abs(a - b) <= k * se;
}

describe('wageringExpectedValue (closed form)', () => {
  it('£20 + £20, 10x deposit + bonus, 50p spins on a 96% slot', () => {
    // requirement 10 × 4000 = 40000p; loss 4% of it = 1600p; final 4000 − 1600; profit 2400 − 2000.
    const e = wageringExpectedValue({
      depositPence: 2000,
      bonusPence: 2000,
      wageringMultiple: 10,
      wageringBase: 'deposit+bonus',
      stake: 50,
      slot: 'low',
    });
    expect(e.requirement).toBe(40000);
    expect(e.spinsAtFullStake).toBe(800);
    expect(e.expectedLossPence).toBeCloseTo(1600, 9);
    expect(e.expectedFinalBalance).toBeCloseTo(2400, 9);
    expect(e.expectedProfitPence).toBeCloseTo(400, 9);
    expect(e.rtp).toBeCloseTo(0.96, 14);
    expect(e.cannotRunOut).toBe(false);
  });

  it('£50 + £50, 35x the bonus (the default base), £1 spins', () => {
    // requirement 35 × 5000 = 175000p; loss 7000p; final 10000 − 7000 = 3000; profit −2000.
    const e = wageringExpectedValue({ depositPence: 5000, bonusPence: 5000, wageringMultiple: 35, stake: 100, slot: 'medium' });
    expect(e.requirement).toBe(175000);
    expect(e.spinsAtFullStake).toBe(1750);
    expect(e.expectedFinalBalance).toBeCloseTo(3000, 8);
    expect(e.expectedProfitPence).toBeCloseTo(-2000, 8);
  });

  it('rounds the requirement up to a whole penny, ignoring float noise', () => {
    const e = (wageringMultiple: number, bonusPence: number) =>
      wageringExpectedValue({ depositPence: 0, bonusPence, wageringMultiple, stake: 1, slot: 'low' }).requirement;
    expect(e(0.1, 30)).toBe(3); // 0.1 × 30 is 3.0000000000000004 in floats
    expect(e(0.15, 10)).toBe(2); // 1.5p rounds up
    expect(e(0, 1000)).toBe(0);
    expect(e(35, 0)).toBe(0);
    // Large products stay whole: 20000 × £20m is 4e13p, not 4e13 less the noise allowance.
    expect(e(20_000, 2e9)).toBe(4e13);
    expect(e(1, 2 ** 52)).toBe(2 ** 52);
    expect(e(1.5, 2 ** 41 + 1)).toBe(3 * 2 ** 40 + 2); // 1.5 × (2^41 + 1) = 3·2^40 + 1.5, up to + 2
  });

  it("gives the figures of the calculators' casinoWagering for the same offer (one formula, pence in, pence out)", () => {
    // A flat 96% slot (every spin returns 0.96 of the stake), £50 + £50, 35x the bonus.
    const e = wageringExpectedValue({
      depositPence: 5000,
      bonusPence: 5000,
      wageringMultiple: 35,
      stake: 100,
      slot: { rtp: 0.96, volatility: 0 },
    });
    const c = casinoWagering({ deposit: 5000, bonus: 5000, wageringMultiple: 35, wageringBase: 'bonus', rtp: 0.96 });
    expect(c.totalWagered).toBe(175_000);
    expect(e.requirement).toBe(c.totalWagered);
    expect(e.expectedLossPence).toBe(c.expectedLoss);
    expect(e.expectedProfitPence).toBe(c.expectedProfit);
    expect(e.expectedFinalBalance).toBe(5000 + c.expectedProfit);
    // Hand-worked: 4% of £1750 is £70; £50 − £70 = −£20.
    expect(e.expectedLossPence).toBeCloseTo(7000, 8);
    expect(e.expectedProfitPence).toBeCloseTo(-2000, 8);
  });

  it('evaluates the requirement rounded up to a whole penny, not multiple × base', () => {
    // 0.15 × 10p = 1.5p, wagered as 2p: the loss is 4% of 2p (the calculator alone, on 1.5p, says 0.06p).
    const e = wageringExpectedValue({
      depositPence: 0,
      bonusPence: 10,
      wageringMultiple: 0.15,
      stake: 1,
      slot: { rtp: 0.96, volatility: 0 },
    });
    expect(e.requirement).toBe(2);
    expect(e.expectedLossPence).toBeCloseTo(0.08, 12);
    expect(e.expectedProfitPence).toBeCloseTo(9.92, 12);
    expect(casinoWagering({ deposit: 0, bonus: 10, wageringMultiple: 0.15, wageringBase: 'bonus', rtp: 0.96 }).expectedLoss).toBeCloseTo(
      0.06,
      12,
    );
  });

  it("stays exact beyond the calculator's ranges: amounts above MAX_MONEY, multiples above 10000, an RTP of 0", () => {
    // £30m deposit, £20m bonus, 20000x the bonus on a 96% slot: 4e13p wagered, 4% of it lost.
    const big = { depositPence: 3e9, bonusPence: 2e9, wageringMultiple: 20_000, stake: 1e9, slot: { rtp: 0.96, volatility: 0 } };
    expect(big.depositPence).toBeGreaterThan(MAX_MONEY);
    expect(() =>
      casinoWagering({
        deposit: big.depositPence,
        bonus: big.bonusPence,
        wageringMultiple: big.wageringMultiple,
        wageringBase: 'bonus',
        rtp: 0.96,
      }),
    ).toThrow(MatchkitValidationError);
    const e = wageringExpectedValue(big);
    expect(e.requirement).toBe(4e13);
    expect(e.expectedLossPence).toBeCloseTo(1.6e12, 0);
    expect(e.expectedProfitPence).toBeCloseTo(2e9 - 1.6e12, 0);
    expect(e.expectedFinalBalance).toBeCloseTo(5e9 - 1.6e12, 0);
    // An RTP of 0 loses everything wagered: 3 × £10 = £30 from a £20 balance (the bound goes negative).
    const none = wageringExpectedValue({
      depositPence: 1000,
      bonusPence: 1000,
      wageringMultiple: 3,
      stake: 100,
      slot: { rtp: 0, volatility: 0 },
    });
    expect([none.requirement, none.expectedLossPence, none.expectedProfitPence, none.expectedFinalBalance]).toEqual([
      3000, 3000, -2000, -1000,
    ]);
  });

  it('refuses a designed slot with an RTP above 1 (100%), naming slot.rtp', () => {
    const input = { depositPence: 1000, bonusPence: 1000, wageringMultiple: 10, stake: 100, slot: { rtp: 1.5, volatility: 6 } };
    const e = validationError(() => wageringExpectedValue(input));
    expect(e.issues).toEqual([{ path: 'slot.rtp', message: expect.stringContaining('must be at most 1 (100%)') }]);
    expect(validationError(() => simulateWageringSync(input, { runs: 10, seed: 1 })).issues.map((i) => i.path)).toEqual(['slot.rtp']);
  });

  // Issue 20, defect 6: wagering took a paytable slot paying back more than is staked.
  it('refuses a paytable slot with an RTP above 100%, naming slot.outcomes', () => {
    const input = {
      depositPence: 1000,
      bonusPence: 1000,
      wageringMultiple: 10,
      stake: 100,
      slot: { outcomes: [{ multiplier: 1.5, probability: 1 }] },
    };
    const e = validationError(() => wageringExpectedValue(input));
    expect(e.issues).toEqual([{ path: 'slot.outcomes', message: expect.stringMatching(/^pay back 150% of what is staked on average;/) }]);
    expect(validationError(() => simulateWageringSync(input, { runs: 10, seed: 1 })).issues.map((i) => i.path)).toEqual(['slot.outcomes']);
  });

  it('knows when the balance cannot run out (the last spin is the tightest)', () => {
    const at = (depositPence: number, bonusPence: number, wageringMultiple: number) =>
      wageringExpectedValue({ depositPence, bonusPence, wageringMultiple, stake: 100, slot: 'high' }).cannotRunOut;
    // 1x a £100 bonus with no deposit: 100 spins of £1; after 99 losing spins £1 is left for the last.
    expect(at(0, 10000, 1)).toBe(true);
    // 1.01x: 101 spins; after 100 losing spins nothing is left.
    expect(at(0, 10000, 1.01)).toBe(false);
    // A last part-spin of 1p needs only 1p: 10001p to wager from 10000p, stakes of 100p.
    expect(at(1, 10000, 1.0001)).toBe(true);
    expect(at(0, 0, 0)).toBe(true); // nothing to wager
    expect(at(0, 50, 1)).toBe(true); // one 50p spin from 50p
  });

  it('counts the smallest multiplier when deciding whether the balance can run out', () => {
    // 1.5x a £100 bonus at £1: 150 spins. A slot returning at least half of every stake loses at
    // most 50p a spin: before the last spin at worst 10000 − 149 × 50 = 2550p are left (true).
    // A slot that can return nothing could be at 10000 − 149 × 100 < 0 by then (false).
    const half = {
      outcomes: [
        { multiplier: 0.5, probability: 0.5 },
        { multiplier: 1.5, probability: 0.5 },
      ],
    };
    const at = (slot: WageringInput['slot'], wageringMultiple: number) =>
      wageringExpectedValue({ depositPence: 0, bonusPence: 10000, wageringMultiple, stake: 100, slot }).cannotRunOut;
    expect(at(half, 1.5)).toBe(true);
    expect(at('low', 1.5)).toBe(false);
    // 2x: 200 spins; before the last, 10000 − 199 × 50 = 50p < 100p.
    expect(at(half, 2)).toBe(false);
    // 1.98x: 198 spins; before the last, 10000 − 197 × 50 = 150p ≥ 100p.
    expect(at(half, 1.98)).toBe(true);
    // A slot that gives every stake back can never run out once the first stake is covered.
    const never = { outcomes: [{ multiplier: 1, probability: 1 }] };
    expect(wageringExpectedValue({ depositPence: 100, bonusPence: 0, wageringMultiple: 500, stake: 100, slot: never }).cannotRunOut).toBe(
      true,
    );
  });

  it("names every bad field at once, the slot's under slot.", () => {
    const e = validationError(() =>
      wageringExpectedValue({
        depositPence: -1,
        bonusPence: 1.5,
        wageringMultiple: Number.NaN,
        wageringBase: 'deposit' as never,
        stake: 0,
        minStake: 0,
        slot: { rtp: -1, volatility: 2 },
      }),
    );
    expect(e.issues.map((i) => i.path)).toEqual([
      'depositPence',
      'bonusPence',
      'wageringMultiple',
      'wageringBase',
      'stake',
      'minStake',
      'slot.rtp',
    ]);
    expect(e.subject).toBe('wagering input');
    expect(e.issues.find((i) => i.path === 'bonusPence')?.message).toBe('must be an amount of £0.00 or more, to the penny (the bonus)');
    expect(e.issues.find((i) => i.path === 'stake')?.message).toBe('must be at least 1 penny');
  });

  // Issue 20, defect 8: amounts in the messages a member reads beside the simulator's fields are in pounds, never pence.
  it('says amounts in pounds: the stake a minimum stake may not pass, the requirement too many spins long', () => {
    expect(
      validationError(() => wageringExpectedValue({ depositPence: 0, bonusPence: 1e15, wageringMultiple: 100, stake: 100, slot: 'low' }))
        .issues,
    ).toEqual([{ path: 'wageringMultiple', message: 'gives a requirement of £1,000,000,000,000,000.00, too large to count exactly' }]);
    const e = validationError(() =>
      simulateWageringSync({ depositPence: 0, bonusPence: 1_000_000, wageringMultiple: 100, stake: 1, slot: 'low' }, { runs: 1, seed: 1 }),
    );
    expect(e.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/^the requirement of £1,000,000\.00 takes 100000000 spins at this stake;/),
    ]);
  });

  it('rejects a minimum stake above the stake', () => {
    expect(
      validationError(() =>
        wageringExpectedValue({ depositPence: 100, bonusPence: 100, wageringMultiple: 1, stake: 20, minStake: 50, slot: 'low' }),
      ).issues,
    ).toEqual([{ path: 'minStake', message: 'must be at most the stake (£0.20)' }]);
  });

  it('rejects a misspelt key, a missing slot, an unknown profile and a bad paytable', () => {
    const base = { depositPence: 100, bonusPence: 100, wageringMultiple: 10, stake: 10 };
    expect(validationError(() => wageringExpectedValue({ ...base, slot: 'low', wageringMultipler: 3 } as WageringInput)).issues).toEqual([
      { path: '', message: 'unknown key(s): wageringMultipler' },
    ]);
    expect(validationError(() => wageringExpectedValue(base as WageringInput)).issues.map((i) => i.path)).toEqual(['slot']);
    expect(validationError(() => wageringExpectedValue({ ...base, slot: 'wild' as never })).issues.map((i) => i.path)).toEqual(['slot']);
    expect(
      validationError(() => wageringExpectedValue({ ...base, slot: { outcomes: [{ multiplier: 1, probability: 0.9 }] } })).issues.map(
        (i) => i.path,
      ),
    ).toEqual(['slot.outcomes']);
    expect(validationError(() => wageringExpectedValue(null as never)).issues.map((i) => i.path)).toEqual(['']);
  });
});

describe('the run model', () => {
  it('a £1 balance, £1 spins on a coin flip, 4 spins to wager: finishes with chance 3/8 (hand-worked)', () => {
    // Lose the first spin (1/2) and the run is over. After a first win (balance 2): win again and
    // the balance can no longer run out in time; lose (balance 1) and the third spin must win.
    // P(finish) = 1/2 × (1/2 + 1/2 × 1/2) = 3/8. The game is fair, so E[final] = £1 (Wald).
    // P(final > £1): after W W (1/4) two more fair spins from 3 end at 5, 3, 3 or 1: 3/4 of them;
    // after W L W (1/8) one spin from 2 ends at 3 or 1: half. 3/16 + 1/16 = 1/4.
    const input: WageringInput = {
      depositPence: 100,
      bonusPence: 0,
      wageringMultiple: 4,
      wageringBase: 'deposit+bonus',
      stake: 100,
      slot: COIN,
    };
    const n = 20_000;
    const r = simulateWageringSync(input, { runs: n, seed: 3 });
    expect(within(r.finishProbability, 3 / 8, Math.sqrt(((3 / 8) * (5 / 8)) / n))).toBe(true);
    expect(within(r.profitProbability, 1 / 4, Math.sqrt(((1 / 4) * (3 / 4)) / n))).toBe(true);
    expect(within(r.meanFinalBalance, 100, r.meanFinalBalanceStandardError)).toBe(true);
    // A finished run ends at 1, 3 or 5 stakes, an unfinished one at 0: never anything else.
    expect(r.histogram.reduce((t, b) => t + b.count, 0)).toBe(n);
  });

  it('agrees with an exact Markov-chain calculation for an integer-multiplier slot', () => {
    // Balances stay whole numbers of stakes, so a run is a Markov chain on the balance: worked
    // out exactly here by dynamic programming, independently of the simulator.
    const outcomes = [
      { multiplier: 0, probability: 0.6 },
      { multiplier: 1, probability: 0.2 },
      { multiplier: 2, probability: 0.1 },
      { multiplier: 5, probability: 0.1 },
    ];
    const startUnits = 5;
    const spins = 20;
    let dist = new Map<number, number>([[startUnits, 1]]);
    let busted = 0;
    for (let j = 0; j < spins; j++) {
      busted += dist.get(0) ?? 0;
      dist.delete(0);
      const next = new Map<number, number>();
      for (const [b, q] of dist) {
        for (const o of outcomes) next.set(b - 1 + o.multiplier, (next.get(b - 1 + o.multiplier) ?? 0) + q * o.probability);
      }
      dist = next;
    }
    const finish = 1 - busted;
    const meanUnits = [...dist].reduce((t, [b, q]) => t + b * q, 0); // busted runs end at 0
    const profit = [...dist].filter(([b]) => b > 3).reduce((t, [, q]) => t + q, 0); // deposit is 3 stakes

    const n = 20_000;
    const r = simulateWageringSync(
      { depositPence: 300, bonusPence: 200, wageringMultiple: 4, wageringBase: 'deposit+bonus', stake: 100, slot: { outcomes } },
      { runs: n, seed: 77 },
    );
    expect(r.expectation.requirement).toBe(2000);
    expect(within(r.finishProbability, finish, Math.sqrt((finish * (1 - finish)) / n))).toBe(true);
    expect(within(r.profitProbability, profit, Math.sqrt((profit * (1 - profit)) / n))).toBe(true);
    expect(within(r.meanFinalBalance, meanUnits * 100, r.meanFinalBalanceStandardError)).toBe(true);
  });

  it('replays run n exactly with spin() on stream n of the seed', () => {
    // The documented rule, step by step: stake the least of the stake, the balance and what is
    // left; stop finished at the requirement or unfinished below the minimum stake.
    const input: WageringInput = { depositPence: 1000, bonusPence: 1000, wageringMultiple: 3, stake: 150, minStake: 10, slot: 'high' };
    const slot = defineSlot(REPLAY_SLOT);
    const replay = (index: number) => {
      const random = createPrng(9, index);
      let balance = 2000;
      let wagered = 0;
      while (wagered < 3000 && balance >= 10) {
        const s = Math.min(150, balance, 3000 - wagered);
        balance += s * (spin(slot, random).multiplier - 1);
        wagered += s;
      }
      return { balance, finished: wagered >= 3000 };
    };
    const runs = 300;
    const finals = Array.from({ length: runs }, (_, i) => replay(i));
    const r = simulateWageringSync(input, { runs, seed: 9, quantiles: [0, 0.5, 1] });
    expect(r.finishProbability).toBe(finals.filter((f) => f.finished).length / runs);
    expect(r.meanFinalBalance).toBe(finals.reduce((t, f) => t + f.balance, 0) / runs);
    const sorted = finals.map((f) => f.balance).sort((a, b) => a - b);
    expect(r.quantiles.map((q) => q.finalBalance)).toEqual([sorted[0], quantileType7(sorted, 0.5), sorted.at(-1)]);
  });

  it('keeps what is left below the minimum stake as the final balance of an unfinished run', () => {
    // 25p to start, 10p minimum, 20p spins that always lose: 20p, then 5p < 10p: over with 5p.
    const lose = { outcomes: [{ multiplier: 0, probability: 1 }] };
    const record: RunRecord = { final: -1, wagered: -1, spins: -1, finished: true };
    playRun(
      runModelOf({
        depositPence: 25,
        bonusPence: 0,
        wageringMultiple: 10,
        wageringBase: 'deposit+bonus',
        stake: 20,
        minStake: 10,
        slot: lose,
      }),
      1,
      0,
      record,
    );
    expect(record).toEqual({ final: 5, wagered: 20, spins: 1, finished: false });
    // With a 1p minimum the 5p is staked too and lost.
    playRun(
      runModelOf({ depositPence: 25, bonusPence: 0, wageringMultiple: 10, wageringBase: 'deposit+bonus', stake: 20, slot: lose }),
      1,
      0,
      record,
    );
    expect(record).toEqual({ final: 0, wagered: 25, spins: 2, finished: false });
  });

  it('stakes only what is left of the requirement on the last spin', () => {
    const even = { outcomes: [{ multiplier: 1, probability: 1 }] };
    const record: RunRecord = { final: 0, wagered: 0, spins: 0, finished: false };
    playRun(
      runModelOf({ depositPence: 1000, bonusPence: 0, wageringMultiple: 2.5, wageringBase: 'deposit+bonus', stake: 300, slot: even }),
      1,
      0,
      record,
    );
    // 2500p: 8 spins of 300p and one of 100p.
    expect(record).toEqual({ final: 1000, wagered: 2500, spins: 9, finished: true });
  });
});

const REPLAY_SLOT = {
  outcomes: [
    { multiplier: 0, probability: 0.70328 },
    { multiplier: 0.5, probability: 0.06 },
    { multiplier: 1, probability: 0.04 },
    { multiplier: 2, probability: 0.17 },
    { multiplier: 5, probability: 0.015 },
    { multiplier: 10, probability: 0.007 },
    { multiplier: 25, probability: 0.0026 },
    { multiplier: 50, probability: 0.0012 },
    { multiplier: 100, probability: 0.0006 },
    { multiplier: 250, probability: 0.00024 },
    { multiplier: 1000, probability: 0.00006 },
    { multiplier: 5000, probability: 0.00002 },
  ],
}; // the high-volatility reference table of the guide

describe('Monte Carlo against the closed form', () => {
  // Settings where the balance cannot run out: the closed form is then the exact expectation, and
  // the simulated mean must lie within 4 standard errors of it (a 1-in-16,000 chance of failing
  // by bad luck, and the seeds are fixed, so a pass is reproducible).
  const settings: [string, WageringInput][] = [
    ['low volatility, 1x a £100 bonus, £1 spins', { depositPence: 10000, bonusPence: 10000, wageringMultiple: 1, stake: 100, slot: 'low' }],
    [
      'medium volatility, 2x a £50 bonus, 50p spins',
      { depositPence: 20000, bonusPence: 5000, wageringMultiple: 2, stake: 50, slot: 'medium' },
    ],
    [
      'high volatility, 1x deposit + bonus, £2 spins',
      { depositPence: 40000, bonusPence: 10000, wageringMultiple: 0.8, wageringBase: 'deposit+bonus', stake: 200, slot: 'high' },
    ],
    [
      'designed 90% slot, volatility 10, hit rate 20%',
      { depositPence: 30000, bonusPence: 3000, wageringMultiple: 5, stake: 25, slot: { rtp: 0.9, volatility: 10, hitRate: 0.2 } },
    ],
  ];
  for (const [name, input] of settings) {
    it(`${name}: mean within 4 standard errors, every run wagers exactly the requirement`, () => {
      const r = simulateWageringSync(input, { runs: 2000, seed: 2025 });
      expect(r.expectation.cannotRunOut).toBe(true);
      expect(r.finishProbability).toBe(1);
      expect(r.meanWagered).toBe(r.expectation.requirement);
      expect(r.meanFinalBalanceStandardError).toBeGreaterThan(0);
      expect(within(r.meanFinalBalance, r.expectation.expectedFinalBalance, r.meanFinalBalanceStandardError)).toBe(true);
    });
  }

  // Settings where runs do run out: the exact expectation is then start − (1 − RTP) × E[wagered]
  // (Wald's identity). Per run, D = final − start + (1 − RTP) × wagered has mean 0; its sample mean
  // must lie within 4 of its standard errors of 0.
  const busting: [string, WageringInput, number][] = [
    [
      '35x a £50 bonus on the medium slot',
      { depositPence: 5000, bonusPence: 5000, wageringMultiple: 35, stake: 100, slot: 'medium' },
      0.96,
    ],
    [
      '10x deposit + bonus on the high slot',
      { depositPence: 2000, bonusPence: 2000, wageringMultiple: 10, wageringBase: 'deposit+bonus', stake: 100, slot: 'high' },
      0.96,
    ],
    [
      'a coin flip that pays 1.9',
      {
        depositPence: 500,
        bonusPence: 500,
        wageringMultiple: 20,
        stake: 100,
        slot: {
          outcomes: [
            { multiplier: 0, probability: 0.5 },
            { multiplier: 1.9, probability: 0.5 },
          ],
        },
      },
      0.95,
    ],
  ];
  for (const [name, input, rtp] of busting) {
    it(`${name}: the mean obeys Wald's identity within 4 standard errors`, () => {
      const model = runModelOf(input);
      const record: RunRecord = { final: 0, wagered: 0, spins: 0, finished: false };
      const n = 1500;
      const d: number[] = [];
      for (let i = 0; i < n; i++) {
        playRun(model, 4, i, record);
        d.push(record.final - model.start + (1 - rtp) * record.wagered);
      }
      const mean = d.reduce((t, x) => t + x, 0) / n;
      const sd = Math.sqrt(d.reduce((t, x) => t + (x - mean) ** 2, 0) / (n - 1));
      expect(within(mean, 0, sd / Math.sqrt(n))).toBe(true);
    });
  }

  it('when runs can run out and the RTP is below 1, the closed form understates the EV', () => {
    const r = simulateWageringSync(
      { depositPence: 5000, bonusPence: 5000, wageringMultiple: 35, stake: 100, slot: 'medium' },
      { runs: 3000, seed: 1 },
    );
    expect(r.expectation.cannotRunOut).toBe(false);
    expect(r.meanWagered).toBeLessThan(r.expectation.requirement);
    expect(r.meanFinalBalance - r.expectation.expectedFinalBalance).toBeGreaterThan(4 * r.meanFinalBalanceStandardError);
  });
});

describe('the result', () => {
  const input: WageringInput = { depositPence: 1000, bonusPence: 1000, wageringMultiple: 20, stake: 50, slot: 'medium' };

  it('reports the statistics of the final balance', () => {
    const r = simulateWageringSync(input, { runs: 1000, seed: 12, bins: 10, quantiles: [0.5, 0.1, 1] });
    expect(r.runs).toBe(1000);
    expect(r.seed).toBe(12);
    expect(r.histogram).toHaveLength(10);
    expect(r.histogram.reduce((t, b) => t + b.count, 0)).toBe(1000);
    expect(r.histogram[0]?.from).toBe(0);
    expect(r.histogram.at(-1)?.to).toBe(r.quantiles[2]?.finalBalance); // up to the largest
    expect(r.quantiles.map((q) => q.probability)).toEqual([0.5, 0.1, 1]);
    expect(r.meanFinalBalanceStandardError).toBeCloseTo(r.finalBalanceStandardDeviation / Math.sqrt(1000), 12);
    expect(r.meanProfit).toBeCloseTo(r.meanFinalBalance - 1000, 9);
    const p = r.finishProbability;
    expect(r.finishProbabilityStandardError).toBeCloseTo(Math.sqrt((p * (1 - p)) / 1000), 15);
    expect(Object.isFrozen(r) && Object.isFrozen(r.histogram[0])).toBe(true);
  });

  it('a single run has a standard deviation of 0', () => {
    const r = simulateWageringSync(input, { runs: 1, seed: 1 });
    expect(r.finalBalanceStandardDeviation).toBe(0);
    expect(r.finishProbabilityStandardError).toBe(0);
  });

  it('puts every run in one bin [0, 0] when all end at zero', () => {
    const lose = { outcomes: [{ multiplier: 0, probability: 1 }] };
    const r = simulateWageringSync({ ...input, slot: lose }, { runs: 10, seed: 1 });
    expect(r.histogram).toEqual([{ from: 0, to: 0, count: 10 }]);
    expect(r.finishProbability).toBe(0);
  });
});

describe('quantiles and histogram helpers', () => {
  it("type 7 quantiles match R's quantile(c(1, 2, 3, 4), type = 7)", () => {
    const x = [1, 2, 3, 4];
    expect([0, 0.25, 0.5, 0.75, 1].map((q) => quantileType7(x, q))).toEqual([1, 1.75, 2.5, 3.25, 4]);
    expect(quantileType7([7], 0.3)).toBe(7);
  });

  it('bins are equal-width from 0 to the largest value, the last one closed', () => {
    expect(histogramOf([0, 1, 2, 3, 4], 4)).toEqual([
      { from: 0, to: 1, count: 1 },
      { from: 1, to: 2, count: 1 },
      { from: 2, to: 3, count: 1 },
      { from: 3, to: 4, count: 2 },
    ]);
  });
});

describe('chunks, progress and cancellation', () => {
  const input: WageringInput = { depositPence: 2000, bonusPence: 2000, wageringMultiple: 20, stake: 100, slot: 'high' };
  const options = { runs: 400, seed: 5 };

  it('the generator yields progress after each chunk and returns the same result as a single call', () => {
    const simulation = simulateWageringSteps(input, { ...options, spinsPerChunk: 2000 });
    const reports: WageringProgress[] = [];
    let step = simulation.next();
    while (!step.done) {
      reports.push(step.value);
      step = simulation.next();
    }
    expect(reports.length).toBeGreaterThan(3);
    expect(reports.at(-1)?.fraction).toBe(1);
    expect(reports.at(-1)?.runsDone).toBe(400);
    for (let i = 0; i < reports.length; i++) {
      const previous = i === 0 ? { runsDone: 0, spinsDone: 0 } : reports[i - 1];
      const current = reports[i];
      expect((current?.runsDone ?? 0) > (previous?.runsDone ?? 0)).toBe(true);
      // A chunk ends with the first run that reaches the 2000-spin budget, never inside a run
      // (a run here takes at most 400 full spins and a few part-spins).
      const spins = (current?.spinsDone ?? 0) - (previous?.spinsDone ?? 0);
      if (i < reports.length - 1) expect(spins).toBeGreaterThanOrEqual(2000);
      expect(spins).toBeLessThan(2000 + 500);
    }
    expect(step.value).toEqual(simulateWageringSync(input, options));
    expect(reports.at(-1)?.finishProbability).toBe(step.value.finishProbability);
    expect(reports.at(-1)?.meanFinalBalance).toBeCloseTo(step.value.meanFinalBalance, 9);
  });

  it('validates when called, before the first chunk', () => {
    expect(() => simulateWageringSteps({ ...input, stake: -5 }, options)).toThrow(MatchkitValidationError);
  });

  it('simulateWagering reports progress, awaits the injected scheduler between chunks and resolves to the same result', async () => {
    let ticks = 0;
    const seen: number[] = [];
    const result = await simulateWagering(input, {
      ...options,
      spinsPerChunk: 5000,
      onProgress: (p) => seen.push(p.fraction),
      scheduler: () => {
        ticks++;
        return Promise.resolve();
      },
    });
    expect(seen.length).toBeGreaterThan(1);
    expect(ticks).toBe(seen.length);
    expect(seen.at(-1)).toBe(1);
    expect(result).toEqual(simulateWageringSync(input, options));
  });

  it('yields to the event loop by default', async () => {
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    const result = await simulateWagering(input, { runs: 20, seed: 1 });
    expect(timerRan).toBe(true);
    expect(result.runs).toBe(20);
  });

  it('rejects with an aborted MatchkitError when the signal aborts between chunks, keeping the reason', async () => {
    const controller = new AbortController();
    const reason = new Error('member closed the page');
    let reports = 0;
    const run = simulateWagering(input, {
      ...options,
      spinsPerChunk: 1000,
      signal: controller.signal,
      onProgress: () => {
        reports++;
        if (reports === 2) controller.abort(reason);
      },
      scheduler: () => Promise.resolve(),
    });
    const error = await run.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isMatchkitError(error) && error.kind).toBe('aborted');
    expect((error as Error).cause).toBe(reason);
    expect(reports).toBe(2);
  });

  it('cancellation takes effect between runs, never inside one: with a 1-spin chunk budget each chunk is exactly one whole run', async () => {
    // A chunk ends with the first run that reaches the budget, so a budget of 1 spin makes every
    // chunk one run, however many spins that run takes: the finest cancellation there is.
    const reports: WageringProgress[] = [];
    const simulation = simulateWageringSteps(input, { runs: 12, seed: 3, spinsPerChunk: 1 });
    for (let step = simulation.next(); !step.done; step = simulation.next()) reports.push(step.value);
    expect(reports.map((r) => r.runsDone)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // An abort seen after the first chunk leaves exactly one run played.
    const controller = new AbortController();
    let runsPlayed = 0;
    const error = await simulateWagering(input, {
      runs: 12,
      seed: 3,
      spinsPerChunk: 1,
      signal: controller.signal,
      onProgress: (p) => {
        runsPlayed = p.runsDone;
        controller.abort();
      },
      scheduler: () => Promise.resolve(),
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isMatchkitError(error) && error.kind).toBe('aborted');
    expect(runsPlayed).toBe(1);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(simulateWagering(input, { ...options, signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('rejects bad input with the validation error', async () => {
    await expect(simulateWagering({ ...input, depositPence: -1 }, options)).rejects.toBeInstanceOf(MatchkitValidationError);
  });
});

describe('simulation options', () => {
  const input: WageringInput = { depositPence: 100, bonusPence: 100, wageringMultiple: 10, stake: 10, slot: 'low' };

  it('names every bad option under options.', () => {
    const e = validationError(() =>
      simulateWageringSync(input, {
        runs: 0,
        seed: -3,
        spinsPerChunk: 0.5,
        bins: 0,
        quantiles: [0.5, 2],
        extra: true,
      } as never),
    );
    expect(e.issues.map((i) => i.path)).toEqual([
      'options.runs',
      'options.spinsPerChunk',
      'options.bins',
      'options.quantiles.1',
      'options',
      'options.seed',
    ]);
    expect(e.subject).toBe('wagering simulation');
  });

  it('lists input and option problems together', () => {
    const e = validationError(() => simulateWageringSync({ ...input, stake: 0 }, { runs: 2_000_000, seed: 1 }));
    expect(e.issues.map((i) => i.path)).toEqual(['stake', 'options.runs']);
  });

  it('refuses a run of more than 10 million spins at full stake, naming the stake', () => {
    const e = validationError(() =>
      simulateWageringSync({ depositPence: 0, bonusPence: 10_000_000, wageringMultiple: 2, stake: 1, slot: 'low' }, { runs: 1, seed: 1 }),
    );
    expect(e.issues).toEqual([{ path: 'stake', message: expect.stringContaining('20000000 spins') }]);
  });

  it('checks the callbacks and the signal of simulateWagering', async () => {
    const error = await simulateWagering(input, {
      runs: 1,
      seed: 1,
      signal: {} as AbortSignal,
      onProgress: 3 as never,
      scheduler: 'soon' as never,
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MatchkitValidationError);
    expect((error as MatchkitValidationError).issues.map((i) => i.path)).toEqual([
      'options.signal',
      'options.onProgress',
      'options.scheduler',
    ]);
  });
});

describe('wageringExpectedValue: pre-1.0 amount names', () => {
  it('names depositPence and bonusPence when given deposit and bonus', () => {
    const issues = validationError(() =>
      wageringExpectedValue({ deposit: 1000, bonus: 1000, wageringMultiple: 10, stake: 50, slot: 'medium' } as never),
    ).issues;
    expect(issues).toContainEqual({
      path: '',
      message: 'unknown key(s): deposit (was renamed depositPence in 1.0), bonus (was renamed bonusPence in 1.0)',
    });
  });
});
