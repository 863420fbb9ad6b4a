// The dashboards' date range: Europe/London dates as YYYY-MM-DD, by default the 30 days to today.

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Europe/London date of an instant, YYYY-MM-DD. */
export function londonDay(at: number): string {
  return LONDON_DAY.format(at);
}

/** The date `days` after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T12:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The range of the 30 days to `now`'s London date, both included. */
export function lastThirtyDays(now: number): { from: string; to: string } {
  const to = londonDay(now);
  return { from: addDays(to, -29), to };
}

/** Why the range cannot be read, naming the field, or null. */
export function rangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) return { field: 'from', message: 'Enter the first day.' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(to)) return { field: 'to', message: 'Enter the last day.' };
  if (to < from) return { field: 'to', message: 'The last day must be on or after the first.' };
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > 400) return { field: 'to', message: 'Choose at most 400 days.' };
  return null;
}
