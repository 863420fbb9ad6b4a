// Revocation of live access: when a member's sessions end (sign-out, sign-out everywhere, a
// password change or reset, two-step sign-in turned on, account closure) or their capabilities drop (a lapse, refund, dispute,
// downgrade or a removed additional capability), the change is committed first and then
// revokeLiveAccess publishes one message on the app's PubSub. Every server process hears it, so
// the sockets and server-sent-events streams it names can end within a second wherever they are.
// Token checks alone would only stop them at the next operation or at token expiry.
import type { AppDeps } from '../kernel';

/** The PubSub topic of revocations (one topic for every member: a process hears them all). */
export const REVOCATION_TOPIC = 'auth:revocations';

/** Why live access is revoked. The sign-out reasons end every stream they name; 'access-changed' only those the member may no longer hold. */
export const REVOCATION_REASONS = [
  'signed-out',
  'signed-out-everywhere',
  'password-changed',
  'password-reset',
  'two-step-enabled',
  'account-closed',
  'access-changed',
] as const;

/** One of {@link REVOCATION_REASONS}. */
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

/** What is revoked: the member, one session of theirs (null: all of them), and why. */
export interface Revocation {
  readonly userId: string;
  /** The session that ended, or null/absent for every session of the member. */
  readonly sessionId?: string | null;
  readonly reason: RevocationReason;
  /**
   * The session that made the change and stays signed in (a password change: every session of the
   * member is revoked but this one, which has a fresh token; turning two-step sign-in on: every
   * session but this one). Its streams are not signed out: its
   * sockets close for renewal (the sdk's TOKEN_EXPIRED_CLOSE_CODE, so the client reconnects with
   * the fresh token) and its event streams end as at token expiry. Null/absent: none.
   */
  readonly renewSessionId?: string | null;
}

/** The message on {@link REVOCATION_TOPIC}, as published. */
type RevocationMessage = { userId: string; sessionId: string | null; reason: RevocationReason; renewSessionId?: string };

/** True for a reason that ends sessions (everything but 'access-changed'). */
export function endsSession(reason: RevocationReason): boolean {
  return reason !== 'access-changed';
}

/** The revocation a PubSub payload carries, or null when it is not a well-formed one. */
export function readRevocation(payload: unknown): Required<Revocation> | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const { userId, sessionId, reason } = p;
  // Absent in messages from a process that predates it: none.
  const renewSessionId = p['renewSessionId'] ?? null;
  if (typeof userId !== 'string' || userId === '') return null;
  if (sessionId !== null && typeof sessionId !== 'string') return null;
  if (renewSessionId !== null && typeof renewSessionId !== 'string') return null;
  if (typeof reason !== 'string' || !(REVOCATION_REASONS as readonly string[]).includes(reason)) return null;
  return { userId, sessionId, reason: reason as RevocationReason, renewSessionId };
}

/**
 * Tells every process to end the live streams `revocation` names. Call it AFTER the change that
 * revokes is committed (a process that re-checks on hearing it must see the change). It never
 * throws for a PubSub failure: the change stands, the failure is logged at error level, and the
 * streams still end at their next check (a new operation, an event's re-check or token expiry).
 * A bad argument (no userId, an unknown reason) is a programming error and throws a TypeError
 * naming the field.
 */
export async function revokeLiveAccess(deps: Pick<AppDeps, 'pubSub' | 'logger'>, revocation: Revocation): Promise<void> {
  const { userId, reason } = revocation;
  const sessionId = revocation.sessionId ?? null;
  if (typeof userId !== 'string' || userId === '') throw new TypeError('revocation.userId: must be a member id');
  if (!(REVOCATION_REASONS as readonly string[]).includes(reason)) {
    throw new TypeError(`revocation.reason: must be one of ${REVOCATION_REASONS.join(', ')}`);
  }
  if (sessionId !== null && (typeof sessionId !== 'string' || sessionId === '')) {
    throw new TypeError('revocation.sessionId: must be a session id or null');
  }
  const renewSessionId = revocation.renewSessionId ?? null;
  if (renewSessionId !== null && (typeof renewSessionId !== 'string' || renewSessionId === '')) {
    throw new TypeError('revocation.renewSessionId: must be a session id or null');
  }
  const message: RevocationMessage = { userId, sessionId, reason, ...(renewSessionId === null ? {} : { renewSessionId }) };
  try {
    await deps.pubSub.publish(REVOCATION_TOPIC, message);
  } catch (error) {
    deps.logger.error({ err: error, userId, reason }, 'revoking live access failed: streams end at their next check');
  }
}
