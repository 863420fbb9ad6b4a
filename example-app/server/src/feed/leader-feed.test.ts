// Two feeds on one PubSub, as two processes would be: only the leader runs its providers; the other
// mirrors it (its snapshot in parts, then the patches), heals a lost patch from a new snapshot, and
// takes over when leadership moves.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedPatch } from '@matchkit/sdk/feed';
import { createLogger } from '../logger';
import { createMemoryPubSub, type PubSub, type PubSubPayload } from '../pubsub/index';
import { createLeaderFeed, type LeaderFeed } from './leader-feed';
import { createProviderFeed, type ProviderFeed } from './provider-feed';
import { footballMatch, manualLeaderFeed, type ManualProvider } from './testing';
import { startOddsApiFake } from './odds-api/fake';
import { createOddsApiProvider, type OddsApiPacing, type OddsApiProviderOptions, type OddsApiSportBook } from './odds-api/provider';

const TOPIC = 'odds:patches';
const KICK_OFF = Date.parse('2026-12-05T15:00:00Z');
const NOW = KICK_OFF - 3_600_000;

interface Process {
  /** The provider of the feed of real prices built last (a new one each time the process leads). */
  readonly provider: ManualProvider;
  /** The feed of real prices built last. */
  readonly real: ProviderFeed;
  feed: LeaderFeed;
  /** Publishes the feed's patches while it leads (what the feed module does), unless told to drop one. */
  drop: Set<number>;
}

const open: { feeds: LeaderFeed[]; pubSub: PubSub }[] = [];
afterEach(async () => {
  for (const { feeds, pubSub } of open.splice(0)) {
    for (const f of feeds) f.stop();
    await pubSub.close();
  }
});

function process(pubSub: PubSub, clock: () => number): Process {
  const built = manualLeaderFeed({ pubSub, patchTopic: TOPIC, clock, healthEveryMs: 1000 });
  const { feed } = built;
  const drop = new Set<number>();
  let leads = false;
  const setLeader = feed.setLeader.bind(feed);
  feed.setLeader = (leader) => {
    leads = leader;
    setLeader(leader);
  };
  feed.onPatch((p: FeedPatch) => {
    // A patch over the PubSub's limit is lost, as a dropped one is: followers resync.
    if (leads && !drop.has(p.seq)) pubSub.publish(TOPIC, p as unknown as PubSubPayload).catch(() => undefined);
  });
  return {
    get provider() {
      return built.provider;
    },
    get real() {
      return built.real;
    },
    feed,
    drop,
  };
}

async function twoProcesses() {
  let now = NOW;
  const clock = () => now;
  const pubSub = createMemoryPubSub({ maxPayloadBytes: 2500 });
  const a = process(pubSub, clock);
  const b = process(pubSub, clock);
  open.push({ feeds: [a.feed, b.feed], pubSub });
  a.feed.setLeader(true);
  a.feed.start();
  a.provider.send([footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, NOW), footballMatch('a2', 'Leeds', 'Hull', KICK_OFF, NOW)]);
  a.provider.setHealth({ state: 'live', lastBookAt: NOW, requests: 3 });
  a.real.tick();
  b.feed.start();
  const tick = (p: Process) => {
    now += 500;
    return p.real.tick();
  };
  return { a, b, tick, pubSub, clock, advance: (ms: number) => (now += ms) };
}

const settled = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 5 });

describe('real prices with several processes', () => {
  it('only the leader runs its providers; a follower takes its snapshot in parts, then its patches', async () => {
    const { a, b, tick } = await twoProcesses();
    expect(a.provider.running).toBe(true);
    expect(b.provider.running).toBe(false);
    // The snapshot, larger than the PubSub's limit (2500 bytes here), came in parts.
    await settled(() => expect(b.feed.snapshot()).toEqual(a.feed.snapshot()));
    expect(JSON.stringify(a.feed.snapshot()).length).toBeGreaterThan(2500);
    expect(b.feed.health()).toEqual(a.feed.health());
    a.provider.send([footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, NOW + 400)]);
    tick(a);
    tick(a);
    await settled(() => expect(b.feed.snapshot()).toEqual(a.feed.snapshot()));
    expect(b.feed.snapshot().market.events.map((e) => e.id)).toEqual(['football/2026-12-05/arsenal-v-chelsea']);
  });

  it('a follower that misses a patch resyncs from a new snapshot', async () => {
    const { a, b, tick } = await twoProcesses();
    await settled(() => expect(b.feed.snapshot().seq).toBe(a.feed.snapshot().seq));
    a.drop.add(a.feed.snapshot().seq + 1);
    a.provider.send([footballMatch('a3', 'Hull', 'Leeds', KICK_OFF, NOW + 1)]);
    tick(a);
    tick(a);
    tick(a);
    await settled(() => expect(b.feed.snapshot()).toEqual(a.feed.snapshot()));
    expect(b.feed.snapshot().market.events.map((e) => e.id)).toEqual(['football/2026-12-05/hull-v-leeds']);
  });

  it('when leadership moves, the new leader starts its providers and the old one mirrors it', async () => {
    const { a, b, tick } = await twoProcesses();
    await settled(() => expect(b.feed.snapshot().seq).toBe(a.feed.snapshot().seq));
    a.feed.setLeader(false);
    b.feed.setLeader(true);
    expect(b.provider.running).toBe(true);
    b.provider.send([footballMatch('b1', 'Spurs', 'Fulham', KICK_OFF, NOW + 2000)]);
    tick(b);
    await settled(() => expect(a.feed.snapshot()).toEqual(b.feed.snapshot()));
    expect(a.feed.snapshot().market.events.map((e) => e.id)).toEqual(['football/2026-12-05/tottenham-hotspur-v-fulham']);
  });
});

describe('failover with three processes (review H1, M5a, M5b)', () => {
  async function threeProcesses() {
    const two = await twoProcesses();
    const c = process(two.pubSub, two.clock);
    open.push({ feeds: [c.feed], pubSub: two.pubSub });
    c.feed.start();
    return { ...two, c };
  }

  it('when the leader dies, the other followers end on the new leader’s state', async () => {
    const { a, b, c, tick } = await threeProcesses();
    // The old leader has published for a while: its seq is well past where b's would start.
    for (let i = 0; i < 20; i += 1) tick(a);
    await settled(() => expect(c.feed.snapshot()).toEqual(a.feed.snapshot()));
    await settled(() => expect(b.feed.snapshot()).toEqual(a.feed.snapshot()));
    // a dies (it publishes nothing more); b takes the lock.
    a.feed.stop();
    b.feed.setLeader(true);
    b.provider.send([footballMatch('b1', 'Spurs', 'Fulham', KICK_OFF, NOW + 20_000)]);
    b.provider.setHealth({ state: 'live', lastBookAt: NOW + 20_000, requests: 1 });
    tick(b);
    tick(b);
    // c, which never led, follows b: its mirror, not b's own snapshot, is what is checked.
    await settled(() => expect(c.feed.snapshot().market).toEqual(b.feed.snapshot().market));
    expect(c.feed.snapshot().market.events.map((e) => e.id)).toEqual(['football/2026-12-05/tottenham-hotspur-v-fulham']);
    // Later patches still reach c.
    b.provider.send([footballMatch('b2', 'Leeds', 'Hull', KICK_OFF, NOW + 21_000)]);
    tick(b);
    await settled(() => expect(c.feed.snapshot()).toEqual(b.feed.snapshot()));
    expect(c.feed.snapshot().market.events.map((e) => e.id)).toEqual(['football/2026-12-05/leeds-v-hull']);
    // The new leader's sequence is past anything the old leader published.
    expect(b.feed.snapshot().seq).toBeGreaterThan(a.real.snapshot().seq);
  });

  it('a process that loses the lead stops its providers; it starts fresh ones when it leads again', async () => {
    const { a, b, tick } = await twoProcesses();
    const first = a.provider;
    expect(first.running).toBe(true);
    const leading = a.feed.health();
    expect(leading[0]?.state).toBe('live');
    a.feed.setLeader(false);
    // Until the new leader's snapshot comes, it tells what it last knew, not the start's "starting".
    expect(a.feed.health()).toEqual(leading);
    b.feed.setLeader(true);
    expect(first.running).toBe(false);
    b.feed.setLeader(false);
    a.feed.setLeader(true);
    expect(first.running).toBe(false);
    expect(a.provider.running).toBe(true);
    a.provider.send([footballMatch('a9', 'Leeds', 'Hull', KICK_OFF, NOW + 3000)]);
    tick(a);
    await settled(() => expect(b.feed.snapshot()).toEqual(a.feed.snapshot()));
    expect(b.feed.snapshot().market.events.map((e) => e.id)).toEqual(['football/2026-12-05/leeds-v-hull']);
  });

  it('a follower reports the providers down when its leader falls silent, and live once it speaks', async () => {
    const { a, b, tick, advance } = await twoProcesses();
    await settled(() => expect(b.feed.health()).toEqual(a.feed.health()));
    expect(b.feed.health()[0]?.state).toBe('live');
    // Silent for three health periods (1 s here): still live; one more millisecond, and down.
    advance(3000);
    expect(b.feed.health()[0]?.state).toBe('live');
    advance(1);
    expect(b.feed.health()[0]).toMatchObject({
      state: 'down',
      detail: expect.stringMatching(/not been heard from for 3 seconds/),
      reason: { kind: 'unavailable' },
    });
    // A patch from the leader is word from it.
    tick(a);
    await settled(() => expect(b.feed.health()[0]?.state).toBe('live'));
  });
});

describe('a new leader’s Odds API prices', () => {
  it('are the old leader’s last answers at their age, served at once, without a credit spent', async () => {
    const at = Date.UTC(2026, 11, 3, 9, 0, 0);
    let now = at;
    const clock = () => now;
    const fake = await startOddsApiFake({ apiKey: 'leader-test-key-0123456789', at, credits: 10_000_000 });
    // What the processes share: the database's pacing and books (tables odds_api_pacing, odds_api_books).
    let pacing: OddsApiPacing | null = null;
    const books = new Map<string, OddsApiSportBook>();
    const stores: Pick<OddsApiProviderOptions, 'pacing' | 'books'> = {
      pacing: { load: async () => pacing, save: async (p) => void (pacing = p) },
      books: { load: async () => Object.fromEntries(books), save: async (sport, book) => void books.set(sport, book) },
    };
    const pubSub = createMemoryPubSub();
    const leaderFeed = () =>
      createLeaderFeed({
        createReal: (seqFloor) =>
          createProviderFeed({
            providers: [
              createOddsApiProvider({
                apiKey: 'leader-test-key-0123456789',
                baseUrl: fake.url,
                sports: ['soccer_epl', 'soccer_efl_champ', 'tennis_atp_*'],
                clock,
                logger: createLogger('silent'),
                ...stores,
              }),
            ],
            clock,
            logger: createLogger('silent'),
            publishIntervalMs: 50,
            seqFloor,
          }),
        pubSub,
        patchTopic: TOPIC,
        logger: createLogger('silent'),
        clock,
      });
    const a = leaderFeed();
    const b = leaderFeed();
    open.push({ feeds: [a, b], pubSub });
    try {
      a.start();
      b.start();
      a.setLeader(true);
      await settled(() => expect(a.snapshot().market.events).toHaveLength(4));
      const paid = fake.used;
      expect(paid).toBe(6);
      await settled(() => expect(books.size).toBe(3));
      // The leader fails over 30 s later, within the pace (the configured interval, a minute): the
      // new leader polls nothing until the pace ends, and serves the kept answers meanwhile.
      now += 30_000;
      a.setLeader(false);
      b.setLeader(true);
      await settled(() => expect(b.snapshot().market.events).toHaveLength(4));
      expect(fake.used).toBe(paid);
      // Dated as the provider dated them, not as the failover.
      const dates = new Set(b.snapshot().market.backPrices.map((p) => p.updatedAt));
      expect([...dates].every((d) => d !== undefined && Date.parse(d) < at)).toBe(true);
      // Failed over again 16 minutes after the answers, while the odds service fails: the kept
      // answers are past the poll age (15 minutes), so the new leader shows none of them.
      now = at + 16 * 60_000;
      fake.fail(1000);
      const asked = fake.requests.length;
      b.setLeader(false);
      a.setLeader(true);
      await settled(() => expect(fake.requests.slice(asked).some((r) => r.status === 503)).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 200)); // several of its feed's publish ticks
      expect(a.snapshot().market.events).toEqual([]);
      expect(a.snapshot().market.backPrices).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
