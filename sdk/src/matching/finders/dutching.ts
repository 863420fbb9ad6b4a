import * as s from '../../internal/schemas';
import { dutch } from '../../calculators/index';
import { feedKeySchema } from '../model';
import type { SelectionView } from '../snapshot';
import {
  backsOf,
  finderCommonShape,
  marketBase,
  marketField,
  openFinder,
  rankRows,
  type FinderContext,
  type FinderInput,
  type FinderMarketBase,
  type FinderResult,
} from './common';

/**
 * Input of {@link findDutches}. `stake` is the budget split across the outcomes of a market, pence.
 *
 * @example
 * ```ts
 * import type { DutchingInput } from '@matchkit/sdk/matching';
 * const input = (market: unknown): DutchingInput => ({ market, stake: 10_000, minReturn: 0 });
 * ```
 */
export interface DutchingInput extends FinderInput {
  /** Lowest return on the total stake shown, percent (0: only guaranteed profits). Absent: all. */
  readonly minReturn?: number | undefined;
  /** Market types to consider (lower-case keys such as `match-odds`); absent: all. */
  readonly marketTypes?: readonly string[] | undefined;
}

/**
 * One outcome of a dutched market: the best bookmaker price on it and the stake it takes.
 *
 * @example
 * ```ts
 * import type { DutchOutcome } from '@matchkit/sdk/matching';
 * const label = (o: DutchOutcome) => `${o.selectionName} @ ${o.backOdds} (${o.bookmaker}): ${o.backStake}p`;
 * ```
 */
export interface DutchOutcome {
  /** Selection (runner) id. */
  readonly selectionId: string;
  /** Selection name. */
  readonly selectionName: string;
  /** The bookmaker with the best (highest) back odds on it among those considered. */
  readonly bookmaker: string;
  /** Those decimal back odds. */
  readonly backOdds: number;
  /** The back stake on this outcome, pence (unrounded): backStake × backOdds is the same for every outcome. */
  readonly backStake: number;
}

/**
 * Every outcome of one market backed at the best bookmaker prices so that the return is the same
 * whichever wins.
 *
 * @example
 * ```ts
 * import type { DutchRow } from '@matchkit/sdk/matching';
 * const isArb = (r: DutchRow) => r.returnOnStake > 0;
 * ```
 */
export interface DutchRow extends FinderMarketBase {
  /** Market type. */
  readonly marketType: string;
  /** Every runner of the market, in market order, with its price and stake. */
  readonly outcomes: readonly DutchOutcome[];
  /** The bookmakers' book on these prices, percent: 100 × Σ 1/odds (below 100 is an arb). */
  readonly bookPercentage: number;
  /** Every stake added up, pence: the finder's `stake`, the budget split (up to float rounding). */
  readonly totalStake: number;
  /** The profit, the same whichever outcome wins, pence, signed (`dutch`). */
  readonly profit: number;
  /** Return on the total stake, percent: 100 × profit / totalStake (the ranking key). */
  readonly returnOnStake: number;
}

const schema = s.object({
  ...marketField,
  ...finderCommonShape,
  minReturn: s.optional(s.number()),
  marketTypes: s.optional(s.array(feedKeySchema)),
});

/** The best back price on a selection among the member's bookmakers: highest odds, ties to the bookmaker first in code-unit order. */
function bestBack(view: SelectionView, ctx: FinderContext) {
  let best: { bookmaker: string; odds: number } | undefined;
  for (const p of backsOf(view, ctx)) {
    if (best === undefined || p.odds > best.odds || (p.odds === best.odds && p.bookmaker < best.bookmaker)) {
      best = { bookmaker: p.bookmaker, odds: p.odds };
    }
  }
  return best;
}

/**
 * Dutching finder: every market whose runners all have a bookmaker back price, each runner backed
 * at the best (highest) price among the member's bookmakers, the budget (`stake`) split with the
 * calculators' `dutch({ totalStake, odds })` so that every outcome returns the same. Ranks by the
 * return on the total stake, 100 × profit / stake = 100 × (1 / Σ 1/odds − 1) percent, best first
 * (over 0 is a guaranteed profit, an arb across bookmakers). Exact: no probability enters.
 *
 * Choices: the market's runners are taken to be all its outcomes (a market missing a price on any
 * runner is skipped, as are one-runner markets and markets of more than 1000 runners, `dutch`'s
 * limit); cash stakes only (a free bet dutched with cash covers is the calculators' anchor form);
 * a boosted price counts at the bookmaker's standard price, the odds before the boost (boosts are
 * the price boost tracker's, with their small maximum stakes); stakes are unrounded
 * pence. Ties by market id.
 *
 * @param input - the prices, the budget and the member's settings
 * @returns the markets, best return first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findDutches } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findDutches({ market, stake: 10_000, minReturn: 0 }).rows.map((r) => `${r.marketName}: ${r.returnOnStake.toFixed(2)}%`);
 * ```
 */
export function findDutches(input: DutchingInput): FinderResult<DutchRow> {
  const { ctx, input: o } = openFinder(schema, input, 'dutching input');
  const types = o.marketTypes === undefined ? null : new Set(o.marketTypes);
  const rows: DutchRow[] = [];
  for (const market of ctx.index.snapshot.markets) {
    if (types !== null && !types.has(market.type)) continue;
    const views = ctx.index.selectionsOf(market.id);
    if (views.length < 2 || views.length > 1000) continue;
    const picks: { view: SelectionView; bookmaker: string; odds: number }[] = [];
    for (const view of views) {
      const best = bestBack(view, ctx);
      if (best === undefined) break;
      picks.push({ view, ...best });
    }
    if (picks.length < views.length) continue;
    const odds = picks.map((p) => p.odds);
    // Per unit of budget, for the ranking (a budget of 0 still has a return), and for the stake.
    const unit = dutch({ totalStake: 1, backOdds: odds });
    const returnOnStake = 100 * unit.profit;
    if (o.minReturn !== undefined && returnOnStake < o.minReturn) continue;
    const split = dutch({ totalStake: ctx.stake, backOdds: odds });
    const first = picks[0];
    if (first === undefined) continue;
    rows.push({
      ...marketBase(first.view),
      marketType: market.type,
      outcomes: Object.freeze(
        picks.map((p, i) =>
          Object.freeze({
            selectionId: p.view.runner.id,
            selectionName: p.view.runner.name,
            bookmaker: p.bookmaker,
            backOdds: p.odds,
            backStake: split.backStakes[i] as number,
          }),
        ),
      ),
      bookPercentage: 100 * odds.reduce((sum, x) => sum + 1 / x, 0),
      totalStake: split.totalStake,
      profit: split.profit,
      returnOnStake,
    });
  }
  return rankRows(
    rows,
    (r) => r.returnOnStake,
    (r) => r.marketId,
    ctx.limit,
  );
}
