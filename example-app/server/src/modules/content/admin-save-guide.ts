import { eq } from 'drizzle-orm';
import type { MutationAdminSaveGuideArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { guides } from '../../db/schema';
import { requireAdmin } from '../admin/require-admin';
import { recordAdminAction } from '../audit/audit';
import { publishedAtAfterSave } from './publish';
import { guideUrl } from '@matchkit/app-contract/seed';
import { checkGuide } from './validate';

/** Mutation.adminSaveGuide: creates the guide, or updates the one with the same slug. Its url follows from section and slug. */
export async function adminSaveGuide(_: unknown, args: MutationAdminSaveGuideArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const checked = checkGuide(args.input);
  if (!checked.ok) return { ...checked, guide: null };
  const v = checked.value;
  const fields = {
    title: v.title,
    section: v.section,
    url: guideUrl(v.section, v.slug),
    summary: v.summary,
    body: v.body,
    order: v.order,
    updatedAt: new Date(ctx.now),
  };
  const guide = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(guides).where(eq(guides.slug, v.slug)).for('update');
    const published = { publishedAt: publishedAtAfterSave(args.input.draft, before?.publishedAt, new Date(ctx.now)) };
    const [after] = await tx
      .insert(guides)
      .values({ slug: v.slug, ...fields, ...published })
      .onConflictDoUpdate({ target: guides.slug, set: { ...fields, ...published } })
      .returning();
    await recordAdminAction(tx, {
      adminId: admin.user.id,
      action: 'adminSaveGuide',
      target: v.slug,
      before: before ?? null,
      after: after ?? null,
      at: ctx.now,
    });
    return after;
  });
  ctx.logger.info({ audit: 'adminSaveGuide', admin: admin.user.id, slug: v.slug }, 'guide saved');
  return { ok: true, error: null, guide };
}
