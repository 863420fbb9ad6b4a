/**
 * Casino training: a slot model (paytable, RTP, volatility, reference profiles of low, medium and
 * high volatility) and a wagering simulator for casino bonuses. The closed-form expected value
 * sits beside a seeded, reproducible Monte Carlo that reports the chance of finishing the wagering
 * and the distribution of the final balance, in chunks a UI can show progress for and cancel.
 *
 * Money is integer pence. A money field whose name the calculators (which work in pounds) also
 * use carries a `Pence` suffix (`depositPence`, `bonusPence`, `expectedLossPence`,
 * `expectedProfitPence`), so a name never means two units. The simulation runs three ways under
 * one name: `simulateWagering` (async: AbortSignal and progress), `simulateWageringSync`
 * (blocking) and `simulateWageringSteps` (a generator, one step per chunk). A slot training
 * session (`startSlotSession`, `playSlotSpin`) plays a slot with play money, and `slotSessionBet`
 * turns it into a profit-tracker record of profit type `training`.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/casino
 */
export { createPrng, type Prng, type RandomSource } from './prng';
export {
  PROBABILITY_SUM_TOLERANCE,
  VOLATILITY_BANDS,
  REFERENCE_PAYTABLES,
  classifyVolatility,
  defineSlot,
  designSlot,
  referenceSlot,
  spin,
  type PaytableInput,
  type PaytableOutcome,
  type ReferenceSlotProfile,
  type Slot,
  type SlotDesign,
  type SlotInput,
  type VolatilityClass,
} from './slot';
export {
  startSlotSession,
  playSlotSpin,
  slotSessionBet,
  type SlotSession,
  type SlotSessionInput,
  type SlotSpin,
  type SlotSessionBetOptions,
} from './session';
export {
  wageringExpectedValue,
  simulateWagering,
  simulateWageringSync,
  simulateWageringSteps,
  type WageringBase,
  type WageringInput,
  type WageringExpectation,
  type WageringSimulationOptions,
  type SimulateWageringOptions,
  type WageringProgress,
  type WageringResult,
  type FinalBalanceQuantile,
  type HistogramBin,
} from './wagering';
