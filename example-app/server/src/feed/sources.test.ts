// FEED_SOURCE=odds-api end to end: the configuration builds The Odds API provider, which polls the
// local fake of the API, and the combined feed publishes its prices, each with its source and age.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseMarketSnapshot } from '@matchkit/sdk/matching';
import type { FeedSource } from '@matchkit/app-contract/feed';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { testEnv } from '../test/app';
import { createFeed } from './index';
import { startOddsApiFake, type OddsApiFake } from './odds-api/fake';

const KEY = 'k3y-SECRET-combined-0d9f8e7c';
const open: { fake: OddsApiFake; feed: FeedSource }[] = [];
afterEach(async () => {
  for (const { fake, feed } of open.splice(0)) {
    feed.stop();
    await fake.close();
  }
});

describe('FEED_SOURCE odds-api', () => {
  it('serves The Odds API’s prices (from its fake) as live, each naming its source and age, with no key in the logs', async () => {
    const now = Date.now();
    const fake = await startOddsApiFake({ apiKey: KEY, at: now, credits: 10_000_000 });
    const config = loadConfig(
      testEnv({
        FEED_SOURCE: 'odds-api',
        ODDS_API_KEY: KEY,
        ODDS_API_SPORTS: 'soccer_epl',
        ODDS_API_BASE_URL: fake.url,
        LOG_LEVEL: 'debug',
      }),
    );
    const logs: string[] = [];
    const logger = createLogger('debug', { write: (line: string) => void logs.push(line) });
    const feed = createFeed(config, { clock: Date.now, logger });
    open.push({ fake, feed });
    expect(feed.simulated).toBe(false);
    feed.start();
    await vi.waitFor(
      () => {
        expect(feed.health()[0]).toMatchObject({ state: 'live', detail: null });
      },
      { timeout: 5_000, interval: 20 },
    );
    const tick = (feed as unknown as { tick(): unknown }).tick;
    tick();
    const market = parseMarketSnapshot(feed.snapshot().market);
    expect(market.events.length).toBeGreaterThan(0);
    expect(market.events.map((e) => e.id)).toContain(
      `football/${londonDate(market.events[0]?.startsAt ?? '')}/arsenal-v-tottenham-hotspur`,
    );
    expect(new Set([...market.backPrices, ...market.exchangePrices].map((p) => p.source))).toEqual(new Set(['odds-api']));
    expect(market.backPrices.every((p) => p.updatedAt !== undefined && Date.parse(p.updatedAt) <= now)).toBe(true);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(KEY);
  });
});

/** The London date of an ISO instant, as the event ids carry it. */
function londonDate(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(iso));
}
