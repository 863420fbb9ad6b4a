// Exchange settings per member: the member's choice, else the exchange's enabledByDefault.
import { eq, inArray } from 'drizzle-orm';
import { exchanges } from '@matchkit/sdk/exchanges';
import type { Db } from '../../db/client';
import { exchangeSettings } from '../../db/schema';
import { integrationStatuses } from '../integrations/queries';

/**
 * The PubSub topic on which a member's exchange settings change is told to every process (their
 * odds alerts read the settings again): the message is `{ userId }`.
 */
export const EXCHANGE_SETTINGS_TOPIC = 'exchanges:settings';

/** The user id a {@link EXCHANGE_SETTINGS_TOPIC} payload carries, or null when it is malformed. */
export function readExchangeSettingsChange(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { userId } = payload as Record<string, unknown>;
  return typeof userId === 'string' && userId !== '' ? userId : null;
}

/**
 * The exchange settings the members chose (exchange to on/off; the sdk's enabledExchanges fills
 * in the defaults), one record per member of `userIds` (`{}` for a member who chose none).
 */
export async function chosenExchangeSettings(db: Db, userIds: readonly string[]): Promise<Map<string, Record<string, boolean>>> {
  const out = new Map<string, Record<string, boolean>>(userIds.map((id) => [id, {}]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select()
    .from(exchangeSettings)
    .where(inArray(exchangeSettings.userId, [...new Set(userIds)]));
  for (const r of rows) (out.get(r.userId) as Record<string, boolean>)[r.exchange] = r.enabled;
  return out;
}

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
