// One context factory and one `authenticate` for HTTP and graphql-ws alike: a request (or a socket's
// connection) carries a token in the Authorization header (`Bearer ...`), or in the `_opjwt` cookie,
// or, for a socket, in the connection_init payload's `authorization`. The token must verify (pinned
// algorithm, issuer, audience, expiry) and its session version must still be the member's.
import { eq } from 'drizzle-orm';
import { users } from './db/schema';
import type { SessionClaims } from './auth/tokens';
import { parseCookies, SESSION_COOKIE } from './http/cookies';
import type { AppDeps, MemberRecord, Viewer } from './kernel';

/** Where a credential may come from. */
export interface Credentials {
  readonly authorization?: string | null | undefined;
  readonly cookie?: string | null | undefined;
}

/** The bearer token of the credentials: the Authorization header first, else the session cookie. */
export function tokenOf(credentials: Credentials): string | null {
  const auth = credentials.authorization;
  if (typeof auth === 'string' && auth !== '') {
    const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(auth.trim());
    return m === null ? null : (m[1] ?? null);
  }
  const cookie = parseCookies(credentials.cookie).get(SESSION_COOKIE);
  return cookie === undefined || cookie === '' ? null : cookie;
}

/**
 * The viewer the credentials prove, or null (no token, or a malformed, tampered, expired or
 * revoked one). Never throws for a bad token; a database failure does throw.
 */
export async function authenticate(deps: AppDeps, credentials: Credentials, now: number): Promise<Viewer | null> {
  const claims = await verifiedClaims(deps, credentials, now);
  if (claims === null) return null;
  const [row] = await deps.db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, claims.userId)).limit(1);
  if (row === undefined || row.sessionVersion !== claims.sessionVersion) return null;
  return viewerOf(claims);
}

/**
 * As authenticate, with the member's record (row, ledger, refunds) read by the same single query
 * that checks the session version: for an HTTP request, whose resolvers then need no query of
 * their own to know what the member holds.
 */
export async function authenticateMember(
  deps: AppDeps,
  credentials: Credentials,
  now: number,
): Promise<{ viewer: Viewer; record: MemberRecord } | null> {
  const claims = await verifiedClaims(deps, credentials, now);
  if (claims === null) return null;
  const record = await deps.memberRecords.load(claims.userId);
  if (record === null || record.user.sessionVersion !== claims.sessionVersion) return null;
  return { viewer: viewerOf(claims), record };
}

async function verifiedClaims(deps: AppDeps, credentials: Credentials, now: number): Promise<SessionClaims | null> {
  const token = tokenOf(credentials);
  return token === null ? null : deps.tokens.verify(token, now);
}

function viewerOf(claims: SessionClaims): Viewer {
  return {
    userId: claims.userId,
    sessionVersion: claims.sessionVersion,
    signedInAt: claims.signedInAt,
    tokenExpiresAt: claims.expiresAt,
    tokenIssuedAt: claims.issuedAt,
  };
}
