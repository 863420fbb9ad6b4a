// The session token: a JWT signed with HS256 (pinned: a token with any other algorithm is refused),
// with issuer, audience, a short expiry and the member's session version (`sv`). Logout-everywhere,
// a password change and a reset bump the stored version, which revokes every token issued before.
// `sat` is when the session signed in: rotation issues fresh tokens only up to SESSION_MAX_MS after it.
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Tokens live 15 minutes; the server rotates a token once it is past half its life. */
export const TOKEN_TTL_MS = 15 * 60_000;
/** A session (sign-in) lasts at most 30 days, however often its token rotates. */
export const SESSION_MAX_MS = 30 * 24 * 60 * 60_000;
/** The audience every platform token carries. */
export const TOKEN_AUDIENCE = 'matchkit-platform';
const ALG = 'HS256';

/** The claims the server reads from a valid token. */
export interface SessionClaims {
  /** The member's id. */
  readonly userId: string;
  /** The member's session version when the token was issued. */
  readonly sessionVersion: number;
  /** When the session signed in (epoch ms). */
  readonly signedInAt: number;
  /** When the token expires (epoch ms). */
  readonly expiresAt: number;
  /** When the token was issued (epoch ms). */
  readonly issuedAt: number;
}

/** Signs and verifies session tokens for one issuer and secret. */
export interface TokenService {
  issue(input: { userId: string; sessionVersion: number; signedInAt: number }, now: number): Promise<{ token: string; expiresAt: number }>;
  /** The claims of a valid token, or null for a missing, malformed, tampered, expired or foreign token (never throws). */
  verify(token: string, now: number): Promise<SessionClaims | null>;
}

/** Creates the token service for `issuer` (the public origin) and `secret` (at least 32 characters). */
export function createTokenService(issuer: string, secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue({ userId, sessionVersion, signedInAt }, now) {
      const iat = Math.floor(now / 1000);
      const exp = Math.floor((now + TOKEN_TTL_MS) / 1000);
      const token = await new SignJWT({ sv: sessionVersion, sat: Math.floor(signedInAt / 1000) })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: exp * 1000 };
    },
    async verify(token, now) {
      if (token.length > 4096) return null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer,
          audience: TOKEN_AUDIENCE,
          currentDate: new Date(now),
          requiredClaims: ['sub', 'exp', 'iat', 'sv', 'sat'],
        });
        const { sub, sv, sat, exp, iat } = payload;
        if (typeof sub !== 'string' || !Number.isSafeInteger(sv) || !Number.isSafeInteger(sat) || exp === undefined || iat === undefined) return null;
        if ((sat as number) * 1000 + SESSION_MAX_MS <= now) return null;
        return { userId: sub, sessionVersion: sv as number, signedInAt: (sat as number) * 1000, expiresAt: exp * 1000, issuedAt: iat * 1000 };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
