// @vitest-environment node
// Issue 20, defect 4: a finder row's "Calculator" link opens the calculator for that bet, filled
// in with the row's figures. Each link is followed as the calculator page reads it (the advanced
// page's form state from the address, then the sdk arguments that state reads into), and the
// arguments must be the row's: each-way with its place part and lay odds, the extra place hedge
// the row found, the acca's legs with their lay odds, golf's win and place chances, a steamer's
// fair odds. The sdk's calculator then runs on them without a complaint.
import { describe, expect, it } from 'vitest';
import * as calculators from '@matchkit/sdk/calculators';
import { findCalculator } from '@matchkit/sdk/calculators/registry';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import {
  indexMarketSnapshot,
  type AccaRow,
  type EachWayCatcherRow,
  type ExtraPlaceRow,
  type GolfRow,
  type SteamerRow,
} from '@matchkit/sdk/matching';
import { createSimulatedFeed, steamBaseline } from '@matchkit/app-contract/feed';
import { readArgs, stateFromAddress } from '../../advanced-calculators';
import { finderCalculatorPath, finderSpecs, readFilterValues, type FinderRunContext } from './index';

const NOON = Date.UTC(2026, 5, 1, 12);
const feed = createSimulatedFeed({ seed: 7, clock: () => NOON });
const now = feed.snapshot().market;
const market = indexMarketSnapshot(now);
const earlier = steamBaseline(now, feed.snapshotAt(feed.seq - 240).market);
const STAKE = 1000;
const firstBookmaker = [...new Set(now.backPrices.map((p) => p.bookmaker))].sort()[0] ?? '';

/** What a row's link must open: the calculator's slug, its function and the arguments. */
type Expected = { readonly slug: string; readonly fn: string; readonly args: Record<string, unknown> };

const EXPECTED: Readonly<Record<string, (row: never) => Expected>> = {
  eachWayCatcher: (r: EachWayCatcherRow) => ({
    slug: 'each-way-calculator',
    fn: 'eachWay',
    args: {
      betType: 'qualifying',
      backStake: STAKE,
      backOdds: r.backOdds,
      placeFraction: r.placeFraction,
      winLayOdds: r.winLayOdds,
      placeLayOdds: r.placeLayOdds,
      layCommission: r.commission,
    },
  }),
  extraPlaceCatcher: (r: ExtraPlaceRow) => extraPlaceExpected(r),
  extraPlaceMaster: (r: ExtraPlaceRow) => extraPlaceExpected(r),
  // The finder's default offer is acca insurance: a £10 refund kept at 70%.
  accaCatcher: (r: AccaRow) => ({
    slug: 'acca-calculator',
    fn: 'accaInsuranceLockIn',
    args: {
      backStake: STAKE,
      legs: r.legs.map((l) => ({ backOdds: l.backOdds, layOdds: l.layOdds })),
      layCommission: r.commission,
      refund: { amount: 1000, retention: 0.7 },
    },
  }),
  golfMaster: (r: GolfRow) => ({
    slug: 'ev-calculator',
    fn: 'noLay',
    args: {
      betType: 'qualifying',
      backStake: STAKE,
      backOdds: r.backOdds,
      placeFraction: r.placeFraction,
      winProbability: r.winProbability,
      placeProbability: r.placeProbability,
    },
  }),
  steamChaser: (r: SteamerRow) => ({
    slug: 'ev-calculator',
    fn: 'expectedValue',
    args: { betType: 'qualifying', backStake: STAKE, backOdds: r.backOdds, fairOdds: r.fairOdds },
  }),
};

function extraPlaceExpected(r: ExtraPlaceRow): Expected {
  const bet = { betType: 'qualifying', backStake: STAKE, backOdds: r.backOdds, placeFraction: r.placeFraction };
  if (r.hedge === 'lockBet')
    return { slug: 'extra-place-calculator', fn: 'lockBet', args: { ...bet, lockOdds: r.lockOdds, layCommission: r.commission } };
  const lays = { winLayOdds: r.winLayOdds, placeLayOdds: r.placeLayOdds, layCommission: r.commission };
  return r.hedge === 'layThePlace'
    ? { slug: 'extra-place-calculator', fn: 'layThePlace', args: { ...bet, ...lays } }
    : { slug: 'extra-place-calculator', fn: 'extraPlace', args: { ...bet, ...lays, extraPlaceProbability: r.extraPlaceProbability } };
}

/** Numbers equal to the sixth significant place (a percent typed with six decimals), the rest exactly. */
function close(actual: unknown, expected: unknown): boolean {
  if (typeof expected === 'number')
    return typeof actual === 'number' && Math.abs(actual - expected) <= 1e-6 * Math.max(1, Math.abs(expected));
  if (Array.isArray(expected))
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => close(actual[i], e));
  if (typeof expected === 'object' && expected !== null) {
    const a = (actual ?? {}) as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    return Object.keys(e).length === Object.keys(a).length && Object.keys(e).every((k) => close(a[k], e[k]));
  }
  return actual === expected;
}

describe.each(['primary', 'secondary'] as const)('the %s brand: a finder row’s calculator link', (brandId) => {
  const brand = getBrand(brandId);
  const tools = brand.tools.filter((t) => t.slug !== '' && finderSpecs[t.key] !== undefined && EXPECTED[t.key] !== undefined);

  it('covers the each-way, extra place, acca, golf and steam finders the brand has', () => {
    expect(tools.length).toBeGreaterThanOrEqual(brandId === 'primary' ? 6 : 3);
  });

  it.each(tools.map((t) => [t.key, t] as const))('%s opens its calculator filled in with the row', (key, tool) => {
    const spec = finderSpecs[key];
    const expected = EXPECTED[key];
    if (spec === undefined || expected === undefined) throw new Error('no spec');
    const { values } = readFilterValues(spec.filters, new URLSearchParams());
    const ctx: FinderRunContext = {
      market,
      stake: STAKE,
      limit: 20,
      bookmaker: spec.offerBookmaker === true ? firstBookmaker : '',
      exchangeSettings: {},
      user: { capabilities: brand.plans.flatMap((p) => grantedCapabilities(brand, p)), additionalCapabilities: [] },
      earlier,
      at: NOON,
    };
    const { rows } = spec.run(ctx, values);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const want = expected(row as never);
      const address = new URL(finderCalculatorPath(spec.calculator(row, ctx, values), tool.profitTrackerSource), 'https://x.test');
      expect(address.pathname).toBe(`/advanced-calculators/${want.slug}`);
      const form = findCalculator(want.slug)?.forms.find((f) => f.function === want.fn);
      if (form === undefined) throw new Error(`no form ${want.fn}`);
      const state = stateFromAddress(form, address.searchParams);
      expect(state, `${want.fn} is the form the link fills`).not.toBeUndefined();
      const { args, unreadable } = readArgs(form, state ?? { values: {}, rows: {} });
      expect(unreadable).toEqual({});
      expect(close(args[0], want.args), `${address.search} reads ${JSON.stringify(args[0])}, not ${JSON.stringify(want.args)}`).toBe(true);
      const run = (calculators as unknown as Record<string, (input: unknown) => unknown>)[want.fn];
      expect(() => run?.(args[0])).not.toThrow();
    }
  });
});
