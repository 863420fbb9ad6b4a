// A local Stripe for tests: a loopback HTTP server answering exactly the Stripe API calls the
// Stripe provider makes (payments/stripe-provider.ts), in Stripe's own shapes: form-encoded requests
// in bracket notation as stripe-node sends them, JSON objects with Stripe's `object` names and id
// prefixes, errors as `{ error: { type, code, decline_code, message, payment_intent } }` (a decline
// is HTTP 402), `Idempotency-Key` honoured (the same key answers the first response again), keys by
// `Authorization: Bearer sk_test_...`. Besides the API it serves what Stripe hosts:
// - GET/POST /c/pay/{session}: the Checkout page (a card number field, Pay), which completes the
//   session and redirects to its success_url. Test cards as Stripe's: 4242424242424242 pays,
//   4000000000000002 is declined (on a setup page too), 4000000000000341 attaches to the customer
//   but every charge of it is declined (so it saves fine in a trial's setup page and declines at
//   the first charge);
// - GET/POST /p/session/{id}: the billing portal page (replace the saved card, back to return_url);
// and it delivers webhook events (POST to `webhookUrl`) signed with the library's own
// stripe.webhooks.generateTestHeaderString, one at a time in order, retrying a delivery answered
// with anything but 2xx (as Stripe does, on a shorter schedule). A test controls delivery (hold,
// release in any order, deliver again), acts as the dashboard (refund, open and close a dispute)
// and reads `events`. Instants come from `clock` (the test's clock), so expiry and signatures follow it.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The test card numbers the hosted pages know (others are refused as invalid). */
export const FAKE_CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  /** Attaches (a setup page saves it) but every charge is declined. */
  chargesDecline: '4000000000000341',
} as const;

/** A Stripe object as the fake keeps it (Stripe's JSON shape). */
type Obj = Record<string, unknown> & { id: string; object: string };

/** An event the fake made, and what became of its deliveries. */
export interface FakeEvent {
  readonly event: Obj & { type: string; data: { object: Obj; previous_attributes?: Record<string, unknown> } };
  /** HTTP status of each delivery attempt (0: not answered). */
  readonly attempts: number[];
}

/** How the fake is started. */
export interface StripeFakeOptions {
  /** Port to listen on (0 or absent: any free port). */
  readonly port?: number;
  /** Where events are POSTed (settable later with setWebhookUrl; null: events are only recorded). */
  readonly webhookUrl?: string | null;
  /** The webhook signing secret (`whsec_...`). */
  readonly secret: string;
  /** The API key the fake accepts (default `sk_test_fake`). */
  readonly apiKey?: string;
  /** The fake's clock in epoch ms (default Date.now). */
  readonly clock?: () => number;
  /** Waits before each retry of a failed delivery, in ms (default [20, 50, 100, 200]; then it gives up). */
  readonly retryDelaysMs?: readonly number[];
}

/** The running fake. */
export interface StripeFake {
  /** `http://127.0.0.1:{port}`: the API base (STRIPE_API_BASE) and the hosted pages' origin. */
  readonly origin: string;
  readonly apiKey: string;
  readonly secret: string;
  /** Every event made, in order. */
  readonly events: readonly FakeEvent[];
  /** Every API request received (method, path, idempotency key). */
  readonly requests: readonly { method: string; path: string; idempotencyKey: string | null }[];
  setWebhookUrl(url: string | null): void;
  /** From now on events are kept, not delivered, until release(). */
  hold(): void;
  /** The held events' ids and types, in the order made. */
  held(): { id: string; type: string }[];
  /** Delivers held events (all in the order made, or the given ids in the given order; repeats allowed), then stops holding. */
  release(order?: readonly string[]): Promise<void>;
  /** Delivers an event again (a duplicate, as Stripe sometimes sends). */
  redeliver(eventId: string): Promise<number>;
  /** Resolves when no delivery is queued or being retried. */
  idle(): Promise<void>;
  /** Expires every open Checkout session whose expires_at has passed (Stripe does it on its own). */
  expireDueSessions(): void;
  /** The dashboard's refund of a payment (a PaymentIntent or charge id), in full unless `amount` is given. */
  dashboardRefund(paymentId: string, amount?: number): Obj;
  /** A cardholder's bank opens a dispute on a payment (PaymentIntent or charge id). */
  openDispute(paymentId: string, reason?: string): Obj;
  /** Closes a dispute as won or lost. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Obj;
  /** What the billing portal's "Update card" does: a new card attached and made the customer's default. */
  replaceCard(customerId: string, cardNumber: string): Obj;
  /**
   * From now on, until `outage(null)`, the API answers the requests that match (every one, with no
   * method or path) with a 500 `api_error`, as Stripe does when it is down.
   */
  outage(match: { readonly method?: string; readonly path?: RegExp } | null): void;
  /** The stored object with that id (a copy), or undefined. */
  get(id: string): Obj | undefined;
  /** Stops listening (waits for deliveries in flight). */
  stop(): Promise<void>;
}

/** Stripe's error body. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body['message']));
  }
}

const invalid = (message: string, param?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param === undefined ? {} : { param }) });
const missing = (id: string, param = 'id') =>
  new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'`, param });

/**
 * Parses Stripe's form encoding (`a[b][0][c]=x`) into nested objects; objects whose keys are all
 * indexes become arrays.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((s) => s !== '');
    let node = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else {
        const next = node[segment];
        node = (typeof next === 'object' && next !== null ? next : (node[segment] = {})) as Record<string, unknown>;
      }
    });
  }
  const arrays = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    const mapped = Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k))
      ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => mapped[k])
      : mapped;
  };
  return arrays(root) as Record<string, unknown>;
}

const str = (params: Record<string, unknown>, name: string): string | undefined => {
  const v = params[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`Invalid ${name}: must be a string`, name);
  return v;
};
const int = (params: Record<string, unknown>, name: string): number | undefined => {
  const v = str(params, name);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw invalid(`Invalid integer: ${v}`, name);
  return Number(v);
};
const record = (v: unknown): Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, string>) : {};

/** Starts the fake on loopback. */
export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const clock = options.clock ?? Date.now;
  const apiKey = options.apiKey ?? 'sk_test_fake';
  const secret = options.secret;
  const retryDelays = options.retryDelaysMs ?? [20, 50, 100, 200];
  const stripe = new Stripe(apiKey);
  let webhookUrl = options.webhookUrl ?? null;
  const objects = new Map<string, Obj>();
  const events: FakeEvent[] = [];
  const requests: { method: string; path: string; idempotencyKey: string | null }[] = [];
  const idempotent = new Map<string, { status: number; body: string; request: string }>();
  let holding = false;
  const heldIds: string[] = [];
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  let origin = '';

  const now = () => Math.floor(clock() / 1000);
  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  const put = <T extends Obj>(o: T): T => {
    objects.set(o.id, o);
    return o;
  };
  /** The object with that id, of that kind; a deleted customer is missing (only its retrieval answers it: GET /v1/customers/{id}). */
  const find = (id: string, object: string, param = 'id'): Obj => {
    const o = objects.get(id);
    if (o === undefined || o.object !== object || o['deleted'] === true) throw missing(id, param);
    return o;
  };
  let down: { readonly method?: string; readonly path?: RegExp } | null = null;
  const copy = <T>(o: T): T => structuredClone(o);

  // ---------------------------------------------------------------- events and their delivery

  function emit(type: string, object: Obj, previous?: Record<string, unknown>): void {
    const event: FakeEvent['event'] = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: copy(object), ...(previous === undefined ? {} : { previous_attributes: previous }) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push({ event, attempts: [] });
    if (holding) heldIds.push(event.id);
    else enqueue(event.id);
  }

  function enqueue(eventId: string): Promise<void> {
    pending += 1;
    const run = queue.then(() => deliverWithRetries(eventId)).finally(() => (pending -= 1));
    queue = run.catch(() => undefined);
    return run;
  }

  async function attempt(eventId: string): Promise<number> {
    const record = events.find((e) => e.event.id === eventId);
    if (record === undefined) throw new Error(`stripe fake: no event ${eventId}`);
    if (webhookUrl === null) return 0;
    const payload = JSON.stringify(record.event, null, 2);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now() });
    let status: number;
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0;
    }
    record.attempts.push(status);
    return status;
  }

  async function deliverWithRetries(eventId: string): Promise<void> {
    for (let i = 0; ; i += 1) {
      const status = await attempt(eventId);
      if ((status >= 200 && status < 300) || webhookUrl === null) return;
      const wait = retryDelays[i];
      if (wait === undefined) return;
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  // ---------------------------------------------------------------- cards and payments

  const fingerprintOf = (number: string) => createHash('sha256').update(`fake-stripe-card:${number}`).digest('base64url').slice(0, 16);

  function paymentMethod(number: string, customer: string | null): Obj {
    return put({
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: now(),
      customer,
      livemode: false,
      metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: 'visa',
        country: 'GB',
        exp_month: 12,
        exp_year: new Date(clock()).getUTCFullYear() + 3,
        fingerprint: fingerprintOf(number),
        funding: 'credit',
        last4: number.slice(-4),
      },
      // The fake's own note of the number, to decide charges (never sent by Stripe).
      _number: number,
    });
  }

  /** Whether a charge of this card succeeds. */
  const chargeable = (pm: Obj) => pm['_number'] === FAKE_CARDS.ok;
  const publicPm = (pm: Obj): Obj => {
    const { _number: _, ...rest } = pm;
    return rest as Obj;
  };

  /** Attempts a PaymentIntent's charge with `pm`: the charge object, the PI updated, events sent. */
  function charge(pi: Obj, pm: Obj): { ok: boolean; charge: Obj } {
    const ok = chargeable(pm);
    const card = pm['card'] as Record<string, unknown>;
    const ch = put({
      id: newId('ch'),
      object: 'charge',
      amount: pi['amount'],
      amount_captured: ok ? pi['amount'] : 0,
      amount_refunded: 0,
      balance_transaction: ok ? newId('txn') : null,
      billing_details: pm['billing_details'],
      captured: ok,
      created: now(),
      currency: pi['currency'],
      customer: pi['customer'],
      description: pi['description'] ?? null,
      disputed: false,
      failure_code: ok ? null : 'card_declined',
      failure_message: ok ? null : 'Your card was declined.',
      livemode: false,
      metadata: pi['metadata'],
      outcome: ok
        ? {
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          }
        : {
            network_status: 'declined_by_network',
            reason: 'generic_decline',
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          },
      paid: ok,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: {
        type: 'card',
        card: {
          brand: card['brand'],
          country: card['country'],
          exp_month: card['exp_month'],
          exp_year: card['exp_year'],
          fingerprint: card['fingerprint'],
          funding: card['funding'],
          last4: card['last4'],
        },
      },
      receipt_email: null,
      refunded: false,
      status: ok ? 'succeeded' : 'failed',
    });
    pi['latest_charge'] = ch.id;
    pi['payment_method'] = pm.id;
    if (ok) {
      pi['status'] = 'succeeded';
      pi['amount_received'] = pi['amount'];
      pi['last_payment_error'] = null;
      emit('charge.succeeded', ch);
      emit('payment_intent.succeeded', pi);
    } else {
      pi['status'] = 'requires_payment_method';
      pi['last_payment_error'] = declineError(pm, ch);
      emit('charge.failed', ch);
      emit('payment_intent.payment_failed', pi);
    }
    return { ok, charge: ch };
  }

  function declineError(pm: Obj, ch: Obj) {
    return {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      charge: ch.id,
      payment_method: publicPm(pm),
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      request_log_url: `https://dashboard.stripe.com/test/logs/${newId('req')}`,
    };
  }

  function newPaymentIntent(fields: {
    amount: number;
    customer: string | null;
    description: string | null;
    metadata: Record<string, string>;
    setupFutureUsage: string | null;
  }): Obj {
    return put({
      id: newId('pi'),
      object: 'payment_intent',
      amount: fields.amount,
      amount_received: 0,
      capture_method: 'automatic',
      client_secret: `${newId('pi')}_secret_${randomBytes(8).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: 'gbp',
      customer: fields.customer,
      description: fields.description,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: fields.metadata,
      payment_method: null,
      payment_method_types: ['card'],
      setup_future_usage: fields.setupFutureUsage,
      status: 'requires_payment_method',
    });
  }

  function refundOf(paymentId: string, amount: number | undefined, metadata: Record<string, string>, reason: string | null): Obj {
    const pi = objects.get(paymentId);
    const chargeId = pi?.object === 'payment_intent' ? (pi['latest_charge'] as string | null) : paymentId;
    if (chargeId === null) throw invalid(`PaymentIntent ${paymentId} has no charge to refund`, 'payment_intent');
    const ch = find(chargeId, 'charge', 'charge');
    if (ch['status'] !== 'succeeded') throw invalid(`Charge ${ch.id} has not succeeded`, 'charge');
    if (ch['disputed'] === true)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_disputed',
        message: `Charge ${ch.id} has been charged back; it cannot be refunded.`,
      });
    const left = (ch['amount'] as number) - (ch['amount_refunded'] as number);
    const value = amount ?? left;
    if (value < 1 || value > left)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount (£${(value / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
        param: 'amount',
      });
    const re = put({
      id: newId('re'),
      object: 'refund',
      amount: value,
      balance_transaction: newId('txn'),
      charge: ch.id,
      created: now(),
      currency: ch['currency'],
      metadata,
      payment_intent: ch['payment_intent'],
      reason,
      status: 'succeeded',
    });
    const previous = { amount_refunded: ch['amount_refunded'], refunded: ch['refunded'] };
    ch['amount_refunded'] = (ch['amount_refunded'] as number) + value;
    ch['refunded'] = ch['amount_refunded'] === ch['amount'];
    emit('charge.refunded', ch, previous);
    emit('refund.created', re);
    return re;
  }

  // ---------------------------------------------------------------- the API

  type Handler = (params: Record<string, unknown>, match: string[]) => Obj | Record<string, unknown>;
  const api: { method: string; pattern: RegExp; handle: Handler }[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: (p) =>
        put({
          id: newId('cus'),
          object: 'customer',
          created: now(),
          email: str(p, 'email') ?? null,
          name: str(p, 'name') ?? null,
          invoice_settings: { default_payment_method: null },
          livemode: false,
          metadata: record(p['metadata']),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: (_, [id]) => {
        // Stripe answers a deleted customer's id with what is left of it: { id, object, deleted: true }.
        const gone = objects.get(id as string);
        return gone?.object === 'customer' && gone['deleted'] === true ? gone : find(id as string, 'customer');
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: (_, [id]) => {
        // A customer deleted before is missing (404 resource_missing), as at Stripe.
        const c = find(id as string, 'customer');
        // The customer's saved cards go with it: nothing can be charged to them any more.
        for (const o of objects.values()) if (o.object === 'payment_method' && o['customer'] === c.id) o['customer'] = null;
        const deleted = put({ id: c.id, object: 'customer', deleted: true });
        emit('customer.deleted', c);
        return deleted;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: (p, [id]) => {
        const c = find(id as string, 'customer');
        // Metadata first: Stripe's one customer.updated for the call shows the customer after all of it.
        if (p['metadata'] !== undefined) c['metadata'] = { ...record(c['metadata']), ...record(p['metadata']) };
        const pmId = record(p['invoice_settings'])['default_payment_method'];
        if (pmId !== undefined) {
          const pm = find(pmId, 'payment_method', 'invoice_settings[default_payment_method]');
          if (pm['customer'] !== c.id)
            throw invalid(`The payment method ${pmId} is not attached to customer ${c.id}`, 'invoice_settings[default_payment_method]');
          const previous = copy(c['invoice_settings']);
          c['invoice_settings'] = { default_payment_method: pmId };
          if (record(previous)['default_payment_method'] !== pmId) emit('customer.updated', c, { invoice_settings: previous });
        }
        if (p['email'] !== undefined) c['email'] = str(p, 'email');
        return c;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: (p) => {
        const mode = str(p, 'mode');
        if (mode !== 'payment' && mode !== 'setup') throw invalid('mode must be payment or setup (the fake knows no others)', 'mode');
        const successUrl = str(p, 'success_url');
        if (successUrl === undefined) throw invalid('Missing required param: success_url.', 'success_url');
        const customer = str(p, 'customer');
        if (customer !== undefined) find(customer, 'customer', 'customer');
        const expiresAt = int(p, 'expires_at') ?? now() + 24 * 3600;
        if (expiresAt < now() + 30 * 60 || expiresAt > now() + 24 * 3600)
          throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
        let amount: number | null = null;
        let currency = str(p, 'currency') ?? null;
        if (mode === 'payment') {
          const items = p['line_items'];
          if (!Array.isArray(items) || items.length === 0) throw invalid('line_items is required in payment mode', 'line_items');
          amount = 0;
          for (const [i, item] of (items as Record<string, unknown>[]).entries()) {
            const data = record(item['price_data']) as unknown as Record<string, unknown>;
            const unit = int(data, 'unit_amount');
            const quantity = int(item, 'quantity') ?? 1;
            if (unit === undefined) throw invalid('price_data[unit_amount] is required', `line_items[${i}][price_data][unit_amount]`);
            currency = str(data, 'currency') ?? null;
            if (currency !== 'gbp') throw invalid('the fake takes gbp only', `line_items[${i}][price_data][currency]`);
            amount += unit * quantity;
          }
        }
        const id = newId('cs_test');
        return put({
          id,
          object: 'checkout.session',
          amount_subtotal: amount,
          amount_total: amount,
          cancel_url: str(p, 'cancel_url') ?? null,
          client_reference_id: str(p, 'client_reference_id') ?? null,
          created: now(),
          currency,
          customer: customer ?? null,
          expires_at: expiresAt,
          livemode: false,
          metadata: record(p['metadata']),
          mode,
          payment_intent: null,
          payment_method_types: Array.isArray(p['payment_method_types']) ? p['payment_method_types'] : ['card'],
          payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
          setup_intent: null,
          status: 'open',
          success_url: successUrl,
          url: `${origin}/c/pay/${id}`,
          // What the page makes when paid (kept by the fake, not sent).
          _payment_intent_data: record(p['payment_intent_data']) as unknown,
          _setup_intent_data: record(p['setup_intent_data']) as unknown,
          _line_items: p['line_items'],
        });
      },
    },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: (_, [id]) => find(id as string, 'checkout.session') },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: (p) => {
        const customer = str(p, 'customer');
        const status = str(p, 'status');
        const data = [...objects.values()]
          .filter((o) => o.object === 'checkout.session')
          .filter((o) => (customer === undefined || o['customer'] === customer) && (status === undefined || o['status'] === status))
          .reverse()
          .slice(0, int(p, 'limit') ?? 10);
        return { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents$/,
      handle: (p) => {
        const amount = int(p, 'amount');
        if (amount === undefined || amount < 30) throw invalid('Amount must be at least £0.30 gbp', 'amount');
        if (str(p, 'currency') !== 'gbp') throw invalid('the fake takes gbp only', 'currency');
        const customer = str(p, 'customer');
        if (customer !== undefined) find(customer, 'customer', 'customer');
        const pi = newPaymentIntent({
          amount,
          customer: customer ?? null,
          description: str(p, 'description') ?? null,
          metadata: record(p['metadata']),
          setupFutureUsage: str(p, 'setup_future_usage') ?? null,
        });
        const pmId = str(p, 'payment_method');
        if (str(p, 'confirm') !== 'true') return pi;
        if (pmId === undefined) throw invalid('You must provide a payment_method to confirm', 'payment_method');
        const pm = find(pmId, 'payment_method', 'payment_method');
        if (pm['customer'] !== pi['customer'])
          throw invalid(`The provided PaymentMethod ${pmId} is not attached to customer ${String(pi['customer'])}`, 'payment_method');
        const { ok, charge: ch } = charge(pi, pm);
        if (!ok) throw new StripeApiError(402, { ...declineError(pm, ch), payment_intent: copy(pi) });
        return pi;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (p, [id]) => {
        const pi = copy(find(id as string, 'payment_intent'));
        const expand = Array.isArray(p['expand']) ? (p['expand'] as string[]) : [];
        for (const field of ['latest_charge', 'payment_method'])
          if (expand.includes(field) && typeof pi[field] === 'string')
            pi[field] = copy(find(pi[field] as string, field === 'latest_charge' ? 'charge' : 'payment_method'));
        if (pi['payment_method'] !== null && typeof pi['payment_method'] === 'object')
          pi['payment_method'] = publicPm(pi['payment_method'] as Obj);
        return pi;
      },
    },
    { method: 'GET', pattern: /^\/v1\/setup_intents\/([^/]+)$/, handle: (_, [id]) => find(id as string, 'setup_intent') },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handle: (p) => {
        const target = str(p, 'payment_intent') ?? str(p, 'charge');
        if (target === undefined) throw invalid('One of charge or payment_intent is required', 'charge');
        if (!objects.has(target)) throw missing(target, p['payment_intent'] !== undefined ? 'payment_intent' : 'charge');
        return refundOf(target, int(p, 'amount'), record(p['metadata']), str(p, 'reason') ?? null);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds$/,
      handle: (p) => {
        const chargeId = str(p, 'charge');
        const pi = str(p, 'payment_intent');
        const data = [...objects.values()]
          .filter(
            (o) =>
              o.object === 'refund' &&
              (chargeId === undefined || o['charge'] === chargeId) &&
              (pi === undefined || o['payment_intent'] === pi),
          )
          .reverse()
          .slice(0, int(p, 'limit') ?? 10);
        return { object: 'list', data, has_more: false, url: '/v1/refunds' };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      handle: (p) => {
        const customer = str(p, 'customer');
        if (customer === undefined) throw invalid('Missing required param: customer.', 'customer');
        find(customer, 'customer', 'customer');
        const id = newId('bps');
        return put({
          id,
          object: 'billing_portal.session',
          created: now(),
          customer,
          livemode: false,
          return_url: str(p, 'return_url') ?? null,
          url: `${origin}/p/session/${id}`,
        });
      },
    },
  ];

  /** Strips the fake's private fields (`_...`) from what it answers. */
  const publicJson = (o: unknown) => JSON.stringify(o, (k, v: unknown) => (k.startsWith('_') ? undefined : v), 2);

  async function handleApi(req: IncomingMessage, url: URL, body: string): Promise<{ status: number; body: string }> {
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${apiKey}`)
      return { status: 401, body: publicJson({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }) };
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key });
    if (down !== null && (down.method === undefined || down.method === req.method) && (down.path?.test(url.pathname) ?? true))
      return { status: 500, body: publicJson({ error: { type: 'api_error', message: 'An unknown error occurred (the fake is down).' } }) };
    const route = api.find((r) => r.method === req.method && r.pattern.test(url.pathname));
    if (route === undefined)
      return {
        status: 404,
        body: publicJson({
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` },
        }),
      };
    const signature = `${req.method} ${url.pathname} ${body}`;
    if (req.method === 'POST' && key !== null) {
      const seen = idempotent.get(key);
      if (seen !== undefined) {
        if (seen.request !== signature)
          return {
            status: 400,
            body: publicJson({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            }),
          };
        return { status: seen.status, body: seen.body };
      }
    }
    const params = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : body);
    let answer: { status: number; body: string };
    try {
      const match = route.pattern.exec(url.pathname)?.slice(1) ?? [];
      answer = { status: 200, body: publicJson(route.handle(params, match)) };
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      answer = { status: error.status, body: publicJson({ error: error.body }) };
    }
    // Stripe keeps the first answer to a key, errors included (except 5xx, which it does not make here).
    if (req.method === 'POST' && key !== null) idempotent.set(key, { ...answer, request: signature });
    return answer;
  }

  // ---------------------------------------------------------------- hosted pages

  function page(status: number, title: string, content: string): { status: number; html: string } {
    return {
      status,
      html: `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${esc(title)} (Stripe test fake)</title></head>
<body>
<p role="note"><strong>Stripe test fake</strong>: a local stand-in for Stripe's hosted page. No card is charged.</p>
<main><h1>${esc(title)}</h1>
${content}
</main></body></html>
`,
    };
  }

  function checkoutPage(session: Obj, error: string | null): { status: number; html: string } {
    const amount = session['amount_total'] as number | null;
    const items = Array.isArray(session['_line_items']) ? (session['_line_items'] as Record<string, unknown>[]) : [];
    const name = items.map((i) => record(record(i['price_data'])['product_data'])['name'] ?? '').join(', ');
    const today =
      amount === null
        ? '<p>Nothing is charged today: your card is saved for later payments.</p>'
        : `<p>Pay £${(amount / 100).toFixed(2)}</p>`;
    return page(
      error === null ? 200 : 402,
      'Checkout',
      `${name === '' ? '' : `<p>${esc(name)}</p>`}
${today}
${error === null ? '' : `<p role="alert">${esc(error)}</p>`}
<form method="post" action="/c/pay/${esc(session.id)}">
<label for="cardnumber">Card number</label>
<input id="cardnumber" name="cardnumber" inputmode="numeric" autocomplete="cc-number" required>
<button type="submit">${amount === null ? 'Save card' : 'Pay'}</button>
</form>
${session['cancel_url'] === null ? '' : `<p><a href="${esc(String(session['cancel_url']))}">Back</a></p>`}`,
    );
  }

  /** The Checkout page's Pay: completes the session, or shows the decline. */
  function payCheckout(session: Obj, number: string): { status: number; html: string } | { redirect: string } {
    if (!/^\d{16}$/.test(number) || !(Object.values(FAKE_CARDS) as string[]).includes(number))
      return checkoutPage(session, 'Your card number is invalid.');
    // A setup page verifies the card with the bank first, as Stripe's SetupIntent does: the declining
    // card is refused there (nothing attached, no event); the one that declines only charges saves.
    if (session['mode'] === 'setup' && number === FAKE_CARDS.declined)
      return checkoutPage(session, 'Your card was declined. Try another card.');
    const customer = session['customer'] as string | null;
    const pm = paymentMethod(number, customer);
    if (customer !== null) emit('payment_method.attached', publicPm(pm));
    if (session['mode'] === 'setup') {
      const data = record(session['_setup_intent_data']) as unknown as Record<string, unknown>;
      const si = put({
        id: newId('seti'),
        object: 'setup_intent',
        created: now(),
        customer,
        description: data['description'] ?? null,
        livemode: false,
        metadata: record(data['metadata']),
        payment_method: pm.id,
        payment_method_types: ['card'],
        status: 'succeeded',
        usage: 'off_session',
      });
      emit('setup_intent.succeeded', si);
      session['setup_intent'] = si.id;
    } else {
      const data = record(session['_payment_intent_data']) as unknown as Record<string, unknown>;
      const pi =
        typeof session['payment_intent'] === 'string'
          ? find(session['payment_intent'], 'payment_intent')
          : newPaymentIntent({
              amount: session['amount_total'] as number,
              customer,
              description: typeof data['description'] === 'string' ? data['description'] : null,
              metadata: record(data['metadata']),
              setupFutureUsage: typeof data['setup_future_usage'] === 'string' ? data['setup_future_usage'] : null,
            });
      session['payment_intent'] = pi.id;
      if (!charge(pi, pm).ok) return checkoutPage(session, 'Your card was declined. Try another card.');
      session['payment_status'] = 'paid';
    }
    session['status'] = 'complete';
    emit('checkout.session.completed', session);
    return { redirect: String(session['success_url']).replace('{CHECKOUT_SESSION_ID}', session.id) };
  }

  function portalPage(portal: Obj, message: string | null): { status: number; html: string } {
    const customer = find(portal['customer'] as string, 'customer');
    const pmId = record(customer['invoice_settings'])['default_payment_method'];
    const pm = pmId === undefined || pmId === null ? undefined : objects.get(pmId);
    const card = pm === undefined ? 'No card saved.' : `Visa ending ${String(record(pm['card'])['last4'])}`;
    return page(
      200,
      'Billing',
      `${message === null ? '' : `<p role="status">${esc(message)}</p>`}
<p>Payment method: ${esc(card)}</p>
<form method="post" action="/p/session/${esc(portal.id)}">
<label for="cardnumber">New card number</label>
<input id="cardnumber" name="cardnumber" inputmode="numeric" required>
<button type="submit">Update card</button>
</form>
${portal['return_url'] === null ? '' : `<p><a href="${esc(String(portal['return_url']))}">Return</a></p>`}`,
    );
  }

  function replaceCard(customerId: string, number: string): Obj {
    const customer = find(customerId, 'customer', 'customer');
    const pm = paymentMethod(number, customerId);
    emit('payment_method.attached', publicPm(pm));
    const previous = { invoice_settings: copy(customer['invoice_settings']) };
    customer['invoice_settings'] = { default_payment_method: pm.id };
    emit('customer.updated', customer, previous);
    return pm;
  }

  async function handlePage(
    req: IncomingMessage,
    url: URL,
    body: string,
  ): Promise<{ status: number; html: string } | { redirect: string }> {
    const checkout = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (checkout !== null) {
      const session = objects.get(decodeURIComponent(checkout[1] as string));
      if (session === undefined || session.object !== 'checkout.session')
        return page(404, 'Not found', '<p>Something went wrong: no such page.</p>');
      if (session['status'] === 'open' && now() >= (session['expires_at'] as number)) expireSession(session);
      if (session['status'] !== 'open')
        return page(410, 'This page has expired', `<p>This checkout session is ${esc(String(session['status']))}.</p>`);
      if (req.method === 'GET') return checkoutPage(session, null);
      return payCheckout(session, (new URLSearchParams(body).get('cardnumber') ?? '').replace(/\s/g, ''));
    }
    const portal = /^\/p\/session\/([^/]+)$/.exec(url.pathname);
    if (portal !== null) {
      const session = objects.get(decodeURIComponent(portal[1] as string));
      if (session === undefined || session.object !== 'billing_portal.session') return page(404, 'Not found', '<p>No such page.</p>');
      if (req.method === 'GET') return portalPage(session, null);
      const number = (new URLSearchParams(body).get('cardnumber') ?? '').replace(/\s/g, '');
      if (!(Object.values(FAKE_CARDS) as string[]).includes(number)) return portalPage(session, 'Your card number is invalid.');
      replaceCard(session['customer'] as string, number);
      return portalPage(session, 'Your card was updated.');
    }
    return page(404, 'Not found', '<p>No such page.</p>');
  }

  function expireSession(session: Obj): void {
    session['status'] = 'expired';
    session['url'] = null;
    emit('checkout.session.expired', session);
  }

  // ---------------------------------------------------------------- the server

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname.startsWith('/v1/')) {
      const answer = await handleApi(req, url, body);
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        'stripe-version': Stripe.API_VERSION,
      });
      res.end(answer.body);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const answer = await handlePage(req, url, body);
    if ('redirect' in answer) {
      res.writeHead(303, { location: answer.redirect, 'cache-control': 'no-store' }).end();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(answer.html);
  }

  const server: Server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const paymentOf = (id: string): { pi: Obj | null; ch: Obj } => {
    const o = objects.get(id);
    if (o?.object === 'payment_intent') return { pi: o, ch: find(o['latest_charge'] as string, 'charge') };
    const ch = find(id, 'charge');
    return { pi: objects.get(ch['payment_intent'] as string) ?? null, ch };
  };

  return {
    origin,
    apiKey,
    secret,
    events,
    requests,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    hold() {
      holding = true;
    },
    held() {
      return heldIds.map((id) => ({ id, type: events.find((e) => e.event.id === id)?.event.type ?? '' }));
    },
    async release(order) {
      const ids = order ?? [...heldIds];
      heldIds.length = 0;
      holding = false;
      for (const id of ids) await enqueue(id);
    },
    redeliver(eventId) {
      return attempt(eventId);
    },
    async idle() {
      while (pending > 0) await queue;
    },
    expireDueSessions() {
      for (const o of objects.values())
        if (o.object === 'checkout.session' && o['status'] === 'open' && now() >= (o['expires_at'] as number)) expireSession(o);
    },
    dashboardRefund(paymentId, amount) {
      return copy(refundOf(paymentOf(paymentId).ch.id, amount, {}, 'requested_by_customer'));
    },
    openDispute(paymentId, reason = 'fraudulent') {
      const { pi, ch } = paymentOf(paymentId);
      if (ch['status'] !== 'succeeded') throw new Error(`stripe fake: charge ${ch.id} did not succeed`);
      ch['disputed'] = true;
      const dp = put({
        id: newId('dp'),
        object: 'dispute',
        amount: ch['amount'],
        balance_transactions: [],
        charge: ch.id,
        created: now(),
        currency: ch['currency'],
        evidence_details: { due_by: now() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: pi?.id ?? null,
        reason,
        status: 'needs_response',
      });
      emit('charge.dispute.created', dp);
      return copy(dp);
    },
    closeDispute(disputeId, outcome) {
      const dp = find(disputeId, 'dispute');
      const previous = { status: dp['status'] };
      dp['status'] = outcome;
      emit('charge.dispute.closed', dp, previous);
      return copy(dp);
    },
    replaceCard(customerId, cardNumber) {
      return publicPm(replaceCard(customerId, cardNumber));
    },
    outage(match) {
      down = match;
    },
    get(id) {
      const o = objects.get(id);
      return o === undefined ? undefined : (JSON.parse(publicJson(o)) as Obj);
    },
    async stop() {
      while (pending > 0) await queue;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
