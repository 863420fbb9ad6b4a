import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { REGISTER, gqlFrom, newMember } from '../accounts/test-support';
import { addMember, buy, must, provider, tokenFor } from '../billing/testing';
import { DEVICE_COOKIE } from './abuse';
import { statementOf } from './testing';

describe('commission that cannot be minted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  /** Signs up through the GraphQL register mutation from `ip`, with the device cookie `device` if given; returns the member's id and the Set-Cookie values. */
  const signUp = async (ip: string, device: string | null, referralCode?: string) => {
    const r = await gqlFrom<{ register: { ok: boolean; user: { uid: { global: string } } } }>(
      t,
      REGISTER,
      { input: newMember(referralCode === undefined ? {} : { referralCode }) },
      { ip, ...(device === null ? {} : { cookie: `${DEVICE_COOKIE}=${device}` }) },
    );
    expect(r.data?.register.ok).toBe(true);
    t.clock.advance(60_000); // members and payments are listed by instant: one a minute
    return { id: must(r.data).register.user.uid.global, cookies: r.headers.getSetCookie() };
  };
  const codeOf = async (id: string) =>
    must((await t.database.db.select({ code: users.referralCode }).from(users).where(eq(users.id, id)))[0]).code;
  const pay = async (userId: string, cardNumber: string) => {
    await buy(t, userId, 'pro-plus', 'year', 'pay', 'ok', cardNumber);
    t.clock.advance(60_000);
  };
  const view = (userId: string) => statementOf(t, userId);
  const admin = async () => (await addMember(t, { admin: true })).id;
  const held = async (adminId: string) => {
    const r = await t.gql<{ adminHeldCommission: { id: string; affiliate: string; member: string; commission: number; reason: string }[] }>(
      '{ adminHeldCommission { id affiliate member commission reason } }',
      {},
      { token: await tokenFor(t, adminId) },
    );
    expect(r.errors).toBeUndefined();
    return must(r.data).adminHeldCommission;
  };
  const review = async (adminId: string, id: string, decision: 'APPROVE' | 'REJECT') =>
    (
      await t.gql<{ adminReviewCommission: { ok: boolean; error: { code: string; field: string } | null } }>(
        'mutation ($input: CommissionReviewInput!) { adminReviewCommission(input: $input) { ok error { code field } } }',
        { input: { id, decision } },
        { token: await tokenFor(t, adminId) },
      )
    ).data?.adminReviewCommission;

  it('sign-up stores salted hashes of the address and a device cookie (HttpOnly, SameSite=Lax), never the address', async () => {
    const { id, cookies } = await signUp('198.51.100.7', null);
    const device = cookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    expect(device).toMatch(/; HttpOnly/);
    expect(device).toMatch(/; SameSite=Lax/);
    expect(device).toMatch(/; Max-Age=63072000/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(must(row).signupIpHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row)).not.toContain('198.51.100.7');
    // A browser that has the cookie keeps it: no new one is set.
    const again = await signUp('198.51.100.7', 'a-device-id-of-24-chars-x');
    expect(again.cookies.some((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toBe(false);
  });

  it('the sock-puppet scenario: three referrals from one address and device pay for pro plus yearly; all held, nothing payable', async () => {
    t.clock.set('2026-05-04T09:00:00Z');
    const referrer = await signUp('192.0.2.10', 'referrers-own-device-0001');
    const code = await codeOf(referrer.id);
    const puppets = [];
    for (let i = 0; i < 3; i += 1) puppets.push(await signUp('203.0.113.9', 'one-puppet-device-000001', code));
    // Different cards, so only the sign-up address and device give them away.
    for (const [i, p] of puppets.entries()) await pay(p.id, `4000 0000 0000 000${i}`);
    t.clock.set('2026-06-30T09:00:00Z'); // long after the refund window
    const s = await view(referrer.id);
    expect([s.underReview, s.pending, s.payable, s.paid, s.total]).toEqual([179_880, 0, 0, 0, 179_880]);
    expect(s.flags).toEqual([true, true, true]);
    expect(s.entries.map((e) => e.state)).toEqual(['UNDER_REVIEW', 'UNDER_REVIEW', 'UNDER_REVIEW']);
    // The referrer never sees why.
    expect(s.raw).not.toMatch(/signup|card|address|device/i);
    const adminId = await admin();
    const mine = (await held(adminId)).filter((h) => h.affiliate === referrer.id);
    expect(mine.map((h) => [h.reason, h.commission])).toEqual([
      ['SIGNUP', 59_960],
      ['SIGNUP', 59_960],
      ['SIGNUP', 59_960],
    ]);
    // A payout is refused: nothing is payable (the referrer's address is confirmed, so that is the reason).
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date(t.clock()) })
      .where(eq(users.id, referrer.id));
    const payout = await t.gql<{ adminRecordPayout: { error: { field: string } | null } }>(
      'mutation ($input: PayoutInput!) { adminRecordPayout(input: $input) { error { field } } }',
      { input: { member: referrer.id, amount: 1, reference: 'BACS 1' } },
      { token: await tokenFor(t, adminId) },
    );
    expect(payout.data?.adminRecordPayout.error).toEqual({ field: 'input.amount' });
    // Rejected, one earns nothing; approved, one becomes payable (its window has passed); decided once.
    expect(await review(adminId, must(mine[0]).id, 'REJECT')).toEqual({ ok: true, error: null });
    expect(await review(adminId, must(mine[1]).id, 'APPROVE')).toEqual({ ok: true, error: null });
    expect(await review(adminId, must(mine[1]).id, 'REJECT')).toEqual({ ok: false, error: { code: 'CONFLICT', field: 'input.id' } });
    const after = await view(referrer.id);
    expect([after.underReview, after.payable, after.total]).toEqual([59_960, 59_960, 119_920]);
    expect(after.entries.map((e) => e.state)).toEqual(['NOT_PAYABLE', 'PAYABLE', 'UNDER_REVIEW']);
  });

  it('a clean referral is pending until the refund window has passed; a refund inside it leaves the referrer nothing for it', async () => {
    t.clock.set('2026-07-01T09:00:00Z');
    const referrer = await signUp('192.0.2.20', 'clean-referrer-device-01');
    const code = await codeOf(referrer.id);
    const kept = await signUp('198.51.100.21', 'clean-friend-device-0001', code);
    const refunded = await signUp('198.51.100.22', 'clean-friend-device-0002', code);
    await pay(kept.id, '4111 1111 1111 1111');
    await pay(refunded.id, '5555 5555 5555 4444');
    const first = await view(referrer.id);
    expect([first.pending, first.underReview, first.payable]).toEqual([119_920, 0, 0]);
    t.clock.set('2026-07-05T09:00:00Z'); // inside the window
    const [payment] = await t.database.db.select().from(ledger).where(eq(ledger.userId, refunded.id));
    const adminId = await admin();
    const r = await t.gql<{ adminRefundPayment: { ok: boolean } }>(
      'mutation ($id: ID!) { adminRefundPayment(paymentId: $id) { ok } }',
      { id: must(payment).id },
      { token: await tokenFor(t, adminId) },
    );
    expect(r.data?.adminRefundPayment.ok).toBe(true);
    await provider(t).idle();
    t.clock.set('2026-07-15T09:02:59Z'); // a second before the window after the kept payment ends
    const inside = await view(referrer.id);
    expect([inside.pending, inside.payable, inside.total]).toEqual([59_960, 0, 59_960]);
    t.clock.set('2026-07-15T09:03:00Z');
    const after = await view(referrer.id);
    expect([after.pending, after.payable, after.total]).toEqual([0, 59_960, 59_960]);
    expect(after.entries.map((e) => [e.state, e.commission])).toEqual([
      ['PAYABLE', 59_960],
      ['NOT_PAYABLE', 0],
    ]);
  });

  it('the same card as another referral of the same referrer holds both (the earlier one while still pending)', async () => {
    t.clock.set('2026-08-03T09:00:00Z');
    const referrer = await signUp('192.0.2.30', 'card-referrer-device-001');
    const code = await codeOf(referrer.id);
    const a = await signUp('198.51.100.31', 'card-friend-device-00001', code);
    const b = await signUp('198.51.100.32', 'card-friend-device-00002', code);
    const c = await signUp('198.51.100.33', 'card-friend-device-00003', code);
    await pay(a.id, '4242 4242 4242 1111');
    expect((await view(referrer.id)).flags).toEqual([false, false, false]);
    t.clock.advance(86_400_000);
    await pay(b.id, '4242424242421111'); // the same number, typed without spaces
    await pay(c.id, '4242 4242 4242 2222');
    const s = await view(referrer.id);
    expect(s.flags).toEqual([true, true, false]);
    expect([s.underReview, s.pending]).toEqual([119_920, 59_960]);
    const reasons = (await held(await admin())).filter((h) => h.affiliate === referrer.id).map((h) => h.reason);
    expect(reasons).toEqual(['CARD', 'CARD']);
  });
});
