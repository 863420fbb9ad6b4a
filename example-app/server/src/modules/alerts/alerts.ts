// Odds alerts: the member's saved alerts and the matches they found, read and written through the
// signed-in member (every query filters on user_id), and the addresses their matches open.
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import { alertTools, isAlertTool, isMoneyAlertTool, moneyAlertFigure, type AlertTool } from '@matchkit/app-contract';
import type { Brand } from '@matchkit/sdk/brands';
import { availableTools } from '@matchkit/sdk/entitlements';
import type { EntitledUser } from '@matchkit/sdk/model';
import { isMoneyAlertRule, parseMoneyAlertRule, parseOddsAlertRule, type AlertRule } from '@matchkit/sdk/matching';
import type { Db } from '../../db/client';
import { formatPence, formatSignedPence } from '../../money';
import { oddsAlertMatches, oddsAlerts } from '../../db/schema';
import type { WatchedRow } from './evaluate';

/** At most this many alerts per member (paused ones count). */
export const MAX_ALERTS = 20;
/**
 * The address parameters of each tool an alert may watch, for a rule: the parameters its page
 * reads its filters from. The finders' pages filter by bookmaker (and the price boost tracker's by
 * rating too): an alert's other fields are checked by the server but not carried to the page.
 */
const PAGE_PARAMS: Readonly<Record<AlertTool, (rule: AlertRule, params: URLSearchParams) => void>> = {
  oddsmatcher: (rule, params) => {
    if (!isMoneyAlertRule(rule)) params.set('rating', String(rule.minRating));
    if (rule.bookmaker !== undefined) params.set('bm', rule.bookmaker);
    if (rule.sport !== undefined) params.set('sport', rule.sport);
    if (rule.minLiquidity !== undefined) params.set('liq', String(rule.minLiquidity / 100));
    if (rule.withinHours !== undefined) params.set('hours', String(rule.withinHours));
  },
  priceBoostTracker: (rule, params) => {
    if (!isMoneyAlertRule(rule)) params.set('minRating', String(rule.minRating));
    if (rule.bookmaker !== undefined) params.set('bm', rule.bookmaker);
  },
  twoUpMatcher: (rule, params) => {
    if (rule.bookmaker !== undefined) params.set('bm', rule.bookmaker);
  },
  // The money finders' pages: the stake the rows are worked out on, in pounds, and the bookmaker.
  eachWayCatcher: (rule, params) => moneyPageParams(rule, params),
  extraPlaceCatcher: (rule, params) => moneyPageParams(rule, params),
};

function moneyPageParams(rule: AlertRule, params: URLSearchParams): void {
  if (isMoneyAlertRule(rule)) params.set('stake', String(rule.stake / 100));
  if (rule.bookmaker !== undefined) params.set('bm', rule.bookmaker);
}

/** The hedge of the extra place catcher's alert rows (the sdk's ExtraPlaceHedge). */
const EXTRA_PLACE_ALERT_HEDGE = 'eachWayLay';

/**
 * A match's key as its tool's page names its row (`match=`): the alerts' key (selection, bookmaker,
 * exchange) on the pages whose rows are back/lay pairs; the 2UP matcher's page has one row per
 * selection and bookmaker (laid at the best exchange), keyed without the exchange.
 */
const PAGE_MATCH: Readonly<Record<AlertTool, (matchKey: string) => string>> = {
  oddsmatcher: (key) => key,
  priceBoostTracker: (key) => key,
  twoUpMatcher: (key) => key.slice(0, key.lastIndexOf('|')),
  eachWayCatcher: (key) => key,
  // The catcher's page keys its rows `selection|bookmaker|exchange|hedge` (a row per hedge); the
  // catcher's alerts hedge with the each-way lay only (extra-place-source.ts).
  extraPlaceCatcher: (key) => `${key}|${EXTRA_PLACE_ALERT_HEDGE}`,
};

/** The tools an alert may watch: the oddsmatcher and the finders of the contract's alertTools. */
export const ALERT_TOOLS: readonly string[] = alertTools;
/** At most one push per alert in this long; the matches found meanwhile go out together after it. */
export const COOL_DOWN_MS = 15 * 60_000;
/** A match is kept this long after its event's start, then pruned (pruneAlertMatches). */
export const MATCH_KEEP_MS = 24 * 3_600_000;

export type AlertRow = typeof oddsAlerts.$inferSelect;
export type AlertMatchRow = typeof oddsAlertMatches.$inferSelect;

/** What a match shows the member (stored with it: the feed moves on). */
export interface StoredMatch {
  readonly eventName: string;
  readonly marketName: string;
  readonly selectionName: string;
  readonly selectionId: string;
  readonly bookmaker: string;
  readonly exchange: string;
  readonly backOdds: number;
  readonly layOdds: number;
  /** The rating found, percent (a rated tool's match). */
  readonly rating?: number | undefined;
  /** The profit found on `stake`, whole pence (a money finder's match). */
  readonly profit?: number | undefined;
  /** The stake `profit` is on, pence. */
  readonly stake?: number | undefined;
  /** The place market's lay odds, when the hedge lays one. */
  readonly placeLayOdds?: number | undefined;
  readonly startsAt: string;
}

export function storedMatch(row: WatchedRow): StoredMatch {
  return {
    eventName: row.eventName,
    marketName: row.marketName,
    selectionName: row.selectionName,
    selectionId: row.selectionId,
    bookmaker: row.bookmaker,
    exchange: row.exchange,
    backOdds: row.backOdds,
    layOdds: row.layOdds,
    ...('profitOnStake' in row ? { profit: Math.round(row.profitOnStake), stake: row.stake } : { rating: row.rating }),
    ...('placeLayOdds' in row && typeof row.placeLayOdds === 'number' ? { placeLayOdds: row.placeLayOdds } : {}),
    startsAt: row.startsAt,
  };
}

/** A stored match's figure, to order an alert's matches best first (one alert's are all of one kind). */
export const matchFigure = (m: StoredMatch): number => m.profit ?? m.rating ?? 0;

/** A match's figure in words: `rating 101.2%`, or `worst outcome −£0.45 on £10.00 a part`. */
export function matchFigureText(tool: string, m: StoredMatch): string {
  if (m.profit === undefined || m.stake === undefined) return `rating ${(m.rating ?? 0).toFixed(1)}%`;
  return `${isMoneyAlertTool(tool) ? moneyAlertFigure[tool] : 'profit'} ${formatSignedPence(m.profit)} on ${formatPence(m.stake)} a part`;
}

/**
 * The rule of a stored alert (validated again: a row is read as untrusted as any input): a money
 * rule for the finders that rank by money, else a rating rule.
 */
export const ruleOf = (row: Pick<AlertRow, 'rule' | 'tool'>): AlertRule =>
  isMoneyAlertTool(row.tool) ? parseMoneyAlertRule(row.rule) : parseOddsAlertRule(row.rule);

/** The page of `tool` in `brand` (its slug), or null when the brand has no such tool. */
function toolPath(brand: Brand, tool: string): string | null {
  const found = brand.tools.find((t) => t.key === tool);
  return found === undefined || found.slug === '' ? null : `/${found.slug}`;
}

/**
 * The tool's page with the alert's filters (that page's address parameters), and with `match` (a
 * match's key) the page opens at that match.
 */
export function alertHref(brand: Brand, tool: string, rule: AlertRule, match?: string): string {
  const params = new URLSearchParams();
  if (isAlertTool(tool)) PAGE_PARAMS[tool](rule, params);
  if (match !== undefined) params.set('match', isAlertTool(tool) ? PAGE_MATCH[tool](match) : match);
  return `${toolPath(brand, tool) ?? '/'}?${params.toString()}`;
}

/** Whether the member's plan includes `tool` (the sdk's availableTools). */
export function mayWatch(brand: Brand, entitled: EntitledUser, tool: string): boolean {
  return availableTools(brand, entitled).some((t) => t.key === tool);
}

/** The alert as the GraphQL type OddsAlert. */
export function alertView(brand: Brand, row: AlertRow) {
  const rule = ruleOf(row);
  return {
    id: row.id,
    tool: row.tool,
    name: row.name,
    minRating: isMoneyAlertRule(rule) ? null : rule.minRating,
    minProfit: isMoneyAlertRule(rule) ? rule.minProfit : null,
    stake: isMoneyAlertRule(rule) ? rule.stake : null,
    bookmaker: rule.bookmaker ?? null,
    sport: rule.sport ?? null,
    withinHours: rule.withinHours ?? null,
    minLiquidity: rule.minLiquidity ?? null,
    commissions: Object.entries(rule.commissions ?? {}).map(([exchange, commission]) => ({ exchange, commission })),
    paused: row.paused,
    createdAt: row.createdAt,
    href: alertHref(brand, row.tool, rule),
  };
}

export function memberAlerts(db: Db, userId: string): Promise<AlertRow[]> {
  return db.select().from(oddsAlerts).where(eq(oddsAlerts.userId, userId)).orderBy(asc(oddsAlerts.createdAt), asc(oddsAlerts.id));
}

export async function memberAlert(db: Db, userId: string, id: string): Promise<AlertRow | null> {
  const rows = await db
    .select()
    .from(oddsAlerts)
    .where(and(eq(oddsAlerts.userId, userId), eq(oddsAlerts.id, id)));
  return rows[0] ?? null;
}

/**
 * Deletes the matches of events that started more than {@link MATCH_KEEP_MS} before `now` (by the
 * index on starts_at); resolves with how many. Safe on several processes at once.
 */
export async function pruneAlertMatches(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(oddsAlertMatches)
    .where(lt(oddsAlertMatches.startsAt, new Date(now - MATCH_KEEP_MS)))
    .returning({ alertId: oddsAlertMatches.alertId });
  return gone.length;
}

/** The member's matches, newest first, with their alert (for its name and the address). */
export async function memberMatches(db: Db, brand: Brand, userId: string, limit = 100) {
  const rows = await db
    .select({ match: oddsAlertMatches, alert: oddsAlerts })
    .from(oddsAlertMatches)
    .innerJoin(oddsAlerts, eq(oddsAlerts.id, oddsAlertMatches.alertId))
    .where(eq(oddsAlertMatches.userId, userId))
    .orderBy(desc(oddsAlertMatches.foundAt), asc(oddsAlertMatches.matchKey))
    .limit(limit);
  return rows.map(({ match, alert }) => {
    const shown = match.match as unknown as StoredMatch;
    return {
      alertId: alert.id,
      alertName: alert.name,
      tool: alert.tool,
      ...shown,
      foundAt: match.foundAt,
      notifiedAt: match.notifiedAt,
      href: alertHref(brand, alert.tool, ruleOf(alert), match.matchKey),
    };
  });
}
