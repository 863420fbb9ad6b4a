import * as v from 'valibot';
import * as s from '../../internal/schemas';
import { accaInsuranceLockIn, accaSequentialLay } from '../../calculators/index';
import { rateBackLay } from '../../calculators/rating';
import { MatchkitValidationError } from '../../errors/errors';
import { feedKeySchema } from '../model';
import { penceSchema } from '../../model/schemas';
import {
  combinations,
  backsOf,
  finderCommonShape,
  laysOf,
  marketField,
  openFinder,
  rankRows,
  type FinderInput,
  type FinderResult,
} from './common';

/**
 * The acca offer: the bookmaker, the number of legs, the leg odds range, and what the offer is:
 * acca insurance (a refund if exactly one leg loses), a qualifying acca, or an SNR free-bet acca.
 *
 * @example
 * ```ts
 * import type { AccaOffer } from '@matchkit/sdk/matching';
 * const offer: AccaOffer = { bookmaker: 'bet-co', kind: 'insurance', legs: 5, minLegOdds: 1.5, refund: { amount: 1000, retention: 0.75 } };
 * ```
 */
export interface AccaOffer {
  /** The bookmaker. */
  readonly bookmaker: string;
  /** The offer: `insurance` (refund if exactly one leg loses), `qualifying`, or `freeBet` (SNR). */
  readonly kind: 'insurance' | 'qualifying' | 'freeBet';
  /** Number of legs, 2 to 12. */
  readonly legs: number;
  /** Lowest odds of a leg (inclusive). */
  readonly minLegOdds?: number | undefined;
  /** Highest odds of a leg (inclusive). */
  readonly maxLegOdds?: number | undefined;
  /** For insurance: the refund (pence, at most the stake) and the share of it expected to be kept. */
  readonly refund?:
    | {
        /** The refund paid if exactly one leg loses, pence (at most the stake). */
        readonly amount: number;
        /** The share of the refund expected to be kept, in [0, 1] (about 0.7 for a free bet). */
        readonly retention: number;
      }
    | undefined;
}

/**
 * Input of {@link findAccas}. `stake` is the acca stake (or free bet), pence.
 *
 * @example
 * ```ts
 * import type { AccaCatcherInput } from '@matchkit/sdk/matching';
 * const input = (market: unknown): AccaCatcherInput => ({ market, offer: { bookmaker: 'bet-co', kind: 'qualifying', legs: 4 } });
 * ```
 */
export interface AccaCatcherInput extends FinderInput {
  /** The offer. */
  readonly offer: AccaOffer;
  /**
   * How many of the best legs (by rating, one per event) accas are built from, per exchange.
   * @defaultValue 10
   */
  readonly pool?: number | undefined;
}

/**
 * One leg of an acca: the back and its lay.
 *
 * @example
 * ```ts
 * import type { AccaLegRow } from '@matchkit/sdk/matching';
 * const name = (l: AccaLegRow) => `${l.eventName}: ${l.selectionName}`;
 * ```
 */
export interface AccaLegRow {
  /** Event id. */
  readonly eventId: string;
  /** Event name. */
  readonly eventName: string;
  /** Event start. */
  readonly startsAt: string;
  /** Selection id. */
  readonly selectionId: string;
  /** Selection name. */
  readonly selectionName: string;
  /** Bookmaker odds of the leg. */
  readonly backOdds: number;
  /** Exchange lay odds of the leg. */
  readonly layOdds: number;
  /** Rating of the leg alone, percent. */
  readonly rating: number;
}

/**
 * An acca of legs from different events, laid leg by leg at one exchange.
 *
 * @example
 * ```ts
 * import type { AccaRow } from '@matchkit/sdk/matching';
 * const odds = (r: AccaRow) => r.accaOdds;
 * ```
 */
export interface AccaRow {
  /** The bookmaker. */
  readonly bookmaker: string;
  /** The exchange every leg is laid at. */
  readonly exchange: string;
  /** Commission applied, a fraction. */
  readonly commission: number;
  /** The legs, in kick-off order (the order they are laid and settled). */
  readonly legs: readonly AccaLegRow[];
  /** The acca's odds: the product of the legs' odds. */
  readonly accaOdds: number;
  /** Lay stake of each leg while the acca is alive, pence. */
  readonly layStakes: readonly number[];
  /** Liability of each of those lays, pence. */
  readonly liabilities: readonly number[];
  /** The profit, equal on every path, pence, signed (the ranking key). */
  readonly profit: number;
}

const schema = s.object({
  ...marketField,
  ...finderCommonShape,
  pool: s.optional(v.pipe(s.int(), s.gte(2, 'must be at least 2'), s.lte(16, 'must be at most 16'))),
  offer: v.pipe(
    s.object({
      bookmaker: feedKeySchema,
      kind: s.picklist(['insurance', 'qualifying', 'freeBet']),
      legs: v.pipe(s.int(), s.gte(2, 'must be at least 2'), s.lte(12, 'must be at most 12')),
      minLegOdds: s.optional(v.pipe(s.number(), s.gte(1))),
      maxLegOdds: s.optional(v.pipe(s.number(), s.gte(1))),
      refund: s.optional(s.object({ amount: penceSchema, retention: v.pipe(s.number(), s.gte(0), s.lte(1)) })),
    }),
    s.refine((o) => o.kind !== 'insurance' || o.refund !== undefined, 'insurance needs refund terms', ['refund']),
  ),
});

interface Leg extends AccaLegRow {
  readonly commission: number;
}

/**
 * Acca catcher (the other brand's acca finder): accumulators of `offer.legs` legs at the offer's
 * bookmaker, one leg per event, every leg laid at the same enabled exchange in kick-off order.
 * Legs are the selections whose bookmaker odds are in the offer's range, ranked alone by rating
 * (`matchRating`); the best `pool` legs per exchange (one per event) are combined in every way.
 * Each acca is scored by the calculators: `accaInsuranceLockIn` (insurance: lay each leg in turn,
 * and once exactly one leg has lost, lay the rest to lock in the refund at amount × retention) or
 * `accaSequentialLay` (qualifying or SNR free bet). Ranks by that profit, equal on every path,
 * best first. With every path equal, the profit is also the expected value whatever the legs'
 * probabilities; the one assumption is the refund's retention (for insurance).
 *
 * @param input - the prices, the offer, the stake and the member's settings
 * @returns the accas, best profit first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findAccas } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findAccas({ market, offer: { bookmaker: 'bet-co', kind: 'insurance', legs: 4, refund: { amount: 1000, retention: 0.7 } }, stake: 1000 });
 * ```
 */
export function findAccas(input: AccaCatcherInput): FinderResult<AccaRow> {
  const { ctx, input: o } = openFinder(schema, input, 'acca catcher input');
  const offer = o.offer;
  if (offer.refund !== undefined && offer.refund.amount > ctx.stake) {
    throw new MatchkitValidationError('acca catcher input', [
      { path: 'offer.refund.amount', message: `must not exceed the stake (${ctx.stake})` },
    ]);
  }
  const pool = o.pool ?? 10;
  // Legs per exchange, best rating per event.
  const byExchange = new Map<string, Map<string, Leg>>();
  for (const view of ctx.index.selections) {
    for (const back of backsOf(view, ctx)) {
      if (back.bookmaker !== offer.bookmaker) continue;
      if (back.odds < (offer.minLegOdds ?? 1) || back.odds > (offer.maxLegOdds ?? Infinity)) continue;
      for (const lay of laysOf(view, ctx)) {
        const rating = rateBackLay(back.odds, lay.odds, lay.commission);
        const leg: Leg = {
          eventId: view.event.id,
          eventName: view.event.name,
          startsAt: view.event.startsAt,
          selectionId: view.runner.id,
          selectionName: view.runner.name,
          backOdds: back.odds,
          layOdds: lay.odds,
          rating,
          commission: lay.commission,
        };
        const events = byExchange.get(lay.exchange) ?? new Map<string, Leg>();
        byExchange.set(lay.exchange, events);
        const known = events.get(view.event.id);
        if (known === undefined || rating > known.rating || (rating === known.rating && leg.selectionId < known.selectionId)) {
          events.set(view.event.id, leg);
        }
      }
    }
  }
  const rows: AccaRow[] = [];
  for (const [exchange, events] of byExchange) {
    const best = [...events.values()].sort((a, b) => b.rating - a.rating || (a.selectionId < b.selectionId ? -1 : 1)).slice(0, pool);
    // Legs of one exchange share its commission unless the member's rate differs per market: group by it.
    const commissions = new Set(best.map((l) => l.commission));
    for (const commission of commissions) {
      const legs = best.filter((l) => l.commission === commission);
      if (legs.length < offer.legs) continue;
      for (const combo of combinations(legs, offer.legs)) {
        combo.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || (a.selectionId < b.selectionId ? -1 : 1));
        const legPrices = combo.map((l) => ({ backOdds: l.backOdds, layOdds: l.layOdds }));
        const r =
          offer.kind === 'insurance'
            ? accaInsuranceLockIn({
                backStake: ctx.stake,
                legs: legPrices,
                layCommission: commission,
                refund: offer.refund as { amount: number; retention: number },
              })
            : accaSequentialLay({
                betType: offer.kind === 'freeBet' ? 'snr' : 'qualifying',
                backStake: ctx.stake,
                legs: legPrices,
                layCommission: commission,
              });
        rows.push({
          bookmaker: offer.bookmaker,
          exchange,
          commission,
          legs: combo.map(({ commission: _c, ...leg }) => Object.freeze(leg)),
          accaOdds: combo.reduce((p, l) => p * l.backOdds, 1),
          layStakes: r.layStakes,
          liabilities: r.liabilities,
          profit: r.profit,
        });
      }
    }
  }
  return rankRows(
    rows,
    (r) => r.profit,
    (r) => `${r.exchange}\u0000${r.legs.map((l) => l.selectionId).join('\u0001')}`,
    ctx.limit,
  );
}
