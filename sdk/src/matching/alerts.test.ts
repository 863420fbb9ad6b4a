import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createOddsmatcher,
  findPriceBoosts,
  oddsAlertFilters,
  oddsAlertMatches,
  parseOddsAlertRule,
  type OddsAlertRule,
  type OddsAlertRow,
  type OddsmatchRow,
} from '@matchkit/sdk/matching';
import { validationError } from '../internal/testing/validation';

const NOW = Date.parse('2030-06-01T12:00:00Z');
const SPORTS = ['football', 'horse-racing'] as const;
const BOOKMAKERS = ['bet-co', 'odds-r-us', 'punt-hub'] as const;

/** Events starting 1 to 40 hours from NOW, prices spread so ratings run from about 80% to 105%. */
function market(seed: number) {
  const events = [];
  const markets = [];
  const backPrices: { bookmaker: string; selectionId: string; odds: number }[] = [];
  const exchangePrices = [];
  for (let e = 0; e < 12; e++) {
    const startsAt = new Date(NOW + (1 + ((e * 7 + seed) % 40)) * 3_600_000).toISOString();
    events.push({ id: `e${e}`, sport: SPORTS[e % 2] as string, name: `Event ${e}`, startsAt });
    markets.push({ id: `e${e}/m`, eventId: `e${e}`, type: 'win', name: 'Winner', runners: [{ id: `e${e}/r`, name: 'Runner' }] });
    BOOKMAKERS.forEach((bookmaker, b) =>
      backPrices.push({ bookmaker, selectionId: `e${e}/r`, odds: 2 + (((e + b + seed) * 13) % 30) / 100 }),
    );
    exchangePrices.push({
      exchange: 'smarkets',
      selectionId: `e${e}/r`,
      commission: 0.02,
      back: null,
      lay: { odds: 2.1 + ((e * 3 + seed) % 10) / 100, liquidity: 1_000 * (1 + ((e + seed) % 9)) },
    });
  }
  return { events, markets, backPrices, exchangePrices };
}

const key = (r: OddsmatchRow) => `${r.selectionId} ${r.bookmaker} ${r.exchange}`;

describe('parseOddsAlertRule', () => {
  it('keeps a valid rule as given', () => {
    const rule = { minRating: 97.5, bookmaker: 'bet-co', sport: 'football', withinHours: 24, minLiquidity: 5_000 };
    expect(parseOddsAlertRule(rule)).toEqual(rule);
  });

  it('names every bad field', () => {
    const error = validationError(() =>
      parseOddsAlertRule({ minRating: 250, bookmaker: 'Bet Co', withinHours: 0.5, minLiquidity: 12.5, colour: 'red' }),
    );
    expect(error.issues.map((i) => i.path).slice(0, 4)).toEqual(['minRating', 'bookmaker', 'withinHours', 'minLiquidity']);
    expect(error.message).toContain('colour');
  });

  it('keeps the member’s commissions and names a bad one by its exchange', () => {
    const rule = { minRating: 95, commissions: { smarkets: 0, betfair: 0.05 } };
    expect(parseOddsAlertRule(rule)).toEqual(rule);
    const error = validationError(() => parseOddsAlertRule({ minRating: 95, commissions: { smarkets: 1, betfair: Number.NaN } }));
    expect(error.issues.map((i) => i.path)).toEqual(['commissions.smarkets', 'commissions.betfair']);
  });

  it('refuses a missing rating and NaN', () => {
    expect(validationError(() => parseOddsAlertRule({})).issues[0]?.path).toBe('minRating');
    expect(validationError(() => parseOddsAlertRule({ minRating: Number.NaN })).issues[0]?.path).toBe('minRating');
  });
});

describe('oddsAlertMatches', () => {
  it('accepts exactly the rows the oddsmatcher shows with the alert’s filters', () => {
    const rule = fc.record(
      {
        minRating: fc.integer({ min: 80, max: 106 }),
        bookmaker: fc.constantFrom(...BOOKMAKERS),
        sport: fc.constantFrom(...SPORTS),
        withinHours: fc.integer({ min: 1, max: 48 }),
        minLiquidity: fc.integer({ min: 0, max: 10_000 }),
      },
      { requiredKeys: ['minRating'] },
    );
    fc.assert(
      fc.property(rule, fc.integer({ min: 0, max: 50 }), (input: OddsAlertRule, seed) => {
        const snapshot = market(seed);
        const open = createOddsmatcher({ limit: 10_000 });
        open.load(snapshot);
        const filtered = createOddsmatcher({ limit: 10_000, filters: oddsAlertFilters(parseOddsAlertRule(input), NOW) });
        filtered.load(snapshot);
        const byRule = open.getSnapshot().filter((r) => oddsAlertMatches(input, r, NOW));
        expect(byRule.map(key).sort()).toEqual(filtered.getSnapshot().map(key).sort());
      }),
      { numRuns: 200 },
    );
  });

  it('a row one pence short of the liquidity, or starting after the window, does not alert', () => {
    const open = createOddsmatcher({ limit: 10_000 });
    open.load(market(0));
    const row = open.getSnapshot()[0] as OddsmatchRow;
    expect(oddsAlertMatches({ minRating: 0, minLiquidity: row.layLiquidity }, row, NOW)).toBe(true);
    expect(oddsAlertMatches({ minRating: 0, minLiquidity: row.layLiquidity + 1 }, row, NOW)).toBe(false);
    const hoursAway = (Date.parse(row.startsAt) - NOW) / 3_600_000;
    expect(oddsAlertMatches({ minRating: 0, withinHours: Math.ceil(hoursAway) }, row, NOW)).toBe(true);
    expect(oddsAlertMatches({ minRating: 0, withinHours: Math.ceil(hoursAway) - 1 }, row, NOW)).toBe(false);
    expect(oddsAlertMatches({ minRating: row.rating + 0.01 }, row, NOW)).toBe(false);
  });

  it('accepts exactly the price boosts the finder shows at the alert’s rating, bookmaker, sport, start and liquidity', () => {
    // Every other bookmaker price boosted from a shorter price: the finder's rows are its boosts.
    const boosted = (seed: number) => {
      const m = market(seed);
      return { ...m, backPrices: m.backPrices.map((p, i) => (i % 2 === 0 ? { ...p, boostedFrom: p.odds - 0.2 } : p)) };
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 80, max: 106 }),
        fc.constantFrom(...BOOKMAKERS),
        fc.integer({ min: 0, max: 50 }),
        (minRating, bookmaker, seed) => {
          const snapshot = boosted(seed);
          const all = findPriceBoosts({ market: snapshot, limit: 1000 }).rows;
          const finder = findPriceBoosts({ market: snapshot, limit: 1000, minRating, bookmakers: [bookmaker] }).rows;
          expect(all.length).toBeGreaterThan(0);
          const byRule = all.filter((r) => oddsAlertMatches({ minRating, bookmaker }, r, NOW));
          expect(byRule.map((r) => `${r.selectionId} ${r.bookmaker} ${r.exchange}`)).toEqual(
            finder.map((r) => `${r.selectionId} ${r.bookmaker} ${r.exchange}`),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a rule asking for liquidity refuses a row with no lay, and one without accepts it', () => {
    const row: OddsAlertRow = { rating: 120, bookmaker: 'bet-co', sport: 'football', startsAt: new Date(NOW + 3_600_000).toISOString() };
    expect(oddsAlertMatches({ minRating: 100 }, row, NOW)).toBe(true);
    expect(oddsAlertMatches({ minRating: 100, minLiquidity: 0 }, row, NOW)).toBe(false);
    expect(oddsAlertMatches({ minRating: 100, minLiquidity: 0 }, { ...row, layLiquidity: 0 }, NOW)).toBe(true);
  });
});
