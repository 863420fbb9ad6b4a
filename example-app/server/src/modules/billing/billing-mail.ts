// Billing mail, plain text through deps.mail (the development outbox, or SMTP): a receipt on every
// successful charge, a failed renewal (with the card-update link), a cancellation, a refund and a
// trial ending in three days. Each is composed from the database after the change that caused it
// has committed (billing-tx.ts queues them; the trial-ending pass records its own before sending).
// Every message names the brand, ends with the responsible-gambling line, and promises nothing
// about earnings. A message that cannot be sent is logged and dropped: the change it reports stands.
import { eq } from 'drizzle-orm';
import { londonDate } from '@matchkit/app-contract';
import { subscriptionStatus } from '@matchkit/sdk/billing';
import type { AppDeps } from '../../kernel';
import { subscriptions, users } from '../../db/schema';
import type { Db } from '../../db/client';
import type { MailMessage } from '../../mail/mailer';
import { formatPence } from '../../money';
import { revokeLiveAccess } from '../../auth/revocation';
import { openBillingTx, type BillingNotice } from './billing-tx';
import { receiptById, receiptNumber, receiptOfPayment, type Receipt } from './receipts';
import { toSubscriptionInput } from './subscriptions';

/** The path of the server route that opens the payment provider's card-update page (it asks for sign-in first). */
export const UPDATE_CARD_PATH = '/api/billing/update-card';

/** What billing mail and a billing transaction need. */
export type BillingTxDeps = Pick<AppDeps, 'db' | 'config' | 'brand' | 'mail' | 'logger' | 'pubSub'>;

/** The responsible-gambling line every billing message and receipt ends with, in its two sentences. */
export const RESPONSIBLE_GAMBLING = [
  '18+ only. Gambling carries risk: only stake what you can afford to lose.',
  'Free, confidential help: www.begambleaware.org or 0808 8020 133.',
] as const;

/** The last lines of every billing message. */
export function mailFooter(brandName: string): string[] {
  return ['', `The ${brandName} team`, '', '--', RESPONSIBLE_GAMBLING.join(' ')];
}

function termWord(term: string): string {
  return term === 'year' ? 'yearly' : 'monthly';
}

/** The lines that describe a receipt, in mail and on the printable page's plain-text twin. */
export function receiptLines(deps: Pick<AppDeps, 'brand'>, r: Receipt): string[] {
  const lines = [
    `Receipt ${receiptNumber(deps.brand, r.number)}`,
    `Date: ${londonDate(r.issuedAt)}`,
    `Plan: ${r.planLabel}, ${termWord(r.term)}${r.kind === 'upgrade' ? ' (upgrade)' : r.kind === 'renewal' ? ' (renewal)' : ''}`,
    `Period: ${londonDate(r.periodStart)} to ${londonDate(r.periodEnd)}`,
    `Amount paid: ${formatPence(r.amount)}, including VAT at 20% of ${formatPence(r.vat)}`,
    `Payment reference: ${r.reference}`,
    `Seller: ${r.sellerName}, ${r.sellerAddress}${r.vatNumber === null ? '' : `. VAT number ${r.vatNumber}`}`,
  ];
  if (r.refund !== null) lines.push(`Refunded: ${formatPence(r.refund.amount)} on ${londonDate(r.refund.at)}`);
  return lines;
}

async function compose(deps: BillingTxDeps, notice: BillingNotice): Promise<MailMessage | null> {
  const brandName = deps.brand.displayName;
  const account = `${deps.config.publicOrigin}/user/account`;
  const member = async (userId: string) => {
    const [u] = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1);
    return u ?? null;
  };
  /** A subscription's member, its status at `at` (the sdk's) and its plan's display name; null when either row is gone. */
  const subscription = async (id: string, at: number) => {
    const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
    const u = row === undefined ? null : await member(row.userId);
    if (row === undefined || u === null) return null;
    const status = subscriptionStatus(deps.brand, toSubscriptionInput(row), Math.max(at, row.startedAt.getTime()));
    return { u, status, plan: deps.brand.plans.find((p) => p.name === status.plan)?.label ?? status.plan };
  };
  switch (notice.kind) {
    case 'receipt': {
      const r = await receiptById(deps.db, notice.receiptId);
      const u = r === null ? null : await member(r.userId);
      if (r === null || u === null) return null;
      return {
        to: u.email,
        subject: `Your ${brandName} receipt ${receiptNumber(deps.brand, r.number)}`,
        text: [
          `Hello ${u.firstName},`,
          '',
          `Thank you for your payment to ${brandName}. Here is your receipt:`,
          '',
          ...receiptLines(deps, r),
          '',
          `Your receipts are on your account page, to print or download: ${account}`,
          ...mailFooter(brandName),
        ].join('\n'),
      };
    }
    case 'refund': {
      const r = await receiptOfPayment(deps.db, notice.paymentId);
      const u = r === null ? null : await member(r.userId);
      if (r === null || u === null || r.refund === null) return null;
      return {
        to: u.email,
        subject: `Your ${brandName} refund of ${formatPence(r.refund.amount)}`,
        text: [
          `Hello ${u.firstName},`,
          '',
          `We have refunded ${formatPence(r.refund.amount)} to the card you paid with, for receipt ${receiptNumber(deps.brand, r.number)} (${r.planLabel}, ${termWord(r.term)}).`,
          'Your bank may take a few working days to show it.',
          'What that payment gave you has ended, and your subscription is cancelled: nothing more will be charged.',
          '',
          `The refund shows on the receipt on your account page: ${account}`,
          ...mailFooter(brandName),
        ].join('\n'),
      };
    }
    case 'renewal-failed': {
      const found = await subscription(notice.subscriptionId, notice.at);
      if (found === null) return null;
      const { u, status, plan } = found;
      const until = status.accessEndsAt ?? status.endsAt;
      return {
        to: u.email,
        subject: `Your ${brandName} payment did not go through`,
        text: [
          `Hello ${u.firstName},`,
          '',
          `We could not take the ${formatPence(notice.amount)} payment for your ${plan} plan (${termWord(status.term)}): your card was declined.`,
          `You keep your plan until ${londonDate(until)}. After that your tools are locked until a payment goes through.`,
          '',
          'To keep your plan, update your card (you will be asked to sign in first):',
          `${deps.config.publicOrigin}${UPDATE_CARD_PATH}`,
          ...mailFooter(brandName),
        ].join('\n'),
      };
    }
    case 'cancelled': {
      const found = await subscription(notice.subscriptionId, notice.at);
      if (found === null) return null;
      const { u, status, plan } = found;
      return {
        to: u.email,
        subject: `Your ${brandName} subscription is cancelled`,
        text: [
          `Hello ${u.firstName},`,
          '',
          `Your ${plan} subscription is cancelled, as you asked. Nothing more will be charged.`,
          `You keep your plan until ${londonDate(status.accessEndsAt ?? status.endsAt)}.`,
          '',
          `Changed your mind? You can resume it on your account page before then: ${account}`,
          ...mailFooter(brandName),
        ].join('\n'),
      };
    }
    case 'trial-ending': {
      const found = await subscription(notice.subscriptionId, notice.at);
      if (found === null) return null;
      const { u, status, plan } = found;
      if (status.trialEndsAt === null || status.nextCharge === null) return null;
      return {
        to: u.email,
        subject: `Your ${brandName} free trial ends in 3 days`,
        text: [
          `Hello ${u.firstName},`,
          '',
          `Your free trial of ${plan} ends on ${londonDate(status.trialEndsAt)}.`,
          `Unless you cancel before then, your card will be charged ${formatPence(status.nextCharge.amount)} for your first ${status.term === 'year' ? 'year' : 'month'} on ${londonDate(status.nextCharge.at)}.`,
          '',
          `To cancel or change your plan, open your account page: ${account}`,
          ...mailFooter(brandName),
        ].join('\n'),
      };
    }
  }
}

/** Composes and sends each notice's message; logs (never throws) what fails. */
export async function sendBillingMail(deps: BillingTxDeps, notices: readonly BillingNotice[]): Promise<void> {
  for (const notice of notices) {
    try {
      const message = await compose(deps, notice);
      if (message === null) {
        deps.logger.warn({ notice }, 'billing mail: nothing to send (its record is gone)');
        continue;
      }
      await deps.mail.send(message);
    } catch (error) {
      deps.logger.error({ err: error, kind: notice.kind }, 'billing mail not sent');
    }
  }
}

/**
 * Runs `work` in one database transaction registered as a billing transaction (billing-tx.ts),
 * then, once it has committed, revokes the live access of every member it changed as
 * 'access-changed' (a refund, chargeback, declined renewal or new term may take a tool away: each
 * process re-checks that member's live subscriptions) and sends the billing mail it queued (a
 * failure of either is logged, never thrown: the change is recorded either way). Resolves with
 * what `work` returned.
 */
export async function billingTransaction<T>(deps: BillingTxDeps, work: (tx: Db) => Promise<T>): Promise<T> {
  let opened: ReturnType<typeof openBillingTx> = { notices: [], members: new Set() };
  const result = await deps.db.transaction(async (tx) => {
    opened = openBillingTx(tx, deps.config.seller);
    return work(tx);
  });
  for (const userId of opened.members) await revokeLiveAccess(deps, { userId, reason: 'access-changed' });
  await sendBillingMail(deps, opened.notices);
  return result;
}
