import type { MutationSetOfferCompletedArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireMember } from '../members/access';
import { refusal } from '../module';
import { findOffer, setCompleted } from './queries';

/** Mutation.setOfferCompleted: marks an offer completed (or not) for the signed-in member; NOT_FOUND for an unknown slug. */
export async function setOfferCompleted(_: unknown, args: MutationSetOfferCompletedArgs, ctx: RequestContext) {
  const access = await requireMember(ctx);
  const row = await findOffer(ctx.db, args.slug);
  if (row === null) throw refusal('NOT_FOUND', `There is no offer "${args.slug}".`, 'slug');
  await setCompleted(ctx.db, access.user.id, row.id, args.completed, ctx.now);
  return { ...row, completed: args.completed };
}
