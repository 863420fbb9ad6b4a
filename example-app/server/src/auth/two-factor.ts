// Two-factor sign-in's cryptography: TOTP codes (RFC 6238 through otpauth: SHA-1, 6 digits, 30
// seconds, the settings every authenticator app reads from a QR code), the secret's encryption at
// rest, and recovery codes.
//
// The secret is encrypted with AES-256-GCM under a key derived from TWO_FACTOR_KEY, with the
// member's id as associated data, so a ciphertext copied onto another member's row does not
// decrypt. A recovery code is stored as an HMAC-SHA-256 under a second key derived from the same
// secret: a stolen table alone does not let anyone test guesses.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** One TOTP step, in milliseconds. */
export const TOTP_PERIOD_MS = 30_000;
/** How many recovery codes a member gets. */
export const RECOVERY_CODE_COUNT = 10;

/** The cryptography of one server key. */
export interface TwoFactorCrypto {
  /** A new random secret (20 bytes), base32 as authenticator apps take it. */
  newSecret(): string;
  /** `secret` (base32) encrypted for `userId`: `v1.iv.ciphertext.tag`, base64url parts. */
  encrypt(userId: string, secret: string): string;
  /** The base32 secret of `stored` for `userId`; throws when it was not written for them with this key. */
  decrypt(userId: string, stored: string): string;
  /** The keyed hash a recovery code is stored as (the code read as typed: case, spaces and dashes ignored). */
  recoveryCodeHash(code: string): string;
}

/** The cryptography keyed by `serverKey` (TWO_FACTOR_KEY). */
export function createTwoFactorCrypto(serverKey: string): TwoFactorCrypto {
  const derive = (purpose: string) => createHash('sha256').update(`matchkit two-factor ${purpose}\0${serverKey}`).digest();
  const encryptionKey = derive('secret encryption');
  const codeKey = derive('recovery codes');
  return {
    newSecret: () => new Secret({ size: 20 }).base32,
    encrypt(userId, secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(userId, 'utf8'));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    decrypt(userId, stored) {
      const [version, iv, body, tag] = stored.split('.');
      if (version !== 'v1' || iv === undefined || body === undefined || tag === undefined) throw new Error('not a two-factor secret');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    recoveryCodeHash: (code) => createHmac('sha256', codeKey).update(normaliseRecoveryCode(code)).digest('base64url'),
  };
}

/** The TOTP of `secret` for a member, named in their app as `label` at `issuer` (the brand). */
export function totpOf(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_MS / 1000, secret: Secret.fromBase32(secret) });
}

/**
 * The TOTP step `code` belongs to when it is right at `now` (the current step or the one either
 * side, for clocks a little apart), else null. A code is 6 digits; spaces are ignored.
 */
export function acceptedStep(totp: TOTP, code: string, now: number): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^[0-9]{6}$/.test(token)) return null;
  const delta = totp.validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / TOTP_PERIOD_MS) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Recovery codes as shown: 10 characters (about 49 bits) in two groups, `abcde-fghjk`. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)] as string).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed, read: lower case, without spaces and dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Whether `code` looks like a recovery code rather than an authenticator's code. */
export function isRecoveryCodeShape(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(code)) && !/^[0-9]+$/.test(normaliseRecoveryCode(code));
}
