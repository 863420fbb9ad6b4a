import { num, record } from './schema';
import { validate } from '../internal/validate';

/** roundForDisplay's arguments: any finite number, and a whole number of decimals from 0 to 12. */
const ARGUMENTS = /* @__PURE__ */ record({
  value: /* @__PURE__ */ num(-Number.MAX_VALUE, Number.MAX_VALUE, 0),
  decimals: /* @__PURE__ */ num(0, 12, 4),
});

/**
 * Rounds for display: half away from zero at `decimals` places, reading the number as it would
 * be written in decimal (1.005 rounds to 1.01, not to the 1.00 that its binary value would give).
 * The calculators never round their results; use this at the edge, for showing money.
 *
 * @param value - a finite number
 * @param decimals - places to keep, an integer from 0 to 12
 * @defaultValue decimals: 2
 * @throws MatchkitValidationError when `value` is not finite or `decimals` is out of range
 * @example
 * ```ts
 * import { roundForDisplay } from '@matchkit/sdk/calculators';
 * roundForDisplay(9.4339622); // 9.43
 * roundForDisplay(-0.125); // -0.13 (half away from zero)
 * roundForDisplay(1.005); // 1.01
 * ```
 */
export function roundForDisplay(value: number, decimals = 2): number {
  validate(ARGUMENTS, { value, decimals }, 'roundForDisplay input');
  // From 1e15 up a double has no digits after the point to round (and scaling could overflow).
  if (Math.abs(value) >= 1e15) return value;
  // 15 significant digits drop the binary noise (1.00499999999999989... reads 1.005).
  const [digits, exp = '0'] = Math.abs(value).toPrecision(15).split('e');
  const scaled = Math.round(Number(`${digits}e${Number(exp) + decimals}`));
  const [d2, e2 = '0'] = String(scaled).split('e');
  const rounded = Number(`${d2}e${Number(e2) - decimals}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}
