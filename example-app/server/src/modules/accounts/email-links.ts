// Links mailed to confirm an address: `verify` (the member's own address) and `change` (a new
// address the member asked to move to). A token is 32 random bytes (base64url); only its SHA-256 is
// stored, with the address it confirms and an expiry. A link works once, and a newer link of the
// same purpose makes the member's older ones unusable.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens } from '../../db/schema';
import { resetTokenHash } from './service';

/** What a link confirms. */
export type EmailLinkPurpose = 'verify' | 'change';

/** How long a link works: a day to confirm one's own address, an hour to move to a new one. */
export const EMAIL_LINK_TTL_MS: Readonly<Record<EmailLinkPurpose, number>> = { verify: 24 * 60 * 60_000, change: 60 * 60_000 };

/** The page of each link, under the public origin. */
export const EMAIL_LINK_PATH: Readonly<Record<EmailLinkPurpose, string>> = { verify: '/verify-email', change: '/confirm-email' };

/**
 * Makes a link for `email` of the member, valid from `now` for its purpose's time, and makes their
 * unused links of the same purpose unusable. Returns the full link (the only place the token exists).
 */
export async function issueEmailLink(
  db: Db,
  publicOrigin: string,
  link: { readonly userId: string; readonly purpose: EmailLinkPurpose; readonly email: string },
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await revokeEmailLinks(tx, link.userId, now, link.purpose);
    await tx.insert(emailTokens).values({
      tokenHash: resetTokenHash(token),
      userId: link.userId,
      purpose: link.purpose,
      email: link.email,
      createdAt: new Date(now),
      expiresAt: new Date(now + EMAIL_LINK_TTL_MS[link.purpose]),
    });
  });
  return `${publicOrigin}${EMAIL_LINK_PATH[link.purpose]}?token=${token}`;
}

/**
 * Uses a link's token: marks it used if it is of `purpose`, unused and unexpired at `now`, and
 * returns its member and address; null otherwise. One statement, so two uses cannot both succeed.
 */
export async function consumeEmailLink(
  db: Db,
  token: string,
  purpose: EmailLinkPurpose,
  now: number,
): Promise<{ userId: string; email: string } | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(emailTokens.tokenHash, resetTokenHash(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date(now)),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  return row ?? null;
}

/** Marks the member's unused links used (of one purpose, or all). */
export async function revokeEmailLinks(db: Db, userId: string, now: number, purpose?: EmailLinkPurpose): Promise<void> {
  const unused = and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt));
  await db
    .update(emailTokens)
    .set({ usedAt: new Date(now) })
    .where(purpose === undefined ? unused : and(unused, eq(emailTokens.purpose, purpose)));
}
