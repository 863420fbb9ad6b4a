import { resolveBrand } from '../brands/brands';
import type { BrandRef } from '../brands/schema';
import { MatchkitValidationError } from '../errors/errors';
import { londonMonthReader } from '../internal/london';
import type { Pence, Sale } from '../model/schemas';

/**
 * An instant: a `Date` or epoch milliseconds. Invalid dates and non-finite numbers are rejected.
 *
 * @example
 * ```ts
 * import type { InstantInput } from '@matchkit/sdk/sales';
 * const a: InstantInput = new Date('2025-08-11T09:00:00+01:00');
 * const b: InstantInput = Date.UTC(2025, 7, 11, 8);
 * ```
 */
export type InstantInput = Date | number;

function toMillis(value: InstantInput, field: string): number {
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new MatchkitValidationError('instant', [
      { path: field, message: 'must be a valid Date or a finite number of epoch milliseconds' },
    ]);
  }
  return ms;
}

function salesOf(sales: readonly Sale[] | BrandRef): readonly Sale[] {
  return Array.isArray(sales) ? sales : resolveBrand(sales as BrandRef).sales;
}

/**
 * The sale active at `now`, or `undefined`. A sale is active from its `startDate` to its
 * `endDate`, both inclusive, to the millisecond: the first sale of the primary brand runs from
 * 2025-08-11T09:00:00+01:00 to 2025-08-17T23:59:59+01:00 (UK summer time), the second is the whole
 * of 2025-08-18 UK time. When two sales overlap, the first in the list wins.
 *
 * @param sales - a list of sales, or a brand (id or catalogue) whose sales to use
 * @param now - the instant to test; pass your clock's value (no hidden `Date.now()`)
 * @throws MatchkitValidationError when `now` is not a valid instant
 *
 * @example
 * ```ts
 * import { activeSale } from '@matchkit/sdk/sales';
 * activeSale('primary', new Date('2025-08-11T08:00:00Z'))?.id; // 'aug-2025' (09:00 UK time)
 * activeSale('primary', new Date('2025-08-11T07:59:59.999Z')); // undefined
 * ```
 */
export function activeSale(sales: readonly Sale[] | BrandRef, now: InstantInput): Sale | undefined {
  const t = toMillis(now, 'now');
  return salesOf(sales).find((s) => Date.parse(s.startDate) <= t && t <= Date.parse(s.endDate));
}

/**
 * Time left until a sale ends, split for a countdown display.
 *
 * @example
 * ```ts
 * import type { Countdown } from '@matchkit/sdk/sales';
 * const c: Countdown = { days: 1, hours: 2, minutes: 3, seconds: 4, remainingMs: 93784000, ended: false };
 * ```
 */
export interface Countdown {
  /** Whole days left. */
  readonly days: number;
  /** Hours left after the days (0-23). */
  readonly hours: number;
  /** Minutes left after the hours (0-59). */
  readonly minutes: number;
  /** Seconds left after the minutes (0-59), rounded down. */
  readonly seconds: number;
  /** Milliseconds left; 0 once the sale has ended. */
  readonly remainingMs: number;
  /** True once `now` is past the sale's end. */
  readonly ended: boolean;
}

/**
 * The countdown to a sale's end at `now`: days, hours, minutes and seconds left (seconds rounded
 * down), all zero once the sale has ended.
 *
 * @throws MatchkitValidationError when `now` is not a valid instant
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { saleCountdown } from '@matchkit/sdk/sales';
 * const sale = getBrand('primary').sales[0]!;
 * saleCountdown(sale, new Date('2025-08-16T22:59:59+01:00'));
 * // { days: 1, hours: 1, minutes: 0, seconds: 0, remainingMs: 90000000, ended: false }
 * ```
 */
export function saleCountdown(sale: Sale, now: InstantInput): Countdown {
  const t = toMillis(now, 'now');
  const end = Date.parse(sale.endDate);
  const remainingMs = Math.max(0, end - t);
  const total = Math.floor(remainingMs / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    remainingMs,
    ended: t > end,
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The period part of a sale's payment links: the month and year of its start in UK time
 * (Europe/London), for example `aug-2025`.
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { salePeriod } from '@matchkit/sdk/sales';
 * salePeriod(getBrand('primary').sales[0]!); // 'aug-2025'
 * ```
 */
export function salePeriod(sale: Pick<Sale, 'startDate'>): string {
  const { year, month } = londonMonthReader()(Date.parse(sale.startDate));
  return `${MONTHS[month - 1] ?? 'unknown'}-${Number.isNaN(year) ? 'unknown' : year}`;
}

/**
 * The payment link path of a plan in a sale: `/subscribe/sale-{plan}-{period}-{code}`, where the
 * period is {@link salePeriod} and the code the sale's `paymentLinkUniqParam`.
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { salePaymentLink } from '@matchkit/sdk/sales';
 * salePaymentLink('pro-plus', getBrand('primary').sales[0]!); // '/subscribe/sale-pro-plus-aug-2025-week'
 * ```
 */
export function salePaymentLink(plan: string, sale: Pick<Sale, 'startDate' | 'paymentLinkUniqParam'>): string {
  return `/subscribe/sale-${plan}-${salePeriod(sale)}-${sale.paymentLinkUniqParam}`;
}

/**
 * A plan's yearly price in a sale, in pence, or `undefined` when the sale does not offer it.
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { saleYearlyPrice } from '@matchkit/sdk/sales';
 * saleYearlyPrice(getBrand('primary').sales[0]!, 'diamond'); // 29700
 * ```
 */
export function saleYearlyPrice(sale: Sale, plan: string): Pence | undefined {
  return sale.plans.find((p) => p.plan === plan)?.yearly;
}

/**
 * Whether the member has already used a sale. The spec fixes this flag to `false`: every member
 * may buy at the sale price.
 *
 * @example
 * ```ts
 * import { isSaleUsed } from '@matchkit/sdk/sales';
 * isSaleUsed(); // false
 * ```
 */
export function isSaleUsed(): false {
  return false;
}
