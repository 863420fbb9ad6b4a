import { and, eq } from 'drizzle-orm';
import type { QueryCheckoutArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { checkouts } from '../../db/schema';
import { requireViewer } from '../module';
import { checkoutView } from './member-billing';

/** Query.checkout: one of the signed-in member's checkouts, or null. */
export async function checkout(_: unknown, args: QueryCheckoutArgs, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  const [row] = await ctx.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, args.id), eq(checkouts.userId, userId)))
    .limit(1);
  return row === undefined ? null : checkoutView(ctx, row);
}
