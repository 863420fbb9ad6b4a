import { describe, expect, it } from 'vitest';
import {
  REFERENCE_PAYTABLES,
  VOLATILITY_BANDS,
  classifyVolatility,
  createPrng,
  defineSlot,
  designSlot,
  referenceSlot,
  spin,
  type PaytableInput,
  type RandomSource,
  type ReferenceSlotProfile,
} from '../casino';
import { validationError } from '../internal/testing/validation';

/** A random source that returns the given numbers in turn: a fixed input, not a generator. */
function draws(...values: number[]): RandomSource {
  let i = 0;
  return { nextUint32: () => values[i++] ?? 0 };
}

// The reference paytables as the guide's table states them: [multiplier in halves, weight out of
// 1,000,000]. Halves keep every figure an integer, so RTP and variance are worked exactly.
const TABLES: Record<ReferenceSlotProfile, [number, number][]> = {
  low: [
    [0, 525_500],
    [1, 150_000],
    [2, 100_000],
    [4, 167_500],
    [10, 40_000],
    [20, 12_000],
    [40, 4_000],
    [100, 1_000],
  ],
  medium: [
    [0, 683_200],
    [1, 100_000],
    [2, 70_000],
    [4, 97_500],
    [10, 30_000],
    [20, 12_000],
    [50, 4_000],
    [100, 2_000],
    [200, 1_000],
    [500, 300],
  ],
  high: [
    [0, 703_280],
    [1, 60_000],
    [2, 40_000],
    [4, 170_000],
    [10, 15_000],
    [20, 7_000],
    [50, 2_600],
    [100, 1_200],
    [200, 600],
    [500, 240],
    [2000, 60],
    [10000, 20],
  ],
};

describe('reference slots', () => {
  for (const profile of ['low', 'medium', 'high'] as const) {
    it(`${profile}: the paytable of the guide, RTP exactly 96% and the volatility worked in integers`, () => {
      const rows = TABLES[profile];
      const slot = referenceSlot(profile);
      expect(slot.outcomes.map((o) => [o.multiplier * 2, Math.round(o.probability * 1e6)])).toEqual(rows);
      const weights = rows.reduce((t, [, w]) => t + w, 0);
      const halves = rows.reduce((t, [h, w]) => t + h * w, 0); // Σ w·2m
      const quarters = rows.reduce((t, [h, w]) => t + h * h * w, 0); // Σ w·4m²
      expect(weights).toBe(1_000_000);
      expect(halves).toBe(1_920_000); // RTP = 1,920,000 / 2 / 1,000,000 = 0.96
      expect(slot.rtp).toBeCloseTo(0.96, 14);
      const variance = quarters / 4 / 1e6 - 0.96 * 0.96;
      expect(slot.variance).toBeCloseTo(variance, 10);
      expect(slot.volatility).toBeCloseTo(Math.sqrt(variance), 10);
      const hits = rows.filter(([h]) => h > 0).reduce((t, [, w]) => t + w, 0);
      expect(slot.hitRate).toBeCloseTo(hits / 1e6, 14);
      expect(slot.volatilityClass).toBe(profile);
      expect(slot.minMultiplier).toBe(0);
      expect(slot.maxMultiplier).toBe((rows.at(-1)?.[0] ?? 0) / 2);
    });
  }

  it('states the volatilities and hit rates of the docs', () => {
    expect(referenceSlot('low').volatility).toBeCloseTo(2.4871, 4);
    expect(referenceSlot('medium').volatility).toBeCloseTo(6.1452, 4);
    expect(referenceSlot('high').volatility).toBeCloseTo(24.218, 3);
    expect(referenceSlot('low').hitRate).toBeCloseTo(0.4745, 12);
    expect(referenceSlot('medium').hitRate).toBeCloseTo(0.3168, 12);
    expect(referenceSlot('high').hitRate).toBeCloseTo(0.29672, 12);
  });

  it('is frozen, like the paytables it comes from', () => {
    const slot = referenceSlot('medium');
    expect(Object.isFrozen(slot)).toBe(true);
    expect(Object.isFrozen(slot.outcomes[0])).toBe(true);
    expect(Object.isFrozen(REFERENCE_PAYTABLES.high.outcomes)).toBe(true);
  });

  it('rejects an unknown profile, naming it', () => {
    expect(validationError(() => referenceSlot('extreme' as ReferenceSlotProfile)).issues).toEqual([
      { path: 'profile', message: 'must be one of "low", "medium", "high"' },
    ]);
  });
});

describe('defineSlot', () => {
  it('works out RTP, variance, volatility and hit rate by hand', () => {
    const slot = defineSlot({
      name: 'three lines',
      outcomes: [
        { multiplier: 0, probability: 0.7 },
        { multiplier: 2, probability: 0.2, label: 'pair' },
        { multiplier: 5, probability: 0.1 },
      ],
    });
    // RTP 0.2·2 + 0.1·5 = 0.9; E[m²] = 0.2·4 + 0.1·25 = 3.3; variance 3.3 − 0.81 = 2.49.
    expect(slot.rtp).toBeCloseTo(0.9, 15);
    expect(slot.variance).toBeCloseTo(2.49, 14);
    expect(slot.volatility).toBeCloseTo(Math.sqrt(2.49), 14);
    expect(slot.hitRate).toBeCloseTo(0.3, 15);
    expect(slot.volatilityClass).toBe('low');
    expect([slot.minMultiplier, slot.maxMultiplier]).toEqual([0, 5]);
    expect(slot.name).toBe('three lines');
    expect(slot.outcomes[1]?.label).toBe('pair');
  });

  it('gives a certain outcome zero variance', () => {
    const slot = defineSlot({ outcomes: [{ multiplier: 1, probability: 1 }] });
    expect([slot.rtp, slot.variance, slot.volatility, slot.hitRate]).toEqual([1, 0, 0, 1]);
  });

  it('ignores zero-probability outcomes for the smallest and largest multiplier', () => {
    const slot = defineSlot({
      outcomes: [
        { multiplier: 0, probability: 0 },
        { multiplier: 0.5, probability: 0.5 },
        { multiplier: 1.5, probability: 0.5 },
        { multiplier: 1000, probability: 0 },
      ],
    });
    expect([slot.minMultiplier, slot.maxMultiplier, slot.rtp, slot.variance]).toEqual([0.5, 1.5, 1, 0.25]);
  });

  it('accepts probabilities within 1e-9 of summing to 1 and normalises them', () => {
    const slot = defineSlot({
      outcomes: [
        { multiplier: 0, probability: 0.5 + 4e-10 },
        { multiplier: 2, probability: 0.5 + 4e-10 },
      ],
    });
    expect(slot.outcomes[0]?.probability).toBeCloseTo(0.5, 15);
    expect((slot.outcomes[0]?.probability ?? 0) + (slot.outcomes[1]?.probability ?? 0)).toBeCloseTo(1, 15);
  });

  it('rejects probabilities that do not sum to 1, saying what they sum to', () => {
    const e = validationError(() =>
      defineSlot({
        outcomes: [
          { multiplier: 0, probability: 0.5 },
          { multiplier: 2, probability: 0.49 },
        ],
      }),
    );
    expect(e.issues).toHaveLength(1);
    expect(e.issues[0]?.path).toBe('outcomes');
    expect(e.issues[0]?.message).toContain('probabilities sum to 0.99');
    expect(e.issues[0]?.message).toContain('must sum to 1');
  });

  // Issue 20, defect 6: a paytable paying back more than is staked was accepted (RTP 150%).
  it('refuses a paytable whose RTP is above 100%, saying the percentage in plain words', () => {
    const e = validationError(() =>
      defineSlot({
        outcomes: [
          { multiplier: 0, probability: 0.5 },
          { multiplier: 3, probability: 0.5 },
        ],
      }),
    );
    expect(e.issues).toEqual([
      {
        path: 'outcomes',
        message: 'pay back 150% of what is staked on average; they must pay back at most 100%: no slot pays back more than is staked',
      },
    ]);
    expect(validationError(() => defineSlot({ outcomes: [{ multiplier: 1.001, probability: 1 }] })).issues[0]?.message).toMatch(
      /^pay back 100\.1% of what is staked/,
    );
    expect(defineSlot({ outcomes: [{ multiplier: 1, probability: 1 }] }).rtp).toBe(1);
  });

  it('takes back a designed slot at 100% RTP as its own paytable', () => {
    // Float rounding puts this design's Σ probability × multiplier a hair above 1
    // (1.0000000000000002): still 100%, so its RTP is 1 and its paytable is accepted.
    const slot = designSlot({ rtp: 1, volatility: 3, hitRate: 0.2 });
    expect(slot.outcomes.reduce((t, o) => t + o.probability * o.multiplier, 0)).toBeGreaterThan(1);
    expect(slot.rtp).toBe(1);
    expect(defineSlot(slot)).toEqual(slot);
  });

  it('names every bad field at once', () => {
    const e = validationError(() =>
      defineSlot({
        outcomes: [
          { multiplier: -1, probability: 0.5 },
          { multiplier: Number.NaN, probability: 1.2 },
          { multiplier: Infinity, probability: -0.1 },
          { multiplier: 1, probability: 0.1, colour: 'red' } as never,
        ],
      }),
    );
    expect(e.issues.map((i) => i.path)).toEqual([
      'outcomes.0.multiplier',
      'outcomes.1.multiplier',
      'outcomes.1.probability',
      'outcomes.2.multiplier',
      'outcomes.2.probability',
      'outcomes.3',
    ]);
    expect(e.issues[0]?.message).toBe('must be at least 0 (a return cannot be negative)');
    expect(e.issues[1]?.message).toContain('must be a finite number');
    expect(e.issues[5]?.message).toBe('unknown key(s): colour');
    expect(e.subject).toBe('slot paytable');
  });

  it('rejects an empty paytable, a missing one and a misspelt key', () => {
    expect(validationError(() => defineSlot({ outcomes: [] })).issues.map((i) => i.path)).toEqual(['outcomes']);
    expect(validationError(() => defineSlot({} as PaytableInput)).issues.map((i) => i.path)).toEqual(['outcomes']);
    expect(validationError(() => defineSlot(null as unknown as PaytableInput)).issues.map((i) => i.path)).toEqual(['']);
    const misspelt = { nmae: 'x', outcomes: [{ multiplier: 1, probability: 1 }] } as unknown as PaytableInput;
    expect(validationError(() => defineSlot(misspelt)).issues[0]?.message).toBe('unknown key(s): nmae');
  });

  it('takes a slot back as its own paytable', () => {
    const slot = referenceSlot('high');
    expect(defineSlot(slot)).toEqual(slot);
  });
});

describe('designSlot', () => {
  it('without a hit rate: one win of (σ² + R²)/R with chance R²/(σ² + R²)', () => {
    // R = 0.96, σ = 3: M = (9 + 0.9216) / 0.96 = 10.335, p = 0.9216 / 9.9216.
    const slot = designSlot({ rtp: 0.96, volatility: 3 });
    expect(slot.outcomes).toHaveLength(2);
    expect(slot.outcomes[1]?.multiplier).toBeCloseTo(10.335, 12);
    expect(slot.outcomes[1]?.probability).toBeCloseTo(0.9216 / 9.9216, 14);
    expect(slot.outcomes[0]).toEqual({ multiplier: 0, probability: expect.closeTo(1 - 0.9216 / 9.9216, 14), label: 'no win' });
    expect(slot.rtp).toBeCloseTo(0.96, 12);
    expect(slot.volatility).toBeCloseTo(3, 12);
  });

  it('with zero volatility returns the RTP on every spin', () => {
    expect(designSlot({ rtp: 0.96, volatility: 0 }).outcomes).toEqual([{ multiplier: 0.96, probability: 1, label: 'win' }]);
    const fair = designSlot({ rtp: 1, volatility: 0 });
    expect([fair.rtp, fair.volatility, fair.minMultiplier]).toEqual([1, 0, 1]);
  });

  it('with a hit rate: a small win of μ/2 and a big win of μ + 2v/μ (hand-worked for R 0.96, σ 5, h 0.3)', () => {
    // μ = 0.96 / 0.3 = 3.2; v = (25 + 0.9216) / 0.3 − 3.2² = 86.40533… − 10.24 = 76.16533…
    // small win 1.6; big win 3.2 + 2 × 76.16533… / 3.2 = 50.80333…; big given a win: 10.24 / (10.24 + 4v).
    const slot = designSlot({ rtp: 0.96, volatility: 5, hitRate: 0.3 });
    const v = 25.9216 / 0.3 - 10.24;
    expect(slot.outcomes.map((o) => o.label)).toEqual(['no win', 'small win', 'big win']);
    expect(slot.outcomes[0]?.probability).toBeCloseTo(0.7, 14);
    expect(slot.outcomes[1]?.multiplier).toBeCloseTo(1.6, 14);
    expect(slot.outcomes[2]?.multiplier).toBeCloseTo(50.803333333333, 10);
    expect(slot.outcomes[2]?.probability).toBeCloseTo((0.3 * 10.24) / (10.24 + 4 * v), 14);
    expect(slot.rtp).toBeCloseTo(0.96, 12);
    expect(slot.volatility).toBeCloseTo(5, 12);
    expect(slot.hitRate).toBeCloseTo(0.3, 14);
  });

  it('at the least feasible hit rate pays every win the same', () => {
    // h = R² / (σ² + R²) = 1 / (4 + 1) = 0.2 for R = 1, σ = 2: one win of 5.
    const slot = designSlot({ rtp: 1, volatility: 2, hitRate: 0.2 });
    expect(slot.outcomes.map((o) => [o.multiplier, o.probability])).toEqual([
      [0, 0.8],
      [expect.closeTo(5, 12), 0.2],
    ]);
  });

  it('rejects a hit rate too low for the volatility, saying the least one', () => {
    const e = validationError(() => designSlot({ rtp: 1, volatility: 2, hitRate: 0.1 }));
    expect(e.issues).toEqual([{ path: 'hitRate', message: expect.stringContaining('must be at least 0.2') }]);
  });

  it('an RTP of 0 allows only zero volatility', () => {
    expect(designSlot({ rtp: 0, volatility: 0 }).outcomes).toEqual([{ multiplier: 0, probability: 1, label: 'no win' }]);
    expect(validationError(() => designSlot({ rtp: 0, volatility: 1 })).issues.map((i) => i.path)).toEqual(['volatility']);
  });

  it('refuses an RTP above 1 (100%): no slot pays back more than is staked', () => {
    const e = validationError(() => designSlot({ rtp: 1.5, volatility: 6 }));
    expect(e.issues).toEqual([{ path: 'rtp', message: expect.stringContaining('must be at most 1 (100%)') }]);
    expect(designSlot({ rtp: 1, volatility: 6 }).rtp).toBeCloseTo(1, 12);
  });

  it('names every bad field', () => {
    const e = validationError(() => designSlot({ rtp: -0.5, volatility: Number.NaN, hitRate: 0 }));
    expect(e.issues.map((i) => i.path)).toEqual(['rtp', 'volatility', 'hitRate']);
    expect(validationError(() => designSlot({ rtp: 0.9, volatility: 1, hitRate: 1.5 })).issues.map((i) => i.path)).toEqual(['hitRate']);
  });
});

describe('classifyVolatility', () => {
  it('puts the band edges in the upper class', () => {
    expect(VOLATILITY_BANDS).toEqual({ medium: 4, high: 12 });
    expect(classifyVolatility(0)).toBe('low');
    expect(classifyVolatility(3.999)).toBe('low');
    expect(classifyVolatility(4)).toBe('medium');
    expect(classifyVolatility(11.999)).toBe('medium');
    expect(classifyVolatility(12)).toBe('high');
  });

  it('rejects a negative or non-finite volatility', () => {
    for (const bad of [-1, Number.NaN, Infinity]) {
      expect(validationError(() => classifyVolatility(bad)).issues.map((i) => i.path)).toEqual(['volatility']);
    }
  });
});

describe('spin', () => {
  const coin = defineSlot({
    outcomes: [
      { multiplier: 0, probability: 0.5 },
      { multiplier: 2, probability: 0.5 },
    ],
  });

  it('maps the lower half of the 32-bit draws to the first outcome and the upper half to the second', () => {
    const random = draws(0, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1);
    expect([1, 2, 3, 4].map(() => spin(coin, random).multiplier)).toEqual([0, 0, 2, 2]);
  });

  it('never lands on an outcome of probability 0', () => {
    const slot = defineSlot({
      outcomes: [
        { multiplier: 0.5, probability: 0.25 },
        { multiplier: 7, probability: 0 },
        { multiplier: 1, probability: 0.75 },
        { multiplier: 9, probability: 0 },
      ],
    });
    const random = draws(2 ** 30 - 1, 2 ** 30, 2 ** 32 - 1);
    expect([1, 2, 3].map(() => spin(slot, random).multiplier)).toEqual([0.5, 1, 1]);
  });

  it('lands on each outcome of the medium slot about as often as its probability says', () => {
    const slot = referenceSlot('medium');
    const n = 200_000;
    const random = createPrng(5);
    const counts = new Map<number, number>();
    let total = 0;
    for (let i = 0; i < n; i++) {
      const o = spin(slot, random);
      counts.set(o.multiplier, (counts.get(o.multiplier) ?? 0) + 1);
      total += o.multiplier;
    }
    for (const o of slot.outcomes) {
      const se = Math.sqrt((o.probability * (1 - o.probability)) / n);
      expect(Math.abs((counts.get(o.multiplier) ?? 0) / n - o.probability)).toBeLessThan(4 * se);
    }
    expect(Math.abs(total / n - slot.rtp)).toBeLessThan(4 * (slot.volatility / Math.sqrt(n)));
  });
});
