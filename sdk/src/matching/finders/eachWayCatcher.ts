import * as s from '../../internal/schemas';
import { eachWay } from '../../calculators/index';
import {
  backsOf,
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

/**
 * Input of {@link findEachWayCatches}. `stake` is the stake of each part, pence.
 *
 * @example
 * ```ts
 * import type { EachWayCatcherInput } from '@matchkit/sdk/matching';
 * const input = (market: unknown): EachWayCatcherInput => ({ market, betType: 'qualifying', stake: 500 });
 * ```
 */
export interface EachWayCatcherInput extends FinderInput {
  /**
   * The kind of each-way bet (each part has this kind).
   * @defaultValue 'qualifying'
   */
  readonly betType?: 'qualifying' | 'snr' | 'sr' | undefined;
}

/**
 * An each-way back laid in the win and place markets of one exchange.
 *
 * @example
 * ```ts
 * import type { EachWayCatcherRow } from '@matchkit/sdk/matching';
 * const worst = (r: EachWayCatcherRow) => r.guaranteedProfit;
 * ```
 */
export interface EachWayCatcherRow extends FinderRowBase {
  /** Places the bookmaker pays. */
  readonly places: number;
  /** The place fraction (0.2 for 1/5). */
  readonly placeFraction: number;
  /** Places the exchange place market settles on. */
  readonly exchangePlaces: number;
  /** Exchange laid at (both markets). */
  readonly exchange: string;
  /** Win-market lay odds. */
  readonly winLayOdds: number;
  /** Place-market lay odds. */
  readonly placeLayOdds: number;
  /** Commission applied, a fraction. */
  readonly commission: number;
  /** The bookmaker's place odds, 1 + (b − 1) × fraction. */
  readonly placeOdds: number;
  /** Win lay stake, pence. */
  readonly winLayStake: number;
  /** Place lay stake, pence. */
  readonly placeLayStake: number;
  /** Profit if it wins, pence. */
  readonly profitIfWins: number;
  /** Profit if it places without winning, pence. */
  readonly profitIfPlaces: number;
  /** Profit if it loses, pence. */
  readonly profitIfLoses: number;
  /** Profit if it finishes in a place the bookmaker pays and the exchange does not, pence. */
  readonly profitIfExtraPlace: number;
  /** The worst of win, place and lose: what the lay guarantees, pence (the ranking key). */
  readonly guaranteedProfit: number;
}

const schema = s.object({ ...marketField, ...finderCommonShape, betType: s.optional(s.picklist(['qualifying', 'snr', 'sr'])) });

/**
 * Each-way catcher: bookmaker each-way prices (with each-way terms) on races whose exchange place
 * market exists (the market's `exchangePlaces`), each laid with the calculators' `eachWay` in the
 * win and place markets of one enabled exchange. Ranks by the guaranteed profit, the worst of the
 * win, place and lose outcomes (the smallest loss when all lose), best first. Exact: no
 * probability enters (an extra place, when the bookmaker pays more places, is shown as
 * `profitIfExtraPlace` and is an upside only).
 *
 * @param input - the prices, the bet type, the stake per part and the member's settings
 * @returns the each-way lays, best guaranteed profit first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findEachWayCatches } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findEachWayCatches({ market, stake: 500 }).rows[0]?.guaranteedProfit;
 * ```
 */
export function findEachWayCatches(input: EachWayCatcherInput): FinderResult<EachWayCatcherRow> {
  const { ctx, input: o } = openFinder(schema, input, 'each-way catcher input');
  const betType = o.betType ?? 'qualifying';
  const rows: EachWayCatcherRow[] = [];
  for (const view of ctx.index.selections) {
    const n = view.market.exchangePlaces;
    if (n === undefined) continue;
    const placeLays = laysOf(view, ctx, n);
    if (placeLays.length === 0) continue;
    const winLays = laysOf(view, ctx);
    for (const back of backsOf(view, ctx)) {
      const terms = back.eachWay;
      if (terms === undefined || terms.places < n) continue;
      for (const win of winLays) {
        const place = placeLays.find((p) => p.exchange === win.exchange);
        if (place === undefined || place.commission !== win.commission) continue;
        const r = eachWay({
          betType,
          backStake: ctx.stake,
          backOdds: back.odds,
          placeFraction: terms.placeFraction,
          winLayOdds: win.odds,
          placeLayOdds: place.odds,
          layCommission: win.commission,
        });
        rows.push({
          ...rowBase(view, back.bookmaker, back.odds),
          places: terms.places,
          placeFraction: terms.placeFraction,
          exchangePlaces: n,
          exchange: win.exchange,
          winLayOdds: win.odds,
          placeLayOdds: place.odds,
          commission: win.commission,
          ...r,
          guaranteedProfit: Math.min(r.profitIfWins, r.profitIfPlaces, r.profitIfLoses),
        });
      }
    }
  }
  return rankRows(
    rows,
    (r) => r.guaranteedProfit,
    (r) => `${r.selectionId}\u0000${r.bookmaker}\u0000${r.exchange}`,
    ctx.limit,
  );
}
