import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentKey } from './content-key';

// Plain data as hooks receive it: JSON values plus the numbers JSON cannot write (NaN and the
// infinities) and strings spelling them, with object keys that include `$`-prefixed ones and
// `__proto__`. -0 is generated as 0 (the key counts them as one value, as JSON does).
const { data } = fc.letrec((tie) => ({
  data: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, NaN, Infinity, -Infinity),
    fc.integer(),
    fc.double().map((x) => (Object.is(x, -0) ? 0 : x)),
    fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('NaN', 'Infinity', '-Infinity')),
    fc.array(tie('data'), { maxLength: 4 }),
    fc
      .array(fc.tuple(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('$', '$$', '$number', '__proto__', 'a')), tie('data')), {
        maxLength: 4,
      })
      .map((entries) => {
        const object: Record<string, unknown> = {};
        for (const [k, v] of entries) Object.defineProperty(object, k, { value: v, enumerable: true, writable: true, configurable: true });
        return object;
      }),
  ),
}));

const keyName = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('$', '$$', '$number', '__proto__', 'a'));

/**
 * Leaves that a careless encoding would confuse: NaN and the infinities versus null and their
 * spellings, versus objects shaped like an encoding's tags.
 */
const trickyLeaf = fc.constantFrom<unknown>(
  NaN,
  Infinity,
  -Infinity,
  null,
  0,
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  '0',
  [],
  {},
  [null],
  { $: 'NaN' },
  { $: 'Infinity' },
  { $$: 'NaN' },
  { $number: 'NaN' },
  { $: null },
  10n,
  '10n',
  { $: '10n' },
);

/** The same surroundings around two leaves: arrays and objects with the same siblings and keys. */
const context = fc.array(fc.tuple(fc.boolean(), keyName, data), { maxLength: 3 }).map(
  (steps) =>
    (leaf: unknown): unknown =>
      steps.reduce<unknown>((inner, [inArray, key, sibling]) => {
        if (inArray) return [sibling, inner];
        const object: Record<string, unknown> = {};
        Object.defineProperty(object, '~sibling', { value: sibling, enumerable: true, writable: true, configurable: true });
        Object.defineProperty(object, key, { value: inner, enumerable: true, writable: true, configurable: true });
        return object;
      }, leaf),
);

/** A deep copy with every object's keys in reverse order: new identities, other order, same data. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const k of Object.keys(value).reverse()) {
      Object.defineProperty(copy, k, {
        value: reordered((value as Record<string, unknown>)[k]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return value;
}

describe('contentKey laws', () => {
  it('the key depends on the data only, not on identity or property order', () => {
    fc.assert(
      fc.property(data, (value) => {
        expect(contentKey(reordered(value))).toBe(contentKey(value));
      }),
      { numRuns: 500 },
    );
  });

  it('two values have the same key exactly when they hold the same data', () => {
    fc.assert(
      fc.property(data, data, fc.boolean(), (a, other, same) => {
        const b = same ? reordered(a) : other;
        expect(contentKey(a) === contentKey(b)).toBe(isDeepStrictEqual(a, b));
      }),
      { numRuns: 1000 },
    );
  });

  it('in the same surroundings, two leaves give the same key exactly when they are the same data', () => {
    fc.assert(
      fc.property(context, trickyLeaf, trickyLeaf, (around, x, y) => {
        expect(contentKey(around(x)) === contentKey(around(y))).toBe(isDeepStrictEqual(x, y));
      }),
      { numRuns: 1000 },
    );
  });
});
