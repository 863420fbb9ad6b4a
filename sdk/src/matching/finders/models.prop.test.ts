import { seededRandom } from '../../../bench/oddsmatcher-data';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidationError } from '@matchkit/sdk/errors';
import { bogUplift, earlyPayoutProbability, fitPoissonGoals, harvillePlaceProbabilities } from '@matchkit/sdk/matching';
import { normalCdf } from './models';

/** Brute force: every finishing order's Harville probability, summed where the runner is in the top `places`. */
function bruteHarville(p: readonly number[], places: number): number[] {
  const n = p.length;
  const out = new Array<number>(n).fill(0);
  const walk = (order: number[], prob: number, left: number) => {
    if (order.length === places) {
      for (const i of order) out[i] = (out[i] as number) + prob;
      return;
    }
    for (let i = 0; i < n; i++) {
      if (order.includes(i)) continue;
      walk([...order, i], left > 0 ? (prob * (p[i] as number)) / left : 0, left - (p[i] as number));
    }
  };
  walk([], 1, 1);
  return out;
}

const distribution = (min: number, max: number) =>
  fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: min, maxLength: max }).map((w) => {
    const total = w.reduce((a, b) => a + b, 0);
    return w.map((x) => x / total);
  });

describe('Harville place probabilities', () => {
  it('equal a brute-force sum over every finishing order (to 1e-12)', () => {
    fc.assert(
      fc.property(distribution(2, 6), fc.nat(), (p, k) => {
        const places = 1 + (k % p.length);
        const got = harvillePlaceProbabilities(p, places);
        bruteHarville(p, places).forEach((x, i) => expect(Math.abs((got[i] as number) - x)).toBeLessThan(1e-12));
      }),
      { numRuns: 300 },
    );
  });

  it('add up to the number of places, and top-1 is the win probability', () => {
    fc.assert(
      fc.property(distribution(3, 12), fc.nat(), (p, k) => {
        const places = 1 + (k % Math.min(4, p.length));
        const got = harvillePlaceProbabilities(p, places);
        expect(Math.abs(got.reduce((a, b) => a + b, 0) - places)).toBeLessThan(1e-9);
        harvillePlaceProbabilities(p, 1).forEach((x, i) => expect(x).toBeCloseTo(p[i] as number, 12));
      }),
      { numRuns: 200 },
    );
  });

  it('a hand-worked field: [0.5, 0.3, 0.2], two places', () => {
    // Runner 1: 0.5 + 0.3·0.5/0.7 + 0.2·0.5/0.8; runner 2: 0.3 + 0.5·0.3/0.5 + 0.2·0.3/0.8
    const [a, b, c] = harvillePlaceProbabilities([0.5, 0.3, 0.2], 2);
    expect(a).toBeCloseTo(0.5 + 0.15 / 0.7 + 0.1 / 0.8, 14);
    expect(b).toBeCloseTo(0.3 + 0.3 + 0.06 / 0.8, 14);
    expect(c).toBeCloseTo(0.2 + 0.1 / 0.5 + 0.06 / 0.7, 14);
    expect(harvillePlaceProbabilities([0.25, 0.25, 0.25, 0.25], 3)).toEqual([0.75, 0.75, 0.75, 0.75].map((x) => expect.closeTo(x, 14)));
  });

  it('rejects bad inputs with every problem, and fields too big to enumerate', () => {
    const bad = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return isValidationError(e) ? e.issues.map((i) => i.path) : ['not a validation error'];
      }
      return [];
    };
    expect(bad(() => harvillePlaceProbabilities([0.5, 0.6], 3))).toEqual(['winProbabilities', 'places']);
    expect(bad(() => harvillePlaceProbabilities([Number.NaN, 1], 1))).toEqual(['winProbabilities.0']);
    expect(bad(() => harvillePlaceProbabilities(new Array<number>(40).fill(1 / 40), 8))).toEqual(['places']);
  });
});

describe('Poisson goals', () => {
  it('the fitted rates reproduce the home, draw and away probabilities (to 1e-9)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.85, noNaN: true }), fc.double({ min: 0.15, max: 0.33, noNaN: true }), (home, draw) => {
        fc.pre(home + draw < 0.97);
        const away = 1 - home - draw;
        const r = fitPoissonGoals([home, draw, away]);
        // independent check: sum the score grid
        const pmf = (m: number, k: number) => Math.exp(-m + k * Math.log(m) - lgamma(k + 1));
        let w = 0;
        let d = 0;
        for (let i = 0; i <= 40; i++) {
          for (let j = 0; j <= 40; j++) {
            const q = pmf(r.home, i) * pmf(r.away, j);
            if (i > j) w += q;
            else if (i === j) d += q;
          }
        }
        expect(Math.abs(w - home)).toBeLessThan(1e-9);
        expect(Math.abs(d - draw)).toBeLessThan(1e-9);
      }),
      { numRuns: 60 },
    );
  });

  it('the early-payout probability agrees with a seeded simulation of the match (within 4 standard errors)', () => {
    for (const [probs, side, ahead] of [
      [[0.45, 0.27, 0.28], 'home', 2],
      [[0.2, 0.25, 0.55], 'away', 2],
      [[0.7, 0.18, 0.12], 'home', 1],
    ] as const) {
      const rates = fitPoissonGoals(probs);
      const p = earlyPayoutProbability(rates, side, ahead);
      const random = seededRandom(42);
      const trials = 200_000;
      let hits = 0;
      const mu = rates.home + rates.away;
      const up = (side === 'home' ? rates.home : rates.away) / mu;
      for (let t = 0; t < trials; t++) {
        // goals: Poisson(mu) by inversion
        let goals = 0;
        let term = Math.exp(-mu);
        let cdf = term;
        const u = random();
        while (u > cdf && goals < 100) {
          goals++;
          term = (term * mu) / goals;
          cdf += term;
        }
        let lead = 0;
        let reached = false;
        for (let g = 0; g < goals; g++) {
          lead += random() < up ? 1 : -1;
          if (lead >= ahead) reached = true;
        }
        if (reached && lead <= 0) hits++;
      }
      const estimate = hits / trials;
      const se = Math.sqrt((p * (1 - p)) / trials);
      expect(Math.abs(estimate - p)).toBeLessThan(4 * se);
    }
  });

  it('is symmetric: swapping the sides swaps the early-payout probabilities', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 3, noNaN: true }), fc.double({ min: 0.1, max: 3, noNaN: true }), (h, a) => {
        const x = earlyPayoutProbability({ home: h, away: a }, 'home', 2);
        const y = earlyPayoutProbability({ home: a, away: h }, 'away', 2);
        expect(Math.abs(x - y)).toBeLessThan(1e-12);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1);
      }),
      { numRuns: 100 },
    );
  });
});

function lgamma(n: number): number {
  let s = 0;
  for (let k = 2; k < n; k++) s += Math.log(k);
  return s;
}

describe('normal distribution and the BOG uplift', () => {
  it('Φ matches published values (to 1e-15) and is symmetric', () => {
    // Values from standard tables (computed to 16 digits).
    expect(normalCdf(0)).toBe(0.5);
    expect(Math.abs(normalCdf(1) - 0.8413447460685429)).toBeLessThan(1e-15);
    expect(Math.abs(normalCdf(1.96) - 0.9750021048517795)).toBeLessThan(1e-15);
    expect(Math.abs(normalCdf(-3) - 0.0013498980316301)).toBeLessThan(1e-15);
    expect(Math.abs(normalCdf(-8) / 6.22096057427178e-16 - 1)).toBeLessThan(1e-12);
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), (x) => {
        expect(Math.abs(normalCdf(x) + normalCdf(-x) - 1)).toBeLessThan(1e-15);
      }),
      { numRuns: 500 },
    );
  });

  it('the uplift equals E[max(SP − b, 0)] integrated numerically over the log-normal (to 1e-7)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1.5, max: 30, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.double({ min: 0.05, max: 0.6, noNaN: true }),
        (b, ratio, sigma) => {
          const mean = Math.max(1.01, b * ratio);
          const mu = Math.log(mean) - (sigma * sigma) / 2;
          // Simpson's rule of (e^(mu + sigma z) − b) φ(z) over z from the kink (SP = b) to 12
          const z0 = Math.max(-12, (Math.log(b) - mu) / sigma);
          const steps = 4000;
          const h = Math.max(0, 12 - z0) / steps;
          let sum = 0;
          for (let k = 0; k <= steps; k++) {
            const z = z0 + k * h;
            const f = ((Math.exp(mu + sigma * z) - b) * Math.exp((-z * z) / 2)) / Math.sqrt(2 * Math.PI);
            sum += f * (k === 0 || k === steps ? 1 : k % 2 === 1 ? 4 : 2);
          }
          const integral = (sum * h) / 3;
          expect(Math.abs(bogUplift(b, mean, sigma) - integral)).toBeLessThan(1e-7 * Math.max(1, mean));
        },
      ),
      { numRuns: 100 },
    );
  });
});
