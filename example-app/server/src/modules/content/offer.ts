import type { QueryOfferArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { findOffer, withCompleted } from './queries';

/** Query.offer: one offer by slug, or null. */
export async function offer(_: unknown, args: QueryOfferArgs, ctx: RequestContext) {
  const row = await findOffer(ctx.db, args.slug);
  if (row === null) return null;
  const [view] = await withCompleted(ctx.db, ctx.viewer?.userId ?? null, [row]);
  return view;
}
