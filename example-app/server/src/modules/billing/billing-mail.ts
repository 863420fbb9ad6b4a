// Billing mail (templates in mail/templates/billing.tsx, HTML and plain text): a receipt on every
// successful charge, a failed renewal (with the card-update link), a cancellation, a refund and a
// trial ending in three days. Each is composed from the rows of the transaction that caused it and
// queued (mail/queue.ts) in that transaction, just before it commits: the change and its message
// commit together or not at all, and the mail worker sends it (retrying) afterwards. Every message
// names the brand, ends with the responsible-gambling line, and promises nothing about earnings.
import { eq } from 'drizzle-orm';
import { londonDate } from '@matchkit/app-contract';
import { subscriptionStatus } from '@matchkit/sdk/billing';
import type { AppDeps } from '../../kernel';
import { subscriptions, users } from '../../db/schema';
import type { Db } from '../../db/client';
import type { MailMessage } from '../../mail/mailer';
import { queueMail } from '../../mail/queue';
import { Cancellation, Receipt as ReceiptMail, Refund, RenewalFailed, TrialEnding } from '../../mail/templates/billing';
import { essentialFrame } from '../../mail/templates/frame';
import { renderMail } from '../../mail/templates/render';
import { formatPence } from '../../money';
import { revokeLiveAccess } from '../../auth/revocation';
import { sendPush } from '../../notifications/settings';
import { openBillingTx, type BillingNotice } from './billing-tx';
import { receiptById, receiptNumber, receiptOfPayment, type Receipt } from './receipts';
import { toSubscriptionInput } from './subscriptions';

/** The path of the server route that opens the payment provider's card-update page (it asks for sign-in first). */
export const UPDATE_CARD_PATH = '/api/billing/update-card';

/** What billing mail and a billing transaction need. */
/** The member's account page (plan, payments, card): the billing mail's link and a reminder push's target. */
export const ACCOUNT_PATH = '/user/account';

export type BillingTxDeps = Pick<AppDeps, 'db' | 'config' | 'brand' | 'clock' | 'logger' | 'pubSub'> & Partial<Pick<AppDeps, 'push'>>;

export { RESPONSIBLE_GAMBLING } from '../../mail/templates/Layout';

function termWord(term: string): string {
  return term === 'year' ? 'yearly' : 'monthly';
}

/** What a receipt says, as label and value (the receipt mail's facts). */
export function receiptFacts(deps: Pick<AppDeps, 'brand'>, r: Receipt): [string, string][] {
  const facts: [string, string][] = [
    ['Receipt', receiptNumber(deps.brand, r.number)],
    ['Date', londonDate(r.issuedAt)],
    ['Plan', `${r.planLabel}, ${termWord(r.term)}${r.kind === 'upgrade' ? ' (upgrade)' : r.kind === 'renewal' ? ' (renewal)' : ''}`],
    ['Period', `${londonDate(r.periodStart)} to ${londonDate(r.periodEnd)}`],
    ['Amount paid', `${formatPence(r.amount)}, including VAT at 20% of ${formatPence(r.vat)}`],
    ['Payment reference', r.reference],
    ['Seller', `${r.sellerName}, ${r.sellerAddress}${r.vatNumber === null ? '' : `. VAT number ${r.vatNumber}`}`],
  ];
  if (r.refund !== null) facts.push(['Refunded', `${formatPence(r.refund.amount)} on ${londonDate(r.refund.at)}`]);
  return facts;
}

/** The message of one billing notice, from the database; null when its record is gone. */
export async function composeBillingMail(deps: BillingTxDeps, notice: BillingNotice): Promise<MailMessage | null> {
  const brandName = deps.brand.displayName;
  const frame = essentialFrame(deps);
  const accountUrl = `${deps.config.publicOrigin}${ACCOUNT_PATH}`;
  const member = async (userId: string) => {
    const [u] = await deps.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
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
      const subject = `Your ${brandName} receipt ${receiptNumber(deps.brand, r.number)}`;
      return renderMail({ to: u.email, subject, kind: 'receipt', userId: u.id }, ReceiptMail, {
        frame,
        firstName: u.firstName,
        accountUrl,
        facts: receiptFacts(deps, r),
      });
    }
    case 'refund': {
      const r = await receiptOfPayment(deps.db, notice.paymentId);
      const u = r === null ? null : await member(r.userId);
      if (r === null || u === null || r.refund === null) return null;
      const amount = formatPence(r.refund.amount);
      return renderMail({ to: u.email, subject: `Your ${brandName} refund of ${amount}`, kind: 'refund', userId: u.id }, Refund, {
        frame,
        firstName: u.firstName,
        accountUrl,
        amount,
        receipt: receiptNumber(deps.brand, r.number),
        plan: `${r.planLabel}, ${termWord(r.term)}`,
      });
    }
    case 'renewal-failed': {
      const found = await subscription(notice.subscriptionId, notice.at);
      if (found === null) return null;
      const { u, status, plan } = found;
      const subject = `Your ${brandName} payment did not go through`;
      return renderMail({ to: u.email, subject, kind: 'renewal-failed', userId: u.id }, RenewalFailed, {
        frame,
        firstName: u.firstName,
        accountUrl,
        amount: formatPence(notice.amount),
        plan: `${plan} plan (${termWord(status.term)})`,
        until: londonDate(status.accessEndsAt ?? status.endsAt),
        updateCardUrl: `${deps.config.publicOrigin}${UPDATE_CARD_PATH}`,
      });
    }
    case 'cancelled': {
      const found = await subscription(notice.subscriptionId, notice.at);
      if (found === null) return null;
      const { u, status, plan } = found;
      const subject = `Your ${brandName} subscription is cancelled`;
      return renderMail({ to: u.email, subject, kind: 'cancellation', userId: u.id }, Cancellation, {
        frame,
        firstName: u.firstName,
        accountUrl,
        plan,
        until: londonDate(status.accessEndsAt ?? status.endsAt),
      });
    }
    case 'trial-ending': {
      const found = await subscription(notice.subscriptionId, notice.at);
      if (found === null) return null;
      const { u, status, plan } = found;
      if (status.trialEndsAt === null || status.nextCharge === null) return null;
      const subject = `Your ${brandName} free trial ends in 3 days`;
      return renderMail({ to: u.email, subject, kind: 'trial-ending', userId: u.id }, TrialEnding, {
        frame,
        firstName: u.firstName,
        accountUrl,
        plan,
        trialEnds: londonDate(status.trialEndsAt),
        amount: formatPence(status.nextCharge.amount),
        term: status.term === 'year' ? 'year' : 'month',
        chargedOn: londonDate(status.nextCharge.at),
      });
    }
  }
}

/**
 * Composes each notice's message from `tx` (the billing transaction that caused it) and queues it
 * there, with its push for a billing reminder (queueReminderPush); resolves with the messages
 * queued. A notice whose record is gone queues nothing (logged).
 */
export async function queueBillingNotices(deps: BillingTxDeps, tx: Db, notices: readonly BillingNotice[]): Promise<MailMessage[]> {
  const queued: MailMessage[] = [];
  for (const notice of notices) {
    const message = await composeBillingMail({ ...deps, db: tx }, notice);
    if (message === null) deps.logger.warn({ notice }, 'billing mail: nothing to send (its record is gone)');
    else {
      await queueMail(tx, message, deps.clock());
      await queueReminderPush(deps, tx, message);
      queued.push(message);
    }
  }
  return queued;
}

/** What a billing reminder's push says beside its mail (the subject is its title). */
const REMINDER_PUSH: Partial<Record<MailMessage['kind'], string>> = {
  'trial-ending': 'See your plan and the first payment in your account.',
  'renewal-failed': 'Update your card in your account to keep your plan.',
};

/**
 * Queues in `tx` the push beside `message` when it is a billing reminder (trial ending, renewal
 * failed), where the member's `billing-reminders` push setting is on (on by default): it commits
 * with the mail or not at all, and the push worker sends it.
 */
async function queueReminderPush(deps: BillingTxDeps, tx: Db, message: MailMessage): Promise<void> {
  const body = REMINDER_PUSH[message.kind];
  if (body === undefined || message.userId === null || deps.push === undefined) return;
  await sendPush({ clock: deps.clock, push: deps.push }, tx, message.userId, 'billing-reminders', {
    title: message.subject,
    body,
    url: ACCOUNT_PATH,
    tag: `billing-${message.kind}`,
  });
}

/**
 * Runs `work` in one database transaction registered as a billing transaction (billing-tx.ts),
 * queues the billing mail it noted in that same transaction (composed from its rows), then, once it
 * has committed, revokes the live access of every member it changed as 'access-changed' (a refund,
 * chargeback, declined renewal or new term may take a tool away: each process re-checks that
 * member's live subscriptions; a failure is logged, never thrown). Resolves with what `work`
 * returned.
 */
export async function billingTransaction<T>(deps: BillingTxDeps, work: (tx: Db) => Promise<T>): Promise<T> {
  let opened: ReturnType<typeof openBillingTx> = { notices: [], members: new Set() };
  const result = await deps.db.transaction(async (tx) => {
    opened = openBillingTx(tx, deps.config.seller);
    const done = await work(tx);
    await queueBillingNotices(deps, tx, opened.notices);
    return done;
  });
  for (const userId of opened.members) await revokeLiveAccess(deps, { userId, reason: 'access-changed' });
  return result;
}
