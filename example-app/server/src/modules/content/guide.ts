import type { QueryGuideArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { findGuide } from './queries';

/** Query.guide: one guide by slug, or null. */
export function guide(_: unknown, args: QueryGuideArgs, ctx: RequestContext) {
  return findGuide(ctx.db, args.slug);
}
