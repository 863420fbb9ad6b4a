// Test support (not a test file): the writes that change a member's kept record, as the app's
// write paths make them (each its own statement or transaction), for the kept-record property tests
// on PGlite (record-cache.test.ts) and on PostgreSQL (record-cache.pg.test.ts).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledger, refunds, sessions, users } from '../../db/schema';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-02T10:00:00Z');

/** A change to one member's record (or, for truncate-refunds, to every member's). */
export type MemberWrite =
  | { kind: 'logout' | 'rename' | 'capabilities' | 'refund' | 'drop-grant' | 'sign-in' | 'revoke' | 'close' | 'reopen'; member: string }
  | { kind: 'grant'; member: string; plan: string }
  | { kind: 'truncate-refunds' };

/** The member `id` as registered (again, after a closure deleted them). */
export async function registerMember(db: Db, id: string): Promise<void> {
  await db
    .insert(users)
    .values({
      id,
      email: `${id}@example.test`,
      username: id,
      firstName: 'A',
      lastName: 'B',
      passwordHash: 'x',
      referralCode: id.toUpperCase(),
      adultConfirmedAt: new Date(T0),
      createdAt: new Date(T0),
    })
    .onConflictDoNothing();
}

/** Makes `w` on `db`; `serial` makes each new row and name distinct. */
export async function writeMember(db: Db, w: MemberWrite, serial: number): Promise<void> {
  if (w.kind === 'truncate-refunds') {
    await db.execute(sql`truncate table refunds`);
    return;
  }
  const id = w.member;
  // A closed member's rows went with them: what needs the member waits for a reopening.
  const needsMember = w.kind === 'grant' || w.kind === 'sign-in' || w.kind === 'refund';
  if (needsMember && (await db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 0) return;
  switch (w.kind) {
    case 'logout':
      await db
        .update(users)
        .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(eq(users.id, id));
      return;
    case 'rename':
      await db
        .update(users)
        .set({ firstName: `A${serial}` })
        .where(eq(users.id, id));
      return;
    case 'capabilities':
      await db
        .update(users)
        .set({ additionalCapabilities: serial % 2 === 0 ? [] : ['oddsmatcher'] })
        .where(eq(users.id, id));
      return;
    case 'grant':
      await db
        .insert(ledger)
        .values({
          id: `pay_${serial}`,
          userId: id,
          type: 'payment',
          plan: w.plan,
          amount: 999,
          periodStart: new Date(T0),
          periodEnd: new Date(T0 + 30 * DAY),
          at: new Date(T0),
        })
        .onConflictDoNothing();
      return;
    case 'refund': {
      const [g] = await db.select({ id: ledger.id }).from(ledger).where(eq(ledger.userId, id)).limit(1);
      if (g !== undefined)
        await db
          .insert(refunds)
          .values({ paymentId: g.id, userId: id, amount: 999, at: new Date(T0 + DAY) })
          .onConflictDoNothing();
      return;
    }
    case 'drop-grant': {
      const [g] = await db.select({ id: ledger.id }).from(ledger).where(eq(ledger.userId, id)).limit(1);
      if (g !== undefined)
        await db.transaction(async (tx) => {
          await tx.delete(refunds).where(eq(refunds.paymentId, g.id));
          await tx.delete(ledger).where(eq(ledger.id, g.id));
        });
      return;
    }
    case 'sign-in':
      await db
        .insert(sessions)
        .values({
          id: `s_${serial}`,
          userId: id,
          createdAt: new Date(T0),
          lastSeenAt: new Date(T0),
          expiresAt: new Date(T0 + 30 * DAY),
          persistent: true,
        })
        .onConflictDoNothing();
      return;
    case 'revoke':
      await db
        .update(sessions)
        .set({ revokedAt: new Date(T0 + serial), revokedReason: 'signed-out' })
        .where(eq(sessions.userId, id));
      return;
    case 'close':
      await db.delete(users).where(eq(users.id, id));
      return;
    case 'reopen':
      await registerMember(db, id);
      return;
  }
}
