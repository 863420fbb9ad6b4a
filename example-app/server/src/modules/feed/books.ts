// The Odds API provider's last answer of each sport kept in the database (table odds_api_books),
// where every process reads it: a restarted process or a new feed leader serves it at its true age
// instead of nothing until the sport's pace ends (feed/odds-api/provider.ts). One row per provider
// and sport, replaced by each answer.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oddsApiBooks } from '../../db/schema';
import type { OddsApiBookStore, OddsApiSportBook } from '../../feed/odds-api/options';
import type { ProviderEvent } from '../../feed/provider';

/** What {@link databaseBookStore} needs besides the database. */
export interface BookStoreOptions {
  /** The clock: epoch milliseconds. */
  readonly clock: () => number;
  /** The feed's poll age (FEED_MAX_POLL_AGE_MS): a kept answer older than this is never served, so it is deleted. */
  readonly maxAgeMs: number;
}

/**
 * The books of the provider named `provider` (its feed key, odds-api) in `db`. A save replaces a
 * sport's row only with a newer answer (two processes, or a slow write, never put an older answer
 * back); a load first deletes the provider's rows too old to serve (a sport no longer configured
 * goes with them, once its answer has aged).
 */
export function databaseBookStore(db: Db, provider: string, options: BookStoreOptions): OddsApiBookStore {
  return {
    async load() {
      await db
        .delete(oddsApiBooks)
        .where(and(eq(oddsApiBooks.provider, provider), lt(oddsApiBooks.fetchedAt, new Date(options.clock() - options.maxAgeMs))));
      const rows = await db.select().from(oddsApiBooks).where(eq(oddsApiBooks.provider, provider));
      // The events are read back as written; the feed checks every record again (sanitise.ts).
      return Object.fromEntries(
        rows.map((r): [string, OddsApiSportBook] => [r.sport, { fetchedAt: r.fetchedAt.getTime(), events: r.events as ProviderEvent[] }]),
      );
    },
    async save(sport, book) {
      await db
        .insert(oddsApiBooks)
        .values({ provider, sport, fetchedAt: new Date(book.fetchedAt), events: [...book.events] })
        .onConflictDoUpdate({
          target: [oddsApiBooks.provider, oddsApiBooks.sport],
          set: { fetchedAt: sql`excluded.fetched_at`, events: sql`excluded.events` },
          setWhere: lt(oddsApiBooks.fetchedAt, sql`excluded.fetched_at`),
        });
    },
  };
}
