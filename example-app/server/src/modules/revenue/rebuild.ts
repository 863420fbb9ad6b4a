// Members' revenue changes (member_revenue_changes) rebuilt from their ledger and refunds with the
// sdk's revenueChanges, for the members migration 0020's trigger marked as behind
// (member_revenue_stale). See index.ts for when it runs and why nothing is lost.
import { classifyRevenueChange, revenueChanges } from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import { inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledger, memberRevenueChanges, memberRevenueStale, refunds } from '../../db/schema';
import type { GrantRow, RefundRow } from '../../kernel';
import { ledgerEventsOf } from '../members/access';

/** How many members one transaction rebuilds. */
export const REBUILD_BATCH = 500;

/** What a rebuild did. */
export interface RebuildResult {
  /** Members rebuilt. */
  readonly members: number;
  /** Change rows written. */
  readonly changes: number;
}

/**
 * One member's changes, as rows: the sdk's revenueChanges over their ledger and refunds, each
 * classified by the sdk's classifyRevenueChange.
 */
export function changeRows(brand: Brand, userId: string, grants: readonly GrantRow[], refunded: readonly RefundRow[]) {
  return revenueChanges(brand, ledgerEventsOf(grants, refunded)).map((c) => ({
    userId,
    at: new Date(c.at),
    before: c.before,
    after: c.after,
    kind: classifyRevenueChange(c),
  }));
}

/**
 * Rebuilds the members `userIds` in one transaction: their rows are deleted and written again from
 * what their ledger and refunds hold when the transaction reads them, and each member's stale mark
 * is dropped only if no change came after the rebuild read it (its version is still the one read).
 * Idempotent, and safe on several processes at once: each member's rebuild holds a transaction-level
 * advisory lock on that member (taken in one order), so two processes rebuilding one member run one
 * after the other and the second writes the same rows again.
 */
export async function rebuildMembers(db: Db, brand: Brand, userIds: readonly string[]): Promise<RebuildResult> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return { members: 0, changes: 0 };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(k) from (
        select distinct hashtextextended('member_revenue:' || id, 0) as k from unnest(${sql.param(ids)}::text[]) as id
      ) locks order by k`);
    // Read after the locks: a rebuild that held one committed before this reads.
    const marks = await tx
      .select({ userId: memberRevenueStale.userId, version: memberRevenueStale.version })
      .from(memberRevenueStale)
      .where(inArray(memberRevenueStale.userId, ids));
    const [grantRows, refundRows] = await Promise.all([
      tx
        .select({
          userId: ledger.userId,
          id: ledger.id,
          type: ledger.type,
          plan: ledger.plan,
          periodStart: ledger.periodStart,
          periodEnd: ledger.periodEnd,
          at: ledger.at,
          basePaymentId: ledger.basePaymentId,
        })
        .from(ledger)
        .where(inArray(ledger.userId, ids)),
      tx.select({ userId: refunds.userId, paymentId: refunds.paymentId, at: refunds.at }).from(refunds).where(inArray(refunds.userId, ids)),
    ]);
    const grantsOf = new Map<string, GrantRow[]>();
    for (const g of grantRows) (grantsOf.get(g.userId) ?? grantsOf.set(g.userId, []).get(g.userId))?.push(g);
    const refundsOf = new Map<string, RefundRow[]>();
    for (const r of refundRows) (refundsOf.get(r.userId) ?? refundsOf.set(r.userId, []).get(r.userId))?.push(r);
    const rows = ids.flatMap((id) => (grantsOf.has(id) ? changeRows(brand, id, grantsOf.get(id) ?? [], refundsOf.get(id) ?? []) : []));
    await tx.delete(memberRevenueChanges).where(inArray(memberRevenueChanges.userId, ids));
    for (let i = 0; i < rows.length; i += 5000) await tx.insert(memberRevenueChanges).values(rows.slice(i, i + 5000));
    if (marks.length > 0) {
      await tx.execute(sql`delete from ${memberRevenueStale} s
        using unnest(${sql.param(marks.map((m) => m.userId))}::text[], ${sql.param(marks.map((m) => m.version))}::int[]) as m(user_id, version)
        where s.user_id = m.user_id and s.version = m.version`);
    }
    return { members: ids.length, changes: rows.length };
  });
}

/**
 * Rebuilds every member marked as behind, REBUILD_BATCH at a time, until none is left (a member
 * marked again meanwhile is taken again). A batch that fails is retried a member at a time, and a
 * member whose rebuild fails alone (a ledger the sdk refuses) is told to `onError`, keeps its mark
 * and is left out for the rest of this pass, so one bad ledger holds no one else up.
 */
export async function rebuildStale(
  db: Db,
  brand: Brand,
  onError: (userId: string, error: unknown) => void = () => undefined,
): Promise<RebuildResult> {
  let members = 0;
  let changes = 0;
  const failed = new Set<string>();
  const add = (r: RebuildResult) => {
    members += r.members;
    changes += r.changes;
  };
  for (;;) {
    const batch = await db
      .select({ userId: memberRevenueStale.userId })
      .from(memberRevenueStale)
      .where(failed.size === 0 ? undefined : notInArray(memberRevenueStale.userId, [...failed]))
      .orderBy(memberRevenueStale.userId)
      .limit(REBUILD_BATCH);
    if (batch.length === 0) return { members, changes };
    const ids = batch.map((b) => b.userId);
    try {
      add(await rebuildMembers(db, brand, ids));
    } catch {
      for (const id of ids) {
        try {
          add(await rebuildMembers(db, brand, [id]));
        } catch (error) {
          failed.add(id);
          onError(id, error);
        }
      }
    }
  }
}

/** How many members are marked as behind. */
export async function staleCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(memberRevenueStale);
  return row?.n ?? 0;
}
