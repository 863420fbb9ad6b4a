import * as v from 'valibot';
import * as s from '../../internal/schemas';
import { backLay } from '../../calculators/index';
import {
  backsOf,
  bestLay,
  fairWinProbabilities,
  finderCommonShape,
  laysOf,
  marketField,
  openFinder,
  rankRows,
  rowBase,
  type FinderInput,
  type FinderResult,
  type FinderRowBase,
} from './common';
import { bogUplift } from './models';

/**
 * Default log-volatility of the starting price around the exchange's fair odds (the BOG catcher's
 * `volatility`): a starting price within about ±20% of the fair odds two times in three.
 *
 * @example
 * ```ts
 * import { DEFAULT_SP_VOLATILITY } from '@matchkit/sdk/matching';
 * DEFAULT_SP_VOLATILITY; // 0.2
 * ```
 */
export const DEFAULT_SP_VOLATILITY = 0.2;

/**
 * Input of {@link findBogValue}.
 *
 * @example
 * ```ts
 * import type { BogCatcherInput } from '@matchkit/sdk/matching';
 * const input = (market: unknown): BogCatcherInput => ({ market, volatility: 0.25 });
 * ```
 */
export interface BogCatcherInput extends FinderInput {
  /**
   * Standard deviation of log(SP) around the expected starting price, in (0, 2].
   * @defaultValue 0.2
   */
  readonly volatility?: number | undefined;
}

/**
 * A best-odds-guaranteed price, laid at the best enabled exchange.
 *
 * @example
 * ```ts
 * import type { BogRow } from '@matchkit/sdk/matching';
 * const worthIt = (r: BogRow) => r.expectedProfit > 0;
 * ```
 */
export interface BogRow extends FinderRowBase {
  /** Exchange laid at. */
  readonly exchange: string;
  /** Exchange lay odds. */
  readonly layOdds: number;
  /** Commission applied, a fraction. */
  readonly commission: number;
  /** Fair win probability (exchange mid prices, margin removed). */
  readonly winProbability: number;
  /** Expected starting price: the fair odds, 1 / winProbability. */
  readonly expectedStartingPrice: number;
  /** Lay stake, pence. */
  readonly layStake: number;
  /** Profit of the back/lay at the price taken, pence, signed (the qualifying loss). */
  readonly qualifyingLoss: number;
  /** Expected extra from BOG, pence: stake × winProbability × E[max(SP − b, 0)]. */
  readonly expectedUplift: number;
  /** qualifyingLoss + expectedUplift, pence (the ranking key). */
  readonly expectedProfit: number;
}

const schema = s.object({
  ...marketField,
  ...finderCommonShape,
  volatility: s.optional(v.pipe(s.number(), s.gt(0, 'must be greater than 0'), s.lte(2, 'must be at most 2'))),
});

/**
 * BOG catcher: bookmaker prices with best odds guaranteed, each backed and laid (the calculators'
 * `backLay`, qualifying) at the best enabled exchange. Ranks by expected profit: the qualifying
 * loss plus the expected BOG uplift, best first.
 *
 * Assumptions of the uplift: the starting price is log-normal with mean equal to today's fair odds
 * (exchange mid prices of the whole market, margin removed multiplicatively) and log-volatility
 * `volatility` (default 0.2); it is independent of the result once the win probability is fixed;
 * the lay is not adjusted when the SP is known. Uplift = stake × p × E[max(SP − b, 0)]
 * (`bogUplift`).
 *
 * @param input - the prices, the volatility, the stake and the member's settings
 * @returns the BOG prices, best expected profit first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findBogValue } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findBogValue({ market, stake: 1000 }).rows[0]?.expectedUplift;
 * ```
 */
export function findBogValue(input: BogCatcherInput): FinderResult<BogRow> {
  const { ctx, input: o } = openFinder(schema, input, 'BOG catcher input');
  const volatility = o.volatility ?? DEFAULT_SP_VOLATILITY;
  const rows: BogRow[] = [];
  const fair = new Map<string, Map<string, number> | null>();
  for (const view of ctx.index.selections) {
    const offers = backsOf(view, ctx).filter((b) => b.bestOddsGuaranteed === true);
    if (offers.length === 0) continue;
    if (!fair.has(view.market.id)) fair.set(view.market.id, fairWinProbabilities(ctx.index, view.market.id));
    const p = fair.get(view.market.id)?.get(view.runner.id);
    if (p === undefined || p <= 0) continue;
    const lay = bestLay(laysOf(view, ctx));
    if (lay === undefined) continue;
    const sp = 1 / p;
    for (const back of offers) {
      const r = backLay({
        betType: 'qualifying',
        backStake: ctx.stake,
        backOdds: back.odds,
        layOdds: lay.odds,
        layCommission: lay.commission,
      });
      const expectedUplift = sp > 1 ? ctx.stake * p * bogUplift(back.odds, sp, volatility) : 0;
      rows.push({
        ...rowBase(view, back.bookmaker, back.odds),
        exchange: lay.exchange,
        layOdds: lay.odds,
        commission: lay.commission,
        winProbability: p,
        expectedStartingPrice: sp,
        layStake: r.layStake,
        qualifyingLoss: r.profitIfLoses,
        expectedUplift,
        expectedProfit: r.profitIfLoses + expectedUplift,
      });
    }
  }
  return rankRows(
    rows,
    (r) => r.expectedProfit,
    (r) => `${r.selectionId}\u0000${r.bookmaker}`,
    ctx.limit,
  );
}
