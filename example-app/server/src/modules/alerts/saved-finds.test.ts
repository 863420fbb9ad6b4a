// An alert saved is evaluated at once against the feed as it is: a member saving "tell me when a
// match rates at least X" is told of the matches already on the list without a patch arriving,
// and two runners on one database (as two processes) record and push them once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSimulatedFeed, type SimulatedFeed } from '@matchkit/app-contract/feed';
import { createOddsmatcher } from '@matchkit/sdk/matching';
import { oddsAlertMatches, oddsAlerts } from '../../db/schema';
import { createTestApp, memberWithPlan, testClock, type TestApp } from '../../test/app';
import { COOL_DOWN_MS } from './alerts';
import { MATCHES_PER_PATCH, matchKeyOf } from './evaluate';
import { createAlertRunner, type AlertPush, type AlertRunner } from './runner';

const SAVE = `mutation($input: OddsAlertInput!) { saveOddsAlert(input: $input) { ok alert { id } } }`;
const PAUSE = `mutation($id: ID!, $paused: Boolean!) { setOddsAlertPaused(id: $id, paused: $paused) { ok } }`;

describe('an alert saved over a feed that already has its matches', () => {
  let t: TestApp;
  let feed: SimulatedFeed;
  const runners: AlertRunner[] = [];
  const pushes: AlertPush[] = [];
  const idle = () => Promise.all(runners.map((r) => r.idle()));

  beforeAll(async () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    feed = createSimulatedFeed({ seed: 5, clock, eventCount: 12 });
    t = await createTestApp({ clock, feed });
    for (let i = 0; i < 2; i++) {
      const runner = createAlertRunner(t.app.deps, async (_userId, payload) => {
        pushes.push(payload);
      });
      await runner.start();
      runners.push(runner);
    }
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await t.stop();
  });

  it('records and pushes its best matches once, with no patch arriving, and again after a pause only what is new', async () => {
    const token = await memberWithPlan(t, 'u_saved_finds', 'platinum');
    const seqBefore = feed.seq;
    const r = await t.gql<{ saveOddsAlert: { alert: { id: string } | null } }>(
      SAVE,
      { input: { tool: 'oddsmatcher', name: 'Anything', minRating: 0 } },
      { token },
    );
    const id = r.data?.saveOddsAlert.alert?.id;
    if (id === undefined) throw new Error('alert not saved');
    await vi.waitFor(() => expect(runners.every((runner) => runner.size === 1)).toBe(true));
    await idle();
    // The feed has not moved: what was found is on the list as it was.
    expect(feed.seq).toBe(seqBefore);
    const mine = () => pushes.filter((p) => p.tag === `odds-alert-${id}`);
    expect(mine().map((p) => p.title)).toEqual([`Anything: ${MATCHES_PER_PATCH} matches`]);
    const recorded = await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, id));
    // The oddsmatcher's best rows on the feed as it is (the member's defaults: the feed's commissions).
    const fresh = createOddsmatcher({ limit: 10_000 });
    fresh.load(feed.snapshot().market);
    const best = fresh
      .getSnapshot()
      .map((row) => ({ key: matchKeyOf(row), rating: row.rating }))
      .sort((a, b) => b.rating - a.rating || (a.key < b.key ? -1 : 1))
      .slice(0, MATCHES_PER_PATCH)
      .map((row) => row.key);
    expect(recorded.map((m) => m.matchKey).sort()).toEqual(best.sort());
    expect(recorded.every((m) => m.notifiedAt !== null)).toBe(true);

    // Paused and resumed past the cool-down: found at once again, never the matches told before.
    await t.gql(PAUSE, { id, paused: true }, { token });
    await vi.waitFor(() => expect(runners.every((runner) => runner.size === 0)).toBe(true));
    t.clock.advance(COOL_DOWN_MS);
    // Resumed through a runner as the resolver does (the member's session has lapsed by now).
    const [resumed] = await t.database.db.update(oddsAlerts).set({ paused: false }).where(eq(oddsAlerts.id, id)).returning();
    if (resumed === undefined) throw new Error('alert gone');
    await runners[0]?.announce({ saved: resumed });
    await vi.waitFor(() => expect(runners.every((runner) => runner.size === 1)).toBe(true));
    await idle();
    expect(mine()).toHaveLength(2);
    const again = await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, id));
    expect(again).toHaveLength(2 * MATCHES_PER_PATCH);
    expect(new Set(again.map((m) => m.matchKey)).size).toBe(2 * MATCHES_PER_PATCH);
    const [row] = await t.database.db.select().from(oddsAlerts).where(eq(oddsAlerts.id, id));
    expect(row?.notifiedAt?.getTime()).toBe(t.clock());
  });
});
