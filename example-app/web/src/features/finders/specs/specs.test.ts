// @vitest-environment node
// Every finder tool's description, on the simulated feed of the example server: its engine returns
// rows with the default filters, every column reads each row, the calculator link carries the
// row's prices, and the bet "add to profit tracker" records is one the server accepts (the sdk's
// parseBet, which the server's recordBet runs) with the tool's tracker source.
import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { indexMarketSnapshot } from '@matchkit/sdk/matching';
import { parseBet } from '@matchkit/sdk/tracker';
import { createSimulatedFeed, steamBaseline } from '@matchkit/app-contract/feed';
import { finderCalculatorPath, finderSpecs, readFilterValues, readStake, type FinderRunContext } from './index';

const NOON = Date.UTC(2026, 5, 1, 12);
const feed = createSimulatedFeed({ seed: 7, clock: () => NOON });
const now = feed.snapshot().market;
const market = indexMarketSnapshot(now);
const earlier = steamBaseline(now, feed.snapshotAt(feed.seq - 240).market);
const bookmakers = [...new Set(now.backPrices.map((p) => p.bookmaker))].sort();

describe.each(['primary', 'secondary'] as const)('the %s brand', (brandId) => {
  const brand = getBrand(brandId);
  const tools = brand.tools.filter((t) => t.slug !== '' && finderSpecs[t.key] !== undefined);

  it('has a description for every finder tool it has a page for', () => {
    expect(tools.length).toBeGreaterThanOrEqual(brandId === 'primary' ? 13 : 10);
  });

  it.each(tools.map((t) => [t.key, t] as const))('%s: rows, columns, calculator link and a bet the tracker accepts', (_key, tool) => {
    const spec = finderSpecs[tool.key];
    if (spec === undefined) throw new Error('no spec');
    const { values, errors } = readFilterValues(spec.filters, new URLSearchParams());
    expect([...errors]).toEqual([]);
    const ctx: FinderRunContext = {
      market,
      stake: 1000,
      limit: 5,
      bookmaker: spec.offerBookmaker === true ? (bookmakers[0] ?? '') : '',
      exchangeSettings: {},
      user: { capabilities: brand.plans.flatMap((p) => grantedCapabilities(brand, p)), additionalCapabilities: [] },
      earlier,
      at: NOON,
    };
    const { rows } = spec.run(ctx, values);
    expect(rows.length).toBeGreaterThan(0);
    const keys = new Set(rows.map(spec.key));
    expect(keys.size).toBe(rows.length);
    expect(spec.columns.some((c) => c.id === spec.rankColumn)).toBe(true);
    for (const row of rows) {
      for (const c of spec.columns) {
        expect(c.cell(row)).not.toBeUndefined();
        if (c.sort !== undefined) expect(Number.isNaN(c.sort(row))).toBe(false);
      }
      const link = new URL(finderCalculatorPath(spec.calculator(row, ctx, values), tool.profitTrackerSource ?? ''), 'https://x.test');
      // The advanced calculators' links are followed field by field in calculatorLinks.test.ts.
      if (link.pathname === '/calculator') {
        expect(Number(link.searchParams.get('back'))).toBeGreaterThan(1);
        expect(link.searchParams.get('stake')).toBe('10.00');
      } else expect(link.searchParams.get('backStake')).toBe('10.00');
      const source = tool.profitTrackerSource;
      if (source === null || spec.bet === undefined) continue;
      const bet = spec.bet(row, source, ctx, values);
      expect(bet.source).toBe(source);
      // As the server's recordBet takes it (its DateTime scalar gives an instant).
      const parsed = parseBet(brand, { ...bet, placedAt: Date.parse(bet.placedAt), id: 'b1', status: 'open' });
      expect(parsed.legs.length).toBe(bet.legs.length);
    }
  });

  it('every tool with a tracker source records its bets, but the lucky finder (a Lucky bet\u2019s lines are not one back bet)', () => {
    expect(tools.filter((t) => t.profitTrackerSource !== null && finderSpecs[t.key]?.bet === undefined).map((t) => t.key)).toEqual([
      'luckyFinder',
    ]);
  });

  it('the match catcher narrows to a sport and a start window from the feed time', () => {
    const spec = finderSpecs['matchCatcher'];
    if (spec === undefined) throw new Error('no match catcher');
    const ctx: FinderRunContext = {
      market,
      stake: 1000,
      limit: 50,
      bookmaker: bookmakers[0] ?? '',
      exchangeSettings: {},
      user: { capabilities: [], additionalCapabilities: [] },
      earlier: [],
      at: NOON,
    };
    const rows = spec.run(ctx, readFilterValues(spec.filters, new URLSearchParams('sport=horse-racing&hours=1')).values).rows as readonly {
      sport: string;
      startsAt: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.sport === 'horse-racing' && Date.parse(r.startsAt) <= NOON + 3_600_000)).toBe(true);
  });

  it('a bad filter is a message for its field, not an exception', () => {
    const spec = finderSpecs['accaCatcher'];
    if (spec === undefined) throw new Error('no acca catcher');
    expect([...readFilterValues(spec.filters, new URLSearchParams('legs=four')).errors]).toEqual([
      ['legs', 'Enter a plain number, such as 2 or 1.5.'],
    ]);
    expect([...readFilterValues(spec.filters, new URLSearchParams('refund=ten')).errors]).toEqual([
      ['refund', 'Enter an amount in pounds with at most two decimals, such as 10 or 12.50.'],
    ]);
  });

  it('reads amounts, numbers and percents strictly: no hex, exponent, sign or third decimal', () => {
    const spec = finderSpecs['accaCatcher'];
    if (spec === undefined) throw new Error('no acca catcher');
    const read = (query: string) => readFilterValues(spec.filters, new URLSearchParams(`kind=insurance&${query}`));
    expect(read('refund=10.555').errors.has('refund')).toBe(true);
    for (const bad of ['0x10', '1e3', '-5', '+5', 'Infinity', '.5', '5.']) {
      // The app's one pounds reader takes ".5" as 50p (see components/money.test.ts); a number does not.
      if (bad !== '.5') expect(read(`refund=${encodeURIComponent(bad)}`).errors.has('refund'), `refund ${bad}`).toBe(true);
      expect(read(`legs=${encodeURIComponent(bad)}`).errors.has('legs'), `legs ${bad}`).toBe(true);
      expect(read(`ret=${encodeURIComponent(bad)}`).errors.get('ret'), `ret ${bad}`).toBe(
        'Enter a percentage as a plain number, such as 5 or 2.5.',
      );
    }
    const good = read('refund=12.5&legs=5&ret=62.5&min=1.25');
    expect(good.errors.size).toBe(0);
    expect(good.values).toMatchObject({ refund: 1250, legs: 5, ret: 0.625, min: 1.25 });
    expect(read('refund=%2010.05%20').values['refund']).toBe(1005);
    expect(read('refund=.5').values['refund']).toBe(50);
  });

  it('reads the stake as pounds: positive, at most two decimals', () => {
    expect(readStake('10')).toBe(1000);
    expect(readStake(' 12.50 ')).toBe(1250);
    expect(readStake('0.07')).toBe(7);
    expect(readStake('£1,000')).toBe(100_000);
    for (const bad of ['0x10', '1e3', '10.555', '0', '0.00', '-5', '', 'ten', '10,00']) expect(readStake(bad), bad).toBeUndefined();
  });
});
