// The payment provider, as the server sees one: it makes a hosted payment page for a checkout (the
// server never sees card details), charges a member's saved payment method off-session for
// renewals, refunds a charge, and deletes a closed member's customer. Whatever happens at the provider also reaches the server as a
// signed webhook (POST /api/payments/webhook), the one way a hosted page can tell the server it was
// paid: each provider verifies its own deliveries and translates them into the server's
// WebhookEvents (readWebhook), so modules/billing/webhook.ts processes one internal shape. Money is
// integer pence. Implementations: test-provider.ts (TEST MODE, development and tests) and
// stripe-provider.ts (Stripe).
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';

/** What the provider's hosted page is asked to take payment for. */
export interface PaymentPageRequest {
  /** The server's checkout id: the page and its webhooks name it. */
  readonly checkoutId: string;
  readonly userId: string;
  /** What the member sees on the page, such as "Diamond, monthly". */
  readonly description: string;
  /** Pence charged now (0: the page only saves a payment method, for a trial or a free upgrade). */
  readonly amount: number;
  readonly currency: 'GBP';
  /** The page refuses payment from this instant on (epoch ms). */
  readonly expiresAt: number;
}

/** An off-session charge of the member's saved payment method (a renewal, or a first charge after a trial). */
export interface OffSessionChargeRequest {
  /** The provider's customer id (users.customer_id). */
  readonly customerId: string;
  /** Pence, at least 1. */
  readonly amount: number;
  readonly description: string;
  /**
   * The provider's idempotency key: the sdk's billing event id (`sub_x:term-2`). Real providers
   * answer a repeated key with the first charge's result instead of charging again.
   */
  readonly idempotencyKey: string;
  /** Sent back in the charge's webhooks, so the server can record a charge whose answer it lost. */
  readonly metadata: { readonly subscriptionId: string; readonly eventId: string };
}

/** The answer to an off-session charge. */
export type ChargeResult =
  { readonly ok: true; readonly chargeId: string } | { readonly ok: false; readonly chargeId: string; readonly reason: string };

/** A refund of (part of) a charge. */
export interface RefundRequest {
  readonly chargeId: string;
  /**
   * Pence, at least 1. A provider whose dashboard can refund part of a charge refunds at most what
   * is left of it (the whole payment is then handed back, in two refunds).
   */
  readonly amount: number;
  readonly idempotencyKey: string;
  /** Sent back in the charge.refunded webhook: the ledger payment refunded. */
  readonly metadata?: { readonly paymentId: string };
}

/** A session of the provider's billing portal, where a member replaces the card saved for their renewals. */
export interface BillingPortalRequest {
  /** The provider's customer id (users.customer_id). */
  readonly customerId: string;
  /** Where the portal sends the member back to (the account page). */
  readonly returnUrl: string;
}

/** The answer to a refund. */
export interface RefundResult {
  readonly refundId: string;
}

/** A payment provider. */
export interface PaymentProvider {
  /** A short name for logs (`test`). */
  readonly name: string;
  /** True for a provider that moves no real money (its pages say so). */
  readonly testMode: boolean;
  /** Makes the hosted page for a checkout; resolves with the URL to send the member to. */
  createPaymentPage(request: PaymentPageRequest): Promise<{ readonly url: string }>;
  /** The URL of the page made for a checkout (to show a pending checkout again). */
  paymentPageUrl(checkoutId: string): string;
  /** Charges a saved payment method with no member present. Never throws for a decline: it answers `ok: false`. */
  chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult>;
  /** Refunds a charge. Throws when the provider refuses. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Makes a billing-portal session for a customer (to update their card); resolves with its URL.
   * Such URLs are short-lived: make one when the member asks, never put one in mail.
   */
  createBillingPortalSession(request: BillingPortalRequest): Promise<{ readonly url: string }>;
  /**
   * Makes a checkout's saved card the one renewals charge. The server calls it once, when it records
   * the checkout (never for a duplicate or late delivery, which would undo a card the member chose
   * since in the billing portal). The provider's own change notice for it is not a `customer.card-updated`.
   */
  useCardForRenewals?(customerId: string, paymentMethodId: string): Promise<void>;
  /**
   * Deletes a customer at the provider, with what it keeps of them (name, email address, saved
   * cards): a closed account's last personal data outside this server (docs/privacy.md). A later
   * charge of the customer fails. Idempotent: a customer already deleted, or unknown to the
   * provider, counts as deleted. Throws when the provider cannot be reached or refuses (the caller
   * tries again later).
   */
  deleteCustomer(customerId: string): Promise<void>;
  /**
   * Verifies a delivery to the webhook endpoint (its signature over the raw body) and translates it
   * into the server's event: `refused` (answered 400, nothing recorded), `ignored` (an event the
   * server has no use for, answered 200) or the event. Throws when it cannot tell yet (the provider
   * unreachable): the endpoint answers 500 and the provider delivers again later.
   */
  readWebhook(delivery: WebhookDelivery): Promise<WebhookReading>;
  /** HTTP routes the provider serves on this server (the test provider's pages). */
  readonly routes?: readonly ProviderRoute[];
  /** Waits for work in flight (webhook deliveries) and stops. */
  stop?(): Promise<void>;
}

/**
 * An HTTP route a provider serves: the kernel's Route without the request context (the provider
 * stays below the kernel, which names it in AppDeps). `member` is who the request's session proves,
 * or null: a page that belongs to one member (a checkout's way back to its payment page) serves
 * that member only.
 */
export interface ProviderRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** An exact path, or a prefix ending in `/*`. */
  readonly path: string;
  handle(request: Request, member: { readonly userId: string } | null): Response | Promise<Response>;
}

/** A delivery to the webhook endpoint, as received. */
export interface WebhookDelivery {
  /** The raw body (signatures are over these exact bytes). */
  readonly body: string;
  readonly headers: Headers;
  /** The receiver's clock (epoch ms), for the signature's timestamp tolerance. */
  readonly now: number;
}

/** What a provider made of a delivery. */
export type WebhookReading =
  /** `message` is the 400's body (it names no secret); `reason` goes to the log. */
  | { readonly kind: 'refused'; readonly message: string; readonly reason: string }
  | { readonly kind: 'ignored'; readonly id: string; readonly type: string }
  | { readonly kind: 'event'; readonly event: WebhookEvent };

/** What a provider is built from. */
export interface PaymentProviderContext {
  readonly config: Config;
  readonly db: Db;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Sends a request to this server's own handler (the test provider delivers its webhooks through it, so tests need no port). */
  deliver(request: Request): Promise<Response>;
}

/** Builds a provider (buildApp's `payments` option). */
export type PaymentProviderFactory = (context: PaymentProviderContext) => PaymentProvider;

// ---------------------------------------------------------------------------------------------
// The webhook events a provider sends (the body of POST /api/payments/webhook, signed)
// ---------------------------------------------------------------------------------------------

/** Metadata of a charge the server asked for. */
export interface ChargeMetadata {
  readonly subscriptionId: string;
  readonly eventId: string;
}

/** The data of each event type. */
export interface WebhookEventData {
  /** A checkout's page was paid (or, for amount 0, a payment method saved). */
  'checkout.completed': {
    readonly checkoutId: string;
    readonly customerId: string;
    readonly chargeId: string | null;
    readonly amount: number;
    /**
     * The provider's fingerprint of the card (the same card always gives the same one; Stripe's
     * `payment_method_details.card.fingerprint`), or null when it gave none. Referral abuse checks read it.
     */
    readonly cardFingerprint: string | null;
    /**
     * The card the page saved (Stripe's payment method id), to become the customer's card for
     * renewals once the checkout is recorded (useCardForRenewals); absent when the provider keeps no such card.
     */
    readonly paymentMethodId?: string | null;
    /**
     * What was already taken back from the charge when the provider read it (Stripe's charge
     * `amount_refunded` in pence, `refunded` when that is all of it, `disputed`): a refund or
     * chargeback made before the checkout was recorded is recorded with it. Absent or null when
     * the provider does not say (its refund and dispute events then record them).
     */
    readonly takenBack?: { readonly amountRefunded: number; readonly refunded: boolean; readonly disputed: boolean } | null;
  };
  /** A checkout's payment was declined. */
  'checkout.declined': { readonly checkoutId: string; readonly reason: string };
  /** An off-session charge succeeded. */
  'charge.succeeded': {
    readonly chargeId: string;
    readonly customerId: string;
    readonly amount: number;
    /** As checkout.completed's. */
    readonly cardFingerprint: string | null;
    readonly metadata: ChargeMetadata;
  };
  /** An off-session charge was declined. */
  'charge.failed': {
    readonly chargeId: string;
    readonly customerId: string;
    readonly amount: number;
    readonly reason: string;
    readonly metadata: ChargeMetadata;
  };
  /** A charge was refunded (by the server's request or at the provider). */
  'charge.refunded': {
    readonly chargeId: string;
    readonly refundId: string;
    readonly amount: number;
    /** True when the provider says the whole charge is now refunded (this refund and any before it). */
    readonly inFull: boolean;
    readonly metadata: { readonly paymentId: string } | null;
  };
  /** The cardholder's bank disputed a charge (a chargeback): access and commission go as with a refund. */
  'charge.disputed': { readonly chargeId: string; readonly disputeId: string; readonly amount: number };
  /** The customer's default card changed (the billing portal): a failed renewal is tried again on it. */
  'customer.card-updated': { readonly customerId: string; readonly paymentMethodId: string };
  /** A dispute was decided. Nothing is restored automatically when it is won (docs/payments.md). */
  'dispute.closed': { readonly chargeId: string; readonly disputeId: string; readonly outcome: 'won' | 'lost' | 'other' };
}

/** A webhook event: a unique id (the server handles each id once), its type, when it was made (unix seconds) and its data. */
export type WebhookEvent = {
  [K in keyof WebhookEventData]: { readonly id: string; readonly type: K; readonly created: number; readonly data: WebhookEventData[K] };
}[keyof WebhookEventData];

/** The path of the server's webhook handler. */
export const WEBHOOK_PATH = '/api/payments/webhook';
