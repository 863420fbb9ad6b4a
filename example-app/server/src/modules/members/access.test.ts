import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilitiesAt } from '@matchkit/sdk/billing';
import { authenticate, authenticateMember } from '../../context';
import { ledger, refunds, users } from '../../db/schema';
import { createTestApp, memberWithPlan, type TestApp } from '../../test/app';
import { ledgerEventsOf, loadMemberAccess, loadMemberRecord } from './access';

const DAY = 86_400_000;

/** The member's ledger and refunds read table by table, as the server read them before one query did. */
async function perTable(t: TestApp, userId: string) {
  const db = t.database.db;
  const grants = await db.select().from(ledger).where(eq(ledger.userId, userId));
  const ids = grants.map((g) => g.id);
  const refunded =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(refunds)
          .where(and(eq(refunds.userId, userId), inArray(refunds.paymentId, ids)));
  return { grants, refunded };
}

const byId = <T extends { id: string }>(rows: readonly T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
const byPayment = <T extends { paymentId: string }>(rows: readonly T[]) => [...rows].sort((a, b) => a.paymentId.localeCompare(b.paymentId));

describe('the member record (one query for the member, their ledger and its refunds)', () => {
  let t: TestApp;
  let run = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  it('reads the same ledger and refunds as the per-table selects, and the access the sdk computes from them', async () => {
    const plans = ['platinum', 'diamond', 'pro', 'pro-plus'];
    const grant = fc.record({
      type: fc.constantFrom('payment' as const, 'trial' as const),
      plan: fc.constantFrom(...plans),
      startDay: fc.integer({ min: -60, max: 10 }),
      days: fc.integer({ min: 1, max: 40 }),
      refunded: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(grant, { maxLength: 6 }),
        fc.array(grant, { maxLength: 3 }),
        fc.boolean(),
        async (mine, others, strayRefund) => {
          run += 1;
          const db = t.database.db;
          const now = t.clock();
          const [me, other] = [`u_rec${run}a`, `u_rec${run}b`];
          for (const id of [me, other]) {
            await db.insert(users).values({
              id,
              email: `${id}@example.test`,
              username: id,
              firstName: 'A',
              lastName: 'B',
              passwordHash: 'x',
              referralCode: id.toUpperCase(),
              adultConfirmedAt: new Date(now),
              createdAt: new Date(now),
            });
          }
          for (const [owner, grants] of [
            [me, mine],
            [other, others],
          ] as const) {
            for (const [i, g] of grants.entries()) {
              const id = `${owner}:term-${i + 1}`;
              const start = now + g.startDay * DAY;
              await db.insert(ledger).values({
                id,
                userId: owner,
                type: g.type,
                plan: g.plan,
                amount: g.type === 'trial' ? 0 : 4999,
                periodStart: new Date(start),
                periodEnd: new Date(start + g.days * DAY),
                at: new Date(start),
              });
              if (g.refunded && g.type === 'payment')
                await db.insert(refunds).values({ paymentId: id, userId: owner, amount: 4999, at: new Date(start + DAY) });
            }
          }
          // A refund row naming the other member's payment but recorded against this member is not theirs.
          const otherPayment = others.findIndex((g) => g.type === 'payment' && !g.refunded);
          if (strayRefund && otherPayment >= 0)
            await db.insert(refunds).values({ paymentId: `${other}:term-${otherPayment + 1}`, userId: me, amount: 1, at: new Date(now) });

          const record = await loadMemberRecord(db, me);
          const expected = await perTable(t, me);
          expect(record?.user.id).toBe(me);
          expect(byId(record?.grants ?? [])).toEqual(
            byId(expected.grants).map(({ id, type, plan, periodStart, periodEnd, at, basePaymentId }) => ({
              id,
              type,
              plan,
              periodStart,
              periodEnd,
              at,
              basePaymentId,
            })),
          );
          expect(byPayment(record?.refunds ?? [])).toEqual(byPayment(expected.refunded).map(({ paymentId, at }) => ({ paymentId, at })));
          const access = await loadMemberAccess(db, t.app.deps.brand, me, now);
          const held = capabilitiesAt(t.app.deps.brand, ledgerEventsOf(expected.grants, expected.refunded), now);
          expect(access?.capabilities).toEqual([...held.capabilities]);
          expect(access?.plans).toEqual([...held.plans]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('is null for an unknown member; a member with no ledger has an empty one', async () => {
    expect(await loadMemberRecord(t.database.db, 'u_nobody')).toBeNull();
    await memberWithPlan(t, 'u_rec_plain', null);
    expect(await loadMemberRecord(t.database.db, 'u_rec_plain')).toMatchObject({ user: { id: 'u_rec_plain' }, grants: [], refunds: [] });
  });

  it('authenticates as authenticate does: the session version must still be the member’s', async () => {
    const token = await memberWithPlan(t, 'u_rec_auth', 'diamond');
    const deps = t.app.deps;
    const now = t.clock();
    const both = await authenticateMember(deps, { authorization: `Bearer ${token}` }, now);
    expect(both?.viewer).toEqual(await authenticate(deps, { authorization: `Bearer ${token}` }, now));
    expect(both?.record.grants.map((g) => g.plan)).toEqual(['diamond']);
    await t.database.db.update(users).set({ sessionVersion: 1 }).where(eq(users.id, 'u_rec_auth'));
    expect(await authenticateMember(deps, { authorization: `Bearer ${token}` }, now)).toBeNull();
    expect(await authenticate(deps, { authorization: `Bearer ${token}` }, now)).toBeNull();
    expect(await authenticateMember(deps, { authorization: 'Bearer nope' }, now)).toBeNull();
  });

  it('answers an authenticated me + myTools with one database query, and sees a plan bought by an earlier request', async () => {
    const token = await memberWithPlan(t, 'u_rec_one', null);
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query;
    let queries = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      queries += 1;
      return original.apply(this, args);
    };
    try {
      const before = await t.gql<{ me: { capabilities: string[] }; myTools: { slug: string }[] }>(
        '{ me { capabilities } myTools { slug } }',
        {},
        { token },
      );
      expect(queries).toBe(1);
      expect(before.data?.me.capabilities).toEqual([]);
      const now = t.clock();
      await t.database.db.insert(ledger).values({
        id: 'u_rec_one:term-1',
        userId: 'u_rec_one',
        type: 'payment',
        plan: 'diamond',
        amount: 4999,
        periodStart: new Date(now - DAY),
        periodEnd: new Date(now + 20 * DAY),
        at: new Date(now - DAY),
      });
      queries = 0;
      const after = await t.gql<{ me: { capabilities: string[] }; myTools: { slug: string }[] }>(
        '{ me { capabilities } myTools { slug } }',
        {},
        { token },
      );
      expect(queries).toBe(1);
      expect(after.data?.me.capabilities.length).toBeGreaterThan(0);
      expect(after.data?.myTools.length).toBeGreaterThan(before.data?.myTools.length ?? 0);
    } finally {
      client.query = original;
    }
  });
});
