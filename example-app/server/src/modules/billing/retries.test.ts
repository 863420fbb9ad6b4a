// Failed and retried renewals as the payment provider reports them, through signed webhooks: a
// charge.failed is the sdk's 'payment-failed' change; the provider's successful new attempt at that
// charge (charge.succeeded with the failed event in its metadata) is the sdk's 'payment-retried'
// change and the sdk's charge for the term; a retry the sdk refuses is refunded, never kept.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionEvents, subscriptionStatus, type SubscriptionInput } from '@matchkit/sdk/billing';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { affiliateCommission } from '@matchkit/sdk/referrals';
import { affiliateEntries, ledger, subscriptions, users } from '../../db/schema';
import { SIGNATURE_HEADER, signWebhook } from '../../payments/signature';
import { createTestApp, type TestApp } from '../../test/app';
import { runRenewalPass } from './renewals';
import { toSubscriptionInput } from './subscriptions';
import { addMember, buy, holdings, must, provider } from './testing';

const brand = getBrand('primary');
const DAY = 24 * 60 * 60 * 1000;

describe('failed and retried renewals reported by the provider (signed webhooks, the sdk rules)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  let eventCounter = 0;
  /** Sends a signed webhook event (a fresh event id unless given) and returns the server's answer. */
  const send = async (
    type: 'charge.failed' | 'charge.succeeded',
    data: Record<string, unknown>,
    id = `evt_retry_${(eventCounter += 1)}`,
  ) => {
    const body = JSON.stringify({ id, type, created: Math.floor(t.clock() / 1000), data });
    const r = await t.request('/api/payments/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signWebhook(t.config.secrets.PAYMENT_WEBHOOK_SECRET, body, t.clock()),
      },
      body,
    });
    expect(r.status).toBe(200);
    const answer = (await r.json()) as { received: boolean; duplicate: boolean };
    await provider(t).idle();
    return answer;
  };
  const subscriptionOf = async (userId: string) =>
    must((await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0], 'a subscription');
  const customerOf = async (userId: string) =>
    must((await t.database.db.select({ c: users.customerId }).from(users).where(eq(users.id, userId)))[0]?.c, 'a customer id');
  const rowsOf = async (userId: string) =>
    (await t.database.db.select().from(ledger).where(eq(ledger.userId, userId))).sort((a, b) => a.at.getTime() - b.at.getTime());
  const sorted = (plan: string) => [...grantedCapabilities(brand, plan)].sort();

  /** A referred member on a yearly diamond plan paid with the card that declines renewals, and its renewal instant and term end. */
  async function declinedRenewal() {
    t.clock.set('2026-03-02T10:00:00Z');
    const referrer = await addMember(t);
    const { id } = await addMember(t, { referredBy: referrer.id });
    await buy(t, id, 'diamond', 'year', 'pay', 'renewals-decline');
    const sub = await subscriptionOf(id);
    const status = subscriptionStatus(brand, toSubscriptionInput(sub), t.clock());
    const renewAt = must(status.nextCharge).at;
    const termEnd = must(status.currentTerm).end;
    return { id, referrerId: referrer.id, subId: sub.id, renewAt, termEnd, customerId: await customerOf(id), eventId: `${sub.id}:term-2` };
  }

  it("a charge.failed webhook on its own (the pass's answer lost) is the sdk's payment-failed change, made once", async () => {
    const m = await declinedRenewal();
    t.clock.set(m.renewAt + 60_000);
    const data = {
      chargeId: 'ch_test_lost_decline',
      customerId: m.customerId,
      amount: 45_000,
      reason: 'declined',
      metadata: { subscriptionId: m.subId, eventId: m.eventId },
    };
    expect(await send('charge.failed', data, 'evt_lost_decline')).toEqual({ received: true, duplicate: false });
    expect(await send('charge.failed', data, 'evt_lost_decline')).toEqual({ received: true, duplicate: true });
    const row = await subscriptionOf(m.id);
    expect(row.changes).toEqual([{ type: 'payment-failed', at: new Date(m.renewAt + 60_000).toISOString() }]);
    const status = subscriptionStatus(brand, toSubscriptionInput(row), t.clock());
    expect(status.paymentFailedAt).toBe(m.renewAt + 60_000);
    expect(status.accessEndsAt).toBe(m.termEnd);
    expect((await holdings(t, m.id)).billing?.nextChargeAt).toBeNull();
    // The pass has nothing to charge: the sdk charges nothing after a failure.
    const pass = await runRenewalPass(t.app.deps, t.clock());
    expect([...pass.charged, ...pass.declined].filter((e) => e.startsWith(m.subId))).toEqual([]);
  });

  it("the provider's successful retry is the sdk's payment-retried: the term is charged at the retry, with commission, access goes on and renewals resume", async () => {
    const m = await declinedRenewal();
    t.clock.set(m.renewAt);
    expect((await runRenewalPass(t.app.deps, t.clock())).declined).toContain(m.eventId);
    await provider(t).idle();
    const failed = await subscriptionOf(m.id);
    expect(failed.changes).toEqual([{ type: 'payment-failed', at: new Date(m.renewAt).toISOString() }]);

    // Two days later the provider's own retry succeeds.
    const retryAt = m.renewAt + 2 * DAY;
    t.clock.set(retryAt);
    const retried: SubscriptionInput = {
      ...toSubscriptionInput(failed),
      changes: [
        { type: 'payment-failed', at: m.renewAt },
        { type: 'payment-retried', at: retryAt },
      ],
    };
    const expected = must(
      subscriptionEvents(brand, retried, retryAt).find((e) => e.id === m.eventId),
      'the sdk charge of the retried term',
    );
    expect(expected.at).toBe(retryAt);
    const data = {
      chargeId: 'ch_test_retry_ok',
      customerId: m.customerId,
      amount: expected.type === 'payment' ? expected.amount : -1,
      metadata: { subscriptionId: m.subId, eventId: m.eventId },
    };
    expect(await send('charge.succeeded', data, 'evt_retry_ok')).toEqual({ received: true, duplicate: false });

    const row = await subscriptionOf(m.id);
    expect(row.changes).toEqual([
      { type: 'payment-failed', at: new Date(m.renewAt).toISOString() },
      { type: 'payment-retried', at: new Date(retryAt).toISOString() },
    ]);
    const term2 = must(
      (await rowsOf(m.id)).find((r) => r.id === m.eventId),
      'the term-2 row',
    );
    expect({
      at: term2.at.getTime(),
      amount: term2.amount,
      providerRef: term2.providerRef,
      periodStart: term2.periodStart.getTime(),
      periodEnd: term2.periodEnd.getTime(),
    }).toEqual({
      at: retryAt,
      amount: data.amount,
      providerRef: 'ch_test_retry_ok',
      periodStart: expected.periodStart,
      periodEnd: expected.periodEnd,
    });
    // The referrer's 40%, by the sdk, on top of the revenue of the member's first payment.
    const entries = await t.database.db.select().from(affiliateEntries).where(eq(affiliateEntries.affiliateId, m.referrerId));
    const first = must(
      entries.find((e) => e.paymentId !== m.eventId),
      'the first payment commission',
    );
    const commission = entries.filter((e) => e.paymentId === m.eventId);
    expect(commission.map((c) => [c.kind, c.amount, c.commission])).toEqual([
      ['payment', data.amount, affiliateCommission(brand, data.amount, { revenueBefore: first.amount })],
    ]);

    // Delivered again (same event, or the same charge under another event id): recorded once.
    expect(await send('charge.succeeded', data, 'evt_retry_ok')).toEqual({ received: true, duplicate: true });
    expect(await send('charge.succeeded', data)).toEqual({ received: true, duplicate: false });
    expect((await rowsOf(m.id)).filter((r) => r.id === m.eventId)).toHaveLength(1);
    expect((await subscriptionOf(m.id)).changes).toHaveLength(2);
    expect(provider(t).refunds.filter((r) => r.chargeId === 'ch_test_retry_ok')).toEqual([]);
    // A second, different charge for the same, already paid term: refunded, nothing recorded.
    await send('charge.succeeded', { ...data, chargeId: 'ch_test_retry_twice' });
    expect(
      provider(t)
        .refunds.filter((r) => r.chargeId === 'ch_test_retry_twice')
        .map((r) => r.amount),
    ).toEqual([data.amount]);
    expect((await rowsOf(m.id)).filter((r) => r.id === m.eventId)).toHaveLength(1);

    // Access goes on past the end of term 1, and the next renewal is due again, at the sdk's instant.
    const status = subscriptionStatus(brand, retried, retryAt);
    expect(status.paymentFailedAt).toBeNull();
    const next = must(status.nextCharge);
    expect((await holdings(t, m.id)).billing?.nextChargeAt).toBe(new Date(next.at).toISOString());
    t.clock.set(m.termEnd + DAY);
    expect((await holdings(t, m.id)).capabilities).toEqual(sorted('diamond'));
    t.clock.set(next.at);
    expect((await runRenewalPass(t.app.deps, t.clock())).declined).toContain(`${m.subId}:term-3`);
    await provider(t).idle();
  });

  it('a retry the sdk refuses (after access ended; after a failed first charge; at another price) is refunded and records nothing', async () => {
    // After access ended.
    const late = await declinedRenewal();
    t.clock.set(late.renewAt);
    await runRenewalPass(t.app.deps, t.clock());
    await provider(t).idle();
    const before = await subscriptionOf(late.id);
    t.clock.set(late.termEnd + 1);
    await send('charge.succeeded', {
      chargeId: 'ch_test_retry_late',
      customerId: late.customerId,
      amount: 45_000,
      metadata: { subscriptionId: late.subId, eventId: late.eventId },
    });
    expect(
      provider(t)
        .refunds.filter((r) => r.chargeId === 'ch_test_retry_late')
        .map((r) => r.amount),
    ).toEqual([45_000]);
    expect((await subscriptionOf(late.id)).changes).toEqual(before.changes);
    expect((await rowsOf(late.id)).map((r) => r.id)).not.toContain(late.eventId);
    expect((await holdings(t, late.id)).capabilities).toEqual([]);

    // A failed first charge at a trial's end: access ended then, so there is nothing to retry.
    t.clock.set('2026-03-02T10:00:00Z');
    const { id } = await addMember(t);
    await buy(t, id, 'platinum', 'month', 'pay', 'renewals-decline');
    const trial = await subscriptionOf(id);
    const end = must(subscriptionStatus(brand, toSubscriptionInput(trial), t.clock()).nextCharge).at;
    t.clock.set(end);
    expect((await runRenewalPass(t.app.deps, t.clock())).declined).toContain(`${trial.id}:term-1`);
    await provider(t).idle();
    t.clock.set(end + DAY);
    await send('charge.succeeded', {
      chargeId: 'ch_test_retry_trial',
      customerId: await customerOf(id),
      amount: 3999,
      metadata: { subscriptionId: trial.id, eventId: `${trial.id}:term-1` },
    });
    expect(
      provider(t)
        .refunds.filter((r) => r.chargeId === 'ch_test_retry_trial')
        .map((r) => r.amount),
    ).toEqual([3999]);
    expect((await rowsOf(id)).map((r) => r.type)).toEqual(['trial']);

    // A retry for another amount than the sdk's price of the term.
    const other = await declinedRenewal();
    t.clock.set(other.renewAt);
    await runRenewalPass(t.app.deps, t.clock());
    await provider(t).idle();
    t.clock.set(other.renewAt + DAY);
    await send('charge.succeeded', {
      chargeId: 'ch_test_retry_wrong',
      customerId: other.customerId,
      amount: 100,
      metadata: { subscriptionId: other.subId, eventId: other.eventId },
    });
    expect(
      provider(t)
        .refunds.filter((r) => r.chargeId === 'ch_test_retry_wrong')
        .map((r) => r.amount),
    ).toEqual([100]);
    expect((await subscriptionOf(other.id)).changes.map((c) => c.type)).toEqual(['payment-failed']);
  });
});
