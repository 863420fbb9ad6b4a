import * as s from '../../internal/schemas';
import { twoUpExpectedValue } from '../../calculators/index';
import { rateBackLay } from '../../calculators/rating';
import { enabledExchanges } from '../../exchanges/exchanges';
import { MatchkitValidationError, type ValidationIssue } from '../../errors/errors';
import type { EntitledUser } from '../../model/schemas';
import { isMarketIndex, type MarketIndex, type SelectionView } from '../snapshot';
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
  type FinderContext,
  type FinderInput,
  type FinderResult,
  type Lay,
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

type Feature = '2upStandard' | '2upMaster';

/** The lay a 2UP row of `view` takes: the best of its win-market lays at the exchanges taking part. */
function twoUpBestLay(
  view: SelectionView,
  ctx: Pick<FinderContext, 'exchanges' | 'commissions' | 'user'>,
  feature: Feature,
): Lay | undefined {
  return bestLay(laysOf(view, ctx, undefined, (ex) => providerOffers(ex, feature, ctx.user)));
}

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
    const lay = twoUpBestLay(view, ctx, feature);
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
        rating: rateBackLay(back.odds, lay.odds, lay.commission),
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

/**
 * Input of {@link twoUpLay}: a selection of an indexed market and the member's settings, as
 * {@link findTwoUpMatches} takes them.
 *
 * @example
 * ```ts
 * import { indexMarketSnapshot, type TwoUpLayInput } from '@matchkit/sdk/matching';
 * const market = indexMarketSnapshot({ events: [], markets: [], backPrices: [], exchangePrices: [] });
 * const input: TwoUpLayInput = { market, selectionId: 'home', commissions: { smarkets: 0 } };
 * ```
 */
export interface TwoUpLayInput {
  /** The prices, indexed once (`indexMarketSnapshot`). */
  readonly market: MarketIndex;
  /** The selection (runner) id. */
  readonly selectionId: string;
  /** The member's exchange settings; absent: the exchanges enabled by default. */
  readonly exchangeSettings?: Readonly<Record<string, boolean>> | undefined;
  /** The member's own commission per exchange (a fraction from 0 to under 1), replacing the feed's. */
  readonly commissions?: Readonly<Record<string, number>> | undefined;
  /** The member, when the provider table alone should not decide (as `findTwoUpMatches`'s `user`). */
  readonly user?: EntitledUser | undefined;
}

/**
 * The lay a 2UP matcher row takes (see {@link twoUpLay}): the exchange, its lay odds and money,
 * and the commission applied.
 *
 * @example
 * ```ts
 * import type { TwoUpLay } from '@matchkit/sdk/matching';
 * const where = (lay: TwoUpLay) => `${lay.layOdds} at ${lay.exchange}`;
 * ```
 */
export interface TwoUpLay {
  /** Exchange laid at. */
  readonly exchange: string;
  /** Exchange lay odds. */
  readonly layOdds: number;
  /** Money available at the lay price, integer pence. */
  readonly layLiquidity: number;
  /** Commission applied, a fraction (the member's own, else the feed's). */
  readonly commission: number;
}

/**
 * The lay the 2UP matcher takes for one selection at a member's settings: of its win-market lays
 * at the exchanges enabled by `exchangeSettings` whose provider takes part in the 2UP matcher, the
 * best for a backer (the highest lay factor at the member's commission, else the feed's; ties to
 * the exchange name first). Every {@link findTwoUpMatches} row of that selection run with the same
 * settings has this `exchange`, `layOdds` and `commission`, so its `rating` is `matchRating` of
 * the row's back against it: a server rating rows at many members' settings chooses the lay per
 * member without running the finder again. Undefined when the selection has no such lay (the
 * finder gives it no row).
 *
 * @param input - the indexed market, the selection and the member's settings
 * @returns the lay, or undefined when none takes part
 * @throws MatchkitValidationError naming `market` (not an index), `selectionId` or a bad
 *   `commissions.<exchange>`
 *
 * @example
 * ```ts
 * import { indexMarketSnapshot, twoUpLay } from '@matchkit/sdk/matching';
 * const market = indexMarketSnapshot({ events: [], markets: [], backPrices: [], exchangePrices: [] }); // your feed's snapshot
 * twoUpLay({ market, selectionId: 'home', commissions: { smarkets: 0.01 } }); // undefined: no such selection
 * ```
 */
export function twoUpLay(input: TwoUpLayInput): TwoUpLay | undefined {
  const issues: ValidationIssue[] = [];
  if (!isMarketIndex(input.market)) issues.push({ path: 'market', message: 'must be a MarketIndex (indexMarketSnapshot)' });
  if (typeof input.selectionId !== 'string' || input.selectionId === '')
    issues.push({ path: 'selectionId', message: 'must be a runner id' });
  const commissions = input.commissions ?? {};
  for (const [exchange, c] of Object.entries(commissions))
    if (!(typeof c === 'number' && c >= 0 && c < 1))
      issues.push({ path: `commissions.${exchange}`, message: 'must be a fraction from 0 to below 1' });
  if (issues.length > 0) throw new MatchkitValidationError('2UP lay input', issues);
  const view = input.market.selection(input.selectionId);
  if (view === undefined) return undefined;
  const exchanges = new Set(enabledExchanges(input.exchangeSettings ?? {}).map((e) => e.name));
  const lay = twoUpBestLay(view, { exchanges, commissions, user: input.user }, '2upStandard');
  return lay === undefined
    ? undefined
    : { exchange: lay.exchange, layOdds: lay.odds, layLiquidity: lay.liquidity, commission: lay.commission };
}
