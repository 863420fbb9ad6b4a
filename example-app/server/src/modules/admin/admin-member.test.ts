// Query.adminMember against the handler on a cloned PGlite: refused to members, and an
// administrator's view of a paying member's ledger, before and after a refund. Expected figures
// come from the spec (platinum is £39.99 a month), never from the code under test.
import { eq } from 'drizzle-orm';
import { qualifierInput, RECORD } from '../tracker/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';

const MEMBER = `query($id: ID!) {
  adminMember(id: $id) {
    member { id username segment tier capabilities additionalCapabilities }
    payments { id type plan amount at refunded refundedAt refundedAmount }
    receipts { id }
    activeSessions
    referrals
    tracker { betCount staked }
  }
}`;
const REFUND = 'mutation ($id: ID!) { adminRefundPayment(paymentId: $id) { ok error { code message } } }';

interface Page {
  adminMember: {
    member: {
      id: string;
      username: string;
      segment: string | null;
      tier: string;
      capabilities: string[];
      additionalCapabilities: string[];
    };
    payments: {
      id: string;
      type: string;
      plan: string;
      amount: number;
      at: string;
      refunded: boolean;
      refundedAt: string | null;
      refundedAmount: number | null;
    }[];
    receipts: { id: string }[];
    activeSessions: number;
    referrals: number;
    tracker: { betCount: number; staked: number };
  } | null;
}

describe('Query.adminMember (primary brand)', () => {
  let t: TestApp;
  let admin: FixtureMember;
  let payer: FixtureMember;
  let free: FixtureMember;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await addMember(t, { username: 'the_admin', additionalCapabilities: ['PA-CAP-028'] });
    payer = await addMember(t, { username: 'payer', plan: 'platinum' });
    free = await addMember(t, { username: 'free_one' });
    // Two members joined with the payer's referral code.
    for (const username of ['ref_a', 'ref_b']) {
      const m = await addMember(t, { username });
      await t.database.db.update(users).set({ referredBy: payer.id }).where(eq(users.id, m.id));
    }
  });
  afterAll(() => t.stop());

  it('is FORBIDDEN to a member who is not an administrator (paying or free), UNAUTHENTICATED to a visitor', async () => {
    for (const token of [payer.token, free.token]) {
      const r = await t.gql<Page>(MEMBER, { id: payer.id }, { token });
      expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(r.data?.adminMember ?? null).toBeNull();
    }
    const anon = await t.gql<Page>(MEMBER, { id: payer.id });
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("gives an administrator the member's plan, payments, sessions and referrals; null for no such member", async () => {
    const r = await t.gql<Page>(MEMBER, { id: payer.id }, { token: admin.token });
    expect(r.errors).toBeUndefined();
    const page = r.data?.adminMember;
    expect(page?.member).toMatchObject({ id: payer.id, username: 'payer', tier: 'platinum', segment: 'platinum-current' });
    expect(page?.member.capabilities).toContain('PA-CAP-29');
    expect(page?.payments).toEqual([
      expect.objectContaining({ type: 'payment', plan: 'platinum', amount: 3999, refunded: false, refundedAt: null, refundedAmount: null }),
    ]);
    // The fixture writes no provider charge, so no receipt; the member signed in once.
    expect(page?.receipts).toEqual([]);
    expect(page?.activeSessions).toBe(1);
    expect(page?.referrals).toBe(2);
    // The profit tracker in total, by the sdk's trackerTotals: one qualifying bet recorded.
    const recorded = await t.gql(RECORD, { input: qualifierInput() }, { token: payer.token });
    expect(recorded.errors).toBeUndefined();
    const withBet = await t.gql<Page>(MEMBER, { id: payer.id }, { token: admin.token });
    expect(withBet.data?.adminMember?.tracker.betCount).toBe(1);
    expect(withBet.data?.adminMember?.tracker.staked).toBeGreaterThan(0);

    const none = await t.gql<Page>(MEMBER, { id: 'u_nobody' }, { token: admin.token });
    expect(none.errors).toBeUndefined();
    expect(none.data?.adminMember).toBeNull();
  });

  it('shows a refunded payment as refunded, and the member holding the plan no more', async () => {
    const before = await t.gql<Page>(MEMBER, { id: payer.id }, { token: admin.token });
    const payment = before.data?.adminMember?.payments[0];
    expect(payment).toBeDefined();
    const refund = await t.gql<{ adminRefundPayment: { ok: boolean } }>(REFUND, { id: payment?.id }, { token: admin.token });
    expect(refund.data?.adminRefundPayment.ok).toBe(true);
    const after = await t.gql<Page>(MEMBER, { id: payer.id }, { token: admin.token });
    const page = after.data?.adminMember;
    expect(page?.payments).toEqual([expect.objectContaining({ id: payment?.id, refunded: true, refundedAmount: 3999 })]);
    expect(Date.parse(page?.payments[0]?.refundedAt ?? '')).toBe(t.clock());
    expect(page?.member.tier).toBe('free');
    expect(page?.member.capabilities).not.toContain('PA-CAP-29');
  });
});
