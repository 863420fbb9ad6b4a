// Drafts and publishing of offers and guides: members see only published content (queries.ts);
// administrators list drafts too, preview them in the console, and publish or take back either
// at once. Each change goes to the audit log in its transaction.
import { eq } from 'drizzle-orm';
import type {
  MutationAdminPublishGuideArgs,
  MutationAdminPublishOfferArgs,
  QueryAdminGuidesArgs,
  QueryAdminOffersArgs,
} from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { guides, offers } from '../../db/schema';
import { requireAdmin } from '../admin/require-admin';
import { recordAdminAction } from '../audit/audit';
import { failure, refusal } from '../module';
import { listGuides, listOffers, withCompleted } from './queries';
import { GUIDE_SECTIONS } from '@matchkit/app-contract/seed';

/** The most an admin list returns: the console shows every item of a brand's content at once. */
const ADMIN_LIST_MAX = 500;

/**
 * The publication instant a save leaves: `draft` true makes it a draft, false publishes it
 * (keeping the first publication's instant), absent keeps an existing item's state and publishes
 * a new one.
 */
export function publishedAtAfterSave(draft: boolean | null | undefined, before: Date | null | undefined, now: Date): Date | null {
  if (draft === true) return null;
  if (draft === false) return before ?? now;
  return before === undefined ? now : before;
}

/** Query.adminOffers: every offer, drafts included, in the members' order (each category by position). */
export async function adminOffers(_: unknown, args: QueryAdminOffersArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const category = args.category ?? null;
  const categories = ctx.brand.offerCategories.map((c) => c.slug);
  if (category !== null && !categories.includes(category))
    throw refusal('BAD_INPUT', `category must be one of ${categories.join(', ')} (got "${category}")`, 'category');
  const rows = await listOffers(ctx.db, { categories, category, after: null, limit: ADMIN_LIST_MAX, drafts: true });
  return withCompleted(ctx.db, admin.user.id, rows);
}

/** Query.adminGuides: every guide and tutorial, drafts included, in reading order. */
export async function adminGuides(_: unknown, args: QueryAdminGuidesArgs, ctx: RequestContext) {
  await requireAdmin(ctx);
  const section = args.section ?? null;
  if (section !== null && !(GUIDE_SECTIONS as readonly string[]).includes(section))
    throw refusal('BAD_INPUT', `section must be one of ${GUIDE_SECTIONS.join(', ')} (got "${section}")`, 'section');
  return listGuides(ctx.db, { section, after: null, limit: ADMIN_LIST_MAX, drafts: true });
}

/** Mutation.adminPublishOffer: publishes the offer or takes it back to a draft; NOT_FOUND for an unknown slug. */
export async function adminPublishOffer(_: unknown, args: MutationAdminPublishOfferArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(offers).where(eq(offers.slug, args.slug)).for('update');
    if (before === undefined) return null;
    const publishedAt = args.published ? (before.publishedAt ?? new Date(ctx.now)) : null;
    const [after] = await tx.update(offers).set({ publishedAt }).where(eq(offers.id, before.id)).returning();
    await recordAdminAction(tx, {
      adminId: admin.user.id,
      action: 'adminPublishOffer',
      target: args.slug,
      before: { publishedAt: before.publishedAt },
      after: { publishedAt },
      at: ctx.now,
    });
    return after ?? null;
  });
  if (row === null) return { ...failure('NOT_FOUND', `There is no offer "${args.slug}".`, 'slug'), offer: null };
  const [offer] = await withCompleted(ctx.db, admin.user.id, [row]);
  return { ok: true, error: null, offer };
}

/** Mutation.adminPublishGuide: publishes the guide or takes it back to a draft; NOT_FOUND for an unknown slug. */
export async function adminPublishGuide(_: unknown, args: MutationAdminPublishGuideArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(guides).where(eq(guides.slug, args.slug)).for('update');
    if (before === undefined) return null;
    const publishedAt = args.published ? (before.publishedAt ?? new Date(ctx.now)) : null;
    const [after] = await tx.update(guides).set({ publishedAt }).where(eq(guides.slug, before.slug)).returning();
    await recordAdminAction(tx, {
      adminId: admin.user.id,
      action: 'adminPublishGuide',
      target: args.slug,
      before: { publishedAt: before.publishedAt },
      after: { publishedAt },
      at: ctx.now,
    });
    return after ?? null;
  });
  if (row === null) return { ...failure('NOT_FOUND', `There is no guide "${args.slug}".`, 'slug'), guide: null };
  return { ok: true, error: null, guide: row };
}
