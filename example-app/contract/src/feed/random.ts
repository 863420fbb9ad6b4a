// Integer hashing and a small PRNG: the simulated feed's only source of variety, so that the
// market at a tick is a pure function of the seed and the tick.

/** Avalanches 32 bits (an xor-shift-multiply finaliser). */
export function mix(x: number): number {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit hash of up to four whole numbers (each taken modulo 2^32). */
export function hash(a: number, b: number, c = 0, d = 0): number {
  let h = mix(a ^ 0x2545f491);
  h = mix(h ^ Math.imul(b | 0, 0x27d4eb2d));
  h = mix(h ^ Math.imul(c | 0, 0x165667b1));
  return mix(h ^ Math.imul(d | 0, 0x1b873593));
}

/** A xorshift32 generator: `next(n)` is a whole number in [0, n). */
export function generator(seed: number): (n: number) => number {
  let s = seed | 0 || 0x1f123bb5;
  return (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

/** Whole-number division rounded down, for non-negative or negative numerators alike. */
export function div(a: number, b: number): number {
  return Math.floor(a / b);
}
