// The analytics store through the real endpoint and the real schema (PGlite): what is kept of an
// event, a re-sent batch counted once, the member only with their own session, campaigns to visits
// and to members, the funnel's milestones from the ledger, the dashboards for administrators only,
// the append-only tables, and retention.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, ledger } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';
import { deviceHash, keepEvents, londonDay } from './events';
import { ANALYTICS_PATH } from './ingest';
import { pruneAnalytics } from './store';

const FUNNEL = `query($from: String!, $to: String!) { adminFunnel(from: $from, to: $to) {
  from to
  total { visits registrations trials firstPayments secondPayments }
  byCampaign { source medium campaign counts { visits registrations trials firstPayments secondPayments } }
  byReferral { referred counts { visits registrations trials firstPayments secondPayments } }
} }`;
const USAGE = 'query($from: String!, $to: String!) { adminToolUsage(from: $from, to: $to) { page tier events } }';

interface Counts {
  visits: number | null;
  registrations: number;
  trials: number;
  firstPayments: number;
  secondPayments: number;
}
interface FunnelData {
  adminFunnel: {
    total: Counts;
    byCampaign: { source: string; medium: string; campaign: string; counts: Counts }[];
    byReferral: { referred: boolean; counts: Counts }[];
  };
}

let t: TestApp;
let admin: FixtureMember;
let counter = 0;

/** The test clock's now (2 March 2026, 10:00 UTC). */
const now = () => t.clock();

function event(fields: Record<string, unknown>): Record<string, unknown> {
  counter += 1;
  return { event_type: 'page_view', time: now(), insert_id: `ins-${counter}`, ...fields };
}

const upload = (events: Record<string, unknown>[], token?: string) =>
  t.request(ANALYTICS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ api_key: 'matchkit-web', events }),
  });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const today = () => londonDay(now());

beforeAll(async () => {
  t = await createTestApp();
  admin = await addMember(t, { additionalCapabilities: ['PA-CAP-028'] });
});
afterAll(() => t.stop());

describe('storing an upload', () => {
  it('keeps the type, instant, day, hashed device, session, app page and listed properties, nothing else', async () => {
    const res = await upload([
      event({
        device_id: 'device-keep-1',
        session_id: 1_000,
        event_properties: { path: '/guides/lay-betting?utm_source=x', label: 'Plans', email: 'someone@example.com', brand: 'primary' },
        user_properties: { utm_source: 'newsletter' },
        ip: '203.0.113.9',
      }),
    ]);
    expect(res.status).toBe(200);
    const [row] = await rows<Record<string, unknown>>(
      sql`select * from analytics_events where device = ${deviceHash(t.config.secrets.ANALYTICS_KEY, 'device-keep-1')}`,
    );
    expect(row).toMatchObject({ event_type: 'page_view', day: expect.anything(), session_id: 1000, page: '/guides/:slug', user_id: null });
    expect(row?.['properties']).toEqual({ label: 'Plans', brand: 'primary' });
    expect(JSON.stringify(row)).not.toContain('device-keep-1');
    expect(JSON.stringify(row)).not.toContain('someone@example.com');
    expect(JSON.stringify(row)).not.toContain('203.0.113.9');
  });

  it('keeps a link’s target as the app’s route or another site’s host, nothing else', () => {
    const targets = [
      '/user/account/receipts/r_123',
      '/calculator?x=1',
      'forum.example.org',
      'https://x.example/?email=a@b.c',
      '/no-such-page',
    ];
    const kept = keepEvents(
      targets.map((to) => ({ event_type: 'click', device_id: 'd', event_properties: { to } })),
      { secret: 's', viewerId: null, receivedAt: Date.parse('2026-03-02T10:00:00Z') },
    );
    expect(kept.map((e) => e.properties['to'] ?? null)).toEqual([
      '/user/account/receipts/:id',
      '/calculator',
      'forum.example.org',
      null,
      null,
    ]);
  });

  it('counts a re-sent batch once: events, visits and rollups unchanged', async () => {
    const batch = [
      event({ device_id: 'device-resend', session_id: 2_000 }),
      event({ device_id: 'device-resend', session_id: 2_000, event_type: 'click' }),
    ];
    const count = async () =>
      (
        await rows<{ events: number; visits: number; rolled: number }>(sql`select
        (select count(*)::int from analytics_events) as events,
        (select count(*)::int from analytics_visits) as visits,
        (select coalesce(sum(events), 0)::int from analytics_daily_events) as rolled`)
      )[0];
    const before = await count();
    expect((await upload(batch)).status).toBe(200);
    const once = await count();
    expect(once).toEqual({ events: (before?.events ?? 0) + 2, visits: (before?.visits ?? 0) + 1, rolled: (before?.rolled ?? 0) + 2 });
    const again = await upload(batch);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ events_ingested: 2 });
    expect(await count()).toEqual(once);
  });

  it('files events under a member only with that member’s own session', async () => {
    const member = await addMember(t);
    const other = await addMember(t);
    await upload([event({ device_id: 'device-own', session_id: 3_000, user_id: member.id })], member.token);
    await upload([event({ device_id: 'device-claim', session_id: 3_001, user_id: other.id })], member.token);
    await upload([event({ device_id: 'device-anon', session_id: 3_002, user_id: member.id })]);
    const kept = await rows<{ device: string; user_id: string | null }>(
      sql`select device, user_id from analytics_events where session_id in (3000, 3001, 3002) order by session_id`,
    );
    expect(kept.map((r) => r.user_id)).toEqual([member.id, null, null]);
  });

  it('rolls page views up by page and by the plan tier of the member at the time', async () => {
    const pro = await addMember(t, { plan: 'pro' });
    const before = await t.gql<{ adminToolUsage: { page: string; tier: string; events: number }[] }>(
      USAGE,
      { from: today(), to: today() },
      { token: admin.token },
    );
    const had = (page: string, tier: string, data = before.data) =>
      data?.adminToolUsage.find((r) => r.page === page && r.tier === tier)?.events ?? 0;
    await upload(
      [
        event({ device_id: 'device-pro', session_id: 4_000, user_id: pro.id, event_properties: { path: '/calculator' } }),
        event({ device_id: 'device-pro', session_id: 4_000, user_id: pro.id, event_properties: { path: '/calculator/' } }),
      ],
      pro.token,
    );
    await upload([event({ device_id: 'device-visitor', session_id: 4_001, event_properties: { path: '/calculator' } })]);
    const after = await t.gql<{ adminToolUsage: { page: string; tier: string; events: number }[] }>(
      USAGE,
      { from: today(), to: today() },
      { token: admin.token },
    );
    expect(after.errors).toBeUndefined();
    expect(had('/calculator', 'pro', after.data) - had('/calculator', 'pro')).toBe(2);
    expect(had('/calculator', 'visitor', after.data) - had('/calculator', 'visitor')).toBe(1);
  });

  it('takes an event’s own instant within a week before the upload, the upload’s otherwise', () => {
    const receivedAt = Date.parse('2026-03-29T12:00:00Z');
    const [late, old, ahead] = keepEvents(
      [
        { event_type: 'page_view', device_id: 'd', time: receivedAt - 3 * 86_400_000 },
        { event_type: 'page_view', device_id: 'd', time: receivedAt - 8 * 86_400_000 },
        { event_type: 'page_view', device_id: 'd', time: receivedAt + 3_600_000 },
      ],
      { secret: 's', viewerId: null, receivedAt },
    );
    expect(late?.at).toBe(receivedAt - 3 * 86_400_000);
    expect(old?.at).toBe(receivedAt);
    expect(ahead?.at).toBe(receivedAt);
  });

  it('dates an event by the Europe/London day, summer time included', () => {
    expect(londonDay(Date.parse('2026-06-01T23:30:00Z'))).toBe('2026-06-02');
    expect(londonDay(Date.parse('2026-01-01T23:30:00Z'))).toBe('2026-01-01');
  });
});

describe('the funnel', () => {
  it('counts visits by campaign, and members’ steps by their first campaign and by referral', async () => {
    const read = async () => {
      const r = await t.gql<FunnelData>(FUNNEL, { from: today(), to: today() }, { token: admin.token });
      expect(r.errors).toBeUndefined();
      const f = r.data?.adminFunnel;
      if (f === undefined) throw new Error('no funnel');
      return f;
    };
    const campaignRow = (f: FunnelData['adminFunnel']) =>
      f.byCampaign.find((c) => c.source === 'spring-mail' && c.campaign === 'launch')?.counts;
    const before = await read();
    expect(campaignRow(before)).toBeUndefined();

    // Two visits from the campaign (one device, two sessions), then the visitor registers on that device.
    const campaign = { utm_source: 'spring-mail', utm_medium: 'email', utm_campaign: 'launch' };
    await upload([event({ device_id: 'device-funnel', session_id: 5_000, user_properties: campaign })]);
    await upload([event({ device_id: 'device-funnel', session_id: 5_001 })]);
    const member = await addMember(t, { joinedAt: now() });
    await upload([event({ device_id: 'device-funnel', session_id: 5_001, user_id: member.id })], member.token);
    // Their first and second payment today (recorded as any payment is: a ledger row).
    const pay = (n: number) =>
      t.database.db.insert(ledger).values({
        id: `pay-${member.id}-${n}`,
        userId: member.id,
        type: 'payment',
        plan: 'pro',
        amount: 1999,
        periodStart: new Date(now()),
        periodEnd: new Date(now() + 30 * 86_400_000),
        at: new Date(now() + n),
      });
    await pay(1);
    await pay(2);
    await pay(3);

    const after = await read();
    expect(campaignRow(after)).toEqual({ visits: 2, registrations: 1, trials: 0, firstPayments: 1, secondPayments: 1 });
    expect(after.total.visits).toBe((before.total.visits ?? 0) + 2);
    expect(after.total.registrations).toBe(before.total.registrations + 1);
    expect(after.total.firstPayments).toBe(before.total.firstPayments + 1);
    const notReferred = (f: FunnelData['adminFunnel']) => f.byReferral.find((r) => !r.referred)?.counts;
    expect(notReferred(after)?.registrations).toBe((notReferred(before)?.registrations ?? 0) + 1);
    expect(notReferred(after)?.visits).toBeNull();
  });

  it('records a member’s first trial as it is recorded, and no payment before one', async () => {
    const member = await addMember(t, { plan: 'pro', trial: true });
    const stages = await rows<{ stage: string }>(sql`select stage from member_milestones where user_id = ${member.id} order by stage`);
    expect(stages.map((s) => s.stage)).toEqual(['registered', 'trial']);
  });

  it('counts an upgrade’s prorated charge as no payment of its own: the renewal after it is the second', async () => {
    const member = await addMember(t, { joinedAt: now() });
    const row = (id: string, at: number, base: string | null) => ({
      id: `${member.id}-${id}`,
      userId: member.id,
      type: 'payment' as const,
      plan: 'pro',
      amount: 999,
      periodStart: new Date(at),
      periodEnd: new Date(at + 30 * 86_400_000),
      at: new Date(at),
      basePaymentId: base === null ? null : `${member.id}-${base}`,
    });
    await t.database.db.insert(ledger).values(row('term-1', now(), null));
    await t.database.db.insert(ledger).values(row('upgrade', now() + 1_000, 'term-1'));
    const stages = async () =>
      (await rows<{ stage: string }>(sql`select stage from member_milestones where user_id = ${member.id} order by stage`)).map(
        (r) => r.stage,
      );
    expect(await stages()).toEqual(['paid1', 'registered']);
    await t.database.db.insert(ledger).values(row('term-2', now() + 2_000, null));
    expect(await stages()).toEqual(['paid1', 'paid2', 'registered']);
  });

  it('refuses a member, and names a bad range', async () => {
    const member = await addMember(t, { plan: 'pro' });
    for (const query of [FUNNEL, USAGE]) {
      const r = await t.gql(query, { from: today(), to: today() }, { token: member.token });
      expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const bad = await t.gql(FUNNEL, { from: '2026-02-30', to: '2026-03-01' }, { token: admin.token });
    expect(bad.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_INPUT', field: 'from' } });
    const backwards = await t.gql(FUNNEL, { from: '2026-03-02', to: '2026-03-01' }, { token: admin.token });
    expect(backwards.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_INPUT', field: 'to' } });
    const long = await t.gql(FUNNEL, { from: '2024-01-01', to: '2026-03-01' }, { token: admin.token });
    expect(long.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_INPUT', field: 'to' } });
  });
});

/** Drizzle's error of a query the database refused, the database's error as its cause. */
const REFUSED = { cause: { message: expect.stringMatching(/append-only/) } };

describe('append-only tables and retention', () => {
  it('refuses to change a stored event, and any change to the audit log', async () => {
    await expect(t.database.db.execute(sql`update analytics_events set event_type = 'x'`)).rejects.toMatchObject(REFUSED);
    await t.database.db.execute(sql`insert into admin_audit (at, admin_id, action, target) values (now(), 'u_admin', 'test', 'u_x')`);
    await expect(t.database.db.execute(sql`update admin_audit set action = 'y'`)).rejects.toMatchObject(REFUSED);
    await expect(t.database.db.execute(sql`delete from admin_audit`)).rejects.toMatchObject(REFUSED);
    await expect(t.database.db.execute(sql`truncate admin_audit`)).rejects.toMatchObject(REFUSED);
  });

  it('deletes raw events older than the retention, keeping newer events and the rollups', async () => {
    const old = now() - 5 * 86_400_000;
    await upload([event({ device_id: 'device-old', session_id: 6_000, time: old })]);
    const rolled = async () =>
      (await rows<{ n: number }>(sql`select coalesce(sum(events), 0)::int as n from analytics_daily_events`))[0]?.n;
    const before = await rolled();
    const total = async () => (await t.database.db.select({ id: analyticsEvents.id }).from(analyticsEvents)).length;
    const count = await total();
    const deleted = await pruneAnalytics(t.database.db, now(), 4);
    expect(deleted).toBe(1);
    expect(await total()).toBe(count - 1);
    expect(await rolled()).toBe(before);
  });
});
