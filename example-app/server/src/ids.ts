import { randomBytes } from 'node:crypto';

/** A new random id: a prefix and 128 random bits, url-safe (`u_3q2…`). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}

/** A uniform draw in [0, 1) from the system's secure random source (for the sdk's generators). */
export function secureRandom(): number {
  return randomBytes(4).readUInt32BE(0) / 2 ** 32;
}
