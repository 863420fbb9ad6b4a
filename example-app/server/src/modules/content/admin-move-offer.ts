// Ordering offers: an administrator moves an offer one place up or down among its category's
// offers (drafts included, as the console lists them); members read the new order at once.
import { asc, eq, sql } from 'drizzle-orm';
import type { MutationAdminMoveOfferArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema';
import { requireAdmin } from '../admin/require-admin';
import { recordAdminAction } from '../audit/audit';
import { failure } from '../module';
import { withCompleted, type OfferRow } from './queries';

/**
 * The category's offers in list order after the one at `from` moves to `to`, each with the position
 * it takes: 0, 1, 2... in the new order (positions that were equal, below 0 or with gaps come out
 * distinct); [] when either place is outside the list.
 */
export function renumbered<T>(rows: readonly T[], from: number, to: number): { row: T; position: number }[] {
  if (from < 0 || from >= rows.length || to < 0 || to >= rows.length) return [];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return [];
  next.splice(to, 0, moved);
  return next.map((row, position) => ({ row, position }));
}

/** Offers in list order: by position, ties newest first, then by id descending (as listOffers reads them). */
export function inListOrder<T extends Pick<OfferRow, 'position' | 'createdAt' | 'id'>>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) => a.position - b.position || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}

/**
 * Every offer of the category of the offer `slug`, locked, in list order; [] for an unknown slug.
 * The rows are locked in the order of their ids, which never change: locked in list order, a move
 * that read the positions before another move committed would lock them in another order than a
 * move that read them after, and the two could deadlock (order.pg.test.ts). Sorted into list order
 * once locked, from the rows as the transactions before this one left them.
 */
async function categoryOf(tx: Db, slug: string): Promise<OfferRow[]> {
  const rows = await tx
    .select()
    .from(offers)
    .where(eq(offers.category, sql`(select "category" from "offers" where "slug" = ${slug})`))
    .orderBy(asc(offers.id))
    .for('update');
  return inListOrder(rows);
}

/**
 * Mutation.adminMoveOffer: moves the offer one place up or down among its category's offers and
 * renumbers the category 0, 1, 2... in the new order, with an audit line (its place before and
 * after), in one transaction. The first moved up or the last moved down stays where it is (no
 * line). NOT_FOUND for an unknown slug.
 */
export async function adminMoveOffer(_: unknown, args: MutationAdminMoveOfferArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const rows = await categoryOf(tx, args.slug);
    const from = rows.findIndex((r) => r.slug === args.slug);
    const offer = rows[from];
    if (offer === undefined) return null;
    const to = from + (args.direction === 'UP' ? -1 : 1);
    const order = renumbered(rows, from, to);
    if (order.length === 0) return offer;
    for (const { row, position } of order) {
      if (row.position !== position) await tx.update(offers).set({ position }).where(eq(offers.id, row.id));
    }
    await recordAdminAction(tx, {
      adminId: admin.user.id,
      action: 'adminMoveOffer',
      target: args.slug,
      before: { category: offer.category, position: from },
      after: { category: offer.category, position: to },
      at: ctx.now,
    });
    return { ...offer, position: to };
  });
  if (row === null) return { ...failure('NOT_FOUND', `There is no offer "${args.slug}".`, 'slug'), offer: null };
  ctx.logger.info({ audit: 'adminMoveOffer', admin: admin.user.id, slug: args.slug, direction: args.direction }, 'offer moved');
  const [offer] = await withCompleted(ctx.db, admin.user.id, [row]);
  return { ok: true, error: null, offer };
}
