// A closed account's customer at the payment provider (its name, email address and saved cards).
// The erasure (accounts/close-account.ts) keeps users.customer_id: a closed member who still has a
// customer id is the work left to do, the provider's copy not yet deleted. Right after the erasure
// commits, closeAccount deletes the customer (deleteClosedCustomer); the billing module's periodic
// pass (runClosedCustomerPass, with the renewals) tries again for every closed member still holding
// one, a bounded batch at a time. So a provider outage, or a crash between the commit and the
// provider's answer, loses nothing: the next pass deletes it. The id is cleared only while it is
// still the one deleted (a checkout recorded meanwhile may have set another: the next pass deletes
// that one in turn). docs/privacy.md "Closing an account".
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppDeps } from '../../kernel';

/** The most closed members whose provider customer one pass deletes. */
export const CLOSED_CUSTOMER_BATCH = 20;

type ClosedCustomerDeps = Pick<AppDeps, 'db' | 'payments' | 'logger'>;

/**
 * Deletes a closed member's customer at the provider, then clears users.customer_id if it still
 * names that customer. True when done; false when the provider failed (logged at warn, with no
 * personal data: the next pass tries again). Never throws for the provider.
 */
export async function deleteClosedCustomer(deps: ClosedCustomerDeps, userId: string, customerId: string): Promise<boolean> {
  try {
    await deps.payments.deleteCustomer(customerId);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.logger.warn(
      { userId, provider: deps.payments.name, reason },
      'closed account: the payment provider customer is not deleted yet (the billing pass tries again)',
    );
    return false;
  }
  await deps.db
    .update(users)
    .set({ customerId: null })
    .where(and(eq(users.id, userId), eq(users.customerId, customerId), isNotNull(users.closedAt)));
  return true;
}

/** What one pass did. */
export interface ClosedCustomerPassResult {
  /** Members whose provider customer was deleted. */
  readonly deleted: string[];
  /** Members whose deletion failed (tried again next pass). */
  readonly failed: string[];
}

/**
 * Deletes the provider customer of up to `limit` closed members who still have one, longest closed
 * first. Safe to run on several processes at once (a deletion is idempotent).
 */
export async function runClosedCustomerPass(deps: ClosedCustomerDeps, limit = CLOSED_CUSTOMER_BATCH): Promise<ClosedCustomerPassResult> {
  const result: ClosedCustomerPassResult = { deleted: [], failed: [] };
  const rows = await deps.db
    .select({ id: users.id, customerId: users.customerId })
    .from(users)
    .where(and(isNotNull(users.closedAt), isNotNull(users.customerId)))
    .orderBy(asc(users.closedAt), asc(users.id))
    .limit(limit);
  for (const row of rows) {
    if (row.customerId === null) continue;
    ((await deleteClosedCustomer(deps, row.id, row.customerId)) ? result.deleted : result.failed).push(row.id);
  }
  return result;
}
