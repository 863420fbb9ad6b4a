// Seeds the starting content on first start: the offers when the offers table is empty, the guides
// when the guides table is empty. Never updates a row, so an administrator's edits survive every
// restart; rows are inserted with ON CONFLICT DO NOTHING, so two processes starting at once on one
// PostgreSQL insert each row once. (Deleting every offer and restarting brings the seed back.)
import { sql } from 'drizzle-orm';
import type { Brand } from '@matchkit/sdk/brands';
import { finderTools } from '@matchkit/sdk/matching';
import type { Db } from '../../db/client';
import { guides, offers } from '../../db/schema';
import { guideUrl, HELP, ODDSMATCHER_GUIDE, SEED_GUIDES, SEED_OFFERS, type SeedGuide } from '@matchkit/app-contract/seed';
import { finderWording } from '@matchkit/app-contract';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * The seed guides for a brand: the oddsmatcher guide takes the slug of the brand's oddsmatcher
 * tool, and every finder tool with a page gets a guide at its slug from the sdk's finderTools
 * registry (its figure) in the members' words of the contract's finderWording (what it looks at, what it
 * ranks by, its assumptions), so each tool's guideUrl leads to a guide.
 */
export function seedGuidesFor(brand: Brand) {
  const oddsmatcher = brand.tools.find((t) => t.key === 'oddsmatcher')?.slug;
  const fixed = SEED_GUIDES.map((g) => {
    const slug = g.slug === ODDSMATCHER_GUIDE ? oddsmatcher || 'oddsmatching' : g.slug;
    return { ...g, slug, url: guideUrl(g.section, slug) };
  });
  // The tools' guides read right after the oddsmatcher's (the other tool guide); the written guides
  // after it move down, so "Staying in control" still closes the list.
  const tools = toolGuides(brand);
  const first = (SEED_GUIDES.find((g) => g.slug === ODDSMATCHER_GUIDE)?.order ?? -1) + 1;
  const moved = fixed.map((g) => (g.section === 'guides' && g.order >= first ? { ...g, order: g.order + tools.length } : g));
  return [...moved, ...tools.map((g, i) => ({ ...g, order: first + i, url: guideUrl(g.section, g.slug) }))];
}

/** A guide per finder tool of the brand with a page (not the oddsmatcher, whose guide is written out). */
export function toolGuides(brand: Brand): SeedGuide[] {
  return brand.tools.flatMap((tool) => {
    const engine = finderTools.find((f) => f.key === tool.key);
    // The member's words (the contract's, as on the tool's page), not the registry's developer text.
    const words = finderWording(brand, tool.key);
    if (engine === undefined || words === undefined || tool.slug === '' || tool.key === 'oddsmatcher') return [];
    const figure =
      engine.figure === 'exact'
        ? 'Its figure is exact: no probability model enters, every number follows from the prices and your stake.'
        : `Its figure is ${engine.figure === 'approximate' ? 'approximate' : 'an expected value: an average over many bets like it, not what any one bet returns'}.${words.assumptions.length === 0 ? '' : ` It rests on these assumptions: ${words.assumptions.join(' ')}`}`;
    return [
      {
        slug: tool.slug,
        title: `Using ${tool.title}`,
        section: 'guides' as const,
        order: 0,
        summary: `What ${tool.title} looks at, what it ranks by, and the assumptions behind its figures.`,
        body: [
          `${tool.title} looks at ${words.candidates}.`,
          `It ranks them by ${words.rankedBy}.`,
          figure,
          'Set the stake and the filters to the offer\u2019s terms. Each row opens the calculator filled in, so you can check the stakes before you bet, and can be added to your profit tracker once you have placed it. Prices move all the time: check the odds at both sites before you bet, and place a lay straight after its back bet.',
          'When the prices are simulated (as on the example server), the tool says so above its table: they are not real bookmaker or exchange odds. 18+. Only stake what you can afford to lose.',
          HELP,
        ].join('\n\n'),
      },
    ];
  });
}

/** The next position of `category` (0, then 1, 2...), counted in `place`. */
function positionIn(place: Map<string, number>, category: string): number {
  const next = place.get(category) ?? 0;
  place.set(category, next + 1);
  return next;
}

/** Inserts the seed content into empty tables; returns how many rows it inserted. */
export async function seedContent(db: Db, brand: Brand, now: number): Promise<{ offers: number; guides: number }> {
  let insertedOffers = 0;
  let insertedGuides = 0;
  const [{ n: offerCount } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(offers);
  if (offerCount === 0) {
    // Each category's offers in the seed's order: positions 0, 1, 2... as a category lists them.
    const place = new Map<string, number>();
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
      publishedAt: new Date(now - i * MINUTE_MS),
      position: positionIn(place, o.category),
    }));
    insertedOffers = (await db.insert(offers).values(rows).onConflictDoNothing().returning({ id: offers.id })).length;
  }
  const [{ n: guideCount } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(guides);
  if (guideCount === 0) {
    const rows = seedGuidesFor(brand).map((g) => ({ ...g, updatedAt: new Date(now), publishedAt: new Date(now) }));
    insertedGuides = (await db.insert(guides).values(rows).onConflictDoNothing().returning({ slug: guides.slug })).length;
  }
  return { offers: insertedOffers, guides: insertedGuides };
}
