// Exchange settings per member: the member's choice, else the exchange's enabledByDefault.
import { eq } from 'drizzle-orm';
import { exchanges } from '@matchkit/sdk/exchanges';
import type { Db } from '../../db/client';
import { exchangeSettings } from '../../db/schema';
import { integrationStatuses } from '../integrations/queries';

/** Every exchange with the member's setting and, when it has an integration, its status. */
export async function exchangeSettingsOf(db: Db, userId: string) {
  const [rows, statuses] = await Promise.all([
    db.select().from(exchangeSettings).where(eq(exchangeSettings.userId, userId)),
    integrationStatuses(db, userId),
  ]);
  const chosen = new Map(rows.map((r) => [r.exchange, r.enabled]));
  return exchanges.map((e) => ({
    exchange: e.name,
    enabled: chosen.get(e.name) ?? e.enabledByDefault,
    integration: e.hasIntegration ? (statuses[e.name] ?? 'disconnected') : null,
  }));
}

/** Stores the member's choice for one exchange. */
export async function setExchangeSetting(db: Db, userId: string, exchange: string, enabled: boolean): Promise<void> {
  await db
    .insert(exchangeSettings)
    .values({ userId, exchange, enabled })
    .onConflictDoUpdate({ target: [exchangeSettings.userId, exchangeSettings.exchange], set: { enabled } });
}
