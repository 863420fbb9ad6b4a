import type { QueryOffersArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { refusal } from '../module';
import { connection, decodeCursor, readFirst } from '../paging';
import { listOffers, offerKey, withCompleted } from './queries';

/**
 * Query.offers: published offers in the order administrators give them (each category by position,
 * ties newest first; without a category, the brand's categories in their order), of one category
 * when given; completed flags for the signed-in member.
 */
export async function offers(_: unknown, args: QueryOffersArgs, ctx: RequestContext) {
  const category = args.category ?? null;
  const categories = ctx.brand.offerCategories.map((c) => c.slug);
  if (category !== null && !categories.includes(category)) {
    throw refusal('BAD_INPUT', `category must be one of ${categories.join(', ')} (got "${category}")`, 'category');
  }
  const first = readFirst(args.first, 100, 20);
  const after = decodeCursor(args.after, ['int', 'int', 'ms', 'string'] as const);
  const rows = await listOffers(ctx.db, { categories, category, after, limit: first + 1 });
  const page = connection(rows, first, (o) => offerKey(categories, o));
  return { ...page, nodes: await withCompleted(ctx.db, ctx.viewer?.userId ?? null, page.nodes) };
}
