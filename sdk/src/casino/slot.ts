import * as v from 'valibot';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import * as s from '../internal/schemas';
import { deepFreeze, toIssues } from '../internal/validate';
import { TWO_POW_32, type RandomSource } from './prng';

/**
 * How far the probabilities of a paytable may sum away from 1 and still be accepted (they are then
 * divided by their sum, so the model's probabilities sum to 1 up to float rounding).
 *
 * @example
 * ```ts
 * import { PROBABILITY_SUM_TOLERANCE } from '@matchkit/sdk/casino';
 * PROBABILITY_SUM_TOLERANCE; // 1e-9
 * ```
 */
export const PROBABILITY_SUM_TOLERANCE = 1e-9;

/**
 * One line of a paytable: what a spin returns per unit staked, and how often.
 *
 * @example
 * ```ts
 * import type { PaytableOutcome } from '@matchkit/sdk/casino';
 * const tenX: PaytableOutcome = { multiplier: 10, probability: 0.01, label: '10x' };
 * ```
 */
export interface PaytableOutcome {
  /**
   * The total return per unit staked, the stake included: 0 loses the stake, 1 gives it back, 10
   * returns ten times the stake (a net win of nine stakes). Finite, at least 0.
   */
  readonly multiplier: number;
  /** The chance of this outcome on one spin, in [0, 1]. */
  readonly probability: number;
  /** An optional name for display, such as `3 cherries`. */
  readonly label?: string;
}

/**
 * A paytable to validate with {@link defineSlot}: outcomes whose probabilities sum to 1 (within
 * {@link PROBABILITY_SUM_TOLERANCE}).
 *
 * @example
 * ```ts
 * import type { PaytableInput } from '@matchkit/sdk/casino';
 * const coin: PaytableInput = {
 *   name: 'coin flip',
 *   outcomes: [
 *     { multiplier: 0, probability: 0.5 },
 *     { multiplier: 2, probability: 0.5 },
 *   ],
 * };
 * ```
 */
export interface PaytableInput {
  /** An optional name for display. */
  readonly name?: string;
  /** The outcomes of one spin; at least one, probabilities summing to 1, paying back at most 100% on average. */
  readonly outcomes: readonly PaytableOutcome[];
}

/**
 * The volatility classes of {@link classifyVolatility}.
 *
 * @example
 * ```ts
 * import type { VolatilityClass } from '@matchkit/sdk/casino';
 * const v: VolatilityClass = 'medium';
 * ```
 */
export type VolatilityClass = 'low' | 'medium' | 'high';

/**
 * A validated slot model: its paytable (probabilities normalised to sum to 1) and the figures that
 * follow from it, all per unit staked on one spin. Frozen.
 *
 * @example
 * ```ts
 * import { referenceSlot, type Slot } from '@matchkit/sdk/casino';
 * const slot: Slot = referenceSlot('medium');
 * slot.rtp; // 0.96 (to float rounding)
 * slot.volatilityClass; // 'medium'
 * ```
 */
export interface Slot {
  /** The name given in the paytable, if any. */
  readonly name?: string;
  /** The outcomes, in input order, with probabilities divided by their sum. */
  readonly outcomes: readonly PaytableOutcome[];
  /**
   * Return to player: the expected multiplier, Σ probability × multiplier; at most 1 (a sum that
   * float rounding leaves a hair above 1 is 1).
   */
  readonly rtp: number;
  /** Variance of the multiplier: Σ probability × multiplier² − rtp². */
  readonly variance: number;
  /** Volatility: the standard deviation of the multiplier, √variance. */
  readonly volatility: number;
  /** The class of {@link Slot.volatility} by {@link VOLATILITY_BANDS}. */
  readonly volatilityClass: VolatilityClass;
  /** The chance that a spin returns anything (multiplier above 0). */
  readonly hitRate: number;
  /** The smallest multiplier with a positive probability. */
  readonly minMultiplier: number;
  /** The largest multiplier with a positive probability. */
  readonly maxMultiplier: number;
}

/**
 * Where the volatility classes start, as the standard deviation of the multiplier per spin: low
 * below 4, medium from 4 to below 12, high from 12. The industry has no agreed scale; these bands
 * put the three {@link referenceSlot} profiles (about 2.5, 6.1 and 24.2) one in each class.
 *
 * @example
 * ```ts
 * import { VOLATILITY_BANDS } from '@matchkit/sdk/casino';
 * VOLATILITY_BANDS.medium; // 4
 * VOLATILITY_BANDS.high; // 12
 * ```
 */
export const VOLATILITY_BANDS: {
  /** Medium volatility starts at this standard deviation. */
  readonly medium: number;
  /** High volatility starts at this standard deviation. */
  readonly high: number;
} = Object.freeze({ medium: 4, high: 12 });

/**
 * The volatility class of a standard deviation per spin, by {@link VOLATILITY_BANDS}.
 *
 * @param volatility - the standard deviation of the multiplier, finite and at least 0
 * @throws MatchkitValidationError naming `volatility` when it is negative, NaN or infinite
 *
 * @example
 * ```ts
 * import { classifyVolatility } from '@matchkit/sdk/casino';
 * classifyVolatility(2.5); // 'low'
 * classifyVolatility(4); // 'medium'
 * classifyVolatility(30); // 'high'
 * ```
 */
export function classifyVolatility(volatility: number): VolatilityClass {
  if (typeof volatility !== 'number' || !Number.isFinite(volatility) || volatility < 0) {
    throw new MatchkitValidationError('volatility', [{ path: 'volatility', message: 'must be a finite number of at least 0' }]);
  }
  if (volatility < VOLATILITY_BANDS.medium) return 'low';
  return volatility < VOLATILITY_BANDS.high ? 'medium' : 'high';
}

const finite = (what: string) => s.number(`must be a finite number (${what})`);

const outcomeSchema = s.strictObject({
  multiplier: v.pipe(finite('the return per unit staked'), s.gte(0, 'must be at least 0 (a return cannot be negative)')),
  probability: v.pipe(finite('a probability'), s.gte(0, 'must be at least 0'), s.lte(1, 'must be at most 1')),
  label: s.optional(s.string()),
});

/**
 * How far above 1 a paytable's RTP may come out and still count as 100%: float rounding of a
 * fair paytable (a designed slot at RTP 1, say) can leave its sum a few units in the last place
 * above 1.
 */
const RTP_ROUNDING = 1e-12;

/** A fraction as a percentage for a message: 1.5 → "150%", 1.001 → "100.1%", never "100%" above 1. */
function percent(fraction: number): string {
  let digits = 2;
  const shown = () => Number((fraction * 100).toFixed(digits));
  while (shown() <= 100 && fraction > 1 && digits < 15) digits++;
  return `${shown()}%`;
}

const paytableSchema = s.strictObject({
  name: s.optional(s.string()),
  outcomes: v.pipe(
    s.array(outcomeSchema),
    s.minLength(1, 'must list at least one outcome'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value.length === 0) return; // already reported
      const total = sum(dataset.value.map((o) => o.probability));
      if (!(Math.abs(total - 1) <= PROBABILITY_SUM_TOLERANCE)) {
        addIssue({ message: `probabilities sum to ${total}, they must sum to 1 (within ${PROBABILITY_SUM_TOLERANCE})` });
        return;
      }
      const rtp = sum(dataset.value.map((o) => o.probability * o.multiplier)) / total;
      if (rtp > 1 + RTP_ROUNDING) {
        addIssue({
          message: `pay back ${percent(rtp)} of what is staked on average; they must pay back at most 100%: no slot pays back more than is staked`,
        });
      }
    }),
  ),
});

/** Validates a paytable, returning its issues with paths under `prefix` (no throw). */
export function paytableIssues(input: unknown, prefix: string): ValidationIssue[] {
  const result = v.safeParse(paytableSchema, input);
  if (result.success) return [];
  return toIssues(result.issues).map((i) => ({ ...i, path: join(prefix, i.path) }));
}

function join(prefix: string, path: string): string {
  if (prefix === '') return path;
  return path === '' ? prefix : `${prefix}.${path}`;
}

/** Neumaier's compensated sum: accurate to about one rounding whatever the number of terms. */
function sum(terms: readonly number[]): number {
  let total = 0;
  let compensation = 0;
  for (const x of terms) {
    const t = total + x;
    compensation += Math.abs(total) >= Math.abs(x) ? total - t + x : x - t + total;
    total = t;
  }
  return total + compensation;
}

/** Builds the frozen model of a paytable already known to be valid. */
function build(input: PaytableInput): Slot {
  const total = sum(input.outcomes.map((o) => o.probability));
  const outcomes = input.outcomes.map((o) => {
    const outcome: { multiplier: number; probability: number; label?: string } = {
      multiplier: o.multiplier,
      probability: total === 1 ? o.probability : o.probability / total,
    };
    if (o.label !== undefined) outcome.label = o.label;
    return outcome;
  });
  // A paytable is possible only up to an RTP of 1 (validated); rounding above 1 is read as 1, so
  // that a fair slot's expected loss, (1 − rtp) × wagered, is 0 and not a hair below.
  const rtp = Math.min(1, sum(outcomes.map((o) => o.probability * o.multiplier)));
  const second = sum(outcomes.map((o) => o.probability * o.multiplier * o.multiplier));
  const hitRate = sum(outcomes.map((o) => (o.multiplier > 0 ? o.probability : 0)));
  let minMultiplier = Infinity;
  let maxMultiplier = -Infinity;
  for (const o of outcomes) {
    if (o.probability > 0) {
      minMultiplier = Math.min(minMultiplier, o.multiplier);
      maxMultiplier = Math.max(maxMultiplier, o.multiplier);
    }
  }
  // Σp·m² − (Σp·m)² is a variance, never negative; rounding can leave a tiny negative residue.
  const variance = Math.max(0, second - rtp * rtp);
  const volatility = Math.sqrt(variance);
  const slot: {
    name?: string;
    outcomes: PaytableOutcome[];
    rtp: number;
    variance: number;
    volatility: number;
    volatilityClass: VolatilityClass;
    hitRate: number;
    minMultiplier: number;
    maxMultiplier: number;
  } = {
    outcomes,
    rtp,
    variance,
    volatility,
    volatilityClass: classifyVolatility(volatility),
    hitRate,
    minMultiplier,
    maxMultiplier,
  };
  if (input.name !== undefined) slot.name = input.name;
  return deepFreeze(slot);
}

/**
 * Validates a paytable and returns its slot model: RTP, variance, volatility (standard deviation)
 * and class, hit rate, smallest and largest multiplier. Every bad field is named at once; the
 * probabilities must sum to 1 within {@link PROBABILITY_SUM_TOLERANCE} and are then divided by
 * their sum. The RTP must be at most 1 (100%, up to float rounding): no slot pays back more than
 * is staked.
 *
 * @throws MatchkitValidationError listing every bad field, for example
 * `outcomes.2.probability` or `outcomes` (when the probabilities do not sum to 1, or the RTP is
 * above 100%)
 *
 * @example
 * ```ts
 * import { defineSlot } from '@matchkit/sdk/casino';
 * const slot = defineSlot({
 *   outcomes: [
 *     { multiplier: 0, probability: 0.7 },
 *     { multiplier: 2, probability: 0.2 },
 *     { multiplier: 5, probability: 0.1 },
 *   ],
 * });
 * slot.rtp; // 0.9 = 0.2 × 2 + 0.1 × 5
 * slot.variance; // 2.49 = 0.2 × 4 + 0.1 × 25 − 0.9² (to float rounding)
 * slot.hitRate; // 0.3
 * ```
 */
export function defineSlot(input: PaytableInput): Slot {
  const paytable = paytableOf(input);
  const issues = paytableIssues(paytable, '');
  if (issues.length > 0) throw new MatchkitValidationError('slot paytable', issues);
  return build(paytable as PaytableInput);
}

/**
 * A {@link Slot} (it carries `volatilityClass`) stands for its paytable: its derived figures are
 * dropped and recomputed. Any other value is validated as it stands, so a misspelt key is
 * reported rather than ignored.
 */
function paytableOf(input: unknown): unknown {
  if (typeof input === 'object' && input !== null && 'volatilityClass' in input && 'outcomes' in input) {
    const { name, outcomes } = input as PaytableInput;
    return name === undefined ? { outcomes } : { name, outcomes };
  }
  return input;
}

/**
 * The target of {@link designSlot}: an RTP, a volatility and optionally a hit rate.
 *
 * @example
 * ```ts
 * import type { SlotDesign } from '@matchkit/sdk/casino';
 * const design: SlotDesign = { rtp: 0.96, volatility: 5, hitRate: 0.3 };
 * ```
 */
export interface SlotDesign {
  /** Return to player, the expected multiplier: finite, from 0 to 1 (0.96 for 96%). */
  readonly rtp: number;
  /** Standard deviation of the multiplier per spin: finite, at least 0. */
  readonly volatility: number;
  /**
   * The chance that a spin wins anything, in (0, 1]. Without it the paytable has a single winning
   * outcome (and the hit rate is rtp² / (volatility² + rtp²)).
   */
  readonly hitRate?: number;
}

const designSchema = s.strictObject({
  rtp: v.pipe(
    finite('the return to player, 0.96 for 96%'),
    s.gte(0, 'must be at least 0'),
    s.lte(1, 'must be at most 1 (100%): no slot pays back more than is staked'),
  ),
  volatility: v.pipe(finite('the standard deviation per spin'), s.gte(0, 'must be at least 0')),
  hitRate: s.optional(v.pipe(finite('a probability'), s.gt(0, 'must be greater than 0'), s.lte(1, 'must be at most 1'))),
});

/** Validates a design, returning its issues with paths under `prefix` (no throw). */
export function designIssues(input: unknown, prefix: string): ValidationIssue[] {
  const result = v.safeParse(designSchema, input);
  if (!result.success) {
    return toIssues(result.issues).map((i) => ({ ...i, path: join(prefix, i.path) }));
  }
  const { rtp, volatility, hitRate } = result.output;
  if (rtp === 0 && volatility > 0) {
    return [
      {
        path: join(prefix, 'volatility'),
        message: 'must be 0 when rtp is 0 (a slot that never pays back cannot vary)',
      },
    ];
  }
  if (hitRate !== undefined && rtp > 0) {
    // With every win paying the same, variance is rtp²(1 − h)/h, the least any paytable with hit
    // rate h can have (Cauchy-Schwarz); so h must be at least rtp² / (volatility² + rtp²).
    const least = (rtp * rtp) / (volatility * volatility + rtp * rtp);
    if (hitRate < least * (1 - 1e-12)) {
      return [
        {
          path: join(prefix, 'hitRate'),
          message: `must be at least ${least} for rtp ${rtp} and volatility ${volatility} (a lower hit rate forces a higher volatility)`,
        },
      ];
    }
  }
  return [];
}

/** Builds the paytable of a design already known to be valid. */
function designPaytable({ rtp, volatility, hitRate }: SlotDesign): PaytableInput {
  const name = `designed: rtp ${rtp}, volatility ${volatility}${hitRate === undefined ? '' : `, hit rate ${hitRate}`}`;
  if (rtp === 0) return { name, outcomes: [{ multiplier: 0, probability: 1, label: 'no win' }] };
  const second = volatility * volatility + rtp * rtp; // E[m²]
  const outcomes: PaytableOutcome[] = [];
  if (hitRate === undefined) {
    // One win of multiplier M with chance p: p·M = rtp and p·M² = second.
    const p = (rtp * rtp) / second;
    const m = second / rtp;
    if (p < 1) outcomes.push({ multiplier: 0, probability: 1 - p, label: 'no win' });
    outcomes.push({ multiplier: m, probability: p, label: 'win' });
    return { name, outcomes };
  }
  // Given a win (chance h), the multiplier Y has mean μ = rtp/h and variance v = second/h − μ².
  // Y takes two values: a small win μ/2 and a big win μ + 2v/μ, the big one with chance
  // π = μ² / (μ² + 4v); then E[Y] = μ and Var[Y] = π(1 − π)(μ/2 + 2v/μ)² = v.
  const h = hitRate;
  const mu = rtp / h;
  const v = Math.max(0, second / h - mu * mu);
  if (h < 1) outcomes.push({ multiplier: 0, probability: 1 - h, label: 'no win' });
  if (v <= 1e-12 * mu * mu) {
    outcomes.push({ multiplier: mu, probability: h, label: 'win' });
    return { name, outcomes };
  }
  const pi = (mu * mu) / (mu * mu + 4 * v);
  outcomes.push({ multiplier: mu / 2, probability: h * (1 - pi), label: 'small win' });
  outcomes.push({ multiplier: mu + (2 * v) / mu, probability: h * pi, label: 'big win' });
  return { name, outcomes };
}

/**
 * A paytable with a given RTP and volatility (and, optionally, hit rate): the least-assumption
 * slot for a simulation when the real paytable is unknown.
 *
 * - Without `hitRate`: one winning outcome. It pays M = (σ² + R²) / R with chance R² / (σ² + R²),
 *   otherwise nothing (R is the RTP, σ the volatility). Zero volatility gives a slot that returns
 *   R on every spin.
 * - With `hitRate` h: nothing with chance 1 − h; a win otherwise, split into a small win of μ/2 and
 *   a big win of μ + 2v/μ (μ = R/h, v = (σ² + R²)/h − μ²), the big one with chance h·μ²/(μ² + 4v).
 *   h must be at least R² / (σ² + R²): a rarer win forces a higher volatility.
 *
 * The RTP and variance of the result equal the targets up to float rounding. Two slots with the
 * same RTP and volatility have the same expected loss but can differ in the chance of finishing a
 * wagering requirement: the shape of the wins matters too.
 *
 * @throws MatchkitValidationError naming `rtp` (below 0 or above 1), `volatility` or `hitRate`
 *
 * @example
 * ```ts
 * import { designSlot } from '@matchkit/sdk/casino';
 * designSlot({ rtp: 0.96, volatility: 0 }).outcomes; // [{ multiplier: 0.96, probability: 1, label: 'win' }]
 * const slot = designSlot({ rtp: 0.96, volatility: 5, hitRate: 0.3 });
 * slot.rtp; // 0.96
 * slot.volatility; // 5
 * slot.hitRate; // 0.3
 * ```
 */
export function designSlot(input: SlotDesign): Slot {
  const issues = designIssues(input, '');
  if (issues.length > 0) throw new MatchkitValidationError('slot design', issues);
  return build(designPaytable(input));
}

/**
 * The names of the three reference slots.
 *
 * @example
 * ```ts
 * import type { ReferenceSlotProfile } from '@matchkit/sdk/casino';
 * const profile: ReferenceSlotProfile = 'high';
 * ```
 */
export type ReferenceSlotProfile = 'low' | 'medium' | 'high';

function table(name: string, weights: readonly (readonly [number, number])[]): PaytableInput {
  return {
    name,
    outcomes: weights.map(([multiplier, weight]) => ({
      multiplier,
      probability: weight / 1_000_000,
      label: multiplier === 0 ? 'no win' : `${multiplier}x`,
    })),
  };
}

/**
 * Three reference paytables, each with an RTP of exactly 96% (a common figure for UK online
 * slots): weights out of 1,000,000 spins, multiplier first.
 *
 * | multiplier | low | medium | high |
 * | --- | --: | --: | --: |
 * | 0 | 525,500 | 683,200 | 703,280 |
 * | 0.5 | 150,000 | 100,000 | 60,000 |
 * | 1 | 100,000 | 70,000 | 40,000 |
 * | 2 | 167,500 | 97,500 | 170,000 |
 * | 5 | 40,000 | 30,000 | 15,000 |
 * | 10 | 12,000 | 12,000 | 7,000 |
 * | 20 | 4,000 | | |
 * | 25 | | 4,000 | 2,600 |
 * | 50 | 1,000 | 2,000 | 1,200 |
 * | 100 | | 1,000 | 600 |
 * | 250 | | 300 | 240 |
 * | 1000 | | | 60 |
 * | 5000 | | | 20 |
 *
 * Volatility (standard deviation per spin): about 2.49, 6.15 and 24.22; hit rate 47.45%, 31.68%
 * and 29.672%.
 *
 * @example
 * ```ts
 * import { REFERENCE_PAYTABLES } from '@matchkit/sdk/casino';
 * REFERENCE_PAYTABLES.high.outcomes.at(-1); // { multiplier: 5000, probability: 0.00002, label: '5000x' }
 * ```
 */
export const REFERENCE_PAYTABLES: {
  /** Low volatility: many small wins, top prize 50x. */
  readonly low: PaytableInput;
  /** Medium volatility: top prize 250x. */
  readonly medium: PaytableInput;
  /** High volatility: rare big wins, top prize 5000x. */
  readonly high: PaytableInput;
} = deepFreeze({
  low: table('reference low volatility (RTP 96%)', [
    [0, 525_500],
    [0.5, 150_000],
    [1, 100_000],
    [2, 167_500],
    [5, 40_000],
    [10, 12_000],
    [20, 4_000],
    [50, 1_000],
  ]),
  medium: table('reference medium volatility (RTP 96%)', [
    [0, 683_200],
    [0.5, 100_000],
    [1, 70_000],
    [2, 97_500],
    [5, 30_000],
    [10, 12_000],
    [25, 4_000],
    [50, 2_000],
    [100, 1_000],
    [250, 300],
  ]),
  high: table('reference high volatility (RTP 96%)', [
    [0, 703_280],
    [0.5, 60_000],
    [1, 40_000],
    [2, 170_000],
    [5, 15_000],
    [10, 7_000],
    [25, 2_600],
    [50, 1_200],
    [100, 600],
    [250, 240],
    [1000, 60],
    [5000, 20],
  ]),
});

const PROFILES: readonly ReferenceSlotProfile[] = ['low', 'medium', 'high'];

/**
 * The slot model of one of the {@link REFERENCE_PAYTABLES}: RTP 96%, low, medium or high
 * volatility.
 *
 * @throws MatchkitValidationError naming `profile` when it is not `low`, `medium` or `high`
 *
 * @example
 * ```ts
 * import { referenceSlot } from '@matchkit/sdk/casino';
 * referenceSlot('low').volatilityClass; // 'low'
 * referenceSlot('high').maxMultiplier; // 5000
 * ```
 */
export function referenceSlot(profile: ReferenceSlotProfile): Slot {
  if (!PROFILES.includes(profile)) {
    throw new MatchkitValidationError('reference slot', [{ path: 'profile', message: 'must be one of "low", "medium", "high"' }]);
  }
  return build(REFERENCE_PAYTABLES[profile]);
}

/**
 * What a simulation can be given as its slot: a reference profile name, a paytable (a
 * {@link Slot} is one) or a design of RTP and volatility.
 *
 * @example
 * ```ts
 * import type { SlotInput } from '@matchkit/sdk/casino';
 * const a: SlotInput = 'medium';
 * const b: SlotInput = { rtp: 0.96, volatility: 8 };
 * const c: SlotInput = { outcomes: [{ multiplier: 0.96, probability: 1 }] };
 * ```
 */
export type SlotInput = ReferenceSlotProfile | PaytableInput | SlotDesign;

/**
 * Resolves a {@link SlotInput} to a slot, or returns the issues found with paths under `path`.
 * A string is a profile name; an object with `outcomes` a paytable; any other object a design.
 */
export function resolveSlot(input: unknown, path: string): Slot | ValidationIssue[] {
  if (typeof input === 'string') {
    return PROFILES.includes(input as ReferenceSlotProfile)
      ? build(REFERENCE_PAYTABLES[input as ReferenceSlotProfile])
      : [{ path, message: 'must be "low", "medium", "high", a paytable ({ outcomes }) or a design ({ rtp, volatility })' }];
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return [{ path, message: 'must be "low", "medium", "high", a paytable ({ outcomes }) or a design ({ rtp, volatility })' }];
  }
  if ('outcomes' in input) {
    const paytable = paytableOf(input);
    const issues = paytableIssues(paytable, path);
    return issues.length > 0 ? issues : build(paytable as PaytableInput);
  }
  const issues = designIssues(input, path);
  return issues.length > 0 ? issues : build(designPaytable(input as SlotDesign));
}

/**
 * The thresholds a uniform 32-bit integer u is compared with to pick an outcome: outcome k is
 * the first whose threshold exceeds u. Threshold k is (p₀ + … + p_k) × 2^32, and the last
 * outcome with a positive probability gets exactly 2^32, so rounding can never leave u unmatched.
 * Each outcome is therefore picked with its probability to within 2^-32.
 */
export function outcomeThresholds(slot: Slot): Float64Array {
  const n = slot.outcomes.length;
  const thresholds = new Float64Array(n);
  let last = -1;
  let cumulative = 0;
  for (let k = 0; k < n; k++) {
    const p = slot.outcomes[k]?.probability ?? 0;
    cumulative += p;
    thresholds[k] = cumulative * TWO_POW_32;
    if (p > 0) last = k;
  }
  for (let k = last; k < n; k++) thresholds[k] = TWO_POW_32;
  return thresholds;
}

/**
 * One spin: draws one 32-bit number from `random` and returns the outcome it falls on (outcome k
 * when it is below (p₀ + … + p_k) × 2^32 and not below the previous outcome's bound). The wagering
 * simulator picks outcomes exactly this way, one draw per spin.
 *
 * @param slot - a slot from {@link defineSlot}, {@link designSlot} or {@link referenceSlot}
 * @param random - the generator to draw from, for example {@link createPrng}
 *
 * @example
 * ```ts
 * import { createPrng, referenceSlot, spin } from '@matchkit/sdk/casino';
 * const random = createPrng(7);
 * const slot = referenceSlot('medium');
 * const returned = spin(slot, random).multiplier * 100; // pence back from a £1 spin
 * ```
 */
export function spin(slot: Slot, random: RandomSource): PaytableOutcome {
  const thresholds = outcomeThresholds(slot);
  const u = random.nextUint32();
  let k = 0;
  while (k < thresholds.length - 1 && !(u < (thresholds[k] ?? TWO_POW_32))) k++;
  const outcome = slot.outcomes[k];
  if (outcome === undefined) throw new Error('unreachable: a slot has at least one outcome');
  return outcome;
}
