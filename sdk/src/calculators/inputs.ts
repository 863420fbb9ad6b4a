import { accaInsuranceInputSchema, accaSequentialLayInputSchema } from './acca';
import { backLayInputSchema } from './backLay';
import { betAndGetInputSchema } from './betAndGet';
import { casinoWageringInputSchema } from './casinoWagering';
import { dutchInputSchema } from './dutch';
import { eachWayInputSchema, eachWayReturnsInputSchema } from './eachWay';
import { expectedValueInputSchema } from './expectedValue';
import { extraPlaceInputSchema } from './extraPlace';
import { fixabetInputSchema } from './fixabet';
import { kellyInputSchema } from './kelly';
import { layThePlaceInputSchema } from './layThePlace';
import { lockBetInputSchema } from './lockBet';
import { marketOddsSchema } from './margin';
import { noLayInputSchema } from './noLay';
import { DECIMAL_ODDS, americanOddsSchema, fractionalOddsSchema, probabilitySchema } from './odds';
import { partLayInputSchema } from './partLay';
import { matchRatingInputSchema } from './rating';
import { applyRule4InputSchema, nonRunnerInputSchema, reductionFactorInputSchema, withdrawnOddsSchema } from './rule4';
import { twoUpLockInInputSchema, twoUpValueInputSchema } from './twoUp';

/**
 * Each calculator's input schema, by function name: the schema of the function's (first)
 * argument. `removeMargin` takes a second, `method`: see `marginMethodSchema`.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { calculatorInputSchemas } from '@matchkit/sdk/calculators';
 * v.safeParse(calculatorInputSchemas.toAmerican, 3.25).success; // true
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
  layThePlace: layThePlaceInputSchema,
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
  toFractional: DECIMAL_ODDS,
  toAmerican: DECIMAL_ODDS,
  impliedProbability: DECIMAL_ODDS,
  removeMargin: marketOddsSchema,
  betAndGet: betAndGetInputSchema,
  casinoWagering: casinoWageringInputSchema,
};
