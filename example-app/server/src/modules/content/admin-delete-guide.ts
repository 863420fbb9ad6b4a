import { eq } from 'drizzle-orm';
import type { MutationAdminDeleteGuideArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { guides } from '../../db/schema';
import { requireAdmin } from '../admin/require-admin';
import { recordAdminAction } from '../audit/audit';
import { failure } from '../module';

/** Mutation.adminDeleteGuide: deletes the guide; NOT_FOUND for an unknown slug. */
export async function adminDeleteGuide(_: unknown, args: MutationAdminDeleteGuideArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const deleted = await ctx.db.transaction(async (tx) => {
    const rows = await tx.delete(guides).where(eq(guides.slug, args.slug)).returning();
    for (const before of rows)
      await recordAdminAction(tx, {
        adminId: admin.user.id,
        action: 'adminDeleteGuide',
        target: args.slug,
        before,
        after: null,
        at: ctx.now,
      });
    return rows;
  });
  if (deleted.length === 0) return failure('NOT_FOUND', `There is no guide "${args.slug}".`, 'slug');
  ctx.logger.info({ audit: 'adminDeleteGuide', admin: admin.user.id, slug: args.slug }, 'guide deleted');
  return { ok: true, error: null };
}
