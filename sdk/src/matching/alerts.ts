// Odds alerts: a member's "tell me when a match rates at least X%" with its optional bookmaker,
// sport, start window and liquidity, validated once here, turned into the oddsmatcher's own
// filters (so an alert and the oddsmatcher page mean the same thing), and checked against the
// rows of the oddsmatcher or of a finder that rates its rows (price boosts, match catches).
import * as v from 'valibot';
import * as s from '../internal/schemas';
import { validate } from '../internal/validate';
import { penceSchema } from '../model/schemas';
import { MAX_MONEY } from '../calculators/index';
import { commissionFractionSchema, feedKeySchema } from './model';
import type { OddsmatcherFilters } from './oddsmatcher/options';

/** The longest start window of an alert, hours (two weeks, as the oddsmatcher page allows). */
const MAX_HOURS = 24 * 14;

/**
 * The schema entries every alert's rule shares besides its threshold: bookmaker, sport, start
 * window, liquidity and the member's commissions (the money alerts' rule reuses them).
 */
export const alertFilterEntries = {
  /** Only this bookmaker (a lower-case key); absent: any. */
  bookmaker: s.optional(feedKeySchema),
  /** Only this sport (a lower-case key); absent: any. */
  sport: s.optional(feedKeySchema),
  /** Only events starting within this many hours of the patch; absent: any start. */
  withinHours: s.optional(v.pipe(s.int(), s.gte(1, 'must be at least 1'), s.lte(MAX_HOURS, `must be at most ${MAX_HOURS}`))),
  /** Least money available at the lay price, integer pence; absent: any. */
  minLiquidity: s.optional(v.pipe(penceSchema, s.lte(MAX_MONEY, `must be at most ${MAX_MONEY}`))),
  /** The member's own commission per exchange, the rows are rated at; absent: the feed's. */
  commissions: s.optional(s.record(feedKeySchema, commissionFractionSchema)),
};

/**
 * Schema of {@link OddsAlertRule}: `minRating` a percentage from 0 to 200 (as the oddsmatcher's
 * `minRating`), `withinHours` whole hours from 1 to 336, `minLiquidity` integer pence,
 * `commissions` a fraction from 0 (inclusive) to 1 (exclusive) per exchange key.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { oddsAlertRuleSchema } from '@matchkit/sdk/matching';
 * v.safeParse(oddsAlertRuleSchema, { minRating: 95 }).success; // true
 * ```
 */
export const oddsAlertRuleSchema = s.strictObject({
  /** Lowest rating that alerts, percent (the oddsmatcher row's `rating`). */
  minRating: v.pipe(s.number(), s.gte(0, 'must be at least 0'), s.lte(200, 'must be at most 200')),
  ...alertFilterEntries,
});

/**
 * What an odds alert asks for: a match rating at least `minRating` percent, optionally at one
 * bookmaker, in one sport, starting within some hours, with at least some money to lay.
 *
 * @example
 * ```ts
 * import type { OddsAlertRule } from '@matchkit/sdk/matching';
 * const rule: OddsAlertRule = { minRating: 98, bookmaker: 'bet-co', withinHours: 24, minLiquidity: 5000, commissions: { smarkets: 0 } };
 * ```
 */
export interface OddsAlertRule {
  /** Lowest rating that alerts, percent, 0 to 200 (the oddsmatcher row's `rating`). */
  readonly minRating: number;
  /** Only this bookmaker (a lower-case key). */
  readonly bookmaker?: string | undefined;
  /** Only this sport (a lower-case key). */
  readonly sport?: string | undefined;
  /** Only events starting within this many whole hours, 1 to 336. */
  readonly withinHours?: number | undefined;
  /** Least money available at the lay price, integer pence. */
  readonly minLiquidity?: number | undefined;
  /**
   * The member's own commission per exchange (a fraction, by exchange key), replacing the feed's
   * where set: the rows an alert reads are rated at these, as the member's page rates them (the
   * engines' `commissions` option). {@link oddsAlertMatches} does not read it: the engine has.
   */
  readonly commissions?: Readonly<Record<string, number>> | undefined;
}

/**
 * Validates an odds alert's rule.
 *
 * @param input - the rule as received (a form, a request)
 * @returns the rule, with absent fields left out
 * @throws MatchkitValidationError naming every bad field (`minRating: must be at most 200`)
 *
 * @example
 * ```ts
 * import { parseOddsAlertRule } from '@matchkit/sdk/matching';
 * const rule = parseOddsAlertRule({ minRating: 97.5, sport: 'football' });
 * rule.minRating; // 97.5
 * ```
 */
export function parseOddsAlertRule(input: unknown): OddsAlertRule {
  return validate(oddsAlertRuleSchema, input, 'odds alert');
}

/**
 * The oddsmatcher filters that show what an alert asks for at `now` (epoch ms): its rating,
 * bookmaker, sport, liquidity, and its start window as `startsTo`. The oddsmatcher loaded with
 * these filters lists exactly the rows {@link oddsAlertMatches} accepts.
 *
 * @param rule - a rule from {@link parseOddsAlertRule}
 * @param now - the instant the window starts, epoch ms
 * @returns the filters for `createOddsmatcher` or the oddsmatcher page
 *
 * @example
 * ```ts
 * import { oddsAlertFilters } from '@matchkit/sdk/matching';
 * oddsAlertFilters({ minRating: 95, bookmaker: 'bet-co' }, Date.now()); // { minRating: 95, bookmakers: ['bet-co'] }
 * ```
 */
export function oddsAlertFilters(rule: OddsAlertRule, now: number): OddsmatcherFilters {
  return {
    minRating: rule.minRating,
    ...(rule.bookmaker === undefined ? {} : { bookmakers: [rule.bookmaker] }),
    ...(rule.sport === undefined ? {} : { sports: [rule.sport] }),
    ...(rule.minLiquidity === undefined ? {} : { minLiquidity: rule.minLiquidity }),
    ...(rule.withinHours === undefined ? {} : { startsTo: new Date(now + rule.withinHours * 3_600_000).toISOString() }),
  };
}

/**
 * What an odds alert reads of a row: its rating, bookmaker, sport and start, and the money to lay
 * where the row has a lay. An oddsmatcher row ranked by rating (`OddsmatchRow`) has all of
 * them, and so do the rows of the finders that rate a back against a lay (`PriceBoostRow`,
 * `MatchCatcherRow`).
 *
 * @example
 * ```ts
 * import type { OddsAlertRow } from '@matchkit/sdk/matching';
 * const row: OddsAlertRow = { rating: 101.2, bookmaker: 'bet-co', sport: 'football', startsAt: '2030-06-01T15:00:00Z', layLiquidity: 12_000 };
 * ```
 */
export interface OddsAlertRow {
  /** Rating, percent, as the alert's `minRating`. */
  readonly rating: number;
  /** Bookmaker key. */
  readonly bookmaker: string;
  /** Sport key. */
  readonly sport: string;
  /** Event start, an ISO 8601 instant. */
  readonly startsAt: string;
  /** Money available at the lay price, integer pence; absent when the row has no lay. */
  readonly layLiquidity?: number | undefined;
}

/**
 * Whether a row satisfies an alert at `now` (epoch ms): the test {@link oddsAlertFilters} asks
 * the oddsmatcher for, applied to one row an engine made, so a server can rank once and check
 * many alerts against the rows. The row is an oddsmatcher row ranked by rating or a finder row
 * with the same fields ({@link OddsAlertRow}); a rule with `minLiquidity` refuses a row without
 * `layLiquidity` (its money to lay is unknown, never taken as enough).
 *
 * @param rule - a rule from {@link parseOddsAlertRule}
 * @param row - a row of an oddsmatcher ranking by rating, or of a finder that rates its rows
 * @param now - the instant the start window starts, epoch ms
 * @returns true when the row passes every part of the rule
 *
 * @example
 * ```ts
 * import { createOddsmatcher, findPriceBoosts, oddsAlertMatches } from '@matchkit/sdk/matching';
 * const matcher = createOddsmatcher({ limit: 100 });
 * const hits = matcher.getSnapshot().filter((row) => oddsAlertMatches({ minRating: 98 }, row, Date.now()));
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * const boosts = findPriceBoosts({ market }).rows.filter((row) => oddsAlertMatches({ minRating: 100 }, row, Date.now()));
 * ```
 */
export function oddsAlertMatches(rule: OddsAlertRule, row: OddsAlertRow, now: number): boolean {
  return row.rating >= rule.minRating && passesAlertFilters(rule, row, now);
}

/**
 * Whether a row passes an alert's filters other than its threshold (bookmaker, sport, liquidity,
 * start window): the part every kind of alert shares.
 */
export function passesAlertFilters(
  rule: Pick<OddsAlertRule, 'bookmaker' | 'sport' | 'withinHours' | 'minLiquidity'>,
  row: Omit<OddsAlertRow, 'rating'>,
  now: number,
): boolean {
  if (rule.bookmaker !== undefined && row.bookmaker !== rule.bookmaker) return false;
  if (rule.sport !== undefined && row.sport !== rule.sport) return false;
  if (rule.minLiquidity !== undefined && (row.layLiquidity === undefined || row.layLiquidity < rule.minLiquidity)) return false;
  if (rule.withinHours !== undefined && Date.parse(row.startsAt) > now + rule.withinHours * 3_600_000) return false;
  return true;
}
