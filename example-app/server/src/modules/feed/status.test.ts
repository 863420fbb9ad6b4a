// Issue 24: the feed's provenance and its providers' health, as a member reads them over GraphQL,
// from a FeedSource the test controls (real-looking prices from `odds-api` and `betfair`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedStatusQuery, londonDate } from '@matchkit/app-contract';
import { createSimulatedFeed, type FeedProviderHealth } from '@matchkit/app-contract/feed';
import { memberReason, providerNotice, providerStates } from './status';
import { createTestApp, memberWithPlan, testClock, type TestApp, type TestClock } from '../../test/app';
import { createTestFeed, providerHealth, providerMarket, type TestFeed } from '../../test/feed';
import { addMember } from '../../test/fixture-members';
import { eventStream } from '../../test/live-streams';
import { freePort } from '../../../../../scripts/services.mjs';

const PRICES = `query { oddsSnapshot {
  backPrices { key source updatedAt }
  exchangePrices { key source updatedAt }
} }`;

interface StatusData {
  readonly feedStatus: {
    readonly simulated: boolean;
    readonly providers: readonly { provider: string; state: string; since: string; detail: string | null }[];
  };
}

describe('the feed’s providers and the prices’ provenance over GraphQL', () => {
  let t: TestApp;
  let clock: TestClock;
  let feed: TestFeed;
  let member: string;
  let calculatorsOnly: string;
  const start = Date.parse('2026-03-02T10:00:00Z');
  beforeAll(async () => {
    clock = testClock(start);
    feed = createTestFeed(providerMarket(start), {
      at: start,
      health: [providerHealth('odds-api', 'live', start - 5_000), providerHealth('betfair', 'down', start - 600_000)],
    });
    t = await createTestApp({ clock, feed });
    member = await memberWithPlan(t, 'u_status', 'platinum');
    calculatorsOnly = await memberWithPlan(t, 'u_status_free', null);
  });
  afterAll(() => t.stop());

  it('refuses the status to a visitor (UNAUTHENTICATED) and to a member without a feed tool (FORBIDDEN), as the snapshot', async () => {
    const anon = await t.gql(FeedStatusQuery);
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(anon.data).toBeNull();
    const free = await t.gql(FeedStatusQuery, {}, { token: calculatorsOnly });
    expect(free.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(free.data).toBeNull();
  });

  it('tells a member each provider’s state, since when, and what it means, in plain words', async () => {
    const r = await t.gql<StatusData>(FeedStatusQuery, {}, { token: member });
    expect(r.errors).toBeUndefined();
    expect(r.data?.feedStatus).toEqual({
      simulated: false,
      providers: [
        {
          provider: 'betfair',
          state: 'down',
          since: '2026-03-02T10:00:00.000Z',
          detail: 'Prices from the exchange stream are not available: rows from it are hidden until it is back.',
        },
        { provider: 'odds-api', state: 'live', since: '2026-03-02T10:00:00.000Z', detail: null },
      ],
    });
  });

  it('answers an administrator, who holds no feed tool, through adminFeedStatus: the same providers; refused to a member', async () => {
    const admin = (await addMember(t, { username: 'status_admin', additionalCapabilities: ['PA-CAP-028'] })).token;
    expect((await t.gql(FeedStatusQuery, {}, { token: admin })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const ADMIN_STATUS = '{ adminFeedStatus { simulated providers { provider state since detail } } }';
    const r = await t.gql<{ adminFeedStatus: StatusData['feedStatus'] }>(ADMIN_STATUS, {}, { token: admin });
    expect(r.errors).toBeUndefined();
    const own = await t.gql<StatusData>(FeedStatusQuery, {}, { token: member });
    expect(r.data?.adminFeedStatus).toEqual(own.data?.feedStatus);
    expect((await t.gql(ADMIN_STATUS, {}, { token: member })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('keeps a state’s since while it holds, and moves it when the state changes', async () => {
    clock.advance(30_000);
    feed.move(feed.snapshot().market, clock());
    feed.setHealth([providerHealth('odds-api', 'degraded', start), providerHealth('betfair', 'down', start - 600_000)]);
    clock.advance(10_000);
    const r = await t.gql<StatusData>(FeedStatusQuery, {}, { token: member });
    expect(r.data?.feedStatus.providers.map((p) => [p.provider, p.state, p.since])).toEqual([
      ['betfair', 'down', '2026-03-02T10:00:00.000Z'],
      ['odds-api', 'degraded', '2026-03-02T10:00:40.000Z'],
    ]);
    expect(r.data?.feedStatus.providers[1]?.detail).toBe(
      'Prices from our bookmaker odds source are arriving late: they may be older than usual.',
    );
  });

  it('shows no counter, quota or provider detail: the type has only the member-safe fields', async () => {
    const r = await t.gql<{ __type: { fields: { name: string }[] } }>(
      '{ __type(name: "FeedProviderStatus") { fields { name } } }',
      {},
      { token: member },
    );
    expect(r.data?.__type.fields.map((f) => f.name)).toEqual(['provider', 'state', 'since', 'detail']);
    const status = await t.gql<StatusData>(FeedStatusQuery, {}, { token: member });
    expect(JSON.stringify(status.data)).not.toMatch(/HTTP|503|retries|upstream/);
  });

  it('sends each price’s source and update instant with the snapshot', async () => {
    const r = await t.gql<{
      oddsSnapshot: {
        backPrices: { key: string; source: string | null; updatedAt: string | null }[];
        exchangePrices: { key: string; source: string | null; updatedAt: string | null }[];
      };
    }>(PRICES, {}, { token: member });
    expect(r.errors).toBeUndefined();
    const s = r.data?.oddsSnapshot;
    expect(s?.backPrices).toContainEqual({ key: 'alder-bet:pm1/mo/home', source: 'odds-api', updatedAt: '2026-03-02T09:59:20.000Z' });
    expect(s?.exchangePrices).toContainEqual({
      key: 'matchbook:win:pm1/mo/home',
      source: 'odds-api',
      updatedAt: '2026-03-02T09:59:20.000Z',
    });
    expect(s?.backPrices.every((p) => p.source === 'odds-api')).toBe(true);
    // Betfair is down: as the real feed does, its prices are gone (the banner says its rows are hidden).
    expect(s?.exchangePrices.filter((p) => p.source === 'betfair')).toEqual([]);
    expect(s?.exchangePrices.length).toBe(3);
  });

  it('sends them on the 1.0 oddsUpdated too, for each market a patch changed', async () => {
    const port = await freePort();
    await t.app.start(port, '127.0.0.1');
    const stream = await eventStream(
      `http://127.0.0.1:${port}`,
      member,
      'subscription { oddsUpdated { marketId selections { selectionId back { bookmaker source updatedAt } lay { exchange source updatedAt } } } }',
    );
    // The prices move (dated a second before the feed's time) until the first update arrives.
    const dates = new Set<string>();
    for (let i = 0; i < 50 && stream.events.length === 0; i++) {
      clock.advance(1_000);
      dates.add(new Date(clock() - 1_000).toISOString());
      feed.move(providerMarket(clock(), { backAgeMs: 1_000, layAgeMs: 1_000 }), clock());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stream.cancel();
    const update = stream.events[0]?.data as
      { oddsUpdated: { selections: { selectionId: string; back: object[]; lay: object[] }[] } } | undefined;
    const home = update?.oddsUpdated.selections.find((x) => x.selectionId === 'pm1/mo/home');
    const back = home?.back.find((p) => (p as { bookmaker: string }).bookmaker === 'alder-bet') as { updatedAt: string } | undefined;
    expect(back).toMatchObject({ source: 'odds-api' });
    expect(dates.has(back?.updatedAt ?? '')).toBe(true);
    expect(home?.lay).toEqual([{ exchange: 'matchbook', source: 'odds-api', updatedAt: back?.updatedAt }]);
  });
});

// The providers' own reasons (server/src/feed: odds-api/provider.ts, betfair/betfair.ts,
// provider-feed.ts, leader-feed.ts set them); their details are for operators, never read here.
const RENEWS = Date.parse('2026-04-01T09:00:00Z');
const renewal = londonDate(RENEWS);

describe('what a provider’s reason means for a member', () => {
  it('reads the reason the provider reports, its renewal instant as a UK date', () => {
    expect(renewal).toBe('Wednesday, 1 April 2026');
    const reason = (state: 'degraded' | 'down', r: FeedProviderHealth['reason']) => memberReason({ state, reason: r });
    expect(reason('degraded', { kind: 'rationed', until: RENEWS })).toEqual({ kind: 'rationed', until: renewal });
    expect(reason('down', { kind: 'paused', until: RENEWS })).toEqual({ kind: 'paused', until: renewal });
    expect(reason('degraded', { kind: 'incomplete' })).toEqual({ kind: 'incomplete' });
    expect(reason('degraded', { kind: 'reconnecting' })).toEqual({ kind: 'reconnecting' });
    expect(reason('degraded', { kind: 'late', until: RENEWS })).toEqual({ kind: 'late' });
    expect(reason('down', { kind: 'unavailable', until: RENEWS })).toEqual({ kind: 'unavailable' });
    // A provider that gives no reason: down is unavailable, anything else late.
    expect(reason('down', null)).toEqual({ kind: 'unavailable' });
    expect(reason('degraded', null)).toEqual({ kind: 'late' });
    // Health from a leader of an earlier release, without the field: read as no reason, never a throw.
    const older = { state: 'degraded' } as Pick<FeedProviderHealth, 'state' | 'reason'>;
    expect(memberReason(older)).toEqual({ kind: 'late' });
    // ... and from a newer leader, with a kind this release does not know: read as no reason too.
    const newer = (state: 'degraded' | 'down') =>
      ({ state, reason: { kind: 'throttled' } }) as unknown as Pick<FeedProviderHealth, 'state' | 'reason'>;
    expect(memberReason(newer('degraded'))).toEqual({ kind: 'late' });
    expect(memberReason(newer('down'))).toEqual({ kind: 'unavailable' });
  });

  it('never reads the operators’ words: a detail that sounds like another reason changes nothing', () => {
    const health = {
      ...providerHealth('betfair', 'degraded', 0),
      detail: 'Betfair market names could not be read (TOO_MUCH_DATA); renews on Wednesday, 1 April 2026',
      reason: { kind: 'reconnecting' } as const,
    };
    expect(providerNotice(health)).toBe('Prices from the exchange stream may be older than usual while we reconnect to it.');
  });

  it('tells a member a rationed source lasts until its renewal, and a catalogue failure leaves prices live, by configured names', () => {
    const health = [
      { ...providerHealth('betfair', 'degraded', 0), reason: { kind: 'incomplete' } as const },
      { ...providerHealth('odds-api', 'degraded', 0), reason: { kind: 'rationed', until: RENEWS } as const },
    ];
    const feed = createTestFeed(providerMarket(0), { at: 0, health });
    const details = providerStates(feed, () => 0, { betfair: 'the Exchange' })
      .observe()
      .map((p) => p.detail);
    expect(details).toEqual([
      'Prices from the Exchange are up to date, but markets it has just added may not appear yet.',
      `Prices from our bookmaker odds source are refreshed less often than usual until ${renewal}, so they may be a few minutes old.`,
    ]);
  });
});

describe('the simulated feed’s status', () => {
  let t: TestApp;
  afterAll(() => t.stop());

  it('is simulated, with no provider, and its prices carry no provenance', async () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    t = await createTestApp({ clock, feed: createSimulatedFeed({ seed: 5, clock, eventCount: 10 }) });
    const member = await memberWithPlan(t, 'u_sim', 'platinum');
    const status = await t.gql<StatusData>(FeedStatusQuery, {}, { token: member });
    expect(status.data?.feedStatus).toEqual({ simulated: true, providers: [] });
    const prices = await t.gql<{ oddsSnapshot: { backPrices: { source: string | null; updatedAt: string | null }[] } }>(
      PRICES,
      {},
      { token: member },
    );
    expect(prices.data?.oddsSnapshot.backPrices.length).toBeGreaterThan(0);
    expect(prices.data?.oddsSnapshot.backPrices.every((p) => p.source === null && p.updatedAt === null)).toBe(true);
  });
});
