import { eq } from 'drizzle-orm';
import type { MutationAdminDeleteGuideArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { guides } from '../../db/schema';
import { requireAdmin } from '../admin/require-admin';
import { failure } from '../module';

/** Mutation.adminDeleteGuide: deletes the guide; NOT_FOUND for an unknown slug. */
export async function adminDeleteGuide(_: unknown, args: MutationAdminDeleteGuideArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const deleted = await ctx.db.delete(guides).where(eq(guides.slug, args.slug)).returning({ slug: guides.slug });
  if (deleted.length === 0) return failure('NOT_FOUND', `There is no guide "${args.slug}".`, 'slug');
  ctx.logger.info({ audit: 'adminDeleteGuide', admin: admin.user.id, slug: args.slug }, 'guide deleted');
  return { ok: true, error: null };
}
