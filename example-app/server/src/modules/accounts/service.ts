// The accounts module's queries. Each takes the database first (a drizzle database or a transaction).
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The member whose (lower-cased) email address or username is `login`: an `@` means an email address. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | null> {
  const column = login.includes('@') ? users.email : users.username;
  const [row] = await db.select().from(users).where(eq(column, login)).limit(1);
  return row ?? null;
}

/** The member with this (lower-cased) email address. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** The member with this id. */
export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The id of the member whose referral code is `code` (upper case, as the sdk's parseReferralCode returns it). */
export async function findReferrerId(db: Db, code: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
  return row?.id ?? null;
}

/** Which of `email` and `username` a member already has ('email' first), or null. */
export async function takenField(db: Db, email: string, username: string): Promise<'email' | 'username' | null> {
  const rows = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(or(eq(users.email, email), eq(users.username, username)))
    .limit(2);
  if (rows.some((r) => r.email === email)) return 'email';
  if (rows.some((r) => r.username === username)) return 'username';
  return null;
}

/** Inserts a member row. Throws the database's unique violation when email, username or referral code is taken. */
export async function insertUser(db: Db, row: typeof users.$inferInsert): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  return inserted as UserRow;
}

/**
 * The constraint a unique violation (SQLSTATE 23505) names, looking through wrapped errors
 * (drizzle wraps the driver's error in `cause`), or null for any other error.
 */
export function uniqueViolation(error: unknown): string | null {
  for (
    let e: unknown = error, depth = 0;
    typeof e === 'object' && e !== null && depth < 5;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') {
      if (typeof constraint === 'string') return constraint;
      const named = typeof message === 'string' ? /"([a-z_]+)"/.exec(message) : null;
      return named?.[1] ?? 'unknown';
    }
  }
  return null;
}

/** Ends every session of the member (logout everywhere): bumps the session version; returns the new version. */
export async function bumpSessionVersion(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? null;
}

/** Stores a new password hash and ends every session of the member; returns the new session version. */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? null;
}

/** Replaces the stored hash without ending sessions (a re-hash with stronger parameters at sign-in). */
export async function rehashPassword(db: Db, userId: string, oldHash: string, newHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, oldHash)));
}

/** Stores the member's first and last name (already checked by the sdk's rules). */
export async function setUserName(db: Db, userId: string, firstName: string, lastName: string): Promise<void> {
  await db.update(users).set({ firstName, lastName }).where(eq(users.id, userId));
}

/**
 * Marks the member's address confirmed at `now`, if it is still `email` (a link for an address the
 * member has since left confirms nothing). True when it did.
 */
export async function markEmailVerified(db: Db, userId: string, email: string, now: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: new Date(now) })
    .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.closedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Moves the member to `email` (lower-cased, free), confirmed at `now`: the link that moved them reached it. */
export async function setUserEmail(db: Db, userId: string, email: string, now: number): Promise<void> {
  await db
    .update(users)
    .set({ email, emailVerifiedAt: new Date(now) })
    .where(eq(users.id, userId));
}

/** Records the member's onboarding goal. */
export async function setUserGoal(db: Db, userId: string, goal: string): Promise<void> {
  await db.update(users).set({ goal }).where(eq(users.id, userId));
}

/** The stored form of a reset token: its SHA-256, hex. */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stores a reset token (its hash only) for the member, valid until `expiresAt`. */
export async function insertPasswordReset(db: Db, userId: string, token: string, expiresAt: Date): Promise<void> {
  await db.insert(passwordResets).values({ tokenHash: resetTokenHash(token), userId, expiresAt });
}

/** The member a reset token belongs to when it is unused and unexpired at `now`, else null (a read; using it is consumePasswordReset). */
export async function usableResetOwner(db: Db, token: string, now: Date): Promise<UserRow | null> {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, resetTokenHash(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .limit(1);
  return row === undefined ? null : findUserById(db, row.userId);
}

/**
 * Uses the reset token: marks it used if it is unused and unexpired at `now`, and returns its
 * member's id; null otherwise. One statement, so two concurrent uses cannot both succeed.
 */
export async function consumePasswordReset(db: Db, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, resetTokenHash(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/** Marks every unused reset token of the member used (after a password change or reset). */
export async function revokePasswordResets(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
