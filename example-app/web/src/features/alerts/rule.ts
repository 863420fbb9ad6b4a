// An odds alert as a member types it (the "Tell me when…" dialog) and as the app reads it back:
// the form's text read into the wire's input (pounds typed, pence sent), judged by the sdk's own
// parseOddsAlertRule (the server runs the same), each refusal worded for its field; and a rule in
// words for the alerts page.
import { isMoneyAlertTool, moneyAlertFigure, type AlertTool, type MoneyAlertTool } from '@matchkit/app-contract';
import { isValidationError } from '@matchkit/sdk/errors';
import { isMoneyAlertRule, parseMoneyAlertRule, parseOddsAlertRule, type AlertRule } from '@matchkit/sdk/matching';
import type { GqlOddsAlertInput } from '@matchkit/sdk/transport';
import { formatPence, poundsText, poundsToPence, readDecimal } from '../../components/money';
import { accountLabel, sportLabel } from '../../copy/names';

/** The dialog's fields, as typed (empty text: not asked for). */
export interface AlertDraft {
  readonly name: string;
  /** Lowest rating, percent (a tool that rates its rows). */
  readonly minRating: string;
  /** Least profit, pounds, a minus for a loss (a tool that ranks by money). */
  readonly minProfit: string;
  /** The stake per part the profit is on, pounds (a tool that ranks by money). */
  readonly stake: string;
  /** A bookmaker key, or '' for any. */
  readonly bookmaker: string;
  /** A sport key, or '' for any. */
  readonly sport: string;
  /** Whole hours. */
  readonly withinHours: string;
  /** Pounds. */
  readonly minLiquidity: string;
}

export type AlertField = keyof AlertDraft;

/** The longest name the server keeps (alerts/resolvers.ts). */
export const MAX_NAME = 60;

/** What each field says when the sdk's parser refuses it (its limits are the parser's). */
const REFUSED: Readonly<Record<Exclude<AlertField, 'name'>, string>> = {
  minRating: 'Enter a rating from 0 to 200 per cent, such as 95.',
  minProfit: 'Enter an amount in pounds, with a minus for a loss, such as -0.50 or 2.',
  stake: 'Enter a stake in pounds from £0.01 to £10,000,000, such as 10.',
  bookmaker: 'Choose a bookmaker from the list, or any bookmaker.',
  sport: 'Choose a sport from the list, or any sport.',
  withinHours: 'Enter a whole number of hours from 1 to 336 (two weeks), such as 24.',
  minLiquidity: 'Enter an amount in pounds up to £10,000,000, such as 50.',
};

/** The field an error of the server's (`input.minRating`) belongs to, or null for the form as a whole. */
export function fieldOf(path: string | null | undefined): AlertField | null {
  const key = path?.replace(/^input\./, '');
  return key === 'name' || (key !== undefined && key in REFUSED) ? (key as AlertField) : null;
}

export type ReadDraft =
  { readonly ok: true; readonly input: GqlOddsAlertInput } | { readonly ok: false; readonly errors: ReadonlyMap<AlertField, string> };

/**
 * The draft as the alert on `tool` the server saves, or what is wrong with each field. Text that
 * is no number is refused here; every number is then judged by the sdk's parseOddsAlertRule.
 * `commissions`: the member's own commission per exchange the page rates at, sent with the alert
 * so the server rates its rows the same (none: the feed's).
 */
export function readAlertDraft(draft: AlertDraft, tool: AlertTool, commissions: Readonly<Record<string, number>> = {}): ReadDraft {
  const errors = new Map<AlertField, string>();
  const name = draft.name.trim();
  if (name === '') errors.set('name', 'Give the alert a name, such as “Football over 95%”.');
  else if (name.length > MAX_NAME) errors.set('name', `Use at most ${MAX_NAME} characters.`);

  const money = isMoneyAlertTool(tool);
  const required = (field: 'minRating' | 'minProfit' | 'stake', read: (text: string) => number | null): number | null => {
    const value = draft[field].trim() === '' ? null : read(draft[field]);
    if (value === null) errors.set(field, REFUSED[field]);
    return value;
  };
  const rating = money ? null : required('minRating', readDecimal);
  const minProfit = money ? required('minProfit', (text) => poundsToPence(text, { signed: true })) : null;
  const stake = money ? required('stake', poundsToPence) : null;
  const optionalNumber = (field: 'withinHours' | 'minLiquidity', read: (text: string) => number | null): number | undefined => {
    const text = draft[field];
    if (text.trim() === '') return undefined;
    const value = read(text);
    if (value === null) errors.set(field, REFUSED[field]);
    return value ?? undefined;
  };
  const withinHours = optionalNumber('withinHours', readDecimal);
  const minLiquidity = optionalNumber('minLiquidity', poundsToPence);

  let rule: AlertRule | undefined;
  try {
    const filters = {
      bookmaker: draft.bookmaker === '' ? undefined : draft.bookmaker,
      sport: draft.sport === '' ? undefined : draft.sport,
      withinHours,
      minLiquidity,
      commissions: Object.keys(commissions).length === 0 ? undefined : commissions,
    };
    rule = money
      ? parseMoneyAlertRule({ minProfit: minProfit ?? 0, stake: stake ?? 1, ...filters })
      : parseOddsAlertRule({ minRating: rating ?? 0, ...filters });
  } catch (error) {
    if (!isValidationError(error)) throw error;
    for (const issue of error.issues) {
      const field = fieldOf(issue.path);
      if (field !== null && field !== 'name' && !errors.has(field)) errors.set(field, REFUSED[field]);
    }
  }
  if (errors.size > 0 || rule === undefined) return { ok: false, errors };
  return {
    ok: true,
    input: {
      tool,
      name,
      // Only the threshold of the tool's kind: the server refuses the other kind's.
      ...(isMoneyAlertRule(rule) ? { minProfit: rule.minProfit, stake: rule.stake } : { minRating: rule.minRating }),
      bookmaker: rule.bookmaker ?? null,
      sport: rule.sport ?? null,
      withinHours: rule.withinHours ?? null,
      minLiquidity: rule.minLiquidity ?? null,
      ...(rule.commissions === undefined
        ? {}
        : { commissions: Object.entries(rule.commissions).map(([exchange, commission]) => ({ exchange, commission })) }),
    },
  };
}

/** A tool page's filters as a draft (a name suggested from them). */
export function draftFromFilters(filters: {
  readonly minRating?: number | undefined;
  readonly bookmaker?: string | undefined;
  readonly sport?: string | undefined;
  readonly withinHours?: number | undefined;
  /** Pence. */
  readonly minLiquidity?: number | undefined;
  /** The page's stake per part, pence (a tool that ranks by money). */
  readonly stake?: number | undefined;
}): AlertDraft {
  const rating = filters.minRating === undefined ? '' : String(filters.minRating);
  const about = [filters.sport === undefined ? undefined : sportLabel(filters.sport), filters.bookmaker && accountLabel(filters.bookmaker)]
    .filter((part) => part !== undefined && part !== '')
    .join(' at ');
  const name = `${about === '' ? 'Matches' : about}${rating === '' ? '' : ` over ${rating}%`}`;
  return {
    name: name.slice(0, MAX_NAME),
    minRating: rating,
    minProfit: '',
    stake: filters.stake === undefined ? '' : poundsText(filters.stake),
    bookmaker: filters.bookmaker ?? '',
    sport: filters.sport ?? '',
    withinHours: filters.withinHours === undefined ? '' : String(filters.withinHours),
    minLiquidity: filters.minLiquidity === undefined ? '' : poundsText(filters.minLiquidity),
  };
}

/**
 * An alert's rule in a member's words: `Rating 95% or more · Football · Bet Co · starting within
 * 24 hours · £50 or more to lay · at your commission: Smarkets 0%`.
 */
export function describeRule(rule: {
  /** The alert's tool: names a money threshold by its figure. */
  readonly tool?: string | undefined;
  readonly minRating?: number | null | undefined;
  /** Pence, with `stake` (a tool that ranks by money). */
  readonly minProfit?: number | null | undefined;
  readonly stake?: number | null | undefined;
  readonly bookmaker?: string | null | undefined;
  readonly sport?: string | null | undefined;
  readonly withinHours?: number | null | undefined;
  readonly minLiquidity?: number | null | undefined;
  readonly commissions?: readonly { readonly exchange: string; readonly commission: number }[] | undefined;
}): string {
  const { sport, bookmaker, withinHours: hours, minLiquidity: liquidity } = rule;
  const parts = [thresholdText(rule)];
  parts.push(sport === null || sport === undefined ? 'any sport' : sportLabel(sport));
  parts.push(bookmaker === null || bookmaker === undefined ? 'any bookmaker' : accountLabel(bookmaker));
  if (hours !== null && hours !== undefined) parts.push(`starting within ${hours} ${hours === 1 ? 'hour' : 'hours'}`);
  if (liquidity !== null && liquidity !== undefined) parts.push(`${formatPence(liquidity)} or more to lay`);
  if (rule.commissions !== undefined && rule.commissions.length > 0) parts.push(`at your commission: ${commissionsText(rule.commissions)}`);
  return parts.join(' · ');
}

/** An alert's threshold in words: `Rating 95% or more`, `Worst outcome −£0.50 or more on £10.00 a part`. */
function thresholdText(rule: Parameters<typeof describeRule>[0]): string {
  const { minProfit, stake, tool } = rule;
  if (minProfit === null || minProfit === undefined || stake === null || stake === undefined)
    return `Rating ${rule.minRating ?? 0}% or more`;
  const figure = tool !== undefined && isMoneyAlertTool(tool) ? figureName(tool) : 'Profit';
  return `${figure} ${formatPence(minProfit)} or more on ${formatPence(stake)} a part`;
}

/** A money tool's figure as a label starts: `Worst outcome`, `Expected profit`. */
export function figureName(tool: MoneyAlertTool): string {
  const figure = moneyAlertFigure[tool];
  return `${figure.charAt(0).toUpperCase()}${figure.slice(1)}`;
}

/** Commissions in words: `Smarkets 0%, Betfair 5%`. */
export function commissionsText(commissions: readonly { readonly exchange: string; readonly commission: number }[]): string {
  return commissions.map((c) => `${accountLabel(c.exchange)} ${Number((c.commission * 100).toFixed(2))}%`).join(', ');
}
