// The tracker's filters live in the URL (?type=ev&source=oddsmatcher&status=open&from=2025-08-01&to=2025-08-31),
// so a filtered view can be bookmarked and shared. Dates are UK calendar days, as the sdk's totals
// count them; `to` is inclusive for the member and becomes the next UK midnight for the server
// (whose `to` is exclusive).
import { MAX_PENCE } from '@matchkit/sdk/tracker';
import type { GqlBetStatus, GqlProfitType, GqlTrackedBetFilter } from '@matchkit/sdk/transport';
import { poundsToPence } from '../../components/money';

export const PROFIT_TYPES: readonly GqlProfitType[] = ['guaranteed', 'potential', 'training', 'ev'];
export const STATUSES: readonly GqlBetStatus[] = ['open', 'settled', 'void'];

export interface TrackerFilters {
  readonly profitType: GqlProfitType | null;
  readonly source: string | null;
  readonly status: GqlBetStatus | null;
  /** First UK day, YYYY-MM-DD. */
  readonly from: string | null;
  /** Last UK day (inclusive), YYYY-MM-DD. */
  readonly to: string | null;
}

/** A problem with a filter's value, keyed by its URL parameter. */
export type FilterErrors = Partial<Record<'type' | 'source' | 'status' | 'from' | 'to', string>>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  const m = DAY.exec(text);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1970;
}

/** Reads the filters from the URL: unknown or malformed values are dropped and named in `errors`. */
export function readFilters(
  params: URLSearchParams,
  sources: readonly string[],
): { readonly filters: TrackerFilters; readonly errors: FilterErrors } {
  const errors: { -readonly [K in keyof FilterErrors]: FilterErrors[K] } = {};
  const type = params.get('type');
  const source = params.get('source');
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const profitType =
    type !== null && type !== '' ? ((PROFIT_TYPES as readonly string[]).includes(type) ? (type as GqlProfitType) : null) : null;
  if (type !== null && type !== '' && profitType === null) errors.type = `“${type.slice(0, 40)}” is not a profit type.`;
  const knownSource = source !== null && source !== '' && sources.includes(source) ? source : null;
  if (source !== null && source !== '' && knownSource === null) errors.source = `“${source.slice(0, 40)}” is not one of your tools.`;
  const knownStatus =
    status !== null && status !== '' && (STATUSES as readonly string[]).includes(status) ? (status as GqlBetStatus) : null;
  if (status !== null && status !== '' && knownStatus === null) errors.status = `“${status.slice(0, 40)}” is not a status.`;
  const fromDay = from !== null && from !== '' ? (isDay(from) ? from : null) : null;
  if (from !== null && from !== '' && fromDay === null) errors.from = 'Enter a date, such as 2025-08-01.';
  let toDay = to !== null && to !== '' ? (isDay(to) ? to : null) : null;
  if (to !== null && to !== '' && toDay === null) errors.to = 'Enter a date, such as 2025-08-31.';
  if (fromDay !== null && toDay !== null && toDay < fromDay) {
    errors.to = 'The last day must not be before the first day.';
    toDay = null;
  }
  return { filters: { profitType, source: knownSource, status: knownStatus, from: fromDay, to: toDay }, errors };
}

/** The URL parameters of `filters` (only the ones set). */
export function writeFilters(filters: TrackerFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.profitType !== null) params.set('type', filters.profitType);
  if (filters.source !== null) params.set('source', filters.source);
  if (filters.status !== null) params.set('status', filters.status);
  if (filters.from !== null) params.set('from', filters.from);
  if (filters.to !== null) params.set('to', filters.to);
  return params;
}

/** True when no filter is set. */
export function noFilters(filters: TrackerFilters): boolean {
  return writeFilters(filters).toString() === '';
}

/** The Europe/London offset from UTC, in minutes, at an instant (60 in summer, 0 in winter). */
function londonOffsetMinutes(at: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** The instant UK midnight starts `day` (YYYY-MM-DD), as ISO 8601. */
export function londonMidnight(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The offset at UK midnight is the offset an hour either side of it: clocks change at 01:00 UTC.
  const offset = londonOffsetMinutes(utcMidnight);
  return new Date(utcMidnight - offset * 60_000).toISOString();
}

/** The day after `day`, YYYY-MM-DD. */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The server's filter for `filters` (the status left to the caller: open and settled bets are listed apart). */
export function toServerFilter(filters: TrackerFilters): GqlTrackedBetFilter {
  return {
    ...(filters.profitType === null ? {} : { profitTypes: [filters.profitType] }),
    ...(filters.source === null ? {} : { source: filters.source }),
    ...(filters.status === null ? {} : { status: filters.status }),
    ...(filters.from === null ? {} : { from: londonMidnight(filters.from) }),
    ...(filters.to === null ? {} : { to: londonMidnight(nextDay(filters.to)) }),
  };
}

/** The UK calendar month of an instant, YYYY-MM. */
export function londonMonth(at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' }).format(at).slice(0, 7);
}

const MAX_POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }).format(MAX_PENCE / 100);

/**
 * Pounds typed by the member (`10`, `10.5`, `£1,250.00`, `-3.20` when `signed`) as integer pence
 * (read by the app's one reader, `poundsToPence`), or a message for the field. An amount bigger
 * than the tracker accepts (the sdk's MAX_PENCE, £1bn, either sign) is refused here, before the
 * server's sdk would refuse it in its own words.
 */
export function parsePounds(
  text: string,
  { signed = false, positive = false }: { readonly signed?: boolean; readonly positive?: boolean } = {},
): number | string {
  const value = poundsToPence(text, { signed: true });
  if (value === null) return signed ? 'Enter an amount in pounds, such as 10.50 or -3.20.' : 'Enter an amount in pounds, such as 10.50.';
  if (value < 0 && !signed) return 'Enter an amount of 0 or more.';
  if (Math.abs(value) > MAX_PENCE) return `Enter an amount of at most ${MAX_POUNDS}.`;
  if (positive && value <= 0) return 'Enter an amount above 0.';
  return value;
}

/** Decimal odds typed by the member, or a message. */
export function parseOdds(text: string): number | string {
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return 'Enter decimal odds, such as 3.25.';
  const odds = Number(t);
  return odds > 1 ? odds : 'Odds must be above 1.';
}

/** A commission typed in percent (`2`, `2.5`) as a fraction, or a message. */
export function parsePercent(text: string): number | string {
  const t = text.trim().replace(/%$/, '');
  if (!/^\d+(\.\d+)?$/.test(t)) return 'Enter a percentage, such as 2.';
  const pct = Number(t);
  return pct < 100 ? Number((pct / 100).toFixed(6)) : 'Commission must be below 100%.';
}
