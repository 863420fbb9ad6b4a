import { resolveBrand } from '../brands/brands';
import type { BrandRef } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import type { Pence } from '../model/schemas';
import { readOptions } from '../internal/keys';

// The commission rules, in integer arithmetic only. The catalogue's rate (a float such as 0.4) is
// read once as a whole number of basis points (4000 / 10000, that is 2/5 exactly); every share
// of an amount is then floor(amount × basisPoints / 10000), computed with BigInt so that no
// product is ever rounded, however large the running total.
//
// One rule for payments and refunds alike: the affiliate keeps floor(rate × net revenue), where
// net revenue is the payments less the refunds so far; each event's commission is the step that
// event makes in that floor. A payment raises it, a refund lowers it. So no penny is lost or
// gained in either direction, whatever the order and mix of events.

/** Basis points in one: a rate of 0.4 is 4000 basis points. */
export const BASIS = 10_000;

/**
 * The brand's affiliate commission rate as a whole number of basis points (0.4 is 4000). A rate
 * with more than four decimals cannot be applied exactly and is refused.
 */
export function commissionBasisPoints(brand: BrandRef): number {
  const rate = resolveBrand(brand).affiliate.commissionRate;
  const bp = Math.round(rate * BASIS);
  if (!(typeof rate === 'number' && rate >= 0 && rate < 1 && Math.abs(rate * BASIS - bp) < 1e-6)) {
    throw new MatchkitValidationError('brand catalogue', [
      { path: 'affiliate.commissionRate', message: 'must be a fraction in [0, 1) with at most four decimals (0.4 is 40%)' },
    ]);
  }
  return bp;
}

/** floor(a × b / c) for non-negative safe integers, exactly (c > 0). */
export function mulDivFloor(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * Records an issue at `path` unless `value` is a whole number of pence from `min` up to
 * `Number.MAX_SAFE_INTEGER`; returns whether it is one.
 */
export function checkPence(value: unknown, path: string, issues: ValidationIssue[], min: 0 | 1): value is number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return true;
  const got = typeof value === 'number' ? String(value) : value === null ? 'null' : typeof value;
  issues.push({ path, message: `must be a whole number of pence, at least ${min} (received ${got})` });
  return false;
}

/**
 * The step an event makes in floor(rate × net revenue): floor(rate × after) − floor(rate × before).
 * Not exported from the subpath: the ledger and the two public functions share it.
 */
export function commissionStep(basisPoints: number, before: number, after: number): number {
  return mulDivFloor(after, basisPoints, BASIS) - mulDivFloor(before, basisPoints, BASIS);
}

/**
 * Options of {@link affiliateCommission}.
 *
 * @example
 * ```ts
 * import type { AffiliateCommissionOptions } from '@matchkit/sdk/referrals';
 * const options: AffiliateCommissionOptions = { revenueBefore: 3999 };
 * ```
 */
export interface AffiliateCommissionOptions {
  /**
   * The affiliate's net revenue before this payment, in pence: every earlier payment of the
   * members they referred, less every earlier refund (the ledger's `revenue`). It carries the
   * fractions of a penny that earlier events did not pay.
   *
   * @defaultValue 0: the affiliate's first payment
   */
  readonly revenueBefore?: Pence;
}

/**
 * The commission an affiliate earns on one payment by a member they referred, in whole pence:
 * the brand's rate (40%, uncapped) of the payment, with the fraction of a penny carried to the
 * next event rather than lost. Exactly: with N the affiliate's net revenue before the payment
 * (payments less refunds) and A the payment, the commission is floor(rate × (N + A)) −
 * floor(rate × N), so the affiliate's total is always floor(rate × net revenue) and each
 * commission is within a penny of rate × A. The rate is the catalogue's, read as an exact
 * fraction (0.4 is 2/5).
 *
 * @param brand - the brand whose affiliate commission rate applies
 * @param amount - the payment, in pence (a whole number, at least 0)
 * @param options - the affiliate's net revenue before this payment
 * @returns the commission, in pence (at least 0)
 * @throws MatchkitValidationError naming `amount` or `options.revenueBefore` (or an unknown option) when it is not a whole
 *   number of pence (or their sum is beyond `Number.MAX_SAFE_INTEGER`)
 *
 * @example
 * ```ts
 * import { affiliateCommission } from '@matchkit/sdk/referrals';
 * affiliateCommission('primary', 3999); // 1599: 40% is 1599.6, the 0.6p is carried
 * affiliateCommission('primary', 3999, { revenueBefore: 3999 }); // 1600: 0.6 + 0.6 makes a penny
 * ```
 */
export function affiliateCommission(brand: BrandRef, amount: Pence, options: AffiliateCommissionOptions = {}): Pence {
  const bp = commissionBasisPoints(brand);
  const issues: ValidationIssue[] = [];
  const before: unknown = readOptions(options, ['revenueBefore'], issues)['revenueBefore'] ?? 0;
  const ok = checkPence(amount, 'amount', issues, 0);
  if (checkPence(before, 'options.revenueBefore', issues, 0) && ok && !Number.isSafeInteger(before + amount)) {
    issues.push({ path: 'options.revenueBefore', message: 'revenueBefore + amount must not exceed Number.MAX_SAFE_INTEGER' });
  }
  if (issues.length > 0) throw new MatchkitValidationError('affiliate commission input', issues);
  return commissionStep(bp, before as number, (before as number) + amount);
}

/**
 * Options of {@link commissionReversal}.
 *
 * @example
 * ```ts
 * import type { CommissionReversalOptions } from '@matchkit/sdk/referrals';
 * const options: CommissionReversalOptions = { revenueBefore: 7998 };
 * ```
 */
export interface CommissionReversalOptions {
  /**
   * The affiliate's net revenue before this refund, in pence: every earlier payment less every
   * earlier refund (the ledger's `revenue`). Required, and at least the refund: a refund returns
   * money that was paid.
   */
  readonly revenueBefore: Pence;
}

/**
 * The commission a refund takes back, in pence: the step the refund makes down in
 * floor(rate × net revenue). With N the affiliate's net revenue before the refund and F the
 * refund, it takes back floor(rate × N) − floor(rate × (N − F)), so the affiliate's total stays
 * floor(rate × net revenue), to the penny. That is within a penny of rate × F, and a full refund
 * takes back what its payment earned, or a penny more or less where the carried fractions of
 * the payments since make that impossible (the referrals guide shows when and why).
 *
 * @param brand - the brand whose affiliate commission rate applies
 * @param refund - the amount refunded, in pence (at least 1)
 * @param options - the affiliate's net revenue before the refund
 * @returns the commission taken back, in pence (at least 0)
 * @throws MatchkitValidationError naming every bad field: amounts that are not whole pence, or
 *   a refund above the net revenue before it
 *
 * @example
 * ```ts
 * import { commissionReversal } from '@matchkit/sdk/referrals';
 * // Two £39.99 payments earned 1599 and 1600 (floor(0.4 × 7998) = 3199 in all).
 * commissionReversal('primary', 3999, { revenueBefore: 7998 }); // 1600: 3199 − floor(0.4 × 3999)
 * commissionReversal('primary', 2000, { revenueBefore: 7998 }); // 800: 3199 − floor(0.4 × 5998)
 * ```
 */
export function commissionReversal(brand: BrandRef, refund: Pence, options: CommissionReversalOptions): Pence {
  const bp = commissionBasisPoints(brand);
  const issues: ValidationIssue[] = [];
  const before = readOptions(options, ['revenueBefore'], issues)['revenueBefore'];
  const okF = checkPence(refund, 'refund', issues, 1);
  let okN = false;
  if (before === undefined) {
    if (issues.every((i) => i.path !== 'options')) issues.push({ path: 'options.revenueBefore', message: 'is required' });
  } else okN = checkPence(before, 'options.revenueBefore', issues, 0);
  if (okF && okN && refund > (before as number)) {
    issues.push({ path: 'refund', message: `must not exceed the net revenue before it (${before} pence)` });
  }
  if (issues.length > 0) throw new MatchkitValidationError('commission reversal input', issues);
  return commissionStep(bp, (before as number) - refund, before as number);
}
