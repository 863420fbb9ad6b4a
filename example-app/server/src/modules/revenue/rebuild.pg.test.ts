// A member's revenue rebuilt while another process writes their ledger, on real PostgreSQL (a
// database of its own on the test run's cluster, test/postgres.ts): the rebuild on one connection
// pool, the write on another, each held at a known point by row locks (no sleeps). The member's
// rows must end as the sdk's revenueChanges over the raw ledger and refunds, and the mark
// (member_revenue_stale) must outlive a rebuild that read it before the write, until a later one.
import { classifyRevenueChange, revenueChanges } from '@matchkit/sdk/billing';
import { getBrand } from '@matchkit/sdk/brands';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { ledger, memberRevenueChanges, memberRevenueStale, refunds, users } from '../../db/schema';
import { heldTransaction, openTwoPools, waitForLockWaits, type TwoPools } from '../../test/postgres-locks';
import { grantPlanForDemo } from '../billing/demo';
import { ledgerEventsOf } from '../members/access';
import { rebuildMembers, rebuildStale } from './rebuild';

const T = Date.parse('2026-03-02T10:00:00Z');
const DAY = 86_400_000;

describe('a revenue rebuild racing a ledger write on PostgreSQL', () => {
  const brand = getBrand('primary');
  let pools: TwoPools | undefined;
  /** The process that rebuilds. */
  let a: Database;
  /** The process that writes the ledger. */
  let b: Database;
  let serial = 0;

  beforeAll(async () => {
    pools = await openTwoPools();
    ({ a, b } = pools);
  }, 60_000);
  afterAll(async () => {
    await pools?.close();
  });

  /** A member on platinum, paid monthly from T; returns their id and their first payment's id. */
  async function member(): Promise<{ id: string; term1: string }> {
    serial += 1;
    const id = `u_revenue_pg_${serial}`;
    await b.db.insert(users).values({
      id,
      email: `${id}@example.test`,
      username: id,
      firstName: 'Test',
      lastName: 'Member',
      passwordHash: 'x',
      referralCode: `REVPG${serial}`,
      adultConfirmedAt: new Date(T),
      createdAt: new Date(T),
    });
    const sub = await grantPlanForDemo(b.db, brand, id, 'platinum', 'month', T);
    return { id, term1: `${sub}:term-1` };
  }

  /** The member's changes as stored: [ISO instant, before, after, kind]. */
  async function stored(userId: string) {
    const rows = await a.db.select().from(memberRevenueChanges).where(eq(memberRevenueChanges.userId, userId));
    return rows.map((r) => [r.at.toISOString(), r.before, r.after, r.kind]).sort();
  }

  /** The same by the sdk's revenueChanges over the member's raw ledger and refunds, without `leaving` out. */
  async function expected(userId: string, leaving: { ledger?: string; refund?: string } = {}) {
    const grants = (await a.db.select().from(ledger).where(eq(ledger.userId, userId))).filter((g) => g.id !== leaving.ledger);
    const refunded = (await a.db.select().from(refunds).where(eq(refunds.userId, userId))).filter((r) => r.paymentId !== leaving.refund);
    return revenueChanges(brand, ledgerEventsOf(grants, refunded))
      .map((c) => [new Date(c.at).toISOString(), c.before, c.after, classifyRevenueChange(c)])
      .sort();
  }

  const mark = async (userId: string) =>
    (await a.db.select().from(memberRevenueStale).where(eq(memberRevenueStale.userId, userId)))[0]?.version ?? null;

  /** Waits until a statement of this database starting with `prefix` waits on a lock. */
  const waitingOn = (prefix: string) => waitForLockWaits(b.db, prefix);

  // Guards: rebuild.ts's version check (a change committed after the rebuild read the mark keeps it).
  it('keeps the mark of a renewal committed between the rebuild’s reads and its writes, and a later rebuild counts it', async () => {
    const m = await member();
    await rebuildMembers(a.db, brand, [m.id]);
    expect(await mark(m.id)).toBeNull();
    // A plan change marks the member again (version 1).
    await b.db.update(ledger).set({ plan: 'diamond' }).where(eq(ledger.id, m.term1));
    expect(await mark(m.id)).toBe(1);
    // The rebuild reads the mark and the ledger, then waits to delete the member's rows: another
    // transaction holds them.
    const blocker = await heldTransaction(a, (tx) =>
      tx.execute(sql`select 1 from member_revenue_changes where user_id = ${m.id} for update`),
    );
    const rebuilding = rebuildMembers(a.db, brand, [m.id]);
    await waitingOn('delete from "member_revenue_changes"');
    // Meanwhile the other process records the renewal, committed at once.
    const [term1] = await b.db.select().from(ledger).where(eq(ledger.id, m.term1));
    const renewal = `${m.id}:renewal`;
    await b.db.insert(ledger).values({
      id: renewal,
      userId: m.id,
      type: 'payment',
      plan: 'diamond',
      amount: 4999,
      periodStart: term1?.periodEnd ?? new Date(T + 31 * DAY),
      periodEnd: new Date((term1?.periodEnd.getTime() ?? T + 31 * DAY) + 30 * DAY),
      at: new Date(T + 28 * DAY),
    });
    expect(await mark(m.id)).toBe(2);
    await blocker.commit();
    await rebuilding;
    // The rebuild wrote what it read (the ledger before the renewal) and left the newer mark.
    expect(await stored(m.id)).toEqual(await expected(m.id, { ledger: renewal }));
    expect(await stored(m.id)).not.toEqual(await expected(m.id));
    expect(await mark(m.id)).toBe(2);
    // The next pass takes the member again: their revenue is the ledger's.
    await rebuildStale(a.db, brand);
    expect(await stored(m.id)).toEqual(await expected(m.id));
    expect(await mark(m.id)).toBeNull();
  });

  // Guards: the same check when the write is still in flight as the rebuild drops the mark.
  it('keeps the mark of a refund being committed as the rebuild drops the mark, and a later rebuild counts it', async () => {
    const m = await member();
    expect(await mark(m.id)).toBe(1);
    // The other process records a refund and has not committed: the member's mark is bumped (to 2)
    // in its transaction.
    const refunding = await heldTransaction(b, (tx) =>
      tx.insert(refunds).values({ paymentId: m.term1, userId: m.id, amount: 3999, at: new Date(T + 3 * DAY) }),
    );
    // The rebuild reads version 1 and the ledger without the refund, writes the rows, then waits
    // on the mark's row to drop it.
    const rebuilding = rebuildMembers(a.db, brand, [m.id]);
    await waitingOn('delete from "member_revenue_stale"');
    await refunding.commit();
    await rebuilding;
    expect(await stored(m.id)).toEqual(await expected(m.id, { refund: m.term1 }));
    expect(await stored(m.id)).not.toEqual(await expected(m.id));
    expect(await mark(m.id)).toBe(2);
    await rebuildStale(a.db, brand);
    expect(await stored(m.id)).toEqual(await expected(m.id));
    expect(await mark(m.id)).toBeNull();
  });
});
