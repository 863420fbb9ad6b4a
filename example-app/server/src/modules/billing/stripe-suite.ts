// Every billing path through the Stripe provider against the local Stripe fake, as one suite run by
// stripe.test.ts (PGlite) and stripe.pg.test.ts (PostgreSQL): trial, first charge, renewal inside
// and outside the no-charge window, decline and retry, upgrade with proration, cancel, resume,
// refund, dispute; webhooks out of order, duplicated, failed (and retried), badly signed; a closed
// account's Stripe customer deleted (at closure, or by the next pass when Stripe was down).
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStatus, trialEnd } from '@matchkit/sdk/billing';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import type { Database } from '../../db/client';
import { affiliateEntries, checkouts, ledger, refunds, subscriptions, users, webhookEvents } from '../../db/schema';
import { WEBHOOK_PATH } from '../../payments/provider';
import { FAKE_CARDS } from '../../test/stripe-fake';
import { UPDATE_CARD_PATH } from './billing-mail';
import { gqlFrom, registerMember } from '../accounts/test-support';
import { runClosedCustomerPass } from './closed-customers';
import { refundPayment } from './refunds';
import { runRenewalPass } from './renewals';
import { createStripeTestApp, payOnStripe, type StripeTestApp } from './stripe-testing';
import { toSubscriptionInput } from './subscriptions';
import { addMember, holdings, must, startCheckout, tokenFor, type CheckoutData } from './testing';

const brand = getBrand('primary');
const sorted = (plan: string) => [...grantedCapabilities(brand, plan)].sort();
const START = '2026-03-02T10:00:00Z';
const START_MS = Date.parse(START);

/** The suite, on a fresh PGlite database per app or on the database `makeDatabase` opens. */
export function stripeBillingSuite(label: string, makeDatabase?: () => Promise<Database>): void {
  describe(`billing through Stripe (the local fake), ${label}`, () => {
    let s: StripeTestApp;
    beforeAll(async () => {
      s = await createStripeTestApp(makeDatabase === undefined ? {} : { database: await makeDatabase() });
    }, 60_000);
    afterAll(() => s?.stop());

    const db = () => s.t.database.db;
    const subscriptionOf = async (userId: string) =>
      must((await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0], 'a subscription');
    const ledgerOf = async (userId: string) =>
      (await db().select().from(ledger).where(eq(ledger.userId, userId))).sort(
        (a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1),
      );
    const customerOf = async (userId: string) =>
      must((await db().select({ c: users.customerId }).from(users).where(eq(users.id, userId)))[0]?.c, 'a customer id');
    const checkoutRow = async (id: string) => must((await db().select().from(checkouts).where(eq(checkouts.id, id)))[0]);
    const start = async (userId: string, slug: string, term?: 'month' | 'year'): Promise<CheckoutData> => {
      const r = await startCheckout(s.t, userId, slug, term);
      expect(r.error).toBeNull();
      return must(r.checkout);
    };
    const buy = async (userId: string, slug: string, term?: 'month' | 'year', card: string = FAKE_CARDS.ok) => {
      const checkout = await start(userId, slug, term);
      expect((await payOnStripe(s, checkout, card)).status).toBe(303);
      return checkout;
    };
    /** A member (referred by another with `referred`) who paid for diamond yearly on Checkout at START. */
    const yearlyMember = async (referred = false) => {
      s.t.clock.set(START);
      const referrer = referred ? await addMember(s.t) : null;
      const { id } = await addMember(s.t, referrer === null ? {} : { referredBy: referrer.id });
      const checkout = await buy(id, 'diamond', 'year');
      const sub = await subscriptionOf(id);
      const status = subscriptionStatus(brand, toSubscriptionInput(sub), s.t.clock());
      const payment = must((await ledgerOf(id))[0], 'the first payment');
      return { id, checkout, sub, status, renewAt: must(status.nextCharge).at, payment, providerRef: must(payment.providerRef) };
    };
    /** The member's Update card: the server's route makes a billing-portal session; the card is replaced on the fake's portal page. */
    const updateCardInPortal = async (userId: string, card: string) => {
      const r = await s.t.request(UPDATE_CARD_PATH, { headers: { cookie: `_opjwt=${await tokenFor(s.t, userId)}` }, redirect: 'manual' });
      expect(r.status).toBe(303);
      const portal = must(r.headers.get('location'));
      expect(portal.startsWith(`${s.fake.origin}/p/session/`)).toBe(true);
      expect(await (await fetch(portal)).text()).toContain('Update card');
      const post = await fetch(portal, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ cardnumber: card }).toString(),
      });
      expect(await post.text()).toContain('Your card was updated.');
      await s.fake.idle();
    };
    const passFor = async (subId: string) => {
      const r = await runRenewalPass(s.t.app.deps, s.t.clock());
      expect(r.errors).toBe(0);
      await s.fake.idle();
      const mine = (ids: string[]) => ids.filter((x) => x.startsWith(`${subId}:`));
      return { charged: mine(r.charged), declined: mine(r.declined) };
    };
    /** The PaymentIntents created off-session with this idempotency key. */
    const intentsKeyed = (key: string) => s.fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === key);
    const eventsOf = (type: string, pred: (o: Record<string, unknown>) => boolean) =>
      s.fake.events.filter((e) => e.event.type === type && pred(e.event.data.object));
    const sessionOf = (checkout: CheckoutData) => {
      const found = s.fake.events.find(
        (e) =>
          e.event.type === 'checkout.session.completed' &&
          (e.event.data.object['metadata'] as Record<string, string>)['checkoutId'] === checkout.id,
      );
      return must(found, 'a completed session').event.data.object;
    };

    it('first charge: Checkout in payment mode for the sdk price, the card saved for later, one grant and one ledger payment', async () => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      const checkout = await start(id, 'diamond', 'year');
      expect(checkout.amount).toBeGreaterThan(0);
      expect(new URL(checkout.paymentUrl).origin).toBe(s.fake.origin);
      await payOnStripe(s, checkout);
      const session = sessionOf(checkout);
      expect(session).toMatchObject({
        mode: 'payment',
        amount_total: checkout.amount,
        currency: 'gbp',
        payment_status: 'paid',
        livemode: false,
        // Back to the account page with the checkout; Checkout's Back link says the member left.
        success_url: `${s.t.config.publicOrigin}/user/account?checkout=${checkout.id}`,
        cancel_url: `${s.t.config.publicOrigin}/user/account?checkout=${checkout.id}&left=1`,
      });
      expect(session['expires_at']).toBe(Math.floor(Date.parse(checkout.expiresAt) / 1000));
      const intent = must(s.fake.get(session['payment_intent'] as string));
      expect(intent).toMatchObject({
        object: 'payment_intent',
        setup_future_usage: 'off_session',
        metadata: { checkoutId: checkout.id },
        amount: checkout.amount,
      });
      const customerId = await customerOf(id);
      expect(customerId).toMatch(/^cus_/);
      expect(must(s.fake.get(customerId))['invoice_settings']).toEqual({ default_payment_method: intent['payment_method'] });
      const rows = await ledgerOf(id);
      expect(rows.map((r) => [r.type, r.amount, r.providerRef])).toEqual([['payment', checkout.amount, intent.id]]);
      expect((await holdings(s.t, id)).capabilities).toEqual(sorted('diamond'));
      expect((await checkoutRow(checkout.id)).status).toBe('paid');
      // Every event reached the server once and was answered 200.
      expect(s.fake.events.every((e) => e.attempts.length === 1 && e.attempts[0] === 200)).toBe(true);
    });

    it("clamps a page's expiry into Stripe's allowed 30 minutes to 24 hours (a minute inside each end)", async () => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      const nowS = Math.floor(s.t.clock() / 1000);
      for (const [askS, expectedS] of [
        [10 * 60, 31 * 60],
        [3600, 3600],
        [48 * 3600, 24 * 3600 - 60],
      ] as const) {
        const page = await s.t.app.deps.payments.createPaymentPage({
          checkoutId: `ck_clamp_${askS}`,
          userId: id,
          description: 'Diamond, yearly',
          amount: 1000,
          currency: 'GBP',
          expiresAt: s.t.clock() + askS * 1000,
        });
        const sessionId = must(new URL(page.url).pathname.split('/').at(-1));
        expect(must(s.fake.get(sessionId))['expires_at']).toBe(nowS + expectedS);
      }
    });

    it('a second checkout of the same member reuses their Stripe customer', async () => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      const first = await start(id, 'diamond', 'year');
      const customerId = await customerOf(id);
      await start(id, 'pro', 'month');
      expect(await customerOf(id)).toBe(customerId);
      expect(s.fake.requests.filter((r) => r.path === '/v1/customers' && r.idempotencyKey === `customer:${id}`)).toHaveLength(1);
      expect(first.id).toBeTruthy();
    });

    it('trial: Checkout in setup mode charges nothing; the first charge is an off-session PaymentIntent at the trial end, keyed by the sdk event id', async () => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      const checkout = await buy(id, 'platinum', 'month');
      expect(checkout.amount).toBe(0);
      expect(sessionOf(checkout)).toMatchObject({ mode: 'setup', amount_total: null, payment_status: 'no_payment_required' });
      const sub = await subscriptionOf(id);
      expect((await holdings(s.t, id)).subscription?.isTrial).toBe(true);
      const end = trialEnd(brand, sub.startedAt);
      s.t.clock.set(end - 1);
      expect((await passFor(sub.id)).charged).toEqual([]);
      s.t.clock.set(end);
      expect((await passFor(sub.id)).charged).toEqual([`${sub.id}:term-1`]);
      expect(intentsKeyed(`${sub.id}:term-1`)).toHaveLength(1);
      const row = must((await ledgerOf(id)).find((r) => r.id === `${sub.id}:term-1`));
      const intent = must(s.fake.get(must(row.providerRef)));
      expect(intent).toMatchObject({ status: 'succeeded', amount: row.amount, currency: 'gbp', customer: await customerOf(id) });
      expect(intent['metadata']).toEqual({ subscriptionId: sub.id, eventId: `${sub.id}:term-1` });
      // The payment_intent.succeeded webhook that follows records nothing more.
      expect((await ledgerOf(id)).filter((r) => r.type === 'payment')).toHaveLength(1);
    });

    it("the card's fingerprint comes from the charge (Checkout and off-session): the same card held as another referral's", async () => {
      s.t.clock.set(START);
      const referrer = await addMember(s.t);
      const a = await addMember(s.t, { referredBy: referrer.id });
      const b = await addMember(s.t, { referredBy: referrer.id });
      await buy(a.id, 'diamond', 'year');
      const aRow = must((await ledgerOf(a.id))[0]);
      expect(aRow.cardFingerprint).toMatch(/^[A-Za-z0-9_-]{16}$/);
      // b's trial saves the same card; its first charge is off-session at the trial end.
      await buy(b.id, 'platinum', 'month');
      const sub = await subscriptionOf(b.id);
      s.t.clock.set(trialEnd(brand, sub.startedAt));
      expect((await passFor(sub.id)).charged).toEqual([`${sub.id}:term-1`]);
      const bRow = must((await ledgerOf(b.id)).find((r) => r.type === 'payment'));
      expect(bRow.cardFingerprint).toBe(aRow.cardFingerprint);
      const entries = await db().select().from(affiliateEntries).where(eq(affiliateEntries.affiliateId, referrer.id));
      expect(entries.map((e) => [e.referredId, e.held, e.holdReason]).sort()).toEqual(
        [
          [a.id, true, 'card'],
          [b.id, true, 'card'],
        ].sort(),
      );
    });

    it('renewal: nothing before the no-charge window opens, one charge at its opening (a second pass charges nothing)', async () => {
      const { id, sub, status, renewAt } = await yearlyMember();
      // The no-charge window: the renewal is taken 7 days before the term ends (2 March 2027, GMT).
      expect(new Date(renewAt).toISOString()).toBe('2027-02-23T10:00:00.000Z');
      expect(must(status.currentTerm).end - renewAt).toBe(7 * 86_400_000);
      s.t.clock.set(renewAt - 1);
      expect((await passFor(sub.id)).charged).toEqual([]);
      s.t.clock.set(renewAt);
      expect((await passFor(sub.id)).charged).toEqual([`${sub.id}:term-2`]);
      s.t.clock.set(renewAt + 3_600_000);
      expect((await passFor(sub.id)).charged).toEqual([]);
      expect(intentsKeyed(`${sub.id}:term-2`)).toHaveLength(1);
      expect((await ledgerOf(id)).map((r) => r.id)).toEqual([`${sub.id}:term-1`, `${sub.id}:term-2`]);
    });

    it('a card declined on the Checkout page fails nothing: the member pays with another card on the same page', async () => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      const checkout = await start(id, 'diamond', 'year');
      const declined = await payOnStripe(s, checkout, FAKE_CARDS.declined);
      expect(declined.status).toBe(402);
      expect(await declined.text()).toContain('Your card was declined');
      expect((await checkoutRow(checkout.id)).status).toBe('pending');
      expect((await holdings(s.t, id)).capabilities).toEqual([]);
      expect((await payOnStripe(s, checkout, FAKE_CARDS.ok)).status).toBe(303);
      expect((await holdings(s.t, id)).capabilities).toEqual(sorted('diamond'));
      expect((await ledgerOf(id)).filter((r) => r.type === 'payment')).toHaveLength(1);
    });

    it('decline and retry: a declined renewal is the sdk payment-failed change; a new card in the portal is charged at once, as payment-retried', async () => {
      const { id, sub, renewAt } = await yearlyMember();
      // The member replaces their card (Update card: the billing portal) with one that declines every charge.
      await updateCardInPortal(id, FAKE_CARDS.chargesDecline);
      s.t.clock.set(renewAt);
      expect((await passFor(sub.id)).declined).toEqual([`${sub.id}:term-2`]);
      const failed = await subscriptionOf(id);
      expect(failed.changes).toEqual([{ type: 'payment-failed', at: new Date(renewAt).toISOString() }]);
      const [declinedIntent] = eventsOf(
        'payment_intent.payment_failed',
        (o) => (o['metadata'] as Record<string, string>)['eventId'] === `${sub.id}:term-2`,
      );
      const intentId = must(declinedIntent).event.data.object.id;
      expect(must(declinedIntent).attempts).toEqual([200]);
      // The failed-renewal mail's Update card: a card that pays. Its customer.updated webhook has the
      // server try the failed renewal again on it, off-session, at once.
      s.t.clock.set(renewAt + 86_400_000);
      await updateCardInPortal(id, FAKE_CARDS.ok);
      await s.fake.idle();
      const retried = await subscriptionOf(id);
      expect(retried.changes.map((c) => c.type)).toEqual(['payment-failed', 'payment-retried']);
      const row = must((await ledgerOf(id)).find((r) => r.id === `${sub.id}:term-2`));
      expect(row.providerRef).not.toBe(intentId);
      const retry = must(s.fake.get(must(row.providerRef)));
      expect(retry).toMatchObject({
        status: 'succeeded',
        amount: row.amount,
        metadata: { subscriptionId: sub.id, eventId: `${sub.id}:term-2` },
      });
      expect(
        s.fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey?.startsWith(`${sub.id}:term-2:retry:`)),
      ).toHaveLength(1);
      expect(subscriptionStatus(brand, toSubscriptionInput(retried), s.t.clock()).paymentFailedAt).toBeNull();
    });

    it('a new plan bought after a failed renewal ends the failed subscription: its renewal is never charged on the new card', async () => {
      const { id, sub, renewAt } = await yearlyMember();
      await updateCardInPortal(id, FAKE_CARDS.chargesDecline);
      s.t.clock.set(renewAt);
      expect((await passFor(sub.id)).declined).toEqual([`${sub.id}:term-2`]);
      s.t.clock.set(renewAt + 86_400_000);
      const second = await buy(id, 'platinum', 'month');
      await s.fake.idle();
      // The new subscription is recorded with its payment; the failed one is cancelled in the same
      // transaction (the sdk then refuses its retry), and nothing charged it again.
      const rows = await ledgerOf(id);
      expect(rows.filter((r) => r.subscriptionId === sub.id).map((r) => r.id)).toEqual([`${sub.id}:term-1`]);
      expect(rows.filter((r) => r.subscriptionId !== sub.id).map((r) => r.amount)).toEqual([second.amount]);
      const failed = must((await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]);
      expect(failed.changes.map((c) => c.type)).toEqual(['payment-failed', 'cancel']);
      expect(intentsKeyed(`${sub.id}:term-2`)).toHaveLength(1);
      expect(
        s.fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey?.startsWith(`${sub.id}:term-2:retry:`)),
      ).toEqual([]);
      // The checkout's card made the default is Stripe's customer.updated too: not the member's
      // change of card (answered as ignored, so not recorded), unlike the change in the portal.
      const customer = await customerOf(id);
      const updates = s.fake.events.filter((e) => e.event.type === 'customer.updated' && e.event.data.object['id'] === customer);
      const recorded = async (eventId: string) => (await db().select().from(webhookEvents).where(eq(webhookEvents.id, eventId))).length;
      expect(await Promise.all(updates.map((e) => recorded(e.event.id)))).toEqual([0, 1, 0]);
    });

    it("a duplicate or late Checkout delivery does not put the checkout's card back as the default after a portal change", async () => {
      const { id, checkout } = await yearlyMember();
      const customer = await customerOf(id);
      const defaultCard = () => {
        const settings = must(s.fake.get(customer))['invoice_settings'] as { default_payment_method: string | null };
        return settings.default_payment_method;
      };
      await updateCardInPortal(id, FAKE_CARDS.ok);
      const portalCard = defaultCard();
      const session = sessionOf(checkout);
      const late = s.fake.events.filter(
        (e) =>
          (e.event.type === 'checkout.session.completed' && e.event.data.object['id'] === session['id']) ||
          (e.event.type === 'payment_intent.succeeded' && e.event.data.object['id'] === session['payment_intent']),
      );
      expect(late).toHaveLength(2);
      for (const e of late) expect(await s.fake.redeliver(e.event.id)).toBe(200);
      await s.fake.idle();
      expect(defaultCard()).toBe(portalCard);
    });

    it("a trial's card that attaches but declines charges: the first charge is declined and access ends at the trial's end", async () => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      await buy(id, 'platinum', 'month', FAKE_CARDS.chargesDecline);
      const sub = await subscriptionOf(id);
      const end = trialEnd(brand, sub.startedAt);
      s.t.clock.set(end);
      expect((await passFor(sub.id)).declined).toEqual([`${sub.id}:term-1`]);
      expect((await holdings(s.t, id)).capabilities).toEqual([]);
    });

    it('upgrade with proration: the sdk amount paid on Checkout, recorded on the paid term, and the next renewal at the new price', async () => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      await buy(id, 'platinum', 'month');
      const sub = await subscriptionOf(id);
      s.t.clock.set(trialEnd(brand, sub.startedAt));
      expect((await passFor(sub.id)).charged).toEqual([`${sub.id}:term-1`]);
      s.t.clock.set('2026-03-19T10:00:00Z');
      const checkout = await buy(id, 'platinum-upgrade');
      expect(checkout.amount).toBeGreaterThan(0);
      const intentId = sessionOf(checkout)['payment_intent'] as string;
      const upgrade = must((await ledgerOf(id)).find((r) => r.id === `${sub.id}:upgrade-0-term-1`));
      expect([upgrade.plan, upgrade.amount, upgrade.providerRef]).toEqual(['diamond', checkout.amount, intentId]);
      const renewAt = must(subscriptionStatus(brand, toSubscriptionInput(await subscriptionOf(id)), s.t.clock()).nextCharge).at;
      s.t.clock.set(renewAt);
      expect((await passFor(sub.id)).charged).toEqual([`${sub.id}:term-2`]);
      const renewal = must((await ledgerOf(id)).find((r) => r.id === `${sub.id}:term-2`));
      expect([renewal.plan, renewal.amount]).toEqual(['diamond', must(brand.plans.find((p) => p.name === 'diamond')).price.monthly]);
    });

    it('cancel charges nothing more; resume brings the renewal back, charged through Stripe', async () => {
      const { id, sub, renewAt } = await yearlyMember();
      const as = async (query: string) => s.t.gql<Record<string, { ok: boolean }>>(query, {}, { token: await tokenFor(s.t, id) });
      s.t.clock.set('2026-06-10T10:00:00Z');
      expect((await as('mutation { cancelSubscription { ok } }')).data?.['cancelSubscription']?.ok).toBe(true);
      s.t.clock.set(renewAt);
      expect((await passFor(sub.id)).charged).toEqual([]);
      expect(intentsKeyed(`${sub.id}:term-2`)).toEqual([]);
      expect((await as('mutation { resumeSubscription { ok } }')).data?.['resumeSubscription']?.ok).toBe(true);
      expect((await passFor(sub.id)).charged).toEqual([`${sub.id}:term-2`]);
      expect(intentsKeyed(`${sub.id}:term-2`)).toHaveLength(1);
    });

    it("refund: the server's refund goes to POST /v1/refunds with its key and metadata; its charge.refunded webhook records nothing twice", async () => {
      const { id, payment } = await yearlyMember(true);
      const paymentId = payment.id;
      s.t.clock.advance(86_400_000);
      expect(await refundPayment(s.t.app.deps, paymentId, s.t.clock())).toEqual({ ok: true });
      await s.fake.idle();
      expect(s.fake.requests.filter((r) => r.path === '/v1/refunds' && r.idempotencyKey === `refund:${paymentId}`)).toHaveLength(1);
      const [refunded] = eventsOf('refund.created', (o) => o['payment_intent'] === payment.providerRef);
      expect(must(refunded).event.data.object).toMatchObject({
        amount: payment.amount,
        metadata: { paymentId },
        status: 'succeeded',
      });
      const [chargeRefunded] = eventsOf('charge.refunded', (o) => o['payment_intent'] === payment.providerRef);
      expect(must(chargeRefunded).attempts).toEqual([200]);
      expect(await db().select().from(refunds).where(eq(refunds.paymentId, paymentId))).toHaveLength(1);
      expect((await holdings(s.t, id)).capabilities).toEqual([]);
      const entries = await db().select().from(affiliateEntries).where(eq(affiliateEntries.paymentId, paymentId));
      expect(entries.map((e) => e.kind).sort()).toEqual(['payment', 'refund']);
    });

    it("a refund made in Stripe's dashboard arrives as charge.refunded and is recorded: access and commission taken back", async () => {
      const { id, payment, providerRef } = await yearlyMember(true);
      s.t.clock.advance(86_400_000);
      s.fake.dashboardRefund(providerRef);
      await s.fake.idle();
      expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
      expect((await holdings(s.t, id)).capabilities).toEqual([]);
      const kinds = (await db().select().from(affiliateEntries).where(eq(affiliateEntries.paymentId, payment.id))).map((e) => e.kind);
      expect(kinds.sort()).toEqual(['payment', 'refund']);
    });

    it('dispute: charge.dispute.created takes access and commission back as a refund; a dispute won restores nothing', async () => {
      const { id, payment, providerRef } = await yearlyMember(true);
      s.t.clock.advance(3 * 86_400_000);
      const dispute = s.fake.openDispute(providerRef);
      await s.fake.idle();
      expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
      expect((await holdings(s.t, id)).capabilities).toEqual([]);
      const entries = await db().select().from(affiliateEntries).where(eq(affiliateEntries.paymentId, payment.id));
      expect(entries.map((e) => e.kind).sort()).toEqual(['payment', 'refund']);
      expect(entries.reduce((sum, e) => sum + (e.kind === 'refund' ? -e.commission : e.commission), 0)).toBe(0);
      // The subscription was cancelled: nothing more is charged.
      expect(subscriptionStatus(brand, toSubscriptionInput(await subscriptionOf(id)), s.t.clock()).nextCharge).toBeNull();
      s.fake.closeDispute(dispute.id, 'won');
      await s.fake.idle();
      expect(s.fake.events.filter((e) => e.event.type === 'charge.dispute.closed').at(-1)?.attempts).toEqual([200]);
      expect((await holdings(s.t, id)).capabilities).toEqual([]);
    });

    it('a subscription a chargeback or a refund cancelled cannot be resumed: a typed refusal says why, nothing is charged', async () => {
      for (const cause of ['chargeback', 'refund'] as const) {
        const { id, sub, payment, providerRef } = await yearlyMember();
        s.t.clock.advance(3 * 86_400_000);
        if (cause === 'chargeback') s.fake.openDispute(providerRef);
        else expect(await refundPayment(s.t.app.deps, payment.id, s.t.clock())).toEqual({ ok: true });
        await s.fake.idle();
        const r = await s.t.gql(
          'mutation { resumeSubscription { ok error { code field message } } }',
          {},
          { token: await tokenFor(s.t, id) },
        );
        const answer = (r.data as { resumeSubscription: { ok: boolean; error: { code: string; message: string } | null } })
          .resumeSubscription;
        expect(answer.ok).toBe(false);
        expect(answer.error?.code).toBe('CONFLICT');
        expect(answer.error?.message).toMatch(cause === 'chargeback' ? /disputed/ : /refunded/);
        expect(answer.error?.message).toMatch(/subscribe again/);
        const me = await s.t.gql('{ me { subscription { cancelledBy } } }', {}, { token: await tokenFor(s.t, id) });
        expect(me.data).toEqual({ me: { subscription: { cancelledBy: cause } } });
        const after = await subscriptionOf(id);
        expect(after.changes.map((c) => c.type)).toEqual(['cancel']);
        s.t.clock.set(must(subscriptionStatus(brand, toSubscriptionInput(sub), START_MS).nextCharge).at);
        expect(await passFor(sub.id)).toEqual({ charged: [], declined: [] });
      }
    });

    const paymentEvents = ['charge.succeeded', 'payment_intent.succeeded', 'checkout.session.completed'] as const;
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ].map((o) => o.map((i) => paymentEvents[i] as string));
    it.each(orders)('any order (%s, %s, %s), each event delivered twice: one grant and one ledger payment', async (...order) => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      s.fake.hold();
      const checkout = await buy(id, 'diamond', 'year');
      const held = s.fake.held();
      const ids = order.map(
        (type) =>
          must(
            held.find((h) => h.type === type),
            type,
          ).id,
      );
      expect((await holdings(s.t, id)).capabilities).toEqual([]);
      await s.fake.release([...ids, ...ids]);
      const rows = await ledgerOf(id);
      expect(rows.map((r) => [r.type, r.amount, r.providerRef])).toEqual([
        ['payment', checkout.amount, sessionOf(checkout)['payment_intent']],
      ]);
      expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, id))).toHaveLength(1);
      expect((await holdings(s.t, id)).capabilities).toEqual(sorted('diamond'));
      for (const eventId of ids) expect(s.fake.events.find((e) => e.event.id === eventId)?.attempts).toEqual([200, 200]);
      // Events the server has no use for are answered 200 and not recorded.
      const attached = must(held.find((h) => h.type === 'payment_method.attached'));
      expect(await db().select().from(webhookEvents).where(eq(webhookEvents.id, attached.id))).toEqual([]);
      await s.fake.release();
    });

    it('a delivery the server fails (500) is retried by Stripe and recorded once', async () => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      s.failNextWebhooks = 1;
      s.fake.hold();
      const checkout = await buy(id, 'diamond', 'year');
      const completed = must(s.fake.held().find((h) => h.type === 'checkout.session.completed'));
      await s.fake.release([completed.id]);
      expect(s.fake.events.find((e) => e.event.id === completed.id)?.attempts).toEqual([500, 200]);
      expect((await ledgerOf(id)).map((r) => r.amount)).toEqual([checkout.amount]);
      await s.fake.release();
      expect((await ledgerOf(id)).map((r) => r.amount)).toEqual([checkout.amount]);
    });

    it('events that are not ours, not paid, or of no use are answered 200 and ignored; they record nothing', async () => {
      s.t.clock.set(START);
      const stripe = new Stripe('sk_test_unused');
      const send = async (type: string, object: Record<string, unknown>) => {
        const id = `evt_edge_${type.replace(/\W/g, '_')}_${Math.random().toString(36).slice(2)}`;
        const payload = JSON.stringify({
          id,
          object: 'event',
          api_version: Stripe.API_VERSION,
          created: Math.floor(s.t.clock() / 1000),
          data: { object },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        });
        const header = stripe.webhooks.generateTestHeaderString({
          payload,
          secret: s.fake.secret,
          timestamp: Math.floor(s.t.clock() / 1000),
        });
        const r = await s.t.request(WEBHOOK_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        });
        expect(r.status).toBe(200);
        expect(await r.json()).toEqual({ received: true, ignored: true });
        expect(await db().select().from(webhookEvents).where(eq(webhookEvents.id, id))).toEqual([]);
      };
      const session = {
        id: 'cs_test_edge',
        object: 'checkout.session',
        customer: 'cus_edge',
        mode: 'payment',
        payment_intent: 'pi_edge',
        amount_total: 1000,
      };
      // Another integration's session on the same account (no checkout of ours).
      await send('checkout.session.completed', { ...session, metadata: {}, payment_status: 'paid' });
      // Completed but not paid (a delayed payment method): the server waits for the money.
      await send('checkout.session.completed', { ...session, metadata: { checkoutId: 'ck_edge' }, payment_status: 'unpaid' });
      // A card declined on a Checkout page: the member may try another card.
      await send('payment_intent.payment_failed', {
        id: 'pi_edge',
        object: 'payment_intent',
        customer: 'cus_edge',
        amount: 1000,
        metadata: { checkoutId: 'ck_edge' },
      });
      // A PaymentIntent made elsewhere.
      await send('payment_intent.succeeded', {
        id: 'pi_other',
        object: 'payment_intent',
        customer: 'cus_edge',
        amount: 1000,
        amount_received: 1000,
        metadata: {},
      });
      // An event type the server has no use for.
      await send('customer.subscription.created', { id: 'sub_edge', object: 'subscription' });
    });

    it('a bad signature is a 400 and records nothing', async () => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      s.fake.hold();
      const checkout = await buy(id, 'diamond', 'year');
      const completed = must(
        s.fake.events.find((e) => e.event.type === 'checkout.session.completed' && s.fake.held().some((h) => h.id === e.event.id)),
      );
      const payload = JSON.stringify(completed.event);
      const stripe = new Stripe('sk_test_unused');
      const now = Math.floor(s.t.clock() / 1000);
      const headers = [
        stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_notTheSecret0123456789', timestamp: now }),
        stripe.webhooks.generateTestHeaderString({ payload, secret: s.fake.secret, timestamp: now - 600 }),
        'garbage',
      ];
      for (const header of headers) {
        const r = await s.t.request(WEBHOOK_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        });
        expect(r.status).toBe(400);
        expect(await r.json()).toEqual({ error: true, message: 'Invalid signature' });
      }
      const unsigned = await s.t.request(WEBHOOK_PATH, { method: 'POST', body: payload });
      expect(unsigned.status).toBe(400);
      expect(await db().select().from(webhookEvents).where(eq(webhookEvents.id, completed.event.id))).toEqual([]);
      expect(await ledgerOf(id)).toEqual([]);
      expect((await checkoutRow(checkout.id)).status).toBe('pending');
      await s.fake.release();
      expect((await ledgerOf(id)).map((r) => r.amount)).toEqual([checkout.amount]);
    });

    it('a Checkout session that expires unpaid fails its checkout; the pending page link goes back to the account', async () => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      const checkout = await start(id, 'diamond', 'year');
      /** The request as the member, signed in at the test clock's instant. */
      const asMember = async () => ({ redirect: 'manual', headers: { authorization: `Bearer ${await tokenFor(s.t, id)}` } }) as const;
      const resume = await s.t.request(`/pay/stripe/${checkout.id}`, await asMember());
      expect(resume.status).toBe(303);
      expect(resume.headers.get('location')).toBe(checkout.paymentUrl);
      s.t.clock.set(Date.parse(checkout.expiresAt) + 1000);
      s.fake.expireDueSessions();
      await s.fake.idle();
      expect((await checkoutRow(checkout.id)).status).toBe('failed');
      const after = await s.t.request(`/pay/stripe/${checkout.id}`, await asMember());
      expect(after.headers.get('location')).toBe(`${s.t.config.publicOrigin}/user/account?checkout=${checkout.id}`);
      expect((await holdings(s.t, id)).capabilities).toEqual([]);
    });

    it('the way back to a Checkout page serves its own member only: sign in first, anyone else 404', async () => {
      s.t.clock.set(START);
      const { id } = await addMember(s.t);
      const checkout = await start(id, 'diamond', 'year');
      const path = `/pay/stripe/${checkout.id}`;
      const anonymous = await s.t.request(path, { redirect: 'manual' });
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.get('location')).toBe(
        `${s.t.config.publicOrigin}/login?next=${encodeURIComponent(`/user/account?checkout=${checkout.id}`)}`,
      );
      const stranger = await addMember(s.t);
      const other = await s.t.request(path, {
        redirect: 'manual',
        headers: { authorization: `Bearer ${await tokenFor(s.t, stranger.id)}` },
      });
      expect(other.status).toBe(404);
      expect(other.headers.get('location')).toBeNull();
    });

    /** The referrer's commission left on a payment: what it earned less what was reversed, in pence. */
    const commissionLeft = async (paymentId: string) =>
      (await db().select().from(affiliateEntries).where(eq(affiliateEntries.paymentId, paymentId))).reduce(
        (sum, e) => sum + (e.kind === 'refund' ? -e.commission : e.commission),
        0,
      );

    /** A referred member pays Diamond yearly on Checkout while the fake holds every webhook: the member and the PaymentIntent. */
    const referredCheckoutHeld = async () => {
      s.t.clock.set(START);
      const referrer = await addMember(s.t);
      const { id } = await addMember(s.t, { referredBy: referrer.id });
      s.fake.hold();
      const checkout = await buy(id, 'diamond', 'year');
      return { id, intent: must(sessionOf(checkout)['payment_intent'] as string | undefined, 'the PaymentIntent') };
    };

    it('a renewal refunded before its payment_intent.succeeded arrives earns no commission', async () => {
      s.t.clock.set(START);
      const referrer = await addMember(s.t);
      const { id } = await addMember(s.t, { referredBy: referrer.id });
      await buy(id, 'diamond', 'month');
      await s.fake.idle();
      const renewAt = must(subscriptionStatus(brand, toSubscriptionInput(await subscriptionOf(id)), s.t.clock()).nextCharge).at;
      s.t.clock.set(renewAt);
      s.fake.hold();
      const pass = await runRenewalPass(s.t.app.deps, s.t.clock());
      const renewal = must(pass.charged[0], 'the renewal');
      expect(await refundPayment(s.t.app.deps, renewal, s.t.clock())).toEqual({ ok: true });
      const held = s.fake.held();
      await s.fake.release(
        [...held.filter((h) => h.type === 'charge.refunded'), ...held.filter((h) => h.type !== 'charge.refunded')].map((h) => h.id),
      );
      await s.fake.idle();
      expect(s.fake.events.filter((e) => e.event.type === 'payment_intent.succeeded').at(-1)?.attempts).toEqual([200]);
      expect(await commissionLeft(renewal)).toBe(0);
    });

    it.each([
      ['a refund', 'charge.refunded'],
      ['a dispute', 'charge.dispute.created'],
    ])(
      '%s of a payment the product did not make (taken by hand in the dashboard) is acknowledged at once and changes nothing',
      async (_, type) => {
        const m = await yearlyMember();
        const fake = new URL(s.fake.origin);
        const stripe = new Stripe(s.fake.apiKey, { host: fake.hostname, port: Number(fake.port), protocol: 'http' });
        const customer = await stripe.customers.retrieve(await customerOf(m.id));
        const card = customer.deleted === true ? null : customer.invoice_settings.default_payment_method;
        const foreign = await stripe.paymentIntents.create({
          amount: 500,
          currency: 'gbp',
          customer: customer.id,
          payment_method: must(typeof card === 'string' ? card : card?.id, 'a saved card'),
          confirm: true,
        });
        await s.fake.idle();
        if (type === 'charge.refunded') s.fake.dashboardRefund(foreign.id);
        else s.fake.openDispute(foreign.id);
        await s.fake.idle();
        const record = must(s.fake.events.filter((e) => e.event.type === type).at(-1), type);
        expect(record.attempts).toEqual([200]);
        expect(await db().select().from(refunds).where(eq(refunds.paymentId, m.payment.id))).toEqual([]);
        expect((await holdings(s.t, m.id)).capabilities).toEqual(sorted('diamond'));
      },
    );

    it.each([
      ['a refund', 'charge.refunded'],
      ['a dispute', 'charge.dispute.created'],
    ])("%s delivered before the checkout's completion is not used up: answered 503, then recorded when Stripe retries", async (_, type) => {
      const { id, intent } = await referredCheckoutHeld();
      if (type === 'charge.refunded') s.fake.dashboardRefund(intent);
      else s.fake.openDispute(intent);
      const held = s.fake.held();
      const early = must(
        held.find((h) => h.type === type),
        type,
      ).id;
      await s.fake.release([early, ...held.filter((h) => h.id !== early).map((h) => h.id)]);
      await s.fake.idle();
      const record = must(s.fake.events.find((e) => e.event.id === early));
      expect(record.attempts.length).toBeGreaterThan(1);
      expect(record.attempts.every((status) => status === 503)).toBe(true);
      expect(await db().select().from(webhookEvents).where(eq(webhookEvents.id, early))).toEqual([]);
      // Stripe keeps retrying a failed delivery for days; by then the checkout is recorded.
      expect(await s.fake.redeliver(early)).toBe(200);
      const [payment] = await ledgerOf(id);
      expect(
        await db()
          .select()
          .from(refunds)
          .where(eq(refunds.paymentId, must(payment).id)),
      ).toHaveLength(1);
      expect((await holdings(s.t, id)).capabilities).toEqual([]);
      expect(await commissionLeft(must(payment).id)).toBe(0);
    });

    it("a charge refunded in Stripe's dashboard in two parts: the first takes all commission back, the second the access", async () => {
      const { id, payment, providerRef } = await yearlyMember(true);
      s.t.clock.advance(86_400_000);
      s.fake.dashboardRefund(providerRef, 100);
      await s.fake.idle();
      expect(eventsOf('charge.refunded', (o) => o['payment_intent'] === providerRef).map((e) => e.attempts)).toEqual([[200]]);
      expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);
      expect((await holdings(s.t, id)).capabilities).toEqual(sorted('diamond'));
      expect(await commissionLeft(payment.id)).toBe(0);
      s.fake.dashboardRefund(providerRef);
      await s.fake.idle();
      expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
      expect((await holdings(s.t, id)).capabilities).toEqual([]);
      expect(await commissionLeft(payment.id)).toBe(0);
    });

    it("an administrator's refund after a partial one in the dashboard hands back the rest and records the refund", async () => {
      const { id, payment, providerRef } = await yearlyMember(true);
      s.t.clock.advance(86_400_000);
      s.fake.dashboardRefund(providerRef, 100);
      await s.fake.idle();
      expect(await refundPayment(s.t.app.deps, payment.id, s.t.clock())).toEqual({ ok: true });
      await s.fake.idle();
      const refunded = eventsOf('charge.refunded', (o) => o['payment_intent'] === providerRef).map((e) => e.event.data.object);
      expect(refunded.at(-1)).toMatchObject({ amount_refunded: payment.amount, refunded: true });
      expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
      expect((await holdings(s.t, id)).capabilities).toEqual([]);
      expect(await commissionLeft(payment.id)).toBe(0);
    });

    it.each([
      ['refunded', 'charge.refunded'],
      ['refunded in part', 'charge.refunded'],
      ['disputed', 'charge.dispute.created'],
    ])('a checkout whose charge was %s before it is recorded records that at once, before its own event arrives', async (how, type) => {
      const { id, intent } = await referredCheckoutHeld();
      if (how === 'disputed') s.fake.openDispute(intent);
      else s.fake.dashboardRefund(intent, how === 'refunded' ? undefined : 100);
      const held = s.fake.held();
      await s.fake.release(held.filter((h) => h.type !== type).map((h) => h.id));
      await s.fake.idle();
      const [payment] = await ledgerOf(id);
      const paymentId = must(payment, 'the payment').id;
      expect(await db().select().from(refunds).where(eq(refunds.paymentId, paymentId))).toHaveLength(how === 'refunded in part' ? 0 : 1);
      expect((await holdings(s.t, id)).capabilities).toEqual(how === 'refunded in part' ? sorted('diamond') : []);
      expect(await commissionLeft(paymentId)).toBe(0);
      // The provider's own event, when it comes, finds it recorded.
      await s.fake.release(held.filter((h) => h.type === type).map((h) => h.id));
      await s.fake.idle();
      expect(eventsOf(type, (o) => o['payment_intent'] === intent).map((e) => e.attempts)).toEqual([[200]]);
      expect(await commissionLeft(paymentId)).toBe(0);
    });

    describe('closing an account deletes the Stripe customer', () => {
      const CLOSE = 'mutation ($input: CloseAccountInput!) { closeAccount(input: $input) { ok error { code } } }';
      /** A registered member (a password, to close with) who paid for diamond yearly on Checkout. */
      const payingMember = async () => {
        s.t.clock.set(START);
        const m = await registerMember(s.t, {}, `192.0.2.${Math.floor(Math.random() * 250) + 1}`);
        await buy(m.id, 'diamond', 'year');
        const customerId = await customerOf(m.id);
        expect(s.fake.get(customerId)).toMatchObject({ object: 'customer', email: m.input.email });
        return { ...m, customerId };
      };
      const close = async (m: Awaited<ReturnType<typeof payingMember>>) => {
        const r = await gqlFrom<{ closeAccount: { ok: boolean } }>(
          s.t,
          CLOSE,
          { input: { currentPassword: m.input.password, confirmation: 'close my account' } },
          { token: m.token },
        );
        expect(r.data?.closeAccount.ok).toBe(true);
      };
      const storedCustomer = async (userId: string) =>
        (await db().select({ c: users.customerId }).from(users).where(eq(users.id, userId)))[0]?.c ?? null;
      const deletes = (customerId: string) =>
        s.fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/customers/${customerId}`);

      it('at closure: DELETE /v1/customers/{id}, the card goes with it, the id is cleared, no renewal is charged', async () => {
        const m = await payingMember();
        const sub = await subscriptionOf(m.id);
        await close(m);
        expect(deletes(m.customerId)).toHaveLength(1);
        // What Stripe still answers for the id: no name, no address, no card.
        expect(s.fake.get(m.customerId)).toEqual({ id: m.customerId, object: 'customer', deleted: true });
        expect(await storedCustomer(m.id)).toBeNull();
        const renewAt = must(subscriptionStatus(brand, toSubscriptionInput(sub), START_MS).nextCharge).at;
        s.t.clock.set(renewAt + 3600_000);
        const pass = await passFor(sub.id);
        expect(pass).toEqual({ charged: [], declined: [] });
        expect(intentsKeyed(`${sub.id}:term-2`)).toEqual([]);
      });

      it('Stripe down at closure: the id stays; the next pass deletes the customer; a customer already gone counts as done', async () => {
        const m = await payingMember();
        s.fake.outage({ method: 'DELETE', path: /^\/v1\/customers\// });
        try {
          await close(m);
        } finally {
          s.fake.outage(null);
        }
        expect(deletes(m.customerId).length).toBeGreaterThan(0);
        expect(s.fake.get(m.customerId)).toMatchObject({ email: m.input.email });
        expect(await storedCustomer(m.id)).toBe(m.customerId);

        const pass = await runClosedCustomerPass(s.t.app.deps);
        expect(pass.deleted).toContain(m.id);
        expect(pass.failed).toEqual([]);
        expect(s.fake.get(m.customerId)).toEqual({ id: m.customerId, object: 'customer', deleted: true });
        expect(await storedCustomer(m.id)).toBeNull();

        // Deleting again is Stripe's 404 resource_missing: done, not a failure. An id Stripe never knew likewise.
        const before = deletes(m.customerId).length;
        await expect(s.t.app.deps.payments.deleteCustomer(m.customerId)).resolves.toBeUndefined();
        expect(deletes(m.customerId)).toHaveLength(before + 1);
        await expect(s.t.app.deps.payments.deleteCustomer('cus_neverknown')).resolves.toBeUndefined();
      });
    });
  });
}
