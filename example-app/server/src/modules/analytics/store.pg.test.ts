// Uploads stored at once by two server processes on real PostgreSQL (a database of its own on the
// test run's cluster, test/postgres.ts), each with its own connection pool: batches that overlap in
// days, campaigns, pages and events, and batches sent twice at once (the same insert ids, in the
// same or the reverse order), as a browser that retries while its first upload is still in flight.
// Guards: storeEvents' rollups equal what the raw events say, with no upload failing on another's
// (a batch sent again in another order while the first was in flight deadlocked one of the two).
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { analyticsEvents, users } from '../../db/schema';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../test/postgres';
import { keepEvents, type UploadedEvent } from './events';
import { storeEvents, type StoredCounts } from './store';

const SECRET = 'store-pg-secret';
const RECEIVED = Date.parse('2026-03-04T12:00:00Z');
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];
/** The campaigns devices come from, as the user properties the sdk sends, and their stored labels. */
const CAMPAIGNS = [
  { props: { utm_source: 'spring-mail', utm_medium: 'email', utm_campaign: 'launch' }, label: ['spring-mail', 'email', 'launch'] },
  { props: { utm_source: 'search-ads', utm_medium: 'cpc', utm_campaign: 'brand' }, label: ['search-ads', 'cpc', 'brand'] },
  { props: null, label: ['(direct)', '(none)', '(none)'] },
] as const;
const DEVICES = 12;
/** The devices that are members' (their uploads come with the member's session). */
const MEMBER_DEVICES = new Map([
  [10, 'u_store_pg_10'],
  [11, 'u_store_pg_11'],
]);
const TYPES = ['page_view', 'click', 'custom_thing'];
const PATHS = ['/calculator', '/pro', '/'];
/** The rollup's type of an event type: the app's own by name, any other as `other`. */
const rolledType = (type: string) => (type === 'custom_thing' ? 'other' : type);

/** A session id (more than 0) names its device: device * 1000 + day * 10 + session of the day (1 or 2). */
const deviceOfSession = (session: number) => Math.floor(session / 1000);
const campaignOf = (device: number) => CAMPAIGNS[device % CAMPAIGNS.length] ?? CAMPAIGNS[0];

interface Upload {
  readonly events: UploadedEvent[];
  readonly viewerId: string | null;
}

/** A small deterministic random (mulberry32), so a failure can be run again as it was. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('uploads stored at once by two processes on PostgreSQL', () => {
  const made: { pg: TestPostgresDatabase; pools: Database[] }[] = [];
  afterAll(async () => {
    for (const { pg, pools } of made) {
      for (const pool of pools) await pool.close();
      await pg.drop();
    }
  });

  /** A fresh migrated database with the two members, and two processes' pools on it. */
  async function twoProcesses(): Promise<[Database, Database]> {
    const pg = await createTestPostgresDatabase({ migrated: true });
    const pools: Database[] = [];
    made.push({ pg, pools });
    for (let i = 0; i < 2; i++) pools.push(await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 }));
    const [a, b] = pools as [Database, Database];
    for (const id of MEMBER_DEVICES.values()) {
      await a.db.insert(users).values({
        id,
        email: `${id}@example.test`,
        username: id,
        firstName: 'Test',
        lastName: 'Member',
        passwordHash: 'x',
        referralCode: id.toUpperCase(),
        adultConfirmedAt: new Date(RECEIVED),
        createdAt: new Date(RECEIVED),
      });
    }
    return [a, b];
  }

  /** Every device's events: two sessions a day on each of three days, four events a session. */
  function allEvents(): { device: number; event: UploadedEvent }[] {
    const out: { device: number; event: UploadedEvent }[] = [];
    for (let device = 0; device < DEVICES; device++) {
      const { props } = campaignOf(device);
      const member = MEMBER_DEVICES.get(device);
      for (const [d, day] of DAYS.entries()) {
        for (let s = 0; s < 2; s++) {
          const session = device * 1000 + d * 10 + s + 1;
          for (let n = 0; n < 4; n++) {
            out.push({
              device,
              event: {
                event_type: TYPES[(device + n) % TYPES.length] ?? 'page_view',
                device_id: `store-pg-device-${device}`,
                session_id: session,
                time: Date.parse(`${day}T09:00:00Z`) + device * 60_000 + s * 3_600_000 + n * 1_000,
                insert_id: `store-pg-${device}-${d}-${s}-${n}`,
                event_properties: { path: PATHS[(device + s + n) % PATHS.length] },
                ...(props === null ? {} : { user_properties: props }),
                ...(member === undefined ? {} : { user_id: member }),
              },
            });
          }
        }
      }
    }
    return out;
  }

  /**
   * The uploads: each owner's events (a member's, or the visitors') shuffled into batches of about
   * ten, each batch with a few events of another batch of the owner's; a third of the batches sent
   * again, as they are or reversed.
   */
  function uploads(next: () => number): Upload[] {
    const events = allEvents();
    const owners = new Map<string | null, UploadedEvent[]>();
    for (const { device, event } of events) {
      const owner = MEMBER_DEVICES.get(device) ?? null;
      (owners.get(owner) ?? owners.set(owner, []).get(owner))?.push(event);
    }
    const out: Upload[] = [];
    for (const [viewerId, own] of owners) {
      const shuffled = [...own];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j] as UploadedEvent, shuffled[i] as UploadedEvent];
      }
      const batches: UploadedEvent[][] = [];
      for (let i = 0; i < shuffled.length; i += 10) batches.push(shuffled.slice(i, i + 10));
      for (const [i, batch] of batches.entries()) {
        const other = batches[(i + 1) % batches.length] ?? [];
        const overlap = batches.length > 1 ? other.slice(0, 3) : [];
        out.push({ events: [...batch, ...overlap], viewerId });
      }
    }
    const again = out.filter((_, i) => i % 3 === 0).map((u, i) => ({ ...u, events: i % 2 === 0 ? u.events : [...u.events].reverse() }));
    // Each batch sent again right beside its first sending.
    return out.flatMap((u) => {
      const j = out.indexOf(u);
      const repeat = j % 3 === 0 ? again[j / 3] : undefined;
      return repeat === undefined ? [u] : [u, repeat];
    });
  }

  async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  // Guards: the rollups' upserts (counted once per new event and visit) under uploads in parallel.
  it('rolls up exactly what the raw events hold, and no upload fails', async () => {
    const [a, b] = await twoProcesses();
    const all = allEvents();
    const batches = uploads(random(25));
    const settled = await Promise.allSettled(
      batches.map((u, i) =>
        storeEvents(
          (i % 2 === 0 ? a : b).db,
          keepEvents(u.events, { secret: SECRET, viewerId: u.viewerId, receivedAt: RECEIVED }),
          u.viewerId === null ? 'visitor' : 'pro',
        ),
      ),
    );
    const failed = settled.flatMap((s) => (s.status === 'rejected' ? [String((s.reason as Error).cause ?? s.reason)] : []));
    expect(failed).toEqual([]);
    const stored = settled.map((s) => (s as PromiseFulfilledResult<StoredCounts>).value);
    const sessions = new Set(all.map(({ event }) => event.session_id));
    // Each event and each visit was new to exactly one upload.
    expect(stored.reduce((n, s) => n + s.events, 0)).toBe(all.length);
    expect(stored.reduce((n, s) => n + s.visits, 0)).toBe(sessions.size);

    const raw = await rows<{ insert_id: string; event_type: string; day: string; page: string | null; session_id: number }>(
      a,
      sql`select insert_id, event_type, day::text as day, page, session_id from analytics_events`,
    );
    expect(raw.map((r) => r.insert_id).sort()).toEqual(all.map(({ event }) => event.insert_id as string).sort());

    // Events by day, type and page (all tiers): as counted from the raw events.
    const expectedEvents = new Map<string, number>();
    for (const r of raw) {
      const key = [r.day, rolledType(r.event_type), r.page ?? '(none)'].join(' | ');
      expectedEvents.set(key, (expectedEvents.get(key) ?? 0) + 1);
    }
    const rolledEvents = await rows<{ key: string; events: number }>(
      b,
      sql`select day::text || ' | ' || event_type || ' | ' || page as key, sum(events)::int as events
          from analytics_daily_events group by 1`,
    );
    expect(new Map(rolledEvents.map((r) => [r.key, r.events]))).toEqual(expectedEvents);

    // Visits by day and campaign: the raw events' sessions, each under its device's campaign.
    const firstDay = new Map<number, string>();
    for (const r of raw) if (!firstDay.has(r.session_id) || (firstDay.get(r.session_id) ?? '') > r.day) firstDay.set(r.session_id, r.day);
    const expectedVisits = new Map<string, number>();
    for (const [session, day] of firstDay) {
      const key = [day, ...campaignOf(deviceOfSession(session)).label].join(' | ');
      expectedVisits.set(key, (expectedVisits.get(key) ?? 0) + 1);
    }
    const rolledVisits = await rows<{ key: string; visits: number }>(
      b,
      sql`select concat_ws(' | ', day::text, source, medium, campaign) as key, visits from analytics_daily_visits`,
    );
    expect(new Map(rolledVisits.map((r) => [r.key, r.visits]))).toEqual(expectedVisits);
    expect((await rows<{ n: number }>(a, sql`select count(*)::int as n from analytics_visits`))[0]?.n).toBe(sessions.size);

    // Each device's first and latest campaign is its one campaign; each member came from their device's.
    const devices = await rows<{ first: string; latest: string }>(
      a,
      sql`select concat_ws(' | ', first_source, first_medium, first_campaign) as first, concat_ws(' | ', source, medium, campaign) as latest
          from analytics_devices order by first`,
    );
    expect(devices).toHaveLength(DEVICES);
    const labels = Array.from({ length: DEVICES }, (_, d) => campaignOf(d).label.join(' | ')).sort();
    expect(devices.map((d) => d.first)).toEqual(labels);
    expect(devices.map((d) => d.latest)).toEqual(labels);
    const attribution = await rows<{ user_id: string; label: string }>(
      a,
      sql`select user_id, concat_ws(' | ', source, medium, campaign) as label from member_attribution order by user_id`,
    );
    expect(attribution).toEqual(
      [...MEMBER_DEVICES].map(([device, userId]) => ({ user_id: userId, label: campaignOf(device).label.join(' | ') })),
    );
  });
  // Guards: the events' insert order (by insert id), without which this deadlocked one sending.
  it('stores a batch sent again in the reverse order while the first sending waits: neither fails', async () => {
    const [a, b] = await twoProcesses();
    const kept = (events: UploadedEvent[]) => keepEvents(events, { secret: SECRET, viewerId: null, receivedAt: RECEIVED });
    const event = (insertId: string, n: number): UploadedEvent => ({
      event_type: 'page_view',
      device_id: 'store-pg-resent',
      session_id: 9_001,
      time: Date.parse('2026-03-03T10:00:00Z') + n,
      insert_id: insertId,
      event_properties: { path: '/pro' },
    });
    const [first, middle, last] = [event('resent-1', 0), event('resent-2', 1), event('resent-3', 2)];
    // A third upload holds the middle event, not yet committed: each sending inserts its first
    // event, then waits for that one.
    let commit: () => void = () => {};
    const held = new Promise<void>((resolve) => (commit = resolve));
    let inserted: () => void = () => {};
    const holding = new Promise<void>((resolve) => (inserted = resolve));
    const third = a.db.transaction(async (tx) => {
      const [row] = kept([middle]);
      if (row === undefined) throw new Error('no event');
      await tx.insert(analyticsEvents).values({ ...row, at: new Date(row.at), receivedAt: new Date(RECEIVED) });
      inserted();
      await held;
    });
    await holding;
    const sendings = Promise.allSettled([
      storeEvents(a.db, kept([first, middle, last]), 'visitor'),
      storeEvents(b.db, kept([last, middle, first]), 'visitor'),
    ]);
    // Both sendings wait on a row lock (on the third upload's event, or on each other's).
    await vi.waitFor(
      async () => {
        const waiting = await rows<{ n: number }>(
          a,
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into "analytics_events"%'`,
        );
        expect(waiting[0]?.n).toBe(2);
      },
      { timeout: 20_000, interval: 20 },
    );
    commit();
    await third;
    const settled = await sendings;
    expect(settled.map((s) => (s.status === 'rejected' ? String((s.reason as Error).cause ?? s.reason) : 'stored'))).toEqual([
      'stored',
      'stored',
    ]);
    // The two new events were new to one sending or the other, once.
    const counts = settled.map((s) => (s as PromiseFulfilledResult<StoredCounts>).value);
    expect(counts.reduce((n, c) => n + c.events, 0)).toBe(2);
    expect(counts.reduce((n, c) => n + c.visits, 0)).toBe(1);
    const raw = await rows<{ n: number }>(a, sql`select count(*)::int as n from analytics_events where device is not null`);
    expect(raw[0]?.n).toBe(3);
  });
});
