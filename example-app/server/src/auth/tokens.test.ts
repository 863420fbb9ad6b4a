import fc from 'fast-check';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, TOKEN_AUDIENCE, TOKEN_TTL_MS } from './tokens';

const ISSUER = 'http://localhost:3000';
const SECRET = 'test-jwt-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const T0 = Date.parse('2026-03-02T10:00:00Z');
const DAY = 86_400_000;

/** A token that only differs from `token` in one character of its payload (the signature no longer matches). */
function tampered(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const i = Math.floor(payload.length / 2);
  const swapped = payload[i] === 'A' ? 'B' : 'A';
  return `${header}.${payload.slice(0, i)}${swapped}${payload.slice(i + 1)}.${signature}`;
}

/** Tokens of every kind the service meets: its own, tampered, foreign, malformed, with a not-before. */
async function tokenKinds(issuedAt: number, signedInAt: number): Promise<string[]> {
  const own = createTokenService(ISSUER, SECRET);
  const { token } = await own.issue({ userId: 'u_1', sessionVersion: 3, sessionId: 'ses_1', signedInAt }, issuedAt);
  const otherSecret = await createTokenService(ISSUER, `${SECRET}-other`).issue(
    { userId: 'u_1', sessionVersion: 3, sessionId: 'ses_1', signedInAt },
    issuedAt,
  );
  const otherIssuer = await createTokenService('http://evil.example', SECRET).issue(
    { userId: 'u_1', sessionVersion: 3, sessionId: 'ses_1', signedInAt },
    issuedAt,
  );
  const notBefore = await new SignJWT({ sv: 3, sid: 'ses_1', sat: Math.floor(signedInAt / 1000) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('u_1')
    .setIssuer(ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(Math.floor(issuedAt / 1000))
    .setNotBefore(Math.floor((issuedAt + 60_000) / 1000))
    .setExpirationTime(Math.floor((issuedAt + TOKEN_TTL_MS) / 1000))
    .sign(new TextEncoder().encode(SECRET));
  return [token, tampered(token), otherSecret.token, otherIssuer.token, notBefore, 'not.a.token', ''];
}

describe('token service', () => {
  it('a service that remembers verified tokens answers every token at every instant as one that has seen none', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 31 * DAY }),
        fc.array(fc.record({ kind: fc.nat(6), at: fc.integer({ min: -2 * TOKEN_TTL_MS, max: 3 * TOKEN_TTL_MS }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (sessionAge, uses) => {
          const issuedAt = T0;
          const kinds = await tokenKinds(issuedAt, issuedAt - sessionAge);
          const remembering = createTokenService(ISSUER, SECRET);
          for (const use of uses) {
            const token = kinds[use.kind] as string;
            const now = issuedAt + use.at;
            const fresh = await createTokenService(ISSUER, SECRET).verify(token, now);
            expect(await remembering.verify(token, now)).toEqual(fresh);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a remembered token once it expires, and one without its session id', async () => {
    const service = createTokenService(ISSUER, SECRET);
    const { token, expiresAt } = await service.issue({ userId: 'u_1', sessionVersion: 0, sessionId: 'ses_1', signedInAt: T0 }, T0);
    expect(await service.verify(token, T0 + 1000)).toMatchObject({ userId: 'u_1', sessionVersion: 0 });
    expect(await service.verify(token, expiresAt - 1000)).not.toBeNull();
    expect(await service.verify(token, expiresAt)).toBeNull();
    expect(await service.verify(token, T0 + 1000)).not.toBeNull();

    expect(await service.verify(token, T0 + 1000)).toMatchObject({ sessionId: 'ses_1' });

    // A token of the days before server-side sessions (no `sid`) is refused: its member signs in again.
    const legacy = await new SignJWT({ sv: 0, sat: Math.floor(T0 / 1000) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u_1')
      .setIssuer(ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(T0 / 1000))
      .setExpirationTime(Math.floor((T0 + TOKEN_TTL_MS) / 1000))
      .sign(new TextEncoder().encode(SECRET));
    expect(await service.verify(legacy, T0 + 1000)).toBeNull();
  });

  it('refuses a tampered copy of a remembered token', async () => {
    const service = createTokenService(ISSUER, SECRET);
    const { token } = await service.issue({ userId: 'u_1', sessionVersion: 0, sessionId: 'ses_1', signedInAt: T0 }, T0);
    expect(await service.verify(token, T0)).not.toBeNull();
    expect(await service.verify(tampered(token), T0)).toBeNull();
    expect(await service.verify(`${token}x`, T0)).toBeNull();
  });
});
