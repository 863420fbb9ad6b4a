import { randomBytes } from 'node:crypto';

/** A new random id: a prefix and 128 random bits, url-safe (`u_3q2…`). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}
