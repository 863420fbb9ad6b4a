import { describe, expect, it } from 'vitest';
import { applyPatch, type FeedPatch } from '@matchkit/sdk/feed';
import { parseMarketSnapshot } from '@matchkit/sdk/matching';
import { isMatchkitError } from '@matchkit/sdk/errors';
import { createProviderFeed, type ProviderFeedOptions } from './provider-feed';
import { footballMatch, manualProvider } from './testing';

const KICK_OFF = Date.parse('2026-12-05T15:00:00Z');
const START = KICK_OFF - 3_600_000;
const MIN = 60_000;

function clockAt(start: number) {
  let now = start;
  const clock = () => now;
  return Object.assign(clock, { advance: (ms: number) => void (now += ms) });
}

function recordingLogger() {
  const lines: { level: string; obj: unknown; msg: string }[] = [];
  const at = (level: string) => (obj: unknown, msg: string) => void lines.push({ level, obj, msg });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } as unknown as ProviderFeedOptions['logger'] };
}

function setup(staleAfterMs = 60_000) {
  const clock = clockAt(START);
  const odds = manualProvider('odds-api');
  const exchange = manualProvider('betfair');
  const { lines, logger } = recordingLogger();
  const feed = createProviderFeed({ providers: [odds, exchange], clock, staleAfterMs, publishIntervalMs: 500, logger });
  const patches: FeedPatch[] = [];
  feed.onPatch((p) => patches.push(p));
  return { clock, odds, exchange, feed, patches, lines };
}

describe('the feed of real providers', () => {
  it('refuses bad options, naming each', () => {
    const { logger } = recordingLogger();
    const bad = () =>
      createProviderFeed({
        providers: [manualProvider('Odds API'), manualProvider('x'), manualProvider('x')],
        clock: () => 0,
        staleAfterMs: 5,
        publishIntervalMs: 1.5,
        logger,
      });
    expect(bad).toThrow(
      expect.objectContaining({
        issues: [
          { path: 'staleAfterMs', message: 'must be a whole number of milliseconds, at least 10000' },
          { path: 'publishIntervalMs', message: 'must be a whole number of milliseconds, at least 50' },
          { path: 'providers.0.id', message: 'must be a lower-case feed key such as odds-api' },
          { path: 'providers.2.id', message: 'repeats x' },
        ],
      }),
    );
    try {
      createProviderFeed({ providers: [], clock: () => 0, logger });
    } catch (error) {
      expect(isMatchkitError(error) && error.kind).toBe('validation');
    }
  });

  it('publishes one patch per tick, seq + 1 each, that moves the last snapshot to the next', () => {
    const { clock, odds, exchange, feed, patches } = setup();
    feed.start();
    expect(odds.running && exchange.running).toBe(true);
    const first = feed.snapshot();
    expect(first).toMatchObject({ simulated: false, seq: Math.floor(START / 500) });
    odds.send([footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, START)]);
    exchange.send([footballMatch('b1', 'Arsenal FC', 'Chelsea FC', KICK_OFF, START, { bookmaker: 'x-book' })]);
    clock.advance(500);
    feed.tick();
    const second = feed.snapshot();
    expect(second.seq).toBe(first.seq + 1);
    expect(applyPatch(first, patches[0] as FeedPatch)).toEqual(second);
    expect(parseMarketSnapshot(second.market).events.map((e) => e.id)).toEqual(['football/2026-12-05/arsenal-v-chelsea']);
    expect(new Set(second.market.backPrices.map((p) => p.source))).toEqual(new Set(['odds-api', 'betfair']));
    // Nothing changed: a heartbeat.
    clock.advance(500);
    const beat = feed.tick();
    expect(beat.seq).toBe(second.seq + 1);
    expect(Object.values(beat.upserts).flat()).toEqual([]);
    expect(Object.values(beat.removes).flat()).toEqual([]);
    // A price moves: only it is sent.
    odds.send([
      { ...footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, START), markets: [] },
      footballMatch('a2', 'Leeds', 'Hull', KICK_OFF, START + 1000),
    ]);
    clock.advance(500);
    const moved = feed.tick();
    expect(moved.upserts.events.map((e) => e.id)).toEqual(['football/2026-12-05/leeds-v-hull']);
    expect(moved.removes.backPrices.length).toBe(3);
    expect(applyPatch(applyPatch(second, beat), moved)).toEqual(feed.snapshot());
    feed.stop();
    expect(odds.running || exchange.running).toBe(false);
  });

  it('sweeps out stale prices, then reports the provider down and hides it until it sends again', () => {
    const { clock, odds, exchange, feed } = setup(60_000);
    feed.start();
    odds.send([footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, START)]);
    exchange.send([footballMatch('b1', 'Leeds', 'Hull', KICK_OFF, START)]);
    odds.setHealth({ state: 'live', lastBookAt: START });
    exchange.setHealth({ state: 'live', lastBookAt: START });
    clock.advance(60_000);
    expect(feed.tick() && feed.snapshot().market.events).toHaveLength(2);
    // The exchange keeps sending (its prices unchanged in age), the aggregator falls silent.
    clock.advance(1000);
    exchange.send([footballMatch('b1', 'Leeds', 'Hull', KICK_OFF, START + 61_000)]);
    const swept = feed.tick();
    expect(swept.removes.events).toEqual(['football/2026-12-05/arsenal-v-chelsea']);
    expect(feed.snapshot().market.backPrices.every((p) => p.source === 'betfair')).toBe(true);
    expect(feed.health().map((h) => [h.provider, h.state, h.detail])).toEqual([
      ['odds-api', 'down', 'no prices received for 1 minute'],
      ['betfair', 'live', null],
    ]);
    // Back with fresh prices.
    odds.send([footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, START + 61_500)]);
    clock.advance(500);
    expect(feed.tick().upserts.events.map((e) => e.id)).toEqual(['football/2026-12-05/arsenal-v-chelsea']);
    expect(feed.health()[0]?.state).toBe('live');
    feed.stop();
  });

  it('keeps a live stream’s quiet prices however old, and hides them once the stream is not live', () => {
    const clock = clockAt(START);
    const stream = manualProvider('betfair');
    const { logger } = recordingLogger();
    // The poll age is for polled prices only: it never lets a degraded stream's old prices count as live.
    const feed = createProviderFeed({
      providers: [stream],
      clock,
      staleAfterMs: 60_000,
      maxPollAgeMs: 60 * MIN,
      logger,
      streaming: ['betfair'],
    });
    feed.start();
    stream.send([footballMatch('b1', 'Leeds', 'Hull', KICK_OFF, START)]);
    stream.setHealth({ state: 'live', lastBookAt: START });
    clock.advance(10 * 60_000);
    feed.tick();
    expect(feed.snapshot().market.events.map((e) => e.id)).toEqual(['football/2026-12-05/leeds-v-hull']);
    expect(feed.health()[0]?.state).toBe('live');
    stream.setHealth({ state: 'degraded', detail: 'reconnecting' });
    clock.advance(500);
    expect(feed.tick().removes.events).toEqual(['football/2026-12-05/leeds-v-hull']);
    feed.stop();
  });

  it('drops an event at its start, on the tick, without waiting for the provider’s next book', () => {
    const { clock, odds, feed } = setup();
    feed.start();
    clock.advance(KICK_OFF - 1000 - START);
    odds.send([
      footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, KICK_OFF - 1000),
      footballMatch('a2', 'Leeds', 'Hull', KICK_OFF + 1, KICK_OFF - 1000),
    ]);
    feed.tick();
    expect(feed.snapshot().market.events).toHaveLength(2);
    clock.advance(1000);
    const patch = feed.tick();
    // Kicked off: gone with its market and prices (its prices are pre-match, a second old); the later one stays.
    expect(patch.removes.events).toEqual(['football/2026-12-05/arsenal-v-chelsea']);
    expect(patch.removes.markets).toEqual(['football/2026-12-05/arsenal-v-chelsea/match-odds']);
    expect(patch.removes.backPrices).toHaveLength(3);
    expect(patch.removes.exchangePrices).toHaveLength(3);
    expect(parseMarketSnapshot(feed.snapshot().market).events.map((e) => e.name)).toEqual(['Leeds v Hull']);
    feed.stop();
  });

  it('judges a polled provider by its own pace, and its prices by when a poll last confirmed them', () => {
    const clock = clockAt(START);
    const polled = manualProvider('odds-api');
    const { lines, logger } = recordingLogger();
    const feed = createProviderFeed({ providers: [polled], clock, staleAfterMs: 300_000, maxPollAgeMs: 15 * MIN, logger });
    feed.start();
    const PACE = 13 * MIN; // 20,000 credits a month on three sports
    // The bookmakers last moved 20 minutes ago; this poll confirmed their prices now.
    const poll = (at: number) =>
      polled.send([{ ...footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, START - 20 * MIN), confirmedAt: at }], PACE);
    poll(START);
    polled.setHealth({
      state: 'degraded',
      detail: 'rationed',
      reason: { kind: 'rationed', until: START + 30 * 24 * 60 * MIN },
      lastBookAt: START,
    });
    feed.tick();
    // Shown, dated as the provider dated them (the age members see), not as the poll.
    expect(feed.snapshot().market.backPrices.map((p) => p.updatedAt)).toEqual(Array(3).fill('2026-12-05T13:40:00.000Z'));
    // Six minutes of silence between two polls 13 minutes apart: not down, prices still shown.
    clock.advance(6 * MIN);
    feed.tick();
    expect(feed.health()[0]?.state).toBe('degraded');
    expect(feed.snapshot().market.events).toHaveLength(1);
    // Confirmed more than FEED_MAX_POLL_AGE_MS ago: not live any more, though the provider is not down.
    clock.advance(9 * MIN + 1);
    expect(feed.tick().removes.events).toEqual(['football/2026-12-05/arsenal-v-chelsea']);
    expect(feed.health()[0]?.state).toBe('degraded');
    // The next poll brings them back.
    poll(clock());
    polled.setHealth({ lastBookAt: clock() });
    expect(feed.tick().upserts.events).toHaveLength(1);
    // Two paces and a minute without a book: down.
    clock.advance(2 * PACE + MIN - 1);
    expect(feed.health()[0]?.state).toBe('degraded');
    clock.advance(2);
    // Whatever it last said (rationed until a renewal), silent that long it is unavailable to members.
    expect(feed.health()[0]).toMatchObject({
      state: 'down',
      detail: 'no prices received for 27 minutes (rationed)',
      reason: { kind: 'unavailable' },
    });
    // A pace beyond the poll age: said once in the log (its prices will be hidden between polls).
    polled.send([], 20 * MIN);
    polled.send([], 20 * MIN);
    expect(lines.filter((l) => l.msg.includes('polls less often than FEED_MAX_POLL_AGE_MS'))).toHaveLength(1);
    feed.stop();
  });

  it('hides every price of a provider that says it is down, at once', () => {
    const { clock, odds, feed } = setup();
    feed.start();
    odds.send([footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, START)]);
    feed.tick();
    expect(feed.snapshot().market.events).toHaveLength(1);
    odds.setHealth({ state: 'down', detail: 'the key was refused' });
    clock.advance(500);
    expect(feed.tick().removes.events).toEqual(['football/2026-12-05/arsenal-v-chelsea']);
    expect(feed.health()[0]).toMatchObject({ state: 'down', detail: 'the key was refused' });
    feed.stop();
  });

  it('reports a provider that has sent nothing for the stale age since it started as down', () => {
    const { clock, feed } = setup(60_000);
    feed.start();
    expect(feed.health().map((h) => h.state)).toEqual(['starting', 'starting']);
    clock.advance(120_001);
    expect(feed.health().map((h) => h.detail)).toEqual([
      'no prices received since it started for 2 minutes',
      'no prices received since it started for 2 minutes',
    ]);
    feed.stop();
  });

  it('leaves out malformed records, says where, and keeps the rest of the book', () => {
    const { odds, feed, lines } = setup();
    feed.start();
    const good = footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, START);
    const market = good.markets[0] as (typeof good.markets)[number];
    const bad = {
      ...good,
      markets: [
        {
          ...market,
          runners: market.runners.map((r, i) => (i === 0 ? { ...r, back: [{ bookmaker: 'bet-co', odds: 1, updatedAt: START }] } : r)),
        },
      ],
    };
    odds.send([bad, { ...footballMatch('a2', 'Leeds', 'Hull', KICK_OFF, START), sport: 'Football' }]);
    feed.tick();
    expect(feed.snapshot().market.events.map((e) => e.id)).toEqual(['football/2026-12-05/arsenal-v-chelsea']);
    expect(feed.snapshot().market.backPrices).toHaveLength(2);
    expect(lines).toContainEqual({
      level: 'warn',
      obj: {
        provider: 'odds-api',
        count: 2,
        first: ['events.0.markets.0.runners.0.back.0.odds: not decimal odds above 1', 'events.1.sport: not a lower-case feed key'],
      },
      msg: 'odds provider records left out',
    });
    feed.stop();
  });

  it('leaves out a poll instant or a pace that is not whole milliseconds, and says so', () => {
    const { odds, feed, lines } = setup();
    feed.start();
    odds.send([{ ...footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, START), confirmedAt: Number.NaN }], 0.5);
    feed.tick();
    expect(feed.snapshot().market.events).toEqual([]);
    expect(lines.at(-1)?.obj).toMatchObject({
      first: ['events.0.confirmedAt: not epoch milliseconds', 'pollIntervalMs: not a whole number of milliseconds above 0'],
    });
    feed.stop();
  });

  it('a failing listener does not stop the others', () => {
    const { feed, patches, lines } = setup();
    feed.onPatch(() => {
      throw new Error('boom');
    });
    const after: number[] = [];
    feed.onPatch((p) => after.push(p.seq));
    feed.tick();
    expect(patches).toHaveLength(1);
    expect(after).toHaveLength(1);
    expect(lines.some((l) => l.level === 'error' && l.msg === 'a feed patch listener failed')).toBe(true);
  });
});
