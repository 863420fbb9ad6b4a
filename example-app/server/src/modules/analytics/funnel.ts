// The dashboards' queries over a range of Europe/London days, read from the rollups store.ts keeps
// current (visits by day and campaign; events by day, type, page and tier) and from the members'
// milestones (registered, first trial, first and second payment: member_milestones, kept by
// triggers on users and ledger). Each step counts what happened in the range (a period count, not
// a cohort): a member who registered in March and paid in April counts as a registration in March
// and a payment in April. A member's campaign is the first campaign of the first device they used
// with analytics on (member_attribution); members who never accepted analytics are `(not
// measured)`. Visits have no referral: the referral split counts members only.
import { and, between, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsDailyEvents, analyticsDailyVisits, memberAttribution, memberMilestones, users } from '../../db/schema';
import { refusal } from '../module';

/** The funnel's steps after the visit, in order (member_milestones' stages). */
export const MILESTONES = ['registered', 'trial', 'paid1', 'paid2'] as const;
export type Milestone = (typeof MILESTONES)[number];

/** How many of each step happened in the range. `visits` is null where visits cannot be split so. */
export interface FunnelCounts {
  readonly visits: number | null;
  readonly registrations: number;
  readonly trials: number;
  readonly firstPayments: number;
  readonly secondPayments: number;
}

export interface CampaignFunnel {
  readonly source: string;
  readonly medium: string;
  readonly campaign: string;
  readonly counts: FunnelCounts;
}

export interface ReferralFunnel {
  readonly referred: boolean;
  readonly counts: FunnelCounts;
}

export interface Funnel {
  readonly from: string;
  readonly to: string;
  readonly total: FunnelCounts;
  readonly byCampaign: readonly CampaignFunnel[];
  readonly byReferral: readonly ReferralFunnel[];
}

export interface ToolUsageRow {
  readonly page: string;
  readonly tier: string;
  readonly events: number;
}

/** The label of members who never accepted analytics (no campaign is known for them). */
export const NOT_MEASURED = '(not measured)';
/** The most campaign rows a funnel lists; the rest are added up in one row. */
export const MAX_CAMPAIGN_ROWS = 100;
/** The label of that row. */
export const OTHER_CAMPAIGNS = '(other campaigns)';
/** The longest range a dashboard reads, days. */
export const MAX_RANGE_DAYS = 400;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of a `YYYY-MM-DD` date at 00:00 UTC, or null when it is not a real date. */
function utcMidnight(day: string): number | null {
  const m = DAY.exec(day);
  if (m === null) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === day ? t : null;
}

/** The range `from`..`to` (inclusive Europe/London dates), checked: BAD_INPUT naming the argument. */
export function readRange(from: string, to: string): { from: string; to: string } {
  const start = utcMidnight(from);
  if (start === null) throw refusal('BAD_INPUT', `from must be a date as YYYY-MM-DD (got "${from.slice(0, 40)}")`, 'from');
  const end = utcMidnight(to);
  if (end === null) throw refusal('BAD_INPUT', `to must be a date as YYYY-MM-DD (got "${to.slice(0, 40)}")`, 'to');
  if (end < start) throw refusal('BAD_INPUT', 'to must be on or after from', 'to');
  if ((end - start) / 86_400_000 + 1 > MAX_RANGE_DAYS) throw refusal('BAD_INPUT', `the range must be at most ${MAX_RANGE_DAYS} days`, 'to');
  return { from, to };
}

const empty = (visits: number | null): FunnelCounts => ({ visits, registrations: 0, trials: 0, firstPayments: 0, secondPayments: 0 });

function add(counts: FunnelCounts, stage: string, n: number): FunnelCounts {
  switch (stage) {
    case 'registered':
      return { ...counts, registrations: counts.registrations + n };
    case 'trial':
      return { ...counts, trials: counts.trials + n };
    case 'paid1':
      return { ...counts, firstPayments: counts.firstPayments + n };
    case 'paid2':
      return { ...counts, secondPayments: counts.secondPayments + n };
    default:
      return counts;
  }
}

/** The instant a London date `day` (YYYY-MM-DD) begins, as SQL. */
export const londonMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/London'`;
/** The instant the London date after `day` begins, as SQL: the end (exclusive) of a range to `day`. */
export const londonDayAfter = (day: string) => sql`((${day}::date) + 1)::timestamp at time zone 'Europe/London'`;

/** The instants the London dates `from`..`to` cover, as SQL bounds (start inclusive, end exclusive). */
export const londonBounds = (from: string, to: string) => ({ start: londonMidnight(from), end: londonDayAfter(to) });

/** The funnel of the range: in total, by campaign and by referral. */
export async function readFunnel(db: Db, from: string, to: string): Promise<Funnel> {
  const { start, end } = londonBounds(from, to);
  const inRange = and(gte(memberMilestones.at, start), lt(memberMilestones.at, end));
  const [visitRows, campaignRows, referralRows] = await Promise.all([
    db
      .select({
        source: analyticsDailyVisits.source,
        medium: analyticsDailyVisits.medium,
        campaign: analyticsDailyVisits.campaign,
        visits: sql<number>`sum(${analyticsDailyVisits.visits})::int`.mapWith(Number),
      })
      .from(analyticsDailyVisits)
      .where(between(analyticsDailyVisits.day, from, to))
      .groupBy(analyticsDailyVisits.source, analyticsDailyVisits.medium, analyticsDailyVisits.campaign),
    db
      .select({
        source: memberAttribution.source,
        medium: memberAttribution.medium,
        campaign: memberAttribution.campaign,
        stage: memberMilestones.stage,
        n: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(memberMilestones)
      .leftJoin(memberAttribution, eq(memberAttribution.userId, memberMilestones.userId))
      .where(inRange)
      .groupBy(memberAttribution.source, memberAttribution.medium, memberAttribution.campaign, memberMilestones.stage),
    db
      .select({
        referred: sql<boolean>`(${users.referredBy} is not null)`.mapWith(Boolean),
        stage: memberMilestones.stage,
        n: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(memberMilestones)
      .innerJoin(users, eq(users.id, memberMilestones.userId))
      .where(inRange)
      .groupBy(sql`1`, memberMilestones.stage),
  ]);
  const byCampaign = new Map<string, { source: string; medium: string; campaign: string; counts: FunnelCounts }>();
  const keyOf = (s: string, m: string, c: string) => [s, m, c].join('\u0000');
  let total = empty(0);
  for (const r of visitRows) {
    byCampaign.set(keyOf(r.source, r.medium, r.campaign), {
      source: r.source,
      medium: r.medium,
      campaign: r.campaign,
      counts: empty(r.visits),
    });
    total = { ...total, visits: (total.visits ?? 0) + r.visits };
  }
  for (const r of campaignRows) {
    const source = r.source ?? NOT_MEASURED;
    const medium = r.medium ?? NOT_MEASURED;
    const campaign = r.campaign ?? NOT_MEASURED;
    const key = keyOf(source, medium, campaign);
    const row = byCampaign.get(key) ?? { source, medium, campaign, counts: empty(r.source === null ? null : 0) };
    byCampaign.set(key, { ...row, counts: add(row.counts, r.stage, r.n) });
    total = add(total, r.stage, r.n);
  }
  const byReferral = [false, true].map((referred) => ({
    referred,
    counts: referralRows.filter((r) => r.referred === referred).reduce((c, r) => add(c, r.stage, r.n), empty(null)),
  }));
  const rows = [...byCampaign.values()].sort(
    (a, b) =>
      (b.counts.visits ?? 0) - (a.counts.visits ?? 0) ||
      b.counts.registrations - a.counts.registrations ||
      (keyOf(a.source, a.medium, a.campaign) < keyOf(b.source, b.medium, b.campaign) ? -1 : 1),
  );
  // Campaign labels come from links anyone can write: the largest rows, the rest as one.
  const kept = rows.slice(0, MAX_CAMPAIGN_ROWS);
  const rest = rows.slice(MAX_CAMPAIGN_ROWS);
  if (rest.length > 0) {
    const other = rest.reduce<FunnelCounts>(
      (c, r) => ({
        visits: (c.visits ?? 0) + (r.counts.visits ?? 0),
        registrations: c.registrations + r.counts.registrations,
        trials: c.trials + r.counts.trials,
        firstPayments: c.firstPayments + r.counts.firstPayments,
        secondPayments: c.secondPayments + r.counts.secondPayments,
      }),
      empty(0),
    );
    kept.push({ source: OTHER_CAMPAIGNS, medium: OTHER_CAMPAIGNS, campaign: `${rest.length} more campaigns`, counts: other });
  }
  return { from, to, total, byCampaign: kept, byReferral };
}

/** Events by page and the member's plan tier at the time, of one event type (page views by default). */
export async function readToolUsage(db: Db, from: string, to: string, eventType = 'page_view'): Promise<ToolUsageRow[]> {
  return db
    .select({
      page: analyticsDailyEvents.page,
      tier: analyticsDailyEvents.tier,
      events: sql<number>`sum(${analyticsDailyEvents.events})::int`.mapWith(Number),
    })
    .from(analyticsDailyEvents)
    .where(and(between(analyticsDailyEvents.day, from, to), eq(analyticsDailyEvents.eventType, eventType)))
    .groupBy(analyticsDailyEvents.page, analyticsDailyEvents.tier)
    .orderBy(desc(sql`3`), analyticsDailyEvents.page, analyticsDailyEvents.tier);
}
