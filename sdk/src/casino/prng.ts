import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';

/**
 * A source of uniformly distributed 32-bit unsigned integers: what {@link spin} needs to pick an
 * outcome. {@link createPrng} makes a seeded one; any other generator with this method will do.
 *
 * @example
 * ```ts
 * import type { RandomSource } from '@matchkit/sdk/casino';
 * // a generator that is not random at all, for a demonstration
 * const always: RandomSource = { nextUint32: () => 0 };
 * ```
 */
export interface RandomSource {
  /** The next integer, uniform on 0 to 2^32 − 1 inclusive. */
  nextUint32(): number;
}

/**
 * A seeded pseudo-random generator: xoshiro128** (see {@link createPrng}).
 *
 * @example
 * ```ts
 * import { createPrng, type Prng } from '@matchkit/sdk/casino';
 * const random: Prng = createPrng(42);
 * random.nextFloat(); // a number in [0, 1), the same one every time for seed 42
 * ```
 */
export interface Prng extends RandomSource {
  /** The next integer, uniform on 0 to 2^32 − 1 inclusive. */
  nextUint32(): number;
  /** The next float, uniform on [0, 1) with a resolution of 2^-32 (`nextUint32() / 2^32`). */
  nextFloat(): number;
}

/** 2^32 as a float. */
export const TWO_POW_32 = 4294967296;

/** The 32-bit golden-ratio increment of the Weyl sequence used for seeding (⌊2^32 / φ⌋). */
const GOLDEN = 0x9e3779b9;

/**
 * The finaliser ("fmix32") of Austin Appleby's MurmurHash3: a bijection on 32-bit integers whose
 * output bits each depend on every input bit.
 */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * xoshiro128** 1.1 by David Blackman and Sebastiano Vigna ("Scrambled linear pseudorandom number
 * generators", ACM TOMS 47(4), 2021; reference C code at https://prng.di.unimi.it/xoshiro128starstar.c):
 * 128 bits of state, period 2^128 − 1, every output bit passes BigCrush and PractRand.
 */
class Xoshiro128StarStar implements Prng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(s0: number, s1: number, s2: number, s3: number) {
    this.s0 = s0 | 0;
    this.s1 = s1 | 0;
    this.s2 = s2 | 0;
    this.s3 = s3 | 0;
  }

  nextUint32(): number {
    const s1 = this.s1;
    // result = rotl(s1 * 5, 7) * 9
    const x = Math.imul(s1, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9);
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 = s1 ^ this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return result >>> 0;
  }

  nextFloat(): number {
    return this.nextUint32() / TWO_POW_32;
  }
}

function checkUint32(value: unknown, path: string, issues: ValidationIssue[]): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    issues.push({ path, message: 'must be a whole number from 0 to 4294967295 (an unsigned 32-bit integer)' });
  }
}

/**
 * Validates a seed and a stream index, throwing one {@link MatchkitValidationError} naming both
 * when both are bad.
 */
export function checkSeed(seed: unknown, stream: unknown, seedPath = 'seed', streamPath = 'stream'): void {
  const issues: ValidationIssue[] = [];
  checkUint32(seed, seedPath, issues);
  checkUint32(stream, streamPath, issues);
  if (issues.length > 0) throw new MatchkitValidationError('random seed', issues);
}

/**
 * Creates the generator of stream `stream` of `seed` without validating (the simulator's hot
 * path; {@link createPrng} is the checked entry point).
 */
export function prngFor(seed: number, stream: number): Prng {
  const key = fmix32(seed);
  const base = Math.imul(stream, 4) >>> 0;
  const word = (k: number) => fmix32((key + Math.imul(GOLDEN, (base + k) | 0)) >>> 0);
  return new Xoshiro128StarStar(word(1), word(2), word(3), word(4));
}

/**
 * A seeded, reproducible pseudo-random generator: xoshiro128** 1.1 (Blackman and Vigna, 2018-2021,
 * https://prng.di.unimi.it/), 32-bit outputs, period 2^128 − 1. The same `seed` and `stream` give
 * the same sequence on every platform.
 *
 * Seeding: the four state words of stream `n` are the outputs `4n + 1` to `4n + 4` of a
 * SplitMix-style generator (a Weyl sequence with the golden-ratio increment 0x9E3779B9, started at
 * `fmix32(seed)`, each value passed through MurmurHash3's `fmix32` finaliser). `fmix32` is a
 * bijection, so the four words differ and the state is never all zero. The wagering simulator
 * gives run `n` its own stream `n`, so a run's spins do not depend on the runs before it.
 *
 * @param seed - an unsigned 32-bit integer (0 to 4294967295)
 * @param stream - which stream of that seed, an unsigned 32-bit integer
 * @defaultValue `stream` is 0
 * @throws MatchkitValidationError naming `seed` and/or `stream` when either is not an unsigned
 * 32-bit integer
 *
 * @example
 * ```ts
 * import { createPrng } from '@matchkit/sdk/casino';
 * const a = createPrng(2025);
 * const b = createPrng(2025);
 * a.nextUint32() === b.nextUint32(); // true: same seed, same sequence
 * createPrng(2025, 1).nextUint32(); // another stream of the same seed
 * ```
 */
export function createPrng(seed: number, stream = 0): Prng {
  checkSeed(seed, stream);
  return prngFor(seed, stream);
}

/**
 * A xoshiro128** generator started from an explicit 128-bit state (four 32-bit words, not all
 * zero), for checking this implementation against the reference code's published outputs.
 */
export function xoshiro128StarStarFromState(s0: number, s1: number, s2: number, s3: number): Prng {
  if ((s0 | s1 | s2 | s3) === 0) {
    throw new MatchkitValidationError('xoshiro128** state', [{ path: '', message: 'must not be all zero' }]);
  }
  return new Xoshiro128StarStar(s0, s1, s2, s3);
}
