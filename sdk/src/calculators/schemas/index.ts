/**
 * zod/mini schemas of every calculator input of `@matchkit/sdk/calculators`, for forms and
 * servers. The calculators validate with a small validator of their own and accept exactly the
 * inputs these schemas accept (a property test checks it); importing the schemas adds zod/mini.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/calculators/schemas
 */
export {
  oddsSchema,
  moneySchema,
  commissionSchema,
  unitSchema,
  backLayInputSchema,
  partLayInputSchema,
  matchRatingInputSchema,
  fixabetInputSchema,
  eachWayReturnsInputSchema,
  eachWayInputSchema,
  extraPlaceInputSchema,
  lockBetInputSchema,
  noLayInputSchema,
  withdrawnOddsSchema,
  applyRule4InputSchema,
  reductionFactorInputSchema,
  nonRunnerInputSchema,
  dutchInputSchema,
  accaSequentialLayInputSchema,
  accaInsuranceInputSchema,
  twoUpLockInInputSchema,
  twoUpValueInputSchema,
  fractionalOddsSchema,
  americanOddsSchema,
  probabilitySchema,
  marketOddsSchema,
  marginMethodSchema,
  expectedValueInputSchema,
  kellyInputSchema,
  betAndGetInputSchema,
  casinoWageringInputSchema,
  calculatorInputSchemas,
} from './schemas';
