// How the tracker names things to a member: tools by the catalogue's titles, types and results in words.
import type { Brand } from '@matchkit/sdk/brands';
import { bookAccount } from '@matchkit/sdk/tracker';
import type { GqlBetStatus, GqlProfitType, GqlTrackedLeg } from '@matchkit/sdk/transport';
import { formatPence } from '../../components/money';

export const PROFIT_TYPE_LABELS: Readonly<Record<GqlProfitType, string>> = {
  guaranteed: 'Matched (both outcomes fixed)',
  potential: 'Potential (extra place, 2UP)',
  training: 'Casino training',
  ev: 'Value bet (EV)',
};

/** The profit types in a word or two, for a table's narrow column (the full label is its title). */
export const PROFIT_TYPE_SHORT: Readonly<Record<GqlProfitType, string>> = {
  guaranteed: 'Matched',
  potential: 'Potential',
  training: 'Training',
  ev: 'Value (EV)',
};

export const STATUS_LABELS: Readonly<Record<GqlBetStatus, string>> = { open: 'Open', settled: 'Settled', void: 'Void' };

/** The tool (or tools) a tracker source stands for, by the brand catalogue's titles. */
export function sourceLabel(brand: Brand, source: string): string {
  if (source === 'manual') return 'Added by hand';
  const titles = brand.tools.filter((t) => t.profitTrackerSource === source).map((t) => t.title);
  return titles.length === 0 ? source : titles.join(' / ');
}

/** One leg in words, its account by display name: "Back £10.00 at 3 with Alder Bet", "Lay £9.43 at 3.2 with Smarkets (2% commission)". */
export function legLabel(leg: GqlTrackedLeg): string {
  const side =
    leg.side === 'back'
      ? leg.role === 'free-bet'
        ? `Free bet (${leg.freeBet === 'sr' ? 'stake returned' : 'stake not returned'})`
        : 'Back'
      : 'Lay';
  const commission = leg.commission > 0 ? ` (${Number((leg.commission * 100).toFixed(4))}% commission)` : '';
  return `${side} ${formatPence(leg.stake)} at ${leg.odds} with ${bookAccount(leg.account).displayName}${commission}`;
}

export const RESULT_LABELS: Readonly<Record<GqlTrackedLeg['result'], string>> = {
  pending: 'Pending',
  won: 'Won',
  lost: 'Lost',
  void: 'Void',
};

const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });
const DAY_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `11 Aug 2025` (UK). */
export function formatDay(at: number | string): string {
  return DAY.format(typeof at === 'string' ? Date.parse(at) : at);
}

/** `11 Aug 2025, 13:00` (UK). */
export function formatDayTime(at: number | string): string {
  return DAY_TIME.format(typeof at === 'string' ? Date.parse(at) : at);
}

/** A UK day written YYYY-MM-DD, as `11 Aug 2025`. */
export function formatDayKey(day: string): string {
  return DAY.format(Date.parse(`${day}T12:00:00Z`));
}
