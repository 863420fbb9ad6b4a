// Money alerts: "tell me when the profit on my stake is at least £X" for the finders that rank by
// money, not by a rating (the each-way catcher's guaranteed profit, the extra place catcher's
// expected profit), with the same optional bookmaker, sport, start window, liquidity and
// commissions as an odds alert. The stake the figure is worked out on is the member's, carried on
// the rule, so the alert and the tool's page at that stake mean the same thing.
import * as v from 'valibot';
import * as s from '../internal/schemas';
import { validate } from '../internal/validate';
import { penceSchema } from '../model/schemas';
import { MAX_MONEY } from '../calculators/index';
import { alertFilterEntries, oddsAlertMatches, passesAlertFilters, type OddsAlertRow, type OddsAlertRule } from './alerts';
import type { EachWayCatcherRow } from './finders/eachWayCatcher';
import type { ExtraPlaceRow } from './finders/extraPlace';

const wholePence = 'must be a whole number of pence';

/**
 * Schema of {@link MoneyAlertRule}: `minProfit` whole pence from −1,000,000,000 to 1,000,000,000
 * (a small loss is a threshold too), `stake` whole pence from 1 to 1,000,000,000, and the odds
 * alert's optional filters (`bookmaker`, `sport`, `withinHours`, `minLiquidity`, `commissions`).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { moneyAlertRuleSchema } from '@matchkit/sdk/matching';
 * v.safeParse(moneyAlertRuleSchema, { minProfit: -20, stake: 1000 }).success; // true
 * ```
 */
export const moneyAlertRuleSchema = s.strictObject({
  /** Least profit that alerts, whole pence (negative: a loss of at most that much). */
  minProfit: v.pipe(
    s.int(wholePence),
    s.gte(-MAX_MONEY, `must be at least -${MAX_MONEY}`),
    s.lte(MAX_MONEY, `must be at most ${MAX_MONEY}`),
  ),
  /** The stake the profit is worked out on, whole pence (per part for each-way bets). */
  stake: v.pipe(penceSchema, s.gte(1, 'must be at least 1'), s.lte(MAX_MONEY, `must be at most ${MAX_MONEY}`)),
  ...alertFilterEntries,
});

/**
 * What a money alert asks for: a row of a finder that ranks by money whose profit, worked out on
 * `stake`, rounded to whole pence (as the tool's page shows it), is at least `minProfit` pence; optionally at one bookmaker, in one sport, starting
 * within some hours, with at least some money to lay, at the member's own commissions.
 *
 * @example
 * ```ts
 * import type { MoneyAlertRule } from '@matchkit/sdk/matching';
 * const rule: MoneyAlertRule = { minProfit: -25, stake: 1000, bookmaker: 'bet-co', withinHours: 12 };
 * ```
 */
export interface MoneyAlertRule extends Omit<OddsAlertRule, 'minRating'> {
  /** Least profit that alerts, whole pence; negative: a loss of at most that much. */
  readonly minProfit: number;
  /** The stake the rows are worked out on, whole pence (per part for each-way bets), as the tool's page. */
  readonly stake: number;
}

/**
 * Validates a money alert's rule.
 *
 * @param input - the rule as received (a form, a request)
 * @returns the rule, with absent fields left out
 * @throws MatchkitValidationError naming every bad field (`minProfit: must be a whole number of pence`)
 *
 * @example
 * ```ts
 * import { parseMoneyAlertRule } from '@matchkit/sdk/matching';
 * const rule = parseMoneyAlertRule({ minProfit: 50, stake: 2000, sport: 'horse-racing' });
 * rule.minProfit; // 50
 * ```
 */
export function parseMoneyAlertRule(input: unknown): MoneyAlertRule {
  return validate(moneyAlertRuleSchema, input, 'money alert');
}

/**
 * What a money alert reads of a row: the profit the tool ranks it by, its bookmaker, sport and
 * start, and the money to lay where known.
 *
 * @example
 * ```ts
 * import type { MoneyAlertRow } from '@matchkit/sdk/matching';
 * const row: MoneyAlertRow = { profitOnStake: -12.5, stake: 1000, bookmaker: 'bet-co', sport: 'horse-racing', startsAt: '2030-06-01T15:00:00Z' };
 * ```
 */
export interface MoneyAlertRow extends Omit<OddsAlertRow, 'rating'> {
  /**
   * The profit the tool ranks by, pence (not rounded), on the rule's stake. Named apart from the
   * rated rows' own `profit` fields (a price boost row has one): a row has this only as a money
   * alert reads it.
   */
  readonly profitOnStake: number;
  /** The stake `profitOnStake` is worked out on, whole pence (per part for each-way bets). */
  readonly stake: number;
}

/**
 * Whether a row satisfies a money alert at `now` (epoch ms): worked out on the rule's `stake` (a
 * row on another stake never does), its profit at least `minProfit`, and the odds alert's filters
 * (a rule with `minLiquidity` refuses a row without `layLiquidity`); the profit is compared in whole
 * pence, rounded as the tool's page shows it. The row must be the finder's
 * at the rule's commissions: this reads only its figure.
 *
 * @param rule - a rule from {@link parseMoneyAlertRule}
 * @param row - a row of a finder that ranks by money, as {@link eachWayAlertRow} or {@link extraPlaceAlertRow} make it
 * @param now - the instant the start window starts, epoch ms
 * @returns true when the row passes every part of the rule
 *
 * @example
 * ```ts
 * import { findEachWayCatches, eachWayAlertRow, moneyAlertMatches } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * const rule = { minProfit: -20, stake: 500 };
 * findEachWayCatches({ market, stake: rule.stake }).rows.filter((r) => moneyAlertMatches(rule, eachWayAlertRow(r, rule.stake), Date.now()));
 * ```
 */
export function moneyAlertMatches(rule: MoneyAlertRule, row: MoneyAlertRow, now: number): boolean {
  // Whole pence, as the tool's page and the stored match show the profit: a row shown as the
  // threshold alerts (Math.round(x) >= m exactly when x >= m - 0.5, alertThreshold's bound).
  return row.stake === rule.stake && Math.round(row.profitOnStake) >= rule.minProfit && passesAlertFilters(rule, row, now);
}

/**
 * An each-way catcher row as a money alert reads it: its guaranteed profit (the worst of win,
 * place and lose, the figure the tool ranks by) and `layLiquidity`, when given.
 *
 * @param row - a row of `findEachWayCatches`
 * @param stake - the stake the finder was run at, pence (its `stake`)
 * @param layLiquidity - the money to lay, pence (the smaller of its win and place lays'), when known
 * @returns the row with its `profitOnStake`
 *
 * @example
 * ```ts
 * import { findEachWayCatches, eachWayAlertRow } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findEachWayCatches({ market, stake: 500 }).rows.map((r) => eachWayAlertRow(r, 500).profitOnStake);
 * ```
 */
export function eachWayAlertRow<R extends EachWayCatcherRow>(row: R, stake: number, layLiquidity?: number): R & MoneyAlertRow {
  return { ...row, profitOnStake: row.guaranteedProfit, stake, ...(layLiquidity === undefined ? {} : { layLiquidity }) };
}

/**
 * An extra place catcher row as a money alert reads it: its expected profit (the figure the tool
 * ranks by) and `layLiquidity`, when given.
 *
 * @param row - a row of `findExtraPlaces`
 * @param stake - the stake the finder was run at, pence (its `stake`)
 * @param layLiquidity - the money to lay, pence (the smaller of its win and place lays'), when known
 * @returns the row with its `profitOnStake`
 *
 * @example
 * ```ts
 * import { findExtraPlaces, extraPlaceAlertRow } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findExtraPlaces({ market, stake: 1000 }).rows.map((r) => extraPlaceAlertRow(r, 1000).profitOnStake);
 * ```
 */
export function extraPlaceAlertRow<R extends ExtraPlaceRow>(row: R, stake: number, layLiquidity?: number): R & MoneyAlertRow {
  return { ...row, profitOnStake: row.expectedProfit, stake, ...(layLiquidity === undefined ? {} : { layLiquidity }) };
}

/**
 * An alert's rule of either kind: a rating threshold ({@link OddsAlertRule}) or a money one
 * ({@link MoneyAlertRule}, told apart by its `minProfit`).
 *
 * @example
 * ```ts
 * import type { AlertRule } from '@matchkit/sdk/matching';
 * const rules: AlertRule[] = [{ minRating: 98 }, { minProfit: 0, stake: 1000 }];
 * ```
 */
export type AlertRule = OddsAlertRule | MoneyAlertRule;

/**
 * A row either kind of alert reads: rated ({@link OddsAlertRow}) or with a profit ({@link MoneyAlertRow}).
 *
 * @example
 * ```ts
 * import type { AlertRow } from '@matchkit/sdk/matching';
 * const figure = (r: AlertRow) => ('profitOnStake' in r ? `£${(r.profitOnStake / 100).toFixed(2)}` : `${r.rating}%`);
 * ```
 */
export type AlertRow = OddsAlertRow | MoneyAlertRow;

/**
 * Whether a rule is a money alert's.
 *
 * @param rule - a rule of either kind
 * @returns true for a {@link MoneyAlertRule}
 *
 * @example
 * ```ts
 * import { isMoneyAlertRule } from '@matchkit/sdk/matching';
 * isMoneyAlertRule({ minProfit: 0, stake: 1000 }); // true
 * ```
 */
export function isMoneyAlertRule(rule: AlertRule): rule is MoneyAlertRule {
  return 'minProfit' in rule;
}

/**
 * A rule's threshold on the scale {@link alertFigure} puts rows on: `minRating` percent, or a
 * money rule's `minProfit` less half a penny (the profit is compared rounded to whole pence) per
 * penny of its `stake`. The money finders' figures are linear in the
 * stake (every lay stake is proportional to it), so rules of different stakes order their rows
 * alike on this scale: a server can sort many alerts by it and stop at the first a row cannot
 * reach. The exact test is {@link alertMatches} on the row at the rule's own stake.
 *
 * @param rule - a rule of either kind
 * @returns the threshold
 *
 * @example
 * ```ts
 * import { alertThreshold } from '@matchkit/sdk/matching';
 * alertThreshold({ minProfit: -20, stake: 500 }); // -0.041
 * ```
 */
export function alertThreshold(rule: AlertRule): number {
  return isMoneyAlertRule(rule) ? (rule.minProfit - 0.5) / rule.stake : rule.minRating;
}

/**
 * A row's figure on the scale of {@link alertThreshold}: `rating` (percent), or a money row's
 * `profitOnStake` per penny of its `stake`.
 *
 * @param row - a row of either kind
 * @returns the figure
 *
 * @example
 * ```ts
 * import { alertFigure } from '@matchkit/sdk/matching';
 * alertFigure({ rating: 99.5, bookmaker: 'bet-co', sport: 'football', startsAt: '2030-06-01T15:00:00Z' }); // 99.5
 * ```
 */
export function alertFigure(row: AlertRow): number {
  return 'profitOnStake' in row ? row.profitOnStake / row.stake : row.rating;
}

/**
 * Whether a row satisfies a rule of either kind: {@link oddsAlertMatches} or
 * {@link moneyAlertMatches}; a row without the rule's figure (a rated row for a money rule, or the
 * other way round) never does.
 *
 * @param rule - a rule of either kind
 * @param row - a row of either kind
 * @param now - the instant the start window starts, epoch ms
 * @returns true when the row has the rule's figure and passes every part of the rule
 *
 * @example
 * ```ts
 * import { alertMatches } from '@matchkit/sdk/matching';
 * const row = { profitOnStake: 30, stake: 1000, bookmaker: 'bet-co', sport: 'horse-racing', startsAt: '2030-06-01T15:00:00Z' };
 * alertMatches({ minProfit: 25, stake: 1000 }, row, Date.parse('2030-06-01T12:00:00Z')); // true
 * ```
 */
export function alertMatches(rule: AlertRule, row: AlertRow, now: number): boolean {
  if (isMoneyAlertRule(rule)) return 'profitOnStake' in row && moneyAlertMatches(rule, row, now);
  return !('profitOnStake' in row) && oddsAlertMatches(rule, row, now);
}
