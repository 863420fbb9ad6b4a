// The Betfair provider against the local fake (fake.ts): a real TLS stream and HTTPS catalogue on
// loopback, with short heartbeats so that reconnection takes a fraction of a second. Tests not about
// silence allow 20 silent heartbeats (4 s): a loaded machine's stall must not drop the connection.
// Tests about silence or long waits drive the provider's clock by hand (manualTimers).
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchkitValidationError } from '@matchkit/sdk/errors';
import { loopbackCertificate } from '../../test/loopback-certificate';
import type { OddsProvider, ProviderBook } from '../provider';
import { sanitiseBook } from '../sanitise';
import { createBetfairProvider, type BetfairProviderOptions } from './betfair';
import { footballMarket, raceMarket, startBetfairFake, type BetfairFake } from './fake';
import { systemTimers, type Timers } from './stream';
import { providerNotice } from '../../modules/feed/status';

const certificate = loopbackCertificate();
const HOUR = 3_600_000;
// Start times near now: the catalogue lists only markets from 6 hours ago to 48 hours ahead.
const minute = (t: number): number => t - (t % 60_000);
const KICK_OFF = minute(Date.now() + 6 * HOUR);
const RACE = minute(Date.now() + 3 * HOUR);

let fake: BetfairFake;
let fakeOpen = false;
let provider: OddsProvider | null = null;

afterEach(async () => {
  await provider?.stop();
  provider = null;
  if (fakeOpen) await fake.close();
  fakeOpen = false;
});

/** Polls `check` every 10 ms; `tick` runs before each poll (to move a manual clock along). */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

async function waitFor(what: string, check: () => boolean, timeoutMs = 4000, tick?: () => void): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    tick?.();
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A clock that moves only when told: `advance(ms)` runs, in order, every timer due by then. */
function manualTimers(): Timers & { advance(ms: number): void } {
  let now = Date.now();
  let last = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      last += 1;
      due.set(last, { at: now + ms, fn });
      return last;
    },
    clearTimeout(handle) {
      due.delete(handle as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        let first: [number, { at: number; fn: () => void }] | undefined;
        for (const entry of due) if (entry[1].at <= until && (first === undefined || entry[1].at < first[1].at)) first = entry;
        if (first === undefined) break;
        due.delete(first[0]);
        now = first[1].at;
        first[1].fn();
      }
      now = until;
    },
  };
}

const subscriptions = (): Record<string, unknown>[] => fake.streamRequests.filter((r) => r.op === 'marketSubscription').map((r) => r.body);
const catalogueReads = (): { headers: Record<string, string | string[] | undefined> }[] =>
  fake.httpRequests.filter((r) => r.operation === 'listMarketCatalogue');

/** Timers that remember what is still pending, to check that stop() leaves none. */
function countingTimers(): Timers & { readonly pending: number } {
  const live = new Set<unknown>();
  return {
    now: systemTimers.now,
    setTimeout(fn, ms) {
      const handle: unknown = systemTimers.setTimeout(() => {
        live.delete(handle);
        fn();
      }, ms);
      live.add(handle);
      return handle;
    },
    clearTimeout(handle) {
      live.delete(handle);
      systemTimers.clearTimeout(handle);
    },
    get pending() {
      return live.size;
    },
  };
}

async function startFake(): Promise<BetfairFake> {
  fake = await startBetfairFake({ certificate });
  fakeOpen = true;
  fake.addMarket(footballMarket('1.100', '3500', KICK_OFF));
  return fake;
}

function start(over: Partial<BetfairProviderOptions> = {}): {
  books: ProviderBook[];
  logs: string[];
  latest: () => ProviderBook | undefined;
} {
  const books: ProviderBook[] = [];
  const logs: string[] = [];
  provider = createBetfairProvider({
    appKey: fake.appKey,
    sessionToken: fake.session,
    streamHost: fake.host,
    streamPort: fake.streamPort,
    bettingUrl: fake.bettingUrl,
    identityUrl: fake.identityUrl,
    ca: fake.ca,
    heartbeatMs: 200,
    silenceHeartbeats: 20,
    emitIntervalMs: 20,
    backoff: { initialMs: 50, maxMs: 200 },
    log: (level, message) => logs.push(`${level} ${message}`),
    ...over,
  });
  provider.start((book) => books.push(book));
  return { books, logs, latest: () => books.at(-1) };
}

/** Every exchange price of a book as `market/runner → back@size lay@size`, the form the fake's state is compared in. */
function pricesOf(book: ProviderBook | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of book?.events ?? [])
    for (const m of e.markets)
      for (const r of m.runners)
        for (const p of r.exchange)
          out[`${m.key}/${r.key}`] =
            `${p.back === null ? '-' : `${p.back.odds}@${p.back.liquidity}`} ${p.lay === null ? '-' : `${p.lay.odds}@${p.lay.liquidity}`}`;
  return out;
}

/** The same view of the fake's own state (sizes are pounds there: pence written out by hand-checkable arithmetic). */
function fakePrices(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of fake.markets.values()) {
    if (m.status !== 'OPEN' || m.inPlay) continue;
    for (const r of m.runners) {
      if (r.status !== 'ACTIVE' || (r.back === null && r.lay === null)) continue;
      const side = (p: readonly [number, number] | null) => (p === null ? '-' : `${p[0]}@${Math.round(p[1] * 100)}`);
      out[`${m.id}/${r.id}`] = `${side(r.back)} ${side(r.lay)}`;
    }
  }
  return out;
}

describe('the Betfair provider against a local Betfair', () => {
  it('subscribes and maps the full image', async () => {
    await startFake();
    const { latest } = start();
    await waitFor('a book with prices', () => Object.keys(pricesOf(latest())).length === 3);
    expect(pricesOf(latest())).toEqual({
      '1.100/1096': '2.1@152345 2.12@31020',
      '1.100/48351': '3.6@40210 3.7@12000',
      '1.100/58805': '3.4@80000 3.45@9550',
    });
    const event = latest()?.events[0];
    expect(event?.name).toBe('Arsenal v Tottenham Hotspur');
    expect(event?.competition).toBe('English Premier League');
    expect(provider?.health()).toMatchObject({ provider: 'betfair', state: 'live', detail: null, quotaRemaining: null });
    const { lagMs, lastBookAt, requests } = provider?.health() ?? {};
    expect(lagMs).toBeGreaterThanOrEqual(0);
    expect(lagMs).toBeLessThan(2000);
    expect(lastBookAt).not.toBeNull();
    expect(requests).toBeGreaterThanOrEqual(1); // the catalogue
    const sub = fake.streamRequests.find((r) => r.op === 'marketSubscription')?.body;
    expect(sub).toMatchObject({
      marketFilter: { marketIds: ['1.100'] },
      marketDataFilter: { fields: ['EX_BEST_OFFERS', 'EX_MARKET_DEF'], ladderLevels: 1 },
      heartbeatMs: 200,
    });
    expect(sub).not.toHaveProperty('clk');
    const catalogue = fake.httpRequests.find((r) => r.operation === 'listMarketCatalogue');
    expect(catalogue?.headers['x-application']).toBe(fake.appKey);
    expect(catalogue?.headers['x-authentication']).toBe(fake.session);
  });

  it('applies deltas: a moved price, a removed level, a suspended and a closed market', async () => {
    await startFake();
    fake.addMarket(raceMarket('1.200', 'WIN', RACE));
    fake.addMarket(raceMarket('1.201', 'PLACE', RACE));
    const { latest } = start();
    await waitFor('the image', () => Object.keys(pricesOf(latest())).length === 11);
    // Every record passes the combiner's own checks on arrival.
    expect(sanitiseBook(latest() as ProviderBook).problems).toEqual([]);
    fake.setPrices('1.100', 1096, { back: [2.14, 88.01] });
    fake.setPrices('1.100', 48351, { lay: null });
    await waitFor('the deltas', () => pricesOf(latest())['1.100/48351'] === '3.6@40210 -');
    expect(pricesOf(latest())['1.100/1096']).toBe('2.14@8801 2.12@31020');
    fake.setRunnerStatus('1.200', 104, 'REMOVED');
    fake.setStatus('1.201', 'SUSPENDED');
    await waitFor('the suspension', () => pricesOf(latest())['1.201/101'] === undefined);
    expect(pricesOf(latest())).toEqual(fakePrices());
    const race = latest()?.events.find((e) => e.sport === 'horse-racing');
    expect(race?.markets.map((m) => [m.type, m.places, m.runners.length])).toEqual([
      ['win', undefined, 3],
      ['win', 3, 4],
    ]);
    fake.setStatus('1.100', 'CLOSED');
    await waitFor('the closed market to leave', () => latest()?.events.every((e) => e.sport !== 'football') === true);
  });

  it('stays on one connection while heartbeats arrive and nothing else does, repeating its book now and then', async () => {
    await startFake();
    const timers = manualTimers();
    // Silence limit: 3 heartbeats of 200 ms on the provider's clock, which moves only as told below.
    const { books, latest } = start({ timers, silenceHeartbeats: 3, quietBookMs: 300 });
    await waitFor(
      'the image',
      () => latest() !== undefined,
      4000,
      () => timers.advance(10),
    );
    const count = books.length;
    // Twice, most of the silence limit passes, then a heartbeat arrives: it must re-arm the limit.
    for (let i = 0; i < 2; i += 1) {
      timers.advance(500);
      const messages = provider?.health().messages ?? 0;
      await waitFor('a heartbeat', () => (provider?.health().messages ?? 0) > messages);
    }
    timers.advance(100); // the emit the quiet book asked for
    expect(fake.sent.connections).toBe(1);
    expect(provider?.health().state).toBe('live');
    expect(books.length - count).toBeGreaterThanOrEqual(1);
    expect(books.length - count).toBeLessThanOrEqual(2);
    expect(books.at(-1)).toEqual(books[count - 1]);
  });

  it('heals a dropped stream from its clocks: only the changes made while away, ending with the fake state', async () => {
    await startFake();
    const { latest } = start({ backoff: { initialMs: 150, maxMs: 300 } });
    await waitFor('the image', () => Object.keys(pricesOf(latest())).length === 3);
    fake.setPrices('1.100', 1096, { back: [2.08, 700] });
    await waitFor('a first delta', () => pricesOf(latest())['1.100/1096'] === '2.08@70000 2.12@31020');
    const clockBefore = fake.clock;
    fake.dropConnections();
    // While the client is away: moves, a removed level, a new level, a suspended runner's removal.
    fake.setPrices('1.100', 1096, { back: [2.06, 55.5], lay: [2.1, 12] });
    fake.setPrices('1.100', 48351, { back: null });
    fake.setPrices('1.100', 58805, { lay: [3.5, 40.25] });
    fake.setPrices('1.100', 1096, { back: [2.04, 1000] });
    await waitFor('degraded while reconnecting', () => provider?.health().state === 'degraded');
    expect(provider?.health().detail).toMatch(/^Betfair stream (closed|connection failed)/);
    await waitFor('the resumed prices', () => pricesOf(latest())['1.100/1096'] === '2.04@100000 2.1@1200', 4000);
    expect(pricesOf(latest())).toEqual(fakePrices());
    expect(fake.sent).toMatchObject({ images: 1, resubs: 1, connections: 2 });
    const subs = fake.streamRequests.filter((r) => r.op === 'marketSubscription').map((r) => r.body);
    expect(subs).toHaveLength(2);
    expect(Buffer.from(String(subs[1]?.clk), 'base64').toString()).toBe(`clk:${clockBefore}`);
    expect(subs[1]?.initialClk).toBeDefined();
    await waitFor('live again', () => provider?.health().state === 'live');
  });

  it('never gives a book half way through a segmented resubscription', async () => {
    await startFake();
    fake.addMarket({ ...footballMarket('1.101', '3501', KICK_OFF), eventName: 'Chelsea v Fulham' });
    const { books, latest } = start({ emitIntervalMs: 0, backoff: { initialMs: 50, maxMs: 100 } });
    await waitFor('the image', () => Object.keys(pricesOf(latest())).length === 6);
    fake.segmentMs = 80;
    fake.dropConnections();
    fake.setPrices('1.100', 1096, { back: [2.3, 10] });
    fake.setPrices('1.101', 1096, { back: [2.3, 10] });
    await waitFor('both moves', () => pricesOf(latest())['1.101/1096'] === '2.3@1000 2.12@31020', 3000);
    expect(fake.sent.resubs).toBe(1);
    for (const book of books) {
      const p = pricesOf(book);
      expect(p['1.100/1096']?.startsWith('2.3@') ?? false).toBe(p['1.101/1096']?.startsWith('2.3@') ?? false);
    }
  });

  it('treats silence past the heartbeats as a dead connection and reconnects', async () => {
    await startFake();
    const timers = manualTimers();
    const { latest } = start({ timers, silenceHeartbeats: 3 });
    await waitFor(
      'the image',
      () => latest() !== undefined,
      4000,
      () => timers.advance(10),
    );
    fake.silent = true;
    await pause(50); // a message already on its way
    // The silence limit (3 heartbeats of 200 ms) counts from the last message, a few ticks back.
    timers.advance(300);
    await pause(100);
    expect(provider?.health().state).toBe('live');
    timers.advance(300);
    expect(provider?.health().state).toBe('degraded');
    timers.advance(50); // the first backoff
    await waitFor('a second connection', () => fake.sent.connections === 2);
    fake.silent = false;
    await waitFor(
      'live again',
      () => provider?.health().state === 'live',
      4000,
      () => timers.advance(10),
    );
    expect(fake.sent.resubs).toBeGreaterThanOrEqual(1);
    expect(provider?.health().errors).toBeGreaterThanOrEqual(1);
  });

  it('goes down with a plain detail when Betfair refuses the session, and logs no secret', async () => {
    await startFake();
    const { logs } = start({ sessionToken: 'expired-secret-token' });
    await waitFor('down', () => provider?.health().state === 'down');
    const health = provider?.health();
    // The catalogue is read first (it names the markets to subscribe to): it is the one refusing.
    expect(health?.detail).toBe('Betfair refused the session: it has expired or is not valid');
    expect(health?.reason).toEqual({ kind: 'unavailable' });
    expect(providerNotice(must(health))).toBe(
      'Prices from the exchange stream are not available: rows from it are hidden until it is back.',
    );
    expect(JSON.stringify(health)).not.toContain('expired-secret-token');
    expect(logs.join('\n')).not.toContain('expired-secret-token');
    expect(logs.join('\n')).not.toContain(fake.appKey);
    const connections = fake.sent.connections;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.sent.connections).toBe(connections); // no reconnecting with a refused session
  });

  it('goes down when the stream alone refuses the session, and does not reconnect', async () => {
    await startFake();
    fake.refuseAuth = 'INVALID_SESSION_INFORMATION';
    start();
    await waitFor('down', () => provider?.health().state === 'down');
    expect(provider?.health().detail).toBe('Betfair refused the stream: the session has expired or is not valid');
    await pause(300);
    expect(fake.sent.connections).toBe(1);
  });

  it('logs in again with a username and password when the session is refused, then streams', async () => {
    await startFake();
    const { latest, logs } = start({ sessionToken: 'expired-secret-token', username: 'member', password: 'correct horse' });
    await waitFor('prices after logging in', () => Object.keys(pricesOf(latest())).length === 3);
    expect(provider?.health().state).toBe('live');
    expect(logs.join('\n')).not.toMatch(/correct horse|expired-secret-token|fake-login/);
  });

  it('goes down when the app key is refused, naming the key but not its value', async () => {
    await startFake();
    start({ appKey: 'wrong-key-value' });
    await waitFor('down', () => provider?.health().state === 'down');
    expect(provider?.health().detail).toBe('Betfair refused the app key: it is not valid');
  });

  it('gives onBook at most one book per interval, not one per message', async () => {
    await startFake();
    const { books, latest } = start({ emitIntervalMs: 250 });
    await waitFor('the image', () => latest() !== undefined);
    const before = books.length;
    const startedAt = Date.now();
    for (let i = 0; i < 40; i += 1) fake.setPrices('1.100', 1096, { back: [2 + i / 100, 100 + i] });
    await waitFor('the last price', () => pricesOf(latest())['1.100/1096'] === '2.39@13900 2.12@31020');
    const elapsed = Date.now() - startedAt;
    expect(books.length - before).toBeLessThanOrEqual(Math.ceil(elapsed / 250) + 1);
  });

  it('stop() closes the socket and leaves no timer behind', async () => {
    await startFake();
    const timers = countingTimers();
    const { books, latest } = start({ timers });
    await waitFor('the image', () => latest() !== undefined);
    await provider?.stop();
    expect(timers.pending).toBe(0);
    await waitFor('the fake to see the socket close', () => fake.connected === 0);
    const count = books.length;
    fake.setPrices('1.100', 1096, { back: [2.5, 10] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(books.length).toBe(count);
    expect(provider?.health().state).toBe('down');
  });

  it("subscribes to the catalogue's markets up to 48 hours ahead, earliest first, at most maxMarkets", async () => {
    await startFake();
    fake.addMarket({ ...footballMarket('1.140', '3540', KICK_OFF + 24 * HOUR), eventName: 'Chelsea v Fulham' });
    fake.addMarket({ ...footballMarket('1.150', '3550', KICK_OFF + 60 * HOUR), eventName: 'Everton v Brentford' });
    fake.addMarket(raceMarket('1.200', 'WIN', RACE));
    const { latest } = start();
    await waitFor('the image', () => Object.keys(pricesOf(latest())).length === 10);
    expect(subscriptions()[0]?.marketFilter).toEqual({ marketIds: ['1.200', '1.100', '1.140'] });
    expect(latest()?.events.map((e) => e.name)).not.toContain('Everton v Brentford');
    expect(catalogueReads()).toHaveLength(1);
    await provider?.stop();
    const capped = start({ maxMarkets: 2 });
    await waitFor('the capped image', () => Object.keys(pricesOf(capped.latest())).length === 7);
    expect(subscriptions().at(-1)?.marketFilter).toEqual({ marketIds: ['1.200', '1.100'] });
  });

  it('reports why it is not live as a structured reason, and a member reads reconnecting, never incomplete, while it reconnects', async () => {
    await startFake();
    const { latest } = start({ catalogueRefreshMs: 1000, requestTimeoutMs: 100 });
    await waitFor('the image', () => Object.keys(pricesOf(latest())).length === 3);
    expect(provider?.health()).toMatchObject({ state: 'live', reason: null });
    expect(providerNotice(must(provider).health())).toBeNull();
    // The catalogue's next read times out: the prices stream on, new markets may lack names.
    fake.httpDelayMs = 1000;
    await waitFor('the names unreadable', () => provider?.health().state === 'degraded', 4000);
    expect(provider?.health()).toMatchObject({ detail: 'Betfair market names could not be read', reason: { kind: 'incomplete' } });
    expect(providerNotice(must(provider).health())).toBe(
      'Prices from the exchange stream are up to date, but markets it has just added may not appear yet.',
    );
    // The stream drops while the names are still unreadable: reconnecting, whatever else is wrong.
    let seen: ReturnType<OddsProvider['health']> | undefined;
    fake.dropConnections();
    await waitFor('reconnecting', () => {
      const h = provider?.health();
      if (h?.reason?.kind === 'reconnecting') seen = h;
      return seen !== undefined;
    });
    expect(seen).toMatchObject({ state: 'degraded', detail: expect.stringMatching(/^Betfair stream (closed|connection failed)/) });
    expect(providerNotice(must(seen))).toBe('Prices from the exchange stream may be older than usual while we reconnect to it.');
    fake.httpDelayMs = 0;
  });

  it('subscribes again on the same connection when the catalogue lists a new market', async () => {
    await startFake();
    const { latest } = start({ catalogueRefreshMs: 1000 });
    await waitFor('the image', () => latest() !== undefined);
    fake.addMarket(raceMarket('1.300', 'WIN', RACE));
    await waitFor('the new race', () => latest()?.events.some((e) => e.sport === 'horse-racing') === true, 4000);
    expect(subscriptions().map((s) => s.marketFilter)).toEqual([{ marketIds: ['1.100'] }, { marketIds: ['1.300', '1.100'] }]);
    // A new subscription starts from a full image: the old subscription's clocks do not apply to it.
    expect(subscriptions()[1]).not.toHaveProperty('clk');
    expect(fake.sent).toMatchObject({ connections: 1, images: 2 });
    expect(pricesOf(latest())).toEqual(fakePrices());
  });

  it('reads the catalogue again after the backoff, not the refresh interval, while nothing streams yet', async () => {
    await startFake();
    fake.httpDelayMs = 1000; // the first read times out
    const timers = manualTimers();
    start({ timers, requestTimeoutMs: 100, backoff: { initialMs: 50, maxMs: 200 } });
    await waitFor('the first read to fail', () => provider?.health().detail === 'Betfair market names could not be read');
    expect(fake.sent.connections).toBe(0);
    fake.httpDelayMs = 0;
    timers.advance(50);
    await waitFor(
      'live',
      () => provider?.health().state === 'live',
      4000,
      () => timers.advance(10),
    );
    expect(catalogueReads()).toHaveLength(2);
  });

  it('keeps its subscription when the catalogue lists the same markets in another order', async () => {
    await startFake();
    fake.addMarket(raceMarket('1.200', 'WIN', RACE));
    const timers = manualTimers();
    const { latest } = start({ timers, catalogueRefreshMs: 1000 });
    await waitFor(
      'the image',
      () => latest() !== undefined,
      4000,
      () => timers.advance(10),
    );
    expect(subscriptions()[0]?.marketFilter).toEqual({ marketIds: ['1.200', '1.100'] });
    fake.addMarket(raceMarket('1.200', 'WIN', KICK_OFF + HOUR)); // the race now starts after the match
    timers.advance(1000);
    await waitFor('the second catalogue read', () => catalogueReads().length === 2);
    await pause(200);
    expect(subscriptions()).toHaveLength(1);
    expect(fake.sent.images).toBe(1);
  });

  it('logs in again when the catalogue refuses the session, then reads it with the new one', async () => {
    await startFake();
    const { latest } = start({ username: 'member', password: 'correct horse', catalogueRefreshMs: 1000 });
    await waitFor('the image', () => latest() !== undefined);
    fake.expireSessions();
    await waitFor('a catalogue read with a new session', () =>
      catalogueReads().some((r) => r.headers['x-authentication'] === 'fake-login-1'),
    );
    expect(fake.httpRequests.filter((r) => r.operation === 'login')).toHaveLength(1);
    await waitFor('live', () => provider?.health().state === 'live');
  });

  it('stop() waits for a login a failed keep-alive started, and starts none after', async () => {
    await startFake();
    const timers = countingTimers();
    const { latest } = start({ timers, username: 'member', password: 'correct horse', keepAliveMs: 1000 });
    await waitFor('the image', () => latest() !== undefined);
    fake.expireSessions();
    fake.httpDelayMs = 150;
    await waitFor('a keep-alive', () => fake.httpRequests.some((r) => r.operation === 'keepAlive'), 3000);
    await provider?.stop();
    const requests = fake.httpRequests.length;
    await pause(400);
    expect(fake.httpRequests.slice(requests).map((r) => r.operation)).toEqual([]);
    expect(timers.pending).toBe(0);
  });

  it('keeps the session alive with the token it was given', async () => {
    await startFake();
    const { latest } = start({ keepAliveMs: 1000 });
    await waitFor('the image', () => latest() !== undefined);
    await waitFor('a keep-alive', () => fake.httpRequests.some((r) => r.operation === 'keepAlive'), 3000);
    const call = fake.httpRequests.find((r) => r.operation === 'keepAlive');
    expect(call?.headers['x-authentication']).toBe(fake.session);
    expect(call?.headers['x-application']).toBe(fake.appKey);
  });

  it('says so when Betfair reports its own prices late (status 503), and recovers', async () => {
    await startFake();
    const { latest } = start();
    await waitFor('the image', () => latest() !== undefined);
    fake.late = true;
    fake.setPrices('1.100', 1096, { back: [2.2, 10] });
    await waitFor('degraded', () => provider?.health().state === 'degraded');
    expect(provider?.health().detail).toBe('Betfair says its prices are running late');
    expect(provider?.health().reason).toEqual({ kind: 'late' });
    expect(providerNotice(must(provider).health())).toBe(
      'Prices from the exchange stream are arriving late: they may be older than usual.',
    );
    fake.late = false;
    fake.setPrices('1.100', 1096, { back: [2.22, 10] });
    await waitFor('live', () => provider?.health().state === 'live');
  });

  it('goes down at once on a subscription limit and tries again only after a long wait', async () => {
    await startFake();
    fake.addMarket(raceMarket('1.200', 'WIN', RACE));
    fake.marketLimit = 1;
    const timers = manualTimers();
    start({ timers, backoff: { initialMs: 20, maxMs: 400 }, limitRetryMs: 600_000 });
    await waitFor('down', () => provider?.health().state === 'down');
    expect(provider?.health().detail).toBe(
      'Betfair refused the subscription: too many markets for this account; trying again in 10 minutes',
    );
    expect(provider?.health().reason).toEqual({ kind: 'unavailable', until: timers.now() + 600_000 });
    timers.advance(360_000);
    expect(provider?.health().detail).toMatch(/; trying again in 4 minutes$/);
    timers.advance(239_999);
    await pause(100);
    expect(fake.sent.connections).toBe(1);
    fake.marketLimit = null;
    timers.advance(1);
    expect(provider?.health().detail).toMatch(/; trying again now$/);
    await waitFor(
      'live after the wait',
      () => provider?.health().state === 'live',
      4000,
      () => timers.advance(10),
    );
    expect(fake.sent.connections).toBe(2);
  });

  it('retries an unreachable Betfair with a doubling backoff, degraded and then down', async () => {
    await startFake();
    // A port nothing listens on (the catalogue is still read from the fake).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const waits: number[] = [];
    const timers: Timers = { ...systemTimers, setTimeout: (fn, ms) => (waits.push(ms), systemTimers.setTimeout(fn, ms)) };
    start({ streamPort: port, timers, backoff: { initialMs: 40, maxMs: 160 }, downAfterMs: 250 });
    await waitFor('degraded', () => provider?.health().state === 'degraded');
    expect(provider?.health().detail).toMatch(/^Betfair stream connection failed \(ECONNREFUSED\)/);
    await waitFor('down', () => provider?.health().state === 'down', 3000);
    await waitFor('five attempts', () => waits.filter((ms) => [40, 80, 160].includes(ms)).length >= 5, 3000);
    expect(waits.filter((ms) => [40, 80, 160].includes(ms)).slice(0, 5)).toEqual([40, 80, 160, 160, 160]);
    expect(provider?.health().errors).toBeGreaterThanOrEqual(5);
  });

  it('refuses bad options with a typed error naming each field', () => {
    const bad = (): OddsProvider =>
      createBetfairProvider({
        appKey: '',
        heartbeatMs: 1.5,
        commission: 1.2,
        backoff: { initialMs: 500, maxMs: 100 },
      } as BetfairProviderOptions);
    expect(bad).toThrow(MatchkitValidationError);
    try {
      bad();
    } catch (error) {
      expect((error as MatchkitValidationError).issues.map((i) => i.path)).toEqual([
        'appKey',
        'sessionToken',
        'commission',
        'heartbeatMs',
        'backoff.maxMs',
      ]);
    }
  });
});
