// The Stripe payment provider, over the official client (stripe-node; `STRIPE_API_BASE` points it at
// a local fake in tests, test/stripe-fake.ts). The sdk's billing timeline stays the one source of
// truth for what is owed and when; Stripe only moves the money:
// - a Stripe customer per member (made once, kept in users.customer_id);
// - first payments on Stripe's hosted Checkout page in `payment` mode, saving the card for
//   off-session use (payment_intent_data.setup_future_usage), or in `setup` mode when nothing is
//   charged now (a trial, a free upgrade); the amount is the server's checkout (the sdk's price, in
//   pence, GBP), never the browser's;
// - renewals as off-session PaymentIntents on the customer's default card, keyed by the sdk's
//   billing event id (Stripe answers a repeated key with the first answer, never a second charge);
// - refunds through POST /v1/refunds;
// - the billing portal (update the card, see invoices) through POST /v1/billing_portal/sessions;
// - a closed member's customer deleted through DELETE /v1/customers/{id} (Stripe deletes its saved
//   cards with it; a 404 resource_missing is a customer deleted before, so it counts as done).
// The server's charge id for a Stripe payment is its PaymentIntent id (pi_...): every event about a
// payment names it (the session, the PaymentIntent, the charge, its refunds and disputes).
//
// Webhooks: readWebhook checks Stripe's signature on the raw body (stripe.webhooks.constructEvent,
// STRIPE_WEBHOOK_SECRET) and translates the events the server uses; the rest are ignored (200).
// A checkout's payment arrives as two events, in either order: payment_intent.succeeded (the
// PaymentIntent, carrying our checkout id in its metadata) and checkout.session.completed (the
// session: checkout id, customer, PaymentIntent id). Each carries everything recording needs (the
// checkout, the customer, the PaymentIntent that becomes the ledger's provider_ref, the amount), so
// THE RULE is: whichever arrives first records the checkout, and the second finds the checkout paid
// with that PaymentIntent in the ledger and records nothing (purchases.ts completeCheckout). A
// renewal's PaymentIntent carries the subscription and sdk event ids instead (charge.succeeded /
// charge.failed). A declined payment on the Checkout page fails nothing: the member may try another
// card until the session expires (checkout.session.expired fails the checkout).
// A refund or dispute (charge.refunded, charge.dispute.created) needs its payment in the ledger. A
// renewal's is there before Stripe can send anything (the renewal pass records it from Stripe's
// answer); a checkout's may not be yet. So the second RULE: a refund or dispute of a charge no
// ledger row names is not consumed: the webhook answers 503 with its event id rolled back, and
// Stripe delivers it again later, when the checkout is recorded (webhook.ts). Only a payment this
// product made waits so: a refund or dispute of a PaymentIntent whose metadata names no checkout
// and no renewal is ignored (200) at once. And the checkout's
// own events read the charge (refunded, amount_refunded, disputed): a checkout recorded after its
// refund or dispute records that in the same transaction (no access granted on a charge already
// refunded when it was read); the refund's or dispute's redelivery then finds it recorded. A charge.refunded is
// read by the charge's `refunded` flag: refunded in full (in one refund or several) records the
// refund; refunded in part only takes the commission back (refunds.ts, docs/payments.md).
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { checkouts, users } from '../db/schema';
import type {
  BillingPortalRequest,
  ChargeResult,
  OffSessionChargeRequest,
  PaymentPageRequest,
  PaymentProvider,
  PaymentProviderContext,
  RefundRequest,
  RefundResult,
  WebhookDelivery,
  WebhookEvent,
  WebhookReading,
} from './provider';

/** How long a signed webhook stays acceptable (Stripe's library default, 5 minutes). */
const SIGNATURE_TOLERANCE_S = 300;

/** Stripe's limits on a Checkout session's expires_at, from its creation (with a minute's margin for clock skew). */
const SESSION_MIN_S = 30 * 60 + 60;
const SESSION_MAX_S = 24 * 60 * 60 - 60;

const PAGE_PREFIX = '/pay/stripe/';
/** The customer metadata key naming the card the server last made the default after a checkout. */
const CHECKOUT_CARD = 'matchkit_checkout_card';

/** A Stripe id from an expandable field. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  return value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;
}

/** The Stripe client for a configuration (its API base for tests: host, port and protocol). */
export function stripeClient(config: { secretKey: string; apiBase: string | null }): Stripe {
  const base = config.apiBase === null ? null : new URL(config.apiBase);
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'matchkit' },
    ...(base === null
      ? {}
      : {
          host: base.hostname,
          port: base.port === '' ? (base.protocol === 'https:' ? 443 : 80) : Number(base.port),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }),
  });
}

/** Builds the Stripe provider (buildApp's default when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set). */
export function createStripePaymentProvider(context: PaymentProviderContext): PaymentProvider {
  const { config, db, clock, logger } = context;
  const settings = config.stripe;
  if (settings === null) throw new Error('the Stripe provider needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const stripe = stripeClient(settings);
  const webhookSecret = settings.webhookSecret;
  const testKey = settings.secretKey.includes('_test_');
  /** Page URLs made by this process (another process finds them at Stripe). */
  const pageUrls = new Map<string, string>();
  /** The account page showing a checkout (site path), and its address. */
  const accountPath = (checkoutId: string) => `/user/account?checkout=${encodeURIComponent(checkoutId)}`;
  const backUrl = (checkoutId: string) => `${config.publicOrigin}${accountPath(checkoutId)}`;

  /** The member's Stripe customer: the one kept in users.customer_id, else a new one (idempotent per member). */
  async function customerFor(userId: string): Promise<string> {
    const [user] = await db.select({ customerId: users.customerId, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (user === undefined) throw new Error(`Stripe provider: no member ${userId}`);
    // A test-mode provider's customer (cus_test_ok_...) means nothing to Stripe.
    if (user.customerId !== null && !/^cus_test_/.test(user.customerId)) return user.customerId;
    const customer = await stripe.customers.create({ email: user.email, metadata: { userId } }, { idempotencyKey: `customer:${userId}` });
    await db.update(users).set({ customerId: customer.id }).where(eq(users.id, userId));
    return customer.id;
  }

  async function createPaymentPage(request: PaymentPageRequest): Promise<{ url: string }> {
    if (!Number.isSafeInteger(request.amount) || request.amount < 0)
      throw new Error('Stripe provider: amount must be a whole number of pence, 0 or more');
    if (request.currency !== 'GBP') throw new Error('Stripe provider: currency must be GBP');
    const customer = await customerFor(request.userId);
    const nowS = Math.floor(clock() / 1000);
    const expiresAt = Math.min(Math.max(Math.floor(request.expiresAt / 1000), nowS + SESSION_MIN_S), nowS + SESSION_MAX_S);
    const metadata = { checkoutId: request.checkoutId, userId: request.userId };
    const common = {
      customer,
      client_reference_id: request.checkoutId,
      metadata,
      success_url: backUrl(request.checkoutId),
      // Checkout's Back link: the app says the member left without paying (`left=1`), not that
      // a payment is on its way.
      cancel_url: `${backUrl(request.checkoutId)}&left=1`,
      expires_at: expiresAt,
      payment_method_types: ['card' as const],
    };
    const session = await stripe.checkout.sessions.create(
      request.amount > 0
        ? {
            ...common,
            mode: 'payment',
            line_items: [
              { quantity: 1, price_data: { currency: 'gbp', unit_amount: request.amount, product_data: { name: request.description } } },
            ],
            payment_intent_data: { setup_future_usage: 'off_session', description: request.description, metadata },
          }
        : { ...common, mode: 'setup', currency: 'gbp', setup_intent_data: { description: request.description, metadata } },
      { idempotencyKey: `checkout:${request.checkoutId}` },
    );
    if (session.url === null) throw new Error(`Stripe provider: session ${session.id} has no URL`);
    pageUrls.set(request.checkoutId, session.url);
    return { url: session.url };
  }

  /**
   * GET /pay/stripe/{checkout}: back to the checkout's open Stripe page, or to the account page. Only
   * for the checkout's own member (a Stripe page shows the customer's email address): a visitor who is
   * not signed in is sent to sign in first and comes back to the account page, which shows the
   * checkout and links here again; anyone else gets 404, as for an unknown checkout.
   */
  async function resumePage(request: Request, member: { readonly userId: string } | null): Promise<Response> {
    let id: string;
    try {
      id = decodeURIComponent(new URL(request.url).pathname.slice(PAGE_PREFIX.length));
    } catch {
      return new Response('Not found', { status: 404 });
    }
    const redirect = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return new Response('Not found', { status: 404 });
    if (member === null) return redirect(`${config.publicOrigin}/login?next=${encodeURIComponent(accountPath(id))}`);
    const [row] = await db
      .select({ status: checkouts.status, expiresAt: checkouts.expiresAt, customerId: users.customerId, userId: checkouts.userId })
      .from(checkouts)
      .innerJoin(users, eq(users.id, checkouts.userId))
      .where(eq(checkouts.id, id))
      .limit(1);
    if (row === undefined || row.userId !== member.userId) return new Response('Not found', { status: 404 });
    if (row.status !== 'pending' || clock() >= row.expiresAt.getTime() || row.customerId === null) return redirect(backUrl(id));
    const known = pageUrls.get(id);
    if (known !== undefined) return redirect(known);
    const open = await stripe.checkout.sessions.list({ customer: row.customerId, status: 'open', limit: 100 });
    const session = open.data.find((s) => s.metadata?.['checkoutId'] === id);
    return redirect(session?.url ?? backUrl(id));
  }

  async function chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult> {
    if (!Number.isSafeInteger(request.amount) || request.amount < 1)
      throw new Error('Stripe provider: amount must be a whole number of pence, at least 1');
    const customer = await stripe.customers.retrieve(request.customerId);
    const paymentMethod = customer.deleted === true ? null : idOf(customer.invoice_settings.default_payment_method);
    if (paymentMethod === null) return { ok: false, chargeId: '', reason: 'the customer has no saved card' };
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: 'gbp',
          customer: request.customerId,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          description: request.description,
          metadata: { subscriptionId: request.metadata.subscriptionId, eventId: request.metadata.eventId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status === 'succeeded') return { ok: true, chargeId: intent.id };
      return { ok: false, chargeId: intent.id, reason: `the payment is ${intent.status}` };
    } catch (error) {
      // A decline (402 card_error, authentication_required included) is an answer, not a failure.
      if (error instanceof Stripe.errors.StripeCardError) {
        const code = [error.code, error.decline_code].filter((c) => c !== undefined && c !== '').join(', ');
        return { ok: false, chargeId: error.payment_intent?.id ?? '', reason: `${error.message}${code === '' ? '' : ` (${code})`}` };
      }
      throw error;
    }
  }

  async function refund(request: RefundRequest): Promise<RefundResult> {
    if (!Number.isSafeInteger(request.amount) || request.amount < 1)
      throw new Error('Stripe provider: a refund is a whole number of pence, at least 1');
    const target = request.chargeId.startsWith('pi_') ? { payment_intent: request.chargeId } : { charge: request.chargeId };
    // Part of the charge may have been refunded in the dashboard already: refund what is left of it.
    const charge =
      'payment_intent' in target
        ? (await stripe.paymentIntents.retrieve(request.chargeId, { expand: ['latest_charge'] })).latest_charge
        : await stripe.charges.retrieve(request.chargeId);
    if (charge === null || typeof charge === 'string') throw new Error(`Stripe provider: ${request.chargeId} has no charge to refund`);
    const left = charge.amount - charge.amount_refunded;
    if (left < 1) throw new Error(`Stripe provider: ${request.chargeId} is refunded in full already`);
    const made = await stripe.refunds.create(
      {
        ...target,
        amount: Math.min(request.amount, left),
        metadata: request.metadata === undefined ? {} : { paymentId: request.metadata.paymentId },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return { refundId: made.id };
  }

  async function createBillingPortalSession(request: BillingPortalRequest): Promise<{ url: string }> {
    if (!request.returnUrl.startsWith(`${config.publicOrigin}/`))
      throw new Error('Stripe provider: the portal returns only to this server');
    const session = await stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl });
    return { url: session.url };
  }

  async function deleteCustomer(customerId: string): Promise<void> {
    // A test-mode provider's customer (cus_test_ok_...) means nothing to Stripe: nothing to delete there.
    if (/^cus_test_/.test(customerId)) return;
    try {
      // The member waits on it as they close their account, and the billing pass retries what
      // fails every minute: a short timeout and one retry, not the client's 20 s and two.
      await stripe.customers.del(customerId, {}, { timeout: 5000, maxNetworkRetries: 1 });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404 && error.code === 'resource_missing') return;
      throw error;
    }
  }

  /** A checkout paid with a PaymentIntent: the server's event, naming the card (the server makes it the default when it records the checkout). */
  async function paidCheckout(event: Stripe.Event, checkoutId: string, customerId: string, intentId: string): Promise<WebhookReading> {
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    if (intent.status !== 'succeeded') return { kind: 'ignored', id: event.id, type: event.type };
    return {
      kind: 'event',
      event: {
        id: event.id,
        type: 'checkout.completed',
        created: event.created,
        data: {
          checkoutId,
          customerId,
          chargeId: intent.id,
          amount: intent.amount_received,
          cardFingerprint: cardFingerprintOf(intent),
          paymentMethodId: idOf(intent.payment_method),
          takenBack: takenBackOf(intent),
        },
      },
    };
  }

  /** What was refunded or disputed of the charge that paid an intent (its expanded latest charge), or null. */
  function takenBackOf(intent: Stripe.PaymentIntent): { amountRefunded: number; refunded: boolean; disputed: boolean } | null {
    const charge = intent.latest_charge;
    if (charge === null || typeof charge === 'string') return null;
    return { amountRefunded: charge.amount_refunded, refunded: charge.refunded, disputed: charge.disputed };
  }

  /** The fingerprint of the card that paid an intent (its latest charge's `payment_method_details.card.fingerprint`), or null. */
  function cardFingerprintOf(intent: Stripe.PaymentIntent): string | null {
    const charge = intent.latest_charge;
    if (charge === null || typeof charge === 'string') return null;
    return charge.payment_method_details?.card?.fingerprint ?? null;
  }

  /** The default card, marked in the customer's metadata as a checkout's (so its customer.updated is not read as a portal change). */
  async function useCardForRenewals(customerId: string, paymentMethod: string): Promise<void> {
    await stripe.customers.update(customerId, {
      invoice_settings: { default_payment_method: paymentMethod },
      metadata: { [CHECKOUT_CARD]: paymentMethod },
    });
  }

  /**
   * Whether the PaymentIntent is a payment this product made: its metadata names a checkout, or a
   * renewal's subscription and sdk event. A refund or dispute of any other payment in the Stripe
   * account (one taken by hand in the dashboard, or by another product) is not the server's to
   * record: waiting for a checkout that will never arrive would only have Stripe retry for days.
   */
  async function isOurPayment(paymentIntentId: string | null): Promise<boolean> {
    if (paymentIntentId === null) return false;
    const { metadata } = await stripe.paymentIntents.retrieve(paymentIntentId);
    return metadata['checkoutId'] !== undefined || (metadata['subscriptionId'] !== undefined && metadata['eventId'] !== undefined);
  }

  async function translate(event: Stripe.Event): Promise<WebhookReading> {
    const ignored: WebhookReading = { kind: 'ignored', id: event.id, type: event.type };
    const made = (e: WebhookEvent): WebhookReading => ({ kind: 'event', event: e });
    const head = { id: event.id, created: event.created };
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const checkoutId = session.metadata?.['checkoutId'];
        const customerId = idOf(session.customer);
        if (checkoutId === undefined || customerId === null) return ignored;
        if (session.mode === 'setup') {
          const setupId = idOf(session.setup_intent);
          if (setupId === null) return ignored;
          const setup = await stripe.setupIntents.retrieve(setupId);
          if (setup.status !== 'succeeded') return ignored;
          return made({
            ...head,
            type: 'checkout.completed',
            data: { checkoutId, customerId, chargeId: null, amount: 0, cardFingerprint: null, paymentMethodId: idOf(setup.payment_method) },
          });
        }
        const intentId = idOf(session.payment_intent);
        if (session.payment_status !== 'paid' || intentId === null) return ignored;
        return paidCheckout(event, checkoutId, customerId, intentId);
      }
      case 'checkout.session.expired': {
        const checkoutId = event.data.object.metadata?.['checkoutId'];
        if (checkoutId === undefined) return ignored;
        return made({ ...head, type: 'checkout.declined', data: { checkoutId, reason: 'The payment page expired before it was paid.' } });
      }
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const customerId = idOf(intent.customer);
        const { checkoutId, subscriptionId, eventId } = intent.metadata;
        if (customerId === null) return ignored;
        if (checkoutId !== undefined)
          return event.type === 'payment_intent.succeeded' ? paidCheckout(event, checkoutId, customerId, intent.id) : ignored;
        if (subscriptionId === undefined || eventId === undefined) return ignored;
        const base = { chargeId: intent.id, customerId, amount: intent.amount, metadata: { subscriptionId, eventId } };
        if (event.type === 'payment_intent.succeeded') {
          const paid = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
          return made({
            ...head,
            type: 'charge.succeeded',
            data: { ...base, amount: intent.amount_received, cardFingerprint: cardFingerprintOf(paid) },
          });
        }
        return made({
          ...head,
          type: 'charge.failed',
          data: { ...base, reason: intent.last_payment_error?.message ?? 'The payment failed.' },
        });
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const chargeId = idOf(charge.payment_intent);
        if (chargeId === null || !(await isOurPayment(chargeId))) return ignored;
        const before = event.data.previous_attributes?.amount_refunded ?? 0;
        const amount = charge.amount_refunded - before;
        // The event names the charge, not the refund: the refund is the newest of that amount.
        const list = await stripe.refunds.list({ charge: charge.id, limit: 100 });
        const refund = list.data.find((r) => r.amount === amount) ?? list.data[0];
        if (refund === undefined || amount < 1) return ignored;
        const paymentId = refund.metadata?.['paymentId'];
        return made({
          ...head,
          type: 'charge.refunded',
          data: {
            chargeId,
            refundId: refund.id,
            amount,
            inFull: charge.refunded,
            metadata: paymentId === undefined ? null : { paymentId },
          },
        });
      }
      case 'customer.updated': {
        // The billing portal's "update card" makes the new card the default.
        const customer = event.data.object;
        const before = event.data.previous_attributes?.invoice_settings;
        const paymentMethodId = idOf(customer.invoice_settings.default_payment_method);
        if (before === undefined || paymentMethodId === null || idOf(before.default_payment_method) === paymentMethodId) return ignored;
        // A checkout's card made the default by the server (useCardForRenewals): not the member's change.
        if (customer.metadata[CHECKOUT_CARD] === paymentMethodId) return ignored;
        return made({ ...head, type: 'customer.card-updated', data: { customerId: customer.id, paymentMethodId } });
      }
      case 'charge.dispute.created':
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        const chargeId = idOf(dispute.payment_intent);
        if (chargeId === null || !(await isOurPayment(chargeId))) return ignored;
        if (event.type === 'charge.dispute.created')
          return made({ ...head, type: 'charge.disputed', data: { chargeId, disputeId: dispute.id, amount: dispute.amount } });
        const outcome = dispute.status === 'won' ? 'won' : dispute.status === 'lost' ? 'lost' : 'other';
        return made({ ...head, type: 'dispute.closed', data: { chargeId, disputeId: dispute.id, outcome } });
      }
      default:
        return ignored;
    }
  }

  async function readWebhook(delivery: WebhookDelivery): Promise<WebhookReading> {
    const header = delivery.headers.get('stripe-signature');
    if (header === null || header === '') return { kind: 'refused', message: 'Invalid signature', reason: 'no Stripe-Signature header' };
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(delivery.body, header, webhookSecret, SIGNATURE_TOLERANCE_S, undefined, delivery.now);
    } catch (error) {
      return { kind: 'refused', message: 'Invalid signature', reason: error instanceof Error ? error.message : String(error) };
    }
    // An event of the other mode than the key's (a live payment on a test-key server, or a test card's
    // payment on a live one) is never recorded: a test-mode payment moves no money and must grant nothing.
    if (event.livemode === testKey) {
      logger.warn({ event: event.id, livemode: event.livemode }, 'Stripe: an event of the other mode than the secret key is ignored');
      return { kind: 'ignored', id: event.id, type: event.type };
    }
    return translate(event);
  }

  return {
    name: 'stripe',
    testMode: false,
    createPaymentPage,
    paymentPageUrl: (checkoutId) => `${config.publicOrigin}${PAGE_PREFIX}${encodeURIComponent(checkoutId)}`,
    chargeOffSession,
    refund,
    createBillingPortalSession,
    useCardForRenewals,
    deleteCustomer,
    readWebhook,
    routes: [{ method: 'GET', path: `${PAGE_PREFIX}*`, handle: resumePage }],
  };
}
