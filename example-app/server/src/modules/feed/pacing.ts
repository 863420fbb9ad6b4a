// The Odds API provider's pacing kept in the database (table odds_api_pacing), where every process
// reads it: a restarted process or a new feed leader pays for no sport polled within the pace
// (feed/odds-api/provider.ts). One row per provider and sport; the pace is the one set last.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oddsApiPacing } from '../../db/schema';
import type { OddsApiPacing, OddsApiPacingStore } from '../../feed/odds-api/options';

/** The pacing of the provider named `provider` (its feed key, odds-api) in `db`. */
export function databasePacingStore(db: Db, provider: string): OddsApiPacingStore {
  return {
    async load() {
      const rows = await db.select().from(oddsApiPacing).where(eq(oddsApiPacing.provider, provider));
      if (rows.length === 0) return null;
      const newest = rows.reduce((a, b) => (b.polledAt > a.polledAt ? b : a));
      return { paceMs: newest.paceMs, polledAt: Object.fromEntries(rows.map((r) => [r.sport, r.polledAt.getTime()])) };
    },
    async save(pacing: OddsApiPacing) {
      const rows = Object.entries(pacing.polledAt).map(([sport, at]) => ({
        provider,
        sport,
        polledAt: new Date(at),
        paceMs: pacing.paceMs,
      }));
      if (rows.length === 0) return;
      await db
        .insert(oddsApiPacing)
        .values(rows)
        .onConflictDoUpdate({
          target: [oddsApiPacing.provider, oddsApiPacing.sport],
          set: { polledAt: sql`excluded.polled_at`, paceMs: sql`excluded.pace_ms` },
        });
    },
  };
}
