// GET /api/billing/update-card: the "Update card" button of the account page and the link in the
// failed-renewal mail. A provider's billing-portal URL works only for minutes, so nothing stores or
// mails one: this route makes a fresh session each time and redirects the member to it. A visitor
// who is not signed in is sent to sign in first (and comes back to the account page, whose
// Update card button brings them here again).
import { eq } from 'drizzle-orm';
import type { AppDeps, Route } from '../../kernel';
import { users } from '../../db/schema';
import { UPDATE_CARD_PATH } from './billing-mail';

/** Where a member goes after the portal, or when there is no card to update: the account page. */
export const ACCOUNT_PATH = '/user/account';

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
}

/** The update-card route. */
export function updateCardRoute(deps: AppDeps): Route {
  const origin = deps.config.publicOrigin;
  return {
    method: 'GET',
    path: UPDATE_CARD_PATH,
    async handle(_request, ctx) {
      if (ctx.viewer === null) return seeOther(`${origin}/login?next=${encodeURIComponent(ACCOUNT_PATH)}`);
      const [user] = await ctx.db.select({ customerId: users.customerId }).from(users).where(eq(users.id, ctx.viewer.userId)).limit(1);
      const customerId = user?.customerId ?? null;
      if (customerId === null) return seeOther(`${origin}${ACCOUNT_PATH}?card=none`);
      try {
        const session = await deps.payments.createBillingPortalSession({ customerId, returnUrl: `${origin}${ACCOUNT_PATH}` });
        return seeOther(session.url);
      } catch (error) {
        ctx.logger.error({ err: error }, 'update card: the payment provider made no billing-portal session');
        return seeOther(`${origin}${ACCOUNT_PATH}?card=unavailable`);
      }
    },
  };
}
