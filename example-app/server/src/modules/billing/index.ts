// Billing: purchase pages priced by @matchkit/sdk/billing, checkouts paid on the payment
// provider's page, its signed webhooks, renewals, cancellation and resuming, and the User fields subscription
// and billing. The provider is deps.payments (payments/provider.ts); its own pages (the test
// provider's) are served from here. The renewal interval also deletes closed members' customers
// at the provider (closed-customers.ts).
import type { Route } from '../../kernel';
import { periodicPass } from '../../periodic';
import type { ModuleFactory, Resolvers } from '../module';
import { cancelSubscription } from './cancel-subscription';
import { checkout } from './checkout';
import { runClosedCustomerPass } from './closed-customers';
import { cancelDowngrade, scheduleDowngrade } from './downgrade';
import { myPurchases } from './my-purchases';
import { myReceipts, receipt, receiptDownloadRoute } from './my-receipts';
import { purchaseOption } from './purchase-option';
import { purchasePlan } from './purchase-plan';
import { resumeSubscription } from './resume-subscription';
import { runRenewalPass } from './renewals';
import { runTrialEndingPass } from './trial-ending';
import { startCheckout } from './start-checkout';
import { billing } from './user-billing';
import { subscription } from './user-subscription';
import { updateCardRoute } from './update-card';
import { webhookRoute } from './webhook';
import typeDefs from './schema.graphql?raw';

/** How often the renewal pass (and after it the closed-customer pass) runs. */
export const RENEWAL_INTERVAL_MS = 60_000;

export const billingModule: ModuleFactory = (deps) => {
  // One pass at a time in a process; other processes are kept apart by the members' locks.
  const pass = periodicPass('renewal pass', RENEWAL_INTERVAL_MS, deps.logger, async () => {
    const now = deps.clock();
    await runRenewalPass(deps, now)
      .then(() => runTrialEndingPass(deps, now))
      .catch((error: unknown) => deps.logger.error({ err: error }, 'renewal pass failed'));
    await runClosedCustomerPass(deps).catch((error: unknown) => deps.logger.error({ err: error }, 'closed-customer pass failed'));
  });
  return {
    name: 'billing',
    typeDefs,
    resolvers: {
      Query: { purchaseOption, checkout, myPurchases, myReceipts, receipt },
      Mutation: { startCheckout, cancelSubscription, resumeSubscription, scheduleDowngrade, cancelDowngrade, purchasePlan },
      User: { subscription, billing },
    } satisfies Resolvers,
    routes: [
      webhookRoute(deps),
      updateCardRoute(deps),
      receiptDownloadRoute,
      ...(deps.payments.routes ?? []).map((route): Route => ({
        ...route,
        handle: (request, ctx) => route.handle(request, ctx.viewer === null ? null : { userId: ctx.viewer.userId }),
      })),
    ],
    start() {
      pass.start();
    },
    async stop() {
      await pass.stop();
      await deps.payments.stop?.();
    },
  };
};
