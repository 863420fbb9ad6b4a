import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { take } from './contract';
import { createMemoryPubSub } from './memory';
import { copyPayload, decodePayload, encodePayload, findNonJson, redact, urlPassword } from './payload';
import type { PubSubPayload } from './types';

describe('payloads', () => {
  it('every JSON value is accepted, and arrives equal to its JSON round trip', async () => {
    const pubSub = createMemoryPubSub({ maxBuffered: 10_000 });
    const s = pubSub.subscribe('law');
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        expect(findNonJson(value)).toBeUndefined();
        await pubSub.publish('law', value as PubSubPayload);
        const [got] = await take(s, 1);
        expect(got).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
    await pubSub.close();
  });

  it('a value with one non-JSON leaf anywhere is refused, naming that leaf', () => {
    const leaf = fc.constantFrom<[unknown, string]>(
      [undefined, 'undefined'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      [() => 1, 'function'],
      [new Date(0), 'Date'],
      [new Map(), 'Map'],
      [Symbol('s'), 'symbol'],
    );
    const key = fc.stringMatching(/^[a-z]{1,6}$/);
    fc.assert(
      fc.property(fc.array(fc.oneof(key, fc.nat({ max: 3 })), { maxLength: 5 }), leaf, (path, [bad, label]) => {
        // Build a value whose only bad part sits at `path`.
        let value: unknown = bad;
        let where = 'payload';
        for (const step of path) where += typeof step === 'number' ? `[${step}]` : `.${step}`;
        for (const step of [...path].reverse()) {
          if (typeof step === 'number') {
            const array: unknown[] = Array.from({ length: step + 1 }, () => 0);
            array[step] = value;
            value = array;
          } else {
            value = { ok: 1, [step]: value };
          }
        }
        const expected = `${where} is ${label}`;
        expect(findNonJson(value)?.slice(0, expected.length)).toBe(expected);
        expect(() => encodePayload(value, 1_000_000)).toThrow(`${where} is ${label}`);
      }),
      { numRuns: 300 },
    );
  });

  it('the one-pass copy is the JSON round trip: the same value, frozen throughout, or the same error', () => {
    /** Every object and array in `value` frozen. */
    const frozen = (value: unknown): boolean =>
      typeof value !== 'object' || value === null || (Object.isFrozen(value) && Object.values(value).every(frozen));
    const outcome = (run: () => unknown) => {
      try {
        return { value: run() };
      } catch (error) {
        return { error: String(error) };
      }
    };
    const special = fc.constantFrom<unknown>(
      -0,
      Number.NaN,
      undefined,
      null,
      new Date(0),
      { ['__proto__']: 1 },
      JSON.parse('{"__proto__":{"a":1}}'),
      Object.assign(new Array<unknown>(3), { 0: 1, 2: 3 }),
    );
    const values = fc.oneof(
      fc.jsonValue(),
      fc.anything({ withBigInt: true, withDate: true, withMap: true, withNullPrototype: true, withSparseArray: true }),
      special,
    );
    fc.assert(
      fc.property(values, fc.integer({ min: 1, max: 400 }), (value, maxBytes) => {
        const copied = outcome(() => copyPayload(value, maxBytes));
        const roundTrip = outcome(() => decodePayload(encodePayload(value, maxBytes)));
        expect(copied).toEqual(roundTrip);
        if ('value' in copied) {
          expect(frozen(copied.value)).toBe(true);
          // Own keys as the round trip makes them ("__proto__" an own key, never the prototype).
          expect(JSON.stringify(copied.value)).toBe(JSON.stringify(roundTrip.value));
        }
      }),
      { numRuns: 1000 },
    );
    // A toJSON of its own is what JSON (and so Redis and PostgreSQL) sends: the same here.
    const custom = Object.defineProperty({ a: 1 }, 'toJSON', { value: () => ({ b: 2 }) });
    expect(copyPayload(custom, 1_000)).toEqual({ b: 2 });
    expect(copyPayload(Object.assign([1], { toJSON: () => 'x' }), 1_000)).toBe('x');
    // Nested past the one pass's depth: the slow way, the same result.
    let deep: unknown = 1;
    for (let i = 0; i < 500; i++) deep = [deep];
    expect(copyPayload(deep, 1_000_000)).toEqual(JSON.parse(JSON.stringify(deep)));
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(() => copyPayload(cycle, 1_000_000)).toThrow('payload.self refers back to itself');
  });

  it('counts the limit in UTF-8 bytes, not characters', () => {
    expect(() => encodePayload('£'.repeat(40), 81)).toThrow(/is 82 bytes of JSON, more than the limit of 81/);
    expect(encodePayload('£'.repeat(40), 82)).toBe(JSON.stringify('£'.repeat(40)));
  });
});

describe('redact', () => {
  it('removes URL credentials and named secrets from log text', () => {
    const url = 'postgres://mk:s3cr%40t-pass@db.internal:5432/mk';
    const secrets = urlPassword(url);
    expect(secrets).toContain('s3cr@t-pass');
    const said = redact(`could not reach ${url}; auth said s3cr@t-pass was wrong`, secrets);
    expect(said).toBe('could not reach postgres://***@db.internal:5432/mk; auth said *** was wrong');
    expect(redact('redis://:pw123@127.0.0.1:6379 refused', [])).toBe('redis://***@127.0.0.1:6379 refused');
  });
});
