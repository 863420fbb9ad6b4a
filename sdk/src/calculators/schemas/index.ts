/**
 * The valibot schemas of every calculator input of `@matchkit/sdk/calculators`, for forms and
 * servers: the same schemas the calculators validate with (and export beside each function).
 * Validate with `v.safeParse(schema, input)`; the messages are the calculators'. The words of a
 * form (each field's label, help and unit) are in `@matchkit/sdk/calculators/registry`.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/calculators/schemas
 */
export { oddsSchema, moneySchema, commissionSchema, unitSchema } from '../schema';
export { refundTermsSchema } from '../fields';
export { backLayInputSchema } from '../backLay';
export { partLayInputSchema } from '../partLay';
export { matchRatingInputSchema } from '../rating';
export { fixabetInputSchema } from '../fixabet';
export { eachWayReturnsInputSchema, eachWayInputSchema } from '../eachWay';
export { extraPlaceInputSchema } from '../extraPlace';
export { layThePlaceInputSchema } from '../layThePlace';
export { lockBetInputSchema } from '../lockBet';
export { noLayInputSchema } from '../noLay';
export { withdrawnOddsSchema, applyRule4InputSchema, reductionFactorInputSchema, nonRunnerInputSchema } from '../rule4';
export { dutchInputSchema, dutchAnchorSchema } from '../dutch';
export { accaLegSchema, accaSequentialLayInputSchema, accaInsuranceInputSchema } from '../acca';
export { twoUpLockInInputSchema, twoUpValueInputSchema } from '../twoUp';
export { fractionalOddsSchema, americanOddsSchema, probabilitySchema } from '../odds';
export { marketOddsSchema, marginMethodSchema } from '../margin';
export { expectedValueInputSchema } from '../expectedValue';
export { kellyInputSchema } from '../kelly';
export { betAndGetInputSchema } from '../betAndGet';
export { casinoWageringInputSchema } from '../casinoWagering';
export { calculatorInputSchemas } from '../inputs';
