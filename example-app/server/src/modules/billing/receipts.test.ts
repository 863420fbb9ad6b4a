// Receipts and billing mail on PGlite, driven as a member and the provider drive them: every
// successful charge (a first payment, a renewal, an upgrade) has one receipt, numbered in the
// brand's sequence, with the sdk's VAT and the seller of the configuration; a refund shows on it;
// each change mails the member once it has committed (the development outbox).
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStatus, vatIncluded } from '@matchkit/sdk/billing';
import { getBrand } from '@matchkit/sdk/brands';
import { billingNotices, ledger, outbox, pushOutbox, pushSubscriptions, receipts, sessions, subscriptions, users } from '../../db/schema';
import { SIGNATURE_HEADER, signWebhook } from '../../payments/signature';
import { createTestApp, type TestApp } from '../../test/app';
import { UPDATE_CARD_PATH } from './billing-mail';
import { grantPlanForDemo } from './demo';
import { memberReceipts } from './receipts';
import { refundPayment } from './refunds';
import { runRenewalPass } from './renewals';
import { toSubscriptionInput } from './subscriptions';
import { runTrialEndingPass } from './trial-ending';
import { addMember, buy, must, provider, tokenFor } from './testing';

const brand = getBrand('primary');
const DAY = 24 * 60 * 60 * 1000;

describe('receipts and billing mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const emailOf = async (userId: string) =>
    must((await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]).email;
  const mailTo = async (userId: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, await emailOf(userId)))
      .orderBy(asc(outbox.id));
  const subscriptionOf = async (userId: string) =>
    must((await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0], 'a subscription');
  const price = (plan: string) => must(brand.plans.find((p) => p.name === plan)).price;

  it('a yearly purchase has a receipt: the next number, the seller, the plan, the amount with its VAT, the charge id; and mails it', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const { id } = await addMember(t);
    const checkout = await buy(t, id, 'platinum', 'year');
    const chargeId = must(provider(t).charges.find((c) => c.key === checkout.id)).chargeId;
    const [receipt, ...more] = await memberReceipts(t.database.db, id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({
      brand: 'primary',
      sellerName: 'Test Seller Ltd',
      sellerAddress: '1 Test Street, Testtown, TE1 1ST',
      vatNumber: null,
      kind: 'first',
      plan: 'platinum',
      planLabel: 'Platinum',
      term: 'year',
      amount: price('platinum').yearly,
      vat: vatIncluded(price('platinum').yearly).vat,
      reference: chargeId,
      issuedAt: new Date('2026-03-02T10:00:00Z'),
      refund: null,
    });
    const mail = await mailTo(id);
    expect(mail.map((m) => m.subject)).toEqual([`Your Brightlay receipt BRI-${String(must(receipt).number).padStart(6, '0')}`]);
    const text = must(mail[0]).text;
    expect(text).toContain('Amount paid: £350.00, including VAT at 20% of £58.33');
    expect(text).toContain(`Payment reference: ${chargeId}`);
    expect(text).toContain('Date: Monday, 2 March 2026');
    expect(text).toContain('Seller: Test Seller Ltd, 1 Test Street, Testtown, TE1 1ST');
    expect(text).toContain('18+ only');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('numbers run on with no gap across members and charges, and a payment recorded twice keeps one receipt', async () => {
    t.clock.set('2026-03-03T10:00:00Z');
    const a = await addMember(t);
    const b = await addMember(t);
    await buy(t, a.id, 'diamond', 'year');
    await buy(t, b.id, 'platinum', 'year');
    const all = await t.database.db.select({ number: receipts.number }).from(receipts).orderBy(asc(receipts.number));
    expect(all.map((r) => r.number)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    // The provider's charge.succeeded for a payment already recorded writes nothing more.
    const [row] = await t.database.db.select().from(ledger).where(eq(ledger.userId, a.id));
    const before = await t.database.db.select().from(receipts);
    await runRenewalPass(t.app.deps, t.clock());
    expect(must(row).providerRef).not.toBeNull();
    expect(await t.database.db.select().from(receipts)).toEqual(before);
  });

  it('a trial is reminded once, three days before its end; its first charge and each renewal have receipts, dated when taken', async () => {
    t.clock.set('2026-04-01T09:00:00Z');
    const { id } = await addMember(t);
    await buy(t, id, 'platinum', 'month');
    const sub = await subscriptionOf(id);
    const trialEnd = must(subscriptionStatus(brand, toSubscriptionInput(sub), t.clock()).trialEndsAt);
    expect(await memberReceipts(t.database.db, id)).toEqual([]);

    t.clock.set(trialEnd - 3 * DAY - 60_000);
    expect(await runTrialEndingPass(t.app.deps, t.clock())).not.toContain(sub.id);
    t.clock.set(trialEnd - 3 * DAY + 60_000);
    expect(await runTrialEndingPass(t.app.deps, t.clock())).toContain(sub.id);
    // A second pass, or a restarted process's, finds it recorded and sends nothing.
    expect(await runTrialEndingPass(t.app.deps, t.clock())).not.toContain(sub.id);
    expect(
      await t.database.db
        .select()
        .from(billingNotices)
        .where(eq(billingNotices.id, `trial-ending:${sub.id}`)),
    ).toHaveLength(1);
    const reminders = (await mailTo(id)).filter((m) => m.subject === 'Your Brightlay free trial ends in 3 days');
    expect(reminders).toHaveLength(1);
    expect(must(reminders[0]).text).toContain(
      `your card will be charged £${(price('platinum').firstMonth / 100).toFixed(2)} for your first month`,
    );
    expect(must(reminders[0]).text).toContain('18+ only');

    t.clock.set(trialEnd + 60_000);
    expect((await runRenewalPass(t.app.deps, t.clock())).charged).toEqual([`${sub.id}:term-1`]);
    const next = must(subscriptionStatus(brand, toSubscriptionInput(await subscriptionOf(id)), t.clock()).nextCharge);
    t.clock.set(next.at + 60_000);
    expect((await runRenewalPass(t.app.deps, t.clock())).charged).toEqual([`${sub.id}:term-2`]);
    const list = await memberReceipts(t.database.db, id);
    expect(list.map((r) => [r.paymentId, r.kind, r.amount])).toEqual([
      [`${sub.id}:term-2`, 'renewal', next.amount],
      [`${sub.id}:term-1`, 'first', price('platinum').firstMonth],
    ]);
    expect(must(list[0]).number).toBe(must(list[1]).number + 1);
    // Dated when the pass took the money, a minute after each charge fell due (the ledger's instant).
    expect(list.map((r) => r.issuedAt.getTime())).toEqual([next.at + 60_000, trialEnd + 60_000]);
    expect((await mailTo(id)).filter((m) => m.subject.startsWith('Your Brightlay receipt'))).toHaveLength(2);
  });

  it('an upgrade has a receipt for its charge, of kind upgrade', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const { id } = await addMember(t);
    const subId = await grantPlanForDemo(t.database.db, brand, id, 'platinum', 'month', t.clock());
    // A demonstration grant took no money: no receipt.
    expect(await memberReceipts(t.database.db, id)).toEqual([]);
    t.clock.set('2026-03-12T10:00:00Z');
    const checkout = await buy(t, id, 'platinum-upgrade');
    const [receipt] = await memberReceipts(t.database.db, id);
    expect(receipt).toMatchObject({ paymentId: `${subId}:upgrade-0-term-1`, kind: 'upgrade', plan: 'diamond', amount: checkout.amount });
    expect((await mailTo(id)).map((m) => m.subject)).toEqual([
      `Your Brightlay receipt BRI-${String(must(receipt).number).padStart(6, '0')}`,
    ]);
  });

  it('a refund shows on its receipt (amount and date) and mails the member', async () => {
    t.clock.set('2026-03-05T10:00:00Z');
    const { id } = await addMember(t);
    await buy(t, id, 'diamond', 'year');
    const [paid] = await memberReceipts(t.database.db, id);
    t.clock.set('2026-03-06T12:00:00Z');
    expect(await refundPayment(t.app.deps, must(paid).paymentId, t.clock())).toEqual({ ok: true });
    await provider(t).idle();
    const [refunded] = await memberReceipts(t.database.db, id);
    expect(refunded?.refund).toEqual({ amount: price('diamond').yearly, at: new Date('2026-03-06T12:00:00Z') });
    const mail = await mailTo(id);
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringMatching(/receipt/),
      `Your Brightlay refund of £${price('diamond').yearly / 100}.00`,
    ]);
    expect(must(mail[1]).text).toContain('nothing more will be charged');
    // The provider's charge.refunded webhook for the same refund mails nothing more.
    expect(await mailTo(id)).toHaveLength(2);
  });

  it('a chargeback shows on the receipt as refunded, and mails no refund the member did not get from us', async () => {
    t.clock.set('2026-03-07T10:00:00Z');
    const { id } = await addMember(t);
    await buy(t, id, 'platinum', 'year');
    const [paid] = await memberReceipts(t.database.db, id);
    const body = JSON.stringify({
      id: 'evt_receipts_dispute',
      type: 'charge.disputed',
      created: Math.floor(t.clock() / 1000),
      data: { chargeId: must(paid).reference, disputeId: 'dp_receipts_1', amount: must(paid).amount },
    });
    const r = await t.request('/api/payments/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signWebhook(t.config.secrets.PAYMENT_WEBHOOK_SECRET, body, t.clock()),
      },
      body,
    });
    expect(r.status).toBe(200);
    const [disputed] = await memberReceipts(t.database.db, id);
    expect(disputed?.refund).toEqual({ amount: must(paid).amount, at: new Date('2026-03-07T10:00:00Z') });
    expect((await mailTo(id)).map((m) => m.subject)).toEqual([expect.stringMatching(/receipt/)]);
  });

  it('a declined renewal mails the card-update link; a cancellation mails when access ends', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const declined = await addMember(t);
    await buy(t, declined.id, 'diamond', 'year', 'pay', 'renewals-decline');
    const sub = await subscriptionOf(declined.id);
    const renewAt = must(subscriptionStatus(brand, toSubscriptionInput(sub), t.clock()).nextCharge).at;
    t.clock.set(renewAt + 60_000);
    expect((await runRenewalPass(t.app.deps, t.clock())).declined).toEqual([`${sub.id}:term-2`]);
    await provider(t).idle();
    const failed = (await mailTo(declined.id)).filter((m) => m.subject === 'Your Brightlay payment did not go through');
    expect(failed).toHaveLength(1);
    expect(must(failed[0]).text).toContain(`${t.config.publicOrigin}${UPDATE_CARD_PATH}`);
    expect(must(failed[0]).text).toContain('We could not take the £450.00 payment for your Diamond plan (yearly)');
    expect(must(failed[0]).text).toContain('You keep your plan until Tuesday, 2 March 2027');

    t.clock.set('2026-03-04T10:00:00Z');
    const leaving = await addMember(t);
    await buy(t, leaving.id, 'platinum', 'year');
    const r = await t.gql<{ cancelSubscription: { ok: boolean } }>(
      'mutation { cancelSubscription { ok } }',
      {},
      { token: await tokenFor(t, leaving.id) },
    );
    expect(r.data?.cancelSubscription.ok).toBe(true);
    const cancelled = (await mailTo(leaving.id)).filter((m) => m.subject === 'Your Brightlay subscription is cancelled');
    expect(cancelled).toHaveLength(1);
    expect(must(cancelled[0]).text).toContain('You keep your plan until Thursday, 4 March 2027');
    // Cancelling again is refused, and mails nothing.
    await t.gql('mutation { cancelSubscription { ok } }', {}, { token: await tokenFor(t, leaving.id) });
    expect((await mailTo(leaving.id)).filter((m) => m.subject === 'Your Brightlay subscription is cancelled')).toHaveLength(1);
  });

  it('queues the trial-ending and declined-renewal reminders’ pushes beside their mail, once, for members with a browser', async () => {
    const deps = t.app.deps;
    const members: string[] = [];
    // The pushes queued in the billing transactions (the push worker sends them: push/worker.test.ts).
    const queued = async () =>
      (await t.database.db.select().from(pushOutbox).where(inArray(pushOutbox.userId, members)).orderBy(asc(pushOutbox.id))).map((r) => ({
        to: r.userId,
        kind: r.kind,
        payload: r.payload,
      }));
    const withBrowser = async (id: string) => {
      members.push(id);
      await tokenFor(t, id);
      const [session] = await t.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, id))
        .orderBy(desc(sessions.createdAt))
        .limit(1);
      await t.database.db.insert(pushSubscriptions).values({
        id: `ps_${id}`,
        userId: id,
        sessionId: must(session).id,
        endpoint: `https://push.example.net/${id}`,
        p256dh: 'p',
        auth: 'a',
        createdAt: new Date(t.clock()),
      });
    };

    t.clock.set('2026-05-01T09:00:00Z');
    const trial = await addMember(t);
    await buy(t, trial.id, 'platinum', 'month');
    const sub = await subscriptionOf(trial.id);
    const trialEnd = must(subscriptionStatus(brand, toSubscriptionInput(sub), t.clock()).trialEndsAt);
    t.clock.set(trialEnd - 3 * DAY + 60_000);
    await withBrowser(trial.id); // signed in on a browser with push on, when the reminder is due
    expect(await runTrialEndingPass(deps, t.clock())).toContain(sub.id);
    expect(await runTrialEndingPass(deps, t.clock())).not.toContain(sub.id);
    expect(await queued()).toEqual([
      {
        to: trial.id,
        kind: 'billing-reminders',
        payload: {
          title: 'Your Brightlay free trial ends in 3 days',
          body: 'See your plan and the first payment in your account.',
          url: '/user/account',
          tag: 'billing-trial-ending',
        },
      },
    ]);

    t.clock.set('2026-05-02T10:00:00Z');
    const declined = await addMember(t);
    await buy(t, declined.id, 'diamond', 'year', 'pay', 'renewals-decline');
    const renewAt = must(subscriptionStatus(brand, toSubscriptionInput(await subscriptionOf(declined.id)), t.clock()).nextCharge).at;
    t.clock.set(renewAt + 60_000);
    await withBrowser(declined.id);
    expect((await runRenewalPass(deps, t.clock())).declined).toHaveLength(1);
    await provider(t).idle();
    expect((await queued()).slice(1).map((d) => [d.to, d.payload.title, d.payload.url])).toEqual([
      [declined.id, 'Your Brightlay payment did not go through', '/user/account'],
    ]);
  });
});
