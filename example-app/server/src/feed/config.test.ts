import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../logger';
import { configProblems, testEnv } from '../test/app';
import { createMemoryPubSub } from '../pubsub/index';
import { createFeed, feedPubSubOptions } from './index';
import { manualProvider } from './testing';

const names = (list: readonly string[]) => list.map((p) => p.split(' ')[0]);
const ODDS = { FEED_SOURCE: 'odds-api', ODDS_API_KEY: 'a1b2c3d4e5f6a7b8c9d0', ODDS_API_SPORTS: 'soccer_epl, soccer_efl_champ' };
const BETFAIR = { FEED_SOURCE: 'betfair', BETFAIR_APP_KEY: 'appkey-0123456789', BETFAIR_SESSION_TOKEN: 'session-0123456789abcdef' };

describe('FEED_SOURCE and the providers’ settings', () => {
  it('is the simulated feed by default, with nothing to set up', () => {
    const config = loadConfig(testEnv());
    expect(config).toMatchObject({
      feedProviders: [],
      feedStaleMs: 300_000,
      feedMaxPollAgeMs: 900_000,
      feedAliases: {},
      oddsApi: null,
      betfair: null,
    });
    const feed = createFeed(config, { clock: () => Date.UTC(2026, 11, 5), logger: createLogger('silent') });
    expect(feed.simulated).toBe(true);
    expect(loadConfig(testEnv({ FEED_SOURCE: 'simulated' })).feedProviders).toEqual([]);
  });

  it('takes real providers separated by commas, each with its settings', () => {
    const config = loadConfig(testEnv({ ...ODDS, ...BETFAIR, FEED_SOURCE: 'odds-api, betfair', FEED_STALE_MS: '120000' }));
    expect(config).toMatchObject({
      feedProviders: ['odds-api', 'betfair'],
      feedStaleMs: 120_000,
      oddsApi: {
        apiKey: ODDS.ODDS_API_KEY,
        sports: ['soccer_epl', 'soccer_efl_champ'],
        regions: null,
        baseUrl: null,
        quotaResetDay: null,
        intervalMs: null,
        // Betfair runs too: its prices come from its stream alone (with their liquidity).
        omitBookmakers: ['betfair_ex_uk'],
      },
      betfair: {
        appKey: BETFAIR.BETFAIR_APP_KEY,
        sessionToken: BETFAIR.BETFAIR_SESSION_TOKEN,
        username: null,
        password: null,
        eventTypeIds: null,
        marketTypes: null,
        countryCodes: null,
        commission: null,
      },
    });
    expect(
      loadConfig(testEnv({ ...BETFAIR, BETFAIR_SESSION_TOKEN: '', BETFAIR_USERNAME: 'me', BETFAIR_PASSWORD: 'pw' })).betfair,
    ).toMatchObject({
      sessionToken: null,
      username: 'me',
    });
  });

  it('takes The Odds API’s renewal day, pace and bookmakers to leave out', () => {
    expect(loadConfig(testEnv({ ...ODDS, ODDS_API_QUOTA_RESET_DAY: '15', ODDS_API_INTERVAL_MS: '120000' })).oddsApi).toMatchObject({
      quotaResetDay: 15,
      intervalMs: 120_000,
      omitBookmakers: [],
    });
    expect(loadConfig(testEnv({ ...ODDS, ODDS_API_OMIT_BOOKMAKERS: 'smarkets,matchbook' })).oddsApi?.omitBookmakers).toEqual([
      'smarkets',
      'matchbook',
    ]);
    // With Betfair running too, bookmakers named are left out as well as its exchange (its stream has the liquidity).
    const both = { ...ODDS, ...BETFAIR, FEED_SOURCE: 'odds-api,betfair', ODDS_API_OMIT_BOOKMAKERS: 'smarkets' };
    expect(loadConfig(testEnv(both)).oddsApi?.omitBookmakers).toEqual(['smarkets', 'betfair_ex_uk']);
    expect(loadConfig(testEnv({ ...both, ODDS_API_OMIT_BOOKMAKERS: 'betfair_ex_uk' })).oddsApi?.omitBookmakers).toEqual(['betfair_ex_uk']);
    expect(names(configProblems({ ...ODDS, ODDS_API_QUOTA_RESET_DAY: '31', ODDS_API_INTERVAL_MS: '10' }))).toEqual([
      'ODDS_API_QUOTA_RESET_DAY',
      'ODDS_API_INTERVAL_MS',
    ]);
  });

  it('takes Betfair’s event types, market types, countries and commission, refusing a percentage', () => {
    const more = {
      ...BETFAIR,
      BETFAIR_EVENT_TYPES: '1,2,7',
      BETFAIR_MARKET_TYPES: 'MATCH_ODDS',
      BETFAIR_COUNTRIES: 'GB',
      BETFAIR_COMMISSION: '0.02',
    };
    expect(loadConfig(testEnv(more)).betfair).toMatchObject({
      eventTypeIds: ['1', '2', '7'],
      marketTypes: ['MATCH_ODDS'],
      countryCodes: ['GB'],
      commission: 0.02,
    });
    // The Betfair provider accepts them (it refuses an option it does not know, naming it).
    const feed = createFeed(loadConfig(testEnv(more)), { clock: Date.now, logger: createLogger('silent') });
    expect(feed.health().map((h) => h.provider)).toEqual(['betfair']);
    expect(
      names(configProblems({ ...BETFAIR, BETFAIR_EVENT_TYPES: 'football', BETFAIR_COUNTRIES: 'gb', BETFAIR_COMMISSION: '5' })),
    ).toEqual(['BETFAIR_EVENT_TYPES', 'BETFAIR_COUNTRIES', 'BETFAIR_COMMISSION']);
  });

  it('names every variable a selected provider needs', () => {
    expect(names(configProblems({ FEED_SOURCE: 'odds-api' }))).toEqual(['ODDS_API_KEY', 'ODDS_API_SPORTS']);
    expect(names(configProblems({ FEED_SOURCE: 'betfair' }))).toEqual(['BETFAIR_APP_KEY', 'BETFAIR_SESSION_TOKEN']);
    expect(names(configProblems({ ...BETFAIR, BETFAIR_SESSION_TOKEN: '', BETFAIR_USERNAME: 'me' }))).toEqual(['BETFAIR_SESSION_TOKEN']);
    // A provider not selected needs nothing, and its settings are not kept.
    expect(loadConfig(testEnv({ ODDS_API_KEY: ODDS.ODDS_API_KEY })).oddsApi).toBeNull();
  });

  it('refuses a source it does not know, a repeat, simulated mixed with real ones, and a bad stale age', () => {
    for (const source of ['bogus', 'odds-api,odds-api', 'simulated,odds-api'])
      expect(names(configProblems({ ...ODDS, FEED_SOURCE: source }))).toEqual(['FEED_SOURCE']);
    expect(configProblems({ FEED_SOURCE: 'bogus' })).toEqual([
      'FEED_SOURCE must be simulated, or real providers separated by commas, each once: odds-api, betfair',
    ]);
    expect(names(configProblems({ FEED_STALE_MS: '5000' }))).toEqual(['FEED_STALE_MS']);
    // A polled price's age is its own setting, refused below a minute, and never shorter than the fastest poll.
    expect(loadConfig(testEnv({ ...ODDS, FEED_MAX_POLL_AGE_MS: '1200000' })).feedMaxPollAgeMs).toBe(1_200_000);
    expect(names(configProblems({ FEED_MAX_POLL_AGE_MS: '30000' }))).toEqual(['FEED_MAX_POLL_AGE_MS']);
    expect(configProblems({ ...ODDS, ODDS_API_INTERVAL_MS: '1200000' })).toEqual([
      'ODDS_API_INTERVAL_MS is longer than FEED_MAX_POLL_AGE_MS (900000): The Odds API’s prices would be hidden between polls; poll more often or raise FEED_MAX_POLL_AGE_MS',
    ]);
    expect(names(configProblems({ ...ODDS, ODDS_API_SPORTS: 'soccer epl' }))).toEqual(['ODDS_API_SPORTS']);
    // Sports the provider would never poll are refused at start, not skipped in silence: golf (only
    // outrights on The Odds API), any outright (`_winner`) key, a group it does not map.
    for (const sports of ['golf_*', 'soccer_epl,golf_masters_tournament_winner', 'soccer_fifa_world_cup_winner', 'politics_uk'])
      expect(names(configProblems({ ...ODDS, ODDS_API_SPORTS: sports }))).toEqual(['ODDS_API_SPORTS']);
    expect(configProblems({ ...ODDS, ODDS_API_SPORTS: 'golf_*' })).toEqual([
      'ODDS_API_SPORTS golf_* is golf, which The Odds API offers only as outright (winner) markets: this provider polls match results (h2h) only',
    ]);
    expect(names(configProblems({ ...ODDS, ODDS_API_BASE_URL: 'http://127.0.0.1:4010', NODE_ENV: 'production' }))).toContain(
      'ODDS_API_BASE_URL',
    );
  });

  it('never echoes a credential in its error', () => {
    const problems = configProblems({ ...ODDS, ODDS_API_KEY: 'secret key with spaces' });
    expect(problems).toEqual(['ODDS_API_KEY must be the value the provider issued (8 or more characters, no spaces)']);
    expect(problems.join('\n')).not.toContain('secret key');
  });

  it('takes FEED_ALIASES as Alias=Name pairs, refusing a malformed pair or a chained alias by name', () => {
    expect(loadConfig(testEnv({ FEED_ALIASES: 'Inter = Internazionale; Wednesday=Sheffield Wednesday' })).feedAliases).toEqual({
      Inter: 'Internazionale',
      Wednesday: 'Sheffield Wednesday',
    });
    expect(configProblems({ FEED_ALIASES: 'Inter' })).toEqual([
      'FEED_ALIASES must be Alias=Name pairs separated by ;, such as Man Utd=Manchester United',
    ]);
    expect(configProblems({ FEED_ALIASES: 'Utd=Man Utd' })).toEqual([
      'FEED_ALIASES Utd maps to "man utd", which is itself an alias: name the final spelling',
    ]);
  });

  it('builds the named providers into a feed of real prices, and refuses one this build cannot run', () => {
    const config = loadConfig(testEnv({ ...ODDS, ...BETFAIR, FEED_SOURCE: 'betfair,odds-api' }));
    const deps = { clock: () => Date.UTC(2026, 11, 5), logger: createLogger('silent') };
    const built: string[] = [];
    const feed = createFeed(config, deps, {
      'odds-api': ({ config: c }) => (built.push(`odds-api ${c.oddsApi?.sports.join(',')}`), manualProvider('odds-api')),
      betfair: () => (built.push('betfair'), manualProvider('betfair')),
    });
    expect(feed.simulated).toBe(false);
    expect(built).toEqual(['betfair', 'odds-api soccer_epl,soccer_efl_champ']);
    expect(feed.health().map((h) => h.provider)).toEqual(['betfair', 'odds-api']);
    expect(() => createFeed(config, deps, { betfair: () => manualProvider('betfair') })).toThrow(ConfigError);
    expect(() => createFeed(config, deps, { betfair: () => manualProvider('betfair') })).toThrow(
      /FEED_SOURCE names odds-api, which this build cannot run/,
    );
  });

  it('keeps the providers’ credentials out of the logs', () => {
    const config = loadConfig(testEnv({ ...ODDS, ...BETFAIR, FEED_SOURCE: 'odds-api,betfair' }));
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    createLogger('info', sink).info({ oddsApi: config.oddsApi, betfair: config.betfair }, 'feed settings');
    expect(out).toContain('soccer_epl');
    for (const secret of [ODDS.ODDS_API_KEY, BETFAIR.BETFAIR_APP_KEY, BETFAIR.BETFAIR_SESSION_TOKEN]) expect(out).not.toContain(secret);
  });

  it('lets a feed of real prices publish a patch over 1 MB through the PubSub', async () => {
    const config = loadConfig(testEnv({ ...ODDS }));
    expect(feedPubSubOptions(loadConfig(testEnv()))).toEqual({});
    // A poll that re-dated 13,500 prices: about 2.5 MB of patch.
    const patch = {
      seq: 1,
      upserts: Array.from({ length: 13_500 }, (_, i) => ({
        bookmaker: 'bet-co',
        selectionId: `e/${i}`,
        odds: 2.5,
        updatedAt: '2026-12-05T14:00:00.000Z',
      })),
    };
    expect(JSON.stringify(patch).length).toBeGreaterThan(1_000_000);
    const limited = createMemoryPubSub(feedPubSubOptions(config));
    await expect(limited.publish('odds:patches', patch)).resolves.toBeUndefined();
    await expect(createMemoryPubSub().publish('odds:patches', patch)).rejects.toThrow(/more than the limit of 1000000/);
    await limited.close();
  });
});
