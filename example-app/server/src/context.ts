// One context factory and one `authenticate` for HTTP and graphql-ws alike: a request (or a socket's
// connection) carries a token in the Authorization header (`Bearer ...`), or in the `_opjwt` cookie,
// or, for a socket, in the connection_init payload's `authorization`. The token must verify (pinned
// algorithm, issuer, audience, expiry), its session version must still be the member's, and the
// server-side session it names (`sid`) must be unrevoked and unexpired (auth/sessions.ts).
import type { SessionClaims } from './auth/tokens';
import { parseCookies, SESSION_COOKIE } from './http/cookies';
import type { AppDeps, LiveSession, MemberRecord, Viewer } from './kernel';

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
 * revoked one, or one whose session has ended). Never throws for a bad token; a database failure
 * does throw.
 */
export async function authenticate(deps: AppDeps, credentials: Credentials, now: number): Promise<Viewer | null> {
  return (await authenticateMember(deps, credentials, now))?.viewer ?? null;
}

/**
 * As authenticate, with the member's record (row, ledger, refunds, sessions): one read checks the
 * session version and the token's session, and gives the resolvers what the member holds. The
 * record is kept in memory until it changes (modules/members/record-cache.ts), so a request
 * usually costs no query of its own (on PostgreSQL, a share of one empty round trip).
 */
export async function authenticateMember(
  deps: AppDeps,
  credentials: Credentials,
  now: number,
): Promise<{ viewer: Viewer; record: MemberRecord } | null> {
  const claims = await verifiedClaims(deps, credentials, now);
  if (claims === null) return null;
  const record = await deps.memberRecords.load(claims.userId);
  if (record === null) return null;
  const session = liveSessionOf(record, claims, now);
  if (session === null) return null;
  return { viewer: viewerOf(claims, session), record };
}

/** Whether the viewer's session still holds in the member's `record` at `now` (version and session). */
export function sessionHolds(record: MemberRecord, viewer: Viewer, now: number): boolean {
  return liveSessionOf(record, viewer, now) !== null;
}

/** The token's session in the record when the member's version is the token's and the session is live at `now`. */
function liveSessionOf(record: MemberRecord, claims: Pick<SessionClaims, 'sessionVersion' | 'sessionId'>, now: number): LiveSession | null {
  if (record.user.sessionVersion !== claims.sessionVersion) return null;
  const session = record.sessions.find((s) => s.id === claims.sessionId);
  return session === undefined || session.expiresAt <= now ? null : session;
}

async function verifiedClaims(deps: AppDeps, credentials: Credentials, now: number): Promise<SessionClaims | null> {
  const token = tokenOf(credentials);
  return token === null ? null : deps.tokens.verify(token, now);
}

function viewerOf(claims: SessionClaims, session: LiveSession): Viewer {
  return {
    userId: claims.userId,
    sessionVersion: claims.sessionVersion,
    sessionId: claims.sessionId,
    sessionExpiresAt: session.expiresAt,
    signedInAt: claims.signedInAt,
    tokenExpiresAt: claims.expiresAt,
    tokenIssuedAt: claims.issuedAt,
  };
}
