import * as v from 'valibot';
import { MAX_ODDS, num, notANumber, oddsSchema, record } from './schema';
import { validate } from '../internal/validate';

/** Decimal odds a written fraction stands for, or NaN when it is no fraction. */
function fractionalOdds(text: string): number {
  if (/^\s*(evens|evs|even)\s*$/i.test(text)) return 2;
  const m = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  const odds = m ? 1 + Number(m[1]) / Number(m[2]) : NaN;
  return odds > 1 && odds <= MAX_ODDS ? odds : NaN;
}

/**
 * The argument of {@link oddsFromFractional}: `n/d` with 1 + n/d greater than 1 and at most 1e6,
 * or `evens`, `evs`, `even` (any case).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { fractionalOddsSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(fractionalOddsSchema, '9/4').success; // true
 * ```
 */
export const fractionalOddsSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string((issue) => `expected a string, received ${typeof issue.input}`),
  /* @__PURE__ */ v.check(
    (text) => !Number.isNaN(fractionalOdds(text)),
    `must be a fraction n/d with n and d greater than 0 (at most ${MAX_ODDS - 1}/1), or evens`,
  ),
);

/** What is wrong with an American price, or '' when nothing is. */
function americanMessage(a: number): string {
  if (!Number.isFinite(a)) return 'must be a finite number';
  if (a > -100 && a < 100) return 'must be at least 100 or at most -100';
  const odds = a > 0 ? 1 + a / 100 : 1 + 100 / -a;
  return odds > 1 && odds <= MAX_ODDS
    ? ''
    : `gives decimal odds of ${odds}, outside (1, ${MAX_ODDS}]: must be from 100 to ${(MAX_ODDS - 1) * 100} or from -100 down to about -9.007e17`;
}

/**
 * The argument of {@link oddsFromAmerican}: a finite number at least 100 or at most −100 whose
 * decimal odds (1 + a/100, or 1 + 100/|a|) are in (1, 1e6]: so at most 99,999,900, and not below
 * about −9.007e17, where 1 + 100/|a| rounds to 1.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { americanOddsSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(americanOddsSchema, 50).success; // false
 * v.safeParse(americanOddsSchema, 1e12).success; // false: decimal odds 1e10
 * ```
 */
export const americanOddsSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.number(notANumber),
  /* @__PURE__ */ v.check(
    (a) => americanMessage(a) === '',
    (issue) => americanMessage(issue.input),
  ),
);

/**
 * The argument of {@link oddsFromProbability}: in [1e-6, 1), so that its odds are valid odds.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { probabilitySchema } from '@matchkit/sdk/calculators';
 * v.safeParse(probabilitySchema, 1).success; // false
 * ```
 */
export const probabilitySchema = /* @__PURE__ */ num(1 / MAX_ODDS, 1, 2);

/** The decimal odds argument of the conversions (`toFractional`, `toAmerican`, `impliedProbability`). */
export const DECIMAL_ODDS = oddsSchema;

/** Checks one plain argument, named `name`, and returns it. */
function one<S extends v.GenericSchema>(name: string, schema: S, value: unknown, subject: string): v.InferOutput<S> {
  return validate(/* @__PURE__ */ record({ [name]: schema }), { [name]: value }, `${subject} input`)[name] as v.InferOutput<S>;
}

/**
 * Decimal odds from fractional odds written `n/d` (`'9/4'`, `'100/30'`, `'2.5/1'`), or `'evens'`
 * (also `'evs'`, `'even'`; any case).
 *
 * @param fractional - the fractional price
 * @returns 1 + n/d
 * @throws MatchkitValidationError when the text is not a positive fraction
 * @example
 * ```ts
 * import { oddsFromFractional } from '@matchkit/sdk/calculators';
 * oddsFromFractional('9/4'); // 3.25
 * oddsFromFractional('evens'); // 2
 * ```
 */
export function oddsFromFractional(fractional: string): number {
  return fractionalOdds(one('fractional', fractionalOddsSchema, fractional, 'oddsFromFractional'));
}

/** American odds: at least 100 or at most −100. */
/**
 * Decimal odds from American (moneyline) odds: +138 is 2.38, −200 is 1.5. Values strictly between
 * −100 and +100 do not exist and are rejected, and so is a price whose decimal odds leave the
 * calculators' odds domain (1, 1e6]: above +99,999,900 (decimal odds over 1e6), or so far below
 * −100 (beyond about −9.007e17, that is −100 × 2⁵³) that 1 + 100/|a| rounds to exactly 1.
 *
 * @param american - the American price: from 100 to 99,999,900, or at most −100 (and not past
 * about −9.007e17)
 * @throws MatchkitValidationError when the price is not a finite American price, or its decimal
 * odds are outside (1, 1e6]
 * @example
 * ```ts
 * import { oddsFromAmerican } from '@matchkit/sdk/calculators';
 * oddsFromAmerican(138); // 2.38
 * oddsFromAmerican(-200); // 1.5
 * ```
 */
export function oddsFromAmerican(american: number): number {
  const a = one('american', americanOddsSchema, american, 'oddsFromAmerican');
  return a > 0 ? 1 + a / 100 : 1 + 100 / -a;
}

/** A probability whose fair odds are valid odds: from 1 / MAX_ODDS (inclusive) to 1 (exclusive). */
/**
 * Fair decimal odds from a probability: 1 / p.
 *
 * @param probability - in [1e-6, 1): its odds must be valid odds (greater than 1, at most 1e6)
 * @throws MatchkitValidationError when the probability is out of range
 * @example
 * ```ts
 * import { oddsFromProbability } from '@matchkit/sdk/calculators';
 * oddsFromProbability(0.4); // 2.5
 * ```
 */
export function oddsFromProbability(probability: number): number {
  return 1 / one('probability', probabilitySchema, probability, 'oddsFromProbability');
}

/**
 * The implied probability of decimal odds: 1 / odds (margin included).
 *
 * @param odds - decimal odds, greater than 1
 * @throws MatchkitValidationError when the odds are not valid
 * @example
 * ```ts
 * import { impliedProbability } from '@matchkit/sdk/calculators';
 * impliedProbability(2.5); // 0.4
 * ```
 */
export function impliedProbability(odds: number): number {
  return 1 / one('odds', DECIMAL_ODDS, odds, 'impliedProbability');
}

/**
 * American odds from decimal odds: 100(odds − 1) from evens up, −100 / (odds − 1) below. Unrounded.
 *
 * @param odds - decimal odds, greater than 1
 * @throws MatchkitValidationError when the odds are not valid
 * @example
 * ```ts
 * import { toAmerican } from '@matchkit/sdk/calculators';
 * toAmerican(3.25); // 225
 * toAmerican(1.5); // -200
 * ```
 */
export function toAmerican(odds: number): number {
  const d = one('odds', DECIMAL_ODDS, odds, 'toAmerican');
  return d >= 2 ? 100 * (d - 1) : -100 / (d - 1);
}

/**
 * The standard UK fractional prices {@link toFractional} chooses from, shortest first.
 *
 * @example
 * ```ts
 * import { STANDARD_FRACTIONS } from '@matchkit/sdk/calculators';
 * STANDARD_FRACTIONS.includes('11/10'); // true
 * ```
 */
export const STANDARD_FRACTIONS: readonly string[] = /* @__PURE__ */ Object.freeze([
  '1/100',
  '1/80',
  '1/66',
  '1/50',
  '1/40',
  '1/33',
  '1/28',
  '1/25',
  '1/22',
  '1/20',
  '1/18',
  '1/16',
  '1/14',
  '1/12',
  '1/11',
  '1/10',
  '1/9',
  '1/8',
  '2/15',
  '1/7',
  '2/13',
  '1/6',
  '2/11',
  '1/5',
  '2/9',
  '1/4',
  '2/7',
  '3/10',
  '1/3',
  '4/11',
  '2/5',
  '4/9',
  '1/2',
  '8/15',
  '4/7',
  '8/13',
  '4/6',
  '8/11',
  '4/5',
  '5/6',
  '10/11',
  '20/21',
  '1/1',
  '21/20',
  '11/10',
  '6/5',
  '5/4',
  '11/8',
  '6/4',
  '8/5',
  '13/8',
  '7/4',
  '9/5',
  '15/8',
  '2/1',
  '85/40',
  '11/5',
  '9/4',
  '12/5',
  '5/2',
  '13/5',
  '11/4',
  '3/1',
  '16/5',
  '10/3',
  '7/2',
  '4/1',
  '9/2',
  '5/1',
  '11/2',
  '6/1',
  '13/2',
  '7/1',
  '15/2',
  '8/1',
  '17/2',
  '9/1',
  '10/1',
  '11/1',
  '12/1',
  '14/1',
  '16/1',
  '18/1',
  '20/1',
  '22/1',
  '25/1',
  '28/1',
  '33/1',
  '40/1',
  '50/1',
  '66/1',
  '80/1',
  '100/1',
  '125/1',
  '150/1',
  '200/1',
  '250/1',
  '300/1',
  '400/1',
  '500/1',
  '750/1',
  '1000/1',
]);

/**
 * The nearest standard UK fractional price to decimal odds: the entry of
 * {@link STANDARD_FRACTIONS} whose decimal odds are closest (ties go to the shorter price). Odds
 * beyond 1001 give '1000/1'.
 *
 * @param odds - decimal odds, greater than 1
 * @throws MatchkitValidationError when the odds are not valid
 * @example
 * ```ts
 * import { toFractional } from '@matchkit/sdk/calculators';
 * toFractional(5); // '4/1'
 * toFractional(1.91); // '10/11'
 * ```
 */
export function toFractional(odds: number): string {
  const d = one('odds', DECIMAL_ODDS, odds, 'toFractional');
  let best = '';
  let gap = Infinity;
  for (const f of STANDARD_FRACTIONS) {
    const [n, q] = f.split('/');
    const g = Math.abs(1 + Number(n) / Number(q) - d);
    if (g < gap) [best, gap] = [f, g];
  }
  return best;
}
