import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { take } from './contract';
import { createMemoryPubSub } from './memory';
import { encodePayload, findNonJson, redact, urlPassword } from './payload';
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
