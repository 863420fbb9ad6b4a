// The demo command's helper: a paid subscription recorded exactly as a paid checkout's webhook
// records one (the sdk's events, the ledger rows), with no checkout and no provider charge: so no
// provider event settled it and it earns the referrer no commission. The member gets a test-provider customer id when they have none, so the
// renewal pass can renew them through the test provider.
import { eq } from 'drizzle-orm';
import { subscriptionEvents } from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import type { BillingTerm } from '@matchkit/sdk/model';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { newId } from '../../ids';
import { testCustomerId } from '../../payments/test-provider';
import { startSubscription } from './purchases';
import { lockMember } from './subscriptions';

/**
 * Records a paid `plan` subscription of `term` for `userId`, starting at `now` (no trial), and
 * returns its id.
 * @throws Error when the plan is not the brand's, or the member already has a renewing subscription
 */
export async function grantPlanForDemo(
  db: Db,
  brand: Brand,
  userId: string,
  plan: string,
  term: BillingTerm,
  now: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const id = newId('sub');
    const first = subscriptionEvents(brand, { id, plan, term, startedAt: now }, now).find((e) => e.id === `${id}:term-1`);
    if (first === undefined || first.type !== 'payment') throw new Error(`no first charge for ${plan}`);
    const outcome = await startSubscription(
      tx,
      brand,
      {
        id,
        userId,
        plan,
        term,
        startedAt: now,
        trial: false,
        amountPaid: first.amount,
        saleId: first.saleId,
        chargeId: null,
        settlement: null,
      },
      now,
    );
    if (!outcome.ok) throw new Error(`cannot grant ${plan} to ${userId}: ${outcome.reason}`);
    const [user] = await tx.select({ customerId: users.customerId }).from(users).where(eq(users.id, userId)).limit(1);
    if (user !== undefined && user.customerId === null)
      await tx
        .update(users)
        .set({ customerId: testCustomerId('ok') })
        .where(eq(users.id, userId));
    return id;
  });
}
