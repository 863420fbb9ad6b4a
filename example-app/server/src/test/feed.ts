// A FeedSource a test controls (for the server's tests and the browser tests' in-process server):
// a market whose prices name their provider and when it last changed them, patches only when the
// test moves the market or sets the providers' health. As the real feed does (liveMarket in
// server/src/feed/combine.ts), a provider reported down has its prices hidden, and a market or
// event left with no price goes with them.
import { applyPatch, diffMarkets, emptyPatch, type FeedPatch, type FeedSnapshot } from '@matchkit/sdk/feed';
import type { MarketSnapshot } from '@matchkit/sdk/matching';
import type { FeedProviderHealth, FeedSource } from '@matchkit/app-contract/feed';

/** A {@link FeedSource} whose market and providers' health the test sets. */
export interface TestFeed extends FeedSource {
  /** Replaces the market (at feed time `at`, epoch ms; a down provider's prices left out) and sends the patch to every listener. */
  move(next: MarketSnapshot, at: number): FeedPatch;
  /** What `health()` reports from now on; the market shown changes with it (a patch at the feed's time). */
  setHealth(health: readonly FeedProviderHealth[]): void;
}

/** `market` without the prices of a provider that is down, nor the markets and events left with none. */
export function withoutDownProviders(market: MarketSnapshot, health: readonly FeedProviderHealth[]): MarketSnapshot {
  const down = new Set(health.filter((h) => h.state === 'down').map((h) => h.provider));
  if (down.size === 0) return market;
  const up = (p: { readonly source?: string | undefined }) => p.source === undefined || !down.has(p.source);
  const backPrices = market.backPrices.filter(up);
  const exchangePrices = market.exchangePrices.filter(up);
  const priced = new Set([...backPrices, ...exchangePrices].map((p) => p.selectionId));
  const markets = market.markets.filter((m) => m.runners.some((r) => priced.has(r.id)));
  const withMarkets = new Set(markets.map((m) => m.eventId));
  return { ...market, events: market.events.filter((e) => withMarkets.has(e.id)), markets, backPrices, exchangePrices };
}

/** A test feed starting at `market` (sequence 1, feed time `at`), not simulated unless told. */
export function createTestFeed(
  market: MarketSnapshot,
  { at, simulated = false, health = [] }: { at: number; simulated?: boolean; health?: readonly FeedProviderHealth[] },
): TestFeed {
  let reported = health;
  let source = market;
  let snapshot: FeedSnapshot = applyPatch(
    { seq: 0, at, simulated, market: { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] } },
    diffMarkets(
      { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] },
      withoutDownProviders(market, health),
      1,
      at,
    ),
  );
  const listeners = new Set<(p: FeedPatch) => void>();
  const show = (nextAt: number, same: boolean): FeedPatch => {
    const patch = same
      ? emptyPatch(snapshot.seq + 1, nextAt)
      : diffMarkets(snapshot.market, withoutDownProviders(source, reported), snapshot.seq + 1, nextAt);
    snapshot = applyPatch(snapshot, patch);
    for (const l of [...listeners]) l(patch);
    return patch;
  };
  return {
    simulated,
    snapshot: () => snapshot,
    onPatch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {},
    stop() {},
    health: () => reported,
    setHealth(next) {
      reported = next;
      show(snapshot.at, false);
    },
    move(next, nextAt) {
      const same = next === source || next === snapshot.market;
      source = next === snapshot.market ? source : next;
      return show(nextAt, same);
    },
  };
}

/** A provider's health in `state` (counters zero, the detail a provider would give). */
export function providerHealth(provider: string, state: FeedProviderHealth['state'], lastBookAt: number | null): FeedProviderHealth {
  return {
    provider,
    state,
    detail: state === 'live' ? null : `${provider}: HTTP 503 from the upstream endpoint (3 retries)`,
    reason: state === 'live' || state === 'starting' ? null : { kind: state === 'down' ? 'unavailable' : 'late' },
    lastBookAt,
    requests: 42,
    messages: 1234,
    errors: state === 'live' ? 0 : 3,
    quotaRemaining: provider === 'odds-api' ? 180 : null,
    lagMs: 250,
  };
}

/**
 * One football match at `now` + 3 h whose prices came from real providers: two bookmakers' back
 * prices and Matchbook's back and lay from `odds-api` (last changed `backAgeMs` before `now`), and
 * the Betfair exchange's back and lay from `betfair` (changed `layAgeMs` before `now`), rated
 * about 95% to 99%: with either provider down, the other's prices still make rows.
 */
export function providerMarket(now: number, { backAgeMs = 40_000, layAgeMs = 2_000 } = {}): MarketSnapshot {
  const iso = (ms: number) => new Date(ms).toISOString();
  const runners = [
    { id: 'pm1/mo/home', name: 'Northbridge' },
    { id: 'pm1/mo/draw', name: 'The draw' },
    { id: 'pm1/mo/away', name: 'Southport Athletic' },
  ];
  const backs: readonly [string, number][] = [
    ['pm1/mo/home', 2.1],
    ['pm1/mo/draw', 3.4],
    ['pm1/mo/away', 3.75],
  ];
  return {
    events: [
      {
        id: 'pm1',
        sport: 'football',
        competition: 'League One',
        name: 'Northbridge v Southport Athletic',
        startsAt: iso(now + 3 * 3_600_000),
      },
    ],
    markets: [{ id: 'pm1/mo', eventId: 'pm1', type: 'match-odds', name: 'Match Odds', runners }],
    backPrices: ['alder-bet', 'birch-bet'].flatMap((bookmaker, b) =>
      backs.map(([selectionId, odds]) => ({
        bookmaker,
        selectionId,
        odds: odds - b * 0.05,
        source: 'odds-api',
        updatedAt: iso(now - backAgeMs),
      })),
    ),
    exchangePrices: [
      ...backs.map(([selectionId, odds]) => ({
        exchange: 'matchbook',
        selectionId,
        back: { odds: Math.round((odds + 0.01) * 100) / 100, liquidity: 3_000 },
        lay: { odds: Math.round((odds + 0.08) * 100) / 100, liquidity: 5_000 },
        commission: 0.015,
        source: 'odds-api',
        updatedAt: iso(now - backAgeMs),
      })),
      ...backs.map(([selectionId, odds]) => ({
        exchange: 'betfair',
        selectionId,
        back: { odds: Math.round((odds + 0.02) * 100) / 100, liquidity: 25_000 },
        lay: { odds: Math.round((odds + 0.06) * 100) / 100, liquidity: 40_000 },
        commission: 0.05,
        source: 'betfair',
        updatedAt: iso(now - layAgeMs),
      })),
    ],
    betBuilders: [],
  };
}
