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

/**
 * The last refresh instant of a bookmaker's prices on one event at or before t (bookmakers lag the
 * exchanges). Each event of a bookmaker has a phase of its own within the bookmaker's period, as a
 * bookmaker's traders and feeds price event by event: its book across every event is not repriced
 * in one instant (at 600 events, that was about 3,000 prices in one patch every few seconds).
 * `event` is the event's own number ({@link eventSaltOf}).
 */
export function refreshedAt(seed: number, bookmaker: number, t: number, event: number): { at: number; round: number } {
  const { refreshMs } = BOOKMAKERS[bookmaker] as (typeof BOOKMAKERS)[number];
  const phase = hash(seed, 0xb00c, bookmaker, event) % refreshMs;
  const round = div(t + phase, refreshMs);
  return { at: round * refreshMs - phase, round };
}

/** An event's own number, for its refresh phases: its first runner's key (a hash of the event's slot and generation). */
export function eventSaltOf(plan: { readonly markets: readonly { readonly runners: readonly { readonly key: number }[] }[] }): number {
  return plan.markets[0]?.runners[0]?.key ?? 0;
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
  /** How many exchange books the plan's markets have, in all (one {@link EventPrices.bookUntil} each). */
  readonly exchangeBooks: number;
  /** Per bookmaker book (market order, then book order), how many of its market's runners it prices. */
  readonly backCounts: Int32Array;
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
    const backCounts: number[] = [];
    let exchangeBooks = 0;
    for (const m of plan.markets) {
      exchangeBooks += m.exchanges.length;
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
        const before = backKeys.length;
        m.runners.forEach((r, i) => {
          if (prices(book, i)) backKeys.push(backPriceKey({ bookmaker: book.bookmaker, selectionId: r.id }));
        });
        backCounts.push(backKeys.length - before);
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
      exchangeBooks,
      backCounts: Int32Array.from(backCounts),
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
  /** Per exchange book (layout order), the least `exchangeUntil` of its prices. */
  readonly bookUntil: Float64Array;
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
 * index moves or one of its rounds turns ({@link Layout}'s phases), and a whole exchange book is
 * passed over while its ladder indices stand and none of its rounds has turned
 * ({@link EventPrices.bookUntil}). The records are the ones a full pricing would give: the same
 * inputs, the same record.
 *
 * With `prev`, nothing is built for what stands: each of `prev`'s arrays is copied at the first
 * change to it (one native copy) and written where it changed; an array with no change is
 * `prev`'s own. At 600 events, most events change nothing in a 100 ms tick.
 */
export function priceEvent(
  seed: number,
  plan: EventPlan,
  t: number,
  prev: EventPrices | undefined,
  changed: Changed | undefined,
): EventPrices {
  const layout = layoutOf(plan);
  const priceCount = layout.exchangeKeys.length;
  // Without `prev`, every array is built whole, in order; with it, each is copied at its first change.
  let exchangePrices: ExchangePrice[] | null = prev === undefined ? [] : null;
  let backPrices: BackPrice[] | null = prev === undefined ? [] : null;
  let betBuilders: BetBuilderPrice[] | null = prev === undefined ? [] : null;
  let exchangeIndex: Int32Array | null = prev === undefined ? new Int32Array(priceCount) : null;
  let exchangeUntil: Float64Array | null = prev === undefined ? new Float64Array(priceCount) : null;
  let bookUntil: Float64Array | null = prev === undefined ? new Float64Array(layout.exchangeBooks) : null;
  const fairs: MarketFair[] = [];
  const refreshed: ({ at: number; round: number; same: boolean } | undefined)[] = [];
  const event = eventSaltOf(plan);
  const refreshOf = (b: number) => {
    let r = refreshed[b];
    if (r === undefined) {
      const { at, round } = refreshedAt(seed, b, t, event);
      r = { at, round, same: prev !== undefined && refreshedAt(seed, b, prev.t, event).round === round };
      refreshed[b] = r;
    }
    return r;
  };
  let exchangeAt = 0;
  let book = 0;
  let backAt = 0;
  let bookmakerBook = 0;
  plan.markets.forEach((m, mi) => {
    const mf = marketFair(m, t, prev?.fair[mi]);
    fairs.push(mf);
    const now = mf.weights;
    const runners = m.runners.length;
    for (const exchangeBook of m.exchanges) {
      const places = exchangeBook.places;
      let indices = mf.fair;
      if (places !== undefined) {
        let known = mf.placeFair.get(places);
        if (known === undefined) {
          known = placeIndices(now, places);
          mf.placeFair.set(places, known);
        }
        indices = known;
      }
      const first = exchangeAt;
      const b = book;
      exchangeAt += runners;
      book += 1;
      if (prev !== undefined && t < (prev.bookUntil[b] as number) && sameIndices(prev.exchangeIndex, first, indices)) continue;
      const salt = exchangeSalt(exchangeBook);
      const layOnly = exchangeBook.layOnly === true;
      let least = Infinity;
      for (let i = 0; i < runners; i++) {
        const runner = m.runners[i] as RunnerPlan;
        const at = first + i;
        const index = indices[i] as number;
        const old = prev?.exchangePrices[at];
        if (old !== undefined && prev !== undefined && prev.exchangeIndex[at] === index && t < (prev.exchangeUntil[at] as number)) {
          // Nothing it is priced from has moved.
          least = Math.min(least, prev.exchangeUntil[at] as number);
          continue;
        }
        const quotePh = layout.quotePhases[at] as number;
        const layPh = layout.layPhases[at] as number;
        const backPh = layout.backPhases[at] as number;
        const lockPh = layout.lockPhases[at] as number;
        let until = Math.min(nextRound(t, quotePh, 30_000), nextRound(t, layPh, 60_000));
        if (!layOnly) until = Math.min(until, nextRound(t, backPh, 60_000));
        if (exchangeBook.lock !== undefined) until = Math.min(until, nextRound(t, lockPh, 60_000));
        least = Math.min(least, until);
        exchangeIndex ??= (prev as EventPrices).exchangeIndex.slice();
        exchangeIndex[at] = index;
        exchangeUntil ??= (prev as EventPrices).exchangeUntil.slice();
        exchangeUntil[at] = until;
        const h = hash(runner.key, salt, div(t + quotePh, 30_000));
        const centre = Math.max(1, Math.min(top() - 1, index + (h % 3) - 1));
        const layIndex = Math.min(top(), centre + ((h >>> 8) % 2) + (layOnly ? 1 : 0));
        const layOdds = odds(layIndex);
        const layMoney = liquidityIn(runner.key, salt, div(t + layPh, 60_000), exchangeBook.minPounds, exchangeBook.spanPounds);
        const backOdds = layOnly ? 0 : odds(Math.max(0, centre - 1 - ((h >>> 12) % 2)));
        const backMoney = layOnly
          ? 0
          : liquidityIn(runner.key, salt + 16, div(t + backPh, 60_000), exchangeBook.minPounds, exchangeBook.spanPounds);
        // The lock (an each-way lay in one bet) is quoted a tick above the exchange's centre.
        const lockOdds = exchangeBook.lock === undefined ? 0 : odds(Math.min(top(), centre + 1));
        const lockMoney = exchangeBook.lock === undefined ? 0 : liquidityIn(runner.key, LOCK_SALT, div(t + lockPh, 60_000), 10, 290);
        if (
          old !== undefined &&
          sameQuote(old.lay, layOdds, layMoney) &&
          (layOnly ? old.back === null : sameQuote(old.back, backOdds, backMoney)) &&
          (exchangeBook.lock === undefined || sameQuote(old.eachWayLay, lockOdds, lockMoney))
        ) {
          continue;
        }
        const price: Mutable<ExchangePrice> = {
          exchange: exchangeBook.exchange,
          selectionId: runner.id,
          ...(places === undefined ? {} : { places }),
          back: layOnly ? null : Object.freeze({ odds: backOdds, liquidity: backMoney }),
          lay: Object.freeze({ odds: layOdds, liquidity: layMoney }),
          commission: EXCHANGES[exchangeBook.exchange],
        };
        if (exchangeBook.lock !== undefined) {
          price.eachWayLay = Object.freeze({
            odds: lockOdds,
            liquidity: lockMoney,
            places: exchangeBook.lock.places,
            placeFraction: exchangeBook.lock.placeFraction,
          });
        }
        exchangePrices ??= (prev as EventPrices).exchangePrices.slice();
        exchangePrices[at] = Object.freeze(price);
        changed?.exchangePrices.push(at);
      }
      if (prev === undefined || least !== prev.bookUntil[b]) {
        bookUntil ??= (prev as EventPrices).bookUntil.slice();
        bookUntil[b] = least;
      }
    }
    const lagged = new Map<number, Weights>();
    for (const bookmaker of m.bookmakers) {
      const count = layout.backCounts[bookmakerBook] as number;
      bookmakerBook += 1;
      const b = BOOKMAKER_INDEX.get(bookmaker.bookmaker) as number;
      const { at: seen, round, same } = refreshOf(b);
      if (same && prev !== undefined) {
        // Not refreshed since `prev`: every price of this book is the one it had.
        backAt += count;
        continue;
      }
      if (!lagged.has(seen)) lagged.set(seen, weightsAt(m, seen));
      const then = lagged.get(seen) as Weights;
      const base = div((BOOKMAKERS[b] as (typeof BOOKMAKERS)[number]).margin * m.marginScale, 1000);
      const own = runnerMargins(then, base);
      const margins =
        bookmaker.eachWay === undefined
          ? own
          : eachWayLoading(then, own, bookmaker.eachWay, m.market.exchangePlaces ?? bookmaker.eachWay.places).map(
              (e, i) => (own[i] as number) + e,
            );
      // Each runner's margin varies a little (about ±2%) between refreshes, never below 1.5%. The
      // draws of a book are centred (less their mean), so over a golf book of 30 runners they do
      // not add up to a margin of their own (its overround still moves a little with them, each
      // runner weighing by its chance).
      let priced = 0;
      let total = 0;
      const noise = m.runners.map((runner, i) => {
        if (!prices(bookmaker, i)) return 0;
        const n = (hash(runner.key, b, round) % 41) - 20;
        priced += 1;
        total += n;
        return n;
      });
      const drift = priced === 0 ? 0 : Math.round(total / priced);
      m.runners.forEach((runner, i) => {
        if (!prices(bookmaker, i)) return;
        const at = backAt;
        backAt += 1;
        const margin = Math.max(15, (margins[i] as number) + (noise[i] as number) - drift);
        const index = ladderFloor(then.total * (1000 - margin), (then.w[i] as number) * 1000);
        let offered = odds(index);
        let boostedFrom: number | undefined;
        if (bookmaker.boost !== undefined && bookmaker.boost.runner === i && index < top()) {
          // The boost adds perMille to the winnings: 1 + (b − 1)(1 + perMille / 1000), on the ladder.
          const cents = ladder().cents[index] as number;
          boostedFrom = offered;
          offered = odds(Math.max(index + 1, ladderFloor(100_000 + (cents - 100) * (1000 + bookmaker.boost.perMille), 100_000)));
        }
        const old = prev?.backPrices[at];
        if (old !== undefined && old.odds === offered && old.boostedFrom === boostedFrom) return;
        const price: Mutable<BackPrice> = { bookmaker: bookmaker.bookmaker, selectionId: runner.id, odds: offered };
        if (bookmaker.eachWay !== undefined) price.eachWay = Object.freeze({ ...bookmaker.eachWay });
        if (boostedFrom !== undefined) {
          price.boostedFrom = boostedFrom;
          price.maxStake = (bookmaker.boost as { maxStake: number }).maxStake;
        }
        if (bookmaker.bestOddsGuaranteed === true) price.bestOddsGuaranteed = true;
        if (bookmaker.earlyPayout?.runners.includes(i) === true)
          price.earlyPayout = Object.freeze({ goalsAhead: bookmaker.earlyPayout.goalsAhead });
        backPrices ??= (prev as EventPrices).backPrices.slice();
        backPrices[at] = Object.freeze(price);
        changed?.backPrices.push(at);
      });
    }
  });
  plan.builders.forEach((builder, at) => {
    const b = BOOKMAKER_INDEX.get(builder.bookmaker) as number;
    const { at: seen, round, same } = refreshOf(b);
    const old = prev?.betBuilders[at];
    if (same && old !== undefined) return;
    let num = 1;
    let den = 1;
    for (const leg of builder.legs) {
      const w = weightsAt(plan.markets[leg.market] as MarketPlan, seen);
      num *= w.total;
      den *= w.w[leg.runner] as number;
    }
    const margin = builder.margin + (hash(seed, b, round, at) % 41) - 20;
    const offered = odds(ladderFloor(num * (1000 - margin), den * 1000));
    if (old !== undefined && old.odds === offered) return;
    betBuilders ??= (prev as EventPrices).betBuilders.slice();
    betBuilders[at] = Object.freeze({
      id: builder.id,
      bookmaker: builder.bookmaker,
      eventId: plan.event.id,
      odds: offered,
      legs: Object.freeze(builder.legs.map((leg) => ((plan.markets[leg.market] as MarketPlan).runners[leg.runner] as RunnerPlan).id)),
    });
    changed?.betBuilders.push(at);
  });
  if (prev === undefined) {
    return {
      plan,
      exchangePrices: exchangePrices as ExchangePrice[],
      backPrices: backPrices as BackPrice[],
      betBuilders: betBuilders as BetBuilderPrice[],
      t,
      fair: fairs,
      exchangeIndex: exchangeIndex as Int32Array,
      exchangeUntil: exchangeUntil as Float64Array,
      bookUntil: bookUntil as Float64Array,
    };
  }
  // What did not change is the previous tick's arrays, already old: the copies die young (cheap to
  // collect), where keeping them would have the collector copy and promote them.
  return {
    plan,
    exchangePrices: exchangePrices ?? prev.exchangePrices,
    backPrices: backPrices ?? prev.backPrices,
    betBuilders: betBuilders ?? prev.betBuilders,
    t,
    fair: fairs.every((f, mi) => f === prev.fair[mi]) ? prev.fair : fairs,
    exchangeIndex: exchangeIndex ?? prev.exchangeIndex,
    exchangeUntil: exchangeUntil ?? prev.exchangeUntil,
    bookUntil: bookUntil ?? prev.bookUntil,
  };
}

/** Whether `indices` are `held`'s from `first` on (an exchange book's ladder indices unmoved). */
function sameIndices(held: Int32Array, first: number, indices: readonly number[]): boolean {
  for (let i = 0; i < indices.length; i++) if (held[first + i] !== indices[i]) return false;
  return true;
}
