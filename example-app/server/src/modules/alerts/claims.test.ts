// The claim of an alert's push: each match is pushed once, across cool-downs and across two
// runners on one database (as two processes), and a cool-down starts only with a push. An alert
// saved is evaluated at once against the feed as it is: its matches are pushed with no patch.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSimulatedFeed, type SimulatedFeed } from '@matchkit/app-contract/feed';
import { MAX_MONEY } from '@matchkit/sdk/calculators';
import { createOddsmatcher } from '@matchkit/sdk/matching';
import { oddsAlertMatches, oddsAlerts } from '../../db/schema';
import { createTestApp, memberWithPlan, testClock, type TestApp } from '../../test/app';
import { COOL_DOWN_MS } from './alerts';
import { MATCHES_PER_PATCH, matchKeyOf } from './evaluate';
import { createAlertRunner, type AlertPush, type AlertRunner } from './runner';

const SAVE = `mutation($input: OddsAlertInput!) { saveOddsAlert(input: $input) { ok alert { id } } }`;

/** How many matches a push tells (its title: "Name: a match" or "Name: N matches"). */
function told(push: AlertPush): number {
  if (push.title.endsWith(': a match')) return 1;
  const n = /: (\d+) matches$/.exec(push.title)?.[1];
  if (n === undefined) throw new Error(`not an alert push: ${push.title}`);
  return Number(n);
}

describe('claiming an alert’s push', () => {
  let t: TestApp;
  let feed: SimulatedFeed;
  const runners: AlertRunner[] = [];
  const pushes: AlertPush[] = [];
  const tick = async () => {
    t.clock.advance(feed.intervalMs);
    feed.tick();
    for (const runner of runners) await runner.idle();
  };
  /** A new member's alert (a new member each time: the clock moves past a session's life). */
  const save = async (userId: string, name: string) => {
    const token = await memberWithPlan(t, userId, 'platinum');
    const r = await t.gql<{ saveOddsAlert: { alert: { id: string } | null } }>(
      SAVE,
      { input: { tool: 'oddsmatcher', name, minRating: 0 } },
      { token },
    );
    const id = r.data?.saveOddsAlert.alert?.id;
    if (id === undefined) throw new Error('alert not saved');
    return id;
  };
  const alertRow = async (id: string) => (await t.database.db.select().from(oddsAlerts).where(eq(oddsAlerts.id, id)))[0];

  beforeAll(async () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    feed = createSimulatedFeed({ seed: 5, clock, eventCount: 12 });
    t = await createTestApp({ clock, feed });
    // Two runners on one database and one PubSub: two processes.
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

  it('pushes the best matches of an alert saved over a feed that has them at once, with no patch, once across two runners', async () => {
    const seqBefore = feed.seq;
    const id = await save('u_saved_finds', 'Anything');
    await vi.waitFor(() => expect(runners.every((runner) => runner.size === 1)).toBe(true));
    for (const runner of runners) await runner.idle();
    // The feed has not moved: what was found is on the list as it was.
    expect(feed.seq).toBe(seqBefore);
    const mine = () => pushes.filter((p) => p.tag === `odds-alert-${id}`);
    expect(mine().map((p) => p.title)).toEqual([`Anything: ${MATCHES_PER_PATCH} matches`]);
    const recorded = await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, id));
    // The oddsmatcher's best rows on the feed as it is (the member's defaults: the feed's commissions).
    const fresh = createOddsmatcher({ limit: 10_000 });
    fresh.load(feed.snapshot().market);
    const ranked = fresh
      .getSnapshot()
      .map((row) => ({ key: matchKeyOf(row), rating: row.rating }))
      .sort((a, b) => b.rating - a.rating || (a.key < b.key ? -1 : 1))
      .map((row) => row.key);
    const best = ranked.slice(0, MATCHES_PER_PATCH);
    expect(recorded.map((m) => m.matchKey).sort()).toEqual(best.sort());
    expect(recorded.every((m) => m.notifiedAt !== null)).toBe(true);

    // Paused and resumed past the cool-down: found at once again, never the matches told before:
    // the next best five (ranks 6 to 10), recorded once and pushed once.
    const [paused] = await t.database.db.update(oddsAlerts).set({ paused: true }).where(eq(oddsAlerts.id, id)).returning();
    if (paused === undefined) throw new Error('alert gone');
    await runners[0]?.announce({ saved: paused });
    await vi.waitFor(() => expect(runners.every((runner) => runner.size === 0)).toBe(true));
    t.clock.advance(COOL_DOWN_MS);
    // Resumed, and handed to a runner as the resolver does.
    const [resumed] = await t.database.db.update(oddsAlerts).set({ paused: false }).where(eq(oddsAlerts.id, id)).returning();
    if (resumed === undefined) throw new Error('alert gone');
    await runners[0]?.announce({ saved: resumed });
    await vi.waitFor(() => expect(runners.every((runner) => runner.size === 1)).toBe(true));
    for (const runner of runners) await runner.idle();
    expect(mine().map((p) => p.title)).toEqual([`Anything: ${MATCHES_PER_PATCH} matches`, `Anything: ${MATCHES_PER_PATCH} matches`]);
    const again = await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, id));
    expect(again.map((m) => m.matchKey).sort()).toEqual(ranked.slice(0, 2 * MATCHES_PER_PATCH).sort());
    expect(again.every((m) => m.notifiedAt !== null)).toBe(true);
    const [row] = await t.database.db.select().from(oddsAlerts).where(eq(oddsAlerts.id, id));
    expect(row?.notifiedAt?.getTime()).toBe(t.clock());
    // Gone again: the next cases start with no alert held.
    await t.database.db.delete(oddsAlerts).where(eq(oddsAlerts.id, id));
    await runners[0]?.announce({ deleted: id });
    await vi.waitFor(() => expect(runners.every((runner) => runner.size === 0)).toBe(true));
  });

  it('pushes each match of an alert once, across cool-downs and two runners', async () => {
    const id = await save('u_claims_both', 'Both runners');
    await vi.waitFor(() => expect(runners.every((r) => r.size === 1)).toBe(true));
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) await tick();
      t.clock.advance(COOL_DOWN_MS);
    }
    await tick();
    const mine = pushes.filter((p) => p.tag === `odds-alert-${id}`);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    // The rows told are distinct keys (the primary key): pushes telling more would repeat one.
    const sent = await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, id));
    const notified = sent.filter((m) => m.notifiedAt !== null);
    expect(mine.reduce((sum, p) => sum + told(p), 0)).toBe(notified.length);
    // One push per notified instant: no two runners sent for one cool-down.
    expect(new Set(notified.map((m) => m.notifiedAt?.getTime())).size).toBe(mine.length);
    await t.database.db.delete(oddsAlerts).where(eq(oddsAlerts.id, id));
    await runners[0]?.announce({ deleted: id });
    await vi.waitFor(() => expect(runners.every((r) => r.size === 0)).toBe(true));
  });

  it('does not restart the cool-down when another process already sent the waiting matches', async () => {
    const before = pushes.length;
    const id = await save('u_claims_elsewhere', 'Sent elsewhere');
    await vi.waitFor(() => expect(runners.every((r) => r.size === 1)).toBe(true));
    // Saved over a feed that has its matches: pushed at once, no patch needed.
    for (const runner of runners) await runner.idle();
    expect(pushes.length).toBe(before + 1);
    // Within the cool-down: matches found, waiting in a runner.
    for (let i = 0; i < 20; i++) {
      await tick();
      const untold = await t.database.db
        .select()
        .from(oddsAlertMatches)
        .where(and(eq(oddsAlertMatches.alertId, id), isNull(oddsAlertMatches.notifiedAt)));
      if (untold.length > 0) break;
    }
    // Another process claims and sends them now.
    const sentAt = new Date(t.clock());
    await t.database.db
      .update(oddsAlertMatches)
      .set({ notifiedAt: sentAt })
      .where(and(eq(oddsAlertMatches.alertId, id), isNull(oddsAlertMatches.notifiedAt)));
    // The alert now finds nothing more (no match has this much liquidity).
    const [quiet] = await t.database.db
      .update(oddsAlerts)
      .set({ notifiedAt: sentAt, rule: { minRating: 0, minLiquidity: MAX_MONEY } })
      .where(eq(oddsAlerts.id, id))
      .returning();
    for (const runner of runners) if (quiet !== undefined) await runner.announce({ saved: quiet });

    t.clock.advance(COOL_DOWN_MS);
    const pushed = pushes.length;
    await tick();
    expect(pushes.length).toBe(pushed);
    expect((await alertRow(id))?.notifiedAt).toEqual(sentAt);
  });
});
