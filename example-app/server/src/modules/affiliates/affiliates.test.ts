import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { commissionReversal } from '@matchkit/sdk/referrals';
import { affiliateEntries, ledger, refunds, subscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { runRenewalPass } from '../billing/renewals';
import { addMember, buy, holdings, must, provider, tokenFor } from '../billing/testing';
import { statementOf } from './testing';

const brand = getBrand('primary');
const EARNINGS = `query ($from: DateTime, $to: DateTime) {
  affiliateEarnings(from: $from, to: $to) { commissionRate total earned reversed pending paid months { month revenue commission earned reversed paid pending } }
}`;
interface Earnings {
  commissionRate: number;
  total: number;
  earned: number;
  reversed: number;
  pending: number;
  paid: number;
  months: { month: string; revenue: number; commission: number; earned: number; reversed: number; paid: number; pending: number }[];
}

describe('referrals and affiliate commission', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const earnings = async (userId: string, from?: string, to?: string) => {
    const r = await t.gql<{ affiliateEarnings: Earnings }>(EARNINGS, { from, to }, { token: await tokenFor(t, userId) });
    expect(r.errors).toBeUndefined();
    return must(r.data).affiliateEarnings;
  };
  const admin = async () => (await addMember(t, { admin: true })).id;
  const refund = async (adminId: string, paymentId: string) =>
    t.gql<{ adminRefundPayment: { ok: boolean; error: { code: string; field: string } | null } }>(
      'mutation ($id: ID!) { adminRefundPayment(paymentId: $id) { ok error { code field } } }',
      { id: paymentId },
      { token: await tokenFor(t, adminId) },
    );
  const payout = async (adminId: string, member: string, amount: number, more: { paidAt?: string; reference?: string } = {}) =>
    t.gql<{ adminRecordPayout: { ok: boolean; error: { code: string; field: string; message: string } | null } }>(
      'mutation ($input: PayoutInput!) { adminRecordPayout(input: $input) { ok error { code field message } } }',
      { input: { member, amount, reference: 'BACS 0001', ...more } },
      { token: await tokenFor(t, adminId) },
    );

  const statement = (userId: string) => statementOf(t, userId);
  const review = async (adminId: string, id: string, decision: 'APPROVE' | 'REJECT') =>
    t.gql<{ adminReviewCommission: { ok: boolean; error: { code: string; field: string } | null } }>(
      'mutation ($input: CommissionReviewInput!) { adminReviewCommission(input: $input) { ok error { code field } } }',
      { input: { id, decision } },
      { token: await tokenFor(t, adminId) },
    );

  it('a referred member pays: the affiliate sees exactly floor(40% x the payment), the carried fraction on the next', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const affiliate = await addMember(t);
    const { id } = await addMember(t, { referredBy: affiliate.id });
    await buy(t, id, 'platinum', 'month'); // a 7-day trial: nothing paid yet
    expect((await earnings(affiliate.id)).total).toBe(0);
    t.clock.set('2026-03-09T10:00:00Z');
    await runRenewalPass(t.app.deps, t.clock());
    await provider(t).idle(); // commission is recorded from the provider's charge.succeeded
    const first = await earnings(affiliate.id);
    expect(first).toEqual({
      commissionRate: 0.4,
      total: 1599, // floor(0.4 x 3999) = floor(1599.6)
      earned: 1599,
      reversed: 0,
      pending: 1599,
      paid: 0,
      months: [{ month: '2026-03', revenue: 3999, commission: 1599, earned: 1599, reversed: 0, paid: 0, pending: 1599 }],
    });
    t.clock.set('2026-04-02T09:00:00Z');
    await runRenewalPass(t.app.deps, t.clock());
    await provider(t).idle();
    const second = await earnings(affiliate.id);
    expect([second.total, second.earned]).toEqual([3199, 3199]); // floor(0.4 x 7998): the two 0.6p make a penny
    expect(second.months.map((m) => [m.month, m.earned])).toEqual([
      ['2026-03', 1599],
      ['2026-04', 1600],
    ]);
    // A period: April alone, and the balance owed at its end.
    const april = await earnings(affiliate.id, '2026-04-01T00:00:00+01:00', '2026-05-01T00:00:00+01:00');
    expect([april.earned, april.total, april.pending, april.months.map((m) => m.month)]).toEqual([1600, 1600, 3199, ['2026-04']]);
    const march = await earnings(affiliate.id, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00+01:00');
    expect([march.earned, march.pending]).toEqual([1599, 1599]);
  });

  it('referrals: the code, the link on PUBLIC_ORIGIN, counts and the referred members without personal data', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const affiliate = await addMember(t);
    const paying = await addMember(t, { referredBy: affiliate.id });
    // Referrals are listed by when they joined: the second joins a minute later.
    t.clock.advance(60_000);
    await addMember(t, { referredBy: affiliate.id });
    await buy(t, paying.id, 'diamond', 'year');
    const r = await t.gql<{
      referrals: {
        referralCode: string;
        referralUrl: string;
        referredCount: number;
        activeCount: number;
        referrals: Record<string, unknown>[];
        earnings: { total: number };
      };
    }>(
      '{ referrals { referralCode referralUrl referredCount activeCount referrals { id joinedAt plan active } earnings { total } } }',
      {},
      { token: await tokenFor(t, affiliate.id) },
    );
    expect(r.errors).toBeUndefined();
    const s = must(r.data).referrals;
    expect(s.referralCode).toBe(affiliate.code);
    expect(s.referralUrl).toBe(`http://localhost:3000/refer?code=${affiliate.code}`);
    expect([s.referredCount, s.activeCount]).toEqual([2, 1]);
    expect(s.referrals.map((x) => [x.plan, x.active])).toEqual([
      ['diamond', true],
      [null, false],
    ]);
    expect(JSON.stringify(s.referrals)).not.toContain(paying.id);
    expect(Object.keys(s.referrals[0] ?? {}).sort()).toEqual(['active', 'id', 'joinedAt', 'plan']);
    expect(s.earnings.total).toBe(18_000);
  });

  it('an administrator refund: provider refunded, refunds row, commission reversed, capabilities gone at once, nothing renewed', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const affiliate = await addMember(t);
    const { id } = await addMember(t, { referredBy: affiliate.id });
    const other = await addMember(t, { referredBy: affiliate.id });
    await buy(t, other.id, 'platinum', 'year'); // 35000: earns 14000
    const checkout = await buy(t, id, 'pro', 'year'); // 99500: earns 39800
    expect((await holdings(t, id)).capabilities).toEqual([...grantedCapabilities(brand, 'pro')].sort());
    const [payment] = await t.database.db.select().from(ledger).where(eq(ledger.userId, id));
    const adminId = await admin();
    t.clock.advance(3600_000);
    const r = await refund(adminId, must(payment).id);
    expect(r.data?.adminRefundPayment).toEqual({ ok: true, error: null });
    await provider(t).idle(); // the provider's charge.refunded webhook finds the refund recorded
    expect((await holdings(t, id)).capabilities).toEqual([]);
    const charge = must(provider(t).charges.find((c) => c.key === checkout.id));
    expect(
      provider(t)
        .refunds.filter((x) => x.chargeId === charge.chargeId)
        .map((x) => x.amount),
    ).toEqual([99_500]);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.userId, id))).toHaveLength(1);
    const reversal = commissionReversal(brand, 99_500, { revenueBefore: 35_000 + 99_500 });
    const e = await earnings(affiliate.id);
    expect([e.earned, e.reversed, e.total]).toEqual([14_000 + 39_800, reversal, 14_000]);
    expect(reversal).toBe(39_800);
    const rows = await t.database.db.select().from(affiliateEntries).where(eq(affiliateEntries.affiliateId, affiliate.id));
    expect(rows.filter((x) => x.kind === 'refund')).toHaveLength(1);
    // The subscription is cancelled: its renewal is never charged.
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(must(sub).changes.map((c) => c.type)).toEqual(['cancel']);
    t.clock.set('2027-03-01T00:00:00Z');
    const pass = await runRenewalPass(t.app.deps, t.clock());
    expect(pass.charged.filter((x) => x.startsWith(must(sub).id))).toEqual([]);
    // A second refund of the same payment is a conflict; an unknown payment is not found.
    expect((await refund(adminId, must(payment).id)).data?.adminRefundPayment.error).toEqual({ code: 'CONFLICT', field: 'paymentId' });
    expect((await refund(adminId, 'sub_nothing:term-1')).data?.adminRefundPayment.error).toEqual({ code: 'NOT_FOUND', field: 'paymentId' });
  });

  it("a refund made at the provider's console arrives by webhook and is recorded once, with its reversal", async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const affiliate = await addMember(t);
    const { id } = await addMember(t, { referredBy: affiliate.id });
    const checkout = await buy(t, id, 'diamond', 'year');
    const charge = must(provider(t).charges.find((c) => c.key === checkout.id));
    await provider(t).refund({ chargeId: charge.chargeId, amount: charge.amount, idempotencyKey: 'console' });
    await provider(t).idle();
    expect((await holdings(t, id)).capabilities).toEqual([]);
    expect((await earnings(affiliate.id)).total).toBe(0);
  });

  it('payouts: only from what is payable (after the refund window), with a date and reference, in the statement', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const affiliate = await addMember(t);
    const { id } = await addMember(t, { referredBy: affiliate.id });
    await buy(t, id, 'platinum', 'year'); // earns 14000
    const adminId = await admin();
    t.clock.advance(60_000);
    // Inside the refund window nothing is payable yet.
    expect((await payout(adminId, affiliate.id, 1)).data?.adminRecordPayout.error).toMatchObject({
      code: 'BAD_INPUT',
      field: 'input.amount',
      message: 'The payout exceeds what is payable (0 pence)',
    });
    t.clock.set('2026-03-16T10:00:00Z'); // 14 days after the payment
    expect((await payout(adminId, affiliate.id, 14_001)).data?.adminRecordPayout.error).toMatchObject({
      code: 'BAD_INPUT',
      field: 'input.amount',
      message: 'The payout exceeds what is payable (14000 pence)',
    });
    expect((await payout(adminId, affiliate.id, 1, { paidAt: '2026-03-17T10:00:00Z' })).data?.adminRecordPayout.error).toMatchObject({
      code: 'BAD_INPUT',
      field: 'input.paidAt',
    });
    expect((await payout(adminId, affiliate.id, 1, { reference: ' ' })).data?.adminRecordPayout.error).toMatchObject({
      code: 'BAD_INPUT',
      field: 'input.reference',
    });
    expect((await payout(adminId, affiliate.id, 0)).data?.adminRecordPayout.error).toMatchObject({
      code: 'BAD_INPUT',
      field: 'input.amount',
    });
    expect((await payout(adminId, 'u_nobody', 100)).data?.adminRecordPayout.error).toMatchObject({
      code: 'NOT_FOUND',
      field: 'input.member',
    });
    // A payout needs the affiliate's confirmed address.
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, affiliate.id));
    expect((await payout(adminId, affiliate.id, 10_000)).data?.adminRecordPayout.error).toEqual({
      code: 'FORBIDDEN',
      field: 'input.member',
      message: 'This member has not confirmed their email address yet: a payout needs a confirmed address.',
    });
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date(t.clock()) })
      .where(eq(users.id, affiliate.id));
    expect((await payout(adminId, affiliate.id, 10_000)).data?.adminRecordPayout).toEqual({ ok: true, error: null });
    const e = await earnings(affiliate.id);
    expect([e.total, e.paid, e.pending]).toEqual([14_000, 10_000, 4_000]);
    const s = await statement(affiliate.id);
    expect([s.pending, s.underReview, s.payable, s.paid, s.total]).toEqual([0, 0, 4_000, 10_000, 14_000]);
    expect(s.payouts).toEqual([{ paidAt: '2026-03-16T10:00:00.000Z', amount: 10_000, reference: 'BACS 0001' }]);
  });

  it('a member who is not an administrator gets FORBIDDEN from the admin mutations; a visitor UNAUTHENTICATED', async () => {
    const member = await addMember(t);
    await buy(t, member.id, 'pro-plus', 'year');
    const [payment] = await t.database.db.select().from(ledger).where(eq(ledger.userId, member.id));
    const r1 = await refund(member.id, must(payment).id);
    expect(r1.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const r2 = await payout(member.id, member.id, 1);
    expect(r2.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const r3 = await t.gql('{ adminHeldCommission { id } }', {}, { token: await tokenFor(t, member.id) });
    expect(r3.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const r4 = await review(member.id, 'x:payment', 'APPROVE');
    expect(r4.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await holdings(t, member.id)).capabilities).toEqual([...grantedCapabilities(brand, 'pro-plus')].sort());
    const anon = await t.gql('mutation { adminRefundPayment(paymentId: "x") { ok } }');
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
