// The weekly-summary pass: on Monday from 08:00 Europe/London, each member whose `weekly-summary`
// email setting is on (opt-in: off by default) and who has ever tracked a bet is mailed the week
// before's profit (Monday 00:00 to Monday 00:00, London), with the figures of the sdk's
// trackerTotals over the bets settled in it, as the tracker's totals compute them. Once per member
// per week is a row in billing_notices (`weekly-summary:{member}:{Monday}`) written in the
// transaction that queues the mail (mail/queue.ts), so a restart or a second process never queues
// it twice. A pass later than WEEKLY_SUMMARY_WINDOW_MS after the moment sends nothing for that week.
import { and, eq, exists, notExists, sql } from 'drizzle-orm';
import { londonDate } from '@matchkit/app-contract';
import { addLondonDays, londonClockTime } from '@matchkit/sdk/billing';
import { NOTIFICATION_POLICY, notificationOn } from '@matchkit/sdk/notifications';
import { trackerTotals } from '@matchkit/sdk/tracker';
import { billingNotices, notificationSettings, trackedBets, users } from '../../db/schema';
import type { AppDeps } from '../../kernel';
import { queueMail } from '../../mail/queue';
import { loadBetsSettledIn } from './queries';
import { weeklySummaryMail } from './summary-mail';

/** The London hour on Monday the summary goes out. */
export const WEEKLY_SUMMARY_HOUR = 8;
/** How long after Monday 08:00 a pass may still send the week's summary (a server that was down). */
export const WEEKLY_SUMMARY_WINDOW_MS = 24 * 60 * 60_000;

const HOUR_MS = 3_600_000;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** A London calendar date as `YYYY-MM-DD` (the Canadian English form is ISO 8601's). */
const LONDON_ISO_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The week a summary sent at `now` covers. */
export interface SummaryWeek {
  /** Monday 00:00 London of the week summarised (epoch ms). */
  readonly weekStart: number;
  /** The next Monday 00:00 London: the week is [weekStart, nextWeekStart). */
  readonly nextWeekStart: number;
  /** Monday 08:00 London after the week: when its summaries go out. */
  readonly sendAt: number;
  /** The London date of weekStart (`YYYY-MM-DD`), the week's key. */
  readonly key: string;
}

/**
 * The week whose summaries are due at `now`: the latest Monday 08:00 London at or before `now`,
 * when `now` is within WEEKLY_SUMMARY_WINDOW_MS of it; otherwise null.
 * @throws TypeError naming `now` when it is not an instant
 */
export function summaryWeekAt(now: number): SummaryWeek | null {
  if (!Number.isFinite(now)) throw new TypeError(`now: must be an instant in epoch ms (received ${now})`);
  // London's calendar is the sdk's (addLondonDays, londonClockTime); only the weekday's name is read here.
  const sinceMonday = WEEKDAYS.indexOf(londonDate(now).split(',')[0] ?? '');
  const [hours, minutes] = londonClockTime(now).split(':').map(Number) as [number, number];
  // This week's Monday at now's London time, then 08:00 of it (a Monday has no clock change).
  const monday = addLondonDays(now, -sinceMonday);
  let sendAt = monday - ((hours - WEEKLY_SUMMARY_HOUR) * 60 + minutes) * 60_000 - (now % 60_000);
  if (now < sendAt) sendAt = addLondonDays(sendAt, -7);
  if (now - sendAt >= WEEKLY_SUMMARY_WINDOW_MS) return null;
  const nextWeekStart = sendAt - WEEKLY_SUMMARY_HOUR * HOUR_MS;
  const weekStart = addLondonDays(nextWeekStart, -7);
  return { weekStart, nextWeekStart, sendAt, key: LONDON_ISO_DATE.format(weekStart) };
}

/** What the pass needs. */
export type WeeklySummaryDeps = Pick<AppDeps, 'db' | 'brand' | 'config' | 'logger'>;

/**
 * One pass at `now`, mailing with `unsubscribeUrl(userId)` (the one-click link of the
 * `weekly-summary` kind). Resolves with the members mailed. Safe on several processes at once.
 */
export async function runWeeklySummaryPass(
  deps: WeeklySummaryDeps,
  now: number,
  unsubscribeUrl: (userId: string) => string,
): Promise<string[]> {
  const week = summaryWeekAt(now);
  if (week === null) return [];
  const noticeId = (userId: string) => `weekly-summary:${userId}:${week.key}`;
  // The setting's default is the sdk's (opt-in today); a member's stored choice overrides it.
  const policy = NOTIFICATION_POLICY['weekly-summary'].email;
  if (policy === 'never') return [];
  const byDefault = policy === 'on' || policy === 'always';
  const candidates = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, enabled: notificationSettings.enabled })
    .from(users)
    .leftJoin(
      notificationSettings,
      and(
        eq(notificationSettings.userId, users.id),
        eq(notificationSettings.kind, 'weekly-summary'),
        eq(notificationSettings.channel, 'email'),
      ),
    )
    .where(
      and(
        sql`coalesce(${notificationSettings.enabled}, ${byDefault})`,
        exists(
          deps.db
            .select({ one: sql`1` })
            .from(trackedBets)
            .where(eq(trackedBets.userId, users.id)),
        ),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(billingNotices)
            .where(eq(billingNotices.id, sql`'weekly-summary:' || ${users.id} || ${`:${week.key}`}`)),
        ),
      ),
    );
  const mailed: string[] = [];
  for (const member of candidates) {
    if (!notificationOn(member.enabled === null ? {} : { 'weekly-summary': { email: member.enabled } }, 'weekly-summary', 'email'))
      continue;
    try {
      const inWeek = trackerTotals(await loadBetsSettledIn(deps.db, member.id, new Date(week.weekStart), new Date(week.nextWeekStart)));
      const overall = trackerTotals(await loadBetsSettledIn(deps.db, member.id, null, new Date(week.nextWeekStart)));
      const frame = { brand: deps.brand, origin: deps.config.publicOrigin, unsubscribeUrl: unsubscribeUrl(member.id) };
      const message = await weeklySummaryMail(frame, member.email, member, {
        weekStart: week.weekStart,
        weekEnd: week.nextWeekStart - 1,
        profit: inWeek.profit,
        overall: overall.profit,
        settled: inWeek.betCount,
      });
      const queued = await deps.db.transaction(async (tx) => {
        const claimed = await tx
          .insert(billingNotices)
          .values({ id: noticeId(member.id), userId: member.id, sentAt: new Date(now) })
          .onConflictDoNothing()
          .returning({ id: billingNotices.id });
        if (claimed.length > 0) await queueMail(tx, message, now);
        return claimed.length > 0;
      });
      if (queued) mailed.push(member.id);
    } catch (error) {
      deps.logger.error({ err: error, userId: member.id }, 'weekly-summary pass: a summary failed');
    }
  }
  return mailed;
}
