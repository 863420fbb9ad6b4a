// The trial-ending pass: a member whose free trial ends within three (UK) days, and who has not
// cancelled, is mailed once that the trial ends and what the first charge will be, and when. Once
// is recorded in billing_notices (`trial-ending:{subscription}`) in the transaction that queues the
// mail (mail/queue.ts): a restart or a second process never queues it again, and a process that
// dies after the commit loses nothing (the mail worker sends it). Its push, where the member's
// billing-reminders push is on, is queued in that transaction too (the push worker sends it).
// It runs with the renewal pass (every minute) and reads every instant from the sdk's status.
import { eq } from 'drizzle-orm';
import { addLondonDays, subscriptionStatus } from '@matchkit/sdk/billing';
import { subscriptions, billingNotices } from '../../db/schema';
import { queueBillingNotices, type BillingTxDeps } from './billing-mail';
import { toSubscriptionInput } from './subscriptions';

/** How many UK days before a trial's end its reminder is sent. */
export const TRIAL_REMINDER_DAYS = 3;

/** One pass at `now`; resolves with the subscriptions reminded. Safe to run on several processes at once. */
export async function runTrialEndingPass(deps: BillingTxDeps, now: number): Promise<string[]> {
  const reminded: string[] = [];
  const rows = await deps.db.select().from(subscriptions).where(eq(subscriptions.trial, true));
  for (const row of rows) {
    if (row.startedAt.getTime() > now) continue;
    try {
      const status = subscriptionStatus(deps.brand, toSubscriptionInput(row), now);
      if (status.state !== 'trial' || status.cancelledAt !== null || status.trialEndsAt === null) continue;
      if (now < addLondonDays(status.trialEndsAt, -TRIAL_REMINDER_DAYS)) continue;
      const queued = await deps.db.transaction(async (tx) => {
        const claimed = await tx
          .insert(billingNotices)
          .values({ id: `trial-ending:${row.id}`, userId: row.userId, sentAt: new Date(now) })
          .onConflictDoNothing()
          .returning({ id: billingNotices.id });
        return claimed.length > 0 ? queueBillingNotices(deps, tx, [{ kind: 'trial-ending', subscriptionId: row.id, at: now }]) : null;
      });
      if (queued === null) continue;
      reminded.push(row.id);
    } catch (error) {
      deps.logger.error({ err: error, subscriptionId: row.id }, 'trial-ending pass: a reminder failed');
    }
  }
  return reminded;
}
