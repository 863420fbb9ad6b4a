import { resolveBrand } from '../brands/brands';
import type { BrandRef } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import type { Pence } from '../model/schemas';

// The commission rules, in integer arithmetic only. The catalogue's rate (a float such as 0.4) is
// read once as a whole number of basis points (4000 / 10000, that is 2/5 exactly); every share
// of an amount is then floor(amount × basisPoints / 10000), computed with BigInt so that no
// product is ever rounded, however large the running total.

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
   * The affiliate's revenue before this payment, in pence: the sum of every earlier payment of
   * the members they referred (refunds not deducted). It carries the fractions of a penny that
   * earlier payments did not pay.
   *
   * @defaultValue 0: the affiliate's first payment
   */
  readonly revenueBefore?: Pence;
}

/**
 * The commission an affiliate earns on one payment by a member they referred, in whole pence:
 * the brand's rate (40%, uncapped) of the payment, with the fraction of a penny carried to the
 * next payment rather than lost. Exactly: with R the affiliate's revenue before the payment and
 * A the payment, the commission is floor(rate × (R + A)) − floor(rate × R), so the commissions
 * of any run of payments add up to floor(rate × their total) and each is within a penny of
 * rate × A. The rate is the catalogue's, read as an exact fraction (0.4 is 2/5).
 *
 * @param brand - the brand whose affiliate commission rate applies
 * @param amount - the payment, in pence (a whole number, at least 0)
 * @param options - the affiliate's revenue before this payment
 * @returns the commission, in pence
 * @throws MatchkitValidationError naming `amount` or `revenueBefore` when it is not a whole
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
  const before = options?.revenueBefore ?? 0;
  const issues: ValidationIssue[] = [];
  const ok = checkPence(amount, 'amount', issues, 0);
  if (checkPence(before, 'revenueBefore', issues, 0) && ok && !Number.isSafeInteger(before + amount)) {
    issues.push({ path: 'revenueBefore', message: 'revenueBefore + amount must not exceed Number.MAX_SAFE_INTEGER' });
  }
  if (issues.length > 0) throw new MatchkitValidationError('affiliate commission input', issues);
  return mulDivFloor(before + amount, bp, BASIS) - mulDivFloor(before, bp, BASIS);
}

/**
 * A refund to take back commission for: the payment it refunds, what that payment earned, and
 * how much of it is refunded now and before.
 *
 * @example
 * ```ts
 * import type { CommissionReversalInput } from '@matchkit/sdk/referrals';
 * const input: CommissionReversalInput = { paymentAmount: 3999, paymentCommission: 1600, refund: 3999 };
 * ```
 */
export interface CommissionReversalInput {
  /** The refunded payment, in pence (at least 1). */
  readonly paymentAmount: Pence;
  /** The commission that payment earned, in pence (at most `paymentAmount`). */
  readonly paymentCommission: Pence;
  /** The amount refunded now, in pence (at least 1). */
  readonly refund: Pence;
  /**
   * What earlier refunds of the same payment refunded, in pence.
   *
   * @defaultValue 0
   */
  readonly refundedBefore?: Pence;
}

/**
 * The commission a refund takes back, in pence: exactly what the refunded payment earned, in
 * proportion to the share of it refunded. A full refund takes back the payment's whole
 * commission. A partial refund (any refund of less than the payment) takes back
 * floor(C × (B + F) / A) − floor(C × B / A), where A is the payment, C its commission, B what
 * was refunded of it before and F this refund: so the refunds of a payment, however split, take
 * back exactly C once they reach A, and never more.
 *
 * @param input - the payment, its commission and the refund
 * @returns the commission taken back, in pence (at least 0)
 * @throws MatchkitValidationError naming every bad field: amounts that are not whole pence, a
 *   commission above the payment, or refunds that add up to more than the payment
 *
 * @example
 * ```ts
 * import { commissionReversal } from '@matchkit/sdk/referrals';
 * commissionReversal({ paymentAmount: 3999, paymentCommission: 1600, refund: 3999 }); // 1600
 * commissionReversal({ paymentAmount: 3999, paymentCommission: 1600, refund: 2000 }); // 800
 * commissionReversal({ paymentAmount: 3999, paymentCommission: 1600, refund: 1999, refundedBefore: 2000 }); // 800
 * ```
 */
export function commissionReversal(input: CommissionReversalInput): Pence {
  const issues: ValidationIssue[] = [];
  if (typeof input !== 'object' || input === null) {
    throw new MatchkitValidationError('commission reversal input', [{ path: '', message: 'expected an object' }]);
  }
  const { paymentAmount: a, paymentCommission: c, refund: f, refundedBefore: b = 0 } = input;
  const okA = checkPence(a, 'paymentAmount', issues, 1);
  const okC = checkPence(c, 'paymentCommission', issues, 0);
  const okF = checkPence(f, 'refund', issues, 1);
  const okB = checkPence(b, 'refundedBefore', issues, 0);
  if (okA && okC && c > a) issues.push({ path: 'paymentCommission', message: `must not exceed paymentAmount (${a})` });
  if (okA && okF && okB && b + f > a) {
    issues.push({ path: 'refund', message: `must not exceed the ${Math.max(0, a - b)} pence of the payment not refunded yet` });
  }
  if (issues.length > 0) throw new MatchkitValidationError('commission reversal input', issues);
  return mulDivFloor(c, b + f, a) - mulDivFloor(c, b, a);
}
