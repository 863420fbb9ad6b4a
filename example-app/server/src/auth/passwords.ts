// Password hashing with node:crypto's scrypt. A stored hash describes itself:
// `scrypt$N$r$p$salt$hash` (salt and hash base64url), so the parameters can be raised later and old
// hashes still verify (and are re-hashed at the member's next sign-in). Comparison is constant-time,
// and checking a password for an unknown member still runs scrypt once, against a dummy hash made
// with the current parameters, so the time a sign-in takes does not tell whether the account exists.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters. */
export interface ScryptParams {
  /** CPU/memory cost: a power of two. Memory used is about 128·N·r bytes. */
  readonly N: number;
  /** Block size. */
  readonly r: number;
  /** Parallelisation (run one after another here, so it multiplies the time, not the memory). */
  readonly p: number;
}

/** The parameters for real passwords: N=2^15, r=8, p=3 (about 32 MiB and three passes per hash). */
export const PASSWORD_SCRYPT: ScryptParams = Object.freeze({ N: 2 ** 15, r: 8, p: 3 });

/**
 * Cheap parameters for the test suite only (hundreds of sign-ins per run): the accounts module
 * uses them when NODE_ENV is `test`, never otherwise.
 */
export const TEST_SCRYPT: ScryptParams = Object.freeze({ N: 2 ** 10, r: 8, p: 1 });

const KEY_BYTES = 32;
const SALT_BYTES = 16;
const B64URL = /^[A-Za-z0-9_-]+$/;

/** Hashes and checks passwords with one set of parameters. */
export interface PasswordHasher {
  readonly params: ScryptParams;
  /** A new self-describing hash of `password` with a fresh random salt. */
  hash(password: string): Promise<string>;
  /**
   * Whether `password` matches `stored`. With `stored` null (no such member) or not a hash this
   * module wrote, the same work is done against a dummy hash and the answer is false.
   * `needsRehash` is true when a match was made with parameters other than the current ones.
   */
  verify(password: string, stored: string | null): Promise<{ ok: boolean; needsRehash: boolean }>;
}

/** A parsed stored hash. */
interface Parsed {
  readonly params: ScryptParams;
  readonly salt: Buffer;
  readonly key: Buffer;
}

/** Reads `scrypt$N$r$p$salt$hash`; null when it is not one (or its parameters are out of the sane range). */
export function parsePasswordHash(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  if (![n, r, p].every((s) => /^[1-9][0-9]{0,7}$/.test(s))) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!validParams(params)) return null;
  if (!B64URL.test(salt) || !B64URL.test(key)) return null;
  const saltBytes = Buffer.from(salt, 'base64url');
  const keyBytes = Buffer.from(key, 'base64url');
  if (saltBytes.length < 16 || keyBytes.length !== KEY_BYTES) return null;
  return { params, salt: saltBytes, key: keyBytes };
}

function validParams({ N, r, p }: ScryptParams): boolean {
  const powerOfTwo = Number.isSafeInteger(N) && N >= 2 ** 10 && N <= 2 ** 20 && (N & (N - 1)) === 0;
  return powerOfTwo && Number.isInteger(r) && r >= 1 && r <= 32 && Number.isInteger(p) && p >= 1 && p <= 16;
}

/** The key scrypt derives from `password` and `salt`. Passwords are NFKC-normalised first, so one typed on another device still matches. */
function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error === null ? resolve(key) : reject(error)));
  });
}

function format(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * A hasher with `params` (default {@link PASSWORD_SCRYPT}).
 * @throws Error when the parameters are outside N 2^10..2^20 (a power of two), r 1..32, p 1..16
 */
export function createPasswordHasher(params: ScryptParams = PASSWORD_SCRYPT): PasswordHasher {
  if (!validParams(params)) throw new Error('scrypt parameters out of range: N a power of two from 2^10 to 2^20, r 1 to 32, p 1 to 16');
  const current = Object.freeze({ ...params });
  // The stand-in for a missing or unreadable hash: a random salt and key with the current
  // parameters. No password derives to it; checking against it costs exactly one scrypt run.
  const dummy: Parsed = { params: current, salt: randomBytes(SALT_BYTES), key: randomBytes(KEY_BYTES) };

  return {
    params: current,
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      return format(current, salt, await derive(password, salt, current));
    },
    async verify(password, stored) {
      const parsed = stored === null ? null : parsePasswordHash(stored);
      const target = parsed ?? dummy;
      const key = await derive(password, target.salt, target.params);
      const same = timingSafeEqual(key, target.key);
      const ok = parsed !== null && same;
      const needsRehash = ok && (parsed.params.N !== current.N || parsed.params.r !== current.r || parsed.params.p !== current.p);
      return { ok, needsRehash };
    },
  };
}
