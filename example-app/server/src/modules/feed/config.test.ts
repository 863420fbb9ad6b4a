import { describe, expect, it } from 'vitest';
import { createSimulatedFeed } from '@matchkit/app-contract/feed';
import { loadConfig } from '../../config';
import { configProblems, testEnv } from '../../test/app';

const names = (list: readonly string[]) => list.map((p) => p.split(' ')[0]);

describe('the simulated feed’s size and seed', () => {
  it('defaults to 60 events and seed 1, and takes FEED_EVENTS up to 1000 (10x and more) and FEED_SEED', () => {
    expect(loadConfig(testEnv())).toMatchObject({ feedEvents: 60, feedSeed: 1 });
    const big = loadConfig(testEnv({ FEED_EVENTS: '600', FEED_SEED: '77' }));
    expect(big).toMatchObject({ feedEvents: 600, feedSeed: 77 });
    const feed = createSimulatedFeed({ seed: big.feedSeed, clock: () => Date.UTC(2026, 5, 1, 12), eventCount: big.feedEvents });
    expect(feed.snapshot().market.events).toHaveLength(600);
  });

  it('refuses a size or seed out of range, naming the variable', () => {
    expect(names(configProblems({ FEED_EVENTS: '5' }))).toEqual(['FEED_EVENTS']);
    expect(names(configProblems({ FEED_EVENTS: '1001' }))).toEqual(['FEED_EVENTS']);
    expect(names(configProblems({ FEED_EVENTS: 'many' }))).toEqual(['FEED_EVENTS']);
    expect(names(configProblems({ FEED_SEED: '-1' }))).toEqual(['FEED_SEED']);
    expect(names(configProblems({ FEED_SEED: '1.5' }))).toEqual(['FEED_SEED']);
  });
});

describe('the feed providers’ names as members read them', () => {
  it('takes FEED_PROVIDER_NAMES as key=Name pairs of known providers, and none by default', () => {
    expect(loadConfig(testEnv()).feedProviderNames).toEqual({});
    expect(
      loadConfig(testEnv({ FEED_PROVIDER_NAMES: 'betfair = the Betfair Exchange; odds-api=our price partner' })).feedProviderNames,
    ).toEqual({
      betfair: 'the Betfair Exchange',
      'odds-api': 'our price partner',
    });
    expect(configProblems({ FEED_PROVIDER_NAMES: 'price-hub=Price Hub' })).toEqual([
      'FEED_PROVIDER_NAMES must name known providers only: odds-api, betfair',
    ]);
    expect(names(configProblems({ FEED_PROVIDER_NAMES: 'betfair' }))).toEqual(['FEED_PROVIDER_NAMES']);
  });
});
