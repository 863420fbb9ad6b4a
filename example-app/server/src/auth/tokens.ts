// The access token: a JWT signed with HS256 (pinned: a token with any other algorithm is refused),
// with issuer, audience, a short expiry, the member's session version (`sv`) and the server-side
// session it belongs to (`sid`, auth/sessions.ts). Sign-out-everywhere, a password change and a
// reset bump the stored version, which revokes every token issued before; ending one session
// revokes the tokens naming it. `sat` is when the session signed in. How long a session lasts is
// the session row's business (its expiry slides on each renewal), not the token's.
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Tokens live 15 minutes; the server rotates a token once it is past half its life. */
export const TOKEN_TTL_MS = 15 * 60_000;
/** The audience every platform token carries. */
export const TOKEN_AUDIENCE = 'matchkit-platform';
const ALG = 'HS256';

/** The claims the server reads from a valid token. */
export interface SessionClaims {
  /** The member's id. */
  readonly userId: string;
  /** The member's session version when the token was issued. */
  readonly sessionVersion: number;
  /** The server-side session (a device's sign-in) the token belongs to. */
  readonly sessionId: string;
  /** When the session signed in (epoch ms). */
  readonly signedInAt: number;
  /** When the token expires (epoch ms). */
  readonly expiresAt: number;
  /** When the token was issued (epoch ms). */
  readonly issuedAt: number;
}

/** Signs and verifies session tokens for one issuer and secret. */
export interface TokenService {
  issue(
    input: { userId: string; sessionVersion: number; sessionId: string; signedInAt: number },
    now: number,
  ): Promise<{ token: string; expiresAt: number }>;
  /** The claims of a valid token, or null for a missing, malformed, tampered, expired or foreign token (never throws). */
  verify(token: string, now: number): Promise<SessionClaims | null>;
}

/** How many verified tokens the service remembers (about 300 bytes each). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/** A token that verified once: its claims and the instants the time checks need. */
interface Verified {
  readonly claims: SessionClaims;
  /** `nbf` in seconds when the token has one. */
  readonly notBefore: number | undefined;
}

/**
 * Creates the token service for `issuer` (the public origin) and `secret` (at least 32 characters).
 *
 * A token whose signature and fixed claims (algorithm, issuer, audience, required claims) verified
 * is remembered by its exact text, so the member's next requests skip the HMAC; the time checks
 * (expiry, not-before) run again on every use, as jose runs them. Only
 * successes are kept, at most VERIFIED_TOKENS_KEPT, oldest dropped first; expired ones go when met.
 */
export function createTokenService(issuer: string, secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, Verified>();
  /** The claims of a verified token at `now`, or null when a time check fails (as jose's, in whole seconds). */
  const timely = (v: Verified, now: number): SessionClaims | null => {
    const seconds = Math.floor(now / 1000);
    if (v.claims.expiresAt / 1000 <= seconds) return null;
    if (v.notBefore !== undefined && v.notBefore > seconds) return null;
    return v.claims;
  };
  return {
    async issue({ userId, sessionVersion, sessionId, signedInAt }, now) {
      const iat = Math.floor(now / 1000);
      const exp = Math.floor((now + TOKEN_TTL_MS) / 1000);
      const token = await new SignJWT({ sv: sessionVersion, sid: sessionId, sat: Math.floor(signedInAt / 1000) })
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
      const known = verified.get(token);
      if (known !== undefined) {
        const claims = timely(known, now);
        if (claims === null && known.claims.expiresAt <= now) verified.delete(token);
        return claims;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer,
          audience: TOKEN_AUDIENCE,
          currentDate: new Date(now),
          requiredClaims: ['sub', 'exp', 'iat', 'sv', 'sid', 'sat'],
        });
        const { sub, sv, sid, sat, exp, iat } = payload;
        if (
          typeof sub !== 'string' ||
          !Number.isSafeInteger(sv) ||
          typeof sid !== 'string' ||
          !Number.isSafeInteger(sat) ||
          exp === undefined ||
          iat === undefined
        )
          return null;
        const claims: SessionClaims = {
          userId: sub,
          sessionVersion: sv as number,
          sessionId: sid,
          signedInAt: (sat as number) * 1000,
          expiresAt: exp * 1000,
          issuedAt: iat * 1000,
        };
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, notBefore: payload.nbf });
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
