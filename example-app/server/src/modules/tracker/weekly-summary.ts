// The weekly-summary pass: on Monday from 08:00 Europe/London, each member whose `weekly-summary`
// email setting is on (opt-in: off by default) and who has ever tracked a bet is mailed the week
// before's profit (Monday 00:00 to Monday 00:00, London), with the figures of the sdk's
// trackerTotals over the bets settled in it, as the tracker's totals compute them. Once per member
// per week is a row in billing_notices (`weekly-summary:{member}:{Monday}`) written in the
// transaction that queues the mail (mail/queue.ts), so a restart or a second process never queues
// it twice. A pass later than WEEKLY_SUMMARY_WINDOW_MS after the moment sends nothing for that week.
import { and, eq, exists, notExists, sql } from 'drizzle-orm';
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

const DAY_MS = 86_400_000;
const WALL = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** London's wall-clock reading of `ms`, encoded as UTC milliseconds (whole seconds). */
function londonWall(ms: number): number {
  const part = Object.fromEntries(WALL.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part['year'] ?? 0, (part['month'] ?? 1) - 1, part['day'], part['hour'], part['minute'], part['second']);
}

/** The instant London's clocks read `wall` (Monday's midnight and 08:00 are never in a clock change's gap). */
function fromLondonWall(wall: number): number {
  let at = wall;
  for (let i = 0; i < 2; i += 1) at = wall - (londonWall(at) - Math.floor(at / 1000) * 1000);
  return at;
}

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
  const wall = londonWall(now);
  const sinceMonday = (new Date(wall).getUTCDay() + 6) % 7;
  let monday = Math.floor(wall / DAY_MS) * DAY_MS - sinceMonday * DAY_MS;
  if (wall < monday + WEEKLY_SUMMARY_HOUR * 3_600_000) monday -= 7 * DAY_MS;
  const sendAt = fromLondonWall(monday + WEEKLY_SUMMARY_HOUR * 3_600_000);
  if (now - sendAt >= WEEKLY_SUMMARY_WINDOW_MS) return null;
  const weekStartWall = monday - 7 * DAY_MS;
  return {
    weekStart: fromLondonWall(weekStartWall),
    nextWeekStart: fromLondonWall(monday),
    sendAt,
    key: new Date(weekStartWall).toISOString().slice(0, 10),
  };
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
