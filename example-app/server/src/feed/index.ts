// The server's odds feed from its configuration: the simulated feed (FEED_SOURCE=simulated, the
// default: nothing to set up), or the feed of real prices made from the providers FEED_SOURCE
// names (provider-feed.ts), each built from its own settings.
import { createSimulatedFeed, type FeedSource } from '@matchkit/app-contract/feed';
import type { Clock } from '../clock';
import { ConfigError, type Config, type FeedProviderKey } from '../config';
import type { Logger } from '../logger';
import { createBetfairProvider } from './betfair/index';
import { createOddsApiProvider } from './odds-api/index';
import type { OddsProvider } from './provider';
import { createProviderFeed } from './provider-feed';
import { createLeaderFeed } from './leader-feed';
import { createWorkerFeed } from './worker-feed';
import type { PubSub } from '../pubsub/index';
import { ODDS_TOPIC } from '../modules/feed/index';
import { databasePacingStore } from '../modules/feed/pacing';
import { databaseBookStore } from '../modules/feed/books';
import { feedElection } from '../modules/feed/leader';
import type { Db } from '../db/client';

export { createProviderFeed, DEFAULT_STALE_MS, type ProviderFeed, type ProviderFeedOptions } from './provider-feed';
export type { OddsProvider, ProviderBook, ProviderHealth } from './provider';

/** What a provider's factory is given: the configuration, the clock, the feed's logger and the database. */
export interface ProviderDeps {
  readonly config: Config;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Where a provider keeps what every process must know (The Odds API's pacing). */
  readonly db?: Db;
}

/** Builds one provider from the configuration (config.ts has checked its settings are there). */
export type ProviderFactory = (deps: ProviderDeps) => OddsProvider;

/**
 * The PubSub options the feed needs: none for the simulated feed, whose patches are tens of
 * kilobytes (the PubSub's own limit, 1 MB, holds); payloads up to 16 MB with real providers, where
 * one poll of The Odds API re-dates every price it read and its patch (every one of them) can pass
 * 1 MB, which the PubSub would refuse, losing the patch for every subscriber (each would then
 * resync with a whole snapshot). Snapshot answers between processes stay in parts of 512 KB
 * (leader-feed.ts).
 */
export function feedPubSubOptions(config: Pick<Config, 'feedProviders'>): { readonly maxPayloadBytes?: number } {
  return config.feedProviders.length === 0 ? {} : { maxPayloadBytes: REAL_FEED_PAYLOAD_BYTES };
}

/** See {@link feedPubSubOptions}. */
export const REAL_FEED_PAYLOAD_BYTES = 16_000_000;

/** The providers this build can run, by FEED_SOURCE key, each from its settings (config.ts). */
export const PROVIDER_FACTORIES: Partial<Record<FeedProviderKey, ProviderFactory>> = {
  'odds-api': ({ config, clock, logger, db }) => {
    const o = config.oddsApi;
    if (o === null) throw new ConfigError(['ODDS_API_KEY and ODDS_API_SPORTS are required with FEED_SOURCE odds-api']);
    return createOddsApiProvider({
      apiKey: o.apiKey,
      sports: o.sports,
      ...(o.regions === null ? {} : { regions: o.regions }),
      ...(o.baseUrl === null ? {} : { baseUrl: o.baseUrl }),
      ...(o.quotaResetDay === null ? {} : { quotaResetDay: o.quotaResetDay }),
      ...(o.intervalMs === null ? {} : { intervalMs: o.intervalMs }),
      omitBookmakers: o.omitBookmakers,
      clock,
      logger,
      // A restart or a new leader pays for no sport polled within the pace (docs/feed.md).
      // ... and serves each sport's last answer at its true age meanwhile.
      ...(db === undefined
        ? {}
        : {
            pacing: databasePacingStore(db, 'odds-api'),
            books: databaseBookStore(db, 'odds-api', { clock, maxAgeMs: config.feedMaxPollAgeMs }),
          }),
    });
  },
  betfair: ({ config, logger }) => {
    const b = config.betfair;
    if (b === null) throw new ConfigError(['BETFAIR_APP_KEY is required with FEED_SOURCE betfair']);
    const log = logger.child({ provider: 'betfair' });
    return createBetfairProvider({
      appKey: b.appKey,
      ...(b.sessionToken === null ? {} : { sessionToken: b.sessionToken }),
      ...(b.username === null || b.password === null ? {} : { username: b.username, password: b.password }),
      ...(b.eventTypeIds === null ? {} : { eventTypeIds: b.eventTypeIds }),
      ...(b.marketTypes === null ? {} : { marketTypes: b.marketTypes }),
      ...(b.countryCodes === null ? {} : { countryCodes: b.countryCodes }),
      ...(b.commission === null ? {} : { commission: b.commission }),
      log: (level, message) => log[level](message),
    });
  },
};

/**
 * The feed FEED_SOURCE asks for.
 *
 * @throws ConfigError when FEED_SOURCE names a provider this build cannot run
 */
export function createFeed(
  config: Config,
  deps: {
    readonly clock: Clock;
    readonly logger: Logger;
    /** The app's PubSub: across processes (Redis, or PostgreSQL with DATABASE_URL), only the leader runs the providers. */
    readonly pubSub?: PubSub;
    /** The app's database: The Odds API keeps its pacing there for the next process. */
    readonly db?: Db;
    /**
     * The simulated feed's thread (server/dist/sim-worker.js beside the built main.js): the feed
     * steps there and this thread only applies its patches (worker-feed.ts). Without it the
     * simulated feed steps on this thread.
     */
    readonly simulationWorker?: URL;
  },
  factories: Partial<Record<FeedProviderKey, ProviderFactory>> = PROVIDER_FACTORIES,
): FeedSource {
  if (config.feedProviders.length === 0) {
    // Simulated prices (labelled so in the API): deterministic from the clock, so every process agrees.
    const options = { seed: config.feedSeed, clock: deps.clock, intervalMs: config.feedIntervalMs, eventCount: config.feedEvents };
    if (deps.simulationWorker === undefined) return createSimulatedFeed(options);
    const log = deps.logger.child({ component: 'feed' });
    return createWorkerFeed({
      ...options,
      worker: deps.simulationWorker,
      onError: (error) => log.error({ err: error }, 'simulated feed thread'),
    });
  }
  const missing = config.feedProviders.filter((key) => factories[key] === undefined);
  if (missing.length > 0)
    throw new ConfigError(missing.map((key) => `FEED_SOURCE names ${key}, which this build cannot run yet (use simulated)`));
  const logger = deps.logger.child({ component: 'feed' });
  const buildProviders = () =>
    config.feedProviders.map((key) => {
      try {
        return (factories[key] as ProviderFactory)({
          config,
          clock: deps.clock,
          logger,
          ...(deps.db === undefined ? {} : { db: deps.db }),
        });
      } catch (error) {
        // A provider refusing its options names the option (never its value): say which provider.
        if (error instanceof ConfigError) throw error;
        throw new ConfigError([`FEED_SOURCE ${key}: ${error instanceof Error ? error.message : String(error)}`]);
      }
    });
  /** A feed of real prices over fresh providers (a new leader builds its own: leader-feed.ts). */
  const buildReal = (seqFloor = 0) =>
    createProviderFeed({
      providers: buildProviders(),
      clock: deps.clock,
      staleAfterMs: config.feedStaleMs,
      maxPollAgeMs: config.feedMaxPollAgeMs,
      publishIntervalMs: config.feedIntervalMs,
      logger,
      aliases: config.feedAliases,
      // Betfair's stream sends every change: its quiet prices are current while it is live.
      streaming: ['betfair'],
      seqFloor,
    });
  // Several processes (the feed module elects a leader when the PubSub crosses processes: by an
  // advisory lock in a shared PostgreSQL database, else by a lease in Redis): the others mirror the
  // leader instead of polling the providers too.
  const shared = deps.pubSub !== undefined && feedElection(config, deps.pubSub) !== 'sole';
  return shared
    ? createLeaderFeed({ createReal: buildReal, pubSub: deps.pubSub as PubSub, patchTopic: ODDS_TOPIC, logger, clock: deps.clock })
    : buildReal();
}
