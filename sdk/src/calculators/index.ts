/**
 * The matched-betting calculators: back/lay (qualifying, free bets, refunds, underlay and
 * overlay), part lay, mug bets, each-way and extra places (lay the place, lock bet, no-lay),
 * Rule 4 and reduction factors, dutching, sequential acca lays and acca insurance, 2UP lock-in,
 * odds conversions and margin removal, expected value and Kelly, bet-and-get and casino wagering.
 * The registry of the advanced calculator pages (their forms, results and worked examples) is a
 * subpath of its own, `@matchkit/sdk/calculators/registry`.
 *
 * Odds are decimal, commission is a fraction in [0, 1), profits are signed (a loss is negative)
 * and nothing is rounded (see {@link roundForDisplay}). One vocabulary throughout: the kind of bet
 * is a {@link BetType} (optional, `'qualifying'` by default); stakes, odds and commissions name
 * their side (`backStake`, `backOdds`, `backCommission`, `layStake`, `layOdds`, `layCommission`);
 * results name the selection's outcome (`profitIfWins`, `profitIfLoses`, `profitIfPlaces`), and a
 * profit that does not depend on the outcome is `profit`. Every function validates its input and
 * throws one `MatchkitValidationError` listing every bad field. Each input is described once, by a
 * valibot schema exported beside its function (`backLayInputSchema`, ...): its type, its
 * validation and the fields of the registry's forms all come from it (the forms' words, labels,
 * units and help, are the registry's, keyed by the schema's field names).
 *
 * @packageDocumentation
 * @module @matchkit/sdk/calculators
 */
export type { BetType } from './core';
export { backLay, backLayInputSchema, type BackLayInput, type BackLayResult, type LayStrategy, type RefundTerms } from './backLay';
export { partLay, partLayInputSchema, type PartLayInput, type PartLayResult } from './partLay';
export { matchRating, matchRatingInputSchema, type MatchRatingInput } from './rating';
export { fixabet, fixabetInputSchema, type FixabetInput, type FixabetResult } from './fixabet';
export {
  eachWay,
  eachWayReturns,
  eachWayInputSchema,
  eachWayReturnsInputSchema,
  type EachWayBetInput,
  type EachWayInput,
  type EachWayResult,
  type EachWayReturnsResult,
} from './eachWay';
export { extraPlace, extraPlaceInputSchema, type ExtraPlaceInput, type ExtraPlaceResult } from './extraPlace';
export { layThePlace, layThePlaceInputSchema, type LayThePlaceResult } from './layThePlace';
export { lockBet, lockBetInputSchema, type LockBetInput, type LockBetResult } from './lockBet';
export { noLay, noLayInputSchema, type NoLayInput, type NoLayResult } from './noLay';
export {
  rule4Deduction,
  applyRule4,
  applyReductionFactor,
  nonRunnerImbalance,
  withdrawnOddsSchema,
  applyRule4InputSchema,
  reductionFactorInputSchema,
  nonRunnerInputSchema,
  type ApplyRule4Input,
  type ApplyRule4Result,
  type NonRunnerInput,
  type NonRunnerResult,
  type ReductionFactorInput,
} from './rule4';
export {
  dutch,
  dutchInputSchema,
  dutchAnchorSchema,
  type DutchAnchor,
  type DutchAnchorInput,
  type DutchResult,
  type DutchTotalInput,
} from './dutch';
export {
  accaSequentialLay,
  accaInsuranceLockIn,
  accaLegSchema,
  accaSequentialLayInputSchema,
  accaInsuranceInputSchema,
  type AccaInsuranceInput,
  type AccaInsuranceResult,
  type AccaLeg,
  type AccaSequentialLayInput,
  type AccaSequentialLayResult,
} from './acca';
export {
  twoUpLockIn,
  twoUpExpectedValue,
  twoUpLockInInputSchema,
  twoUpValueInputSchema,
  type TwoUpBet,
  type TwoUpLockInInput,
  type TwoUpLockInResult,
  type TwoUpValueInput,
  type TwoUpValueResult,
} from './twoUp';
export {
  oddsFromFractional,
  oddsFromAmerican,
  oddsFromProbability,
  toFractional,
  toAmerican,
  impliedProbability,
  STANDARD_FRACTIONS,
  fractionalOddsSchema,
  americanOddsSchema,
  probabilitySchema,
} from './odds';
export { removeMargin, marketOddsSchema, marginMethodSchema, type MarginMethod } from './margin';
export { expectedValue, expectedValueInputSchema, type ExpectedValueInput, type ExpectedValueResult } from './expectedValue';
export { kellyFraction, kellyInputSchema, type KellyInput } from './kelly';
export { betAndGet, betAndGetInputSchema, type BetAndGetInput, type BetAndGetResult } from './betAndGet';
export { casinoWagering, casinoWageringInputSchema, type CasinoWageringInput, type CasinoWageringResult } from './casinoWagering';
export { roundForDisplay } from './round';
export { MAX_MONEY, MAX_ODDS, oddsSchema, moneySchema, commissionSchema, unitSchema, type CalculatorInput, type Frozen } from './schema';
export { refundTermsSchema } from './fields';
export { calculatorInputSchemas } from './inputs';
