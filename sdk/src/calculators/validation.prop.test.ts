// Laws over every calculator at once: valid input never gives NaN or Infinity; breaking any one
// field always throws the typed error naming that field; a key the input does not know is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors/errors';
import * as C from './index';

// ---------------------------------------------------------------------------------------------
// A small description of each input: enough to generate valid values, to break one field at a
// time, and to walk every field's path. The ranges are the documented ones, written out here.
// ---------------------------------------------------------------------------------------------

type NumberRule =
  | 'odds'
  | 'money'
  | 'commission'
  | 'unit'
  | 'placeFraction'
  | 'deduction'
  | 'factor'
  | 'rtp'
  | 'multiple'
  | 'probability'
  | 'american'
  | 'finite'
  | 'decimals';
type Spec =
  | NumberRule
  | 'fractional'
  | { readonly enum: readonly string[] }
  | { readonly obj: Readonly<Record<string, Spec>>; readonly optional?: readonly string[] }
  | { readonly arr: Spec; readonly min: number; readonly max: number };

const wideOdds = fc.oneof(fc.double({ min: 1.01, max: 50, noNaN: true }), fc.double({ min: 1, max: 1e6, minExcluded: true, noNaN: true }));
const wideMoney = fc.oneof(
  fc.double({ min: 0, max: 1000, noNaN: true }),
  fc.double({ min: 0, max: 1e9, noNaN: true }),
  fc.constantFrom(0, 1e9),
);

const VALID: Record<NumberRule, fc.Arbitrary<number>> = {
  odds: wideOdds,
  money: wideMoney,
  commission: fc.oneof(fc.double({ min: 0, max: 0.1, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
  unit: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1)),
  placeFraction: fc.oneof(fc.constantFrom(0.2, 0.25, 1), fc.double({ min: 0, max: 1, minExcluded: true, noNaN: true })),
  deduction: fc.oneof(
    fc.integer({ min: 0, max: 18 }).map((i) => i * 5),
    fc.double({ min: 0, max: 90, noNaN: true }),
  ),
  factor: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  rtp: fc.double({ min: 0, max: 1, minExcluded: true, noNaN: true }),
  multiple: fc.double({ min: 0, max: 1e4, noNaN: true }),
  probability: fc.double({ min: 1e-6, max: 1, maxExcluded: true, noNaN: true }),
  // Decimal odds in (1, 1e6]: up to +99,999,900, and down to about -9.007e17 (100 × 2^53).
  american: fc.oneof(fc.double({ min: 100, max: 99_999_900, noNaN: true }), fc.double({ min: -9e17, max: -100, noNaN: true })),
  finite: fc.double({ noNaN: true, noDefaultInfinity: true }),
  decimals: fc.integer({ min: 0, max: 12 }),
};

// Values no number rule accepts, and values each rule rejects although they are numbers.
const NOT_NUMBERS: readonly unknown[] = [Number.NaN, Infinity, -Infinity, '1.5', null, true, {}, []];
const OUT_OF_RANGE: Record<NumberRule, readonly number[]> = {
  odds: [1, 0.99, 0, -2, 1e6 + 1, 1e7],
  money: [-0.01, -1e9, 1e9 + 1],
  commission: [1, 2, 5, -0.01, 150],
  unit: [-0.1, 1.1, 80],
  placeFraction: [0, -0.2, 1.5],
  deduction: [-1, 91, 100],
  factor: [1, 25, -0.1],
  rtp: [0, 1.5, 96],
  multiple: [-1, 1e4 + 1],
  probability: [0, 1, 1e-7, 2],
  american: [0, 50, -99.9, 99.99, 99_999_900.1, 1e12, 1e300, -1e18, -1e20, -1e300],
  finite: [],
  decimals: [2.5, 13, -1],
};

const betType3 = { enum: ['qualifying', 'snr', 'sr'] } as const;
const betType4 = { enum: ['qualifying', 'snr', 'sr', 'refund'] } as const;
const refundSpec = { obj: { amount: 'money', retention: 'unit' } } as const;
const legSpec = { arr: { obj: { backOdds: 'odds', layOdds: 'odds' } }, min: 1, max: 20 } as const;
const layBet = {
  betType: betType4,
  backStake: 'money',
  backOdds: 'odds',
  layOdds: 'odds',
  layCommission: 'commission',
  backCommission: 'commission',
} as const;
const eachWayBet = { betType: betType3, backStake: 'money', backOdds: 'odds', placeFraction: 'placeFraction' } as const;
const eachWaySpec = { ...eachWayBet, winLayOdds: 'odds', placeLayOdds: 'odds', layCommission: 'commission' } as const;
const twoUp = { backStake: 'money', backOdds: 'odds', layOdds: 'odds', layCommission: 'commission' } as const;

/** Generates a valid value of a spec (cross-field rules are each calculator's `fix`). */
function valid(spec: Spec): fc.Arbitrary<unknown> {
  if (typeof spec === 'string') {
    if (spec === 'fractional')
      return fc.oneof(
        fc.tuple(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 })).map(([n, d]) => `${n}/${d}`),
        fc.constantFrom('evens', 'EVS', ' 9 / 4 ', '2.5/1'),
      );
    return VALID[spec];
  }
  if ('enum' in spec) return fc.constantFrom(...spec.enum);
  if ('arr' in spec) return fc.array(valid(spec.arr), { minLength: spec.min, maxLength: Math.min(spec.max, 12) });
  const keys = Object.keys(spec.obj);
  return fc.record(Object.fromEntries(keys.map((k) => [k, valid(spec.obj[k] as Spec)])), {
    requiredKeys: keys.filter((k) => !(spec.optional ?? []).includes(k)),
  });
}

/** Values that break a spec on their own (never undefined: absence is handled separately). */
function invalidValues(spec: Spec): readonly unknown[] {
  if (typeof spec === 'string') {
    if (spec === 'fractional') return ['0/1', '1/0', 'abc', '4', '', 5, null];
    return [...NOT_NUMBERS, ...OUT_OF_RANGE[spec]];
  }
  if ('enum' in spec) return ['nope', 3, null, ''];
  if ('arr' in spec)
    return [
      'x',
      5,
      null,
      {},
      ...(spec.min > 0 ? [[]] : []),
      Array(spec.max + 1).fill(spec.arr === 'odds' ? 2 : { backOdds: 2, layOdds: 2 }),
    ];
  return [5, 'x', null, []];
}

interface Leaf {
  readonly path: readonly (string | number)[];
  readonly spec: Spec;
  readonly optional: boolean;
}

/** Every path in `value` that `spec` describes, with its spec (objects and arrays included). */
function leaves(spec: Spec, value: unknown, path: (string | number)[] = [], optional = false): Leaf[] {
  const here: Leaf[] = path.length > 0 ? [{ path, spec, optional }] : [];
  if (typeof spec === 'object' && 'obj' in spec && typeof value === 'object' && value !== null)
    return [
      ...here,
      ...Object.keys(spec.obj).flatMap((k) =>
        (value as Record<string, unknown>)[k] === undefined
          ? []
          : leaves(spec.obj[k] as Spec, (value as Record<string, unknown>)[k], [...path, k], (spec.optional ?? []).includes(k)),
      ),
    ];
  if (typeof spec === 'object' && 'arr' in spec && Array.isArray(value))
    return [...here, ...value.flatMap((v, i) => leaves(spec.arr, v, [...path, i]))];
  return here;
}

/** A copy of `value` with the field at `path` set (or removed, for undefined). */
function setAt(value: unknown, path: readonly (string | number)[], v: unknown): unknown {
  if (path.length === 0) return v;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((x, i) => (i === head ? setAt(x, rest, v) : x));
  const next = setAt((value as Record<string, unknown> | undefined)?.[head], rest, v);
  const others = Object.entries(typeof value === 'object' && value !== null ? value : {}).filter(([k]) => k !== String(head));
  return Object.fromEntries(next === undefined ? others : [...others, [head, next]]);
}

// ---------------------------------------------------------------------------------------------
// The calculators
// ---------------------------------------------------------------------------------------------

interface Calculator {
  readonly name: string;
  /** The input, an object whose keys are the argument names for functions of plain arguments. */
  readonly spec: { readonly obj: Readonly<Record<string, Spec>>; readonly optional?: readonly string[] };
  /** Calls the function with the input. */
  readonly call: (input: unknown) => unknown;
  /** Makes a generated input meet the cross-field rules. */
  readonly fix?: (input: Record<string, unknown>) => Record<string, unknown>;
  /** Paths that are one of a pair ("give a or b"): breaking them by removal names the input, not the field. */
  readonly pair?: readonly string[];
}

const arg = (x: unknown, key: string): unknown => (x as Record<string, unknown>)[key];
/** Keeps the refund (within backStake) when it applies: always, or only for `betType: 'refund'`. */
const refundFix = (always: boolean) => (v: Record<string, unknown>) => {
  const { refund, ...rest } = v;
  if (!always && rest['betType'] !== 'refund') return rest;
  const r = refund as { amount: number; retention: number };
  return { ...rest, refund: { ...r, amount: Math.min(r.amount, rest['backStake'] as number) } };
};

const CALCULATORS: readonly Calculator[] = [
  {
    name: 'backLay',
    spec: {
      obj: { ...layBet, strategy: { enum: ['normal', 'underlay', 'overlay'] }, refund: refundSpec },
      optional: ['betType', 'backCommission', 'strategy'],
    },
    call: (x) => C.backLay(x as never),
    fix: refundFix(false),
  },
  {
    name: 'partLay',
    spec: {
      obj: { ...layBet, refund: refundSpec, layFraction: 'unit', maxLiability: 'money' },
      optional: ['betType', 'backCommission', 'layFraction', 'maxLiability'],
    },
    call: (x) => C.partLay(x as never),
    fix: refundFix(false),
  },
  {
    name: 'matchRating',
    spec: { obj: { betType: betType3, backOdds: 'odds', layOdds: 'odds', layCommission: 'commission' }, optional: ['betType'] },
    call: (x) => C.matchRating(x as never),
  },
  {
    name: 'fixabet',
    spec: {
      obj: { maxStake: 'money', maxLoss: 'money', backOdds: 'odds', layOdds: 'odds', layCommission: 'commission', stakeStep: 'money' },
      optional: ['stakeStep'],
    },
    call: (x) => C.fixabet(x as never),
  },
  {
    name: 'eachWay',
    spec: { obj: eachWaySpec, optional: ['betType'] },
    call: (x) => C.eachWay(x as never),
  },
  {
    name: 'eachWayReturns',
    spec: { obj: { backStake: 'money', backOdds: 'odds', placeFraction: 'placeFraction' } },
    call: (x) => C.eachWayReturns(x as never),
  },
  {
    name: 'extraPlace',
    spec: { obj: { ...eachWaySpec, extraPlaceProbability: 'unit' }, optional: ['betType'] },
    call: (x) => C.extraPlace(x as never),
  },
  {
    name: 'layThePlace',
    spec: { obj: eachWaySpec, optional: ['betType'] },
    call: (x) => C.layThePlace(x as never),
  },
  {
    name: 'lockBet',
    spec: { obj: { ...eachWayBet, lockOdds: 'odds', layCommission: 'commission' }, optional: ['betType'] },
    call: (x) => C.lockBet(x as never),
  },
  {
    name: 'noLay',
    spec: { obj: { ...eachWayBet, winProbability: 'unit', placeProbability: 'unit' }, optional: ['betType'] },
    call: (x) => C.noLay(x as never),
    fix: (v) => {
      const [a, b] = [v['winProbability'] as number, v['placeProbability'] as number].sort((x, y) => x - y);
      return { ...v, winProbability: a, placeProbability: b };
    },
  },
  {
    name: 'rule4Deduction',
    spec: { obj: { withdrawnOdds: { arr: 'odds', min: 0, max: 100 } } },
    call: (x) => C.rule4Deduction(arg(x, 'withdrawnOdds') as never),
  },
  {
    name: 'applyRule4',
    spec: { obj: { backStake: 'money', backOdds: 'odds', deduction: 'deduction' } },
    call: (x) => C.applyRule4(x as never),
  },
  {
    name: 'applyReductionFactor',
    spec: { obj: { odds: 'odds', reductionFactor: 'factor' } },
    call: (x) => C.applyReductionFactor(x as never),
  },
  {
    name: 'nonRunnerImbalance',
    spec: {
      obj: {
        backStake: 'money',
        backOdds: 'odds',
        layOdds: 'odds',
        layCommission: 'commission',
        deduction: 'deduction',
        reductionFactor: 'factor',
      },
    },
    call: (x) => C.nonRunnerImbalance(x as never),
  },
  {
    name: 'expectedValue',
    spec: {
      obj: { backStake: 'money', backOdds: 'odds', probability: 'unit', fairOdds: 'odds', betType: betType3, backCommission: 'commission' },
      optional: ['betType', 'backCommission'],
    },
    call: (x) => C.expectedValue(x as never),
    fix: (v) => {
      const { probability, fairOdds, ...rest } = v;
      return (probability as number) < 0.5 ? { ...rest, probability } : { ...rest, fairOdds };
    },
    pair: ['probability', 'fairOdds'],
  },
  {
    name: 'kellyFraction',
    spec: { obj: { backOdds: 'odds', probability: 'unit', backCommission: 'commission' }, optional: ['backCommission'] },
    call: (x) => C.kellyFraction(x as never),
  },
  {
    name: 'dutch',
    spec: {
      obj: {
        anchor: { obj: { backStake: 'money', backOdds: 'odds' } },
        totalStake: 'money',
        backOdds: { arr: 'odds', min: 1, max: 1000 },
        betType: { enum: ['qualifying', 'snr'] },
      },
      optional: ['betType'],
    },
    call: (x) => C.dutch(x as never),
    fix: (v) => {
      const { anchor, totalStake, ...rest } = v;
      const odds = rest['backOdds'] as number[];
      return odds.length >= 2 && (totalStake as number) > 500 ? { ...rest, totalStake } : { ...rest, anchor };
    },
    pair: ['anchor', 'totalStake'],
  },
  {
    name: 'accaSequentialLay',
    spec: { obj: { betType: betType3, backStake: 'money', legs: legSpec, layCommission: 'commission' }, optional: ['betType'] },
    call: (x) => C.accaSequentialLay(x as never),
  },
  {
    name: 'accaInsuranceLockIn',
    spec: { obj: { backStake: 'money', legs: legSpec, layCommission: 'commission', refund: refundSpec } },
    call: (x) => C.accaInsuranceLockIn(x as never),
    fix: refundFix(true),
  },
  {
    name: 'twoUpLockIn',
    spec: { obj: { ...twoUp, inPlayBackOdds: 'odds' } },
    call: (x) => C.twoUpLockIn(x as never),
  },
  {
    name: 'twoUpExpectedValue',
    spec: { obj: { ...twoUp, earlyPayoutProbability: 'unit' } },
    call: (x) => C.twoUpExpectedValue(x as never),
  },
  {
    name: 'oddsFromFractional',
    spec: { obj: { fractional: 'fractional' } },
    call: (x) => C.oddsFromFractional(arg(x, 'fractional') as never),
  },
  {
    name: 'oddsFromAmerican',
    spec: { obj: { american: 'american' } },
    call: (x) => C.oddsFromAmerican(arg(x, 'american') as never),
  },
  {
    name: 'oddsFromProbability',
    spec: { obj: { probability: 'probability' } },
    call: (x) => C.oddsFromProbability(arg(x, 'probability') as never),
  },
  ...(['toFractional', 'toAmerican', 'impliedProbability'] as const).map((name): Calculator => ({
    name,
    spec: { obj: { odds: 'odds' } },
    call: (x) => C[name](arg(x, 'odds') as never),
  })),
  {
    name: 'removeMargin',
    spec: {
      obj: { odds: { arr: 'odds', min: 2, max: 1000 }, method: { enum: ['multiplicative', 'additive', 'power', 'shin', 'odds-ratio'] } },
      optional: ['method'],
    },
    call: (x) => C.removeMargin(arg(x, 'odds') as never, arg(x, 'method') as never),
  },
  {
    name: 'betAndGet',
    spec: { obj: { ...twoUp, freeBetAmount: 'money', freeBetRetention: 'unit' } },
    call: (x) => C.betAndGet(x as never),
  },
  {
    name: 'casinoWagering',
    spec: {
      obj: {
        deposit: 'money',
        bonus: 'money',
        wageringMultiple: 'multiple',
        wageringBase: { enum: ['bonus', 'deposit+bonus'] },
        rtp: 'rtp',
      },
    },
    call: (x) => C.casinoWagering(x as never),
  },
  {
    name: 'roundForDisplay',
    spec: { obj: { value: 'finite', decimals: 'decimals' }, optional: ['decimals'] },
    call: (x) => C.roundForDisplay(arg(x, 'value') as never, arg(x, 'decimals') as never),
  },
];

const plainArgs = new Set([
  'rule4Deduction',
  'oddsFromFractional',
  'oddsFromAmerican',
  'oddsFromProbability',
  'toFractional',
  'toAmerican',
  'impliedProbability',
  'removeMargin',
  'roundForDisplay',
]);
const validInput = (c: Calculator) => valid(c.spec).map((v) => (c.fix ? c.fix(v as Record<string, unknown>) : v));

/** Every number in a result, however nested. */
const numbers = (x: unknown): number[] =>
  typeof x === 'number' ? [x] : typeof x === 'object' && x !== null ? Object.values(x).flatMap(numbers) : [];

describe('input laws of every calculator', () => {
  it('covers every function the module exports', () => {
    const exported = Object.entries(C)
      .filter(([, f]) => typeof f === 'function')
      .map(([n]) => n);
    expect(new Set(CALCULATORS.map((c) => c.name))).toEqual(new Set(exported));
  });

  for (const c of CALCULATORS) {
    it(`no output is ever NaN or infinite for valid input: ${c.name}`, () => {
      fc.assert(
        fc.property(validInput(c), (input) => {
          for (const n of numbers(c.call(input))) expect(Number.isFinite(n)).toBe(true);
        }),
        { numRuns: 300 },
      );
    });

    it(`invalid input always throws the typed error naming the field: ${c.name}`, () => {
      const broken = validInput(c).chain((input) => {
        return fc.constantFrom(...leaves(c.spec, input)).chain((leaf) => {
          const removable =
            !leaf.optional &&
            !(leaf.path.length === 1 && (c.pair ?? []).includes(leaf.path[0] as string)) &&
            typeof leaf.path[leaf.path.length - 1] === 'string';
          const bad = [...invalidValues(leaf.spec), ...(removable ? [undefined] : [])];
          return fc.constantFrom(...bad).map((value) => ({ input: setAt(input, leaf.path, value), path: leaf.path.join('.'), value }));
        });
      });
      fc.assert(
        fc.property(broken, ({ input, path }) => {
          let caught: unknown;
          try {
            c.call(input);
          } catch (e) {
            caught = e;
          }
          expect(isValidationError(caught), `${path} accepted`).toBe(true);
          const paths = (caught as { issues: readonly { path: string }[] }).issues.map((i) => i.path);
          expect(paths, path).toContain(path);
        }),
        { numRuns: 300 },
      );
    });

    if (!plainArgs.has(c.name)) {
      it(`a key outside the input description is refused, at its path: ${c.name}`, () => {
        // Misspellings of real fields, old (pre-1.0) names and plain strangers; none is a field here.
        const extra = fc
          .constantFrom('backComission', 'comission', 'stake', 'odds', 'commission', 'stakePerPart', 'layOdd', 'extra')
          .filter((k) => !(k in c.spec.obj));
        fc.assert(
          fc.property(validInput(c), extra, fc.constantFrom<unknown>(0, 0.02, 'x', undefined), (input, key, value) => {
            const withExtra = { ...(input as Record<string, unknown>), [key]: value };
            let caught: unknown;
            try {
              c.call(withExtra);
            } catch (e) {
              caught = e;
            }
            expect(isValidationError(caught), `${key} accepted`).toBe(true);
            expect((caught as { issues: readonly { path: string }[] }).issues.map((i) => i.path)).toContain(key);
          }),
          { numRuns: 100 },
        );
      });
    }

    if ('betType' in c.spec.obj) {
      it(`leaving betType out is the same as betType 'qualifying': ${c.name}`, () => {
        expect(c.spec.optional ?? []).toContain('betType');
        fc.assert(
          fc.property(validInput(c), (input) => {
            const qualifying = { ...(input as Record<string, unknown>), betType: 'qualifying' };
            const { betType: _omitted, ...without } = qualifying;
            // The refund terms are read only for refund bets, so either input may carry them.
            expect(c.call(without)).toEqual(c.call(qualifying));
          }),
          { numRuns: 200 },
        );
      });
    }
  }
});
