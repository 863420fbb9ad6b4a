// Members' web push subscriptions: what a browser posts after the member turns push on (its push
// service endpoint and keys), checked field by field, kept per member and per session (device), at
// most MAX_SUBSCRIPTIONS_PER_MEMBER each (the oldest goes first), and removed on opt-out and
// sign-out. A revoked or expired session's subscription receives nothing.
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { ValidationIssue } from '@matchkit/sdk/errors';
import type { Db } from '../db/client';
import { pushSubscriptions, sessions } from '../db/schema';
import { newId } from '../ids';
import type { PushTarget } from './delivery';
import { pushEndpointProblem } from './hosts';

/** Subscriptions one member may hold (browsers and devices); a new one beyond this replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;
/** The longest endpoint accepted (push services' URLs are a few hundred characters). */
export const MAX_ENDPOINT_LENGTH = 1024;

/** A browser's PushSubscription.toJSON(), as posted. */
export interface PushSubscriptionInput {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  /** PushSubscription.expirationTime: epoch ms, or null. */
  readonly expirationTime: number | null;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * The problems of a posted subscription, each naming its field (`endpoint`, `p256dh`, `auth`,
 * `expirationTime`); none: it can be stored. The endpoint must be https at one of `allowedHosts`
 * (the configured push services: push/hosts.ts).
 */
export function pushSubscriptionProblems(input: PushSubscriptionInput, allowedHosts: readonly string[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const endpoint = input.endpoint;
  if (endpoint.length > MAX_ENDPOINT_LENGTH)
    issues.push({ path: 'endpoint', message: `must be at most ${MAX_ENDPOINT_LENGTH} characters` });
  else {
    const problem = pushEndpointProblem(endpoint, allowedHosts);
    if (problem !== null) issues.push({ path: 'endpoint', message: problem });
  }
  const key = (path: 'p256dh' | 'auth', value: string, bytes: number, what: string) => {
    const decoded = BASE64URL.test(value) ? Buffer.from(value, 'base64url') : null;
    if (decoded === null || decoded.length !== bytes || (path === 'p256dh' && decoded[0] !== 4))
      issues.push({ path, message: `must be ${what}: ${bytes} bytes, base64url` });
  };
  key('p256dh', input.p256dh, 65, "the browser's uncompressed P-256 public key");
  key('auth', input.auth, 16, "the browser's authentication secret");
  const exp = input.expirationTime;
  if (exp !== null && !(Number.isSafeInteger(exp) && exp > 0))
    issues.push({ path: 'expirationTime', message: 'must be null or an instant in epoch milliseconds' });
  return issues;
}

/**
 * Stores a checked subscription for `userId` on session `sessionId`. The endpoint is one browser:
 * posting it again (another member signed in on that browser) moves it to them. Beyond
 * MAX_SUBSCRIPTIONS_PER_MEMBER the member's oldest are deleted.
 */
export async function savePushSubscription(
  db: Db,
  userId: string,
  sessionId: string,
  input: PushSubscriptionInput,
  now: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const values = {
      userId,
      sessionId,
      p256dh: input.p256dh,
      auth: input.auth,
      expiresAt: input.expirationTime === null ? null : new Date(input.expirationTime),
      createdAt: new Date(now),
    };
    await tx
      .insert(pushSubscriptions)
      .values({ id: newId('push'), endpoint: input.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    const held = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    const extra = held.slice(0, Math.max(0, held.length - MAX_SUBSCRIPTIONS_PER_MEMBER)).map((r) => r.id);
    if (extra.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
  });
}

/** Removes the member's subscription for `endpoint` (turning push off on that browser); true when there was one. */
export async function removePushSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** Removes what a session's device subscribed (signing out). */
export async function removeSessionPushSubscriptions(db: Db, sessionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/** The member's subscriptions that may receive a push at `now`: their session live, the subscription not expired. */
export async function pushTargetsOf(db: Db, userId: string, now: number): Promise<PushTarget[]> {
  const at = new Date(now);
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
        or(isNull(pushSubscriptions.expiresAt), gt(pushSubscriptions.expiresAt, at)),
      ),
    );
}
