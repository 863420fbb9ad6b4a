// Referral abuse: a member referring their own accounts. A referred member is flagged when the card
// that paid (the provider's fingerprint), or BOTH their sign-up address and device, match the
// referrer's, or those of another member the same referrer brought in within 90 days. A flagged
// member's commission is held for an administrator's decision; the referrer sees "under review",
// never why. Addresses and device ids are never stored: only salted hashes (HMAC-SHA256 keyed by a
// key derived from JWT_SECRET), enough to tell "the same" and nothing more (the privacy policy page; docs/payments.md, Commission).
import { createHmac, randomBytes } from 'node:crypto';
import { and, between, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isLoopbackHttp, parseCookies } from '../../http/cookies';
import { ledger, users } from '../../db/schema';

/** How far apart two referred members' sign-ups or payments may be and still count as a match. */
export const MATCH_WINDOW_MS = 90 * 86_400_000;

/** The long-lived first-party device cookie: a random id, HttpOnly, SameSite=Lax, read only at sign-up. */
export const DEVICE_COOKIE = '_mkdevice';
/** Two years, in seconds. */
const DEVICE_COOKIE_AGE = 2 * 365 * 86_400;

/** A salted hash of a sign-up signal (`ip` or `device`): the same value gives the same hash on this server, and nothing else can be read from it. */
export function signupHash(secret: string, kind: 'ip' | 'device', value: string): string {
  const key = createHmac('sha256', secret).update('matchkit:signup-signals').digest();
  return createHmac('sha256', key).update(`${kind}:${value}`).digest('base64url');
}

/**
 * The device id of a request's Cookie header, or a new one with the Set-Cookie value that stores it
 * (null when the request already had one).
 */
export function deviceOf(cookieHeader: string | null, publicOrigin: string): { id: string; setCookie: string | null } {
  const existing = parseCookies(cookieHeader).get(DEVICE_COOKIE);
  if (existing !== undefined && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return { id: existing, setCookie: null };
  const id = randomBytes(18).toString('base64url');
  const parts = [`${DEVICE_COOKIE}=${id}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${DEVICE_COOKIE_AGE}`];
  if (!isLoopbackHttp(publicOrigin)) parts.push('Secure');
  return { id, setCookie: parts.join('; ') };
}

/** Why a referral was flagged (administrators only) and the other referred members it matched. */
export interface ReferralMatch {
  readonly reason: 'card' | 'signup';
  readonly members: readonly string[];
}

/**
 * Whether the referred member `userId`, paying at `at` with the card `cardFingerprint`, matches the
 * referrer `affiliateId` or another member the referrer brought in: by card (the referrer's payments
 * any time, the others' within 90 days of `at`) or by sign-up address and device together (the
 * referrer's, or the others' who signed up within 90 days of the member). Null when nothing matches.
 */
export async function referralMatch(
  tx: Db,
  p: { affiliateId: string; userId: string; at: number; cardFingerprint: string | null },
): Promise<ReferralMatch | null> {
  const others = (since: Date, until: Date, column: typeof ledger.at | typeof users.createdAt) =>
    or(eq(users.id, p.affiliateId), and(eq(users.referredBy, p.affiliateId), between(column, since, until)));
  if (p.cardFingerprint !== null) {
    const rows = await tx
      .selectDistinct({ id: users.id })
      .from(ledger)
      .innerJoin(users, eq(users.id, ledger.userId))
      .where(
        and(
          eq(ledger.cardFingerprint, p.cardFingerprint),
          ne(ledger.userId, p.userId),
          others(new Date(p.at - MATCH_WINDOW_MS), new Date(p.at + MATCH_WINDOW_MS), ledger.at),
        ),
      );
    if (rows.length > 0) return { reason: 'card', members: rows.map((r) => r.id).filter((id) => id !== p.affiliateId) };
  }
  const [me] = await tx
    .select({ ip: users.signupIpHash, device: users.signupDeviceHash, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, p.userId))
    .limit(1);
  if (me === undefined || me.ip === null || me.device === null) return null;
  const joined = me.createdAt.getTime();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ne(users.id, p.userId),
        eq(users.signupIpHash, me.ip),
        eq(users.signupDeviceHash, me.device),
        others(new Date(joined - MATCH_WINDOW_MS), new Date(joined + MATCH_WINDOW_MS), users.createdAt),
      ),
    );
  if (rows.length === 0) return null;
  return { reason: 'signup', members: rows.map((r) => r.id).filter((id) => id !== p.affiliateId) };
}
