// Server-side sessions: one row per sign-in (a device), and the refresh tokens that renew its
// short-lived access token. A refresh token is 256 random bits; only its SHA-256 is stored, bound
// to its session. Each use marks it used and issues the next one; presenting a used token again
// means two parties hold the family (a thief and the member), so the whole session is revoked;
// except within REFRESH_REUSE_GRACE_MS of its first use from the session's own address, where it
// is the member's browser whose answer never arrived (the page reloaded or closed mid-renewal).
//
// Lifetimes: "keep me signed in" is 30 days, sliding (each renewal moves the expiry to now + 30
// days); a browser session is 12 hours idle (each renewal moves it to now + 12 hours); neither
// slides past its absolute limit after sign-in (90 days kept, 7 days a browser session). A
// session the app's own page opened is cookie-bound: only its refresh cookie renews it. The access
// token (tokens.ts) still lives 15 minutes; a session is "seen" when its token is renewed or
// rotated, so `last_seen_at` is accurate to about a token's life.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refreshTokens, sessions } from '../db/schema';
import { newId } from '../ids';
import type { TokenService } from './tokens';

/** "Keep me signed in": 30 days after the last renewal. */
export const PERSISTENT_SESSION_MS = 30 * 24 * 60 * 60_000;
/** A browser session: 12 hours after the last renewal (the cookies themselves go when the browser closes). */
export const BROWSER_SESSION_IDLE_MS = 12 * 60 * 60_000;
/** However often it is renewed, a "keep me signed in" session ends this long after its sign-in. */
export const PERSISTENT_SESSION_MAX_MS = 90 * 24 * 60 * 60_000;
/** However often it is renewed, a browser session ends this long after its sign-in. */
export const BROWSER_SESSION_MAX_MS = 7 * 24 * 60 * 60_000;
/**
 * How long after its first use a spent refresh token presented again, from the address the
 * session was last seen at, renews the session instead of revoking it. A renewal whose answer is
 * lost (the member reloads or closes the page while it is in flight, or a laptop wakes and the
 * page renews as the member reloads it) leaves the browser holding the spent token: without this
 * window its next renewal would end the session as if stolen. A thief replaying a copied token
 * from another address, or later than this, still ends it (docs/security.md, "Sessions").
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
/** The user agent is kept to this many characters. */
export const USER_AGENT_KEPT = 256;
/** Ended sessions are deleted this long after they ended (the member's next sign-in sweeps them). */
export const ENDED_SESSIONS_KEPT_MS = 30 * 24 * 60 * 60_000;

/** Why a session ended (sessions.revoked_reason). */
export type SessionEndReason =
  | 'signed-out'
  | 'signed-out-everywhere'
  | 'ended-from-another-device'
  | 'ended-by-administrator'
  | 'password-changed'
  | 'password-reset'
  | 'two-step-enabled'
  | 'refresh-token-reused';

/** A live session as the sign-in and renewal paths use it. */
export interface SessionInfo {
  readonly id: string;
  readonly userId: string;
  /** When the member signed in (epoch ms). */
  readonly createdAt: number;
  /** When the session ends unless renewed (epoch ms). */
  readonly expiresAt: number;
  readonly persistent: boolean;
  /** Only the refresh cookie renews it (sessions.cookie_bound). */
  readonly cookieBound: boolean;
}

/** How long a session lasts after a renewal. */
export function sessionLifetime(persistent: boolean): number {
  return persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_IDLE_MS;
}

/** When a session signed in at `createdAt` ends however often it is renewed. */
export function sessionHardEnd(persistent: boolean, createdAt: number): number {
  return createdAt + (persistent ? PERSISTENT_SESSION_MAX_MS : BROWSER_SESSION_MAX_MS);
}

/** The expiry of a session renewed at `now`: its lifetime on, but never past its hard end. */
function renewedExpiry(persistent: boolean, createdAt: number, now: number): number {
  return Math.min(now + sessionLifetime(persistent), sessionHardEnd(persistent, createdAt));
}

/** A new refresh token: 32 random bytes, base64url (43 characters). */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a refresh token: its SHA-256, hex. */
export function refreshTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a device tells us about itself at sign-in. */
export interface DeviceInfo {
  readonly userAgent: string | null;
  readonly ip: string;
}

/**
 * Opens a session for the member (a sign-in) with its first refresh token, and deletes the
 * member's sessions that ended over ENDED_SESSIONS_KEPT_MS ago.
 */
export async function openSession(
  db: Db,
  input: { userId: string; persistent: boolean; cookieBound: boolean; device: DeviceInfo },
  now: number,
): Promise<{ session: SessionInfo; refreshToken: string }> {
  const session: SessionInfo = {
    id: newId('ses'),
    userId: input.userId,
    createdAt: now,
    expiresAt: renewedExpiry(input.persistent, now, now),
    persistent: input.persistent,
    cookieBound: input.cookieBound,
  };
  const refreshToken = newRefreshToken();
  const swept = new Date(now - ENDED_SESSIONS_KEPT_MS);
  await db.transaction(async (tx) => {
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, input.userId), or(lt(sessions.expiresAt, swept), lt(sessions.revokedAt, swept))));
    await tx.insert(sessions).values({
      id: session.id,
      userId: session.userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(session.expiresAt),
      persistent: session.persistent,
      cookieBound: session.cookieBound,
      userAgent: input.device.userAgent === null ? null : input.device.userAgent.slice(0, USER_AGENT_KEPT),
      ipAddress: input.device.ip,
    });
    await tx.insert(refreshTokens).values({ tokenHash: refreshTokenHash(refreshToken), sessionId: session.id, createdAt: new Date(now) });
  });
  return { session, refreshToken };
}

/** What presenting a refresh token came to. */
export type RenewalOutcome =
  /**
   * The token was current (or, `again`, spent within the grace window from the session's own
   * address): the session slid on and `refreshToken` replaces it.
   */
  | { readonly kind: 'renewed'; readonly session: SessionInfo; readonly refreshToken: string; readonly again: boolean }
  /** The token had been used already (outside the grace window): its session is now revoked. */
  | { readonly kind: 'reused'; readonly sessionId: string; readonly userId: string }
  /** The token was current (or spent within the grace window) but its session had ended (revoked or expired). */
  | { readonly kind: 'ended' }
  /** No such token. */
  | { readonly kind: 'unknown' };

/**
 * Uses a refresh token at `now` from `ip`: marks it used, slides its session on, stores the next
 * token. A used token revokes its session ('refresh-token-reused'), unless it was first used
 * under {@link REFRESH_REUSE_GRACE_MS} ago and `ip` is the session's last address: then the
 * session is renewed again ('renewed', `again`), the tokens issued since (the lost answer's) are
 * spent, and a new one is issued. One transaction, holding the session's row (FOR UPDATE) from
 * the start: the renewals of one session run one after another, so none misses a token another
 * issued meanwhile (which would leave two live tokens, two chains that never meet), and two first
 * uses of one token cannot both renew from it.
 */
export async function renewWithRefreshToken(db: Db, token: string, now: number, ip: string): Promise<RenewalOutcome> {
  const hash = refreshTokenHash(token);
  return db.transaction(async (tx): Promise<RenewalOutcome> => {
    const [owner] = await tx
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash))
      .limit(1);
    if (owner === undefined) return { kind: 'unknown' };
    // Read after the lock: a renewal this one waited for may have spent the token, or moved the address.
    const [session] = await tx
      .select({ userId: sessions.userId, lastIp: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.id, owner.sessionId))
      .for('update');
    if (session === undefined) return { kind: 'unknown' };
    const [used] = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (used !== undefined) return renewSession(tx, used.sessionId, now, ip, false);
    const [spent] = await tx.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
    const usedAt = spent?.usedAt?.getTime();
    if (usedAt !== undefined && now - usedAt >= 0 && now - usedAt < REFRESH_REUSE_GRACE_MS && session.lastIp === ip) {
      // The member's own browser, its first answer lost: the token that answer carried is spent
      // (nobody holds it), and the session renews with a new one.
      await tx
        .update(refreshTokens)
        .set({ usedAt: new Date(now) })
        .where(and(eq(refreshTokens.sessionId, owner.sessionId), isNull(refreshTokens.usedAt)));
      return renewSession(tx, owner.sessionId, now, ip, true);
    }
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(now), revokedReason: 'refresh-token-reused' })
      .where(and(eq(sessions.id, owner.sessionId), isNull(sessions.revokedAt)));
    return { kind: 'reused', sessionId: owner.sessionId, userId: session.userId };
  });
}

/** Slides the session on and stores its next refresh token ('ended' when it is no longer live). */
async function renewSession(db: Db, sessionId: string, now: number, ip: string, again: boolean): Promise<RenewalOutcome> {
  const slid = await touchSession(db, sessionId, now, ip);
  if (slid === null) return { kind: 'ended' };
  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({ tokenHash: refreshTokenHash(refreshToken), sessionId: slid.id, createdAt: new Date(now) });
  return { kind: 'renewed', session: slid, refreshToken, again };
}

/**
 * Slides a live session on at `now` (last seen now, expiry now + its lifetime but never past its
 * hard end, its IP address the latest) and returns it; null when it is revoked or expired. For
 * every renewal and rotation. `byAccessToken`: the renewal has the access token and no refresh
 * cookie of the session, so a cookie-bound session is left as it is (null).
 */
export async function touchSession(
  db: Db,
  sessionId: string,
  now: number,
  ip: string,
  options: { readonly byAccessToken?: boolean } = {},
): Promise<SessionInfo | null> {
  const [row] = await db
    .select({ persistent: sessions.persistent, createdAt: sessions.createdAt, cookieBound: sessions.cookieBound })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
  if (row === undefined || (options.byAccessToken === true && row.cookieBound)) return null;
  const [updated] = await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt: new Date(renewedExpiry(row.persistent, row.createdAt.getTime(), now)), ipAddress: ip })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning();
  return updated === undefined
    ? null
    : {
        id: updated.id,
        userId: updated.userId,
        createdAt: updated.createdAt.getTime(),
        expiresAt: updated.expiresAt.getTime(),
        persistent: updated.persistent,
        cookieBound: updated.cookieBound,
      };
}

/** The session a current (unused) refresh token belongs to, or null. */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<{ sessionId: string; userId: string } | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId, userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(and(eq(refreshTokens.tokenHash, refreshTokenHash(token)), isNull(refreshTokens.usedAt)))
    .limit(1);
  return row ?? null;
}

/** Revokes the member's session `sessionId` if it is theirs and live; true when it was. */
export async function revokeSession(db: Db, userId: string, sessionId: string, reason: SessionEndReason, now: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(now), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of the member (but `except`, when given); returns their ids. */
export async function revokeSessions(
  db: Db,
  userId: string,
  reason: SessionEndReason,
  now: number,
  except: string | null = null,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(now), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except === null ? undefined : ne(sessions.id, except)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** A session as the member's list of signed-in devices shows it. */
export type SessionRow = typeof sessions.$inferSelect;

/** The member's live sessions at `now`, most recently seen first. */
export async function liveSessions(db: Db, userId: string, now: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/**
 * Opens a session for the member at `now` (as a sign-in does, without the cookies) and issues its
 * access token: for tests, benchmarks and tools acting as a member. `issuedAt` backdates the token
 * (not the session).
 */
export async function signInAs(
  deps: { readonly db: Db; readonly tokens: TokenService },
  userId: string,
  now: number,
  options: { readonly sessionVersion?: number; readonly issuedAt?: number; readonly persistent?: boolean } = {},
): Promise<{ token: string; expiresAt: number; sessionId: string }> {
  const { session } = await openSession(
    deps.db,
    { userId, persistent: options.persistent ?? false, cookieBound: false, device: { userAgent: null, ip: '127.0.0.1' } },
    now,
  );
  const issuedAt = options.issuedAt ?? now;
  const { token, expiresAt } = await deps.tokens.issue(
    { userId, sessionVersion: options.sessionVersion ?? 0, sessionId: session.id, signedInAt: issuedAt },
    issuedAt,
  );
  return { token, expiresAt, sessionId: session.id };
}
