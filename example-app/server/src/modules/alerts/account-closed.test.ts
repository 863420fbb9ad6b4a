// A member's alerts leaving while the runner is live, with no alert change announced: their
// account closed (the erasure deletes their alerts), or an alert deleted by another process whose
// message has not arrived. The other members' matches are still recorded and pushed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSimulatedFeed, type SimulatedFeed } from '@matchkit/app-contract/feed';
import { getBrand } from '@matchkit/sdk/brands';
import { revokeLiveAccess } from '../../auth/revocation';
import { oddsAlerts } from '../../db/schema';
import { createTestApp, memberWithPlan, testClock, type TestApp } from '../../test/app';
import { eraseMember } from '../accounts/close-account';
import { COOL_DOWN_MS } from './alerts';
import { createAlertRunner, type AlertRunner } from './runner';

const SAVE = `mutation($input: OddsAlertInput!) { saveOddsAlert(input: $input) { ok alert { id } } }`;

describe('odds alerts whose alert leaves without an announced change', () => {
  let t: TestApp;
  let feed: SimulatedFeed;
  let runner: AlertRunner;
  /** Pushes per member. */
  const pushes = new Map<string, number>();
  const pushed = (userId: string) => pushes.get(userId) ?? 0;

  const save = async (token: string) => {
    const r = await t.gql<{ saveOddsAlert: { alert: { id: string } | null } }>(
      SAVE,
      { input: { tool: 'oddsmatcher', name: 'Everything', minRating: 0 } },
      { token },
    );
    const id = r.data?.saveOddsAlert.alert?.id;
    if (id === undefined) throw new Error('alert not saved');
    return id;
  };
  /** Ticks the feed (after the cool-down) until `userId` has one more push, at most 20 ticks. */
  const nextPush = async (userId: string) => {
    const before = pushed(userId);
    t.clock.advance(COOL_DOWN_MS);
    for (let i = 0; i < 20 && pushed(userId) === before; i++) {
      t.clock.advance(feed.intervalMs);
      feed.tick();
      await runner.idle();
    }
    return pushed(userId) - before;
  };

  beforeAll(async () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    feed = createSimulatedFeed({ seed: 5, clock, eventCount: 12 });
    t = await createTestApp({ clock, feed });
    runner = createAlertRunner(t.app.deps, async (userId) => {
      pushes.set(userId, pushed(userId) + 1);
    });
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await t.stop();
  });

  it('keeps pushing member B after member A closes their account', async () => {
    const a = await memberWithPlan(t, 'u_closing', 'platinum');
    const b = await memberWithPlan(t, 'u_staying', 'platinum');
    await save(a);
    await save(b);
    await vi.waitFor(() => expect(runner.size).toBe(2));
    expect(await nextPush('u_closing')).toBe(1);
    expect(await nextPush('u_staying')).toBe(1);

    const beforeClosing = pushed('u_closing');
    // As Mutation.closeAccount: the erasure, then the revocation.
    await t.database.db.transaction((tx) => eraseMember(tx, { brand: getBrand(t.config.brand) }, 'u_closing', t.clock()));
    await revokeLiveAccess(t.app.deps, { userId: 'u_closing', sessionId: null, reason: 'account-closed' });
    // Every runner hears the closure: the member's alerts leave before any patch.
    await vi.waitFor(() => expect(runner.size).toBe(1));

    expect(await nextPush('u_staying')).toBe(1);
    expect(await nextPush('u_staying')).toBe(1);
    expect(pushed('u_closing')).toBe(beforeClosing);
    expect(runner.size).toBe(1);
  });

  it('drops an alert another process deleted before its message arrives, and pushes the others', async () => {
    const c = await memberWithPlan(t, 'u_deleting', 'platinum');
    const gone = await save(c);
    await vi.waitFor(() => expect(runner.size).toBe(2));
    // Deleted in the database only: no announce, nothing on the PubSub.
    await t.database.db.delete(oddsAlerts).where(eq(oddsAlerts.id, gone));

    expect(await nextPush('u_staying')).toBe(1);
    expect(await nextPush('u_staying')).toBe(1);
    expect(runner.size).toBe(1);
  });
});
