import * as s from '../../internal/schemas';
import { backLay } from '../../calculators/index';
import { rateBackLay } from '../../calculators/rating';
import {
  finderCommonShape,
  laysOf,
  marketField,
  openFinder,
  rankRows,
  rowBase,
  backsOf,
  type FinderInput,
  type FinderResult,
  type FinderRowBase,
} from './common';

/**
 * Input of {@link findPriceBoosts}.
 *
 * @example
 * ```ts
 * import type { PriceBoostInput } from '@matchkit/sdk/matching';
 * const input = (market: unknown): PriceBoostInput => ({ market, minRating: 100 });
 * ```
 */
export interface PriceBoostInput extends FinderInput {
  /** Lowest rating shown, percent (100: only guaranteed profits). Absent: all. */
  readonly minRating?: number | undefined;
}

/**
 * One boosted price laid at one exchange.
 *
 * @example
 * ```ts
 * import type { PriceBoostRow } from '@matchkit/sdk/matching';
 * const isArb = (r: PriceBoostRow) => r.rating > 100;
 * ```
 */
export interface PriceBoostRow extends FinderRowBase {
  /** The odds before the boost. */
  readonly boostedFrom: number;
  /** The boost, percent of the original odds' winnings: 100 × ((b − 1)/(b₀ − 1) − 1). */
  readonly boost: number;
  /** The most the bookmaker takes at the boosted price, pence; present when the feed gives it. */
  readonly maxStake?: number;
  /** Exchange laid at. */
  readonly exchange: string;
  /** Exchange lay odds. */
  readonly layOdds: number;
  /** Money available at the lay odds, pence. */
  readonly layLiquidity: number;
  /** Commission applied, a fraction. */
  readonly commission: number;
  /** Rating, percent (`matchRating`); over 100 is a guaranteed profit. */
  readonly rating: number;
  /** Lay stake for the stake, pence (`backLay`, qualifying). */
  readonly layStake: number;
  /** Profit for the stake, equal both ways, pence, signed. */
  readonly profit: number;
}

const schema = s.object({ ...marketField, ...finderCommonShape, minRating: s.optional(s.number()) });

/**
 * Price boost tracker: every boosted bookmaker price (`boostedFrom` set) against every enabled
 * exchange's lay on the same runner. Ranks by rating (the calculators' `matchRating`, qualifying:
 * b(1 − c)/(l − c) × 100), best first; over 100% the boost is a guaranteed profit once laid.
 * Exact: no probability enters.
 *
 * @param input - the prices and the member's settings
 * @returns the boosts, best rating first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findPriceBoosts } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findPriceBoosts({ market, minRating: 100 }).rows.map((r) => `${r.selectionName} ${r.rating.toFixed(1)}%`);
 * ```
 */
export function findPriceBoosts(input: PriceBoostInput): FinderResult<PriceBoostRow> {
  const { ctx, input: o } = openFinder(schema, input, 'price boost input');
  const rows: PriceBoostRow[] = [];
  for (const view of ctx.index.selections) {
    for (const back of backsOf(view, ctx, true)) {
      if (back.boostedFrom === undefined) continue;
      for (const lay of laysOf(view, ctx)) {
        const rating = rateBackLay(back.odds, lay.odds, lay.commission);
        if (o.minRating !== undefined && rating < o.minRating) continue;
        const r = backLay({
          betType: 'qualifying',
          backStake: ctx.stake,
          backOdds: back.odds,
          layOdds: lay.odds,
          layCommission: lay.commission,
        });
        rows.push({
          ...rowBase(view, back.bookmaker, back.odds),
          boostedFrom: back.boostedFrom,
          boost: 100 * ((back.odds - 1) / (back.boostedFrom - 1) - 1),
          ...(back.maxStake === undefined ? {} : { maxStake: back.maxStake }),
          exchange: lay.exchange,
          layOdds: lay.odds,
          layLiquidity: lay.liquidity,
          commission: lay.commission,
          rating,
          layStake: r.layStake,
          profit: r.profitIfLoses,
        });
      }
    }
  }
  return rankRows(
    rows,
    (r) => r.rating,
    (r) => `${r.selectionId}\u0000${r.bookmaker}\u0000${r.exchange}`,
    ctx.limit,
  );
}
