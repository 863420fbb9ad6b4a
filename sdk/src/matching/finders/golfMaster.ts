import * as s from '../../internal/schemas';
import { noLay } from '../../calculators/index';
import type { MarketIndex } from '../snapshot';
import {
  backsOf,
  fairPlaceProbabilities,
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
 * Input of {@link findGolfValue}. `stake` is the stake of each part, pence.
 *
 * @example
 * ```ts
 * import type { GolfMasterInput } from '@matchkit/sdk/matching';
 * const input = (market: unknown): GolfMasterInput => ({ market, stake: 200, sports: ['golf'] });
 * ```
 */
export interface GolfMasterInput extends FinderInput {
  /**
   * Sports considered.
   * @defaultValue ['golf']
   */
  readonly sports?: readonly string[] | undefined;
}

/**
 * An each-way outright price, valued without a lay.
 *
 * @example
 * ```ts
 * import type { GolfRow } from '@matchkit/sdk/matching';
 * const percent = (r: GolfRow) => r.expectedReturn * 100;
 * ```
 */
export interface GolfRow extends FinderRowBase {
  /** Places the bookmaker pays. */
  readonly places: number;
  /** The place fraction. */
  readonly placeFraction: number;
  /** Fair win probability (the exchange win market, margin removed). */
  readonly winProbability: number;
  /** Fair probability of a top-`places` finish (the exchanges' top-N markets). */
  readonly placeProbability: number;
  /** The exchange top-N markets the place probability came from. */
  readonly placeMarkets: readonly number[];
  /** Profit if it wins, pence. */
  readonly profitIfWins: number;
  /** Profit if it places without winning, pence. */
  readonly profitIfPlaces: number;
  /** Profit if it finishes outside the places, pence. */
  readonly profitIfLoses: number;
  /** Expected profit, pence (`noLay`; the ranking key). */
  readonly expectedProfit: number;
  /** Expected profit per unit staked (both parts). */
  readonly expectedReturn: number;
}

const schema = s.object({ ...marketField, ...finderCommonShape, sports: s.optional(s.array(s.string())) });

/** The exchange place counts priced for a market (sorted). */
function placeMarkets(index: MarketIndex, marketId: string): number[] {
  const counts = new Set<number>();
  for (const v of index.selectionsOf(marketId)) for (const p of v.exchangePrices) if (p.places !== undefined) counts.add(p.places);
  return [...counts].sort((a, b) => a - b);
}

/**
 * Golf master: each-way outright prices (golf by default) valued against the exchanges' win and
 * top-N markets, without a lay (the calculators' `noLay`). Ranks by expected profit, best first.
 *
 * Assumptions: the win probability is the exchange win market's fair price (mid prices, margin
 * removed multiplicatively); the probability of a top-M finish (M = the bookmaker's places) is the
 * exchanges' top-M market's fair price (mid prices scaled so the field adds up to M), or, when no
 * top-M market is priced, interpolated linearly in N between the nearest top-N markets below and
 * above M; at least the win probability. Outrights beyond the largest priced top-N market, or
 * below the smallest, are skipped. Dead heats are ignored.
 *
 * @param input - the prices, the stake per part and the member's settings
 * @returns the each-way prices, best expected profit first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findGolfValue } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findGolfValue({ market, stake: 500 }).rows[0]?.expectedReturn;
 * ```
 */
export function findGolfValue(input: GolfMasterInput): FinderResult<GolfRow> {
  const { ctx, input: o } = openFinder(schema, input, 'golf master input');
  const sports = new Set(o.sports ?? ['golf']);
  const rows: GolfRow[] = [];
  const byMarket = new Map<string, { win: Map<string, number> | null; counts: number[]; place: Map<number, Map<string, number> | null> }>();
  for (const view of ctx.index.selections) {
    if (!sports.has(view.event.sport)) continue;
    const offers = backsOf(view, ctx).filter((b) => b.eachWay !== undefined);
    if (offers.length === 0) continue;
    const marketId = view.market.id;
    if (!byMarket.has(marketId)) {
      byMarket.set(marketId, {
        win: fairWinProbabilities(ctx.index, marketId),
        counts: placeMarkets(ctx.index, marketId),
        place: new Map(),
      });
    }
    const m = byMarket.get(marketId) as NonNullable<ReturnType<typeof byMarket.get>>;
    const pWin = m.win?.get(view.runner.id);
    if (pWin === undefined) continue;
    const placeAt = (n: number) => {
      if (!m.place.has(n)) m.place.set(n, fairPlaceProbabilities(ctx.index, marketId, n));
      return m.place.get(n)?.get(view.runner.id);
    };
    for (const back of offers) {
      const terms = back.eachWay as NonNullable<typeof back.eachWay>;
      const places = terms.places;
      let pPlace: number | undefined;
      let used: number[] = [];
      if (m.counts.includes(places)) {
        pPlace = placeAt(places);
        used = [places];
      } else {
        const below = m.counts.filter((n) => n < places).pop();
        const above = m.counts.find((n) => n > places);
        if (below !== undefined && above !== undefined) {
          const lo = placeAt(below);
          const hi = placeAt(above);
          if (lo !== undefined && hi !== undefined) {
            pPlace = lo + ((hi - lo) * (places - below)) / (above - below);
            used = [below, above];
          }
        }
      }
      if (pPlace === undefined) continue;
      const placeProbability = Math.min(1, Math.max(pWin, pPlace));
      const r = noLay({
        betType: 'qualifying',
        backStake: ctx.stake,
        backOdds: back.odds,
        placeFraction: terms.placeFraction,
        winProbability: pWin,
        placeProbability,
      });
      rows.push({
        ...rowBase(view, back.bookmaker, back.odds),
        places,
        placeFraction: terms.placeFraction,
        winProbability: pWin,
        placeProbability,
        placeMarkets: used,
        profitIfWins: r.profitIfWins,
        profitIfPlaces: r.profitIfPlaces,
        profitIfLoses: r.profitIfLoses,
        expectedProfit: r.expectedProfit,
        expectedReturn: ctx.stake === 0 ? 0 : r.expectedProfit / (2 * ctx.stake),
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
