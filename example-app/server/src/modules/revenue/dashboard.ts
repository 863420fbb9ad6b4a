// The revenue dashboard over a range of Europe/London days, read from member_revenue_changes (each
// member's monthly recurring revenue as the sdk's revenueChanges gives it) and member_milestones.
// A member's MRR at an instant is the sum of their changes' `after - before` up to it (each member's
// changes start from 0 and follow one another), so the MRR of everyone at T is one sum over the
// changes before T, and a month's movements are the changes inside it grouped by kind.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberMilestones, memberRevenueChanges } from '../../db/schema';
import { alias } from 'drizzle-orm/pg-core';
import { londonDayAfter, londonMidnight } from '../analytics/funnel';

/** Pence and members of each kind of change over a period (the sdk's revenueMovements, over every member). */
export interface RevenuePeriod {
  /** `YYYY-MM` for a month; null for the whole range. */
  readonly month: string | null;
  /** The first day of the period (YYYY-MM-DD). */
  readonly from: string;
  /** Its last day (YYYY-MM-DD, included). */
  readonly to: string;
  readonly mrrStart: number;
  readonly mrrEnd: number;
  readonly new: number;
  readonly expansion: number;
  readonly contraction: number;
  readonly churned: number;
  readonly newMembers: number;
  readonly expansionMembers: number;
  readonly contractionMembers: number;
  readonly churnedMembers: number;
}

export interface RevenueReport {
  readonly from: string;
  readonly to: string;
  /** Changes after this instant (epoch ms) are not counted: they are scheduled, not done. */
  readonly asOf: number;
  readonly months: readonly RevenuePeriod[];
  readonly total: RevenuePeriod;
  /** Members whose first trial started in the range, and how many of them made a first payment after it. */
  readonly trialConversion: TrialConversion;
}

/** Trials started and how many of them converted (a first payment after the trial began). */
export interface TrialCounts {
  readonly trials: number;
  readonly converted: number;
}

/** Trial conversion over the range, and by London month of the trial's start. */
export interface TrialConversion extends TrialCounts {
  /** The months of the report's `months` (cut to the range as they are), each with its trials. */
  readonly months: readonly (TrialCounts & { readonly month: string; readonly from: string; readonly to: string })[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The London calendar months the days `from`..`to` touch, each cut to the range. */
export function monthsOf(from: string, to: string): { month: string; from: string; to: string }[] {
  const out: { month: string; from: string; to: string }[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  for (;;) {
    const month = `${y}-${pad(m)}`;
    if (month > to.slice(0, 7)) return out;
    const first = `${month}-01`;
    const last = `${month}-${pad(lastDay(y, m))}`;
    out.push({ month, from: first < from ? from : first, to: last > to ? to : last });
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
}

interface Bucket {
  month: string | null;
  starts: Date | null;
  pence: number[];
  members: number[];
}

/**
 * The dashboard: per London month of the range (cut to the range, and only months begun by `now`)
 * and in total, MRR as the period opened and as it closed, and the pence and members of each kind
 * of change in it; changes after `now` are left out. Plus trial conversion over the range.
 */
export async function readRevenue(db: Db, from: string, to: string, now: number): Promise<RevenueReport> {
  const months = monthsOf(from, to);
  const cut = new Date(now + 1);
  const c = memberRevenueChanges;
  const kinds = ['new', 'expansion', 'contraction', 'churned'] as const;
  const amount = {
    new: sql`${c.after}`,
    expansion: sql`${c.after} - ${c.before}`,
    contraction: sql`${c.before} - ${c.after}`,
    churned: sql`${c.before}`,
  };
  const trial = alias(memberMilestones, 'trial');
  const paid = alias(memberMilestones, 'paid');
  // The range's months as London instants: m(month, starts, ends).
  const monthTable = sql`m(month, starts, ends) as (
        select x.month, (x.f::date)::timestamp at time zone 'Europe/London', ((x.t::date) + 1)::timestamp at time zone 'Europe/London'
        from unnest(${sql.param(months.map((x) => x.month))}::text[], ${sql.param(months.map((x) => x.from))}::text[],
          ${sql.param(months.map((x) => x.to))}::text[]) as x(month, f, t))`;
  const [startRows, bucketRows, conversionRows, conversionMonthRows] = await Promise.all([
    db
      .select({ mrr: sql<number>`coalesce(sum(${c.after} - ${c.before}), 0)::bigint`.mapWith(Number) })
      .from(c)
      .where(and(lt(c.at, londonMidnight(from)), lt(c.at, cut))),
    db.execute(sql`
      with ${monthTable}
      select m.month, m.starts,
        ${sql.join(
          kinds.map((k) => sql`coalesce(sum(${amount[k]}) filter (where ${c.kind} = ${k}), 0)::bigint as ${sql.identifier(`p_${k}`)}`),
          sql`, `,
        )},
        ${sql.join(
          kinds.map((k) => sql`count(distinct ${c.userId}) filter (where ${c.kind} = ${k})::int as ${sql.identifier(`m_${k}`)}`),
          sql`, `,
        )}
      from m left join ${c} on ${c.at} >= m.starts and ${c.at} < least(m.ends, ${cut})
      group by grouping sets ((m.month, m.starts), ())`),
    db
      .select({
        trials: sql<number>`count(*)::int`.mapWith(Number),
        converted: sql<number>`count(${paid.userId}) filter (where ${paid.at} >= ${trial.at})::int`.mapWith(Number),
      })
      .from(trial)
      .leftJoin(paid, and(eq(paid.userId, trial.userId), eq(paid.stage, 'paid1')))
      .where(and(eq(trial.stage, 'trial'), gte(trial.at, londonMidnight(from)), lt(trial.at, londonDayAfter(to)))),
    db.execute(sql`
      with ${monthTable}
      select m.month, count(t.user_id)::int as trials, count(p.user_id) filter (where p.at >= t.at)::int as converted
      from m left join ${memberMilestones} as t on t.stage = 'trial' and t.at >= m.starts and t.at < m.ends
        left join ${memberMilestones} as p on p.user_id = t.user_id and p.stage = 'paid1'
      group by m.month`),
  ]);
  const buckets: Bucket[] = (bucketRows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => {
    return {
      month: r['month'] as string | null,
      starts: r['starts'] === null ? null : new Date(r['starts'] as string | Date),
      pence: kinds.map((k) => Number(r[`p_${k}`])),
      members: kinds.map((k) => Number(r[`m_${k}`])),
    };
  });
  const period = (b: Bucket | undefined, month: string | null, range: { from: string; to: string }, mrrStart: number): RevenuePeriod => {
    const [n = 0, e = 0, ct = 0, ch = 0] = b?.pence ?? [];
    const [nm = 0, em = 0, cm = 0, chm = 0] = b?.members ?? [];
    return {
      month,
      ...range,
      mrrStart,
      mrrEnd: mrrStart + n + e - ct - ch,
      new: n,
      expansion: e,
      contraction: ct,
      churned: ch,
      newMembers: nm,
      expansionMembers: em,
      contractionMembers: cm,
      churnedMembers: chm,
    };
  };
  const byMonth = new Map(buckets.filter((b) => b.month !== null).map((b) => [b.month, b]));
  let mrr = startRows[0]?.mrr ?? 0;
  const rows: RevenuePeriod[] = [];
  for (const m of months) {
    const b = byMonth.get(m.month);
    if (b?.starts === null || b === undefined || b.starts.getTime() > now) break;
    const row = period(b, m.month, m, mrr);
    rows.push(row);
    mrr = row.mrrEnd;
  }
  const total = period(
    buckets.find((b) => b.month === null),
    null,
    { from, to: rows.at(-1)?.to ?? from },
    startRows[0]?.mrr ?? 0,
  );
  const trialMonths = new Map(
    (conversionMonthRows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => [
      r['month'] as string,
      { trials: Number(r['trials']), converted: Number(r['converted']) },
    ]),
  );
  const trialConversion: TrialConversion = {
    ...(conversionRows[0] ?? { trials: 0, converted: 0 }),
    months: months.slice(0, rows.length).map((m) => ({ ...m, ...(trialMonths.get(m.month) ?? { trials: 0, converted: 0 }) })),
  };
  return { from, to, asOf: now, months: rows, total, trialConversion };
}
