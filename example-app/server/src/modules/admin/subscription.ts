// A member's subscription as the sdk's member model reads it ({ billingTerm, isTrial, isLegacy,
// endsAt }), from the stored subscriptions through the sdk's subscriptionStatus. A minimal helper
// for member segments and filters only: the billing module owns subscriptions, and when it exports
// its own reading of the member's subscription, this file should give way to it.
import { subscriptionStatus, type SubscriptionInput } from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import type { Subscription } from '@matchkit/sdk/model';
import type { subscriptions } from '../../db/schema';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Whether a subscription is on a legacy (grandfathered) price. The billing guide leaves this to
 * the platform; this example's catalogues have no legacy prices (every charge is the catalogue's
 * price of its term), so no subscription is legacy and a paying platinum member is
 * platinum-current.
 */
export function isLegacy(_row: SubscriptionRow): boolean {
  return false;
}

/** A stored subscription in the sdk's input shape. */
export function subscriptionInput(row: SubscriptionRow): SubscriptionInput {
  return {
    id: row.id,
    plan: row.plan,
    term: row.term,
    startedAt: row.startedAt,
    trial: row.trial,
    changes: row.changes.map((c) => (c.type === 'upgrade' ? { type: 'upgrade', slug: c.slug, at: new Date(c.at) } : { type: c.type, at: new Date(c.at) })),
  };
}

/**
 * The member's current subscription at `now`: of the subscriptions started by then, the latest
 * whose access has not ended (sdk's subscriptionStatus), or null when there is none.
 */
export function memberSubscription(brand: Brand, rows: readonly SubscriptionRow[], now: number): Subscription | null {
  const started = rows.filter((r) => r.startedAt.getTime() <= now).sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || (a.id < b.id ? 1 : -1));
  for (const row of started) {
    const status = subscriptionStatus(brand, subscriptionInput(row), now);
    if (status.state === 'ended') continue;
    return { billingTerm: status.term, isTrial: status.state === 'trial', isLegacy: isLegacy(row), endsAt: new Date(status.endsAt).toISOString() };
  }
  return null;
}
