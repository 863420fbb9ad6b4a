import type { Pence } from '../model/schemas';
import { readPence, throwIfAny, type Issues } from './check';

/**
 * A price that includes VAT, split into its parts, in whole pence: `net + vat === gross`.
 *
 * @example
 * ```ts
 * import type { VatBreakdown } from '@matchkit/sdk/billing';
 * const platinumMonth: VatBreakdown = { gross: 3999, net: 3332, vat: 667 };
 * ```
 */
export interface VatBreakdown {
  /** What the member paid, VAT included. */
  readonly gross: Pence;
  /** The price before VAT: `gross - vat`. */
  readonly net: Pence;
  /** The VAT included in `gross`. */
  readonly vat: Pence;
}

/**
 * The VAT included in a price at the UK standard rate (20%), as a receipt shows it. At 20% the
 * VAT in a VAT-inclusive price is one sixth of it (20/120); the rounding rule is **to the nearest
 * penny, a half penny rounded up**: with `gross = 6q + r` (`0 <= r < 6`), `vat = q` when `r < 3` and
 * `q + 1` otherwise, in exact integer arithmetic (no fractional division), and `net = gross - vat`, so the two parts always add up to what
 * was paid. A sixth of a whole number of pence is a whole number plus 0, 1/6, 2/6, 3/6, 4/6 or
 * 5/6 of a penny: the first three fractions round down, the last three up.
 *
 * @param gross - the price paid, VAT included, in whole pence (0 or more)
 * @returns the price, its VAT and its net, in whole pence
 * @throws MatchkitValidationError when `gross` is not a whole, non-negative, safe number of pence
 *
 * @example
 * ```ts
 * import { vatIncluded } from '@matchkit/sdk/billing';
 * vatIncluded(3999); // { gross: 3999, net: 3332, vat: 667 } (3999 / 6 = 666.5: the half penny rounds up)
 * vatIncluded(35000); // { gross: 35000, net: 29167, vat: 5833 } (5833.33 rounds down)
 * vatIncluded(0); // { gross: 0, net: 0, vat: 0 }
 * ```
 */
export function vatIncluded(gross: Pence): VatBreakdown {
  const issues: Issues = [];
  const g = readPence(gross, 'gross', issues);
  throwIfAny('vatIncluded input', issues);
  // g = 6q + r exactly (every step stays a safe integer, even at Number.MAX_SAFE_INTEGER).
  const r = g % 6;
  const vat = (g - r) / 6 + (r >= 3 ? 1 : 0);
  return { gross: g, net: g - vat, vat };
}
