// The database schema (drizzle-orm, PostgreSQL dialect): the same tables on embedded PGlite and on
// a PostgreSQL server. Money is integer pence (`integer`; sums fit: MAX_PENCE is below 2^31 only
// per value, so totals are summed in SQL as bigint or in JS as numbers), instants `timestamptz`
// (read back as Date), ids text (random, url-safe). Every member-owned row carries user_id and is
// only ever read through a query that filters on it.
//
// Change a table here, then run `npm run db:generate -w @matchkit/example-app` to write the migration into
// server/drizzle/ (commit both).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// ---------------------------------------------------------------------------------------------
// Members and sessions
// ---------------------------------------------------------------------------------------------

/** Members. email and username are stored lower-cased; both are unique. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    wordpressId: integer('wordpress_id'),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** scrypt, in the self-describing form `scrypt$N$r$p$salt$hash` (base64url). */
    passwordHash: text('password_hash').notNull(),
    /** Bumped by logout-everywhere, password change and reset: tokens carrying an older value are refused. */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Capability codes granted on top of the plan (spec: additionalCapabilities). */
    additionalCapabilities: text('additional_capabilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    referralCode: text('referral_code').notNull(),
    /** The member whose referral code brought this member, if any (set once, at sign-up). */
    referredBy: text('referred_by'),
    /** An id of the brand's onboarding goals. */
    goal: text('goal'),
    /** When the member confirmed being 18 or over (required to register). */
    adultConfirmedAt: instant('adult_confirmed_at').notNull(),
    /** The quick-links bar as the member arranged it: [{ id, order, active }], or null for the brand's defaults. */
    quickLinks: jsonb('quick_links').$type<{ id: string; order: number; active: boolean }[]>(),
    /** The payment provider's customer id. */
    customerId: text('customer_id'),
    /**
     * Salted hashes (HMAC-SHA256) of the sign-up IP address and of the device cookie, kept to spot
     * referrals of one person's own accounts (the privacy policy page); never the address itself.
     */
    signupIpHash: text('signup_ip_hash'),
    signupDeviceHash: text('signup_device_hash'),
    /**
     * When the member followed the link mailed to their current address (null: not yet). Members who
     * registered before verification existed were marked verified by the migration that added it.
     */
    emailVerifiedAt: instant('email_verified_at'),
    /** When the member closed their account: the row is kept, anonymised, for the payment records that point at it. */
    closedAt: instant('closed_at'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_referred_by_idx').on(t.referredBy),
  ],
);

/**
 * Signed-in devices: one row per sign-in (auth/sessions.ts). The access token (JWT) names its row
 * (`sid`); a row revoked or past `expires_at` refuses its tokens. `persistent` is "keep me signed
 * in" (30 days, sliding); otherwise a browser session with a 12-hour idle limit. The user agent is
 * truncated; the IP address is the one the member signed in or last renewed from.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    persistent: boolean('persistent').notNull(),
    /**
     * Opened by the app's own page (a browser that keeps the HttpOnly refresh cookie): only that
     * cookie renews it, never its access token alone, so a copied `_opjwt` dies with its 15 minutes.
     * False for bearer-only clients (the sdk in Node, a page on an allowed other origin).
     */
    cookieBound: boolean('cookie_bound').notNull().default(false),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    revokedAt: instant('revoked_at'),
    /** Why it ended: 'signed-out', 'signed-out-everywhere', 'ended-from-another-device', 'ended-by-administrator', 'password-changed', 'password-reset', 'two-step-enabled', 'refresh-token-reused'. */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Refresh tokens: 256-bit random, only their SHA-256 stored, each bound to a session. A token is
 * used once (`used_at`); presenting a used one again revokes its session (the whole family),
 * except within 30 s of its first use from the session's address (auth/sessions.ts).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * A member's notification choices (issue 23): only those they changed from the defaults of
 * `@matchkit/sdk/notifications` (NOTIFICATION_POLICY), one row per kind and channel.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A NotificationKind of the sdk. */
    kind: text('kind').notNull(),
    /** 'push' or 'email'. */
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/**
 * Web push subscriptions, one per browser (endpoint), held by the member and the session (this
 * device's sign-in) that posted it. Signing out deletes the session's subscription; a revoked or
 * expired session's subscription receives nothing. The push service's 404 or 410 deletes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The push service's https URL for this browser. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (65 bytes uncompressed, base64url). */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte authentication secret (base64url). */
    auth: text('auth').notNull(),
    /** When the push service said the subscription ends (PushSubscription.expirationTime), if it did. */
    expiresAt: instant('expires_at'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The push queue (push/queue.ts writes it, push/worker.ts sends it): one row per push to a member
 * (not per device), inserted in the transaction of the change that causes it. `payload` is the
 * checked PushPayload (title, body, url, tag); `answered` the endpoints whose push service has
 * answered (201, or 404/410 and pruned), so a retry or a worker taking over a lapsed lease never
 * pushes a device twice. A row past `expires_at` (created + its kind's TTL) is failed, never sent.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A NotificationKind (@matchkit/sdk/notifications). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().$type<{ title: string; body: string; url: string; tag: string }>(),
    /** 'queued' | 'sending' | 'sent' | 'failed'. */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    leaseUntil: instant('lease_until'),
    expiresAt: instant('expires_at').notNull(),
    /** Endpoints whose push service answered this push (a JSON array of strings). */
    answered: jsonb('answered')
      .notNull()
      .default(sql`'[]'::jsonb`)
      .$type<string[]>(),
    /** Codes only (an HTTP status, a network error code), never a payload or an endpoint. */
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.state, t.nextAttemptAt),
    check('push_outbox_state', sql`${t.state} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);

/** Password-reset tokens: only a SHA-256 of the token is stored; one use, short-lived. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/**
 * Links mailed to confirm an address: `verify` (the member's address, at sign-up or on "Send again")
 * and `change` (a new address the member asked to move to). Only a SHA-256 of the token is stored;
 * one use, short-lived; a newer link of the same purpose makes the older ones unusable.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull().$type<'verify' | 'change'>(),
    /** The address the link confirms (lower-cased): the member's own for `verify`, the new one for `change`. */
    email: text('email').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/**
 * A member's authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 seconds). The secret is stored
 * encrypted (AES-256-GCM under TWO_FACTOR_KEY, bound to the member's id). `enabledAt` is null while
 * set-up waits for the member's first code; `lastStep` is the 30-second step of the last code
 * accepted, so no code is accepted twice.
 */
export const twoFactor = pgTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  enabledAt: instant('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: instant('created_at').notNull(),
});

/** A member's recovery codes: an HMAC of each (under TWO_FACTOR_KEY), each usable once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A sign-in waiting for its second factor: the password was right, the session is made only once a
 * code is. Only a SHA-256 of the challenge token is stored; it lasts five minutes and is used once.
 */
export const signInChallenges = pgTable('sign_in_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/**
 * The mail queue (mail/queue.ts, mail/worker.ts): each message is inserted in the transaction of the
 * change that causes it, then sent by a worker (state queued -> sending -> sent, or failed after
 * its last attempt). `lease_until` is when a 'sending' row's claim lapses (a process that died
 * while sending). Once sent through SMTP the body (text, html: links) is cleared; the development
 * transport keeps it for /dev/outbox. `last_error` holds only codes, never an address or a body.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    /** A MailKind (mail/mailer.ts). */
    kind: text('kind').notNull(),
    /** The member it is about, when there is one (no foreign key: the row outlives nothing it must not). */
    userId: text('user_id'),
    subject: text('subject').notNull(),
    /** The plain-text part; '' once sent through SMTP. */
    text: text('text').notNull(),
    /** The HTML part, when the message has one; null once sent through SMTP. */
    html: text('html'),
    /** Whether the message carries a one-click unsubscribe (a kind the member can turn off). */
    unsubscribable: boolean('unsubscribable').notNull().default(false),
    /** 'queued' | 'sending' | 'sent' | 'failed'. */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    leaseUntil: instant('lease_until'),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
  },
  (t) => [index('outbox_due_idx').on(t.state, t.nextAttemptAt)],
);

// ---------------------------------------------------------------------------------------------
// Billing: subscriptions, checkouts, the ledger the sdk's capabilitiesAt reads
// ---------------------------------------------------------------------------------------------

/**
 * Why a stored 'cancel' was made when the member did not make it: the payment was refunded, or the
 * member's bank took it back (a chargeback). Such a cancellation cannot be resumed.
 */
export type CancelCause = 'refund' | 'chargeback';

/** A member's subscription as @matchkit/sdk/billing's SubscriptionInput reads it. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    term: text('term').notNull().$type<'month' | 'year'>(),
    startedAt: instant('started_at').notNull(),
    trial: boolean('trial').notNull(),
    saleId: text('sale_id'),
    /** The member's and the provider's changes (SubscriptionChange), in time order. */
    changes: jsonb('changes')
      .notNull()
      .default(sql`'[]'::jsonb`)
      .$type<
        (
          | { type: 'cancel' | 'cancel-downgrade' | 'payment-failed' | 'payment-retried'; at: string; cause?: CancelCause }
          | { type: 'upgrade'; slug: string; at: string }
          | { type: 'downgrade'; plan: string; at: string }
        )[]
      >(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/** A payment in progress at the provider, for one purchase page slug. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    kind: text('kind').notNull().$type<'plan' | 'upgrade' | 'sale'>(),
    plan: text('plan').notNull(),
    term: text('term').notNull().$type<'month' | 'year'>(),
    amount: integer('amount').notNull(),
    saleId: text('sale_id'),
    status: text('status').notNull().$type<'pending' | 'paid' | 'failed' | 'expired'>(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    completedAt: instant('completed_at'),
  },
  (t) => [index('checkouts_user_idx').on(t.userId), check('checkouts_amount_nonneg', sql`${t.amount} >= 0`)],
);

/**
 * The billing ledger: payments and trials, each granting a plan over [period_start, period_end).
 * Rows are exactly @matchkit/sdk/billing's LedgerGrant; capabilities are capabilitiesAt(ledger, now).
 */
export const ledger = pgTable(
  'ledger',
  {
    /** The sdk's event id (`{subscription}:term-1`, `{subscription}:trial`, ...). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'cascade' }),
    type: text('type').notNull().$type<'payment' | 'trial'>(),
    plan: text('plan').notNull(),
    /** Pence charged (0 for a trial). */
    amount: integer('amount').notNull(),
    periodStart: instant('period_start').notNull(),
    periodEnd: instant('period_end').notNull(),
    /** When it was paid (or granted). */
    at: instant('at').notNull(),
    basePaymentId: text('base_payment_id'),
    saleId: text('sale_id'),
    /** The provider's charge id: unique, so one provider charge is recorded once. */
    providerRef: text('provider_ref'),
    /** The provider's fingerprint of the card that paid (the same card gives the same one), when it gave one. */
    cardFingerprint: text('card_fingerprint'),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId),
    uniqueIndex('ledger_provider_ref_key').on(t.providerRef),
    check('ledger_amount_nonneg', sql`${t.amount} >= 0`),
  ],
);

/** Refunds: one per payment, in full. */
export const refunds = pgTable('refunds', {
  paymentId: text('payment_id')
    .primaryKey()
    .references(() => ledger.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  amount: integer('amount').notNull(),
  at: instant('at').notNull(),
});

/**
 * Receipts: one per successful charge (a ledger payment of more than 0 pence taken by the payment
 * provider), written in the same transaction as its ledger row. Each is a document as issued: the
 * seller's name, address and VAT number and the plan's name are copied in, so a later change of
 * configuration or catalogue does not rewrite an old receipt. A refund is read from `refunds`.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: text('id').primaryKey(),
    /** The ledger payment it is the receipt of: one receipt per payment. */
    paymentId: text('payment_id')
      .notNull()
      .references(() => ledger.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The brand that issued it (`primary`, `secondary`): numbers run per brand. */
    brand: text('brand').notNull(),
    /** Its number in the brand's sequence (receipt_numbers), from 1, never reused. */
    number: integer('number').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    vatNumber: text('vat_number'),
    /** What was bought: the first payment of a subscription, a renewal, or an upgrade. */
    kind: text('kind').notNull().$type<'first' | 'renewal' | 'upgrade'>(),
    plan: text('plan').notNull(),
    planLabel: text('plan_label').notNull(),
    term: text('term').notNull().$type<'month' | 'year'>(),
    periodStart: instant('period_start').notNull(),
    periodEnd: instant('period_end').notNull(),
    /** Pence paid, VAT included. */
    amount: integer('amount').notNull(),
    /** Pence of VAT in `amount` (the sdk's vatIncluded). */
    vat: integer('vat').notNull(),
    /** The payment provider's charge id. */
    reference: text('reference').notNull(),
    /** When it was paid. */
    issuedAt: instant('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('receipts_payment_key').on(t.paymentId),
    uniqueIndex('receipts_brand_number_key').on(t.brand, t.number),
    index('receipts_user_idx').on(t.userId),
    check('receipts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The last receipt number issued per brand (a row per brand, bumped in the receipt's transaction: no gaps, no reuse). */
export const receiptNumbers = pgTable('receipt_numbers', {
  brand: text('brand').primaryKey(),
  last: integer('last').notNull(),
});

/** Billing mail sent once per thing (`trial-ending:{subscription}`): a restart does not send it again. */
export const billingNotices = pgTable('billing_notices', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: instant('sent_at').notNull(),
});

/** Payment-provider callbacks already handled (by the provider's event id): the same callback twice grants once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Affiliates
// ---------------------------------------------------------------------------------------------

/**
 * The affiliate ledger: one row per commission earned on a referred member's payment, per
 * reversal on a refund, and per payout, in integer pence worked out by @matchkit/sdk/referrals
 * when the payment or refund is recorded (never recomputed from floats).
 */
export const affiliateEntries = pgTable(
  'affiliate_entries',
  {
    id: text('id').primaryKey(),
    affiliateId: text('affiliate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The referred member (null for a payout). */
    referredId: text('referred_id'),
    /** The ledger payment it comes from (null for a payout). */
    paymentId: text('payment_id'),
    kind: text('kind').notNull().$type<'payment' | 'refund' | 'payout'>(),
    /** The payment's or refund's amount (revenue), or the payout. */
    amount: integer('amount').notNull(),
    /** The commission earned (payment) or reversed (refund); 0 for a payout. */
    commission: integer('commission').notNull(),
    at: instant('at').notNull(),
    /** A payment held for an administrator's review (a referral that looks like the referrer's own account). */
    held: boolean('held').notNull().default(false),
    /** Why it was held (`card`, `signup`): for administrators only, never shown to the referrer. */
    holdReason: text('hold_reason').$type<'card' | 'signup'>(),
    /** The review of a held payment: approved or rejected, when, by which administrator. */
    decision: text('decision').$type<'approve' | 'reject'>(),
    decidedAt: instant('decided_at'),
    decidedBy: text('decided_by'),
    /** A payout's reference (the bank transfer's), as the administrator recorded it. */
    reference: text('reference'),
  },
  (t) => [
    index('affiliate_entries_affiliate_idx').on(t.affiliateId),
    uniqueIndex('affiliate_entries_payment_kind_key').on(t.paymentId, t.kind),
  ],
);

// ---------------------------------------------------------------------------------------------
// Profit tracker and balance sheet
// ---------------------------------------------------------------------------------------------

/** Tracked bets; legs as the sdk's TrackedLeg[] (validated by parseBet before every write). */
export const trackedBets = pgTable(
  'tracked_bets',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    source: text('source').notNull(),
    profitType: text('profit_type').notNull().$type<'guaranteed' | 'potential' | 'training' | 'ev'>(),
    status: text('status').notNull().$type<'open' | 'settled' | 'void'>(),
    event: text('event').notNull(),
    market: text('market').notNull(),
    selection: text('selection').notNull(),
    legs: jsonb('legs').notNull().$type<unknown[]>(),
    /** bigint: the sdk allows ±MAX_PENCE (1e11) here, beyond a 32-bit integer. */
    expectedProfit: bigint('expected_profit', { mode: 'number' }).notNull(),
    /** bigint: a bet of 100 legs may settle to ±2e13 pence (the sdk's bound). */
    settledProfit: bigint('settled_profit', { mode: 'number' }),
    placedAt: instant('placed_at').notNull(),
    settledAt: instant('settled_at'),
    note: text('note'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  // The list is read newest first by (placed_at, id): the index serves its keyset pages.
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('tracked_bets_user_placed_idx').on(t.userId, t.placedAt, t.id)],
);

/** Balance-sheet accounts (bookmakers and exchanges) per member. */
export const accounts = pgTable(
  'accounts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull().$type<'bookmaker' | 'exchange'>(),
    restricted: boolean('restricted').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/** Balance-sheet entries: deposits, withdrawals, bonuses, adjustments. */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account: text('account').notNull(),
    kind: text('kind').notNull().$type<'deposit' | 'withdrawal' | 'bonus' | 'adjustment'>(),
    /** bigint: up to MAX_PENCE (1e11), beyond a 32-bit integer. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    at: instant('at').notNull(),
    note: text('note'),
  },
  (t) => [index('balance_entries_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Exchanges and integrations
// ---------------------------------------------------------------------------------------------

/** A member's choice per exchange (absent: the exchange's enabledByDefault). */
export const exchangeSettings = pgTable(
  'exchange_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exchange: text('exchange').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.exchange] })],
);

/**
 * A member's saved odds alerts: "tell me when a match rates at least X%" on a tool that reads the
 * feed (`tool`, the brand's tool key), with the rule the sdk's parseOddsAlertRule validated
 * (rating in percent, liquidity in pence). `notifiedAt` is the last push, for the cool-down.
 */
export const oddsAlerts = pgTable(
  'odds_alerts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    name: text('name').notNull(),
    rule: jsonb('rule').notNull().$type<Record<string, unknown>>(),
    paused: boolean('paused').notNull().default(false),
    createdAt: instant('created_at').notNull(),
    notifiedAt: instant('notified_at'),
  },
  (t) => [index('odds_alerts_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The matches an alert found, each (alert, match) once: `matchKey` is the selection, bookmaker and
 * exchange; `match` what the member is shown; `notifiedAt` when the cool-down released it to a push
 * (sent only where the member's push setting and devices allow; null while the cool-down holds it). The member's list reads them newest first.
 */
export const oddsAlertMatches = pgTable(
  'odds_alert_matches',
  {
    alertId: text('alert_id')
      .notNull()
      .references(() => oddsAlerts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchKey: text('match_key').notNull(),
    match: jsonb('match').notNull().$type<Record<string, unknown>>(),
    foundAt: instant('found_at').notNull(),
    notifiedAt: instant('notified_at'),
    /** The event's start: a match is pruned a day after it (alerts.ts's MATCH_KEEP_MS). */
    startsAt: instant('starts_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.matchKey] }),
    index('odds_alert_matches_user_idx').on(t.userId, t.foundAt),
    index('odds_alert_matches_starts_idx').on(t.startsAt),
  ],
);

/** A member's status per external integration (absent: disconnected). */
export const integrations = pgTable(
  'integrations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    integration: text('integration').notNull(),
    status: text('status').notNull().$type<'connected' | 'disconnected' | 'expired'>(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.integration] })],
);

// ---------------------------------------------------------------------------------------------
// Content
// ---------------------------------------------------------------------------------------------

/** Offers of the dashboard's three categories. */
export const offers = pgTable(
  'offers',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    bookmaker: text('bookmaker').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    expectedProfit: integer('expected_profit').notNull(),
    guideUrl: text('guide_url'),
    expiresAt: instant('expires_at'),
    /** When an administrator published it; null while a draft (members never see a draft). */
    publishedAt: instant('published_at'),
    /**
     * Where it stands in its category's list, ascending (the database is one brand's): members and
     * the console read a category by position, ties newest first. A new offer takes one less than
     * the category's first (so it can be below 0); a move renumbers the category 0, 1, 2... 0 for a
     * row written without one (an older backup): it then sits among the first, newest first.
     */
    position: integer('position').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('offers_slug_key').on(t.slug),
    index('offers_category_position_idx').on(t.category, t.position, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Guides and training tutorials. */
export const guides = pgTable(
  'guides',
  {
    slug: text('slug').primaryKey(),
    title: text('title').notNull(),
    section: text('section').notNull(),
    url: text('url').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    order: integer('order').notNull(),
    /** When an administrator published it; null while a draft (members never see a draft). */
    publishedAt: instant('published_at'),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [index('guides_section_order_idx').on(t.section, t.order)],
);

/** Offers a member marked completed. */
export const offerCompletions = pgTable(
  'offer_completions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    completedAt: instant('completed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.offerId] })],
);

// ---------------------------------------------------------------------------------------------
// Product analytics and the administrators' audit log
// ---------------------------------------------------------------------------------------------

/**
 * Analytics events as the sdk uploaded them (modules/analytics), append-only: a trigger refuses
 * UPDATE, and only the retention pass deletes (rows older than ANALYTICS_RETENTION_DAYS). No
 * personal data beyond the member id: the device id is kept only as a keyed hash (`device`), the
 * properties only from a fixed list of keys, no address, no user agent. `insertId` (the sdk's
 * per-event id) makes a re-sent batch count once. `day` is the event's Europe/London date.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    insertId: text('insert_id').notNull(),
    eventType: text('event_type').notNull(),
    at: instant('at').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    receivedAt: instant('received_at').notNull(),
    device: text('device'),
    /** The member, only when the upload came with that member's own session. */
    userId: text('user_id'),
    sessionId: bigint('session_id', { mode: 'number' }),
    /** The page's path (a route of the app, never its query string). */
    page: text('page'),
    properties: jsonb('properties').notNull().$type<Record<string, string | number | boolean>>(),
  },
  (t) => [
    uniqueIndex('analytics_events_insert_id_key').on(t.insertId),
    index('analytics_events_at_idx').on(t.at),
    // Closing an account deletes the member's events.
    index('analytics_events_user_idx').on(t.userId),
  ],
);

/**
 * What each device's visits came from (the campaign the sdk parsed: UTM parameters, click ids,
 * referrer), first and latest. `device` is the keyed hash of analytics_events.
 */
export const analyticsDevices = pgTable('analytics_devices', {
  device: text('device').primaryKey(),
  firstSeenAt: instant('first_seen_at').notNull(),
  firstSource: text('first_source').notNull(),
  firstMedium: text('first_medium').notNull(),
  firstCampaign: text('first_campaign').notNull(),
  source: text('source').notNull(),
  medium: text('medium').notNull(),
  campaign: text('campaign').notNull(),
});

/** A visit is an analytics session of a device, counted once (the first event of it seen). */
export const analyticsVisits = pgTable(
  'analytics_visits',
  {
    device: text('device').notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    startedAt: instant('started_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.device, t.sessionId] }), index('analytics_visits_started_idx').on(t.startedAt)],
);

/** Rollup: visits by Europe/London day and campaign, kept current in each upload's transaction. */
export const analyticsDailyVisits = pgTable(
  'analytics_daily_visits',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    campaign: text('campaign').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.source, t.medium, t.campaign] })],
);

/**
 * Rollup: events by Europe/London day, type, page and the plan tier of the member at the time
 * (`visitor` signed out), kept current in each upload's transaction (tool usage by plan).
 */
export const analyticsDailyEvents = pgTable(
  'analytics_daily_events',
  {
    day: date('day', { mode: 'string' }).notNull(),
    eventType: text('event_type').notNull(),
    page: text('page').notNull(),
    tier: text('tier').notNull(),
    events: integer('events').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.eventType, t.page, t.tier] })],
);

/**
 * Stored events waiting to be forwarded to the external analytics provider (ANALYTICS_FORWARD_URL),
 * queued in the upload's transaction. A sender leases a batch (`leaseUntil`), posts it, and deletes
 * its rows once the provider answered 200; a sender that dies leaves the lease to lapse, so no
 * event is lost (the provider drops a repeat by insert_id). `failedAt`: the provider refused the
 * batch as malformed; kept, not retried.
 */
export const analyticsForwardQueue = pgTable(
  'analytics_forward_queue',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .primaryKey()
      .references(() => analyticsEvents.id, { onDelete: 'cascade' }),
    leaseUntil: instant('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    failedAt: instant('failed_at'),
  },
  (t) => [index('analytics_forward_queue_due_idx').on(t.failedAt, t.leaseUntil)],
);

/** The campaign a member first came from: their first analytics device's first campaign, set once. */
export const memberAttribution = pgTable('member_attribution', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  source: text('source').notNull(),
  medium: text('medium').notNull(),
  campaign: text('campaign').notNull(),
  at: instant('at').notNull(),
});

/**
 * The funnel's milestones of each member, each once, at the instant it happened: `registered`,
 * `trial` (first trial), `paid1` and `paid2` (first and second payment of more than 0 pence that
 * buys a term: an upgrade's prorated charge, which builds on a base payment, is not one).
 * Written by triggers on users and ledger (migrations 0017, 0021, 0023), so every code path that
 * records a member or a payment keeps them current in its own transaction; paid1 and paid2 go by
 * the payments' instants, whichever transaction commits first.
 */
export const memberMilestones = pgTable(
  'member_milestones',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull().$type<'registered' | 'trial' | 'paid1' | 'paid2'>(),
    at: instant('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.stage] }),
    index('member_milestones_stage_at_idx').on(t.stage, t.at),
    // The funnel reads every stage of a range.
    index('member_milestones_at_idx').on(t.at),
    check('member_milestones_stage', sql`${t.stage} in ('registered', 'trial', 'paid1', 'paid2')`),
  ],
);

/**
 * Each member's monthly recurring revenue as a step function (the sdk's revenueChanges over their
 * ledger and refunds): at `at` it went from `before` to `after` pence a month, a change of `kind`
 * (the sdk's classifyRevenueChange). Rebuilt whole for a member by modules/revenue from their
 * ledger, never edited otherwise; the revenue dashboard sums it.
 */
export const memberRevenueChanges = pgTable(
  'member_revenue_changes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: instant('at').notNull(),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    kind: text('kind').notNull().$type<'new' | 'expansion' | 'contraction' | 'churned'>(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.at] }),
    index('member_revenue_changes_at_idx').on(t.at),
    check('member_revenue_changes_pence', sql`${t.before} >= 0 and ${t.after} >= 0 and ${t.before} <> ${t.after}`),
    check('member_revenue_changes_kind', sql`${t.kind} in ('new', 'expansion', 'contraction', 'churned')`),
  ],
);

/**
 * Members whose revenue changes are behind their ledger: a trigger on ledger and refunds inserts
 * the member (or bumps `version`) in the transaction that changes them, and a rebuild deletes the
 * row only if `version` is still the one it read. No foreign key: a member's ledger rows are
 * deleted with the member, and their trigger must not fail then (the rebuild drops the row).
 */
export const memberRevenueStale = pgTable('member_revenue_stale', {
  userId: text('user_id').primaryKey(),
  version: integer('version').notNull().default(1),
});

/**
 * Every administrator's action: who, what, on what, when, the state before and after. Never
 * editable: a trigger refuses UPDATE and DELETE (the administrator's id is kept as text, not a
 * foreign key, so closing that account keeps the record).
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    adminId: text('admin_id').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (t) => [index('admin_audit_at_idx').on(t.at), index('admin_audit_target_idx').on(t.target, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Infrastructure
// ---------------------------------------------------------------------------------------------

/** Messages of the PostgreSQL publish/subscribe (NOTIFY carries only the id). */
export const pubsubMessages = pgTable(
  'pubsub_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('pubsub_messages_created_idx').on(t.createdAt)],
);

/**
 * The Odds API's pacing (feed/odds-api/provider.ts): when each sport was last polled and the pace
 * then set, so that a restarted process or a new feed leader pays for no sport polled within it.
 */
export const oddsApiPacing = pgTable(
  'odds_api_pacing',
  {
    provider: text('provider').notNull(),
    sport: text('sport').notNull(),
    polledAt: instant('polled_at').notNull(),
    paceMs: integer('pace_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.sport] }), check('odds_api_pacing_pace_ms_check', sql`${t.paceMs} >= 0`)],
);

/**
 * The Odds API's last answer of each sport (feed/odds-api/provider.ts): its events as mapped (the
 * provider model's ProviderEvent list, none when the sport had none) and when it came, so that a
 * restarted process or a new feed leader serves it at its true age, not nothing until the pace ends.
 */
export const oddsApiBooks = pgTable(
  'odds_api_books',
  {
    provider: text('provider').notNull(),
    sport: text('sport').notNull(),
    fetchedAt: instant('fetched_at').notNull(),
    events: jsonb('events').notNull().$type<unknown[]>(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.sport] })],
);
