// Pruning: the matches of events that started more than a day ago are deleted, the others kept.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oddsAlertMatches, oddsAlerts } from '../../db/schema';
import { createTestApp, memberWithPlan, testClock, type TestApp } from '../../test/app';
import { MATCH_KEEP_MS, pruneAlertMatches } from './alerts';

describe('pruning odds alert matches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: testClock('2026-03-02T10:00:00Z') });
    await memberWithPlan(t, 'u_prune', 'platinum');
  });
  afterAll(() => t.stop());

  it('deletes the matches of events started more than a day ago', async () => {
    const now = t.clock();
    await t.database.db
      .insert(oddsAlerts)
      .values({ id: 'oa_prune', userId: 'u_prune', tool: 'oddsmatcher', name: 'Old', rule: { minRating: 90 }, createdAt: new Date(now) });
    const match = (key: string, startsAt: number) => ({
      alertId: 'oa_prune',
      userId: 'u_prune',
      matchKey: key,
      match: { eventName: key },
      foundAt: new Date(startsAt - 3_600_000),
      startsAt: new Date(startsAt),
    });
    await t.database.db
      .insert(oddsAlertMatches)
      .values([match('long-gone', now - MATCH_KEEP_MS - 1), match('a-day', now - MATCH_KEEP_MS), match('today', now - 3_600_000)]);

    expect(await pruneAlertMatches(t.database.db, now)).toBe(1);
    const kept = await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, 'oa_prune'));
    expect(kept.map((m) => m.matchKey).sort()).toEqual(['a-day', 'today']);
  });
});
