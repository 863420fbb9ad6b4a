import * as v from 'valibot';
import * as s from '../../internal/schemas';
import { expectedValue, kellyFraction } from '../../calculators/index';
import { indexMarketSnapshot } from '../snapshot';
import {
  backsOf,
  fairWinProbabilities,
  finderCommonShape,
  marketField,
  openFinder,
  rankRows,
  rowBase,
  type FinderInput,
  type FinderResult,
  type FinderRowBase,
} from './common';

/**
 * Input of {@link findSteamers}.
 *
 * @example
 * ```ts
 * import type { SteamChaserInput } from '@matchkit/sdk/matching';
 * const tenMinutesAgo = [] as const; // the snapshot's exchangePrices of ten minutes ago
 * const input = (market: unknown): SteamChaserInput => ({ market, earlier: tenMinutesAgo, minSteam: 0.1 });
 * ```
 */
export interface SteamChaserInput extends FinderInput {
  /** The exchange prices at an earlier moment (same shape as the snapshot's `exchangePrices`). */
  readonly earlier: readonly unknown[];
  /**
   * Least shortening shown: the fair win probability's rise since `earlier`, as a fraction
   * (0.05: the fair odds shortened by 5%).
   * @defaultValue 0.05
   */
  readonly minSteam?: number | undefined;
}

/**
 * A bookmaker price on a steamer.
 *
 * @example
 * ```ts
 * import type { SteamerRow } from '@matchkit/sdk/matching';
 * const label = (r: SteamerRow) => `${r.selectionName} in ${(r.steam * 100).toFixed(0)}%`;
 * ```
 */
export interface SteamerRow extends FinderRowBase {
  /** Fair win probability earlier. */
  readonly earlierProbability: number;
  /** Fair win probability now. */
  readonly probability: number;
  /** Fair odds now, 1 / probability. */
  readonly fairOdds: number;
  /** How far it has shortened: probability / earlierProbability − 1. */
  readonly steam: number;
  /** Expected profit of backing the stake at the bookmaker's odds, pence (`expectedValue`). */
  readonly expectedProfit: number;
  /** Expected profit per unit staked (the edge). */
  readonly edge: number;
  /** The Kelly fraction of a bankroll to stake (`kellyFraction`), 0 when there is no edge. */
  readonly kelly: number;
}

const schema = s.object({
  ...marketField,
  ...finderCommonShape,
  earlier: s.array(s.unknown()),
  minSteam: s.optional(v.pipe(s.number(), s.gte(0, 'must be at least 0'))),
});

/**
 * Steam chaser: selections whose exchange price has shortened since `earlier` by at least
 * `minSteam` (fair probabilities then and now: exchange mid prices, margin removed
 * multiplicatively), and every bookmaker price on them not yet cut. Ranks by the expected profit
 * of backing at the bookmaker's odds against today's fair probability (the calculators'
 * `expectedValue`; no lay), best first; the Kelly stake fraction is beside it.
 *
 * Assumptions: the exchange's current fair price is the true probability (the market has already
 * moved and the bookmaker has not); no commission on the back bet.
 *
 * @param input - the prices now and earlier, the threshold, the stake and the member's settings
 * @returns the steamers' bookmaker prices, best expected profit first
 * @throws MatchkitValidationError listing every bad field (including those of `earlier`)
 *
 * @example
 * ```ts
 * import { findSteamers } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * const earlier = market.exchangePrices; // the exchange prices of a few minutes ago
 * findSteamers({ market, earlier }).rows.filter((r) => r.edge > 0);
 * ```
 */
export function findSteamers(input: SteamChaserInput): FinderResult<SteamerRow> {
  const { ctx, input: o } = openFinder(schema, input, 'steam chaser input');
  const minSteam = o.minSteam ?? 0.05;
  const then = indexMarketSnapshot({ ...ctx.index.snapshot, exchangePrices: o.earlier });
  const rows: SteamerRow[] = [];
  const done = new Set<string>();
  for (const view of ctx.index.selections) {
    const marketId = view.market.id;
    if (done.has(marketId)) continue;
    done.add(marketId);
    const now = fairWinProbabilities(ctx.index, marketId);
    const before = fairWinProbabilities(then, marketId);
    if (now === null || before === null) continue;
    for (const runner of ctx.index.selectionsOf(marketId)) {
      const p = now.get(runner.runner.id) as number;
      const p0 = before.get(runner.runner.id) as number;
      if (p0 <= 0 || p <= 0) continue;
      const steam = p / p0 - 1;
      if (steam < minSteam) continue;
      for (const back of backsOf(runner, ctx)) {
        const ev = expectedValue({ backStake: ctx.stake, backOdds: back.odds, probability: p });
        rows.push({
          ...rowBase(runner, back.bookmaker, back.odds),
          earlierProbability: p0,
          probability: p,
          fairOdds: 1 / p,
          steam,
          expectedProfit: ev.expectedProfit,
          edge: ev.edge,
          kelly: kellyFraction({ backOdds: back.odds, probability: p }),
        });
      }
    }
  }
  return rankRows(
    rows,
    (r) => r.expectedProfit,
    (r) => `${r.selectionId}\u0000${r.bookmaker}`,
    ctx.limit,
  );
}
