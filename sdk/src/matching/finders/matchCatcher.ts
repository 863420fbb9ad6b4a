import * as v from 'valibot';
import * as s from '../../internal/schemas';
import { backLay, type BetType } from '../../calculators/index';
import { instantSchema } from '../../model/schemas';
import { feedKeySchema } from '../model';
import { createOddsmatcher } from '../oddsmatcher';
import { finderCommonShape, marketField, openFinder, rankRows, type FinderInput, type FinderResult, type FinderRowBase } from './common';

/**
 * The offer the match catcher narrows the oddsmatcher to.
 *
 * @example
 * ```ts
 * import type { MatchCatcherOffer } from '@matchkit/sdk/matching';
 * const offer: MatchCatcherOffer = { bookmaker: 'bet-co', betType: 'snr', minOdds: 2, marketTypes: ['match-odds'] };
 * ```
 */
export interface MatchCatcherOffer {
  /** The bookmaker of the offer. */
  readonly bookmaker: string;
  /**
   * The bet the offer asks for: a cash `qualifying` bet, or a free bet (`snr`, `sr`): the
   * calculators' {@link BetType} without `refund`.
   * @defaultValue 'qualifying'
   */
  readonly betType?: Exclude<BetType, 'refund'> | undefined;
  /** The offer's minimum odds (inclusive). */
  readonly minOdds?: number | undefined;
  /** The offer's maximum odds (inclusive). */
  readonly maxOdds?: number | undefined;
  /** Market types the offer allows; absent: all. */
  readonly marketTypes?: readonly string[] | undefined;
  /** Sports the offer allows; absent: all. */
  readonly sports?: readonly string[] | undefined;
  /** Earliest event start (inclusive instant). */
  readonly startsFrom?: string | undefined;
  /** Latest event start (inclusive instant). */
  readonly startsTo?: string | undefined;
}

/**
 * Input of {@link findMatchCatches}. `stake` is the offer's stake (or free-bet amount), pence.
 *
 * @example
 * ```ts
 * import type { MatchCatcherInput } from '@matchkit/sdk/matching';
 * const input = (market: unknown): MatchCatcherInput => ({ market, offer: { bookmaker: 'bet-co', betType: 'qualifying' }, stake: 2500 });
 * ```
 */
export interface MatchCatcherInput extends FinderInput {
  /** The offer's terms. */
  readonly offer: MatchCatcherOffer;
}

/**
 * One match catcher row: a back at the offer's bookmaker and its best-ranked lays, with the
 * calculators' `backLay` figures for the offer's stake and bet type.
 *
 * @example
 * ```ts
 * import type { MatchCatcherRow } from '@matchkit/sdk/matching';
 * const keep = (r: MatchCatcherRow) => r.profit > -50; // lose less than 50p
 * ```
 */
export interface MatchCatcherRow extends FinderRowBase {
  /** Exchange laid at. */
  readonly exchange: string;
  /** Exchange lay odds. */
  readonly layOdds: number;
  /** Money available at the lay odds, pence. */
  readonly layLiquidity: number;
  /** Commission applied, a fraction. */
  readonly commission: number;
  /** Rating, percent (qualifying and SR bets) or SNR retention, percent (SNR free bets). */
  readonly rating: number;
  /** Lay stake for the offer's stake, pence. */
  readonly layStake: number;
  /** Liability of the lay, pence. */
  readonly liability: number;
  /** Profit, equal on both outcomes, pence, signed: the qualifying loss, or the free bet's value. */
  readonly profit: number;
}

const schema = s.object({
  ...marketField,
  ...finderCommonShape,
  offer: v.pipe(
    s.object({
      bookmaker: feedKeySchema,
      betType: s.optional(s.picklist(['qualifying', 'snr', 'sr'])),
      minOdds: s.optional(v.pipe(s.number(), s.gte(1))),
      maxOdds: s.optional(v.pipe(s.number(), s.gte(1))),
      marketTypes: s.optional(s.array(feedKeySchema)),
      sports: s.optional(s.array(feedKeySchema)),
      startsFrom: s.optional(instantSchema),
      startsTo: s.optional(instantSchema),
    }),
    s.refine((o) => o.minOdds === undefined || o.maxOdds === undefined || o.minOdds <= o.maxOdds, 'must be at least minOdds', ['maxOdds']),
  ),
});

/**
 * Match catcher: the oddsmatcher narrowed to one offer's terms (its bookmaker, odds range,
 * markets, sports, dates and stake). Ranks by the offer's figure: the rating b(1 − c)/(l − c)
 * for a qualifying bet or an SR free bet (the profit is stake × (rating − 1), or stake × rating
 * for SR), the SNR retention (b − 1)(1 − c)/(l − c) for an SNR free bet; equivalently by the
 * `profit` of the balanced lay, best first. Exact: no probability enters.
 *
 * @param input - the prices, the offer and the member's settings
 * @returns the best matches, best first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findMatchCatches } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot, or its index
 * const { rows } = findMatchCatches({ market, offer: { bookmaker: 'bet-co', betType: 'snr', minOdds: 3 }, stake: 2000 });
 * rows[0]?.profit; // what a £20 SNR free bet turns into, in pence
 * ```
 */
export function findMatchCatches(input: MatchCatcherInput): FinderResult<MatchCatcherRow> {
  const { ctx, input: o } = openFinder(schema, input, 'match catcher input');
  const offer = o.offer;
  const betType = offer.betType ?? 'qualifying';
  const matcher = createOddsmatcher({
    filters: {
      bookmakers: [offer.bookmaker],
      minOdds: offer.minOdds,
      maxOdds: offer.maxOdds,
      marketTypes: offer.marketTypes,
      sports: offer.sports,
      startsFrom: offer.startsFrom,
      startsTo: offer.startsTo,
      exchangeSettings: o.exchangeSettings,
    },
    rankBy: betType === 'snr' ? 'snrRetention' : 'rating',
    limit: Math.min(10_000, ctx.limit),
    stake: ctx.stake,
    commissions: ctx.commissions,
  });
  matcher.load(ctx.index);
  const rows = matcher.getSnapshot().map((r): MatchCatcherRow => {
    const lay = backLay({ betType, backStake: ctx.stake, backOdds: r.backOdds, layOdds: r.layOdds, layCommission: r.commission });
    return {
      eventId: r.eventId,
      eventName: r.eventName,
      sport: r.sport,
      startsAt: r.startsAt,
      marketId: r.marketId,
      marketName: r.marketName,
      selectionId: r.selectionId,
      selectionName: r.selectionName,
      bookmaker: r.bookmaker,
      backOdds: r.backOdds,
      exchange: r.exchange,
      layOdds: r.layOdds,
      layLiquidity: r.layLiquidity,
      commission: r.commission,
      rating: betType === 'snr' ? r.snrRetention : r.rating,
      layStake: lay.layStake,
      liability: lay.liability,
      profit: lay.profitIfLoses,
    };
  });
  // Already ranked by the oddsmatcher (figure, then selection, bookmaker, exchange).
  const result = rankRows(
    rows,
    (r) => r.rating,
    () => '',
    ctx.limit,
  );
  return { rows: result.rows, considered: matcher.stats().candidates };
}
