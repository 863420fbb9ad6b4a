// TEST MODE payment provider: moves no money. It stands where a real hosted-payment provider would:
// - GET /pay/test/{checkoutId} serves its payment page (plain HTML, no script, a form with Pay and
//   Decline buttons and a choice of test card) under a banner saying no real money moves;
// - POST /pay/test/{checkoutId} "pays" or declines, then sends the server a signed webhook
//   (checkout.completed / checkout.declined) through the server's own handler, and redirects the
//   browser to {publicOrigin}/user/account?checkout={id};
// - GET /pay/test-portal/{session}?sig=... is its billing portal: the card on file and a way back to
//   the account page. The session (the customer id and the return URL) is signed with
//   PAYMENT_WEBHOOK_SECRET and lasts five minutes, as a real portal's short-lived URL does. The test
//   card is part of the customer id, so this portal shows it but cannot change it;
// - chargeOffSession and refund answer at once and report through webhooks too (charge.succeeded,
//   charge.failed, charge.refunded), delivered in the background as a real provider's are.
// The page reads the checkout the server stored (as a real provider reads the session it was
// given). The provider keeps no state a second process would need: the test card chosen on the
// page is part of the customer id it hands back (cus_test_ok_..., cus_test_renewals-decline_...),
// and so is the fingerprint of the test card number typed on the page (the same number gives the
// same fingerprint, as a real provider's does), so later charges read both from there. It deliberately does NOT deduplicate charges by
// idempotency key, so a test sees every charge attempt the server makes (`charges`). deleteCustomer
// (a closed account) forgets the customer's card in this process: its later charges are declined
// as a deleted Stripe customer's are (another process, or a restart, would not know; test mode).
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as z from 'zod';
import { getBrand } from '@matchkit/sdk/brands';
import { checkouts } from '../db/schema';
import { formatPence } from '../money';
import type {
  BillingPortalRequest,
  ChargeResult,
  OffSessionChargeRequest,
  PaymentProvider,
  PaymentProviderContext,
  RefundRequest,
  RefundResult,
  WebhookDelivery,
  WebhookEvent,
  WebhookEventData,
  WebhookReading,
} from './provider';
import { WEBHOOK_PATH } from './provider';
import { SIGNATURE_HEADER, signWebhook, verifyWebhookSignature } from './signature';

/** The test cards the page offers. */
export const TEST_CARDS = {
  ok: 'Test card: every charge succeeds',
  'renewals-decline': 'Test card: this payment succeeds, later charges (renewals) are declined',
} as const;
export type TestCard = keyof typeof TEST_CARDS;

/** A charge the test provider made or declined. */
export interface TestCharge {
  readonly chargeId: string;
  readonly customerId: string;
  readonly amount: number;
  /** The server's idempotency key (the sdk event id), or the checkout id for a page payment. */
  readonly key: string;
  readonly ok: boolean;
  readonly at: number;
}

/** The test provider, with what tests and the development console read. */
export interface TestPaymentProvider extends PaymentProvider {
  readonly testMode: true;
  /** Every charge attempt, in order (page payments and off-session charges). */
  readonly charges: readonly TestCharge[];
  /** Every refund made. */
  readonly refunds: readonly { readonly refundId: string; readonly chargeId: string; readonly amount: number }[];
  /** The customers deleted (deleteCustomer), each once, in order. */
  readonly deletedCustomers: readonly string[];
  /** Resolves when every webhook sent so far has been answered. */
  idle(): Promise<void>;
}

/** The card number the test page offers first (Stripe's well-known test number). */
export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

/** The test card number's fingerprint: the same digits give the same one, as a real provider's fingerprint does. */
export function testCardFingerprint(cardNumber: string): string {
  return `fp_test_${createHash('sha256').update(cardNumber.replace(/\D/g, '')).digest('hex').slice(0, 16)}`;
}

/** The customer id the test provider hands out for a test card (and its number, for the fingerprint). */
export function testCustomerId(card: TestCard, cardNumber = TEST_CARD_NUMBER): string {
  return `cus_test_${card}_${testCardFingerprint(cardNumber).slice('fp_test_'.length)}_${randomBytes(9).toString('base64url')}`;
}

function cardOf(customerId: string): TestCard | null {
  const m = /^cus_test_(ok|renewals-decline)_/.exec(customerId);
  return m === null ? null : (m[1] as TestCard);
}

/** The fingerprint of the card a test customer id was made for, or null for a customer id made before fingerprints. */
function fingerprintOf(customerId: string): string | null {
  const m = /^cus_test_(?:ok|renewals-decline)_([0-9a-f]{16})_/.exec(customerId);
  return m === null ? null : `fp_test_${m[1]}`;
}

const PAGE_PREFIX = '/pay/test/';
const PORTAL_PREFIX = '/pay/test-portal/';

/** Builds the test provider (buildApp's default `payments`). */
export function createTestPaymentProvider(context: PaymentProviderContext): TestPaymentProvider {
  const { config, db, clock, logger } = context;
  const secret = config.secrets.PAYMENT_WEBHOOK_SECRET;
  const brand = getBrand(config.brand);
  const charges: TestCharge[] = [];
  const refunds: { refundId: string; chargeId: string; amount: number }[] = [];
  const deletedCustomers: string[] = [];
  /** The card saved for a customer, or null for an unknown or deleted one. */
  const savedCard = (customerId: string): TestCard | null => (deletedCustomers.includes(customerId) ? null : cardOf(customerId));
  const inFlight = new Set<Promise<unknown>>();
  /** Checkouts this process is paying now: a double-clicked Pay pays once. */
  const paying = new Set<string>();

  /** Signs and delivers one event to the server's webhook handler; resolves with its status. */
  function send<K extends keyof WebhookEventData>(type: K, data: WebhookEventData[K]): Promise<number> {
    const event = {
      id: `evt_test_${randomBytes(12).toString('base64url')}`,
      type,
      created: Math.floor(clock() / 1000),
      data,
    } as WebhookEvent;
    const body = JSON.stringify(event);
    const request = new Request(`${config.publicOrigin}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(secret, body, clock()) },
      body,
    });
    const p = context
      .deliver(request)
      .then((response) => {
        if (!response.ok) logger.error({ event: event.id, type, status: response.status }, 'test payment provider: webhook refused');
        return response.status;
      })
      .catch((error: unknown) => {
        logger.error({ err: error, event: event.id, type }, 'test payment provider: webhook not delivered');
        return 0;
      });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  }

  const newChargeId = () => `ch_test_${randomBytes(12).toString('base64url')}`;

  async function page(request: Request): Promise<Response> {
    const url = new URL(request.url);
    let id: string;
    try {
      id = decodeURIComponent(url.pathname.slice(PAGE_PREFIX.length));
    } catch {
      return html(404, 'Not found', '<p>There is no such payment.</p>');
    }
    if (id === 'style.css')
      return new Response(STYLE, { headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return html(404, 'Not found', '<p>There is no such payment.</p>');
    const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1);
    if (checkout === undefined) return html(404, 'Not found', '<p>There is no such payment.</p>');
    const back = `${config.publicOrigin}/user/account?checkout=${encodeURIComponent(id)}`;
    const expired = clock() >= checkout.expiresAt.getTime();
    if (checkout.status !== 'pending' || expired) {
      const state = checkout.status === 'pending' ? 'expired' : checkout.status;
      if (request.method === 'POST') return redirect(back);
      return html(409, 'Payment closed', `<p>This payment is ${esc(state)}.</p><p><a href="${esc(back)}">Back to your account</a></p>`);
    }
    const planLabel = brand.plans.find((p) => p.name === checkout.plan)?.label ?? checkout.plan;
    const term = checkout.term === 'year' ? 'yearly' : 'monthly';
    if (request.method === 'GET') {
      const today =
        checkout.amount === 0
          ? '<p>Nothing is charged today. The card is saved for the charges to come (after a free trial, or at renewal).</p>'
          : `<p class="amount">Pay now: <strong>${formatPence(checkout.amount)}</strong></p>`;
      const cards = (Object.keys(TEST_CARDS) as TestCard[])
        .map(
          (card, i) =>
            `<label><input type="radio" name="card" value="${card}"${i === 0 ? ' checked' : ''}> ${esc(TEST_CARDS[card])}</label>`,
        )
        .join('\n');
      return html(
        200,
        'Test payment',
        `<dl><dt>Plan</dt><dd>${esc(planLabel)}</dd><dt>Term</dt><dd>${term}</dd><dt>${checkout.kind === 'upgrade' ? 'Upgrade' : 'Purchase'}</dt><dd>${esc(checkout.slug)}</dd></dl>
${today}
<form method="post" action="${PAGE_PREFIX}${esc(encodeURIComponent(id))}">
<fieldset><legend>Card</legend>
${cards}
<label>Test card number <input name="cardNumber" inputmode="numeric" autocomplete="off" value="${TEST_CARD_NUMBER}"></label>
</fieldset>
<button type="submit" name="action" value="pay">${checkout.amount === 0 ? 'Confirm' : `Pay ${formatPence(checkout.amount)}`}</button>
<button type="submit" name="action" value="decline">Decline</button>
</form>`,
      );
    }
    const form = new URLSearchParams(await request.text());
    const action = form.get('action');
    const card = form.get('card') ?? 'ok';
    const cardNumber = form.get('cardNumber') ?? TEST_CARD_NUMBER;
    if ((action !== 'pay' && action !== 'decline') || !(card in TEST_CARDS) || !/^[\d ]{12,23}$/.test(cardNumber)) {
      return html(400, 'Bad request', '<p>Choose a test card and type a card number of 12 to 19 digits, then Pay or Decline.</p>');
    }
    if (paying.has(id)) return redirect(back);
    paying.add(id);
    try {
      if (action === 'decline') {
        await send('checkout.declined', { checkoutId: id, reason: 'The test card was declined (Decline was pressed).' });
      } else {
        const customerId = testCustomerId(card as TestCard, cardNumber);
        let chargeId: string | null = null;
        if (checkout.amount > 0) {
          chargeId = newChargeId();
          charges.push({ chargeId, customerId, amount: checkout.amount, key: id, ok: true, at: clock() });
        }
        const cardFingerprint = testCardFingerprint(cardNumber);
        await send('checkout.completed', { checkoutId: id, customerId, chargeId, amount: checkout.amount, cardFingerprint });
      }
    } finally {
      paying.delete(id);
    }
    return redirect(back);
  }

  async function portal(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const session = url.pathname.slice(PORTAL_PREFIX.length);
    const check = verifyWebhookSignature(secret, session, url.searchParams.get('sig'), clock());
    if (!/^[A-Za-z0-9_-]{1,2000}$/.test(session) || !check.ok)
      return html(
        404,
        'Billing portal',
        '<p>This link has expired or is not valid. Open <strong>Update card</strong> on your account page again.</p>',
      );
    const { customerId, returnUrl } = JSON.parse(Buffer.from(session, 'base64url').toString('utf8')) as BillingPortalRequest;
    const card = savedCard(customerId);
    return html(
      200,
      'Billing portal',
      `<p>Card on file: <strong>${esc(card === null ? 'none' : TEST_CARDS[card])}</strong>.</p>
<p>A real payment provider's portal lets you replace the card here. Test cards cannot be changed: buy again with another test card instead.</p>
<p><a href="${esc(returnUrl)}">Back to your account</a></p>`,
    );
  }

  return {
    name: 'test',
    testMode: true,
    charges,
    refunds,
    deletedCustomers,
    async createPaymentPage(request) {
      return { url: `${config.publicOrigin}${PAGE_PREFIX}${encodeURIComponent(request.checkoutId)}` };
    },
    paymentPageUrl(checkoutId) {
      return `${config.publicOrigin}${PAGE_PREFIX}${encodeURIComponent(checkoutId)}`;
    },
    async chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult> {
      if (!Number.isSafeInteger(request.amount) || request.amount < 1)
        throw new Error('test provider: amount must be a whole number of pence, at least 1');
      const card = savedCard(request.customerId);
      const chargeId = newChargeId();
      const ok = card === 'ok';
      charges.push({ chargeId, customerId: request.customerId, amount: request.amount, key: request.idempotencyKey, ok, at: clock() });
      if (ok) {
        const cardFingerprint = fingerprintOf(request.customerId);
        void send('charge.succeeded', {
          chargeId,
          customerId: request.customerId,
          amount: request.amount,
          cardFingerprint,
          metadata: request.metadata,
        });
        return { ok: true, chargeId };
      }
      const reason =
        card === null
          ? 'Unknown or deleted test customer: no saved card.'
          : 'The test card declines charges made without the member (renewals).';
      void send('charge.failed', { chargeId, customerId: request.customerId, amount: request.amount, reason, metadata: request.metadata });
      return { ok: false, chargeId, reason };
    },
    async refund(request: RefundRequest): Promise<RefundResult> {
      const charge = charges.find((c) => c.chargeId === request.chargeId && c.ok);
      if (!/^ch_test_/.test(request.chargeId)) throw new Error(`test provider: ${request.chargeId} is not a test charge`);
      if (!Number.isSafeInteger(request.amount) || request.amount < 1)
        throw new Error('test provider: a refund is a whole number of pence, at least 1');
      // A charge made by another process is not in this one's log: refund it all the same (test mode).
      const refunded = refunds.filter((r) => r.chargeId === request.chargeId).reduce((s, r) => s + r.amount, 0);
      if (charge !== undefined && refunded + request.amount > charge.amount)
        throw new Error(`test provider: refunds of ${request.chargeId} would exceed the charge`);
      const inFull = charge === undefined || refunded + request.amount === charge.amount;
      const refundId = `re_test_${randomBytes(12).toString('base64url')}`;
      refunds.push({ refundId, chargeId: request.chargeId, amount: request.amount });
      void send('charge.refunded', {
        chargeId: request.chargeId,
        refundId,
        amount: request.amount,
        inFull,
        metadata: request.metadata ?? null,
      });
      return { refundId };
    },
    async createBillingPortalSession(request) {
      if (!request.returnUrl.startsWith(`${config.publicOrigin}/`))
        throw new Error('test provider: the portal returns only to this server');
      const session = Buffer.from(JSON.stringify({ customerId: request.customerId, returnUrl: request.returnUrl })).toString('base64url');
      return { url: `${config.publicOrigin}${PORTAL_PREFIX}${session}?sig=${encodeURIComponent(signWebhook(secret, session, clock()))}` };
    },
    async deleteCustomer(customerId) {
      // Idempotent, as Stripe's is to the caller: a customer deleted before counts as deleted.
      if (!deletedCustomers.includes(customerId)) deletedCustomers.push(customerId);
    },
    async readWebhook(delivery) {
      return readTestWebhook(secret, delivery);
    },
    routes: [
      { method: 'GET', path: `${PORTAL_PREFIX}*`, handle: (request) => portal(request) },
      { method: 'GET', path: `${PAGE_PREFIX}*`, handle: (request) => page(request) },
      { method: 'POST', path: `${PAGE_PREFIX}*`, handle: (request) => page(request) },
    ],
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async stop() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

// The test provider's webhooks are the server's events themselves (JSON), signed with
// PAYMENT_WEBHOOK_SECRET (signature.ts).
const id = z.string().min(1).max(200);
const pence = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const metadata = z.object({ subscriptionId: id, eventId: id });
/** The card's fingerprint; an event without one reads as null. */
const cardFingerprint = id.nullable().default(null);
const envelope = z.object({ id, type: z.string().min(1).max(100), created: z.number().int() });
const eventSchema = z.discriminatedUnion('type', [
  envelope.extend({
    type: z.literal('checkout.completed'),
    data: z.object({ checkoutId: id, customerId: id, chargeId: id.nullable(), amount: pence, cardFingerprint }),
  }),
  envelope.extend({ type: z.literal('checkout.declined'), data: z.object({ checkoutId: id, reason: z.string().max(1000) }) }),
  envelope.extend({
    type: z.literal('charge.succeeded'),
    data: z.object({ chargeId: id, customerId: id, amount: pence, cardFingerprint, metadata }),
  }),
  envelope.extend({
    type: z.literal('charge.failed'),
    data: z.object({ chargeId: z.string().max(200), customerId: id, amount: pence, reason: z.string().max(1000), metadata }),
  }),
  envelope.extend({
    type: z.literal('charge.refunded'),
    data: z.object({
      chargeId: id,
      refundId: id,
      amount: pence,
      inFull: z.boolean(),
      metadata: z.object({ paymentId: id }).nullable().default(null),
    }),
  }),
  envelope.extend({ type: z.literal('charge.disputed'), data: z.object({ chargeId: id, disputeId: id, amount: pence }) }),
  envelope.extend({ type: z.literal('customer.card-updated'), data: z.object({ customerId: id, paymentMethodId: id }) }),
  envelope.extend({
    type: z.literal('dispute.closed'),
    data: z.object({ chargeId: id, disputeId: id, outcome: z.enum(['won', 'lost', 'other']) }),
  }),
]);
const KNOWN: ReadonlySet<string> = new Set(eventSchema.options.map((o) => o.shape.type.value));

/** Verifies a test provider delivery (signature.ts) and reads its event. */
export function readTestWebhook(secret: string, delivery: WebhookDelivery): WebhookReading {
  const check = verifyWebhookSignature(secret, delivery.body, delivery.headers.get(SIGNATURE_HEADER), delivery.now);
  if (!check.ok) return { kind: 'refused', message: 'Invalid signature', reason: check.reason };
  let json: unknown;
  try {
    json = JSON.parse(delivery.body);
  } catch {
    return { kind: 'refused', message: 'The body is not JSON', reason: 'not JSON' };
  }
  const head = envelope.safeParse(json);
  if (!head.success) return { kind: 'refused', message: 'Not a webhook event (id, type, created)', reason: 'no envelope' };
  if (!KNOWN.has(head.data.type)) return { kind: 'ignored', id: head.data.id, type: head.data.type };
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) {
    const message = `Malformed ${head.data.type} event: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`;
    return { kind: 'refused', message, reason: message };
  }
  return { kind: 'event', event: parsed.data };
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

function html(status: number, title: string, body: string): Response {
  const page = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} (TEST MODE)</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${PAGE_PREFIX}style.css">
</head>
<body>
<p class="banner" role="alert"><strong>TEST MODE — no real money</strong>: this is the example app's local test payment page. No card is charged.</p>
<main>
<h1>${esc(title)}</h1>
${body}
</main>
</body>
</html>
`;
  return new Response(page, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

const STYLE = `body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; }
.banner { margin: 0; padding: 1rem; background: #ffd400; color: #000; font-size: 1.5rem; text-align: center; border-bottom: 4px solid #000; }
main { max-width: 32rem; margin: 2rem auto; padding: 0 1rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
.amount { font-size: 1.25rem; }
fieldset { margin: 1rem 0; }
label { display: block; margin: 0.25rem 0; }
button { font-size: 1rem; padding: 0.5rem 1.25rem; margin-right: 0.5rem; }
`;
