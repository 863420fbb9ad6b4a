// The feed of real prices: a FeedSource made from the latest books of real odds providers (The Odds
// API, Betfair's stream...). Each provider calls back with its whole book when it changes; the feed
// keeps the latest of each, matches them into one market (combine.ts, match.ts) and, once per
// publishIntervalMs, sweeps out what went stale and publishes the patch from the previous snapshot
// to the new one (the sdk's diffMarkets): seq + 1 each time, an empty patch when nothing changed
// (a heartbeat, as the simulated feed sends).
//
// Stale, by the provider's kind (combine.ts says which price is live):
// - a polled provider (its book gives its pace, `pollIntervalMs`) is `down` once it has missed two
//   polls (silent for more than 2 × its pace + POLL_GRACE_MS), and its prices are live while the
//   poll that last returned them is within maxPollAgeMs (FEED_MAX_POLL_AGE_MS);
// - a streaming provider (Betfair's stream, which sends every change) while it says it is live: its
//   quiet prices are current and its silence is not failure (it watches its own heartbeats);
// - any other (a stream that is degraded, a provider that gives no pace): a price last changed more
//   than staleAfterMs (FEED_STALE_MS) ago is not live, and a provider silent that long is `down`.
// A provider `down` (or that says so itself) has every price left out at once.
//
// The sequence starts at the clock's tick (floor(now / publishIntervalMs)), so a restarted process
// continues past anything a client holds from the previous one: the client's next patch is a gap,
// and it resyncs (never a patch applied to a snapshot of another life of the feed). A new leader
// raises it with `seqFloor` past what it heard from the old leader (leader-feed.ts).
import { MatchkitValidationError } from '@matchkit/sdk/errors';
import { diffMarkets, type FeedPatch, type FeedSnapshot } from '@matchkit/sdk/feed';
import type { FeedProviderHealth, FeedSource } from '@matchkit/app-contract/feed';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { combineBooks, liveMarket, type CombinedBooks } from './combine';
import { createMatchRule } from './match';
import { createNameRule } from './names';
import type { OddsProvider, ProviderBook, ProviderId } from './provider';
import { sanitiseBook } from './sanitise';
import { patchListeners } from './listeners';

/**
 * How long after it last changed a price that no poll confirms stays live, by default: five
 * minutes. It applies to a stream that is not live (reconnecting, starting), whose quiet prices may
 * have moved unseen, and to a provider that gives no pace; a silent provider of that kind is down
 * after it. A polled provider has its own rule ({@link DEFAULT_MAX_POLL_AGE_MS}), a live stream none.
 * `FEED_STALE_MS` sets it.
 */
export const DEFAULT_STALE_MS = 5 * 60_000;
/** The least stale age accepted: a price must outlive at least a few ticks. */
export const MIN_STALE_MS = 10_000;
/**
 * How long after the poll that confirmed it a polled price stays live, by default: 15 minutes. A
 * rationed Odds API plan polls every 8 or 13 minutes (20,000 credits a month on three sports), and
 * its bookmakers' prices are then shown with their age until the next poll; a price no poll has
 * confirmed for longer is too old to act on. `FEED_MAX_POLL_AGE_MS` sets it.
 */
export const DEFAULT_MAX_POLL_AGE_MS = 15 * 60_000;
/** The least poll age accepted. */
export const MIN_MAX_POLL_AGE_MS = 60_000;
/** Slack on top of two paces before a polled provider is down: a poll of many sports takes a while. */
export const POLL_GRACE_MS = 60_000;
/** The least interval between two patches. */
export const MIN_PUBLISH_INTERVAL_MS = 50;

/** Options of {@link createProviderFeed}. */
export interface ProviderFeedOptions {
  /** The providers (at least one), each with its own key. */
  readonly providers: readonly OddsProvider[];
  /** The clock: epoch milliseconds. */
  readonly clock: Clock;
  /** How old a price no poll confirms may be (ms): streams not live, providers without a pace. @defaultValue {@link DEFAULT_STALE_MS} */
  readonly staleAfterMs?: number;
  /** How long after the poll that confirmed it a polled price stays live (ms). @defaultValue {@link DEFAULT_MAX_POLL_AGE_MS} */
  readonly maxPollAgeMs?: number;
  /** Milliseconds between two patches. @defaultValue 500 */
  readonly publishIntervalMs?: number;
  /** Where warnings go (a provider's malformed records, a failing listener). */
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Aliases on top of the built-in ones (display spelling → display spelling; names.ts). */
  readonly aliases?: Readonly<Record<string, string>>;
  /** Start-time tolerances by sport (ms) on top of the built-in ones (match.ts). */
  readonly startToleranceMs?: Readonly<Record<string, number>>;
  /**
   * Providers that stream every change as it happens (Betfair's Exchange Stream): while one says it
   * is `live`, its prices are current however long ago they last changed (a quiet market), and its
   * silence is not taken for failure (it watches its own heartbeats). @defaultValue none
   */
  readonly streaming?: readonly ProviderId[];
  /**
   * The least seq of the first snapshot: a new leader's sequence starts past what it heard from the
   * previous one (leader-feed.ts). @defaultValue 0 (the clock's tick alone)
   */
  readonly seqFloor?: number;
}

/** The feed of real prices: a {@link FeedSource} that tests can step by hand. */
export interface ProviderFeed extends FeedSource {
  readonly simulated: false;
  /** Sweeps and publishes one patch now (what the timer does every publishIntervalMs), and returns it. */
  tick(): FeedPatch;
}

const FEED_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A {@link FeedSource} of real prices from `providers` (see the file's header for what it does).
 *
 * @throws MatchkitValidationError naming each bad option
 * @example
 * ```ts
 * const feed = createProviderFeed({ providers: [oddsApi, betfair], clock: Date.now, logger });
 * feed.start(); // starts the providers and the publishing timer
 * ```
 */
export function createProviderFeed(options: ProviderFeedOptions): ProviderFeed {
  const issues: { path: string; message: string }[] = [];
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_MS;
  const intervalMs = options.publishIntervalMs ?? 500;
  const maxPollAgeMs = options.maxPollAgeMs ?? DEFAULT_MAX_POLL_AGE_MS;
  if (!Number.isSafeInteger(staleAfterMs) || staleAfterMs < MIN_STALE_MS)
    issues.push({ path: 'staleAfterMs', message: `must be a whole number of milliseconds, at least ${MIN_STALE_MS}` });
  if (!Number.isSafeInteger(maxPollAgeMs) || maxPollAgeMs < MIN_MAX_POLL_AGE_MS)
    issues.push({ path: 'maxPollAgeMs', message: `must be a whole number of milliseconds, at least ${MIN_MAX_POLL_AGE_MS}` });
  if (!Number.isSafeInteger(intervalMs) || intervalMs < MIN_PUBLISH_INTERVAL_MS)
    issues.push({ path: 'publishIntervalMs', message: `must be a whole number of milliseconds, at least ${MIN_PUBLISH_INTERVAL_MS}` });
  if (options.seqFloor !== undefined && (!Number.isSafeInteger(options.seqFloor) || options.seqFloor < 0))
    issues.push({ path: 'seqFloor', message: 'must be a whole number, at least 0' });
  if (options.providers.length === 0) issues.push({ path: 'providers', message: 'must list at least one provider' });
  const ids = new Set<string>();
  options.providers.forEach((p, i) => {
    if (!FEED_KEY.test(p.id)) issues.push({ path: `providers.${i}.id`, message: 'must be a lower-case feed key such as odds-api' });
    if (ids.has(p.id)) issues.push({ path: `providers.${i}.id`, message: `repeats ${p.id}` });
    ids.add(p.id);
  });
  if (issues.length > 0) throw new MatchkitValidationError('provider feed options', issues);
  const names = createNameRule(options.aliases);
  const rule = createMatchRule(names, options.startToleranceMs);
  const { clock, logger, providers } = options;
  const streaming = new Set(options.streaming ?? []);

  const books = new Map<ProviderId, ProviderBook>();
  const receivedAt = new Map<ProviderId, number>();
  const problemCount = new Map<ProviderId, number>();
  /** Polled providers whose pace exceeds the poll age (warned once until it is back within). */
  const slow = new Set<ProviderId>();
  let combined: CombinedBooks | null = null;
  const listeners = patchListeners(logger);
  let startedAt: number | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const now0 = clock();
  let snapshot: FeedSnapshot = {
    seq: Math.max(Math.floor(now0 / intervalMs), options.seqFloor ?? 0),
    at: now0,
    simulated: false,
    market: { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] },
  };

  const onBook = (provider: OddsProvider) => (book: ProviderBook) => {
    if (stopped) return;
    if (book.provider !== provider.id) {
      logger.warn({ provider: provider.id, named: book.provider }, 'odds provider sent a book under another name: ignored');
      return;
    }
    const { book: clean, problems } = sanitiseBook(book);
    if (problems.length > 0 && problems.length !== problemCount.get(provider.id))
      logger.warn({ provider: provider.id, count: problems.length, first: problems.slice(0, 5) }, 'odds provider records left out');
    problemCount.set(provider.id, problems.length);
    const pace = clean.pollIntervalMs;
    const tooSlow = pace !== undefined && pace > maxPollAgeMs;
    if (tooSlow && !slow.has(provider.id))
      logger.warn(
        { provider: provider.id, pollIntervalMs: pace, maxPollAgeMs },
        'odds provider polls less often than FEED_MAX_POLL_AGE_MS: its prices are hidden for part of each interval',
      );
    if (tooSlow) slow.add(provider.id);
    else slow.delete(provider.id);
    books.set(provider.id, clean);
    receivedAt.set(provider.id, clock());
    combined = null;
  };

  /** A provider's health as the feed sees it: down once silent for longer than its kind allows (the file's header). */
  const healthOf = (provider: OddsProvider, now: number): FeedProviderHealth => {
    const own = provider.health();
    const received = receivedAt.get(provider.id) ?? null;
    const lastBookAt = own.lastBookAt === null ? received : received === null ? own.lastBookAt : Math.max(own.lastBookAt, received);
    const quietSince = lastBookAt ?? startedAt;
    const pace = books.get(provider.id)?.pollIntervalMs;
    const allowed = pace === undefined ? staleAfterMs : 2 * pace + POLL_GRACE_MS;
    if (own.state !== 'down' && !streaming.has(provider.id) && quietSince !== null && now - quietSince > allowed) {
      const minutes = Math.max(1, Math.floor((now - quietSince) / 60_000));
      const what = lastBookAt === null ? 'no prices received since it started' : 'no prices received';
      return {
        ...own,
        provider: provider.id,
        state: 'down',
        detail: `${what} for ${minutes} minute${minutes === 1 ? '' : 's'}${own.detail === null ? '' : ` (${own.detail})`}`,
        // Silent past what its kind allows: whatever it last said (a pace, a renewal), it is gone for now.
        reason: { kind: 'unavailable' },
        lastBookAt,
      };
    }
    return { ...own, provider: provider.id, lastBookAt };
  };

  const emit = listeners.emit;

  const tick = (): FeedPatch => {
    const now = clock();
    combined ??= combineBooks([...books.values()], rule, names);
    const health = providers.map((p) => healthOf(p, now));
    const down = new Set(health.filter((h) => h.state === 'down').map((h) => h.provider));
    const confirmed = new Set(health.filter((h) => h.state === 'live' && streaming.has(h.provider)).map((h) => h.provider));
    const market = liveMarket(combined, now, { staleAfterMs, maxPollAgeMs, down, confirmed });
    const patch = diffMarkets(snapshot.market, market, snapshot.seq + 1, now);
    snapshot = { seq: patch.seq, at: now, simulated: false, market };
    emit(patch);
    return patch;
  };

  return {
    simulated: false,
    snapshot: () => snapshot,
    health() {
      const now = clock();
      return providers.map((p) => healthOf(p, now));
    },
    onPatch: listeners.add,
    start() {
      if (startedAt !== null || stopped) return;
      startedAt = clock();
      for (const p of providers) {
        try {
          p.start(onBook(p));
        } catch (error) {
          logger.error({ err: error, provider: p.id }, 'odds provider failed to start');
        }
      }
      timer = setInterval(tick, intervalMs);
      (timer as { unref?: () => void }).unref?.();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      if (startedAt === null) return;
      for (const p of providers)
        p.stop().catch((error: unknown) => logger.warn({ err: error, provider: p.id }, 'odds provider did not stop cleanly'));
    },
    tick,
  };
}
