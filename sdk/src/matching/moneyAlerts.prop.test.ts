import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  alertFigure,
  alertMatches,
  alertThreshold,
  eachWayAlertRow,
  extraPlaceAlertRow,
  findEachWayCatches,
  findExtraPlaces,
  moneyAlertMatches,
  parseMoneyAlertRule,
  type MoneyAlertRow,
} from '@matchkit/sdk/matching';
import { race } from './finders/test-fixtures';
import { validationError, validationPaths } from '../internal/testing/validation';

const NOW = Date.parse('2025-08-16T12:00:00+01:00');

/** The fixture race with every bookmaker price moved by `shift` (so the rows and their order change). */
function shifted(shift: number) {
  const m = race();
  return { ...m, backPrices: m.backPrices.map((p, i) => ({ ...p, odds: Math.max(1.01, p.odds * (1 + (((i * 7) % 5) - 2) * shift)) })) };
}

const tools = [
  [
    'each-way catcher',
    (market: unknown, stake: number) => findEachWayCatches({ market, stake }).rows.map((r) => eachWayAlertRow(r, stake)),
  ],
  [
    'extra place catcher',
    (market: unknown, stake: number) => findExtraPlaces({ market, stake }).rows.map((r) => extraPlaceAlertRow(r, stake)),
  ],
] as const;

const key = (r: MoneyAlertRow & { selectionId: string; exchange: string }) => `${r.selectionId}|${r.bookmaker}|${r.exchange}`;

describe.each(tools)('a %s alert', (_name, rank) => {
  it('accepts a prefix of the finder’s own ranking at its stake, and only rows of that figure or more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        fc.integer({ min: -2_000, max: 2_000 }),
        fc.option(fc.constantFrom('bet-a', 'bet-b'), { nil: undefined }),
        (stake, shift, minProfit, bookmaker) => {
          const rule = parseMoneyAlertRule({ minProfit, stake, ...(bookmaker === undefined ? {} : { bookmaker }) });
          const ranking = rank(shifted(shift), rule.stake).filter((r) => bookmaker === undefined || r.bookmaker === bookmaker);
          const accepted = ranking.filter((r) => moneyAlertMatches(rule, r, NOW));
          // The finder ranks by the very figure the alert reads: what passes is its top rows.
          expect(accepted.map(key)).toEqual(ranking.slice(0, accepted.length).map(key));
          const firstRefused = ranking[accepted.length];
          // In whole pence, as the page shows the profit.
          if (firstRefused !== undefined) expect(Math.round(firstRefused.profitOnStake)).toBeLessThan(minProfit);
          for (const r of accepted) expect(Math.round(r.profitOnStake)).toBeGreaterThanOrEqual(minProfit);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a threshold k times higher at a stake k times higher accepts the same rows (the figure is on the rule’s stake)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 20_000 }),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: -500, max: 500 }),
        (stake, k, x) => {
          const at = (s: number, min: number) =>
            rank(race(), s)
              .filter((r) => moneyAlertMatches({ minProfit: min, stake: s }, r, NOW))
              .map(key)
              .sort();
          // A half-penny away from every row's figure, so float rounding of the scaled figures cannot decide.
          const rows = rank(race(), stake);
          if (rows.some((r) => Math.abs(r.profitOnStake - x) < 0.5)) return;
          expect(at(stake * k, x * k)).toEqual(at(stake, x));
          // So the per-penny scale orders rows as each rule does: figure ≥ threshold exactly when the rule passes.
          const rule = { minProfit: x, stake };
          for (const r of rows) expect(alertFigure(r) >= alertThreshold(rule)).toBe(moneyAlertMatches(rule, r, NOW));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('money alert rules', () => {
  it('parsing keeps every valid rule as given', () => {
    const rule = fc.record(
      {
        minProfit: fc.integer({ min: -1e9, max: 1e9 }),
        stake: fc.integer({ min: 1, max: 1e9 }),
        bookmaker: fc.constantFrom('bet-a', 'odds-r-us'),
        sport: fc.constantFrom('horse-racing', 'golf'),
        withinHours: fc.integer({ min: 1, max: 336 }),
        minLiquidity: fc.integer({ min: 0, max: 1e9 }),
        commissions: fc.dictionary(fc.constantFrom('smarkets', 'betfair'), fc.double({ min: 0, max: 0.99, noNaN: true })),
      },
      { requiredKeys: ['minProfit', 'stake'] },
    );
    fc.assert(
      fc.property(rule, (r) => {
        expect(parseMoneyAlertRule(r)).toEqual(r);
      }),
    );
  });

  it('parsing names the field of a fractional, missing or out-of-range amount', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((x) => !Number.isInteger(x)),
        (x) => {
          expect(validationPaths(() => parseMoneyAlertRule({ minProfit: x, stake: 1000 }))).toEqual(['minProfit']);
          expect(validationPaths(() => parseMoneyAlertRule({ minProfit: 0, stake: x }))).toEqual(['stake']);
        },
      ),
    );
    expect(validationPaths(() => parseMoneyAlertRule({ stake: 0 }))).toEqual(['minProfit', 'stake']);
    // A rating threshold is not a money rule's: the unknown field is named in the message.
    const mixed = validationError(() => parseMoneyAlertRule({ minProfit: Number.NaN, stake: 1000, minRating: 95 }));
    expect(mixed.issues[0]?.path).toBe('minProfit');
    expect(mixed.message).toContain('minRating');
    expect(validationPaths(() => parseMoneyAlertRule({ minProfit: 2e9, stake: 1000, withinHours: 0 }))).toEqual([
      'minProfit',
      'withinHours',
    ]);
  });

  it('a rated row never satisfies a money rule, nor a money row a rating rule', () => {
    const place = { bookmaker: 'bet-a', sport: 'horse-racing', startsAt: '2025-08-16T15:00:00+01:00' };
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), (figure) => {
        const money = { ...place, profitOnStake: figure, stake: 1000 };
        expect(alertMatches({ minProfit: -1e9, stake: 1000 }, { ...place, rating: figure }, NOW)).toBe(false);
        expect(alertMatches({ minRating: 0 }, money, NOW)).toBe(false);
        expect(alertMatches({ minProfit: Math.floor(figure), stake: 1000 }, money, NOW)).toBe(true);
        // Worked out on another stake, the row is not the rule's.
        expect(alertMatches({ minProfit: Math.floor(figure), stake: 1001 }, money, NOW)).toBe(false);
      }),
    );
  });
});

describe('a money alert’s threshold', () => {
  it('compares the profit in whole pence, as the page shows it, and alertThreshold agrees', () => {
    const row = (profitOnStake: number) => ({
      profitOnStake,
      stake: 1000,
      bookmaker: 'bet-co',
      sport: 'horse-racing',
      startsAt: '2030-06-01T15:00:00Z',
    });
    const rule = { minProfit: 12, stake: 1000 };
    for (const [profit, shown] of [
      [11.6, true],
      [11.5, true],
      [11.49, false],
      [-12.4, false],
    ] as const) {
      const r = row(profit);
      expect(moneyAlertMatches(rule, r, NOW)).toBe(shown);
      expect(alertFigure(r) >= alertThreshold(rule)).toBe(shown);
    }
    expect(moneyAlertMatches({ minProfit: -12, stake: 1000 }, row(-12.4), NOW)).toBe(true);
  });
});
