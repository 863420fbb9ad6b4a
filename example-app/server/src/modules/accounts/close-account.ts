// Closing an account. The running subscription is cancelled first (no renewal is ever charged
// again), then ONE transaction erases or anonymises the member's personal data: the member row is
// kept, anonymised, because payments, receipts, refunds and commission point at it and are kept
// for six years (UK accounting); everything else of theirs is deleted. Then every session and live
// stream ends, this device is signed out, and the payment provider's customer (name, email address,
// saved cards) is deleted: the transaction keeps users.customer_id as the record of that work, and
// clears it only once the provider has deleted it (billing/closed-customers.ts, whose periodic pass
// retries a failure). The address can register again. docs/privacy.md.
import { eq, or, sql } from 'drizzle-orm';
import type { MutationCloseAccountArgs } from '../../generated/resolvers';
import type { Db } from '../../db/client';
import {
  accounts,
  analyticsEvents,
  balanceEntries,
  billingNotices,
  emailTokens,
  exchangeSettings,
  integrations,
  memberAttribution,
  notificationSettings,
  oddsAlerts,
  offerCompletions,
  outbox,
  passwordResets,
  pushOutbox,
  recoveryCodes,
  sessions,
  signInChallenges,
  subscriptions,
  trackedBets,
  twoFactor,
  users,
} from '../../db/schema';
import { revokeLiveAccess } from '../../auth/revocation';
import type { RequestContext } from '../../kernel';
import { deleteClosedCustomer } from '../billing/closed-customers';
import { currentSubscription, lockMember, memberSubscriptions, storedChange } from '../billing/subscriptions';
import { requireViewer } from '../module';
import { checkCurrentPassword } from './current-password';
import { clearSessionCookies, type AccountsKit } from './kit';
import { checkSecondFactor } from './second-factor';
import { validateAccountClosure } from '@matchkit/sdk/accounts';
import { firstProblem } from './validation';

/** The steps of the erasure, in order: a test may fail the transaction after any of them. */
export type ErasureStep = 'subscription-cancelled' | 'member-anonymised' | 'data-deleted';

/**
 * Within `tx`: cancels the member's running subscription at `now` (the renewal pass charges no
 * cancelled subscription), anonymises their row (no name, address, username, password, hashes,
 * goal, links; a new session version ends every token) and deletes what else is theirs but the
 * payment and commission records. It keeps the provider's customer id (the customer is deleted at
 * the provider after the commit) and resolves with it. `after` runs after each step (tests inject
 * a failure there).
 */
export async function eraseMember(
  tx: Db,
  ctx: Pick<RequestContext, 'brand'>,
  userId: string,
  now: number,
  after: (step: ErasureStep) => void | Promise<void> = () => {},
): Promise<{ readonly customerId: string | null }> {
  await lockMember(tx, userId);
  const current = currentSubscription(ctx.brand, await memberSubscriptions(tx, userId), now);
  if (current !== null && current.status.cancelledAt === null) {
    const changes = [...(current.input.changes ?? []), { type: 'cancel' as const, at: now }];
    await tx
      .update(subscriptions)
      .set({ changes: changes.map(storedChange) })
      .where(eq(subscriptions.id, current.row.id));
  }
  await after('subscription-cancelled');

  const [before] = await tx.select({ email: users.email, customerId: users.customerId }).from(users).where(eq(users.id, userId));
  const gone = userId.toLowerCase();
  await tx
    .update(users)
    .set({
      email: `closed-${gone}@closed.invalid`,
      username: `closed-${gone}`,
      firstName: '',
      lastName: '',
      // Not a hash: no password can ever match it.
      passwordHash: 'closed',
      sessionVersion: sql`${users.sessionVersion} + 1`,
      referralCode: `CLOSED-${userId}`,
      wordpressId: null,
      goal: null,
      quickLinks: null,
      signupIpHash: null,
      signupDeviceHash: null,
      additionalCapabilities: [],
      emailVerifiedAt: null,
      closedAt: new Date(now),
    })
    .where(eq(users.id, userId));
  await after('member-anonymised');

  // Odds alerts take their matches with them (odds_alert_matches deletes on its alert).
  for (const table of [
    trackedBets,
    accounts,
    balanceEntries,
    exchangeSettings,
    integrations,
    offerCompletions,
    billingNotices,
    notificationSettings,
    oddsAlerts,
    pushOutbox,
    // Analytics filed under them, and the campaign they came from (the events' forwarding queue rows go with the events).
    analyticsEvents,
    memberAttribution,
  ]) {
    await tx.delete(table).where(eq(table.userId, userId));
  }
  for (const table of [sessions, passwordResets, emailTokens, twoFactor, recoveryCodes, signInChallenges]) {
    await tx.delete(table).where(eq(table.userId, userId));
  }
  // The mail about them (to earlier addresses too: a change-of-address notice, an unconfirmed new
  // address's link) and any to their current address.
  await tx
    .delete(outbox)
    .where(before === undefined ? eq(outbox.userId, userId) : or(eq(outbox.userId, userId), eq(outbox.to, before.email)));
  await after('data-deleted');
  return { customerId: before?.customerId ?? null };
}

/**
 * Mutation.closeAccount: the current password, the second factor when the member has turned it on,
 * and the typed confirmation (the sdk's rules); then the erasure, every session and live stream
 * ended, this device signed out, and the provider's customer deleted (a failure there is retried
 * by the billing pass; the closure stands).
 */
export const closeAccount =
  (kit: AccountsKit) =>
  async (_: unknown, { input }: MutationCloseAccountArgs, ctx: RequestContext) => {
    const userId = requireViewer(ctx);
    const checked = validateAccountClosure(input);
    if (!checked.ok) return firstProblem(checked.problems);
    const current = await checkCurrentPassword(kit, ctx, userId, checked.value.currentPassword);
    if (!current.ok) return current;
    const second = await checkSecondFactor(kit, ctx, userId, input.code ?? null, 'input.code');
    if (second !== null) return second;
    const { customerId } = await ctx.db.transaction((tx) => eraseMember(tx, ctx, userId, ctx.now));
    await revokeLiveAccess(ctx.deps, { userId, sessionId: null, reason: 'account-closed' });
    clearSessionCookies(ctx);
    const providerCustomer =
      customerId === null ? 'none' : (await deleteClosedCustomer(ctx.deps, userId, customerId)) ? 'deleted' : 'pending';
    ctx.logger.info({ userId, providerCustomer }, 'account closed; personal data erased');
    return { ok: true, error: null };
  };
