// Test helpers: a provider the test drives by hand, a leader feed over it, and small builders of
// provider events.
import { createLogger } from '../logger';
import type { PubSub } from '../pubsub/index';
import { createLeaderFeed, type LeaderFeed } from './leader-feed';
import type { OddsProvider, ProviderBook, ProviderEvent, ProviderHealth, ProviderId, ProviderRunner } from './provider';
import { createProviderFeed, type ProviderFeed } from './provider-feed';

/** An {@link OddsProvider} that sends the books the test gives it and reports the health it is told. */
export interface ManualProvider extends OddsProvider {
  /** Sends a book (the provider's whole current book) to the feed, when started; a polled provider gives its pace. */
  send(events: readonly ProviderEvent[], pollIntervalMs?: number): void;
  /** Sets what health() answers (merged over the current health). */
  setHealth(health: Partial<ProviderHealth>): void;
  /** Whether start() was called and stop() not yet. */
  readonly running: boolean;
}

/** A process's {@link LeaderFeed} over a {@link ManualProvider}, as the leader-feed tests build it. */
export interface ManualLeaderFeed {
  readonly feed: LeaderFeed;
  /** The provider of the feed of real prices built last (a new one each time the process leads). */
  readonly provider: ManualProvider;
  /** The feed of real prices built last. */
  readonly real: ProviderFeed;
}

/**
 * A leader feed on `pubSub` (patches on `patchTopic`) whose real prices come from a manual provider,
 * a new one each time it leads; snapshot parts of 700 bytes, no retry delay, silent logs.
 */
export function manualLeaderFeed(options: {
  readonly pubSub: PubSub;
  readonly patchTopic: string;
  readonly clock: () => number;
  readonly healthEveryMs: number;
}): ManualLeaderFeed {
  const { clock } = options;
  let provider = manualProvider('odds-api');
  let real: ProviderFeed | null = null;
  const feed = createLeaderFeed({
    createReal: (seqFloor) => {
      provider = manualProvider('odds-api');
      real = createProviderFeed({ providers: [provider], clock, logger: createLogger('silent'), seqFloor });
      return real;
    },
    pubSub: options.pubSub,
    patchTopic: options.patchTopic,
    logger: createLogger('silent'),
    clock,
    partBytes: 700,
    retryMs: 0,
    healthEveryMs: options.healthEveryMs,
  });
  return {
    feed,
    get provider() {
      return provider;
    },
    get real() {
      return real as ProviderFeed;
    },
  };
}

/** A provider the test drives by hand. */
export function manualProvider(id: ProviderId): ManualProvider {
  let onBook: ((book: ProviderBook) => void) | null = null;
  let health: ProviderHealth = {
    provider: id,
    state: 'starting',
    detail: null,
    reason: null,
    lastBookAt: null,
    requests: 0,
    messages: 0,
    errors: 0,
    quotaRemaining: null,
    lagMs: null,
  };
  return {
    id,
    start(callback) {
      onBook = callback;
    },
    async stop() {
      onBook = null;
    },
    health: () => health,
    send(events, pollIntervalMs) {
      onBook?.({ provider: id, events, ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }) });
    },
    setHealth(next) {
      health = { ...health, ...next };
    },
    get running() {
      return onBook !== null;
    },
  };
}

/** A runner with one bookmaker's back price and one exchange's lay, changed at `at`. */
export function runner(name: string, odds: number, at: number, options: { bookmaker?: string; exchange?: string } = {}): ProviderRunner {
  return {
    key: name,
    name,
    back: [{ bookmaker: options.bookmaker ?? 'bet-co', odds, updatedAt: at }],
    exchange: [
      {
        exchange: options.exchange ?? 'smarkets',
        back: null,
        lay: { odds: Math.round((odds + 0.04) * 100) / 100, liquidity: 10_000 },
        commission: 0.02,
        updatedAt: at,
      },
    ],
  };
}

/** A football match with a match-odds market (home, draw, away), every price changed at `at`. */
export function footballMatch(
  key: string,
  home: string,
  away: string,
  startsAt: number,
  at: number,
  options: { draw?: string; bookmaker?: string; exchange?: string } = {},
): ProviderEvent {
  return {
    key,
    sport: 'football',
    competition: 'Premier League',
    name: `${home} v ${away}`,
    participants: [home, away],
    startsAt,
    markets: [
      {
        key: `${key}/mo`,
        type: 'match-odds',
        name: 'Match Odds',
        runners: [runner(home, 2.1, at, options), runner(options.draw ?? 'Draw', 3.4, at, options), runner(away, 3.6, at, options)],
      },
    ],
  };
}
