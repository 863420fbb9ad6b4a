// Prices and upgrades: what a term of a plan costs at an instant (sales included), the brand's
// upgrades, and when a trial ends.
import { resolveBrand } from '../../brands/brands';
import type { Brand, BrandRef } from '../../brands/schema';
import { MatchkitValidationError } from '../../errors/errors';
import { londonCalendar } from '../../internal/london';
import type { BillingTerm, Pence } from '../../model/schemas';
import { activeSale, saleYearlyPrice, type InstantInput } from '../../sales/sales';
import { isRecord } from '../../internal/guards';
import { readInstant, readObject, throwIfAny, type Issues } from '../check';
import { unknownKeys } from '../../internal/keys';
import type { PlanUpgrade, TermPriceOptions } from './types';

interface Priced {
  readonly amount: number;
  readonly saleId: string | null;
}

export function priceAt(b: Brand, plan: string, term: BillingTerm, t: number, first: boolean): Priced {
  const p = b.plans.find((x) => x.name === plan);
  if (p === undefined)
    throw new MatchkitValidationError('plan', [{ path: 'plan', message: `"${plan}" is not a plan of the ${b.id} brand` }]);
  if (term === 'month') return { amount: first ? p.price.firstMonth : p.price.monthly, saleId: null };
  const sale = activeSale(b.sales, t);
  const salePrice = sale === undefined ? undefined : saleYearlyPrice(sale, plan);
  return sale !== undefined && salePrice !== undefined ? { amount: salePrice, saleId: sale.id } : { amount: p.price.yearly, saleId: null };
}

export function planNames(b: Brand): string {
  return b.plans.map((p) => p.name).join(', ');
}

/** Whether `plan` is one of the brand's plans; when not, the issue naming its plans goes to `issues` at `path`. */
export function isBrandPlan(b: Brand, plan: string, path: string, issues: Issues): boolean {
  if (b.plans.some((p) => p.name === plan)) return true;
  issues.push({ path, message: `must be a plan of the ${b.id} brand (${planNames(b)})` });
  return false;
}

/**
 * The price of one term of a plan charged at an instant, in pence: `firstMonth` for a first
 * monthly term, `monthly` for later ones, and `yearly` for a year, or the yearly price of the sale
 * active at that instant when the sale offers the plan (sale prices apply to every yearly charge
 * taken while the sale is active: a purchase, a renewal or an upgrade).
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param plan - a plan name of the brand
 * @param options - `term`, the instant `at` of the charge, and `first` (whether it is the subscription's first term; default false)
 * @returns the price in pence
 * @throws MatchkitValidationError when the plan, term or instant is invalid
 *
 * @example
 * ```ts
 * import { termPrice } from '@matchkit/sdk/billing';
 * termPrice('primary', 'diamond', { term: 'year', at: new Date('2025-08-12T12:00:00+01:00') }); // 29700 (the August sale)
 * termPrice('primary', 'diamond', { term: 'year', at: new Date('2025-09-01T12:00:00+01:00') }); // 45000
 * termPrice('secondary', 'starter', { term: 'month', at: 0, first: true }); // 2083
 * ```
 */
export function termPrice(brand: BrandRef, plan: string, options: TermPriceOptions): Pence {
  const b = resolveBrand(brand);
  const issues: Issues = [];
  isBrandPlan(b, plan, 'plan', issues);
  const o = readObject(options, 'options', issues);
  let t = NaN;
  if (isRecord(options)) {
    unknownKeys(o, ['term', 'at', 'first'], 'options', issues, 'an option of termPrice');
    if (o['term'] !== 'month' && o['term'] !== 'year') issues.push({ path: 'options.term', message: "must be 'month' or 'year'" });
    t = readInstant(o['at'], 'options.at', issues);
    if (o['first'] !== undefined && typeof o['first'] !== 'boolean') issues.push({ path: 'options.first', message: 'must be a boolean' });
  }
  throwIfAny('termPrice input', issues);
  return priceAt(b, plan, o['term'] as BillingTerm, t, o['first'] === true).amount;
}

/**
 * What paying for a plan yearly saves over paying monthly for the same year, in pence: a year
 * of monthly payments (the first month at `firstMonth`, the eleven after it at `monthly`) minus
 * the yearly price charged at `at` (a sale's yearly price when a sale active then offers the
 * plan, as {@link termPrice} charges it). Zero when a year costs no less than twelve months
 * (the secondary brand's yearly prices are a few pence above twelve monthly payments): a page
 * then shows no saving.
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param plan - a plan name of the brand
 * @param at - the instant the yearly price is read at (it decides whether a sale price applies)
 * @returns the saving in pence, zero when there is none
 * @throws MatchkitValidationError when the plan or the instant is invalid
 *
 * @example
 * ```ts
 * import { yearlySaving } from '@matchkit/sdk/billing';
 * yearlySaving('primary', 'platinum', new Date('2026-01-10T12:00:00Z')); // 12988 (12 x £39.99 = £479.88, less £350)
 * yearlySaving('primary', 'diamond', new Date('2025-08-12T12:00:00+01:00')); // 30288 (the August sale's £297)
 * yearlySaving('secondary', 'starter', 0); // 0 (a year is 3p more than twelve months: no saving)
 * ```
 */
export function yearlySaving(brand: BrandRef, plan: string, at: InstantInput): Pence {
  const b = resolveBrand(brand);
  const issues: Issues = [];
  isBrandPlan(b, plan, 'plan', issues);
  const t = readInstant(at, 'at', issues);
  throwIfAny('yearlySaving input', issues);
  const first = priceAt(b, plan, 'month', t, true).amount;
  const later = priceAt(b, plan, 'month', t, false).amount;
  return Math.max(0, first + 11 * later - priceAt(b, plan, 'year', t, false).amount);
}

/**
 * The upgrade sold under a purchase slug: the plan it moves from and the plan it moves to. On
 * the primary brand `platinum-upgrade` moves platinum to diamond, `diamond-upgrade` diamond to
 * pro and `pro-upgrade` pro to pro plus; on the secondary `starter-upgrade` moves starter to
 * advanced, `starter-pro-upgrade` starter to pro and `advanced-upgrade` advanced to pro.
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param slug - the upgrade's purchase slug
 * @returns the slug and the plans it moves from and to
 * @throws MatchkitValidationError when the brand has no such upgrade
 *
 * @example
 * ```ts
 * import { findUpgrade } from '@matchkit/sdk/billing';
 * findUpgrade('primary', 'diamond-upgrade'); // { slug: 'diamond-upgrade', from: 'diamond', to: 'pro' }
 * ```
 */
export function findUpgrade(brand: BrandRef, slug: string): PlanUpgrade {
  const b = resolveBrand(brand);
  const found = b.upgrades.find((u) => u.slug === slug);
  if (found === undefined) {
    throw new MatchkitValidationError('upgrade', [{ path: 'slug', message: upgradeMessage(b, slug) }]);
  }
  return { slug: found.slug, from: found.from, to: found.to };
}

/** The plans below `plan`: those from which the brand's upgrades lead up to it, one or more steps, in the brand's plan order. */
export function lowerPlans(b: Brand, plan: string): string[] {
  const below = new Set<string>();
  const visit = (to: string): void => {
    for (const u of b.upgrades) {
      if (u.to === to && !below.has(u.from) && u.from !== plan) {
        below.add(u.from);
        visit(u.from);
      }
    }
  };
  visit(plan);
  return b.plans.map((x) => x.name).filter((name) => below.has(name));
}

/**
 * The plans a member holding `plan` may move down to at renewal (a `downgrade` change): the plans
 * from which the brand sells a way up to `plan`, by one upgrade or several, so a member who moves
 * down can always come back up. In the brand's plan order; empty for the lowest plan. On the
 * primary brand a pro member may move to platinum or diamond; on the secondary an advanced member
 * to starter.
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param plan - the plan held, a plan name of the brand
 * @returns the names of the lower plans
 * @throws MatchkitValidationError when `plan` is not a plan of the brand
 *
 * @example
 * ```ts
 * import { downgradeOptions } from '@matchkit/sdk/billing';
 * downgradeOptions('primary', 'pro'); // ['platinum', 'diamond']
 * downgradeOptions('secondary', 'starter'); // []
 * ```
 */
export function downgradeOptions(brand: BrandRef, plan: string): string[] {
  const b = resolveBrand(brand);
  const issues: Issues = [];
  if (!isBrandPlan(b, plan, 'plan', issues)) throw new MatchkitValidationError('downgrade', issues);
  return lowerPlans(b, plan);
}

export function upgradeMessage(b: Brand, slug: unknown): string {
  const known = b.upgrades.map((u) => u.slug);
  return known.length === 0
    ? `the ${b.id} brand sells no upgrades`
    : `${JSON.stringify(slug)} is not an upgrade of the ${b.id} brand (${known.join(', ')})`;
}

/**
 * When a trial started at `startedAt` ends: the brand's `onboarding.trialDays` (7 on both
 * brands) UK calendar days later, at the same Europe/London wall-clock time. This is when the
 * first charge is taken.
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param startedAt - when the trial started
 * @returns the trial's end, in epoch milliseconds
 * @throws MatchkitValidationError when `startedAt` is not a valid instant
 *
 * @example
 * ```ts
 * import { trialEnd } from '@matchkit/sdk/billing';
 * new Date(trialEnd('secondary', new Date('2025-10-20T18:00:00+01:00'))).toISOString(); // '2025-10-27T18:00:00.000Z' (18:00 GMT)
 * ```
 */
export function trialEnd(brand: BrandRef, startedAt: InstantInput): number {
  const b = resolveBrand(brand);
  const issues: Issues = [];
  const t = readInstant(startedAt, 'startedAt', issues);
  throwIfAny('trialEnd input', issues);
  return londonCalendar().addDays(t, b.onboarding.trialDays);
}
