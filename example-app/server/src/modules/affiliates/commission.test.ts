import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { affiliateEntries } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember } from '../billing/testing';
import { loadAffiliateLedger, recordCommission, recordReversal } from './commission';

const brand = getBrand('primary');

describe('the stored affiliate rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  it('property: for any payments and full refunds, the stored commissions total floor(40% x net revenue), and the sdk ledger agrees', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ amount: fc.integer({ min: 0, max: 200_000 }), refunded: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        async (payments) => {
          const affiliate = await addMember(t);
          const member = await addMember(t, { referredBy: affiliate.id });
          const db = t.database.db;
          let at = t.clock();
          for (const [i, p] of payments.entries()) {
            at += 1000;
            const payment = { paymentId: `${member.id}:p${i}`, userId: member.id, amount: p.amount, at, cardFingerprint: null };
            await db.transaction((tx) => recordCommission(tx, brand, payment));
            // Recording the same payment again changes nothing.
            await db.transaction((tx) => recordCommission(tx, brand, payment));
          }
          for (const [i, p] of payments.entries()) {
            if (!p.refunded) continue;
            at += 1000;
            await db.transaction((tx) => recordReversal(tx, brand, { paymentId: `${member.id}:p${i}`, amount: p.amount, at }));
          }
          const rows = await db.select().from(affiliateEntries).where(eq(affiliateEntries.affiliateId, affiliate.id));
          const earned = rows.filter((r) => r.kind === 'payment').reduce((s, r) => s + r.commission, 0);
          const reversed = rows.filter((r) => r.kind === 'refund').reduce((s, r) => s + r.commission, 0);
          const net = payments.reduce((s, p) => s + (p.refunded ? 0 : p.amount), 0);
          expect(earned - reversed).toBe(Math.floor((net * 2) / 5));
          const ledger = await loadAffiliateLedger(db, brand, affiliate.id);
          expect([ledger.earned, ledger.reversed, ledger.total]).toEqual([earned, reversed, earned - reversed]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('no commission for a member nobody referred', async () => {
    const member = await addMember(t);
    await t.database.db.transaction((tx) =>
      recordCommission(tx, brand, { paymentId: `${member.id}:p`, userId: member.id, amount: 3999, at: t.clock(), cardFingerprint: null }),
    );
    expect(await t.database.db.select().from(affiliateEntries).where(eq(affiliateEntries.referredId, member.id))).toEqual([]);
  });
});
