import * as v from 'valibot';
import { wageringOutcome } from '../calculators/casinoWagering';
import { MatchkitError, MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { pounds } from '../internal/money';
import * as s from '../internal/schemas';
import { deepFreeze, toIssues } from '../internal/validate';
import { checkSeed, prngFor, TWO_POW_32 } from './prng';
import { outcomeThresholds, resolveSlot, type Slot, type SlotInput } from './slot';

/**
 * What the wagering multiple applies to: the bonus alone (`35x bonus`) or the deposit plus the
 * bonus (`35x deposit + bonus`).
 *
 * @example
 * ```ts
 * import type { WageringBase } from '@matchkit/sdk/casino';
 * const base: WageringBase = 'deposit+bonus';
 * ```
 */
export type WageringBase = 'bonus' | 'deposit+bonus';

/**
 * A casino bonus to clear, and how the member plays it. Money is in integer pence; the deposit
 * and the bonus carry a `Pence` suffix because the calculators' `casinoWagering` takes a
 * `deposit` and a `bonus` in pounds (a name never means two units).
 *
 * @example
 * ```ts
 * import type { WageringInput } from '@matchkit/sdk/casino';
 * // deposit £50, get a £50 bonus, wager the bonus 35 times at £1 a spin on a medium slot
 * const offer: WageringInput = {
 *   depositPence: 5000,
 *   bonusPence: 5000,
 *   wageringMultiple: 35,
 *   wageringBase: 'bonus',
 *   stake: 100,
 *   slot: 'medium',
 * };
 * ```
 */
export interface WageringInput {
  /** The member's deposit, in pence (a whole number, at least 0). */
  readonly depositPence: number;
  /** The bonus credited with it, in pence (a whole number, at least 0). */
  readonly bonusPence: number;
  /** How many times the wagering base must be staked before withdrawal (finite, at least 0). */
  readonly wageringMultiple: number;
  /**
   * What the multiple applies to.
   * @defaultValue `'bonus'`
   */
  readonly wageringBase?: WageringBase;
  /** The stake per spin, in pence (a whole number, at least 1). */
  readonly stake: number;
  /**
   * The smallest bet the casino takes, in pence (finite, greater than 0, at most the stake): a
   * balance below it ends the run unfinished.
   * @defaultValue `1`
   */
  readonly minStake?: number;
  /** The slot played: a reference profile, a paytable or an RTP and volatility. */
  readonly slot: SlotInput;
}

/**
 * The closed-form expectation of a wagering requirement (see {@link wageringExpectedValue}).
 * Amounts in pence, unrounded.
 *
 * @example
 * ```ts
 * import { wageringExpectedValue, type WageringExpectation } from '@matchkit/sdk/casino';
 * const e: WageringExpectation = wageringExpectedValue({
 *   depositPence: 5000, bonusPence: 5000, wageringMultiple: 35, stake: 100, slot: 'medium',
 * });
 * e.expectedProfitPence; // -2000: 5000 − 175000 × 0.04
 * ```
 */
export interface WageringExpectation {
  /** The amount to wager, in pence: multiple × base, rounded up to a whole penny. */
  readonly requirement: number;
  /** How many spins the requirement takes at the full stake: ⌈requirement / stake⌉. */
  readonly spinsAtFullStake: number;
  /** The slot's return to player. */
  readonly rtp: number;
  /** The slot's volatility (standard deviation of the multiplier per spin). */
  readonly volatility: number;
  /** What the wagering costs on average: requirement × (1 − rtp), in pence. */
  readonly expectedLossPence: number;
  /** depositPence + bonusPence − expectedLossPence: the expected balance once the wagering is done. */
  readonly expectedFinalBalance: number;
  /**
   * bonusPence − expectedLossPence (expectedFinalBalance − depositPence): what the offer is worth,
   * in pence (negative is a loss).
   */
  readonly expectedProfitPence: number;
  /**
   * True when no sequence of spins can empty the balance before the requirement is met (every
   * spin losing as much as the slot allows still leaves enough for the next stake). The closed
   * form is then the exact expectation; otherwise it is a bound (see {@link wageringExpectedValue}).
   */
  readonly cannotRunOut: boolean;
}

/** A validated input with its slot resolved. */
interface Resolved {
  readonly deposit: number;
  readonly bonus: number;
  readonly start: number;
  readonly requirement: number;
  readonly stake: number;
  readonly minStake: number;
  readonly slot: Slot;
}

const pence = (what: string) =>
  v.pipe(s.int(`must be an amount of ${pounds(0)} or more, to the penny (${what})`), s.gte(0, 'must be at least 0'));

const inputSchema = s.strictObject(
  {
    depositPence: pence('the deposit'),
    bonusPence: pence('the bonus'),
    wageringMultiple: v.pipe(s.number('must be a finite number (35 for 35x)'), s.gte(0, 'must be at least 0')),
    wageringBase: s.optional(s.picklist(['bonus', 'deposit+bonus'], 'must be "bonus" or "deposit+bonus"')),
    stake: v.pipe(
      s.int(`must be an amount of at least ${pounds(1)}, to the penny (the stake per spin)`),
      s.gte(1, 'must be at least 1 penny'),
    ),
    minStake: s.optional(v.pipe(s.number('must be a finite number of pence'), s.gt(0, 'must be greater than 0'))),
    slot: s.optional(s.unknown()), // resolved (and reported) by resolveSlot
  },
  // The pre-1.0 names of the two amounts, named with their 1.0 replacement.
  (k) => (k === 'deposit' || k === 'bonus' ? `${k} (was renamed ${k}Pence in 1.0)` : k),
);

/**
 * The amount to wager in whole pence: multiple × base rounded up, ignoring float noise (a product
 * within a relative 1e-12 of a whole number is that number: 0.1 × 30 is 3.0000000000000004 in
 * floats, and 3 pence).
 */
function requirementOf(multiple: number, base: number): number {
  const product = multiple * base;
  const nearest = Math.round(product);
  return Math.abs(product - nearest) <= product * 1e-12 ? nearest : Math.ceil(product);
}

function resolve(input: unknown, issues: ValidationIssue[]): Resolved | undefined {
  const parsed = v.safeParse(inputSchema, input);
  if (!parsed.success) issues.push(...toIssues(parsed.issues));
  const isObject = typeof input === 'object' && input !== null;
  const slot = isObject ? resolveSlot((input as { slot?: unknown }).slot, 'slot') : [];
  if (Array.isArray(slot)) issues.push(...slot);
  if (!parsed.success || Array.isArray(slot)) return undefined;
  const d = parsed.output;
  if (d.minStake !== undefined && d.minStake > d.stake) {
    issues.push({ path: 'minStake', message: `must be at most the stake (${pounds(d.stake)})` });
    return undefined;
  }
  const base = d.wageringBase === 'deposit+bonus' ? d.depositPence + d.bonusPence : d.bonusPence;
  const requirement = requirementOf(d.wageringMultiple, base);
  if (!Number.isSafeInteger(requirement)) {
    issues.push({ path: 'wageringMultiple', message: `gives a requirement of ${pounds(requirement)}, too large to count exactly` });
    return undefined;
  }
  return {
    deposit: d.depositPence,
    bonus: d.bonusPence,
    start: d.depositPence + d.bonusPence,
    requirement,
    stake: d.stake,
    minStake: d.minStake ?? 1,
    slot,
  };
}

function resolveOrThrow(input: unknown): Resolved {
  const issues: ValidationIssue[] = [];
  const resolved = resolve(input, issues);
  if (resolved === undefined || issues.length > 0) throw new MatchkitValidationError('wagering input', issues);
  return resolved;
}

function cannotRunOut(r: Resolved): boolean {
  if (r.requirement === 0) return true;
  const n = Math.ceil(r.requirement / r.stake);
  const worstLoss = Math.max(0, 1 - r.slot.minMultiplier) * r.stake; // per full-stake spin
  const last = r.requirement - (n - 1) * r.stake; // the last spin stakes only what is left
  const enough = (spin: number, stake: number) => r.start - spin * worstLoss >= Math.max(stake, r.minStake);
  return enough(n - 1, last) && (n < 2 || enough(n - 2, r.stake));
}

function expectation(r: Resolved): WageringExpectation {
  const { expectedLoss, expectedProfit } = wageringOutcome(r.bonus, r.requirement, r.slot.rtp);
  return {
    requirement: r.requirement,
    spinsAtFullStake: Math.ceil(r.requirement / r.stake),
    rtp: r.slot.rtp,
    volatility: r.slot.volatility,
    expectedLossPence: expectedLoss,
    expectedFinalBalance: r.deposit + expectedProfit,
    expectedProfitPence: expectedProfit,
    cannotRunOut: cannotRunOut(r),
  };
}

/**
 * The closed-form expected value of clearing a wagering requirement:
 *
 * - requirement = ⌈multiple × base⌉ pence, the base being the bonus or the deposit plus the bonus;
 * - expected loss = requirement × (1 − RTP);
 * - expected final balance = deposit + bonus − expected loss; expected profit = that − deposit.
 *
 * The last two lines are the formula of the calculators' `casinoWagering`
 * (`@matchkit/sdk/calculators`), evaluated by the same sdk function: the casino adds the rounding of the
 * requirement to whole pence, the spins and the `cannotRunOut` test. For the same offer with a
 * whole-penny requirement both give the same figures.
 *
 * This assumes the whole requirement gets wagered. When the balance can run out first
 * (`cannotRunOut` false), the exact expectation is deposit + bonus − E[amount wagered] × (1 − RTP)
 * (Wald's identity: every spin loses 1 − RTP of its stake on average), and the amount wagered is
 * then at most the requirement: for an RTP below 1 the closed form understates the expected final
 * balance (it can even be negative, which a balance never is). {@link simulateWagering} measures
 * the difference.
 *
 * @throws MatchkitValidationError listing every bad field of the input (and of its slot, under `slot.`)
 *
 * @example
 * ```ts
 * import { wageringExpectedValue } from '@matchkit/sdk/casino';
 * // £20 deposit, £20 bonus, 10x deposit + bonus, 50p spins on a 96% slot
 * const e = wageringExpectedValue({
 *   depositPence: 2000,
 *   bonusPence: 2000,
 *   wageringMultiple: 10,
 *   wageringBase: 'deposit+bonus',
 *   stake: 50,
 *   slot: 'low',
 * });
 * e.requirement; // 40000: £400 to wager
 * e.expectedLossPence; // 1600: 4% of £400
 * e.expectedFinalBalance; // 2400
 * e.expectedProfitPence; // 400: the offer is worth £4
 * ```
 */
export function wageringExpectedValue(input: WageringInput): WageringExpectation {
  return deepFreeze(expectation(resolveOrThrow(input)));
}

// ---------------------------------------------------------------------------------------------
// Monte Carlo
// ---------------------------------------------------------------------------------------------

/** The most spins one run may need at the full stake. */
const MAX_SPINS_PER_RUN = 10_000_000;
/** The most runs one simulation may have. */
const MAX_RUNS = 1_000_000;
const DEFAULT_QUANTILES = Object.freeze([0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99]);

/**
 * How a simulation is run.
 *
 * @example
 * ```ts
 * import type { WageringSimulationOptions } from '@matchkit/sdk/casino';
 * const options: WageringSimulationOptions = { runs: 10_000, seed: 2025 };
 * ```
 */
export interface WageringSimulationOptions {
  /** How many independent runs (members clearing the bonus): a whole number from 1 to 1,000,000. */
  readonly runs: number;
  /** The seed: an unsigned 32-bit integer. The same seed and input give the same result. */
  readonly seed: number;
  /**
   * Roughly how many spins to simulate between two progress reports (a run is never split).
   * The result does not depend on it.
   * @defaultValue `250000`
   */
  readonly spinsPerChunk?: number;
  /**
   * How many equal-width bins the final-balance histogram has (1 to 1000).
   * @defaultValue `20`
   */
  readonly bins?: number;
  /**
   * The probabilities at which to report quantiles of the final balance, each in [0, 1].
   * @defaultValue `[0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99]`
   */
  readonly quantiles?: readonly number[];
}

/**
 * The options of {@link simulateWagering}: those of a simulation plus cancellation, progress and
 * the scheduler that yields between chunks.
 *
 * @example
 * ```ts
 * import type { SimulateWageringOptions } from '@matchkit/sdk/casino';
 * const controller = new AbortController();
 * const options: SimulateWageringOptions = {
 *   runs: 20_000,
 *   seed: 7,
 *   signal: controller.signal,
 *   onProgress: (p) => console.warn(`${Math.round(p.fraction * 100)}%`),
 * };
 * ```
 */
export interface SimulateWageringOptions extends WageringSimulationOptions {
  /** Cancels the simulation: the promise then rejects with a `MatchkitError` of kind `aborted`. */
  readonly signal?: AbortSignal;
  /** Called after every chunk with the progress so far. */
  readonly onProgress?: (progress: WageringProgress) => void;
  /**
   * Awaited between chunks so the event loop can run (paint, input, the abort).
   * @defaultValue a `setTimeout(resolve, 0)` promise
   */
  readonly scheduler?: () => Promise<void>;
}

/**
 * A progress report: how far the simulation is and the estimates so far.
 *
 * @example
 * ```ts
 * import type { WageringProgress } from '@matchkit/sdk/casino';
 * const show = (p: WageringProgress) => `${p.runsDone}/${p.runs} runs, P(finish) ≈ ${p.finishProbability}`;
 * ```
 */
export interface WageringProgress {
  /** Runs finished so far. */
  readonly runsDone: number;
  /** Runs in all. */
  readonly runs: number;
  /** runsDone / runs, from 0 to 1. */
  readonly fraction: number;
  /** Spins simulated so far. */
  readonly spinsDone: number;
  /** The share of the runs so far that met the requirement. */
  readonly finishProbability: number;
  /** The mean final balance of the runs so far, in pence. */
  readonly meanFinalBalance: number;
}

/**
 * One quantile of the final balance.
 *
 * @example
 * ```ts
 * import type { FinalBalanceQuantile } from '@matchkit/sdk/casino';
 * const median: FinalBalanceQuantile = { probability: 0.5, finalBalance: 2150 };
 * ```
 */
export interface FinalBalanceQuantile {
  /** The probability q, in [0, 1]. */
  readonly probability: number;
  /** The q-quantile of the final balance in pence (Hyndman and Fan's type 7, linear interpolation). */
  readonly finalBalance: number;
}

/**
 * One bin of the final-balance histogram: runs whose final balance is in [from, to) (the last bin
 * includes `to`).
 *
 * @example
 * ```ts
 * import type { HistogramBin } from '@matchkit/sdk/casino';
 * const bin: HistogramBin = { from: 0, to: 500, count: 1234 };
 * ```
 */
export interface HistogramBin {
  /** Lower edge, in pence (included). */
  readonly from: number;
  /** Upper edge, in pence (excluded, except in the last bin). */
  readonly to: number;
  /** How many runs ended in this bin. */
  readonly count: number;
}

/**
 * What a wagering simulation found, beside the closed form. Amounts in pence, unrounded.
 *
 * @example
 * ```ts
 * import { simulateWageringSync, type WageringResult } from '@matchkit/sdk/casino';
 * const result: WageringResult = simulateWageringSync(
 *   { depositPence: 1000, bonusPence: 1000, wageringMultiple: 20, stake: 20, slot: 'medium' },
 *   { runs: 2000, seed: 1 },
 * );
 * result.finishProbability; // the share of runs that met the requirement
 * ```
 */
export interface WageringResult {
  /** The closed form, for comparison. */
  readonly expectation: WageringExpectation;
  /** Runs simulated. */
  readonly runs: number;
  /** The seed used. */
  readonly seed: number;
  /** The share of runs that met the requirement before the balance ran out. */
  readonly finishProbability: number;
  /** Its standard error, √(p(1 − p) / runs). */
  readonly finishProbabilityStandardError: number;
  /** The mean final balance: the Monte Carlo estimate of the expected value, in pence. */
  readonly meanFinalBalance: number;
  /** The standard deviation of the final balance across runs (n − 1 denominator; 0 for one run). */
  readonly finalBalanceStandardDeviation: number;
  /** The standard error of the mean final balance: standard deviation / √runs. */
  readonly meanFinalBalanceStandardError: number;
  /** meanFinalBalance − depositPence, in pence. */
  readonly meanProfit: number;
  /** The share of runs that ended with more than the deposit. */
  readonly profitProbability: number;
  /** The mean amount wagered per run, in pence (the requirement when no run runs out). */
  readonly meanWagered: number;
  /** The mean number of spins per run. */
  readonly meanSpins: number;
  /** Quantiles of the final balance, in the order asked for. */
  readonly quantiles: readonly FinalBalanceQuantile[];
  /** Histogram of the final balance: equal-width bins from 0 to the largest final balance. */
  readonly histogram: readonly HistogramBin[];
}

interface SimulationSettings {
  readonly runs: number;
  readonly seed: number;
  readonly spinsPerChunk: number;
  readonly bins: number;
  readonly quantiles: readonly number[];
}

const optionsSchema = s.strictObject({
  runs: v.pipe(s.int('must be a whole number of runs'), s.gte(1, 'must be at least 1'), s.lte(MAX_RUNS, `must be at most ${MAX_RUNS}`)),
  seed: s.unknown(),
  spinsPerChunk: s.optional(v.pipe(s.int('must be a whole number of spins'), s.gte(1, 'must be at least 1'))),
  bins: s.optional(v.pipe(s.int('must be a whole number of bins'), s.gte(1, 'must be at least 1'), s.lte(1000, 'must be at most 1000'))),
  quantiles: s.optional(
    s.array(v.pipe(s.number('must be a finite number'), s.gte(0, 'must be at least 0'), s.lte(1, 'must be at most 1'))),
  ),
  signal: s.optional(
    v.custom<AbortSignal>(
      (x) => typeof x === 'object' && x !== null && typeof (x as { aborted?: unknown }).aborted === 'boolean',
      'must be an AbortSignal',
    ),
  ),
  onProgress: s.optional(v.custom<(p: WageringProgress) => void>((x) => typeof x === 'function', 'must be a function')),
  scheduler: s.optional(v.custom<() => Promise<void>>((x) => typeof x === 'function', 'must be a function returning a promise')),
});

function settingsOf(options: unknown, issues: ValidationIssue[]): SimulationSettings | undefined {
  const parsed = v.safeParse(optionsSchema, options);
  if (!parsed.success) {
    issues.push(...toIssues(parsed.issues).map((i) => ({ ...i, path: i.path === '' ? 'options' : `options.${i.path}` })));
  }
  const seed = typeof options === 'object' && options !== null ? (options as { seed?: unknown }).seed : undefined;
  try {
    checkSeed(seed, 0, 'options.seed');
  } catch (e) {
    if (e instanceof MatchkitValidationError) issues.push(...e.issues);
    else throw e;
  }
  if (!parsed.success || issues.length > 0) return undefined;
  const o = parsed.output;
  return {
    runs: o.runs,
    seed: seed as number,
    spinsPerChunk: o.spinsPerChunk ?? 250_000,
    bins: o.bins ?? 20,
    quantiles: o.quantiles ?? DEFAULT_QUANTILES,
  };
}

/** The compiled model a run needs. */
export interface RunModel {
  readonly start: number;
  readonly requirement: number;
  readonly stake: number;
  readonly minStake: number;
  /** Outcome thresholds on the 32-bit draw (see `outcomeThresholds`). */
  readonly thresholds: Float64Array;
  /** multiplier − 1 per outcome: the net gain per unit staked. */
  readonly gains: Float64Array;
}

function compile(r: Resolved): RunModel {
  return {
    start: r.start,
    requirement: r.requirement,
    stake: r.stake,
    minStake: r.minStake,
    thresholds: outcomeThresholds(r.slot),
    gains: Float64Array.from(r.slot.outcomes, (o) => o.multiplier - 1),
  };
}

/** The run model of a wagering input (validated), for tests that play single runs. */
export function runModelOf(input: WageringInput): RunModel {
  return compile(resolveOrThrow(input));
}

/** What one run did. */
export interface RunRecord {
  /** Balance at the end, in pence. */
  final: number;
  /** Total staked, in pence. */
  wagered: number;
  /** Spins played. */
  spins: number;
  /** Whether the requirement was met. */
  finished: boolean;
}

/**
 * Plays run `index` of `seed`: stream `index` of the seed, one draw per spin. Each spin stakes the
 * least of the stake, the balance and what is left of the requirement; the run ends when the
 * requirement is met (finished) or, before that, when the balance is below the minimum stake.
 */
export function playRun(model: RunModel, seed: number, index: number, out: RunRecord): RunRecord {
  const random = prngFor(seed, index);
  const { thresholds, gains, requirement, stake, minStake } = model;
  const last = thresholds.length - 1;
  let balance = model.start;
  let wagered = 0;
  let spins = 0;
  while (wagered < requirement) {
    if (balance < minStake) break;
    let s = stake < balance ? stake : balance;
    const left = requirement - wagered;
    if (left < s) s = left;
    const u = random.nextUint32();
    let k = 0;
    while (k < last && !(u < (thresholds[k] ?? TWO_POW_32))) k++;
    balance += s * (gains[k] ?? 0);
    wagered += s;
    spins++;
  }
  out.final = balance;
  out.wagered = wagered;
  out.spins = spins;
  out.finished = wagered >= requirement;
  return out;
}

/** The q-quantile of sorted values, Hyndman and Fan (1996) type 7 (R's and NumPy's default). */
export function quantileType7(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const a = sorted[lo] ?? 0;
  if (lo >= n - 1) return sorted[n - 1] ?? 0;
  const b = sorted[lo + 1] ?? a;
  return a + (h - lo) * (b - a);
}

/** Equal-width bins over [0, max(values)]; one bin [0, 0] when every value is 0. */
export function histogramOf(values: ArrayLike<number>, bins: number): HistogramBin[] {
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, values[i] ?? 0);
  if (max === 0) return [{ from: 0, to: 0, count: values.length }];
  const counts = new Array<number>(bins).fill(0);
  const width = max / bins;
  for (let i = 0; i < values.length; i++) {
    const k = Math.min(bins - 1, Math.floor((values[i] ?? 0) / width));
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts.map((count, k) => ({ from: k * width, to: k === bins - 1 ? max : (k + 1) * width, count }));
}

function* run(r: Resolved, s: SimulationSettings): Generator<WageringProgress, WageringResult, void> {
  const model = compile(r);
  const finals = new Float64Array(s.runs);
  const record: RunRecord = { final: 0, wagered: 0, spins: 0, finished: false };
  let finished = 0;
  let profitable = 0;
  let sumFinal = 0;
  let sumWagered = 0;
  let spinsDone = 0;
  let index = 0;
  while (index < s.runs) {
    const chunkEnd = spinsDone + s.spinsPerChunk;
    do {
      playRun(model, s.seed, index, record);
      finals[index] = record.final;
      sumFinal += record.final;
      sumWagered += record.wagered;
      spinsDone += record.spins;
      if (record.finished) finished++;
      if (record.final > r.deposit) profitable++;
      index++;
    } while (index < s.runs && spinsDone < chunkEnd);
    yield Object.freeze({
      runsDone: index,
      runs: s.runs,
      fraction: index / s.runs,
      spinsDone,
      finishProbability: finished / index,
      meanFinalBalance: sumFinal / index,
    });
  }
  const n = s.runs;
  const mean = sumFinal / n;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const d = (finals[i] ?? 0) - mean;
    squares += d * d;
  }
  const sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
  const p = finished / n;
  const sorted = finals.slice().sort();
  return deepFreeze({
    expectation: expectation(r),
    runs: n,
    seed: s.seed,
    finishProbability: p,
    finishProbabilityStandardError: Math.sqrt((p * (1 - p)) / n),
    meanFinalBalance: mean,
    finalBalanceStandardDeviation: sd,
    meanFinalBalanceStandardError: sd / Math.sqrt(n),
    meanProfit: mean - r.deposit,
    profitProbability: profitable / n,
    meanWagered: sumWagered / n,
    meanSpins: spinsDone / n,
    quantiles: s.quantiles.map((q) => ({ probability: q, finalBalance: quantileType7(sorted, q) })),
    histogram: histogramOf(finals, s.bins),
  });
}

function prepare(input: unknown, options: unknown): { resolved: Resolved; settings: SimulationSettings } {
  const issues: ValidationIssue[] = [];
  const resolved = resolve(input, issues);
  const settings = settingsOf(options, issues);
  if (resolved !== undefined) {
    const spins = Math.ceil(resolved.requirement / resolved.stake);
    if (spins > MAX_SPINS_PER_RUN) {
      issues.push({
        path: 'stake',
        message: `the requirement of ${pounds(resolved.requirement)} takes ${spins} spins at this stake; a run may take at most ${MAX_SPINS_PER_RUN}: raise the stake`,
      });
    }
  }
  if (resolved === undefined || settings === undefined || issues.length > 0) {
    throw new MatchkitValidationError('wagering simulation', issues);
  }
  return { resolved, settings };
}

/**
 * The wagering simulation as a generator, for callers that drive the chunks themselves (a worker,
 * a test, a server). The three ways to run a simulation share one name: {@link simulateWagering}
 * (async, with an AbortSignal and progress, for a UI), {@link simulateWageringSync} (blocking) and
 * this one, `simulateWageringSteps` (one step per chunk); all three give the same result for the
 * same input, options and seed. Each `next()` simulates about `spinsPerChunk` spins and yields a
 * {@link WageringProgress}; the generator's return value is the {@link WageringResult}. Stop
 * iterating to cancel. The input is validated when this is called, before the first `next()`.
 *
 * The model of a run: the balance starts at deposit + bonus; each spin stakes the least of the
 * stake, the balance and what is left of the requirement, and returns stake × multiplier; the run
 * ends finished once the requirement is wagered, or unfinished when the balance falls below
 * `minStake` first (its remainder is kept as the final balance). Run n draws from stream n of the
 * seed ({@link createPrng}), one draw per spin, so the result depends on neither the chunk size
 * nor the order of the runs.
 *
 * @throws MatchkitValidationError listing every bad field of the input and the options (these
 * under `options.`)
 *
 * @example
 * ```ts
 * import { simulateWageringSteps } from '@matchkit/sdk/casino';
 * const simulation = simulateWageringSteps(
 *   { depositPence: 2000, bonusPence: 2000, wageringMultiple: 30, stake: 40, slot: 'high' },
 *   { runs: 5000, seed: 11 },
 * );
 * let step = simulation.next();
 * while (!step.done) {
 *   console.warn(step.value.fraction); // progress, 0 to 1
 *   step = simulation.next();
 * }
 * step.value.finishProbability;
 * ```
 */
export function simulateWageringSteps(
  input: WageringInput,
  options: WageringSimulationOptions,
): Generator<WageringProgress, WageringResult, void> {
  const { resolved, settings } = prepare(input, options);
  return run(resolved, settings);
}

/**
 * Runs a whole wagering simulation at once, blocking until it is done: for servers, workers and
 * tests. See {@link simulateWageringSteps} for the model and {@link simulateWagering} for a UI.
 *
 * @throws MatchkitValidationError listing every bad field of the input and the options
 *
 * @example
 * ```ts
 * import { simulateWageringSync } from '@matchkit/sdk/casino';
 * const result = simulateWageringSync(
 *   { depositPence: 1000, bonusPence: 1000, wageringMultiple: 10, stake: 50, slot: 'low' },
 *   { runs: 2000, seed: 42 },
 * );
 * result.meanFinalBalance; // close to result.expectation.expectedFinalBalance (1200)
 * ```
 */
export function simulateWageringSync(input: WageringInput, options: WageringSimulationOptions): WageringResult {
  const simulation = simulateWageringSteps(input, options);
  for (;;) {
    const step = simulation.next();
    if (step.done) return step.value;
  }
}

const yieldToEventLoop = (): Promise<void> =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });

function aborted(signal: AbortSignal): MatchkitError {
  return new MatchkitError('aborted', 'The wagering simulation was aborted', { cause: signal.reason });
}

/**
 * Runs a wagering simulation in chunks, awaiting the scheduler between them so a UI stays
 * responsive, reporting progress after each chunk and stopping when the signal aborts. The result
 * is the same as {@link simulateWageringSync} for the same input, options and seed. See
 * {@link simulateWageringSteps} for the model of a run.
 *
 * @returns a promise of the result; it rejects with a `MatchkitValidationError` for bad input
 * and with a `MatchkitError` of kind `aborted` (the signal's reason as its `cause`) when
 * cancelled.
 *
 * @example
 * ```ts
 * import { simulateWagering } from '@matchkit/sdk/casino';
 * const controller = new AbortController();
 * const result = await simulateWagering(
 *   { depositPence: 5000, bonusPence: 5000, wageringMultiple: 35, stake: 100, slot: 'medium' },
 *   {
 *     runs: 20_000,
 *     seed: 2025,
 *     signal: controller.signal,
 *     onProgress: (p) => console.warn(`${(p.fraction * 100).toFixed(0)}%`),
 *   },
 * );
 * console.warn(result.finishProbability, result.meanFinalBalance, result.expectation.expectedFinalBalance);
 * ```
 */
export async function simulateWagering(input: WageringInput, options: SimulateWageringOptions): Promise<WageringResult> {
  const simulation = simulateWageringSteps(input, options);
  const { signal, onProgress } = options;
  const schedule = options.scheduler ?? yieldToEventLoop;
  for (;;) {
    if (signal?.aborted === true) throw aborted(signal);
    const step = simulation.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
    await schedule();
  }
}
