// `npm run bench:server -- analytics`: the administrators' dashboards at scale. A throwaway
// PostgreSQL cluster (Debian's packages, as the tests use) gets 100,000 members (a year of
// registrations, trials, first and second payments: ledger rows, whose triggers keep the funnel's
// milestones) and 1,000,000 analytics events uploaded through the server's own store (keepEvents,
// then storeEvents: the same code and transaction as POST /api/analytics, 2,000 events a batch),
// about 300,000 visits from 40 campaigns over the same year. Then each dashboard query, on the
// rollups the store keeps, beside the same question asked of the raw tables in the same run:
// median of BENCH_ROUNDS (default 5) after one warm-up. Prints the upload rate too.
// Revenue: a few of those members renew on a dearer plan or are refunded (a generator of its own,
// so the funnel's data is the same as without it); the revenue module rebuilds every member's MRR
// changes from the ledger (timed: the catch-up a first start does), then the dashboard over 12
// months is timed beside the same answer computed from the raw ledger with the sdk (every ledger
// loaded, revenueChanges and revenueMovements per member), and the two answers must be equal.
// Target (issue 25): every dashboard under a second.
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client';
import { monthlyRevenueAt, revenueChanges, revenueMovements, type LedgerEvent } from '@matchkit/sdk/billing';
import { getBrand } from '@matchkit/sdk/brands';
import { ledger, memberAttribution, refunds, users } from '../src/db/schema';
import { keepEvents, type UploadedEvent } from '../src/modules/analytics/events';
import { londonBounds, readFunnel, readToolUsage } from '../src/modules/analytics/funnel';
import { storeEvents } from '../src/modules/analytics/store';
import { ledgerEventsOf } from '../src/modules/members/access';
import { monthsOf, readRevenue, type RevenuePeriod } from '../src/modules/revenue/dashboard';
import { rebuildStale } from '../src/modules/revenue/rebuild';
import type * as Services from '../../../scripts/services.mjs';

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));
const servicesUrl = new URL('../../../scripts/services.mjs', import.meta.url).href;
const { findPostgresBin, startPostgres } = (await import(servicesUrl)) as typeof Services;

const MEMBERS = Number(process.env['ANALYTICS_MEMBERS'] ?? 100_000);
const EVENTS = Number(process.env['ANALYTICS_EVENTS'] ?? 1_000_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const BATCH = 2000;
const DAY = 86_400_000;
/** The year the data covers: 1 December 2025 to 30 November 2026 (Europe/London days). */
const START = Date.parse('2025-12-01T00:00:00Z');
const DAYS = 365;
const PAGES = [
  '/',
  '/pro',
  '/calculator',
  '/oddsmatcher',
  '/guides/lay-betting',
  '/offers/reload-offers/a',
  '/user/account',
  '/dutching',
  '/each-way-matcher',
];
const TIERS = ['visitor', 'free', 'platinum', 'diamond', 'pro', 'pro plus'];
const SOURCES = ['newsletter', 'forum', 'search', 'partner', 'social'];

if (findPostgresBin() === undefined) {
  console.error('analytics bench: PostgreSQL is not installed (apt-get install postgresql)');
  process.exit(1);
}

/** mulberry32: a small deterministic generator, so every run measures the same data. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(25);
/** Revenue's own draws: a renewal on a dearer plan, a refund (the funnel's data stays the same). */
const revenueRandom = generator(2025);
const BRAND = getBrand('primary');
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  let result = await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    result = await run();
    times.push(performance.now() - start);
  }
  return { ms: median(times), result };
}

async function seedMembers(database: Database): Promise<string[]> {
  const db = database.db;
  const ids: string[] = [];
  const chunk = 2000;
  for (let from = 0; from < MEMBERS; from += chunk) {
    const people = [];
    const rows = [];
    const refunded: (typeof refunds.$inferInsert)[] = [];
    for (let i = from; i < Math.min(MEMBERS, from + chunk); i++) {
      const id = `u_bench_${String(i).padStart(6, '0')}`;
      ids.push(id);
      const joined = START + Math.floor(((i + random()) / MEMBERS) * DAYS * DAY);
      people.push({
        id,
        email: `${id}@example.com`,
        username: id,
        firstName: 'Bench',
        lastName: 'Member',
        passwordHash: 'not-a-real-hash',
        referralCode: `B${i}`,
        referredBy: random() < 0.1 && i > 0 ? `u_bench_${String(Math.floor(random() * i)).padStart(6, '0')}` : null,
        adultConfirmedAt: new Date(joined),
        createdAt: new Date(joined),
      });
      // 40% start a trial, 25% pay once, 15% twice (a renewal a month later).
      const r = random();
      if (r < 0.4) rows.push(entry(id, 'trial', 0, joined + 60_000, 'a'));
      if (r < 0.25) rows.push(entry(id, 'payment', 1999, joined + 7 * DAY, 'b'));
      if (r < 0.15) {
        // A fifth of second payments are on pro plus (an expansion), a tenth on diamond (a contraction).
        const x = revenueRandom();
        rows.push({ ...entry(id, 'payment', 1999, joined + 37 * DAY, 'c'), plan: x < 0.2 ? 'pro-plus' : x < 0.3 ? 'diamond' : 'pro' });
      }
      // A twentieth of first payments are refunded within 5 days (churn before the term ends).
      if (r < 0.25 && revenueRandom() < 0.05)
        refunded.push({ paymentId: `${id}:b`, userId: id, amount: 1999, at: new Date(joined + 7 * DAY + revenueRandom() * 5 * DAY) });
    }
    await db.insert(users).values(people);
    if (rows.length > 0) await db.insert(ledger).values(rows);
    if (refunded.length > 0) await db.insert(refunds).values(refunded);
  }
  return ids;
}

function entry(userId: string, type: 'trial' | 'payment', amount: number, at: number, tag: string) {
  return {
    id: `${userId}:${tag}`,
    userId,
    type,
    plan: 'pro',
    amount,
    periodStart: new Date(at),
    periodEnd: new Date(at + 30 * DAY),
    at: new Date(at),
  };
}

/** Uploads EVENTS events through the store, in time order; returns the seconds it took. */
async function uploadEvents(database: Database, members: readonly string[]): Promise<{ seconds: number; visits: number; devices: number }> {
  const devices = Math.round(EVENTS / 5);
  const deviceCampaign = new Map<number, Record<string, string>>();
  let batch: UploadedEvent[] = [];
  let visits = 0;
  let insert = 0;
  let batchTime = START;
  const start = performance.now();
  const flush = async () => {
    if (batch.length === 0) return;
    const kept = keepEvents(batch, { secret: 'bench-secret-bench-secret-bench-secret', viewerId: null, receivedAt: batchTime });
    await storeEvents(database.db, kept, pick(TIERS));
    batch = [];
  };
  let sent = 0;
  for (let s = 0; sent < EVENTS; s++) {
    // Sessions spread evenly over the year, each from a device (a fifth of them return), 1 to 6 events.
    const at = START + Math.floor((sent / EVENTS) * DAYS * DAY);
    const device = Math.floor(random() * devices);
    const first = !deviceCampaign.has(device);
    const campaign =
      first && random() < 0.6
        ? { utm_source: pick(SOURCES), utm_medium: pick(['email', 'cpc', 'social']), utm_campaign: `c${Math.floor(random() * 8)}` }
        : undefined;
    if (first) deviceCampaign.set(device, campaign ?? {});
    const length = 1 + Math.floor(random() * 6);
    visits += 1;
    for (let e = 0; e < length && sent < EVENTS; e++, sent++) {
      insert += 1;
      batch.push({
        event_type: e === 0 || random() < 0.7 ? 'page_view' : 'click',
        device_id: `device-${device}`,
        session_id: at,
        time: at + e * 20_000,
        insert_id: `bench-${insert}`,
        event_properties: { path: pick(PAGES) },
        ...(e === 0 && campaign !== undefined ? { user_properties: campaign } : {}),
      });
      batchTime = at + e * 20_000;
      if (batch.length === BATCH) await flush();
    }
  }
  await flush();
  const seconds = (performance.now() - start) / 1000;
  // Members' first campaigns: as their first upload with their own session would set them (setup, not timed).
  const attributed = members.filter(() => random() < 0.6);
  for (let i = 0; i < attributed.length; i += 5000) {
    await database.db.insert(memberAttribution).values(
      attributed.slice(i, i + 5000).map((userId) => ({
        userId,
        source: pick(SOURCES),
        medium: 'email',
        campaign: `c${Math.floor(random() * 8)}`,
        at: new Date(START),
      })),
    );
  }
  return { seconds, visits, devices: deviceCampaign.size };
}

/** Each member's ledger as the sdk's LedgerEvent list. */
function ledgerEventsByMember(grants: (typeof ledger.$inferSelect)[], refunded: (typeof refunds.$inferSelect)[]): LedgerEvent[][] {
  const by = new Map<string, { grants: typeof grants; refunds: typeof refunded }>();
  const of = (id: string) => {
    let m = by.get(id);
    if (m === undefined) by.set(id, (m = { grants: [], refunds: [] }));
    return m;
  };
  for (const g of grants) of(g.userId).grants.push(g);
  for (const r of refunded) of(r.userId).refunds.push(r);
  return [...by.values()].map((m) => ledgerEventsOf(m.grants, m.refunds));
}

const postgres = await startPostgres({ durable: false });
const database = await openDatabase({ kind: 'postgres', url: postgres.url });
try {
  await database.migrate(MIGRATIONS);
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const seedStart = performance.now();
  const members = await seedMembers(database);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const upload = await uploadEvents(database, members);
  await database.db.execute(sql`analyze`);
  const counts = (await database.db.execute(sql`select
      (select count(*)::int from analytics_events) as events,
      (select count(*)::int from analytics_visits) as visits,
      (select count(*)::int from member_milestones) as milestones,
      (select count(*)::int from analytics_daily_visits) as visit_rows,
      (select count(*)::int from analytics_daily_events) as event_rows`)) as unknown as { rows: Record<string, number>[] };
  const c = counts.rows[0] ?? {};
  console.log(
    `\nanalytics: ${MEMBERS.toLocaleString('en-GB')} members (${c['milestones']?.toLocaleString('en-GB')} milestones) in ${seedSeconds.toFixed(1)} s; ` +
      `${c['events']?.toLocaleString('en-GB')} events, ${c['visits']?.toLocaleString('en-GB')} visits, ${upload.devices.toLocaleString('en-GB')} devices uploaded through storeEvents in ` +
      `${upload.seconds.toFixed(1)} s (${Math.round(EVENTS / upload.seconds).toLocaleString('en-GB')} events/s, ${BATCH} a batch); rollups: ` +
      `${c['visit_rows']} visit rows, ${c['event_rows']} event rows. PostgreSQL (fsync off), median of ${ROUNDS}.\n`,
  );

  const ranges = [
    { name: '30 days', from: '2026-11-01', to: '2026-11-30' },
    { name: '365 days', from: '2025-12-01', to: '2026-11-30' },
  ];
  const rows: string[] = [];
  let worst = 0;
  for (const range of ranges) {
    const { start, end } = londonBounds(range.from, range.to);
    const funnel = await timed(() => readFunnel(database.db, range.from, range.to));
    // The same funnel from the raw tables: visits as distinct (device, session) of the events in
    // the range with their device's campaign, members' steps from users and the whole ledger.
    const rawFunnel = await timed(() =>
      database.db.execute(sql`
        with v as (
          select d.source, d.medium, d.campaign, count(distinct (e.device, e.session_id))::int as visits
          from analytics_events e join analytics_devices d on d.device = e.device
          where e.day between ${range.from}::date and ${range.to}::date and e.session_id is not null
          group by 1, 2, 3),
        p as (
          select user_id, at, row_number() over (partition by user_id order by at, id) as n
          from ledger where type = 'payment' and amount > 0),
        t as (select user_id, min(at) as at from ledger where type = 'trial' group by user_id),
        steps as (
          select id as user_id, 'registered' as stage, created_at as at from users
          union all select user_id, 'trial', at from t
          union all select user_id, case when n = 1 then 'paid1' else 'paid2' end, at from p where n <= 2)
        select a.source, a.medium, a.campaign, s.stage, count(*)::int, (select count(*) from v) as campaigns
        from steps s left join member_attribution a on a.user_id = s.user_id
        where s.at >= ${start} and s.at < ${end}
        group by 1, 2, 3, 4`),
    );
    const usage = await timed(() => readToolUsage(database.db, range.from, range.to));
    // Tool usage from the raw events (by page; the tier at the time is only in the rollup).
    const rawUsage = await timed(() =>
      database.db.execute(sql`
        select page, count(*)::int from analytics_events
        where day between ${range.from}::date and ${range.to}::date and event_type = 'page_view'
        group by page order by 2 desc`),
    );
    worst = Math.max(worst, funnel.ms, usage.ms);
    const f = funnel.result.total;
    rows.push(
      `| funnel, ${range.name} | ${funnel.ms.toFixed(1)} | ${rawFunnel.ms.toFixed(1)} | ${(rawFunnel.ms / funnel.ms).toFixed(1)}x | ` +
        `${f.visits} visits, ${f.registrations} registrations, ${f.trials} trials, ${f.firstPayments} first and ${f.secondPayments} second payments; ${funnel.result.byCampaign.length} campaign rows |`,
      `| tool usage by plan, ${range.name} | ${usage.ms.toFixed(1)} | ${rawUsage.ms.toFixed(1)} | ${(rawUsage.ms / usage.ms).toFixed(1)}x | ${usage.result.length} page and tier rows |`,
    );
  }
  // Revenue: the rollup built as a first start would (every member marked by the ledger's trigger).
  const rebuildStart = performance.now();
  const rebuilt = await rebuildStale(database.db, BRAND);
  const rebuildSeconds = (performance.now() - rebuildStart) / 1000;
  await database.db.execute(sql`analyze member_revenue_changes`);
  console.log(
    `revenue: ${rebuilt.members.toLocaleString('en-GB')} members' MRR changes rebuilt from the ledger in ${rebuildSeconds.toFixed(1)} s ` +
      `(${Math.round(rebuilt.members / rebuildSeconds).toLocaleString('en-GB')} members/s, ${rebuilt.changes.toLocaleString('en-GB')} change rows)\n`,
  );
  const year = { from: '2025-12-01', to: '2026-11-30' };
  const asOf = Date.parse('2026-12-01T00:00:00Z');
  const revenue = await timed(() => readRevenue(database.db, year.from, year.to, asOf));
  // The same from the raw ledger: every member's ledger and refunds loaded, the sdk's changes (those
  // up to asOf) summed per London month with revenueMovements.
  const months = monthsOf(year.from, year.to);
  const edges = (
    (await database.db.execute(
      sql`select (d::date)::timestamp at time zone 'Europe/London' as t from unnest(${sql.param([...months.map((m) => m.from), '2026-12-01'])}::text[]) as d`,
    )) as unknown as { rows: { t: string | Date }[] }
  ).rows.map((r) => new Date(r.t).getTime());
  const rawRevenue = await timed(async () => {
    const [grantRows, refundRows] = await Promise.all([database.db.select().from(ledger), database.db.select().from(refunds)]);
    const sums = months.map(() => [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    for (const events of ledgerEventsByMember(grantRows, refundRows)) {
      const changes = revenueChanges(BRAND, events).filter((c) => c.at <= asOf);
      months.forEach((_, i) => {
        const mv = revenueMovements(changes, edges[i] as number, Math.min(edges[i + 1] as number, asOf + 1));
        const row = sums[i] as number[];
        [mv.mrrStart, mv.mrrEnd, mv.new, mv.expansion, mv.contraction, mv.churned].forEach((v, k) => (row[k] = (row[k] as number) + v));
        [mv.new, mv.expansion, mv.contraction, mv.churned].forEach((v, k) => (row[6 + k] = (row[6 + k] as number) + (v > 0 ? 1 : 0)));
      });
    }
    return sums;
  });
  const fromRollup = (p: RevenuePeriod) => [
    p.mrrStart,
    p.mrrEnd,
    p.new,
    p.expansion,
    p.contraction,
    p.churned,
    p.newMembers,
    p.expansionMembers,
    p.contractionMembers,
    p.churnedMembers,
  ];
  const agree = revenue.result.months.every((p, i) => JSON.stringify(fromRollup(p)) === JSON.stringify(rawRevenue.result[i]));
  if (!agree || revenue.result.months.length !== months.length) {
    console.error(
      'revenue: the rollup and the raw ledger disagree',
      JSON.stringify(revenue.result.months.map(fromRollup)),
      JSON.stringify(rawRevenue.result),
    );
    process.exitCode = 1;
  }
  // The MRR at the end against the sdk's monthlyRevenueAt of every member at asOf (not timed).
  const everyone = ledgerEventsByMember(await database.db.select().from(ledger), await database.db.select().from(refunds));
  let mrrNow = 0;
  for (const events of everyone) mrrNow += monthlyRevenueAt(BRAND, events, asOf);
  const t = revenue.result.total;
  if (mrrNow !== t.mrrEnd) {
    console.error(`revenue: MRR at the end ${t.mrrEnd} p, the sdk's monthlyRevenueAt over every member ${mrrNow} p`);
    process.exitCode = 1;
  }
  worst = Math.max(worst, revenue.ms);
  rows.push(
    `| revenue, 12 months | ${revenue.ms.toFixed(1)} | ${rawRevenue.ms.toFixed(1)} | ${(rawRevenue.ms / revenue.ms).toFixed(1)}x | ` +
      `${revenue.result.months.length} months, ${agree ? 'the same figures as the raw ledger' : 'DIFFERENT from the raw ledger'}: new ${t.new} p (${t.newMembers} members), expansion ${t.expansion} p (${t.expansionMembers}), ` +
      `contraction ${t.contraction} p (${t.contractionMembers}), churned ${t.churned} p (${t.churnedMembers}); MRR at the end ${t.mrrEnd} p; ` +
      `trials ${revenue.result.trialConversion.trials}, converted ${revenue.result.trialConversion.converted} |`,
  );
  console.log('| dashboard | rollup ms | raw tables ms | raw / rollup | what it answered |');
  console.log('|---|---:|---:|---:|---|');
  for (const r of rows) console.log(r);
  console.log(
    `\nslowest dashboard on the rollups: ${worst.toFixed(1)} ms (target: under 1,000 ms) ${worst < 1000 ? 'met' : 'NOT MET'}; load average before: ${loadBefore.toFixed(2)}`,
  );
} finally {
  await database.close();
  await postgres.stop();
}
