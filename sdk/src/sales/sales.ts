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
 * The instants a sale covers, as a half-open window `[start, endExclusive)` in epoch
 * milliseconds. A sale's `endDate` names the last second of the sale and the sale lasts to the
 * END of that second: `endExclusive` is the first millisecond after it (any fraction of a second
 * in `endDate` is dropped first). So the first sale of the primary brand, which ends at
 * 2025-08-17T23:59:59+01:00, ends exactly when the second one starts (2025-08-18T00:00:00+01:00),
 * and from the first sale's start to the second's end exactly one sale is active at every
 * millisecond.
 *
 * @example
 * ```ts
 * import type { SaleWindow } from '@matchkit/sdk/sales';
 * const w: SaleWindow = { start: Date.parse('2025-08-18T00:00:00+01:00'), endExclusive: Date.parse('2025-08-19T00:00:00+01:00') };
 * ```
 */
export interface SaleWindow {
  /** The sale's first instant (its `startDate`), epoch milliseconds, inclusive. */
  readonly start: number;
  /** The first instant after the sale (the end of its `endDate`'s second), epoch milliseconds, exclusive. */
  readonly endExclusive: number;
}

/**
 * The half-open window `[start, endExclusive)` of a sale (see {@link SaleWindow}): `start` is its
 * `startDate`, `endExclusive` the end of the second its `endDate` names.
 *
 * @throws MatchkitValidationError on path `sale` when the argument is not a sale (its dates unreadable)
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { saleWindow } from '@matchkit/sdk/sales';
 * const w = saleWindow(getBrand('primary').sales[0]!);
 * w.endExclusive === Date.parse('2025-08-18T00:00:00+01:00'); // true
 * ```
 */
export function saleWindow(sale: Pick<Sale, 'startDate' | 'endDate'>): SaleWindow {
  checkSale(sale, 'endDate');
  const start = Date.parse(sale.startDate);
  const namedSecond = Math.floor(Date.parse(sale.endDate) / 1000) * 1000;
  return { start, endExclusive: namedSecond + 1000 };
}

/**
 * The sale active at `now`, or `undefined`. A sale is active while `start <= now < endExclusive`
 * (see {@link saleWindow}): from its `startDate` to the END of the second its `endDate` names. The
 * first sale of the primary brand runs from 2025-08-11T09:00:00+01:00 to the end of
 * 2025-08-17T23:59:59+01:00 (UK summer time), the second is the whole of 2025-08-18 UK time, and
 * there is no gap between them. When two sales overlap, the first in the list wins.
 *
 * @param sales - a brand (id or catalogue) whose sales to use, or a list of sales
 * @param now - the instant to test; pass your clock's value (no hidden `Date.now()`)
 * @throws MatchkitValidationError when `now` is not a valid instant or the brand is unknown
 *
 * @example
 * ```ts
 * import { activeSale } from '@matchkit/sdk/sales';
 * activeSale('primary', new Date('2025-08-11T08:00:00Z'))?.id; // 'aug-2025' (09:00 UK time)
 * activeSale('primary', new Date('2025-08-11T07:59:59.999Z')); // undefined
 * activeSale('primary', new Date('2025-08-17T23:59:59.999+01:00'))?.id; // 'aug-2025'
 * ```
 */
export function activeSale(sales: BrandRef | readonly Sale[], now: InstantInput): Sale | undefined {
  const t = toMillis(now, 'now');
  return salesOf(sales).find((s) => {
    const w = saleWindow(s);
    return w.start <= t && t < w.endExclusive;
  });
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
  /** True from the sale's end on (`now >= endExclusive`, see `saleWindow`). */
  readonly ended: boolean;
}

/**
 * The countdown to a sale's end at `now`: days, hours, minutes and seconds left until the end of
 * the second its `endDate` names (the `endExclusive` of {@link saleWindow}), seconds rounded down;
 * all zero and `ended: true` from that instant on.
 *
 * @throws MatchkitValidationError when `now` is not a valid instant, or on path `sale` when the
 *   first argument is not a sale
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { saleCountdown } from '@matchkit/sdk/sales';
 * const sale = getBrand('primary').sales[0]!;
 * saleCountdown(sale, new Date('2025-08-16T22:59:59+01:00'));
 * // { days: 1, hours: 1, minutes: 0, seconds: 1, remainingMs: 90001000, ended: false }
 * ```
 */
export function saleCountdown(sale: Pick<Sale, 'startDate' | 'endDate'>, now: InstantInput): Countdown {
  const end = saleWindow(sale).endExclusive;
  const t = toMillis(now, 'now');
  const remainingMs = Math.max(0, end - t);
  const total = Math.floor(remainingMs / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    remainingMs,
    ended: t >= end,
  };
}

/**
 * Refuses a first argument that is not a sale (before 1.0 some of these functions took the plan
 * first) and, when `plan` is given and the sale lists its plans, a plan the sale does not offer.
 */
function checkSale(sale: unknown, field: 'endDate' | 'paymentLinkUniqParam', withPlan = false, plan?: unknown): void {
  const s = sale as Partial<Record<string, unknown>> | null;
  const issues = [];
  const bad = (x: unknown): boolean => typeof x !== 'string' || (field === 'endDate' && Number.isNaN(Date.parse(x)));
  if (typeof s !== 'object' || s === null || Number.isNaN(Date.parse(String(s['startDate']))) || bad(s[field])) {
    issues.push({ path: 'sale', message: 'expected a sale (the first argument since 1.0)' });
  } else if (withPlan && typeof plan !== 'string') {
    issues.push({ path: 'plan', message: 'expected a plan name (a string)' });
  } else if (withPlan && Array.isArray(s['plans']) && !s['plans'].some((p: { plan?: unknown }) => p?.plan === plan)) {
    issues.push({
      path: 'plan',
      message: `must be one of the sale's plans: ${s['plans'].map((p: { plan?: unknown }) => `'${String(p?.plan)}'`).join(', ')}`,
    });
  }
  if (issues.length > 0) throw new MatchkitValidationError('sale arguments', issues);
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
 * period is {@link salePeriod} and the code the sale's `paymentLinkUniqParam`. The sale comes
 * first, as in {@link saleYearlyPrice} and {@link saleCountdown}.
 *
 * @param sale - the sale (its `startDate` and `paymentLinkUniqParam` are read)
 * @param plan - the plan name, for example `'pro-plus'`: one of the sale's `plans` when it lists them
 * @throws MatchkitValidationError on path `sale` when the first argument is not a sale, and on
 *   path `plan` when the plan is not a string or not one the sale offers
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { salePaymentLink } from '@matchkit/sdk/sales';
 * salePaymentLink(getBrand('primary').sales[0]!, 'pro-plus'); // '/subscribe/sale-pro-plus-aug-2025-week'
 * ```
 */
export function salePaymentLink(sale: Pick<Sale, 'startDate' | 'paymentLinkUniqParam'>, plan: string): string {
  checkSale(sale, 'paymentLinkUniqParam', true, plan);
  return `/subscribe/sale-${plan}-${salePeriod(sale)}-${sale.paymentLinkUniqParam}`;
}

/**
 * A plan's yearly price in a sale, in pence, or `undefined` when the sale does not offer it.
 *
 * @throws MatchkitValidationError on path `sale` when the first argument is not a sale
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { saleYearlyPrice } from '@matchkit/sdk/sales';
 * saleYearlyPrice(getBrand('primary').sales[0]!, 'diamond'); // 29700
 * ```
 */
export function saleYearlyPrice(sale: Sale, plan: string): Pence | undefined {
  checkSale(sale, 'endDate');
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
