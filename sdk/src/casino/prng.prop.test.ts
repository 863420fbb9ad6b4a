import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../casino';

const uint32 = fc.integer({ min: 0, max: 0xffffffff });

describe('prng laws', () => {
  it('the same seed and stream give the same sequence', () => {
    fc.assert(
      fc.property(uint32, uint32, (seed, stream) => {
        const a = createPrng(seed, stream);
        const b = createPrng(seed, stream);
        for (let i = 0; i < 16; i++) expect(a.nextUint32()).toBe(b.nextUint32());
      }),
      { numRuns: 300 },
    );
  });

  it('two different streams of a seed start with different outputs', () => {
    // Two 64-bit prefixes coinciding by chance has probability 2^-64 per pair.
    fc.assert(
      fc.property(uint32, uint32, uint32, (seed, s1, s2) => {
        fc.pre(s1 !== s2);
        const a = createPrng(seed, s1);
        const b = createPrng(seed, s2);
        expect([a.nextUint32(), a.nextUint32()]).not.toEqual([b.nextUint32(), b.nextUint32()]);
      }),
      { numRuns: 300 },
    );
  });

  it('outputs are 32-bit unsigned integers and floats lie in [0, 1)', () => {
    fc.assert(
      fc.property(uint32, (seed) => {
        const random = createPrng(seed);
        for (let i = 0; i < 32; i++) {
          const u = random.nextUint32();
          expect(Number.isInteger(u) && u >= 0 && u <= 0xffffffff).toBe(true);
          const f = random.nextFloat();
          expect(f >= 0 && f < 1).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
