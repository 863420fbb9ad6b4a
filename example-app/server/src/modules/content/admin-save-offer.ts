import { eq } from 'drizzle-orm';
import type { MutationAdminSaveOfferArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { newId } from '../../ids';
import { offers } from '../../db/schema';
import { requireAdmin } from '../admin/require-admin';
import { recordAdminAction } from '../audit/audit';
import { publishedAtAfterSave } from './publish';
import { firstPosition, withCompleted } from './queries';
import { checkOffer } from './validate';

/**
 * Mutation.adminSaveOffer: creates the offer, or updates the one with the same slug (keeping its id,
 * creation instant and place). A new offer goes first in its category, as does one moved to another
 * category.
 */
export async function adminSaveOffer(_: unknown, args: MutationAdminSaveOfferArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const checked = checkOffer(ctx.brand, args.input);
  if (!checked.ok) return { ...checked, offer: null };
  const v = checked.value;
  const now = new Date(ctx.now);
  const fields = {
    title: v.title,
    category: v.category,
    bookmaker: v.bookmaker,
    summary: v.summary,
    body: v.body,
    expectedProfit: v.expectedProfit,
    guideUrl: v.guideUrl,
    expiresAt: v.expiresAt,
    updatedAt: now,
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(offers).where(eq(offers.slug, v.slug)).for('update');
    const published = { publishedAt: publishedAtAfterSave(args.input.draft, before?.publishedAt, now) };
    const position = before === undefined || before.category !== v.category ? await firstPosition(tx, v.category) : before.position;
    const [after] = await tx
      .insert(offers)
      .values({ id: newId('of'), slug: v.slug, createdAt: now, ...fields, ...published, position })
      .onConflictDoUpdate({ target: offers.slug, set: { ...fields, ...published, position } })
      .returning();
    if (after === undefined) throw new Error('adminSaveOffer: the upsert returned no row');
    await recordAdminAction(tx, {
      adminId: admin.user.id,
      action: 'adminSaveOffer',
      target: v.slug,
      before: before ?? null,
      after,
      at: ctx.now,
    });
    return after;
  });
  ctx.logger.info({ audit: 'adminSaveOffer', admin: admin.user.id, offer: row.id, slug: row.slug }, 'offer saved');
  const [offer] = await withCompleted(ctx.db, admin.user.id, [row]);
  return { ok: true, error: null, offer };
}
