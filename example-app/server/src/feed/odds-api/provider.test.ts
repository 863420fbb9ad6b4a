// The Odds API provider against the local fake (a real HTTP server speaking the documented
// format): mapping of a whole answer, the quota (decrement, slow-down, exhaustion and renewal),
// 401, 429, malformed entries, the key never logged, and stop() releasing its timer. Time is a
// movable clock and hand-fired timers: nothing sleeps for a polling interval.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMovableClock, type MovableClock } from '../../clock';
import { createLogger } from '../../logger';
import type { ProviderBook, ProviderEvent, ProviderHealth } from '../provider';
import { startOddsApiFake, type OddsApiFake } from './fake';
import {
  createOddsApiProvider,
  type OddsApiPacing,
  type OddsApiPacingStore,
  type OddsApiProviderOptions,
  type OddsApiSportBook,
} from './provider';
import { createProviderFeed } from '../provider-feed';
import { systemTimers, type Timers } from './timers';
import { providerNotice } from '../../modules/feed/status';

const KEY = 'k3y-SECRET-0d9f8e7c6b5a4';

/** `value`, or a failed test when it is absent. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}
const T0 = Date.UTC(2026, 11, 3, 9, 0, 0); // Thursday 3 December 2026, 09:00 UTC
const UPDATED = T0 - 60_000;
const HOUR = 3_600_000;
const RENEWAL = Date.UTC(2027, 0, 1); // quotaResetDay 1: 1 January 2027, 00:00 UTC

/** Timers fired by hand: `fire()` moves the clock to the earliest one and runs it. */
function handTimers(clock: MovableClock) {
  let next = 0;
  const pending = new Map<number, { at: number; delay: number; run: () => void }>();
  const timers: Timers = {
    setTimeout: (run, ms) => {
      next += 1;
      pending.set(next, { at: clock() + ms, delay: ms, run });
      return next;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  return {
    timers,
    pending,
    /** The delay the one pending timer was set with. */
    delay(): number {
      expect(pending.size).toBe(1);
      return must([...pending.values()][0]).delay;
    },
    /** Fires the earliest timer and waits until the cycle it started has set the next one (or ended for good). */
    async fire(ended: () => boolean = () => false) {
      const [id, t] = must([...pending.entries()].sort(([, a], [, b]) => a.at - b.at)[0]);
      pending.delete(id);
      if (t.at > clock()) clock.advance(t.at - clock());
      t.run();
      await vi.waitFor(() => expect(pending.size > 0 || ended()).toBe(true), { timeout: 5_000, interval: 5 });
    },
  };
}

interface Run {
  fake: OddsApiFake;
  clock: MovableClock;
  hand: ReturnType<typeof handTimers>;
  books: ProviderBook[];
  logs: string[];
  provider: ReturnType<typeof createOddsApiProvider>;
}

const running: Run[] = [];
afterEach(async () => {
  for (const run of running.splice(0)) {
    await run.provider.stop();
    await run.fake.close();
  }
});

/** The provider's options in these tests, on `fake`. */
function testOptions(fake: OddsApiFake, clock: MovableClock, timers: Timers): OddsApiProviderOptions {
  return {
    apiKey: KEY,
    baseUrl: fake.url,
    sports: ['soccer_epl', 'soccer_efl_champ', 'tennis_atp_*', 'soccer_spl'],
    intervalMs: 60_000,
    clock,
    logger: createLogger('silent'),
    timers,
  };
}

async function setUp(over: Partial<OddsApiProviderOptions> = {}, credits = 10_000_000): Promise<Run> {
  const clock = createMovableClock(() => T0);
  const fake = await startOddsApiFake({ apiKey: KEY, at: T0, credits });
  const hand = handTimers(clock);
  const logs: string[] = [];
  const books: ProviderBook[] = [];
  const provider = createOddsApiProvider({
    ...testOptions(fake, clock, hand.timers),
    logger: createLogger('debug', { write: (line: string) => void logs.push(line) }),
    ...over,
  });
  const run = { fake, clock, hand, books, logs, provider };
  running.push(run);
  provider.start((book) => books.push(book));
  return run;
}

const back = (bookmaker: string, odds: number) => ({ bookmaker, odds, updatedAt: UPDATED });
const quote = (exchange: string, commission: number, b: [number, number], l: [number, number]) => ({
  exchange,
  back: { odds: b[0], liquidity: b[1] },
  lay: { odds: l[0], liquidity: l[1] },
  commission,
  updatedAt: UPDATED,
});

// Written out by hand from fixtures.ts (not computed by the mapping under test).
const ARSENAL_SPURS: ProviderEvent = {
  key: 'b1f0a7c2d3e4f5a6b7c8d9e0f1a2b3c4',
  sport: 'football',
  competition: 'EPL',
  name: 'Arsenal v Tottenham Hotspur',
  participants: ['Arsenal', 'Tottenham Hotspur'],
  startsAt: T0 + 3 * HOUR,
  markets: [
    {
      key: 'h2h',
      type: 'match-odds',
      name: 'Match Odds',
      runners: [
        {
          key: 'Arsenal',
          name: 'Arsenal',
          back: [
            back('williamhill', 1.83),
            back('paddypower', 1.85),
            back('skybet', 1.8),
            back('ladbrokes', 1.83),
            back('betfair-sportsbook', 1.85),
          ],
          exchange: [
            quote('betfair', 0.05, [1.88, 214_055], [1.89, 214_055]),
            quote('matchbook', 0.02, [1.87, 0], [1.9, 0]),
            quote('smarkets', 0.02, [1.87, 0], [1.9, 0]),
          ],
        },
        {
          key: 'Draw',
          name: 'Draw',
          back: [
            back('williamhill', 3.9),
            back('paddypower', 3.8),
            back('skybet', 3.9),
            back('ladbrokes', 3.75),
            back('betfair-sportsbook', 3.8),
          ],
          exchange: [
            quote('betfair', 0.05, [4.0, 83_000], [4.1, 83_000]),
            quote('matchbook', 0.02, [4.0, 0], [4.1, 0]),
            quote('smarkets', 0.02, [3.95, 0], [4.1, 0]),
          ],
        },
        {
          key: 'Tottenham Hotspur',
          name: 'Tottenham Hotspur',
          back: [
            back('williamhill', 4.2),
            back('paddypower', 4.0),
            back('skybet', 4.33),
            back('ladbrokes', 4.0),
            back('betfair-sportsbook', 4.0),
          ],
          exchange: [
            quote('betfair', 0.05, [4.4, 51_230], [4.5, 51_230]),
            quote('matchbook', 0.02, [4.3, 0], [4.5, 0]),
            quote('smarkets', 0.02, [4.4, 0], [4.6, 0]),
          ],
        },
      ],
    },
  ],
};

describe('The Odds API provider against its fake', () => {
  it('maps a whole answer onto the provider model', async () => {
    const { hand, books, provider, fake } = await setUp();
    await hand.fire();
    expect(books).toHaveLength(1);
    const book = must(books[0]);
    expect(book.provider).toBe('odds-api');
    // Confirmed by this poll (its prices' freshness), and the book says when the next one is due.
    expect(book.events.find((e) => e.name === 'Arsenal v Tottenham Hotspur')).toEqual({ ...ARSENAL_SPURS, confirmedAt: T0 });
    expect(book.pollIntervalMs).toBe(60_000);
    expect(book.events.map((e) => [e.sport, e.competition, e.name]).sort()).toEqual([
      ['football', 'Championship', 'Coventry City v Norwich City'],
      ['football', 'EPL', 'Arsenal v Tottenham Hotspur'],
      ['football', 'EPL', 'Leeds United v Sunderland'],
      ['tennis', 'ATP Finals', 'Alex Brandt v Tomas Varga'],
    ]);
    const tennis = must(book.events.find((e) => e.sport === 'tennis'));
    expect(must(tennis.markets[0]).runners.map((r) => r.name)).toEqual(['Alex Brandt', 'Tomas Varga']);
    const coventry = must(book.events.find((e) => e.name.startsWith('Coventry')));
    expect(must(must(coventry.markets[0]).runners[0]).back.map((b) => b.bookmaker)).toEqual(['skybet', '888sport']);
    // The sports list once, then events (free) and odds for each of the three sports in season;
    // the out-of-season league and the outright are never asked for.
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/v4/sports',
      '/v4/sports/soccer_efl_champ/events',
      '/v4/sports/soccer_efl_champ/odds',
      '/v4/sports/soccer_epl/events',
      '/v4/sports/soccer_epl/odds',
      '/v4/sports/tennis_atp_finals/events',
      '/v4/sports/tennis_atp_finals/odds',
    ]);
    expect(must(fake.requests[2]).params).toMatchObject({
      regions: 'uk',
      markets: 'h2h,h2h_lay',
      oddsFormat: 'decimal',
      includeBetLimits: 'true',
      commenceTimeFrom: '2026-12-03T09:00:00Z',
      commenceTimeTo: '2026-12-05T09:00:00Z',
    });
    expect(provider.health()).toEqual({
      provider: 'odds-api',
      state: 'live',
      detail: null,
      reason: null,
      lastBookAt: T0,
      requests: 7,
      messages: 0,
      errors: 0,
      quotaRemaining: 9_999_994,
      lagMs: 60_000,
    });
    expect(hand.delay()).toBe(60_000);
  });

  it('hands over a changed price on the next poll', async () => {
    const { hand, books, fake, clock } = await setUp();
    await hand.fire();
    fake.setPrice('soccer_epl', ARSENAL_SPURS.key, 'williamhill', 'h2h', 'Arsenal', 1.9, T0 + 30_000);
    await hand.fire();
    expect(clock()).toBe(T0 + 60_000);
    const arsenal = must(must(must(must(books[1]).events.find((e) => e.key === ARSENAL_SPURS.key)).markets[0]).runners[0]);
    expect(arsenal.back[0]).toEqual({ bookmaker: 'williamhill', odds: 1.9, updatedAt: T0 + 30_000 });
  });

  it('spends markets × regions credits per sport, and slows down as they shrink so they last until the renewal', async () => {
    const { hand, provider, fake, books } = await setUp({}, 60);
    await hand.fire();
    // 3 sports × 2 markets × 1 region = 6 credits; the fake's headers said so and the provider read them.
    expect(fake.used).toBe(6);
    expect(provider.health().quotaRemaining).toBe(54);
    // 54 credits left are 9 more polls of 6 over the time to 1 January: one every (renewal − now) ÷ 9.
    const expected = Math.ceil((RENEWAL - T0) / 9);
    expect(hand.delay()).toBe(expected);
    expect(must(books[0]).pollIntervalMs).toBe(expected);
    expect(provider.health().state).toBe('degraded');
    // 28 days 15 hours to the renewal ÷ 9 = 76 hours 20 minutes.
    expect(expected).toBe(76 * HOUR + 20 * 60_000);
    expect(provider.health().detail).toBe(
      "Odds from the odds service are refreshed every 76 hours instead of every 1 minute, so that this month's allowance lasts until it renews on Friday, 1 January 2027.",
    );
    // The reason is the provider's own (quota pacing until the renewal), and what a member reads.
    expect(provider.health().reason).toEqual({ kind: 'rationed', until: RENEWAL });
    expect(providerNotice(provider.health())).toBe(
      'Prices from our bookmaker odds source are refreshed less often than usual until Friday, 1 January 2027, so they may be a few minutes old.',
    );
  });

  it('stops before the credits run out, reports down, and resumes once they renew', async () => {
    const { hand, provider, fake, books } = await setUp({}, 4);
    await hand.fire();
    // Two sports paid for (2 + 2); the third would cost more than is left: not asked for.
    expect(fake.remaining).toBe(0);
    expect(fake.requests.filter((r) => r.path.endsWith('/odds')).map((r) => r.status)).toEqual([200, 200]);
    expect(must(books[0]).events.map((e) => e.sport)).not.toContain('tennis');
    expect(provider.health()).toMatchObject({
      state: 'down',
      quotaRemaining: 0,
      detail: "The odds service's allowance for this month is used up; its prices resume when it renews on Friday, 1 January 2027.",
      reason: { kind: 'paused', until: RENEWAL },
    });
    expect(providerNotice(provider.health())).toBe(
      'Prices from our bookmaker odds source are not available until Friday, 1 January 2027: rows from it are hidden until then.',
    );
    // It looks again (free) an hour later: still spent, still down, nothing paid for.
    expect(hand.delay()).toBe(HOUR);
    await hand.fire();
    expect(must(fake.requests.at(-1)).path).toBe('/v4/sports');
    expect(provider.health().state).toBe('down');
    fake.renew(500_000);
    await hand.fire();
    expect(provider.health()).toMatchObject({ state: 'live', detail: null, reason: null, quotaRemaining: 499_994 });
    expect(providerNotice(provider.health())).toBeNull();
    expect(must(books.at(-1)).events.map((e) => e.sport)).toContain('tennis');
  });

  it('looks again at the renewal itself when that comes before the next check', async () => {
    const { hand, provider, fake, clock, books } = await setUp({ exhaustedProbeMs: 40 * 24 * HOUR }, 4);
    await hand.fire();
    expect(provider.health().state).toBe('down');
    expect(hand.delay()).toBe(RENEWAL - clock());
    fake.renew(500_000);
    await hand.fire();
    expect(clock()).toBe(RENEWAL);
    // Every fixture event has started by then: none is listed, none paid for, the book is empty.
    expect(provider.health()).toMatchObject({ state: 'live', quotaRemaining: 500_000 });
    expect(must(books.at(-1)).events).toEqual([]);
  });

  it('learns from the free calls that the credits were spent elsewhere, and pays for nothing more', async () => {
    const { hand, provider, fake } = await setUp();
    await hand.fire();
    fake.renew(0);
    await hand.fire();
    expect(fake.requests.filter((r) => r.path.endsWith('/odds'))).toHaveLength(3);
    expect(provider.health()).toMatchObject({ state: 'down', quotaRemaining: 0 });
    expect(provider.health().detail).toContain('allowance for this month is used up');
    expect(hand.delay()).toBe(HOUR);
  });

  it('stops for good on a refused key (401) and says so', async () => {
    const { hand, provider, fake, logs } = await setUp({ apiKey: 'not-the-key-7f3a' });
    await hand.fire(() => provider.health().state === 'down');
    expect(hand.pending.size).toBe(0);
    expect(fake.requests.map((r) => [r.path, r.status])).toEqual([['/v4/sports', 401]]);
    expect(provider.health()).toMatchObject({
      state: 'down',
      detail: 'The odds service refused the key; its prices stop until the key is replaced.',
      reason: { kind: 'unavailable' },
      errors: 1,
      requests: 1,
    });
    expect(providerNotice(provider.health())).toBe(
      'Prices from our bookmaker odds source are not available: rows from it are hidden until it is back.',
    );
    expect(logs.join('\n')).toContain('INVALID_KEY');
    expect(logs.join('\n')).not.toContain('not-the-key-7f3a');
  });

  it('backs off on 429: after Retry-After when given, else 2 s doubling', async () => {
    const { hand, provider, fake, clock } = await setUp();
    fake.rateLimit(1, 7);
    await hand.fire();
    expect(hand.delay()).toBe(7_000);
    expect(provider.health()).toMatchObject({
      state: 'degraded',
      detail: 'The odds service asked for fewer requests; trying again in 7 seconds.',
      reason: { kind: 'late', until: clock() + 7_000 },
    });
    expect(providerNotice(provider.health())).toBe(
      'Prices from our bookmaker odds source are arriving late: they may be older than usual.',
    );
    // Each 429 in a row doubles the wait when the answer gives none: 2 s × 2 after the first.
    fake.rateLimit(2);
    await hand.fire();
    expect(hand.delay()).toBe(4_000);
    await hand.fire();
    expect(hand.delay()).toBe(8_000);
    await hand.fire();
    expect(provider.health().state).toBe('live');
    expect(hand.delay()).toBe(60_000);
    fake.rateLimit(1);
    await hand.fire();
    expect(hand.delay()).toBe(2_000);
  });

  it('after a 429 mid-poll, polls only the sports it had not reached, paying for none twice', async () => {
    const { hand, fake, books } = await setUp();
    await hand.fire();
    expect(fake.used).toBe(6);
    // The second poll: the Championship's events and odds answer, then the EPL's events get 429.
    fake.rateLimit(1, 5, 2);
    await hand.fire();
    expect(hand.delay()).toBe(5_000);
    expect(fake.used).toBe(8);
    const before = fake.requests.length;
    await hand.fire();
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual([
      '/v4/sports/soccer_epl/events',
      '/v4/sports/soccer_epl/odds',
      '/v4/sports/tennis_atp_finals/events',
      '/v4/sports/tennis_atp_finals/odds',
    ]);
    expect(fake.used).toBe(12);
    expect(must(books.at(-1)).events).toHaveLength(4);
    // The next poll is a minute after the one that was interrupted began: every sport again.
    expect(hand.delay()).toBe(60_000);
    await hand.fire();
    expect(fake.used).toBe(18);
  });

  it('leaves its pacing where the next process finds it: a restart pays for no sport polled within the pace', async () => {
    let kept: OddsApiPacing | null = null;
    const pacing: OddsApiPacingStore = {
      load: async () => kept,
      save: async (state) => {
        kept = state;
      },
    };
    const { hand, fake, clock, provider } = await setUp({ pacing });
    await hand.fire();
    expect(fake.used).toBe(6);
    await provider.stop();
    await vi.waitFor(() => expect(kept?.paceMs).toBe(60_000), { timeout: 5_000, interval: 5 });
    // The next process (a restart, a new leader) 20 s later, on the same credits.
    clock.advance(20_000);
    const next = handTimers(clock);
    const books: ProviderBook[] = [];
    const again = createOddsApiProvider({ ...testOptions(fake, clock, next.timers), pacing });
    again.start((book) => books.push(book));
    try {
      await next.fire();
      // Every sport was polled 20 s ago: nothing is paid for, and the next poll is when the pace ends.
      expect(fake.used).toBe(6);
      expect(next.delay()).toBe(40_000);
      await next.fire();
      expect(fake.used).toBe(12);
      expect(must(books.at(-1)).events).toHaveLength(4);
    } finally {
      await again.stop();
    }
  });

  it('leaves each sport’s last answer for the next process, which serves it at its true age without paying, until too old', async () => {
    let pacingKept: OddsApiPacing | null = null;
    const booksKept = new Map<string, OddsApiSportBook>();
    const stores = {
      pacing: {
        load: async () => pacingKept,
        save: async (state: OddsApiPacing) => {
          pacingKept = state;
        },
      },
      books: {
        load: async () => Object.fromEntries(booksKept),
        save: async (sport: string, book: OddsApiSportBook) => {
          booksKept.set(sport, book);
        },
      },
    } satisfies Pick<OddsApiProviderOptions, 'pacing' | 'books'>;
    // 60 credits: rationed to one poll every 76 hours, so no restart below pays for a sport again.
    const { hand, fake, clock, provider } = await setUp(stores, 60);
    await hand.fire();
    expect(fake.used).toBe(6);
    await provider.stop();
    await vi.waitFor(() => expect([...booksKept.keys()].sort()).toEqual(['soccer_efl_champ', 'soccer_epl', 'tennis_atp_finals']));
    expect(must(booksKept.get('soccer_epl')).fetchedAt).toBe(T0);

    let health: ProviderHealth | null = null;
    /** A restarted process (or a new leader) `after` ms past the poll: its feed's prices once it has started. */
    const restart = async (after: number) => {
      clock.advance(T0 + after - clock());
      const next = handTimers(clock);
      const again = createOddsApiProvider({ ...testOptions(fake, clock, next.timers), ...stores });
      const feed = createProviderFeed({ providers: [again], clock, logger: createLogger('silent') });
      feed.start();
      try {
        await next.fire();
        feed.tick();
        health = again.health();
        return feed.snapshot().market;
      } finally {
        feed.stop();
        await again.stop();
      }
    };
    // Five minutes later: the stored prices, dated as the provider dated them (their true age).
    const served = await restart(5 * 60_000);
    expect(fake.used).toBe(6);
    expect(served.events).toHaveLength(4);
    expect(served.backPrices.length).toBeGreaterThan(0);
    expect(new Set(served.backPrices.map((p) => p.updatedAt))).toEqual(new Set([new Date(UPDATED).toISOString()]));
    // Restarted while the odds service fails (its sports list answers 503), with one stored element
    // that is not an event: the kept prices are served all the same, at their age.
    const epl = must(booksKept.get('soccer_epl'));
    booksKept.set('soccer_epl', { ...epl, events: [...epl.events, null as unknown as ProviderEvent] });
    fake.fail(100);
    const failing = await restart(6 * 60_000);
    fake.fail(0);
    expect(failing.events).toHaveLength(4);
    expect(new Set(failing.backPrices.map((p) => p.updatedAt))).toEqual(new Set([new Date(UPDATED).toISOString()]));
    expect(health).toMatchObject({ state: 'degraded', lastBookAt: T0, reason: { kind: 'late' } });
    // Sixteen minutes after the answer: older than the feed's poll age (15 minutes), never shown as live.
    const stale = await restart(16 * 60_000);
    expect(fake.used).toBe(6);
    expect(stale.events).toEqual([]);
    expect(stale.backPrices).toEqual([]);
  });

  it('reports starting, with no reason, while its first poll fails and it has nothing to serve', async () => {
    const { hand, fake, books, provider } = await setUp();
    fake.fail(100);
    await hand.fire();
    expect(books).toEqual([]);
    expect(provider.health()).toMatchObject({ state: 'starting', reason: null, lastBookAt: null, errors: 1 });
  });

  it('on a 503 mid-poll reports degraded, keeps its last book, and polls again at the next interval', async () => {
    const { hand, fake, books, provider, clock } = await setUp();
    await hand.fire();
    fake.fail(1, 2); // the EPL's events list fails
    await hand.fire();
    expect(provider.health()).toMatchObject({
      state: 'degraded',
      detail: 'The odds service did not answer; trying again shortly.',
      reason: { kind: 'late', until: clock() + 60_000 },
      errors: 1,
    });
    expect(providerNotice(provider.health())).toBe(
      'Prices from our bookmaker odds source are arriving late: they may be older than usual.',
    );
    expect(books).toHaveLength(1);
    expect(hand.delay()).toBe(60_000);
    await hand.fire();
    expect(provider.health().state).toBe('live');
    expect(must(books.at(-1)).events).toHaveLength(4);
    // Polls 1 and 3 priced three sports each; the failed one priced the Championship only.
    expect(fake.used).toBe(14);
  });

  it('counts an odds answer that is not an array as an error and keeps the other sports', async () => {
    const { hand, fake, books, provider, logs } = await setUp();
    fake.answerOddsWith('tennis_atp_finals', { events: [] });
    await hand.fire();
    expect(provider.health()).toMatchObject({ state: 'live', errors: 1 });
    expect(must(books[0]).events.map((e) => e.sport)).toEqual(['football', 'football', 'football']);
    expect(logs.some((l) => l.includes('"field":"tennis_atp_finals.odds"'))).toBe(true);
  });

  it('leaves out malformed entries, counts and logs each by its field, and uses the rest of the answer', async () => {
    const { hand, provider, fake, books, logs } = await setUp();
    const epl = fake.odds['soccer_epl'] as { bookmakers: { markets: { last_update: string; outcomes: { price: number }[] }[] }[] }[];
    must(must(must(must(epl[0]).bookmakers[0]).markets[0]).outcomes[0]).price = 1; // williamhill's Arsenal price: odds of 1
    must(must(must(epl[0]).bookmakers[1]).markets[0]).last_update = 'yesterday'; // paddypower's market: no instant
    epl.push({
      id: 'f5d4e1a6b7c8d9e0f1a2b3c4d5e6f7a8',
      sport_key: 'soccer_epl',
      commence_time: new Date(T0 + HOUR).toISOString(),
      away_team: 'Chelsea',
      bookmakers: [],
    } as never);
    await hand.fire();
    expect(provider.health().errors).toBe(3);
    const lines = logs.map((l) => JSON.parse(l) as { field?: string; msg: string }).filter((l) => l.field !== undefined);
    expect(lines.map((l) => l.field)).toEqual([
      'soccer_epl[0].bookmakers[0].markets[0].outcomes[0].price',
      'soccer_epl[0].bookmakers[1].markets[0].last_update',
      'soccer_epl[2].home_team',
    ]);
    const arsenal = must(must(books[0]).events.find((e) => e.key === ARSENAL_SPURS.key));
    const first = must(must(arsenal.markets[0]).runners[0]);
    expect(first.back.map((b) => b.bookmaker)).toEqual(['skybet', 'ladbrokes', 'betfair-sportsbook']);
    expect(must(must(arsenal.markets[0]).runners[1]).back.map((b) => b.bookmaker)).toEqual([
      'williamhill',
      'skybet',
      'ladbrokes',
      'betfair-sportsbook',
    ]);
    expect(must(books[0]).events).toHaveLength(4);
  });

  it('never writes the key to a log: refused, failed and answered requests alike', async () => {
    const { hand, fake, logs, provider } = await setUp();
    await hand.fire();
    fake.rateLimit(1);
    await hand.fire();
    await fake.close(); // no answer at all: the failure names the URL, redacted
    await hand.fire();
    expect(provider.health().state).toBe('degraded');
    const all = logs.join('\n');
    expect(all).toContain('[redacted]');
    expect(all).not.toContain(KEY);
    expect(all).not.toContain(encodeURIComponent(KEY));
  });

  it('stop() clears its timer and ends a poll in flight', async () => {
    const { hand, provider } = await setUp();
    await hand.fire();
    expect(hand.pending.size).toBe(1);
    await provider.stop();
    expect(hand.pending.size).toBe(0);
  });
});

describe('The Odds API provider on Node timers', () => {
  it('leaves no timer behind once stopped, so the process can exit', async () => {
    let live = 0;
    const counted: Timers = {
      setTimeout: (run, ms) => {
        live += 1;
        return systemTimers.setTimeout(() => {
          live -= 1;
          run();
        }, ms);
      },
      clearTimeout: (handle) => {
        live -= 1;
        systemTimers.clearTimeout(handle);
      },
    };
    const fake = await startOddsApiFake({ apiKey: KEY, at: Date.now() });
    const books: ProviderBook[] = [];
    const provider = createOddsApiProvider({
      apiKey: KEY,
      baseUrl: fake.url,
      sports: ['soccer_epl'],
      intervalMs: 60_000,
      clock: () => Date.now(),
      logger: createLogger('silent'),
      timers: counted,
    });
    provider.start((book) => books.push(book));
    await vi.waitFor(() => expect(books).toHaveLength(1), { timeout: 5_000, interval: 10 });
    await vi.waitFor(() => expect(live).toBe(1), { timeout: 5_000, interval: 10 });
    await provider.stop();
    expect(live).toBe(0);
    await fake.close();
  });
});
