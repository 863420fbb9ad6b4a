// What the accounts resolvers share: the password hasher, the rate limits, background work (reset
// mail is sent after the response, so a reset request takes as long for a stranger's address as
// for a member's), and starting and ending a device's session (its cookies).
import { GraphQLError } from 'graphql';
import { createPasswordHasher, PASSWORD_SCRYPT, TEST_SCRYPT, type PasswordHasher } from '../../auth/passwords';
import { AUTH_RATE_LIMITS, createAuthRateLimits, retryAfterSeconds, type AuthRateLimits } from '../../auth/rate-limits';
import type { AppDeps, MemberAccess, RequestContext } from '../../kernel';
import { openSession, type SessionInfo } from '../../auth/sessions';
import { refreshCookies, sessionCookie } from '../../http/cookies';
import type { Logger } from '../../logger';
import { loadMemberAccess } from '../members/access';

/** Work that runs after a response, awaited on shutdown. */
export interface BackgroundTasks {
  /** Starts `task`; a failure is logged (as `what`), never thrown. */
  run(what: string, logger: Logger, task: () => Promise<void>): void;
  /** Resolves when every started task has settled. */
  drain(): Promise<void>;
}

function createBackgroundTasks(): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(what, logger, task) {
      const p = task().catch((error: unknown) => logger.error({ err: error }, `${what} failed`));
      pending.add(p);
      void p.finally(() => pending.delete(p));
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/** The accounts module's shared parts. */
export interface AccountsKit {
  readonly hasher: PasswordHasher;
  readonly limits: AuthRateLimits;
  readonly background: BackgroundTasks;
}

/** The kit for an app: real scrypt parameters everywhere but under NODE_ENV=test. */
export function createAccountsKit(deps: AppDeps): AccountsKit {
  return {
    hasher: createPasswordHasher(deps.config.env === 'test' ? TEST_SCRYPT : PASSWORD_SCRYPT),
    limits: createAuthRateLimits(deps.rateLimits, AUTH_RATE_LIMITS),
    background: createBackgroundTasks(),
  };
}

/** A signed-in result: the member, their token and its expiry (AuthPayload, and AuthResult's ok fields). */
export interface SessionResult {
  readonly user: MemberAccess;
  readonly token: string;
  readonly expiresAt: number;
}

/**
 * Issues an access token for the member's session `session` (their session version
 * `sessionVersion`), sets it as the `_opjwt` cookie of the response, and loads the member for the
 * payload. With a `refreshToken` (a sign-in or a renewal through the refresh cookie), the refresh
 * and marker cookies are set too.
 */
export async function startSession(
  ctx: RequestContext,
  sessionVersion: number,
  session: SessionInfo,
  refreshToken: string | null,
): Promise<SessionResult> {
  const { userId } = session;
  const { token, expiresAt } = await ctx.deps.tokens.issue(
    { userId, sessionVersion, sessionId: session.id, signedInAt: session.createdAt },
    ctx.now,
  );
  const origin = ctx.deps.config.publicOrigin;
  ctx.setCookie(sessionCookie(origin, token, expiresAt, ctx.now));
  if (refreshToken !== null) for (const cookie of refreshCookies(origin, refreshToken, session, ctx.now)) ctx.setCookie(cookie);
  const user = await loadMemberAccess(ctx.db, ctx.brand, userId, ctx.now);
  if (user === null) throw new Error('the member vanished while signing in');
  return { user, token, expiresAt };
}

/** Opens a new session (a sign-in from this request's device) and starts it: every cookie set. */
export async function signIn(
  ctx: RequestContext,
  user: { id: string; sessionVersion: number },
  persistent: boolean,
): Promise<SessionResult> {
  const { session, refreshToken } = await openSession(
    ctx.db,
    // From the app's own page the refresh cookie is kept: only it renews the session.
    { userId: user.id, persistent, cookieBound: ctx.fromOwnPage, device: { userAgent: ctx.userAgent, ip: ctx.ip } },
    ctx.now,
  );
  return startSession(ctx, user.sessionVersion, session, refreshToken);
}

/** Clears the access, refresh and marker cookies of the response (this device is signed out). */
export function clearSessionCookies(ctx: RequestContext): void {
  const origin = ctx.deps.config.publicOrigin;
  ctx.setCookie(sessionCookie(origin, null, 0, ctx.now));
  for (const cookie of refreshCookies(origin, null, null, ctx.now)) ctx.setCookie(cookie);
}

/** The ok form of an AuthResult. */
export function authOk(session: SessionResult) {
  return { ok: true as const, error: null, ...session };
}

/** How long to wait, in words ("3 minutes"). */
export function waitInWords(ms: number): string {
  const seconds = retryAfterSeconds(ms);
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The GraphQL error of a rate-limited sign-in: code RATE_LIMITED and `retryAfter` in whole seconds. */
export function rateLimitedError(ms: number): GraphQLError {
  return new GraphQLError(`Too many attempts. Try again in ${waitInWords(ms)}.`, {
    extensions: { code: 'RATE_LIMITED', retryAfter: retryAfterSeconds(ms), http: { status: 200 } },
  });
}
