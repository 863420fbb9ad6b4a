// Members as administrators see them: what each holds (the sdk's capabilitiesAt over their ledger),
// their subscription, plan tier and segment (the sdk's planTier and memberSegment). Members are
// read in batches of a few hundred and their segments worked out in JavaScript: simple and
// plenty for this example app; a platform with very many members would store the segment with
// the member and keep it up to date on every payment instead.
import { and, count, desc, eq, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { capabilitiesAt } from '@matchkit/sdk/billing';
import type { Brand, Segment, Tier } from '@matchkit/sdk/brands';
import { memberSegment, planTier } from '@matchkit/sdk/entitlements';
import type { EntitledUser } from '@matchkit/sdk/model';
import type { Db } from '../../db/client';
import { ledger, refunds, subscriptions, users } from '../../db/schema';
import { ledgerEventsOf } from '../members/access';
import { subscriptionView } from '../billing/subscriptions';

export type UserRow = typeof users.$inferSelect;

/** A member with what they hold at an instant. */
export interface MemberRecord {
  readonly user: UserRow;
  readonly capabilities: readonly string[];
  readonly additionalCapabilities: readonly string[];
  /** As the sdk's entitlements read the member, subscription included. */
  readonly entitled: EntitledUser;
  readonly tier: Tier;
  readonly segment: Segment | null;
}

/** The member's sort key, newest first: [createdAt ms, id]. */
export function memberKey(u: UserRow): [number, string] {
  return [u.createdAt.getTime(), u.id];
}

function groupBy<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.userId);
    if (list === undefined) out.set(r.userId, [r]);
    else list.push(r);
  }
  return out;
}

/** The records of `rows` at `now`, in the same order (three queries for the whole batch). */
export async function memberRecords(db: Db, brand: Brand, rows: readonly UserRow[], now: number): Promise<MemberRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((u) => u.id);
  const [grants, refunded, subs] = await Promise.all([
    db.select().from(ledger).where(inArray(ledger.userId, ids)),
    db.select().from(refunds).where(inArray(refunds.userId, ids)),
    db.select().from(subscriptions).where(inArray(subscriptions.userId, ids)),
  ]);
  const grantsBy = groupBy(grants);
  const refundsBy = groupBy(refunded);
  const subsBy = groupBy(subs);
  return rows.map((user) => {
    const own = grantsBy.get(user.id) ?? [];
    const paymentIds = new Set(own.map((g) => g.id));
    const held = capabilitiesAt(
      brand,
      ledgerEventsOf(
        own,
        (refundsBy.get(user.id) ?? []).filter((r) => paymentIds.has(r.paymentId)),
      ),
      now,
    );
    const capabilities = [...held.capabilities];
    const additionalCapabilities = [...user.additionalCapabilities];
    const entitled = {
      capabilities,
      additionalCapabilities,
      subscription: subscriptionView(brand, subsBy.get(user.id) ?? [], now),
    } as EntitledUser;
    return {
      user,
      capabilities,
      additionalCapabilities,
      entitled,
      tier: planTier(brand, entitled),
      segment: memberSegment(brand, entitled),
    };
  });
}

/** Members whose email or username contains `search` (case-insensitive; null: everyone). */
export function searchCondition(search: string | null): SQL | undefined {
  if (search === null) return undefined;
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(users.email, pattern), ilike(users.username, pattern));
}

/** Up to `limit` members matching `where`, newest first, after the cursor. */
export async function memberPage(
  db: Db,
  where: SQL | undefined,
  after: readonly [number, string] | null,
  limit: number,
): Promise<UserRow[]> {
  const conditions: (SQL | undefined)[] = [where];
  if (after !== null) {
    const at = new Date(after[0]);
    conditions.push(or(lt(users.createdAt, at), and(eq(users.createdAt, at), lt(users.id, after[1]))));
  }
  return db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/** How many members match `where`. */
export async function memberCount(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return row?.n ?? 0;
}

/** Every member matching `where`, newest first, as records, in batches of `batchSize`. */
export async function* scanMembers(
  db: Db,
  brand: Brand,
  where: SQL | undefined,
  now: number,
  batchSize = 500,
): AsyncGenerator<MemberRecord[]> {
  let after: [number, string] | null = null;
  for (;;) {
    const rows = await memberPage(db, where, after, batchSize);
    if (rows.length === 0) return;
    yield await memberRecords(db, brand, rows, now);
    if (rows.length < batchSize) return;
    after = memberKey(rows[rows.length - 1] as UserRow);
  }
}
