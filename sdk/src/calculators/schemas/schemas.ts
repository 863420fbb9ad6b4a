// zod/mini schemas of every calculator input. The calculators do not use them (zod/mini would
// triple the weight of a single calculator); they are for consumers that want schemas: form
// libraries, servers validating requests. A property test checks that each schema accepts exactly
// the inputs its calculator accepts.
import * as z from 'zod/mini';
import { MAX_MONEY, MAX_ODDS } from '../check';

const range = (min: number, max: number, minOpen = false, maxOpen = false) =>
  z.number().check(minOpen ? z.gt(min) : z.gte(min), maxOpen ? z.lt(max) : z.lte(max));

/**
 * Decimal odds: a finite number greater than 1 and at most 1e6.
 *
 * @example
 * ```ts
 * import { oddsSchema } from '@matchkit/sdk/calculators/schemas';
 * oddsSchema.safeParse(1).success; // false
 * ```
 */
export const oddsSchema = range(1, MAX_ODDS, true);

/**
 * An amount of money (a stake, a refund, a limit): from 0 to 1e9.
 *
 * @example
 * ```ts
 * import { moneySchema } from '@matchkit/sdk/calculators/schemas';
 * moneySchema.safeParse(-1).success; // false
 * ```
 */
export const moneySchema = range(0, MAX_MONEY);

/**
 * Commission as a fraction in [0, 1): 0.02 for 2%.
 *
 * @example
 * ```ts
 * import { commissionSchema } from '@matchkit/sdk/calculators/schemas';
 * commissionSchema.safeParse(2).error?.issues[0]?.message;
 * // 'commission 2 is not a fraction: did you mean 0.02?'
 * ```
 */
export const commissionSchema = z.number().check(
  z.gte(0, 'must be at least 0'),
  z.refine((x) => x < 1, {
    // The same wording as the calculators' own validator (check.ts).
    error: (issue) => {
      const x = Number(issue.input);
      return x < 100 ? `commission ${x} is not a fraction: did you mean ${+(x / 100).toPrecision(12)}?` : 'must be less than 1';
    },
  }),
);

/**
 * A share or probability in [0, 1].
 *
 * @example
 * ```ts
 * import { unitSchema } from '@matchkit/sdk/calculators/schemas';
 * unitSchema.safeParse(0.8).success; // true
 * ```
 */
export const unitSchema = range(0, 1);

const placeFraction = range(0, 1, true);
// Every betType is optional; absent means 'qualifying'.
const betType = z.optional(z.literal(['qualifying', 'snr', 'sr']));
const optionalCommission = z.optional(commissionSchema);
// Read only for refund bets: any value is accepted (and ignored) on the others.
const ignored = z.optional(z.unknown());

const refundTerms = z.strictObject({ amount: moneySchema, retention: unitSchema });
const refundWithinStake = <T extends { backStake: number; refund: { amount: number } }>() =>
  z.refine<T>((v) => v.refund.amount <= v.backStake, {
    message: 'must not exceed backStake (a refund pays back at most the stake)',
    path: ['refund', 'amount'],
  });

const layBetShape = {
  backStake: moneySchema,
  backOdds: oddsSchema,
  layOdds: oddsSchema,
  layCommission: commissionSchema,
  backCommission: optionalCommission,
};
const strategy = z.optional(z.literal(['normal', 'underlay', 'overlay']));

/**
 * The input of `backLay`. `betType` is optional (`qualifying` when absent). The refund variant
 * requires `refund` (its amount at most backStake); the others ignore it.
 *
 * @example
 * ```ts
 * import { backLayInputSchema } from '@matchkit/sdk/calculators/schemas';
 * backLayInputSchema.safeParse({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02 }).success; // true
 * ```
 */
export const backLayInputSchema = z.union([
  z.strictObject({ betType: betType, ...layBetShape, strategy, refund: ignored }),
  z.strictObject({ betType: z.literal('refund'), ...layBetShape, strategy, refund: refundTerms }).check(refundWithinStake()),
]);

/**
 * The input of `partLay`: as `backLay` (its `strategy` is ignored), with `layFraction` and
 * `maxLiability`.
 *
 * @example
 * ```ts
 * import { partLayInputSchema } from '@matchkit/sdk/calculators/schemas';
 * partLayInputSchema.safeParse({ betType: 'snr', backStake: 10, backOdds: 5, layOdds: 5.2, layCommission: 0.02, layFraction: 0.5 }).success; // true
 * ```
 */
export const partLayInputSchema = z.union([
  z.strictObject({
    betType: betType,
    ...layBetShape,
    refund: ignored,
    layFraction: z.optional(unitSchema),
    maxLiability: z.optional(moneySchema),
  }),
  z
    .strictObject({
      betType: z.literal('refund'),
      ...layBetShape,
      refund: refundTerms,
      layFraction: z.optional(unitSchema),
      maxLiability: z.optional(moneySchema),
    })
    .check(refundWithinStake()),
]);

/**
 * The input of `matchRating`.
 *
 * @example
 * ```ts
 * import { matchRatingInputSchema } from '@matchkit/sdk/calculators/schemas';
 * matchRatingInputSchema.safeParse({ betType: 'snr', backOdds: 5, layOdds: 5.2, layCommission: 0.02 }).success; // true
 * ```
 */
export const matchRatingInputSchema = z.strictObject({
  betType,
  backOdds: oddsSchema,
  layOdds: oddsSchema,
  layCommission: commissionSchema,
});

/**
 * The input of `fixabet`.
 *
 * @example
 * ```ts
 * import { fixabetInputSchema } from '@matchkit/sdk/calculators/schemas';
 * fixabetInputSchema.safeParse({ maxStake: 50, maxLoss: 1, backOdds: 2, layOdds: 2.06, layCommission: 0.02 }).success; // true
 * ```
 */
export const fixabetInputSchema = z.strictObject({
  maxStake: moneySchema,
  maxLoss: moneySchema,
  backOdds: oddsSchema,
  layOdds: oddsSchema,
  layCommission: commissionSchema,
  stakeStep: z.optional(moneySchema),
});

const eachWayBet = { backStake: moneySchema, backOdds: oddsSchema, placeFraction };

/**
 * The input of `eachWayReturns`.
 *
 * @example
 * ```ts
 * import { eachWayReturnsInputSchema } from '@matchkit/sdk/calculators/schemas';
 * eachWayReturnsInputSchema.safeParse({ backStake: 10, backOdds: 11, placeFraction: 0.2 }).success; // true
 * ```
 */
export const eachWayReturnsInputSchema = z.strictObject(eachWayBet);

const eachWayShape = {
  betType,
  ...eachWayBet,
  winLayOdds: oddsSchema,
  placeLayOdds: oddsSchema,
  layCommission: commissionSchema,
};

/**
 * The input of `eachWay` (and of `layThePlace`).
 *
 * @example
 * ```ts
 * import { eachWayInputSchema } from '@matchkit/sdk/calculators/schemas';
 * eachWayInputSchema.safeParse({
 *   backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 3.1, layCommission: 0.02,
 * }).success; // true
 * ```
 */
export const eachWayInputSchema = z.strictObject(eachWayShape);

/**
 * The input of `extraPlace`.
 *
 * @example
 * ```ts
 * import { extraPlaceInputSchema } from '@matchkit/sdk/calculators/schemas';
 * extraPlaceInputSchema.safeParse({
 *   backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 3.1, layCommission: 0.02, extraPlaceProbability: 0.06,
 * }).success; // true
 * ```
 */
export const extraPlaceInputSchema = z.strictObject({ ...eachWayShape, extraPlaceProbability: unitSchema });

/**
 * The input of `lockBet`.
 *
 * @example
 * ```ts
 * import { lockBetInputSchema } from '@matchkit/sdk/calculators/schemas';
 * lockBetInputSchema.safeParse({ backStake: 10, backOdds: 11, placeFraction: 0.2, lockOdds: 11.5, layCommission: 0.02 }).success; // true
 * ```
 */
export const lockBetInputSchema = z.strictObject({ betType, ...eachWayBet, lockOdds: oddsSchema, layCommission: commissionSchema });

/**
 * The input of `noLay`: placeProbability must be at least winProbability.
 *
 * @example
 * ```ts
 * import { noLayInputSchema } from '@matchkit/sdk/calculators/schemas';
 * noLayInputSchema.safeParse({ backStake: 10, backOdds: 21, placeFraction: 0.2, winProbability: 0.3, placeProbability: 0.2 }).success; // false
 * ```
 */
export const noLayInputSchema = z.strictObject({ betType, ...eachWayBet, winProbability: unitSchema, placeProbability: unitSchema }).check(
  z.refine((v) => v.placeProbability >= v.winProbability, {
    message: 'must be at least winProbability (a winner also places)',
    path: ['placeProbability'],
  }),
);

/**
 * The argument of `rule4Deduction`: 0 to 100 decimal prices.
 *
 * @example
 * ```ts
 * import { withdrawnOddsSchema } from '@matchkit/sdk/calculators/schemas';
 * withdrawnOddsSchema.safeParse([4, 11]).success; // true
 * ```
 */
export const withdrawnOddsSchema = z.array(oddsSchema).check(z.maxLength(100));

/**
 * The input of `applyRule4`.
 *
 * @example
 * ```ts
 * import { applyRule4InputSchema } from '@matchkit/sdk/calculators/schemas';
 * applyRule4InputSchema.safeParse({ backStake: 10, backOdds: 9, deduction: 25 }).success; // true
 * ```
 */
export const applyRule4InputSchema = z.strictObject({ backStake: moneySchema, backOdds: oddsSchema, deduction: range(0, 90) });

/**
 * The input of `applyReductionFactor`.
 *
 * @example
 * ```ts
 * import { reductionFactorInputSchema } from '@matchkit/sdk/calculators/schemas';
 * reductionFactorInputSchema.safeParse({ odds: 8, reductionFactor: 25 }).success; // false: 25% is 0.25
 * ```
 */
export const reductionFactorInputSchema = z.strictObject({ odds: oddsSchema, reductionFactor: range(0, 1, false, true) });

/**
 * The input of `nonRunnerImbalance`.
 *
 * @example
 * ```ts
 * import { nonRunnerInputSchema } from '@matchkit/sdk/calculators/schemas';
 * nonRunnerInputSchema.safeParse({ backStake: 10, backOdds: 5, layOdds: 5, layCommission: 0, deduction: 25, reductionFactor: 0.25 }).success; // true
 * ```
 */
export const nonRunnerInputSchema = z.strictObject({
  backStake: moneySchema,
  backOdds: oddsSchema,
  layOdds: oddsSchema,
  layCommission: commissionSchema,
  deduction: range(0, 90),
  reductionFactor: range(0, 1, false, true),
});

const dutchBetType = z.optional(z.literal(['qualifying', 'snr']));

/**
 * The input of `dutch`: either `anchor` (1 to 1000 other back odds) or `totalStake` (2 to 1000
 * back odds), never both.
 *
 * @example
 * ```ts
 * import { dutchInputSchema } from '@matchkit/sdk/calculators/schemas';
 * dutchInputSchema.safeParse({ totalStake: 100, backOdds: [2, 4, 4] }).success; // true
 * ```
 */
export const dutchInputSchema = z.union([
  z.strictObject({
    anchor: z.strictObject({ backStake: moneySchema, backOdds: oddsSchema }),
    totalStake: z.optional(z.undefined()),
    backOdds: z.array(oddsSchema).check(z.minLength(1), z.maxLength(1000)),
    betType: dutchBetType,
  }),
  z.strictObject({
    anchor: z.optional(z.undefined()),
    totalStake: moneySchema,
    backOdds: z.array(oddsSchema).check(z.minLength(2), z.maxLength(1000)),
    betType: dutchBetType,
  }),
]);

const legs = z.array(z.strictObject({ backOdds: oddsSchema, layOdds: oddsSchema })).check(z.minLength(1), z.maxLength(20));

/**
 * The input of `accaSequentialLay`.
 *
 * @example
 * ```ts
 * import { accaSequentialLayInputSchema } from '@matchkit/sdk/calculators/schemas';
 * accaSequentialLayInputSchema.safeParse({ backStake: 10, layCommission: 0.02, legs: [] }).success; // false: no legs
 * ```
 */
export const accaSequentialLayInputSchema = z.strictObject({ betType, backStake: moneySchema, legs, layCommission: commissionSchema });

/**
 * The input of `accaInsuranceLockIn`: the refund amount at most backStake.
 *
 * @example
 * ```ts
 * import { accaInsuranceInputSchema } from '@matchkit/sdk/calculators/schemas';
 * accaInsuranceInputSchema.safeParse({
 *   backStake: 10, layCommission: 0.02, refund: { amount: 10, retention: 0.8 }, legs: [{ backOdds: 2, layOdds: 2.1 }],
 * }).success; // true
 * ```
 */
export const accaInsuranceInputSchema = z
  .strictObject({ backStake: moneySchema, legs, layCommission: commissionSchema, refund: refundTerms })
  .check(
    z.refine((v) => v.refund.amount <= v.backStake, {
      message: 'must not exceed backStake (a refund pays back at most the stake)',
      path: ['refund', 'amount'],
    }),
  );

const twoUpShape = {
  backStake: moneySchema,
  backOdds: oddsSchema,
  layOdds: oddsSchema,
  layCommission: commissionSchema,
};

/**
 * The input of `twoUpLockIn`.
 *
 * @example
 * ```ts
 * import { twoUpLockInInputSchema } from '@matchkit/sdk/calculators/schemas';
 * twoUpLockInInputSchema.safeParse({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, inPlayBackOdds: 1.3 }).success; // true
 * ```
 */
export const twoUpLockInInputSchema = z.strictObject({ ...twoUpShape, inPlayBackOdds: oddsSchema });

/**
 * The input of `twoUpExpectedValue`.
 *
 * @example
 * ```ts
 * import { twoUpValueInputSchema } from '@matchkit/sdk/calculators/schemas';
 * twoUpValueInputSchema.safeParse({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, earlyPayoutProbability: 0.08 }).success; // true
 * ```
 */
export const twoUpValueInputSchema = z.strictObject({ ...twoUpShape, earlyPayoutProbability: unitSchema });

const FRACTIONAL = /^\s*(?:(evens|evs|even)|(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?))\s*$/i;

/**
 * The argument of `oddsFromFractional`: `n/d` with 1 + n/d greater than 1 and at most 1e6, or
 * `evens`, `evs`, `even` (any case).
 *
 * @example
 * ```ts
 * import { fractionalOddsSchema } from '@matchkit/sdk/calculators/schemas';
 * fractionalOddsSchema.safeParse('9/4').success; // true
 * ```
 */
export const fractionalOddsSchema = z.string().check(
  z.refine(
    (s) => {
      const m = FRACTIONAL.exec(s);
      if (!m) return false;
      if (m[1] !== undefined) return true;
      const odds = 1 + Number(m[2]) / Number(m[3]);
      return odds > 1 && odds <= MAX_ODDS;
    },
    { message: 'must be a fraction n/d with n and d greater than 0, or evens' },
  ),
);

/**
 * The argument of `oddsFromAmerican`: a finite number at least 100 or at most −100 whose decimal
 * odds (1 + a/100, or 1 + 100/|a|) are in (1, 1e6]: so at most 99,999,900, and not below about
 * −9.007e17, where 1 + 100/|a| rounds to 1.
 *
 * @example
 * ```ts
 * import { americanOddsSchema } from '@matchkit/sdk/calculators/schemas';
 * americanOddsSchema.safeParse(50).success; // false
 * americanOddsSchema.safeParse(1e12).success; // false: decimal odds 1e10
 * ```
 */
export const americanOddsSchema = z.number().check(
  z.refine((a) => a >= 100 || a <= -100, { message: 'must be at least 100 or at most -100', abort: true }),
  z.refine(
    (a) => {
      const odds = a > 0 ? 1 + a / 100 : 1 + 100 / -a;
      return odds > 1 && odds <= MAX_ODDS;
    },
    { message: `must give decimal odds in (1, ${MAX_ODDS}]` },
  ),
);

/**
 * The argument of `oddsFromProbability`: in [1e-6, 1), so that its odds are valid odds.
 *
 * @example
 * ```ts
 * import { probabilitySchema } from '@matchkit/sdk/calculators/schemas';
 * probabilitySchema.safeParse(1).success; // false
 * ```
 */
export const probabilitySchema = range(1 / MAX_ODDS, 1, false, true);

/**
 * The first argument of `removeMargin`: the decimal odds of every outcome, 2 to 1000 of them.
 *
 * @example
 * ```ts
 * import { marketOddsSchema } from '@matchkit/sdk/calculators/schemas';
 * marketOddsSchema.safeParse([1.9, 1.9]).success; // true
 * ```
 */
export const marketOddsSchema = z.array(oddsSchema).check(z.minLength(2), z.maxLength(1000));

/**
 * The second argument of `removeMargin` (optional: multiplicative when absent).
 *
 * @example
 * ```ts
 * import { marginMethodSchema } from '@matchkit/sdk/calculators/schemas';
 * marginMethodSchema.safeParse('shin').success; // true
 * ```
 */
export const marginMethodSchema = z.optional(z.literal(['multiplicative', 'additive', 'power', 'shin', 'odds-ratio']));

/**
 * The input of `expectedValue`: exactly one of `probability` and `fairOdds`.
 *
 * @example
 * ```ts
 * import { expectedValueInputSchema } from '@matchkit/sdk/calculators/schemas';
 * expectedValueInputSchema.safeParse({ backStake: 10, backOdds: 3.5, fairOdds: 3.2 }).success; // true
 * ```
 */
export const expectedValueInputSchema = z
  .strictObject({
    backStake: moneySchema,
    backOdds: oddsSchema,
    probability: z.optional(unitSchema),
    fairOdds: z.optional(oddsSchema),
    betType,
    backCommission: optionalCommission,
  })
  .check(
    z.refine((v) => (v.probability === undefined) !== (v.fairOdds === undefined), {
      message: 'needs exactly one of probability and fairOdds',
    }),
  );

/**
 * The input of `kellyFraction`.
 *
 * @example
 * ```ts
 * import { kellyInputSchema } from '@matchkit/sdk/calculators/schemas';
 * kellyInputSchema.safeParse({ backOdds: 3, probability: 0.4 }).success; // true
 * ```
 */
export const kellyInputSchema = z.strictObject({ backOdds: oddsSchema, probability: unitSchema, backCommission: optionalCommission });

/**
 * The input of `betAndGet`.
 *
 * @example
 * ```ts
 * import { betAndGetInputSchema } from '@matchkit/sdk/calculators/schemas';
 * betAndGetInputSchema.safeParse({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, freeBetAmount: 30, freeBetRetention: 0.8 }).success; // true
 * ```
 */
export const betAndGetInputSchema = z.strictObject({
  ...twoUpShape,
  freeBetAmount: moneySchema,
  freeBetRetention: unitSchema,
});

/**
 * The input of `casinoWagering`.
 *
 * @example
 * ```ts
 * import { casinoWageringInputSchema } from '@matchkit/sdk/calculators/schemas';
 * casinoWageringInputSchema.safeParse({ deposit: 50, bonus: 50, wageringMultiple: 30, wageringBase: 'bonus', rtp: 0.96 }).success; // true
 * ```
 */
export const casinoWageringInputSchema = z.strictObject({
  deposit: moneySchema,
  bonus: moneySchema,
  wageringMultiple: range(0, 1e4),
  wageringBase: z.literal(['bonus', 'deposit+bonus']),
  rtp: range(0, 1, true),
});

/**
 * Each calculator's input schema, by function name: the schema of the function's (first)
 * argument. `removeMargin` takes a second, `method`: see {@link marginMethodSchema}.
 *
 * @example
 * ```ts
 * import { calculatorInputSchemas } from '@matchkit/sdk/calculators/schemas';
 * calculatorInputSchemas.toAmerican.safeParse(3.25).success; // true
 * ```
 */
export const calculatorInputSchemas = {
  backLay: backLayInputSchema,
  partLay: partLayInputSchema,
  matchRating: matchRatingInputSchema,
  fixabet: fixabetInputSchema,
  eachWay: eachWayInputSchema,
  eachWayReturns: eachWayReturnsInputSchema,
  extraPlace: extraPlaceInputSchema,
  layThePlace: eachWayInputSchema,
  lockBet: lockBetInputSchema,
  noLay: noLayInputSchema,
  rule4Deduction: withdrawnOddsSchema,
  applyRule4: applyRule4InputSchema,
  applyReductionFactor: reductionFactorInputSchema,
  nonRunnerImbalance: nonRunnerInputSchema,
  expectedValue: expectedValueInputSchema,
  kellyFraction: kellyInputSchema,
  dutch: dutchInputSchema,
  accaSequentialLay: accaSequentialLayInputSchema,
  accaInsuranceLockIn: accaInsuranceInputSchema,
  twoUpLockIn: twoUpLockInInputSchema,
  twoUpExpectedValue: twoUpValueInputSchema,
  oddsFromFractional: fractionalOddsSchema,
  oddsFromAmerican: americanOddsSchema,
  oddsFromProbability: probabilitySchema,
  toFractional: oddsSchema,
  toAmerican: oddsSchema,
  impliedProbability: oddsSchema,
  removeMargin: marketOddsSchema,
  betAndGet: betAndGetInputSchema,
  casinoWagering: casinoWageringInputSchema,
};
