// The funnel's first and second payments (member_milestones' paid1 and paid2, written by the
// ledger's trigger in the payment's own transaction: migrations 0017, 0021 and 0023) when payments
// of one member are committed at once by two server processes on real PostgreSQL (a database of its
// own on the test run's cluster, test/postgres.ts), each with its own connection pool. The expected
// stages are read from the raw ledger as migration 0021 defines them: the member's first two
// payments of more than 0 pence that buy a term (no base payment), by instant then id.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { ledger, memberMilestones, users } from '../../db/schema';
import { heldTransaction, openTwoPools, waitForLockWaits, type TwoPools } from '../../test/postgres-locks';

const T = Date.parse('2026-03-02T10:00:00Z');
const HOUR = 3_600_000;

describe('first and second payments committed at once by two processes on PostgreSQL', () => {
  let pools: TwoPools | undefined;
  let a: Database;
  let b: Database;
  let serial = 0;

  beforeAll(async () => {
    pools = await openTwoPools();
    ({ a, b } = pools);
  }, 60_000);
  afterAll(async () => {
    await pools?.close();
  });

  async function member(): Promise<string> {
    serial += 1;
    const id = `u_milestone_pg_${serial}`;
    await a.db.insert(users).values({
      id,
      email: `${id}@example.test`,
      username: id,
      firstName: 'Test',
      lastName: 'Member',
      passwordHash: 'x',
      referralCode: `MSPG${serial}`,
      adultConfirmedAt: new Date(T - 86_400_000),
      createdAt: new Date(T - 86_400_000),
    });
    return id;
  }

  const payment = (userId: string, id: string, at: number, basePaymentId: string | null = null) => ({
    id: `${userId}:${id}`,
    userId,
    type: 'payment' as const,
    plan: 'pro',
    amount: 1999,
    periodStart: new Date(at),
    periodEnd: new Date(at + 30 * 24 * HOUR),
    at: new Date(at),
    basePaymentId: basePaymentId === null ? null : `${userId}:${basePaymentId}`,
  });

  /** paid1 and paid2 as stored: stage -> ISO instant. */
  async function stages(userId: string): Promise<Record<string, string>> {
    const rows = await a.db.select().from(memberMilestones).where(eq(memberMilestones.userId, userId));
    return Object.fromEntries(rows.filter((r) => r.stage.startsWith('paid')).map((r) => [r.stage, r.at.toISOString()]));
  }

  /** paid1 and paid2 as the raw ledger defines them (migration 0021's recount). */
  async function fromLedger(userId: string): Promise<Record<string, string>> {
    const rows = await a.db.select().from(ledger).where(eq(ledger.userId, userId));
    const terms = rows
      .filter((r) => r.type === 'payment' && r.amount > 0 && r.basePaymentId === null)
      .sort((x, y) => x.at.getTime() - y.at.getTime() || (x.id < y.id ? -1 : 1));
    return Object.fromEntries(terms.slice(0, 2).map((r, i) => [`paid${i + 1}`, r.at.toISOString()]));
  }

  /** Waits until `n` ledger inserts of this database wait on a lock. */
  const ledgerInsertsWaiting = (n: number) => waitForLockWaits(a.db, 'insert into "ledger"', n);

  // Guards: the trigger orders paid1 and paid2 by the payments' instants, not by which committed first.
  it('makes the earlier payment the first though the later one was written first and commits first', async () => {
    const m = await member();
    // Process A writes the later payment (its charge took longer to be recorded) and has not committed.
    const later = await heldTransaction(a, (tx) => tx.insert(ledger).values(payment(m, 'renewal', T + HOUR)));
    // Process B writes the earlier one: its trigger waits for A's transaction.
    const earlier = b.db
      .insert(ledger)
      .values(payment(m, 'checkout', T))
      .execute();
    await ledgerInsertsWaiting(1);
    await later.commit();
    await earlier;
    expect(await stages(m)).toEqual({ paid1: new Date(T).toISOString(), paid2: new Date(T + HOUR).toISOString() });
    expect(await stages(m)).toEqual(await fromLedger(m));
  });

  // Guards: one paid1 and one paid2 only, the upgrade's charge (a base payment) counted as neither.
  it('counts an upgrade committed meanwhile as no payment, and a third payment as neither stage', async () => {
    const m = await member();
    const first = await heldTransaction(a, (tx) => tx.insert(ledger).values(payment(m, 'term-1', T)));
    // Meanwhile process B records an upgrade on it and the next two terms: each waits for A (a
    // member's ledger writes queue on their revenue mark, migration 0020, if on nothing else).
    const upgrade = b.db
      .insert(ledger)
      .values(payment(m, 'upgrade', T + HOUR, 'term-1'))
      .execute();
    const second = b.db
      .insert(ledger)
      .values(payment(m, 'term-2', T + 2 * HOUR))
      .execute();
    const third = b.db
      .insert(ledger)
      .values(payment(m, 'term-3', T + 3 * HOUR))
      .execute();
    await ledgerInsertsWaiting(3);
    await first.commit();
    await Promise.all([upgrade, second, third]);
    expect(await stages(m)).toEqual({ paid1: new Date(T).toISOString(), paid2: new Date(T + 2 * HOUR).toISOString() });
    expect(await stages(m)).toEqual(await fromLedger(m));
  });

  // Guards: the same under free-running parallel payments (no holds), in either order of instants.
  it('agrees with the ledger for members whose payments race from both processes', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => member()));
    await Promise.all(
      members.flatMap((m, i) => {
        // Instants in an order that differs from the order of the writes for half of the members.
        const at = (k: number) => T + (i % 2 === 0 ? k : 3 - k) * HOUR;
        return [
          a.db.insert(ledger).values(payment(m, 'p0', at(0))),
          b.db.insert(ledger).values(payment(m, 'p1', at(1))),
          a.db.insert(ledger).values(payment(m, 'up', at(1) - 1, 'p0')),
          b.db.insert(ledger).values(payment(m, 'p2', at(2))),
        ];
      }),
    );
    for (const m of members) {
      const expected = await fromLedger(m);
      expect(Object.keys(expected)).toEqual(['paid1', 'paid2']);
      expect(await stages(m)).toEqual(expected);
    }
  });
});
