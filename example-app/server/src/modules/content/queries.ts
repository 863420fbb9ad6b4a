// Content queries: offers in the order administrators give them (each category by position),
// guides in reading order, completions per member. Each takes the database first.
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, min, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guides, offerCompletions, offers } from '../../db/schema';

export type OfferRow = typeof offers.$inferSelect;
export type GuideRow = typeof guides.$inferSelect;
/** An offer as the schema's Offer reads it. */
export type OfferView = OfferRow & { readonly completed: boolean };

/**
 * Where an offer stands in a list of offers, which is also the cursor of `offers`: [the rank of its
 * category (its place in the brand's list of categories, which come in that order), its position
 * in the category, its creation instant, its id]. Position ascending, then newest first and id
 * descending: every offer has its own key, so paging never repeats or skips one while the order
 * stands still.
 */
export type OfferKey = readonly [rank: number, position: number, createdAtMs: number, id: string];

/** The rank of `category` among the brand's `categories`; one past them for a category the brand no longer lists. */
function rankOf(categories: readonly string[], category: string): number {
  const i = categories.indexOf(category);
  return i < 0 ? categories.length : i;
}

/** The same rank in SQL. */
function categoryRank(categories: readonly string[]): SQL<number> {
  if (categories.length === 0) return sql<number>`0`;
  const whens = categories.map((c, i) => sql`when ${c} then ${sql.raw(String(i))}`);
  return sql<number>`(case ${offers.category} ${sql.join(whens, sql` `)} else ${sql.raw(String(categories.length))} end)`;
}

/** The key (and cursor) of an offer in a list over the brand's `categories`. */
export function offerKey(categories: readonly string[], o: Pick<OfferRow, 'category' | 'position' | 'createdAt' | 'id'>): OfferKey {
  return [rankOf(categories, o.category), o.position, o.createdAt.getTime(), o.id];
}

/**
 * Up to `limit` offers (of `category`, when given) after the cursor `after` (an OfferKey), in list
 * order: the brand's `categories` in their order, each by position, ties newest first; published
 * ones only, drafts too when `drafts` (administrators). A cursor stays usable whatever changed since
 * it was made: the page starts after the place its key names, in the order as it is now.
 */
export async function listOffers(
  db: Db,
  q: { categories: readonly string[]; category: string | null; after: OfferKey | null; limit: number; drafts?: boolean },
): Promise<OfferRow[]> {
  const rank = categoryRank(q.categories);
  const where: SQL[] = [];
  if (q.drafts !== true) where.push(isNotNull(offers.publishedAt));
  if (q.category !== null) where.push(eq(offers.category, q.category));
  if (q.after !== null) {
    const [r, position, createdAtMs, id] = q.after;
    const at = new Date(createdAtMs);
    where.push(
      or(
        gt(rank, r),
        and(eq(rank, r), gt(offers.position, position)),
        and(eq(rank, r), eq(offers.position, position), or(lt(offers.createdAt, at), and(eq(offers.createdAt, at), lt(offers.id, id)))),
      ) as SQL,
    );
  }
  return db
    .select()
    .from(offers)
    .where(and(...where))
    .orderBy(asc(rank), asc(offers.position), desc(offers.createdAt), desc(offers.id))
    .limit(q.limit);
}

/** The position a new offer of `category` takes to go first: one less than the category's first (0 for an empty category). */
export async function firstPosition(db: Db, category: string): Promise<number> {
  const [row] = await db
    .select({ first: min(offers.position) })
    .from(offers)
    .where(eq(offers.category, category));
  return (row?.first ?? 1) - 1;
}

/** The published offer with `slug` (a draft too when `drafts`), or null. */
export async function findOffer(db: Db, slug: string, drafts = false): Promise<OfferRow | null> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.slug, slug), drafts ? undefined : isNotNull(offers.publishedAt)))
    .limit(1);
  return row ?? null;
}

/** The ids among `offerIds` that `userId` marked completed. */
export async function completedOfferIds(db: Db, userId: string, offerIds: readonly string[]): Promise<Set<string>> {
  if (offerIds.length === 0) return new Set();
  const rows = await db
    .select({ offerId: offerCompletions.offerId })
    .from(offerCompletions)
    .where(and(eq(offerCompletions.userId, userId), inArray(offerCompletions.offerId, [...offerIds])));
  return new Set(rows.map((r) => r.offerId));
}

/** The offers with the member's completed flag (false for everyone when `userId` is null). */
export async function withCompleted(db: Db, userId: string | null, rows: readonly OfferRow[]): Promise<OfferView[]> {
  const done =
    userId === null
      ? new Set<string>()
      : await completedOfferIds(
          db,
          userId,
          rows.map((r) => r.id),
        );
  return rows.map((r) => ({ ...r, completed: done.has(r.id) }));
}

/** Marks the offer completed (or not) for the member; idempotent. */
export async function setCompleted(db: Db, userId: string, offerId: string, completed: boolean, now: number): Promise<void> {
  if (completed) {
    await db
      .insert(offerCompletions)
      .values({ userId, offerId, completedAt: new Date(now) })
      .onConflictDoNothing();
  } else {
    await db.delete(offerCompletions).where(and(eq(offerCompletions.userId, userId), eq(offerCompletions.offerId, offerId)));
  }
}

/** A guide's section in reading order: training (the tutorials) first, then the guides. */
const sectionRank = sql<number>`(case ${guides.section} when 'training' then 0 else 1 end)`;

/** Where a guide stands in reading order: [section rank, order, slug] (the cursor of guides). */
export function guideKey(g: GuideRow): [number, number, string] {
  return [g.section === 'training' ? 0 : 1, g.order, g.slug];
}

/**
 * Up to `limit` guides (of `section`, when given) after the cursor, in reading order: training
 * before guides, then by order and slug; published ones only, drafts too when `drafts`.
 */
export async function listGuides(
  db: Db,
  q: { section: string | null; after: readonly [number, number, string] | null; limit: number; drafts?: boolean },
): Promise<GuideRow[]> {
  const where: SQL[] = [];
  if (q.drafts !== true) where.push(isNotNull(guides.publishedAt));
  if (q.section !== null) where.push(eq(guides.section, q.section));
  if (q.after !== null) {
    const [rank, order, slug] = q.after;
    where.push(sql`(${sectionRank}, ${guides.order}, ${guides.slug}) > (${rank}, ${order}, ${slug})`);
  }
  return db
    .select()
    .from(guides)
    .where(and(...where))
    .orderBy(asc(sectionRank), asc(guides.order), asc(guides.slug))
    .limit(q.limit);
}

/** The published guide with `slug` (a draft too when `drafts`), or null. */
export async function findGuide(db: Db, slug: string, drafts = false): Promise<GuideRow | null> {
  const [row] = await db
    .select()
    .from(guides)
    .where(and(eq(guides.slug, slug), drafts ? undefined : isNotNull(guides.publishedAt)))
    .limit(1);
  return row ?? null;
}
