// The oddsmatcher's public types: a ranked row, the counters, a batch of prices, and the store
// interface the factory returns.
import type { ReadableStore } from '../../internal/store';
import type { StepOptions } from '../snapshot';
import type { OddsmatcherOptions } from './options';

/**
 * One ranked back/lay pair. Odds decimal, money in pence (unrounded where derived), scores in
 * percent (unrounded).
 *
 * @example
 * ```ts
 * import type { OddsmatchRow } from '@matchkit/sdk/matching';
 * const label = (r: OddsmatchRow) => `${r.selectionName}: back ${r.backOdds} at ${r.bookmaker}, lay ${r.layOdds} at ${r.exchange}`;
 * ```
 */
export interface OddsmatchRow {
  /** Id of the event. */
  readonly eventId: string;
  /** Name of the event. */
  readonly eventName: string;
  /** Competition or meeting, or null when not given. */
  readonly competition: string | null;
  /** Sport key. */
  readonly sport: string;
  /** Event start, the instant as given. */
  readonly startsAt: string;
  /** Id of the market. */
  readonly marketId: string;
  /** Name of the market. */
  readonly marketName: string;
  /** Market type key. */
  readonly marketType: string;
  /** Id of the selection (runner). */
  readonly selectionId: string;
  /** Name of the selection. */
  readonly selectionName: string;
  /** Bookmaker key. */
  readonly bookmaker: string;
  /** Bookmaker back odds (after any boost). */
  readonly backOdds: number;
  /** The odds before a price boost; present only on a boosted price ranked with `includeBoosts`. */
  readonly boostedFrom?: number;
  /** A boosted price's maximum stake, pence; present with `boostedFrom` when the feed gives it. */
  readonly maxStake?: number;
  /** Exchange key. */
  readonly exchange: string;
  /** Exchange lay odds. */
  readonly layOdds: number;
  /** Money available at the lay odds, pence. */
  readonly layLiquidity: number;
  /** Commission applied (the member's own rate when set, else the feed's), a fraction. */
  readonly commission: number;
  /** Rating, percent: `100 × b(1 − c)/(l − c)`, the share of a qualifying stake kept. */
  readonly rating: number;
  /** SNR free-bet retention, percent: `100 × (b − 1)(1 − c)/(l − c)`. */
  readonly snrRetention: number;
  /**
   * The balanced lay stake for a qualifying bet of the configured stake, pence:
   * S·b/(l − c) (`backLay`, bet type `qualifying`).
   */
  readonly layStake: number;
  /**
   * The qualifying loss for the configured stake, pence, signed (a loss is negative): the equal
   * profit on both outcomes of the balanced lay, L(1 − c) − S (`backLay`'s `profitIfLoses`).
   */
  readonly qualifyingLoss: number;
  /** The balanced lay stake for an SNR free bet of the configured stake, pence: F(b − 1)/(l − c). */
  readonly freeBetLayStake: number;
  /** The profit from an SNR free bet of the configured stake once laid, pence: F × retention. */
  readonly freeBetProfit: number;
}

/**
 * Counters of the oddsmatcher's current state.
 *
 * @example
 * ```ts
 * import type { OddsmatcherStats } from '@matchkit/sdk/matching';
 * const share = (s: OddsmatcherStats) => s.candidates / Math.max(1, s.pairs);
 * ```
 */
export interface OddsmatcherStats {
  /** Live selections. */
  readonly selections: number;
  /** Back/lay pairs on live selections (every bookmaker price times every exchange lay). */
  readonly pairs: number;
  /** Pairs passing the filters (counted afresh on each call: O(pairs)). */
  readonly candidates: number;
}

/**
 * Prices to apply in one batch (one re-rank at the end).
 *
 * @example
 * ```ts
 * import type { PriceBatch } from '@matchkit/sdk/matching';
 * const batch: PriceBatch = { backPrices: [{ bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: 2.3 }] };
 * ```
 */
export interface PriceBatch {
  /** Bookmaker back prices to set (added or replaced). */
  readonly backPrices?: readonly unknown[];
  /** Exchange prices to set (added or replaced; a null lay removes the lay quote). */
  readonly exchangePrices?: readonly unknown[];
}

/**
 * A live oddsmatcher: holds events, markets and prices, scores every bookmaker back / exchange lay
 * pair, keeps the pairs passing the filters in an ordered index, and publishes the top rows as a
 * store (`getSnapshot` returns the same array until the top rows change).
 *
 * @example
 * ```ts
 * import { createOddsmatcher, type Oddsmatcher } from '@matchkit/sdk/matching';
 * const matcher: Oddsmatcher = createOddsmatcher({ limit: 20 });
 * const unsubscribe = matcher.subscribe(() => console.warn(matcher.getSnapshot()[0]?.rating));
 * ```
 */
export interface Oddsmatcher extends ReadableStore<readonly OddsmatchRow[]> {
  /**
   * Replaces everything with a snapshot and ranks it all. A raw snapshot is validated with
   * `parseMarketSnapshot`; a `MarketIndex` (from `indexMarketSnapshot`) is validated already, so
   * its snapshot is used as it is (validate once, then hand the index to every tool).
   */
  load(snapshot: unknown): void;
  /**
   * {@link Oddsmatcher.load} in steps, for a thread that must stay responsive (a browser page
   * loading a large snapshot): the same ranking as `load` (the same rows, in the same order), but
   * the records are taken in `chunkSize` at a time (events, markets, selections, prices; the
   * ranking's sweep takes 64 pair slots per record) and the top rows are made a quarter of
   * `chunkSize` at a time (a row costs more than a record), with a `pause` between steps. A raw snapshot is first validated in steps too
   * (`indexMarketSnapshotInSteps`); a `MarketIndex` is used as it is.
   *
   * The snapshot is ranked aside: until the promise resolves, `getSnapshot` keeps the rows ranked
   * before and the other methods act on them. When it resolves the new ranking replaces them
   * whole, ranked with the options in force then (a `setOptions` meanwhile is kept; the ticks and
   * structural changes made meanwhile are not: apply them again after it, as a feed's patches
   * after their snapshot). Aborting the signal, or a later `load` or `loadInSteps`, stops it at
   * its next pause (the promise rejects: with the signal's reason, or an `AbortError`) and leaves
   * the engine as it was.
   *
   * @param snapshot - a raw snapshot, or a `MarketIndex` (validated already)
   * @param options - records a step (default 1000), the pause between steps, an abort signal
   * @returns resolves once the new rows are published
   * @throws MatchkitValidationError (the promise rejects) when a raw snapshot is invalid
   *
   * @example
   * ```ts
   * import { createOddsmatcher, indexMarketSnapshotInSteps } from '@matchkit/sdk/matching';
   * const matcher = createOddsmatcher({ limit: 500 });
   * const snapshot = { events: [], markets: [], backPrices: [], exchangePrices: [] };
   * const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
   * const index = await indexMarketSnapshotInSteps(snapshot, { chunkSize: 500, pause });
   * await matcher.loadInSteps(index, { chunkSize: 500, pause });
   * matcher.getSnapshot(); // the same rows as matcher.load(index) gives
   * ```
   */
  loadInSteps(snapshot: unknown, options?: StepOptions): Promise<void>;
  /** Replaces the options given (others are kept; `filters` is replaced whole) and re-ranks all. */
  setOptions(options: OddsmatcherOptions): void;
  /** The options in force, defaults filled in. */
  getOptions(): OddsmatcherOptions;
  /** Adds or replaces an event; a changed start time or sport re-filters its pairs. */
  upsertEvent(event: unknown): void;
  /** Adds or replaces a market; runners no longer listed are removed with their prices. */
  upsertMarket(market: unknown): void;
  /** Removes an event with its markets, runners and prices (no-op when unknown). */
  removeEvent(eventId: string): void;
  /** Removes a market with its runners and prices (no-op when unknown). */
  removeMarket(marketId: string): void;
  /** Sets one bookmaker back price (a price tick): only the pairs of that price are re-scored. */
  setBackPrice(price: unknown): void;
  /** Removes one bookmaker back price (no-op when absent). */
  removeBackPrice(bookmaker: string, selectionId: string): void;
  /**
   * Sets one exchange price (a tick): only the pairs of its lay quote are re-scored. Place-market
   * prices (`places` set) are ignored: the oddsmatcher lays in the win market. A null `lay`
   * removes the exchange's lay quote.
   */
  setExchangePrice(price: unknown): void;
  /** Removes one exchange's lay quote on a runner (no-op when absent). */
  removeExchangePrice(exchange: string, selectionId: string): void;
  /** Applies many prices, then re-ranks once. All are validated before any is applied. */
  applyPrices(batch: PriceBatch): void;
  /** Counters of the current state (counting the pairs that pass the filters is O(pairs)). */
  stats(): OddsmatcherStats;
}
