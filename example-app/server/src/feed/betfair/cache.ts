// The local copy of the subscribed markets, kept by applying the stream's market change messages
// (protocol.ts says what each field means): a full image (ct SUB_IMAGE, or img: true on one market)
// replaces, anything else is a delta; a ladder entry with size 0 is removed; a market whose
// definition says CLOSED leaves the cache. The clocks to resume from are kept here too, so that
// what the cache holds and the position the stream resumes from can never disagree.
import type { Ladder, MarketChange, MarketChangeMessage, MarketDefinition, RunnerChange } from './protocol';

/** One side of a runner's ladder: price → size (atb/atl) or level → [price, size] (batb/batl). */
export interface RunnerPrices {
  /** Available to back, by price (EX_ALL_OFFERS). */
  readonly atb: ReadonlyMap<number, number>;
  /** Available to lay, by price (EX_ALL_OFFERS). */
  readonly atl: ReadonlyMap<number, number>;
  /** Best available to back, by level (EX_BEST_OFFERS). */
  readonly batb: ReadonlyMap<number, readonly [price: number, size: number]>;
  /** Best available to lay, by level (EX_BEST_OFFERS). */
  readonly batl: ReadonlyMap<number, readonly [price: number, size: number]>;
  /** Last traded price, when known. */
  readonly ltp: number | undefined;
  /** When the stream last changed this runner (the message's pt), epoch ms. */
  readonly updatedAt: number;
}

/** A market as the cache holds it. */
export interface CachedMarket {
  readonly id: string;
  readonly definition: MarketDefinition | undefined;
  /** Runners with prices, by selection id (and handicap when it is not 0: `id:hc`). */
  readonly runners: ReadonlyMap<string, RunnerPrices>;
  /** When the stream last changed this market, epoch ms. */
  readonly updatedAt: number;
}

interface MutableRunner {
  atb: Map<number, number>;
  atl: Map<number, number>;
  batb: Map<number, readonly [number, number]>;
  batl: Map<number, readonly [number, number]>;
  ltp: number | undefined;
  updatedAt: number;
}

interface MutableMarket {
  id: string;
  definition: MarketDefinition | undefined;
  runners: Map<string, MutableRunner>;
  updatedAt: number;
}

/** The key of a runner within its market: the selection id, with the handicap when it is not 0. */
export function runnerKey(id: number, hc: number | undefined): string {
  return hc === undefined || hc === 0 ? String(id) : `${id}:${hc}`;
}

function applyByPrice(target: Map<number, number>, ladder: Ladder | undefined): void {
  for (const entry of ladder ?? []) {
    const [price, size] = entry;
    if (price === undefined || size === undefined) continue;
    if (size === 0) target.delete(price);
    else target.set(price, size);
  }
}

function applyByLevel(target: Map<number, readonly [number, number]>, ladder: Ladder | undefined): void {
  for (const entry of ladder ?? []) {
    const [level, price, size] = entry;
    if (level === undefined || price === undefined || size === undefined) continue;
    if (size === 0) target.delete(level);
    else target.set(level, [price, size]);
  }
}

/** The market cache with the stream's clocks. */
export interface MarketCache {
  /** Applies one change message (heartbeats included: they carry a clock). Returns whether any market changed. */
  apply(message: MarketChangeMessage): boolean;
  /** The markets now. */
  markets(): ReadonlyMap<string, CachedMarket>;
  /** The clocks to resume from (undefined before the first image). */
  readonly initialClk: string | undefined;
  readonly clk: string | undefined;
  /** Forgets the clocks (the server refused them: the next subscription starts with a full image). */
  forgetClocks(): void;
}

/** An empty cache. */
export function createMarketCache(): MarketCache {
  const markets = new Map<string, MutableMarket>();
  let initialClk: string | undefined;
  let clk: string | undefined;
  let segmentInitialClk: string | undefined;
  let segmentClk: string | undefined;

  function runnerOf(market: MutableMarket, change: RunnerChange, pt: number): MutableRunner {
    const key = runnerKey(change.id, change.hc);
    let runner = market.runners.get(key);
    if (runner === undefined) {
      runner = { atb: new Map(), atl: new Map(), batb: new Map(), batl: new Map(), ltp: undefined, updatedAt: pt };
      market.runners.set(key, runner);
    }
    return runner;
  }

  function applyMarket(change: MarketChange, pt: number): void {
    let market = markets.get(change.id);
    if (market === undefined || change.img === true) {
      // An image replaces the market's prices; its definition stays unless the image brings one.
      market = { id: change.id, definition: market?.definition, runners: new Map(), updatedAt: pt };
      markets.set(change.id, market);
    }
    market.updatedAt = pt;
    if (change.marketDefinition !== undefined) market.definition = change.marketDefinition;
    for (const rc of change.rc ?? []) {
      const runner = runnerOf(market, rc, pt);
      applyByPrice(runner.atb, rc.atb);
      applyByPrice(runner.atl, rc.atl);
      applyByLevel(runner.batb, rc.batb);
      applyByLevel(runner.batl, rc.batl);
      if (rc.ltp !== undefined) runner.ltp = rc.ltp;
      runner.updatedAt = pt;
    }
    if (market.definition?.status === 'CLOSED') markets.delete(change.id);
  }

  return {
    apply(message) {
      // A segmented change is one change: its clocks count only once the last segment is applied,
      // so a connection lost half way resumes from before it (Betfair's sample client merges the
      // segments before it stores the clocks, to the same effect).
      if (message.initialClk !== undefined) segmentInitialClk = message.initialClk;
      if (message.clk !== undefined) segmentClk = message.clk;
      if (message.segmentType === undefined || message.segmentType === 'SEG_END') {
        initialClk = segmentInitialClk ?? initialClk;
        clk = segmentClk ?? clk;
        segmentInitialClk = segmentClk = undefined;
      }
      if (message.ct === 'HEARTBEAT') return false;
      // A subscription image (at the start, or sent again mid-subscription) replaces the whole cache;
      // when segmented, the first segment starts the replacement and the others add to it.
      if (message.ct === 'SUB_IMAGE' && (message.segmentType === undefined || message.segmentType === 'SEG_START')) {
        markets.clear();
      }
      for (const change of message.mc ?? []) applyMarket(change, message.pt);
      return (message.mc ?? []).length > 0 || message.ct === 'SUB_IMAGE';
    },
    markets: () => markets,
    get initialClk() {
      return initialClk;
    },
    get clk() {
      return clk;
    },
    forgetClocks() {
      initialClk = clk = segmentInitialClk = segmentClk = undefined;
    },
  };
}

/** The best price and its size on one side of a runner (best back: the highest; best lay: the lowest). */
export function bestOf(prices: RunnerPrices, side: 'back' | 'lay'): { price: number; size: number } | null {
  // The best level is the lowest one present (level 0 unless the ladder is thin).
  let top: readonly [number, readonly [number, number]] | undefined;
  for (const entry of side === 'back' ? prices.batb : prices.batl) if (top === undefined || entry[0] < top[0]) top = entry;
  if (top !== undefined) return { price: top[1][0], size: top[1][1] };
  let best: { price: number; size: number } | null = null;
  for (const [price, size] of side === 'back' ? prices.atb : prices.atl) {
    if (best === null || (side === 'back' ? price > best.price : price < best.price)) best = { price, size };
  }
  return best;
}
