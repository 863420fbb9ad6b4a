// Seeds the starting content on first start: the offers when the offers table is empty, the guides
// when the guides table is empty. Never updates a row, so an administrator's edits survive every
// restart; rows are inserted with ON CONFLICT DO NOTHING, so two processes starting at once on one
// PostgreSQL insert each row once. (Deleting every offer and restarting brings the seed back.)
import { sql } from 'drizzle-orm';
import type { Brand } from '@matchkit/sdk/brands';
import type { Db } from '../../db/client';
import { guides, offers } from '../../db/schema';
import { guideUrl, ODDSMATCHER_GUIDE, SEED_GUIDES, SEED_OFFERS } from './seed-data';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The seed guides for a brand: the oddsmatcher guide takes the slug of the brand's oddsmatcher tool, so the tool's guideUrl leads to it. */
export function seedGuidesFor(brand: Brand) {
  const oddsmatcher = brand.tools.find((t) => t.key === 'oddsmatcher')?.slug;
  return SEED_GUIDES.map((g) => {
    const slug = g.slug === ODDSMATCHER_GUIDE ? oddsmatcher || 'oddsmatching' : g.slug;
    return { ...g, slug, url: guideUrl(g.section, slug) };
  });
}

/** Inserts the seed content into empty tables; returns how many rows it inserted. */
export async function seedContent(db: Db, brand: Brand, now: number): Promise<{ offers: number; guides: number }> {
  let insertedOffers = 0;
  let insertedGuides = 0;
  const [{ n: offerCount } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(offers);
  if (offerCount === 0) {
    const rows = SEED_OFFERS.map((o, i) => ({
      id: `of_seed_${o.slug}`,
      slug: o.slug,
      title: o.title,
      category: o.category,
      bookmaker: o.bookmaker,
      summary: o.summary,
      body: o.body,
      expectedProfit: o.expectedProfit,
      guideUrl: o.guideUrl,
      expiresAt: o.expiresInDays === null ? null : new Date(now + o.expiresInDays * DAY_MS),
      // Newest first in list order: each offer a minute older than the one before it.
      createdAt: new Date(now - i * MINUTE_MS),
      updatedAt: new Date(now),
    }));
    insertedOffers = (await db.insert(offers).values(rows).onConflictDoNothing().returning({ id: offers.id })).length;
  }
  const [{ n: guideCount } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(guides);
  if (guideCount === 0) {
    const rows = seedGuidesFor(brand).map((g) => ({ ...g, updatedAt: new Date(now) }));
    insertedGuides = (await db.insert(guides).values(rows).onConflictDoNothing().returning({ slug: guides.slug })).length;
  }
  return { offers: insertedOffers, guides: insertedGuides };
}
