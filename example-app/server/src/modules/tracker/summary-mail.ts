// The weekly summary of a member's profit (template in mail/templates/members.tsx), opt-in through
// the `weekly-summary` setting, so it carries its unsubscribe link. The figures are the tracker's
// (the sdk's functions, as the app computes them); this only puts them in words.
import { londonDate } from '@matchkit/app-contract';
import type { MailMessage } from '../../mail/mailer';
import type { MailFrame } from '../../mail/templates/frame';
import { WeeklySummary } from '../../mail/templates/members';
import { renderMail } from '../../mail/templates/render';
import { formatPence } from '../../money';

/** One member's week, as the tracker computed it. */
export interface WeekSummary {
  /** Monday 00:00 Europe/London, and the Sunday the week ends on (epoch ms). */
  readonly weekStart: number;
  readonly weekEnd: number;
  /** The week's profit in pence: negative for a loss. */
  readonly profit: number;
  /** The profit since the member started, in pence. */
  readonly overall: number;
  /** How many bets settled in the week. */
  readonly settled: number;
}

/** A signed amount in words: "£12.40 profit", "£3.10 loss", "£0.00, even". */
function result(field: string, pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new TypeError(`${field}: must be whole pence (received ${pence})`);
  if (pence === 0) return '£0.00, even';
  return `${formatPence(Math.abs(pence))} ${pence > 0 ? 'profit' : 'loss'}`;
}

/** The summary of `week` for `member`. */
export function weeklySummaryMail(
  frame: MailFrame,
  to: string,
  member: { readonly id: string; readonly firstName: string },
  week: WeekSummary,
): Promise<MailMessage> {
  if (!Number.isSafeInteger(week.settled) || week.settled < 0) throw new TypeError(`settled: must be a count (received ${week.settled})`);
  if (!(Number.isFinite(week.weekStart) && Number.isFinite(week.weekEnd) && week.weekStart < week.weekEnd))
    throw new TypeError('weekStart: must be an instant before weekEnd');
  const words = result('profit', week.profit);
  return renderMail(
    { to, subject: `Your week on ${frame.brand.displayName}: ${words}`, kind: 'weekly-summary', userId: member.id },
    WeeklySummary,
    {
      frame,
      firstName: member.firstName,
      week: `${londonDate(week.weekStart)} to ${londonDate(week.weekEnd)}`,
      result: words,
      settled: week.settled === 1 ? '1 bet' : `${week.settled} bets`,
      overall: result('overall', week.overall),
      trackerUrl: `${frame.origin}/user/profit-tracker-advanced`,
    },
  );
}
