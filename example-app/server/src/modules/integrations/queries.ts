// Integration statuses per member. An exchange with an integration (the sdk's exchanges,
// hasIntegration) is one integration, named by the exchange's name; a member without a stored
// row for it is disconnected.
import { and, eq } from 'drizzle-orm';
import { exchanges } from '@matchkit/sdk/exchanges';
import type { IntegrationStatus } from '@matchkit/sdk/model';
import type { Db } from '../../db/client';
import { integrations } from '../../db/schema';

/** The integrations of the platform: the exchanges that have one, in the sdk's order. */
export function integrationNames(): string[] {
  return exchanges.filter((e) => e.hasIntegration).map((e) => e.name);
}

/** The member's status per integration, every integration present (disconnected when nothing is stored). */
export async function integrationStatuses(db: Db, userId: string): Promise<Record<string, IntegrationStatus>> {
  const rows = await db.select().from(integrations).where(eq(integrations.userId, userId));
  const stored = new Map(rows.map((r) => [r.integration, r.status]));
  return Object.fromEntries(integrationNames().map((name) => [name, stored.get(name) ?? 'disconnected']));
}

/** Sets the member's status of one integration. */
export async function setIntegrationStatus(
  db: Db,
  userId: string,
  integration: string,
  status: IntegrationStatus,
  now: number,
): Promise<void> {
  await db
    .insert(integrations)
    .values({ userId, integration, status, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: [integrations.userId, integrations.integration], set: { status, updatedAt: new Date(now) } });
}

/** The member's stored status of one integration, or null. */
export async function storedStatus(db: Db, userId: string, integration: string): Promise<IntegrationStatus | null> {
  const [row] = await db
    .select({ status: integrations.status })
    .from(integrations)
    .where(and(eq(integrations.userId, userId), eq(integrations.integration, integration)))
    .limit(1);
  return row?.status ?? null;
}
