import { eq } from 'drizzle-orm';
import type { MutationAdminDeleteOfferArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { offers } from '../../db/schema';
import { requireAdmin } from '../admin/require-admin';
import { recordAdminAction } from '../audit/audit';
import { failure } from '../module';

/** Mutation.adminDeleteOffer: deletes the offer (and every member's completion of it); NOT_FOUND for an unknown slug. */
export async function adminDeleteOffer(_: unknown, args: MutationAdminDeleteOfferArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const deleted = await ctx.db.transaction(async (tx) => {
    const rows = await tx.delete(offers).where(eq(offers.slug, args.slug)).returning();
    for (const before of rows)
      await recordAdminAction(tx, {
        adminId: admin.user.id,
        action: 'adminDeleteOffer',
        target: args.slug,
        before,
        after: null,
        at: ctx.now,
      });
    return rows;
  });
  if (deleted.length === 0) return failure('NOT_FOUND', `There is no offer "${args.slug}".`, 'slug');
  ctx.logger.info({ audit: 'adminDeleteOffer', admin: admin.user.id, slug: args.slug }, 'offer deleted');
  return { ok: true, error: null };
}
