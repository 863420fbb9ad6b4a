// The price model: every bookmaker's and exchange's price of an event at an instant.
import { backPriceKey, exchangePriceKey } from '@matchkit/sdk/feed';
import type { BackPrice, BetBuilderPrice, ExchangePrice, ExchangeQuote } from '@matchkit/sdk/matching';
import {
  BOOKMAKERS,
  type BookmakerBook,
  EXCHANGES,
  EXCHANGE_SALT,
  type EventPlan,
  type ExchangeBook,
  type MarketPlan,
  type RunnerPlan,
} from './catalogue';
import { ladder, ladderCeil, ladderFloor, odds, top } from './ladder';
import { div, hash } from './random';

/** One octave of value noise: whole numbers in [−amp, amp], linear between lattice points. */
export function octave(key: number, t: number, spacingMs: number, amp: number): number {
  const i = div(t, spacingMs);
  const f = t - i * spacingMs;
  const a = (hash(key, i) % (2 * amp + 1)) - amp;
  const b = (hash(key, i + 1) % (2 * amp + 1)) - amp;
  return a + div((b - a) * f, spacingMs);
}

/** A runner's weight at instant t: its base moved by two octaves of noise (at most ±21%). */
export function weight(r: RunnerPlan, t: number): number {
  const noise = octave(r.key, t, 90_000, 90) + octave(r.key ^ 0x5bd1e995, t, 600_000, 120);
  return Math.max(1, div(r.base * (1000 + noise), 1000));
}

export interface Weights {
  readonly w: number[];
  readonly total: number;
}

export function weightsAt(plan: MarketPlan, t: number): Weights {
  const w = plan.runners.map((r) => weight(r, t));
  return { w, total: w.reduce((a, b) => a + b, 0) };
}

export const BOOKMAKER_INDEX = new Map<string, number>(BOOKMAKERS.map((b, i) => [b.key, i]));

/** The last refresh instant of a bookmaker at or before t (bookmakers lag the exchanges). */
export function refreshedAt(seed: number, bookmaker: number, t: number): { at: number; round: number } {
  const { refreshMs } = BOOKMAKERS[bookmaker] as (typeof BOOKMAKERS)[number];
  const phase = hash(seed, 0xb00c, bookmaker) % refreshMs;
  const round = div(t + phase, refreshMs);
  return { at: round * refreshMs - phase, round };
}

/** Liquidity in pence (whole pounds), changing every 60 s on a staggered rhythm. */
export function liquidity(key: number, salt: number, t: number, minPounds: number, spanPounds: number): number {
  return liquidityIn(key, salt, div(t + liquidityPhase(key, salt), 60_000), minPounds, spanPounds);
}

/** The offset of {@link liquidity}'s 60 s rounds, ms. */
export function liquidityPhase(key: number, salt: number): number {
  return hash(key, salt, 0x11c) % 60_000;
}

/** {@link liquidity} in its round `round`. */
export function liquidityIn(key: number, salt: number, round: number, minPounds: number, spanPounds: number): number {
  return 100 * (minPounds + (hash(key, salt, round) % (spanPounds + 1)));
}

/** The offset of an exchange quote's 30 s rounds (which tick of the ladder it sits on), ms. */
export function quotePhase(key: number, salt: number): number {
  return hash(key, salt, 0x9a5e) % 30_000;
}

/** The first instant after t at which a round of `periodMs` offset by `phase` begins. */
export function nextRound(t: number, phase: number, periodMs: number): number {
  return (div(t + phase, periodMs) + 1) * periodMs - phase;
}

/**
 * Each runner's fair chance of a top-N place, never less than its chance of winning: 1 − (1 − p)^N
 * normalised so the field's chances add up to N (capped at 1). Within about 15% of Harville's (a
 * finishing order drawn in proportion to the weights) for the fields simulated here, where a
 * square root of the weights made a 280 outsider a 15.5 chance of a top-5 place and a 2.88
 * favourite a 1.06 chance of a top-3. Multiplications and divisions only (IEEE-exact, so every
 * process computes the same chances).
 */
export function placeChances(weights: Weights, places: number): number[] {
  const chance = weights.w.map((w) => {
    const miss = (weights.total - w) / weights.total;
    let all = 1;
    for (let k = 0; k < places; k++) all *= miss;
    return 1 - all;
  });
  const sum = chance.reduce((a, b) => a + b, 0);
  return chance.map((q, i) => Math.max((weights.w[i] as number) / weights.total, Math.min(1, (q * places) / sum)));
}

/** Top-N fair ladder indices ({@link placeChances} on the ladder), never less likely than winning. */
export function placeIndices(weights: Weights, places: number): number[] {
  return placeChances(weights, places).map((q, i) => {
    const perMillion = Math.max(1, Math.min(1_000_000, Math.floor(1_000_000 * q)));
    return Math.min(ladderCeil(1_000_000, perMillion), ladderCeil(weights.total, weights.w[i] as number));
  });
}

/** The most overround, per mille, a bookmaker's each-way loading may bring a book to (before its ±2% noise). */
export const EACH_WAY_OVERROUND_CAP = 150;

/**
 * The margin, per mille, each runner's win odds need on top of `margins` for a bookmaker paying
 * more places than the exchanges settle on (`standardPlaces`): as real books price an extra-place
 * race, the bookmaker shortens its win odds by what the extra places are worth, so an each-way bet
 * at fair chances returns what it would on the standard places. An each-way bet of one unit a part
 * at odds O returns R = O·(p + q·f) + q·(1 − f) (p the win chance, q the top-N chance, f the place
 * fraction); the loaded odds O′ solve R(q offered, O′) = R(q standard, O), O the odds at the
 * runner's own margin. Scaled down by one factor for the whole book, when needed, so the book's
 * overround stays within `capPerMille` ({@link EACH_WAY_OVERROUND_CAP}): generous terms then keep some value (the
 * extra-place tools' opportunities) without a book outside its market's range.
 */
export function eachWayLoading(
  weights: Weights,
  margins: readonly number[],
  terms: { readonly places: number; readonly placeFraction: number },
  standardPlaces: number,
  capPerMille = EACH_WAY_OVERROUND_CAP,
): number[] {
  if (terms.places <= standardPlaces) return margins.map(() => 0);
  const f = terms.placeFraction;
  const p = weights.w.map((w) => w / weights.total);
  const offered = placeChances(weights, terms.places);
  const standard = placeChances(weights, standardPlaces);
  const need = p.map((pi, i) => {
    const m = margins[i] as number;
    const odds = (1 - m / 1000) / pi;
    const qs = standard[i] as number;
    const qo = offered[i] as number;
    const loaded = (odds * (pi + qs * f) + qs * (1 - f) - qo * (1 - f)) / (pi + qo * f);
    return Math.max(0, 1000 * (1 - loaded * pi) - m);
  });
  const overround = (scale: number) =>
    p.reduce((sum, pi, i) => sum + pi / (1 - ((margins[i] as number) + scale * (need[i] as number)) / 1000), 0) - 1;
  let scale = 1;
  if (overround(1) * 1000 > capPerMille) {
    let lo = 0;
    for (let k = 0; k < 24; k++) {
      const mid = (lo + scale) / 2;
      if (overround(mid) * 1000 <= capPerMille) lo = mid;
      else scale = mid;
    }
    scale = lo;
  }
  return need.map((e) => Math.floor(scale * e));
}

/**
 * Each runner's margin, per mille, for a book whose margin is `base`: the favourite–longshot bias
 * of real books, m_i = base × (T − w_i)² / (Σ w_j (T − w_j)² / T), so favourites are priced close
 * to fair and outsiders carry most of the overround, whose weighted sum Σ p_i m_i stays `base`.
 * Whole numbers only.
 */
export function runnerMargins(weights: Weights, base: number): number[] {
  const t = weights.total;
  const spread = weights.w.reduce((a, w) => a + w * (t - w) * (t - w), 0);
  const unit = Math.max(1, div(spread, t));
  return weights.w.map((w) => div(base * (t - w) * (t - w), unit));
}

/** Whether a bookmaker prices a runner of a market (fixed for the plan). */
export function prices(book: BookmakerBook, runner: number): boolean {
  return book.runners === undefined || book.runners.includes(runner);
}
/** The keys of a plan's records, in the order they are priced (fixed for the plan's life). */
export interface Layout {
  readonly marketIds: readonly string[];
  readonly exchangeKeys: readonly string[];
  readonly backKeys: readonly string[];
  readonly builderKeys: readonly string[];
  /**
   * Per exchange price (layout order), the offsets of the rounds its quotes move on: the 30 s
   * round of its ladder position ({@link quotePhase}) and the 60 s rounds of its lay, back and lock
   * liquidity ({@link liquidityPhase}). Fixed for the plan, so a tick computes none of them again.
   */
  readonly quotePhases: Int32Array;
  readonly layPhases: Int32Array;
  readonly backPhases: Int32Array;
  readonly lockPhases: Int32Array;
}

/** The salt of an exchange book's hashes: the exchange, and its place market's places. */
export function exchangeSalt(book: ExchangeBook): number {
  return EXCHANGE_SALT[book.exchange] * 32 + (book.places ?? 0);
}

/** The salt of every exchange's each-way lock liquidity. */
const LOCK_SALT = 0x10c;

export const layouts = new WeakMap<EventPlan, Layout>();

export function layoutOf(plan: EventPlan): Layout {
  let layout = layouts.get(plan);
  if (layout === undefined) {
    const exchangeKeys: string[] = [];
    const backKeys: string[] = [];
    const quote: number[] = [];
    const lay: number[] = [];
    const back: number[] = [];
    const lock: number[] = [];
    for (const m of plan.markets) {
      for (const book of m.exchanges) {
        const salt = exchangeSalt(book);
        for (const r of m.runners) {
          exchangeKeys.push(exchangePriceKey({ exchange: book.exchange, selectionId: r.id, places: book.places }));
          quote.push(quotePhase(r.key, salt));
          lay.push(liquidityPhase(r.key, salt));
          back.push(liquidityPhase(r.key, salt + 16));
          lock.push(liquidityPhase(r.key, LOCK_SALT));
        }
      }
      for (const book of m.bookmakers) {
        m.runners.forEach((r, i) => {
          if (prices(book, i)) backKeys.push(backPriceKey({ bookmaker: book.bookmaker, selectionId: r.id }));
        });
      }
    }
    layout = {
      marketIds: plan.markets.map((m) => m.market.id),
      exchangeKeys,
      backKeys,
      builderKeys: plan.builders.map((b) => b.id),
      quotePhases: Int32Array.from(quote),
      layPhases: Int32Array.from(lay),
      backPhases: Int32Array.from(back),
      lockPhases: Int32Array.from(lock),
    };
    layouts.set(plan, layout);
  }
  return layout;
}

/** A market's exchange inputs at an instant: its runners' weights and fair ladder indices. */
export interface MarketFair {
  readonly weights: Weights;
  readonly fair: readonly number[];
  /** Top-N fair indices ({@link placeIndices}) by N, as the exchange books ask for them. */
  readonly placeFair: Map<number, number[]>;
}

/**
 * An event's prices at one instant, in layout order, with what the next instant's pricing needs to
 * tell which records cannot have changed.
 */
export interface EventPrices {
  readonly plan: EventPlan;
  readonly exchangePrices: readonly ExchangePrice[];
  readonly backPrices: readonly BackPrice[];
  readonly betBuilders: readonly BetBuilderPrice[];
  /** The instant priced. */
  readonly t: number;
  /** Per market, its weights and fair indices at `t`. */
  readonly fair: readonly MarketFair[];
  /** Per exchange price, the ladder index it was priced from (fair or place). */
  readonly exchangeIndex: Int32Array;
  /** Per exchange price, the first instant after it was priced at which one of its rounds moves. */
  readonly exchangeUntil: Float64Array;
}

/** Positions (in layout order) whose record changed since the previous instant. */
export interface Changed {
  readonly exchangePrices: number[];
  readonly backPrices: number[];
  readonly betBuilders: number[];
}

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function sameQuote(a: ExchangeQuote | null | undefined, odds: number, liquidity: number): boolean {
  return a !== null && a !== undefined && a.odds === odds && a.liquidity === liquidity;
}

function sameWeights(a: Weights, b: Weights): boolean {
  if (a.total !== b.total || a.w.length !== b.w.length) return false;
  for (let i = 0; i < a.w.length; i++) if (a.w[i] !== b.w[i]) return false;
  return true;
}

/** A market's weights and fair indices at t: `before`'s when the weights have not moved. */
function marketFair(m: MarketPlan, t: number, before: MarketFair | undefined): MarketFair {
  const weights = weightsAt(m, t);
  if (before !== undefined && sameWeights(weights, before.weights)) return before;
  return { weights, fair: weights.w.map((w) => ladderCeil(weights.total, w)), placeFair: new Map() };
}

/**
 * Prices an event at instant t. With `prev` (the same plan, an earlier instant), records that did
 * not change are the previous objects and the positions that did are listed in `changed`.
 *
 * Only what can have changed is priced again: a bookmaker's prices and bet builders move only at
 * its refresh instants ({@link refreshedAt}); an exchange price only when its fair (or place) ladder
 * index moves or one of its rounds turns ({@link Layout}'s phases). The records are the ones a full
 * pricing would give: the same inputs, the same record.
 */
export function priceEvent(
  seed: number,
  plan: EventPlan,
  t: number,
  prev: EventPrices | undefined,
  changed: Changed | undefined,
): EventPrices {
  const layout = layoutOf(plan);
  const exchangePrices: ExchangePrice[] = [];
  const backPrices: BackPrice[] = [];
  const betBuilders: BetBuilderPrice[] = [];
  const fairs: MarketFair[] = [];
  // New records made, and exchange prices priced again (not taken as they were).
  const made = { exchangePrices: 0, backPrices: 0, betBuilders: 0 };
  let repriced = 0;
  const exchangeIndex = new Int32Array(layout.exchangeKeys.length);
  const exchangeUntil = new Float64Array(layout.exchangeKeys.length);
  const refreshed: ({ at: number; round: number; same: boolean } | undefined)[] = [];
  const refreshOf = (b: number) => {
    let r = refreshed[b];
    if (r === undefined) {
      const { at, round } = refreshedAt(seed, b, t);
      r = { at, round, same: prev !== undefined && refreshedAt(seed, b, prev.t).round === round };
      refreshed[b] = r;
    }
    return r;
  };
  plan.markets.forEach((m, mi) => {
    const mf = marketFair(m, t, prev?.fair[mi]);
    fairs.push(mf);
    const now = mf.weights;
    for (const book of m.exchanges) {
      const places = book.places;
      let indices = mf.fair;
      if (places !== undefined) {
        let known = mf.placeFair.get(places);
        if (known === undefined) {
          known = placeIndices(now, places);
          mf.placeFair.set(places, known);
        }
        indices = known;
      }
      const salt = exchangeSalt(book);
      const layOnly = book.layOnly === true;
      for (let i = 0; i < m.runners.length; i++) {
        const runner = m.runners[i] as RunnerPlan;
        const at = exchangePrices.length;
        const index = indices[i] as number;
        exchangeIndex[at] = index;
        const old = prev?.exchangePrices[at];
        if (old !== undefined && prev !== undefined && prev.exchangeIndex[at] === index && t < (prev.exchangeUntil[at] as number)) {
          // Nothing it is priced from has moved.
          exchangeUntil[at] = prev.exchangeUntil[at] as number;
          exchangePrices.push(old);
          continue;
        }
        const quotePh = layout.quotePhases[at] as number;
        const layPh = layout.layPhases[at] as number;
        const backPh = layout.backPhases[at] as number;
        const lockPh = layout.lockPhases[at] as number;
        let until = Math.min(nextRound(t, quotePh, 30_000), nextRound(t, layPh, 60_000));
        if (!layOnly) until = Math.min(until, nextRound(t, backPh, 60_000));
        if (book.lock !== undefined) until = Math.min(until, nextRound(t, lockPh, 60_000));
        exchangeUntil[at] = until;
        repriced++;
        const h = hash(runner.key, salt, div(t + quotePh, 30_000));
        const centre = Math.max(1, Math.min(top() - 1, index + (h % 3) - 1));
        const layIndex = Math.min(top(), centre + ((h >>> 8) % 2) + (layOnly ? 1 : 0));
        const layOdds = odds(layIndex);
        const layMoney = liquidityIn(runner.key, salt, div(t + layPh, 60_000), book.minPounds, book.spanPounds);
        const backOdds = layOnly ? 0 : odds(Math.max(0, centre - 1 - ((h >>> 12) % 2)));
        const backMoney = layOnly ? 0 : liquidityIn(runner.key, salt + 16, div(t + backPh, 60_000), book.minPounds, book.spanPounds);
        // The lock (an each-way lay in one bet) is quoted a tick above the exchange's centre.
        const lockOdds = book.lock === undefined ? 0 : odds(Math.min(top(), centre + 1));
        const lockMoney = book.lock === undefined ? 0 : liquidityIn(runner.key, LOCK_SALT, div(t + lockPh, 60_000), 10, 290);
        if (
          old !== undefined &&
          sameQuote(old.lay, layOdds, layMoney) &&
          (layOnly ? old.back === null : sameQuote(old.back, backOdds, backMoney)) &&
          (book.lock === undefined || sameQuote(old.eachWayLay, lockOdds, lockMoney))
        ) {
          exchangePrices.push(old);
          continue;
        }
        const price: Mutable<ExchangePrice> = {
          exchange: book.exchange,
          selectionId: runner.id,
          ...(places === undefined ? {} : { places }),
          back: layOnly ? null : Object.freeze({ odds: backOdds, liquidity: backMoney }),
          lay: Object.freeze({ odds: layOdds, liquidity: layMoney }),
          commission: EXCHANGES[book.exchange],
        };
        if (book.lock !== undefined) {
          price.eachWayLay = Object.freeze({
            odds: lockOdds,
            liquidity: lockMoney,
            places: book.lock.places,
            placeFraction: book.lock.placeFraction,
          });
        }
        exchangePrices.push(Object.freeze(price));
        made.exchangePrices++;
        changed?.exchangePrices.push(at);
      }
    }
    const lagged = new Map<number, Weights>();
    for (const book of m.bookmakers) {
      const b = BOOKMAKER_INDEX.get(book.bookmaker) as number;
      const { at: seen, round, same } = refreshOf(b);
      if (same && prev !== undefined) {
        // Not refreshed since `prev`: every price of this book is the one it had.
        for (let i = 0; i < m.runners.length; i++) {
          if (prices(book, i)) backPrices.push(prev.backPrices[backPrices.length] as BackPrice);
        }
        continue;
      }
      if (!lagged.has(seen)) lagged.set(seen, weightsAt(m, seen));
      const then = lagged.get(seen) as Weights;
      const base = div((BOOKMAKERS[b] as (typeof BOOKMAKERS)[number]).margin * m.marginScale, 1000);
      const own = runnerMargins(then, base);
      const margins =
        book.eachWay === undefined
          ? own
          : eachWayLoading(then, own, book.eachWay, m.market.exchangePlaces ?? book.eachWay.places).map((e, i) => (own[i] as number) + e);
      m.runners.forEach((runner, i) => {
        if (!prices(book, i)) return;
        const at = backPrices.length;
        // Each runner's margin varies a little (±2%) between refreshes, never below 1.5%.
        const margin = Math.max(15, (margins[i] as number) + (hash(runner.key, b, round) % 41) - 20);
        const index = ladderFloor(then.total * (1000 - margin), (then.w[i] as number) * 1000);
        let offered = odds(index);
        let boostedFrom: number | undefined;
        if (book.boost !== undefined && book.boost.runner === i && index < top()) {
          // The boost adds perMille to the winnings: 1 + (b − 1)(1 + perMille / 1000), on the ladder.
          const cents = ladder().cents[index] as number;
          boostedFrom = offered;
          offered = odds(Math.max(index + 1, ladderFloor(100_000 + (cents - 100) * (1000 + book.boost.perMille), 100_000)));
        }
        const old = prev?.backPrices[at];
        if (old !== undefined && old.odds === offered && old.boostedFrom === boostedFrom) {
          backPrices.push(old);
          return;
        }
        const price: Mutable<BackPrice> = { bookmaker: book.bookmaker, selectionId: runner.id, odds: offered };
        if (book.eachWay !== undefined) price.eachWay = Object.freeze({ ...book.eachWay });
        if (boostedFrom !== undefined) {
          price.boostedFrom = boostedFrom;
          price.maxStake = (book.boost as { maxStake: number }).maxStake;
        }
        if (book.bestOddsGuaranteed === true) price.bestOddsGuaranteed = true;
        if (book.earlyPayout?.runners.includes(i) === true) price.earlyPayout = Object.freeze({ goalsAhead: book.earlyPayout.goalsAhead });
        backPrices.push(Object.freeze(price));
        made.backPrices++;
        changed?.backPrices.push(at);
      });
    }
  });
  plan.builders.forEach((builder, at) => {
    const b = BOOKMAKER_INDEX.get(builder.bookmaker) as number;
    const { at: seen, round, same } = refreshOf(b);
    const old = prev?.betBuilders[at];
    if (same && old !== undefined) {
      betBuilders.push(old);
      return;
    }
    let num = 1;
    let den = 1;
    for (const leg of builder.legs) {
      const w = weightsAt(plan.markets[leg.market] as MarketPlan, seen);
      num *= w.total;
      den *= w.w[leg.runner] as number;
    }
    const margin = builder.margin + (hash(seed, b, round, at) % 41) - 20;
    const offered = odds(ladderFloor(num * (1000 - margin), den * 1000));
    if (old !== undefined && old.odds === offered) {
      betBuilders.push(old);
      return;
    }
    betBuilders.push(
      Object.freeze({
        id: builder.id,
        bookmaker: builder.bookmaker,
        eventId: plan.event.id,
        odds: offered,
        legs: Object.freeze(builder.legs.map((leg) => ((plan.markets[leg.market] as MarketPlan).runners[leg.runner] as RunnerPlan).id)),
      }),
    );
    made.betBuilders++;
    changed?.betBuilders.push(at);
  });
  if (prev === undefined) return { plan, exchangePrices, backPrices, betBuilders, t, fair: fairs, exchangeIndex, exchangeUntil };
  // What did not change is the previous tick's arrays, already old: the new ones die young (cheap
  // to collect), where keeping them would have the collector copy and promote them.
  return {
    plan,
    exchangePrices: made.exchangePrices === 0 ? prev.exchangePrices : exchangePrices,
    backPrices: made.backPrices === 0 ? prev.backPrices : backPrices,
    betBuilders: made.betBuilders === 0 ? prev.betBuilders : betBuilders,
    t,
    fair: fairs.every((f, mi) => f === prev.fair[mi]) ? prev.fair : fairs,
    exchangeIndex: repriced === 0 ? prev.exchangeIndex : exchangeIndex,
    exchangeUntil: repriced === 0 ? prev.exchangeUntil : exchangeUntil,
  };
}
