import { describe, expect, it } from 'vitest';
import {
  acceptedStep,
  createTwoFactorCrypto,
  isRecoveryCodeShape,
  newRecoveryCodes,
  normaliseRecoveryCode,
  TOTP_PERIOD_MS,
  totpOf,
} from './two-factor';

const KEY = 'a-server-key-of-at-least-thirty-two-characters';

describe('the secret at rest', () => {
  const crypto = createTwoFactorCrypto(KEY);
  const secret = crypto.newSecret();

  it('decrypts for the member it was encrypted for, and never shows the secret', () => {
    const stored = crypto.encrypt('u_ada', secret);
    expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain(secret);
    expect(crypto.decrypt('u_ada', stored)).toBe(secret);
    expect(crypto.encrypt('u_ada', secret)).not.toBe(stored);
  });

  it("does not decrypt on another member's row, under another key, or altered", () => {
    const stored = crypto.encrypt('u_ada', secret);
    expect(() => crypto.decrypt('u_grace', stored)).toThrow();
    expect(() => createTwoFactorCrypto(`${KEY}-other`).decrypt('u_ada', stored)).toThrow();
    const [v, iv, body, tag] = stored.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(() => crypto.decrypt('u_ada', [v, iv, flipped.toString('base64url'), tag].join('.'))).toThrow();
  });
});

describe('codes', () => {
  const secret = createTwoFactorCrypto(KEY).newSecret();
  const totp = totpOf(secret, 'Brightlay', 'ada@example.com');
  const now = Date.parse('2026-03-02T10:00:10Z');
  const step = Math.floor(now / TOTP_PERIOD_MS);

  it('accepts the current step and one either side, naming the step; refuses others and odd shapes', () => {
    expect(acceptedStep(totp, totp.generate({ timestamp: now }), now)).toBe(step);
    expect(acceptedStep(totp, totp.generate({ timestamp: now - TOTP_PERIOD_MS }), now)).toBe(step - 1);
    expect(acceptedStep(totp, totp.generate({ timestamp: now + TOTP_PERIOD_MS }), now)).toBe(step + 1);
    expect(acceptedStep(totp, totp.generate({ timestamp: now + 2 * TOTP_PERIOD_MS }), now)).toBeNull();
    const code = totp.generate({ timestamp: now });
    expect(acceptedStep(totp, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(acceptedStep(totp, 'abcdef', now)).toBeNull();
    expect(acceptedStep(totp, `${code}0`, now)).toBeNull();
  });

  it('makes 10 different recovery codes, told apart from app codes, hashed whatever the case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    const crypto = createTwoFactorCrypto(KEY);
    for (const code of codes) {
      expect(isRecoveryCodeShape(code)).toBe(true);
      expect(crypto.recoveryCodeHash(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(crypto.recoveryCodeHash(code));
      expect(normaliseRecoveryCode(code)).toHaveLength(10);
    }
    expect(isRecoveryCodeShape('123456')).toBe(false);
    expect(isRecoveryCodeShape('1234567890')).toBe(false);
    expect(crypto.recoveryCodeHash(codes[0] as string)).not.toBe(
      createTwoFactorCrypto(`${KEY}-other`).recoveryCodeHash(codes[0] as string),
    );
  });
});
