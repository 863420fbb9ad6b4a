import * as v from 'valibot';
import { choice, KEYS, list, oddsSchema, record } from './schema';
import { validate } from '../internal/validate';

/**
 * How {@link removeMargin} takes the bookmaker's margin out of a market's implied probabilities.
 *
 * @example
 * ```ts
 * import type { MarginMethod } from '@matchkit/sdk/calculators';
 * const method: MarginMethod = 'shin';
 * ```
 */
export type MarginMethod = 'multiplicative' | 'additive' | 'power' | 'shin' | 'odds-ratio';

/**
 * The first argument of {@link removeMargin}: the decimal odds of every outcome, 2 to 1000 of them.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { marketOddsSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(marketOddsSchema, [1.9, 1.9]).success; // true
 * ```
 */
export const marketOddsSchema = /* @__PURE__ */ list(oddsSchema, 2, 1000);

/**
 * The second argument of {@link removeMargin}, optional: multiplicative when absent.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { marginMethodSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(marginMethodSchema, 'shin').success; // true
 * ```
 */
export const marginMethodSchema = /* @__PURE__ */ v.optional(
  /* @__PURE__ */ choice(['multiplicative', 'additive', 'power', 'shin', 'odds-ratio'] satisfies MarginMethod[]),
  'multiplicative',
);

/**
 * Where a decreasing function crosses 0 between `lo` (f > 0) and `hi` (f <= 0): bisects until the
 * bracket cannot shrink in doubles, never evaluating `f` at `hi` itself (hi may be a pole).
 */
function bisect(f: (x: number) => number, lo: number, hi: number): number {
  for (;;) {
    const mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) return lo;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
}

/** The root of a decreasing function on (0, ∞) that is positive near 0: doubles `hi` from 1 to bracket it. */
function positiveRoot(f: (x: number) => number): number {
  let lo = 0;
  let hi = 1;
  while (f(hi) > 0) [lo, hi] = [hi, hi * 2];
  return bisect(f, lo, hi);
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/**
 * Fair probabilities from a market's decimal odds (one price per outcome of the market), with the
 * margin (overround) removed. Every method returns probabilities that sum to 1; the methods differ
 * in how they share the margin out:
 *
 * - `multiplicative`: p_i = π_i / Σπ (π_i = 1 / odds_i), the margin in proportion to π_i.
 * - `additive`: p_i = π_i − (Σπ − 1)/n, the same amount off each outcome; an outcome that would go
 *   below 0 gets 0 and the rest share the margin again.
 * - `power`: p_i = π_i^k, with k solved numerically so that Σp = 1 (long shots lose more).
 * - `shin`: Shin's model with insider share z solved numerically:
 *   p_i = (√(z² + 4(1 − z)π_i²/Σπ) − z) / (2(1 − z)). For a book under 100% z comes out negative.
 * - `odds-ratio`: p_i / (1 − p_i) = (π_i / (1 − π_i)) / K, with K solved numerically.
 *
 * @param odds - decimal odds of every outcome of one market (2 to 1000 of them)
 * @param method - the method
 * @defaultValue method: 'multiplicative'
 * @returns fair probabilities in the order of `odds`
 * @throws MatchkitValidationError listing every bad price or an unknown method
 * @example
 * ```ts
 * import { removeMargin } from '@matchkit/sdk/calculators';
 * removeMargin([2.5, 2.5]); // [0.5, 0.5] (from an 80% book)
 * removeMargin([1.9, 1.9], 'additive'); // [0.5, 0.5]
 * ```
 */
export function removeMargin(odds: readonly number[], method: MarginMethod = 'multiplicative'): number[] {
  const x = validate(
    /* @__PURE__ */ record({ odds: marketOddsSchema, method: marginMethodSchema }),
    { odds, method },
    'removeMargin input',
    KEYS,
  );
  const pi = x.odds.map((o) => 1 / o);
  const how = x.method;
  const book = sum(pi);
  if (how === 'multiplicative') return pi.map((p) => p / book);
  if (how === 'additive') {
    // Subtract the same share from each outcome still above 0, until none goes negative.
    const keep = pi.map(() => true);
    for (;;) {
      const n = keep.filter(Boolean).length;
      const off = (sum(pi.filter((_, i) => keep[i])) - 1) / n;
      const out = pi.map((p, i) => (keep[i] ? p - off : 0));
      const bad = out.findIndex((p) => p < 0);
      if (bad < 0) return out;
      keep[bad] = false;
    }
  }
  if (how === 'power') {
    const logs = pi.map(Math.log);
    const k = positiveRoot((x) => sum(logs.map((l) => Math.exp(l * x))) - 1);
    return logs.map((l) => Math.exp(l * k));
  }
  if (how === 'shin') {
    // For z >= 0 the equivalent 2π²/(book(√(…) + z)) avoids cancelling √(…) against z.
    const shin = (z: number) =>
      pi.map((p) => {
        const root = Math.sqrt(z * z + (4 * (1 - z) * p * p) / book);
        return z < 0 ? (root - z) / (2 * (1 - z)) : (2 * p * p) / (book * (root + z));
      });
    // Σp falls as z rises towards 1 (a pole); z lies in [0, 1) for an overround book, below 0 for an
    // underround one.
    const f = (z: number) => sum(shin(z)) - 1;
    if (f(0) === 0) return shin(0);
    let lo = -1;
    while (f(lo) <= 0) lo *= 2;
    return shin(f(0) > 0 ? bisect(f, 0, 1) : bisect(f, lo, 0));
  }
  const ratio = (k: number) => pi.map((p) => p / (p + k * (1 - p)));
  return ratio(positiveRoot((k) => sum(ratio(k)) - 1));
}
