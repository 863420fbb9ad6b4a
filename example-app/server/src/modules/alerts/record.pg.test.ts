// Recording matches on PostgreSQL while an alert is deleted on another connection (a member
// deleting it through another process): the delete is in flight when the runner's insert checks
// the alert, and commits while the insert waits for it. The deleted alert's matches are skipped and
// the other alerts' matches of the same patch are recorded (a foreign key failure used to fail the
// whole batch).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSimulatedFeed, type SimulatedFeed } from '@matchkit/app-contract/feed';
import { openDatabase, type Database } from '../../db/client';
import { oddsAlertMatches, oddsAlerts } from '../../db/schema';
import { MIGRATIONS, createTestApp, memberWithPlan, testClock, type TestApp } from '../../test/app';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../test/postgres';
import { createAlertRunner } from './runner';

const SAVE = `mutation($input: OddsAlertInput!) { saveOddsAlert(input: $input) { ok alert { id } } }`;

describe('recording alert matches on PostgreSQL', () => {
  let pg: TestPostgresDatabase;
  let other: Database;
  let t: TestApp;
  let feed: SimulatedFeed;
  beforeAll(async () => {
    pg = await createTestPostgresDatabase({ migrated: true });
    const database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
    await database.migrate(MIGRATIONS);
    other = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 2 });
    const clock = testClock('2026-03-02T10:00:00Z');
    feed = createSimulatedFeed({ seed: 5, clock, eventCount: 12 });
    t = await createTestApp({ clock, feed, database });
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await other?.close();
    await pg?.drop();
  });

  it('skips an alert deleted while its matches are inserted, and records the others', async () => {
    const token = await memberWithPlan(t, 'u_record_race', 'platinum');
    const save = async (name: string) =>
      (await t.gql<{ saveOddsAlert: { alert: { id: string } } }>(SAVE, { input: { tool: 'oddsmatcher', name, minRating: 0 } }, { token }))
        .data?.saveOddsAlert.alert.id as string;
    const gone = await save('Deleted meanwhile');
    const kept = await save('Kept');
    const warned: unknown[] = [];
    const runner = createAlertRunner(
      { ...t.app.deps, logger: { ...t.app.deps.logger, warn: (...args: unknown[]) => warned.push(args) } as never },
      async () => {},
    );
    await runner.start();

    // Another connection deletes the alert and holds its transaction open.
    let commit: () => void = () => {};
    const held = new Promise<void>((resolve) => (commit = resolve));
    let deleted: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => (deleted = resolve));
    const deleting = other.db.transaction(async (tx) => {
      await tx.delete(oddsAlerts).where(eq(oddsAlerts.id, gone));
      deleted();
      await held;
    });
    await inFlight;
    // A patch: every row rates at least 0, so both alerts find matches; the insert waits on the
    // deleted alert's row lock.
    t.clock.advance(feed.intervalMs);
    feed.tick();
    await vi.waitFor(
      async () => {
        const waiting = (await other.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into "odds_alert_matches"%'`,
        )) as { rows: unknown[] };
        expect((waiting.rows[0] as { n: number } | undefined)?.n).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 50 },
    );
    commit();
    await deleting;
    await runner.idle();
    await runner.stop();

    const matchesOf = (alertId: string) => t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, alertId));
    expect(await matchesOf(gone)).toEqual([]);
    expect((await matchesOf(kept)).length).toBeGreaterThan(0);
    expect(warned).toEqual([]);
  }, 60_000);
});
