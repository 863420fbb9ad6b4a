import * as s from '../../internal/schemas';
import { matchRating, twoUpExpectedValue } from '../../calculators/index';
import {
  backsOf,
  bestLay,
  fairWinProbabilities,
  finderCommonShape,
  laysOf,
  marketField,
  openFinder,
  providerOffers,
  rankRows,
  rowBase,
  type FinderInput,
  type FinderResult,
  type FinderRowBase,
} from './common';
import { earlyPayoutProbability, fitPoissonGoals, type GoalRates } from './models';

/**
 * Input of {@link findTwoUpMatches} and {@link findTwoUpValue}. `stake` is the back stake, pence.
 *
 * @example
 * ```ts
 * import type { TwoUpInput } from '@matchkit/sdk/matching';
 * const input = (market: unknown): TwoUpInput => ({ market, stake: 2500 });
 * ```
 */
export type TwoUpInput = FinderInput;

/**
 * A team back with an early-payout (2UP) concession, laid before kick-off.
 *
 * @example
 * ```ts
 * import type { TwoUpRow } from '@matchkit/sdk/matching';
 * const edge = (r: TwoUpRow) => r.expectedProfit / 1000;
 * ```
 */
export interface TwoUpRow extends FinderRowBase {
  /** Which side the selection is (match-odds runners are listed home, draw, away). */
  readonly side: 'home' | 'away';
  /** The lead that pays early (2 for 2UP). */
  readonly goalsAhead: number;
  /** Exchange laid at (the best lay for the backer among eligible exchanges). */
  readonly exchange: string;
  /** Exchange lay odds. */
  readonly layOdds: number;
  /** Commission applied, a fraction. */
  readonly commission: number;
  /** Rating of the back/lay, percent (`matchRating`). */
  readonly rating: number;
  /** The fitted expected goals of the match. */
  readonly goalRates: GoalRates;
  /** Probability that the side leads by `goalsAhead` and then fails to win. */
  readonly earlyPayoutProbability: number;
  /** Lay stake, pence. */
  readonly layStake: number;
  /** Profit when the early payout does not come into play, pence (the qualifying loss). */
  readonly qualifyingLoss: number;
  /** Profit when the side goes ahead by `goalsAhead` and fails to win, pence. */
  readonly profitIfPaidEarly: number;
  /** Expected profit, pence (`twoUpExpectedValue`). */
  readonly expectedProfit: number;
}

const schema = s.object({ ...marketField, ...finderCommonShape });

function find(input: TwoUpInput, master: boolean): FinderResult<TwoUpRow> {
  const { ctx } = openFinder(schema, input, master ? '2UP master input' : '2UP matcher input');
  const feature = master ? '2upMaster' : '2upStandard';
  const rows: TwoUpRow[] = [];
  const fitted = new Map<string, { rates: GoalRates } | null>();
  for (const view of ctx.index.selections) {
    const market = view.market;
    if (market.type !== 'match-odds' || market.runners.length !== 3) continue;
    const at = market.runners.findIndex((r) => r.id === view.runner.id);
    if (at === 1) continue; // the draw
    const side = at === 0 ? 'home' : 'away';
    const offers = backsOf(view, ctx).filter((b) => b.earlyPayout !== undefined);
    if (offers.length === 0) continue;
    if (!fitted.has(market.id)) {
      const fair = fairWinProbabilities(ctx.index, market.id);
      fitted.set(market.id, fair === null ? null : { rates: fitPoissonGoals(market.runners.map((r) => fair.get(r.id) as number)) });
    }
    const fit = fitted.get(market.id);
    if (fit === null || fit === undefined) continue;
    const lay = bestLay(laysOf(view, ctx, undefined, (ex) => providerOffers(ex, feature, ctx.user)));
    if (lay === undefined) continue;
    for (const back of offers) {
      const goalsAhead = back.earlyPayout?.goalsAhead as number;
      const p = earlyPayoutProbability(fit.rates, side, goalsAhead);
      const bet = { backStake: ctx.stake, backOdds: back.odds, layOdds: lay.odds, layCommission: lay.commission };
      const r = twoUpExpectedValue({ ...bet, earlyPayoutProbability: p });
      rows.push({
        ...rowBase(view, back.bookmaker, back.odds),
        side,
        goalsAhead,
        exchange: lay.exchange,
        layOdds: lay.odds,
        commission: lay.commission,
        rating: matchRating({ betType: 'qualifying', backOdds: back.odds, layOdds: lay.odds, layCommission: lay.commission }),
        goalRates: fit.rates,
        earlyPayoutProbability: p,
        ...r,
      });
    }
  }
  return rankRows(rows, master ? (r) => r.expectedProfit : (r) => r.rating, (r) => `${r.selectionId}\u0000${r.bookmaker}`, ctx.limit);
}

/**
 * 2UP matcher (the standard tool): football match-odds backs carrying an early-payout
 * concession, each laid at the best eligible exchange (enabled, and its provider takes part in
 * `2upStandard`). Ranks by rating (`matchRating`, the smallest qualifying loss first), the
 * cheapest way into the offer; the expected profit is shown beside it.
 *
 * Assumptions of the expected profit: fair 1X2 probabilities from exchange mid prices (margin
 * removed multiplicatively); goals are independent Poisson processes fitted to them
 * (`fitPoissonGoals`); the early-payout probability is P(the side leads by the concession's
 * margin at some point and does not win) under that model (`earlyPayoutProbability`); the lay is
 * left to run (no lock-in). Match-odds runners must be listed home, draw, away.
 *
 * @param input - the prices, the stake and the member's settings
 * @returns the 2UP backs, best rating first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findTwoUpMatches } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findTwoUpMatches({ market, stake: 2500 }).rows[0]?.qualifyingLoss;
 * ```
 */
export function findTwoUpMatches(input: TwoUpInput): FinderResult<TwoUpRow> {
  return find(input, false);
}

/**
 * 2UP master (the other brand's 2UP EV): the same candidates at exchanges whose provider takes
 * part in `2upMaster`, ranked by expected profit, p × profitIfPaidEarly + (1 − p) ×
 * qualifyingLoss (`twoUpExpectedValue`), best first. Assumptions as {@link findTwoUpMatches}.
 *
 * @param input - the prices, the stake and the member's settings
 * @returns the 2UP backs, best expected profit first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findTwoUpValue } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findTwoUpValue({ market }).rows.filter((r) => r.expectedProfit > 0);
 * ```
 */
export function findTwoUpValue(input: TwoUpInput): FinderResult<TwoUpRow> {
  return find(input, true);
}
