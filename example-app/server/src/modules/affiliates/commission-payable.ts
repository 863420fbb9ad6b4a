// The commission-payable pass: each commission entry of an affiliate that has passed the refund
// window (the sdk's commissionStatement says `payable`) is told to the affiliate once, on each
// channel by its own setting: mailed when their `commission` mail setting is on, pushed when their
// `commission` push setting is on (off by default), either without the other. Once is recorded in
// billing_notices (`commission-payable:{entry}`) in the transaction that queues the mail
// (mail/queue.ts), as the trial-ending pass does, so a restart or a second process never tells it
// twice and a crash after the commit loses no mail; the push is queued in that transaction too
// (sendPush), so neither is lost or told twice. An affiliate with both channels off is not claimed for (a
// channel turned on later, within the window, still tells it). An entry that became payable more
// than NOTICE_WINDOW_MS ago is not told: the first pass after this ships does not tell the history.
import { and, eq, gte } from 'drizzle-orm';
import type { AppDeps } from '../../kernel';
import { affiliateEntries, billingNotices, users } from '../../db/schema';
import { queueMail } from '../../mail/queue';
import { londonDate } from '@matchkit/app-contract';
import { notificationAllowed, sendPush } from '../../notifications/settings';
import { commissionPayableMail, REFERRALS_PATH } from './affiliate-mail';
import { loadCommissionStatement } from './commission';

/** How long after an entry becomes payable its mail may still go out (a pass that was down for a while). */
export const NOTICE_WINDOW_MS = 7 * 24 * 60 * 60_000;

/** What the pass needs (`push` and `clock` for the push of members who turned commission push on). */
export type CommissionPassDeps = Pick<AppDeps, 'db' | 'brand' | 'config' | 'logger'> & Partial<Pick<AppDeps, 'push' | 'clock'>>;

/**
 * One pass at `now`, mailing with `unsubscribeUrl(userId)` (the one-click link of the
 * `commission-payable` kind). Resolves with the entries told (mailed, pushed or both). Safe on
 * several processes at once.
 */
export async function runCommissionPayablePass(
  deps: CommissionPassDeps,
  now: number,
  unsubscribeUrl: (userId: string) => string,
): Promise<string[]> {
  const told: string[] = [];
  // Affiliates with a payment recent enough to have become payable inside the window.
  const since = new Date(now - NOTICE_WINDOW_MS - 60 * 24 * 60 * 60_000);
  const affiliates = await deps.db
    .selectDistinct({ id: affiliateEntries.affiliateId })
    .from(affiliateEntries)
    .where(and(eq(affiliateEntries.kind, 'payment'), gte(affiliateEntries.at, since)));
  for (const { id } of affiliates) {
    try {
      const statement = await loadCommissionStatement(deps.db, deps.brand, id, now);
      const due = statement.entries.filter((e) => e.state === 'payable' && e.commission > 0 && e.payableFrom >= now - NOTICE_WINDOW_MS);
      if (due.length === 0) continue;
      const mail = await notificationAllowed(deps.db, id, 'commission', 'email');
      const push = deps.push !== undefined && deps.clock !== undefined && (await notificationAllowed(deps.db, id, 'commission', 'push'));
      if (!mail && !push) continue;
      const [member] = await deps.db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, id));
      if (member === undefined) continue;
      const frame = { brand: deps.brand, origin: deps.config.publicOrigin, unsubscribeUrl: unsubscribeUrl(id) };
      for (const entry of due) {
        const message = await commissionPayableMail(frame, member.email, member, { commission: entry.commission, paidAt: entry.at });
        const queued = await deps.db.transaction(async (tx) => {
          const claimed = await tx
            .insert(billingNotices)
            .values({ id: `commission-payable:${entry.paymentId}`, userId: id, sentAt: new Date(now) })
            .onConflictDoNothing()
            .returning({ id: billingNotices.id });
          if (claimed.length === 0) return false;
          if (mail) await queueMail(tx, message, now);
          // The push, where the member turned commission push on (off by default).
          if (push && deps.push !== undefined && deps.clock !== undefined)
            await sendPush({ push: deps.push, clock: deps.clock }, tx, id, 'commission', {
              title: message.subject,
              body: `Your commission on a referred member's payment made on ${londonDate(entry.at)} has passed the refund window.`,
              url: REFERRALS_PATH,
              tag: `commission-${entry.paymentId}`.slice(0, 64),
            });
          return true;
        });
        if (!queued) continue;
        told.push(entry.paymentId);
      }
    } catch (error) {
      deps.logger.error({ err: error, affiliateId: id }, 'commission-payable pass: a notice failed');
    }
  }
  return told;
}
