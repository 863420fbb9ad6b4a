// How the console writes what the server sends: dates in UK time, tiers and segments by their
// catalogue labels, why commission was held in words.
import type { Brand } from '@matchkit/sdk/brands';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

const DATE_TIME_SECONDS = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/London',
});

/** "17 Aug 2025, 23:59:59" (UK time). */
export function adminDateTimeSeconds(iso: string): string {
  return DATE_TIME_SECONDS.format(new Date(iso));
}

/** "4 May 2026" (UK time). */
export function adminDate(iso: string): string {
  return DATE.format(new Date(iso));
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "March 2026" for a calendar month "2026-03" (a UK month as the server names it). */
export function monthLabel(month: string): string {
  return MONTH.format(new Date(`${month}-01T12:00:00Z`));
}

/** The last day of the calendar month "YYYY-MM", as "YYYY-MM-DD". */
function lastDayOf(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(year ?? 0, m ?? 0, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * A period of a dashboard: "March 2026" for a whole month, "March 2026 (2026-03-15 to 2026-03-31)"
 * for one the range cuts at either end, "The whole range" for the total (month null).
 */
export function periodLabel(p: { readonly month: string | null; readonly from: string; readonly to: string }): string {
  if (p.month === null) return 'The whole range';
  const whole = p.from === `${p.month}-01` && p.to === lastDayOf(p.month);
  return whole ? monthLabel(p.month) : `${monthLabel(p.month)} (${p.from} to ${p.to})`;
}

/** The days of the calendar month "YYYY-MM" inside the range from..to (YYYY-MM-DD, both included). */
export function monthInRange(month: string, from: string, to: string): { month: string; from: string; to: string } {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  return { month, from: first < from ? from : first, to: last > to ? to : last };
}

/** "4 May 2026, 09:00" (UK time). */
export function adminDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** A plan tier in words: the plan's label in the brand's catalogue, Free, or Administrator. */
export function tierLabel(brand: Pick<Brand, 'plans'>, tier: string): string {
  if (tier === 'admin') return 'Administrator';
  if (tier === 'free') return 'Free';
  return brand.plans.find((p) => p.name === tier)?.label ?? tier;
}

/** A plan's label, or its name when the catalogue no longer has it. */
export function planLabel(brand: Pick<Brand, 'plans'>, plan: string): string {
  return brand.plans.find((p) => p.name === plan)?.label ?? plan;
}

/** Why commission was held (HeldCommission.reason), in words. */
export function heldReason(reason: string): string {
  if (reason === 'CARD') return 'Same payment card as the affiliate';
  if (reason === 'SIGNUP') return 'Same sign-up address and device';
  return reason;
}

/** How long ago, roughly, in words: "under a minute", "1 minute", "5 hours", "3 days". */
export function ageInWords(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  return unit(Math.floor(hours / 24), 'day');
}
