// Probability models the finder engines need beyond the calculators: finishing positions from win
// probabilities (Harville), football goals (independent Poisson), early-payout chances, and the
// value of a best-odds guarantee (log-normal starting price). Each states its assumptions.
import { MatchkitValidationError, type ValidationIssue } from '../../errors/errors';

function fail(subject: string, issues: ValidationIssue[]): never {
  throw new MatchkitValidationError(subject, issues);
}

function checkProbabilities(subject: string, path: string, ps: readonly number[], issues: ValidationIssue[]): void {
  ps.forEach((p, i) => {
    if (typeof p !== 'number' || !Number.isFinite(p) || p < 0 || p > 1) {
      issues.push({ path: `${path}.${i}`, message: 'must be a probability in [0, 1]' });
    }
  });
  if (issues.length === 0) {
    const sum = ps.reduce((a, b) => a + b, 0);
    if (Math.abs(sum - 1) > 1e-9) issues.push({ path, message: `must add up to 1 (they add up to ${sum})` });
  }
  void subject;
}

/**
 * The largest number of subsets {@link harvillePlaceProbabilities} enumerates (a field of 20
 * runners and 5 places needs 6,196): bigger fields are rejected rather than computed slowly.
 *
 * @example
 * ```ts
 * import { HARVILLE_MAX_SUBSETS } from './models'; // internal: not exported from @matchkit/sdk/matching
 * HARVILLE_MAX_SUBSETS; // 250000
 * ```
 */
export const HARVILLE_MAX_SUBSETS = 250_000;

/**
 * The probability that each runner finishes in the first `places` positions, from the runners'
 * win probabilities, under the Harville model: the runner in each position is drawn from those
 * left with probability proportional to their win probabilities (Harville, 1973). Exact under the
 * model, computed over the subsets of at most `places − 1` runners that can fill the places above
 * a runner. The results add up to `places` (to rounding).
 *
 * @param winProbabilities - every runner's win probability, adding up to 1 (within 1e-9)
 * @param places - the number of places, from 1 to the number of runners
 * @returns each runner's probability of a top-`places` finish, in runner order
 * @throws MatchkitValidationError for bad probabilities, bad places, or a field too large to
 * enumerate (more than 250 000 subsets)
 *
 * @example
 * ```ts
 * import { harvillePlaceProbabilities } from '@matchkit/sdk/matching';
 * harvillePlaceProbabilities([0.25, 0.25, 0.25, 0.25], 2); // [0.5, 0.5, 0.5, 0.5]
 * harvillePlaceProbabilities([0.5, 0.3, 0.2], 2); // [0.8393.., 0.675, 0.4857..]
 * ```
 */
export function harvillePlaceProbabilities(winProbabilities: readonly number[], places: number): number[] {
  const subject = 'harvillePlaceProbabilities input';
  const issues: ValidationIssue[] = [];
  const n = winProbabilities.length;
  if (!Array.isArray(winProbabilities) || n < 1 || n > 60) {
    issues.push({ path: 'winProbabilities', message: 'must list 1 to 60 runners' });
  } else checkProbabilities(subject, 'winProbabilities', winProbabilities, issues);
  if (!Number.isInteger(places) || places < 1 || places > n) {
    issues.push({ path: 'places', message: `must be a whole number from 1 to the number of runners (${n})` });
  }
  if (issues.length > 0) fail(subject, issues);
  let subsets = 0;
  let binom = 1;
  for (let k = 0; k < places; k++) {
    subsets += binom;
    binom = (binom * (n - k)) / (k + 1);
  }
  if (subsets > HARVILLE_MAX_SUBSETS) {
    fail(subject, [
      { path: 'places', message: `${n} runners and ${places} places need ${subsets} subsets (at most ${HARVILLE_MAX_SUBSETS})` },
    ]);
  }
  const p = winProbabilities;
  const result = new Array<number>(n).fill(0);
  // Subsets as sorted index arrays, level by level; f = P(the subset fills the first |A| places
  // in some order), s = its total win probability.
  interface Level {
    keys: string[];
    members: number[][];
    f: number[];
    s: number[];
  }
  let level: Level = { keys: [''], members: [[]], f: [1], s: [0] };
  for (let size = 0; size < places; size++) {
    // Runners below this subset take the next place: add f(A) × p_i / (1 − s(A)).
    for (let a = 0; a < level.members.length; a++) {
      const members = level.members[a] as number[];
      const rest = 1 - (level.s[a] as number);
      if (rest <= 0) continue;
      const fa = level.f[a] as number;
      let m = 0;
      for (let i = 0; i < n; i++) {
        if (members[m] === i) {
          m++;
          continue;
        }
        result[i] = (result[i] as number) + (fa * (p[i] as number)) / rest;
      }
    }
    if (size === places - 1) break;
    // Next level: f(B) = Σ_{j ∈ B} f(B \ j) × p_j / (1 − s(B \ j)).
    const at = new Map<string, number>();
    level.keys.forEach((k, a) => at.set(k, a));
    const next: Level = { keys: [], members: [], f: [], s: [] };
    const nextAt = new Map<string, number>();
    for (let a = 0; a < level.members.length; a++) {
      const members = level.members[a] as number[];
      const rest = 1 - (level.s[a] as number);
      const fa = level.f[a] as number;
      for (let j = 0; j < n; j++) {
        if (members.includes(j)) continue;
        const b = [...members, j].sort((x, y) => x - y);
        const key = b.join(',');
        const contribution = rest <= 0 ? 0 : (fa * (p[j] as number)) / rest;
        const found = nextAt.get(key);
        if (found === undefined) {
          nextAt.set(key, next.keys.length);
          next.keys.push(key);
          next.members.push(b);
          next.f.push(contribution);
          next.s.push((level.s[a] as number) + (p[j] as number));
        } else next.f[found] = (next.f[found] as number) + contribution;
      }
    }
    level = next;
  }
  return result.map((x) => Math.min(1, x));
}

// ---------------------------------------------------------------------------------------------
// Football goals
// ---------------------------------------------------------------------------------------------

const MAX_GOALS = 40;

function poissonPmf(mean: number, upTo: number): number[] {
  const out = new Array<number>(upTo + 1);
  let term = Math.exp(-mean);
  for (let k = 0; k <= upTo; k++) {
    out[k] = term;
    term = (term * mean) / (k + 1);
  }
  return out;
}

/** P(home win), P(draw), P(away win) of independent Poisson goals, in O(goals). */
function outcomeProbabilities(home: number, away: number): [number, number, number] {
  const ph = poissonPmf(home, MAX_GOALS);
  const pa = poissonPmf(away, MAX_GOALS);
  let win = 0;
  let draw = 0;
  let loss = 0;
  let awayBelow = 0; // P(away goals < i)
  let homeBelow = 0; // P(home goals < i)
  for (let i = 0; i <= MAX_GOALS; i++) {
    const h = ph[i] as number;
    const a = pa[i] as number;
    win += h * awayBelow;
    loss += a * homeBelow;
    draw += h * a;
    awayBelow += a;
    homeBelow += h;
  }
  return [win, draw, loss];
}

/**
 * A root of an increasing function on [lo, hi] by the Illinois variant of false position (as sure
 * as bisection, much faster on smooth functions); the nearer end when f does not change sign.
 */
function solveIncreasing(f: (x: number) => number, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  let fa = f(a);
  let fb = f(b);
  if (fa >= 0) return a;
  if (fb <= 0) return b;
  let side = 0;
  for (let i = 0; i < 200; i++) {
    const x = (a * fb - b * fa) / (fb - fa);
    const fx = f(x);
    if (fx === 0 || b - a < 1e-14) return x;
    if (fx < 0) {
      a = x;
      fa = fx;
      if (side === -1) fb /= 2;
      side = -1;
    } else {
      b = x;
      fb = fx;
      if (side === 1) fa /= 2;
      side = 1;
    }
    if (Math.abs(fx) < 1e-15) return x;
  }
  return (a + b) / 2;
}

/**
 * Expected goals of each side under independent Poisson scoring.
 *
 * @example
 * ```ts
 * import type { GoalRates } from '@matchkit/sdk/matching';
 * const total = (r: GoalRates) => r.home + r.away;
 * ```
 */
export interface GoalRates {
  /** Expected goals of the home side. */
  readonly home: number;
  /** Expected goals of the away side. */
  readonly away: number;
}

/**
 * Fits independent Poisson goal rates to a match's fair home/draw/away probabilities: the total
 * rate μ sets the draw probability (more goals, fewer draws) and the home share θ the balance
 * between the two wins; both are found by false position (Illinois), bracketed like bisection.
 * Totals are searched in [0.05, 12] goals; a draw probability outside what that range can produce
 * is met as closely as it allows.
 *
 * @param probabilities - fair probabilities of home win, draw and away win, adding up to 1
 * @returns the fitted rates
 * @throws MatchkitValidationError when the probabilities are not a distribution or a win
 * probability is 0
 *
 * @example
 * ```ts
 * import { fitPoissonGoals } from '@matchkit/sdk/matching';
 * fitPoissonGoals([0.45, 0.27, 0.28]); // { home: 1.38.., away: 1.03.. }
 * ```
 */
export function fitPoissonGoals(probabilities: readonly [number, number, number] | readonly number[]): GoalRates {
  const issues: ValidationIssue[] = [];
  if (!Array.isArray(probabilities) || probabilities.length !== 3) {
    issues.push({ path: 'probabilities', message: 'must list home, draw and away probabilities' });
  } else {
    checkProbabilities('fitPoissonGoals input', 'probabilities', probabilities, issues);
    if (issues.length === 0 && ((probabilities[0] as number) <= 0 || (probabilities[2] as number) <= 0)) {
      issues.push({ path: 'probabilities', message: 'home and away win probabilities must be above 0' });
    }
  }
  if (issues.length > 0) fail('fitPoissonGoals input', issues);
  const [pw, pd, pl] = probabilities as [number, number, number];
  const target = pw - pl;
  const shareFor = (mu: number) =>
    solveIncreasing(
      (theta) => {
        const [w, , l] = outcomeProbabilities(mu * theta, mu * (1 - theta));
        return w - l - target;
      },
      0,
      1,
    );
  // Draw probability falls as the total rises: find μ with P(draw) = pd.
  const mu = solveIncreasing(
    (m) => {
      const theta = shareFor(m);
      return pd - outcomeProbabilities(m * theta, m * (1 - theta))[1];
    },
    0.05,
    12,
  );
  const theta = shareFor(mu);
  return { home: mu * theta, away: mu * (1 - theta) };
}

/**
 * The probability that a side leads by `goalsAhead` goals at some point of the match and then
 * fails to win it (draws or loses), under independent Poisson goals: goals arrive as one Poisson
 * process of rate `home + away`, each scored by the home side with probability
 * `home / (home + away)`, so the lead is a random walk; the walk is followed exactly, goal by goal,
 * until the remaining probability is below 1e-15.
 *
 * @param rates - the two sides' expected goals (from {@link fitPoissonGoals})
 * @param side - the side backed
 * @param goalsAhead - the lead that triggers the early payout (2 for 2UP)
 * @returns the early-payout probability that matters: paid early and not a win
 *
 * @example
 * ```ts
 * import { earlyPayoutProbability, fitPoissonGoals } from '@matchkit/sdk/matching';
 * earlyPayoutProbability(fitPoissonGoals([0.45, 0.27, 0.28]), 'home', 2); // about 0.05
 * ```
 */
export function earlyPayoutProbability(rates: GoalRates, side: 'home' | 'away', goalsAhead: number): number {
  const issues: ValidationIssue[] = [];
  for (const k of ['home', 'away'] as const) {
    const v = rates[k];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 20)
      issues.push({ path: `rates.${k}`, message: 'must be expected goals in [0, 20]' });
  }
  if (side !== 'home' && side !== 'away') issues.push({ path: 'side', message: "must be 'home' or 'away'" });
  if (!Number.isInteger(goalsAhead) || goalsAhead < 1 || goalsAhead > 10)
    issues.push({ path: 'goalsAhead', message: 'must be a whole number from 1 to 10' });
  if (issues.length > 0) fail('earlyPayoutProbability input', issues);
  const total = rates.home + rates.away;
  if (total === 0) return 0;
  const up = (side === 'home' ? rates.home : rates.away) / total;
  // State after n goals: lead in [-n, n] (offset by n), and whether the lead has reached goalsAhead.
  const width = 2 * 200 + 1;
  let notYet = new Float64Array(width);
  let reached = new Float64Array(width);
  const mid = 200;
  notYet[mid] = 1;
  let poisson = Math.exp(-total);
  let answer = 0;
  let remaining = 1;
  for (let n = 0; n < 200; n++) {
    // P(N = n) × P(reached and lead ≤ 0 after n goals)
    let failed = 0;
    for (let x = mid - n; x <= mid; x++) failed += reached[x] as number;
    answer += poisson * failed;
    remaining -= poisson;
    if (remaining < 1e-15) break;
    const nextNot = new Float64Array(width);
    const nextReached = new Float64Array(width);
    for (let x = mid - n; x <= mid + n; x++) {
      const a = notYet[x] as number;
      const b = reached[x] as number;
      if (a !== 0) {
        if (x + 1 - mid >= goalsAhead) nextReached[x + 1] = (nextReached[x + 1] as number) + a * up;
        else nextNot[x + 1] = (nextNot[x + 1] as number) + a * up;
        nextNot[x - 1] = (nextNot[x - 1] as number) + a * (1 - up);
      }
      if (b !== 0) {
        nextReached[x + 1] = (nextReached[x + 1] as number) + b * up;
        nextReached[x - 1] = (nextReached[x - 1] as number) + b * (1 - up);
      }
    }
    notYet = nextNot;
    reached = nextReached;
    poisson = (poisson * total) / (n + 1);
  }
  return Math.min(1, Math.max(0, answer));
}

// ---------------------------------------------------------------------------------------------
// Best odds guaranteed
// ---------------------------------------------------------------------------------------------

/**
 * The complementary error function, to about 1e-15 relative: for x < 3 the everywhere-positive
 * series erf(x) = 2/√π · e^(−x²) · Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)) (no cancellation), for x ≥ 3
 * the continued fraction erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))),
 * evaluated with the modified Lentz method.
 */
function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  if (x < 3) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 200; n++) {
      term *= (2 * x * x) / (2 * n + 1);
      sum += term;
      if (term < sum * 1e-17) break;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum;
  }
  // Lentz: f = x + a1/(x + a2/(x + ...)), a_k = k/2
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let k = 1; k < 500; k++) {
    const a = k / 2;
    d = x + a * d;
    d = d === 0 ? tiny : d;
    c = x + a / c;
    c = c === 0 ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / (Math.sqrt(Math.PI) * f);
}

/**
 * The standard normal distribution function Φ(x) = erfc(−x/√2) / 2, accurate to about 1e-15.
 *
 * @param x - any finite number
 * @returns P(Z ≤ x) for a standard normal Z
 *
 * @example
 * ```ts
 * import { normalCdf } from './models'; // internal: not exported from @matchkit/sdk/matching
 * normalCdf(1.96); // 0.97500210485...
 * ```
 */
export function normalCdf(x: number): number {
  return erfc(-x / Math.SQRT2) / 2;
}

/**
 * The expected extra return per unit staked that best odds guaranteed adds to a winning bet taken
 * at `odds`: E[max(SP − odds, 0)] for a starting price SP that is log-normal with mean
 * `expectedStartingPrice` and log-volatility `volatility` (the Black formula for a call).
 * Multiply by the win probability and the stake for the expected uplift of a bet, assuming the
 * starting price is independent of the result once the win probability is fixed.
 *
 * @param odds - the decimal odds taken, greater than 1
 * @param expectedStartingPrice - the expected starting price (decimal), greater than 1
 * @param volatility - standard deviation of log(SP), above 0
 * @returns the expected extra return per unit staked if the bet wins
 *
 * @example
 * ```ts
 * import { bogUplift } from '@matchkit/sdk/matching';
 * bogUplift(5, 5, 0.2); // 0.398..: taking 5 with an expected SP of 5 is worth about 0.4 a unit
 * ```
 */
export function bogUplift(odds: number, expectedStartingPrice: number, volatility: number): number {
  const issues: ValidationIssue[] = [];
  const finite = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  if (!finite(odds) || odds <= 1) issues.push({ path: 'odds', message: 'must be decimal odds greater than 1' });
  if (!finite(expectedStartingPrice) || expectedStartingPrice <= 1)
    issues.push({ path: 'expectedStartingPrice', message: 'must be decimal odds greater than 1' });
  if (!finite(volatility) || volatility <= 0 || volatility > 5) issues.push({ path: 'volatility', message: 'must be in (0, 5]' });
  if (issues.length > 0) fail('bogUplift input', issues);
  const d1 = (Math.log(expectedStartingPrice / odds) + (volatility * volatility) / 2) / volatility;
  const d2 = d1 - volatility;
  return Math.max(0, expectedStartingPrice * normalCdf(d1) - odds * normalCdf(d2));
}
