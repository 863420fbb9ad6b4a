import * as s from '../../internal/schemas';
import { extraPlace, layThePlace, lockBet, type BetType } from '../../calculators/index';
import type { MarketIndex, SelectionView } from '../snapshot';
import {
  backsOf,
  commissionAt,
  fairPlaceProbabilities,
  fairWinProbabilities,
  finderCommonShape,
  laysOf,
  marketField,
  openFinder,
  providerHedge,
  providerOffers,
  rankRows,
  rowBase,
  type FinderContext,
  type FinderInput,
  type FinderResult,
  type FinderRowBase,
} from './common';
import { harvillePlaceProbabilities } from './models';

/**
 * Input of {@link findExtraPlaces} and {@link findExtraPlacesMaster}. `stake` is the stake of
 * each part, pence.
 *
 * @example
 * ```ts
 * import type { ExtraPlaceFinderInput } from '@matchkit/sdk/matching';
 * const input = (market: unknown): ExtraPlaceFinderInput => ({ market, stake: 1000, betType: 'qualifying' });
 * ```
 */
export interface ExtraPlaceFinderInput extends FinderInput {
  /**
   * The kind of each-way bet (each part has this kind).
   * @defaultValue 'qualifying'
   */
  readonly betType?: Exclude<BetType, 'refund'> | undefined;
}

/**
 * How an extra-place bet is hedged: the standard each-way lay (win market plus the exchange's
 * place market, which does not pay the extra places), a lay in a place market that pays the
 * bookmaker's places (lay the place), or a locked each-way lay (lock bet).
 *
 * @example
 * ```ts
 * import type { ExtraPlaceHedge } from '@matchkit/sdk/matching';
 * const locked = (h: ExtraPlaceHedge) => h !== 'eachWayLay';
 * ```
 */
export type ExtraPlaceHedge = 'eachWayLay' | 'layThePlace' | 'lockBet';

/**
 * One extra-place opportunity hedged at one exchange.
 *
 * @example
 * ```ts
 * import type { ExtraPlaceRow } from '@matchkit/sdk/matching';
 * const perHundred = (r: ExtraPlaceRow) => r.expectedProfit * 100;
 * ```
 */
export interface ExtraPlaceRow extends FinderRowBase {
  /** Places the bookmaker pays. */
  readonly places: number;
  /** The place fraction. */
  readonly placeFraction: number;
  /** Places the exchange place market settles on (fewer than `places`). */
  readonly exchangePlaces: number;
  /** Exchange of the hedge. */
  readonly exchange: string;
  /** The hedge used (the best available at that exchange). */
  readonly hedge: ExtraPlaceHedge;
  /** The win market's lay odds of the hedge (`eachWayLay` and `layThePlace`). */
  readonly winLayOdds?: number;
  /** The place market's lay odds of the hedge: `exchangePlaces` places for `eachWayLay`, `places` for `layThePlace`. */
  readonly placeLayOdds?: number;
  /** The each-way lay's odds of a `lockBet` hedge. */
  readonly lockOdds?: number;
  /** Commission applied, a fraction. */
  readonly commission: number;
  /** Probability of finishing exactly in an extra place: P(top `places`) − P(top `exchangePlaces`). */
  readonly extraPlaceProbability: number;
  /** How that probability was estimated. */
  readonly probabilitySource: 'exchange place markets' | 'harville';
  /** Profit when the selection does not finish in an extra place, pence (the qualifying loss). */
  readonly qualifyingLoss: number;
  /** Profit when it does, pence. */
  readonly profitIfExtraPlace: number;
  /** Expected profit, pence: p × profitIfExtraPlace + (1 − p) × qualifyingLoss (the ranking key). */
  readonly expectedProfit: number;
  /**
   * Break-even probability of an extra place: −QL / (gain − QL); 0 when the hedge loses nothing;
   * null when no probability breaks even (an extra place does not pay back the qualifying loss).
   */
  readonly breakEvenProbability: number | null;
  /** Break-even count of bets, 1 / breakEvenProbability; null when it is 0 or null. */
  readonly breakEvenBets: number | null;
}

const schema = s.object({ ...marketField, ...finderCommonShape, betType: s.optional(s.picklist(['qualifying', 'snr', 'sr'])) });

/**
 * P(top M) − P(top N) for every runner of a race: from the exchanges' M- and N-place markets when
 * both are priced, else from fair win probabilities with the Harville model (both counts alike,
 * so the difference is never negative). Null when neither is possible.
 */
function extraPlaceChances(
  index: MarketIndex,
  marketId: string,
  n: number,
  m: number,
): { chance: Map<string, number>; source: ExtraPlaceRow['probabilitySource'] } | null {
  const topN = fairPlaceProbabilities(index, marketId, n);
  const topM = fairPlaceProbabilities(index, marketId, m);
  if (topN !== null && topM !== null) {
    const chance = new Map<string, number>();
    for (const [id, pn] of topN) chance.set(id, Math.max(0, Math.min(1, (topM.get(id) as number) - pn)));
    return { chance, source: 'exchange place markets' };
  }
  const win = fairWinProbabilities(index, marketId);
  const views = index.selectionsOf(marketId);
  if (win === null || m > views.length) return null;
  const ps = views.map((v) => win.get(v.runner.id) as number);
  try {
    const hn = harvillePlaceProbabilities(ps, n);
    const hm = harvillePlaceProbabilities(ps, m);
    return { chance: new Map(views.map((v, i) => [v.runner.id, Math.max(0, (hm[i] as number) - (hn[i] as number))])), source: 'harville' };
  } catch {
    return null; // a field too big to enumerate
  }
}

function find(input: ExtraPlaceFinderInput, master: boolean): FinderResult<ExtraPlaceRow> {
  const subject = master ? 'extra place master input' : 'extra place catcher input';
  const { ctx, input: o } = openFinder(schema, input, subject);
  const betType = o.betType ?? 'qualifying';
  const feature = master ? 'extraPlaceMaster' : 'extraPlaceCatcher';
  const offered = (exchange: string) => providerOffers(exchange, feature, ctx.user);
  const rows: ExtraPlaceRow[] = [];
  const chances = new Map<string, ReturnType<typeof extraPlaceChances>>();
  for (const view of ctx.index.selections) {
    const n = view.market.exchangePlaces;
    if (n === undefined) continue;
    for (const back of backsOf(view, ctx)) {
      const terms = back.eachWay;
      if (terms === undefined || terms.places <= n) continue;
      const key = `${view.market.id}\u0000${terms.places}`;
      if (!chances.has(key)) chances.set(key, extraPlaceChances(ctx.index, view.market.id, n, terms.places));
      const found = chances.get(key);
      if (found === null || found === undefined) continue;
      const p = found.chance.get(view.runner.id) as number;
      const bet = { betType, backStake: ctx.stake, backOdds: back.odds, placeFraction: terms.placeFraction };
      for (const row of hedges(view, ctx, n, terms.places, master, offered, bet, p)) {
        rows.push({
          ...rowBase(view, back.bookmaker, back.odds),
          places: terms.places,
          placeFraction: terms.placeFraction,
          exchangePlaces: n,
          extraPlaceProbability: p,
          probabilitySource: found.source,
          ...row,
          breakEvenProbability: row.breakEvenProbability > 1 ? null : row.breakEvenProbability,
          breakEvenBets: row.breakEvenProbability > 0 && row.breakEvenProbability <= 1 ? 1 / row.breakEvenProbability : null,
        });
      }
    }
  }
  return rankRows(
    rows,
    (r) => r.expectedProfit,
    (r) => `${r.selectionId}\u0000${r.bookmaker}\u0000${r.exchange}`,
    ctx.limit,
  );
}

interface Hedged {
  exchange: string;
  hedge: ExtraPlaceHedge;
  winLayOdds?: number;
  placeLayOdds?: number;
  lockOdds?: number;
  commission: number;
  qualifyingLoss: number;
  profitIfExtraPlace: number;
  expectedProfit: number;
  breakEvenProbability: number;
}

/** The best hedge at each exchange that can hedge this bet. */
function hedges(
  view: SelectionView,
  ctx: FinderContext,
  n: number,
  m: number,
  master: boolean,
  offered: (exchange: string) => boolean,
  bet: { betType: Exclude<BetType, 'refund'>; backStake: number; backOdds: number; placeFraction: number },
  p: number,
): Hedged[] {
  const feature = master ? 'extraPlaceMaster' : 'extraPlaceCatcher';
  const best = new Map<string, Hedged>();
  const offer = (h: Hedged) => {
    const known = best.get(h.exchange);
    if (known === undefined || h.expectedProfit > known.expectedProfit) best.set(h.exchange, h);
  };
  const winLays = laysOf(view, ctx, undefined, offered);
  const placeLays = laysOf(view, ctx, n, offered);
  for (const win of winLays) {
    const place = placeLays.find((l) => l.exchange === win.exchange);
    if (place === undefined || place.commission !== win.commission) continue;
    const r = extraPlace({
      ...bet,
      winLayOdds: win.odds,
      placeLayOdds: place.odds,
      layCommission: win.commission,
      extraPlaceProbability: p,
    });
    offer({
      exchange: win.exchange,
      hedge: 'eachWayLay',
      winLayOdds: win.odds,
      placeLayOdds: place.odds,
      commission: win.commission,
      qualifyingLoss: r.profitIfLoses,
      profitIfExtraPlace: r.profitIfExtraPlace,
      expectedProfit: r.expectedProfit,
      breakEvenProbability: r.breakEvenProbability,
    });
  }
  if (master) {
    // Lay the place: a place market that pays the bookmaker's M places.
    const allPlaces = laysOf(view, ctx, m, (ex) => offered(ex) && providerHedge(ex, feature, 'layThePlace'));
    for (const win of winLays) {
      const place = allPlaces.find((l) => l.exchange === win.exchange);
      if (place === undefined || place.commission !== win.commission) continue;
      const r = layThePlace({ ...bet, winLayOdds: win.odds, placeLayOdds: place.odds, layCommission: win.commission });
      offer({
        exchange: win.exchange,
        hedge: 'layThePlace',
        winLayOdds: win.odds,
        placeLayOdds: place.odds,
        commission: win.commission,
        qualifyingLoss: r.profit,
        profitIfExtraPlace: r.profit,
        expectedProfit: r.profit,
        breakEvenProbability: 0,
      });
    }
    // Lock bet: a locked each-way lay on the bookmaker's terms (at least M places, same fraction).
    for (const price of view.exchangePrices) {
      const lock = price.eachWayLay;
      if (lock === undefined || price.places !== undefined || !ctx.exchanges.has(price.exchange)) continue;
      if (!offered(price.exchange) || !providerHedge(price.exchange, feature, 'lock')) continue;
      if (lock.places < m || lock.placeFraction !== bet.placeFraction) continue;
      const commission = commissionAt(ctx, price);
      const r = lockBet({ ...bet, lockOdds: lock.odds, layCommission: commission });
      offer({
        exchange: price.exchange,
        hedge: 'lockBet',
        lockOdds: lock.odds,
        commission,
        qualifyingLoss: r.profit,
        profitIfExtraPlace: r.profit,
        expectedProfit: r.profit,
        breakEvenProbability: 0,
      });
    }
  }
  return [...best.values()];
}

/**
 * Extra place catcher: each-way prices paying more places (M) than the exchange place market
 * settles on (N), laid with the calculators' `extraPlace` (win lay plus N-place lay) at enabled
 * exchanges whose provider takes part in `extraPlaceCatcher`. Ranks by expected profit,
 * p × profitIfExtraPlace + (1 − p) × qualifyingLoss, best first; shows the break-even probability
 * and count of bets.
 *
 * Assumptions of p, the chance of finishing exactly in places N+1..M: from the exchanges' N- and
 * M-place markets (mid prices scaled to N and M places) when both exist; otherwise the Harville
 * model on fair win probabilities (exchange mid prices, margin removed multiplicatively). Runners
 * are assumed to finish in Harville order; fields too big to enumerate are skipped.
 *
 * @param input - the prices, the bet type, the stake per part and the member's settings
 * @returns the opportunities, best expected profit first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findExtraPlaces } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * const best = findExtraPlaces({ market, stake: 1000 }).rows[0];
 * best?.breakEvenBets; // how many such bets one extra-place hit pays for
 * ```
 */
export function findExtraPlaces(input: ExtraPlaceFinderInput): FinderResult<ExtraPlaceRow> {
  return find(input, false);
}

/**
 * Extra place master: the extra place catcher plus the hedges some providers offer, at enabled
 * exchanges whose provider takes part in `extraPlaceMaster`: lay the place (a place market paying
 * the bookmaker's M places: `layThePlace`, a locked profit) where the provider's
 * `isLayThePlaceBetProvided` lists the feature, and a lock bet (an each-way lay on the bookmaker's
 * terms: `lockBet`, a locked profit) where `isLockBetProvided` lists it. Each row is the best hedge
 * at one exchange; ranks by expected profit (a locked profit is its own expectation), best first.
 * Assumptions as {@link findExtraPlaces} for the each-way lay; none for locked hedges.
 *
 * @param input - the prices, the bet type, the stake per part and the member's settings
 * @returns the opportunities with their best hedge, best expected profit first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findExtraPlacesMaster } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findExtraPlacesMaster({ market }).rows.filter((r) => r.hedge !== 'eachWayLay');
 * ```
 */
export function findExtraPlacesMaster(input: ExtraPlaceFinderInput): FinderResult<ExtraPlaceRow> {
  return find(input, true);
}
