// The weekly summary and the commission-payable mail at their moments, with a fixed clock: the
// week a Monday 08:00 London pass covers (across the spring clock change), who is mailed (opted in,
// with bets) and with which figures (the sum of the settled bets' profits the server returned),
// once per member per week however often and however concurrently the pass runs (a unique key in
// the database), and both passes scheduled by the started server. One suite, run on PGlite
// (weekly-summary.test.ts) and PostgreSQL (weekly-summary.pg.test.ts).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFUND_WINDOW_DAYS } from '@matchkit/sdk/referrals';
import type { Database } from '../../db/client';
import { affiliateEntries, outbox } from '../../db/schema';
import { unsubscribeLinks } from '../../mail/unsubscribe';
import { notificationAllowed } from '../../notifications/settings';
import { createTestApp, SUITE_DATABASES, type SuiteDatabase, type TestApp } from '../../test/app';
import { registerMember } from '../accounts/test-support';
import { member, qualifierInput, RECORD, SETTLE, type Member } from './test-support';
import { runWeeklySummaryPass, summaryWeekAt } from './weekly-summary';

/** Monday 30 March 2026, 08:30 BST: the first Monday after the clocks went forward (29 March). */
const MONDAY = Date.parse('2026-03-30T07:30:00Z');
const SET_WEEKLY = 'mutation($on: Boolean!) { setNotificationSetting(kind: "weekly-summary", channel: EMAIL, enabled: $on) { kind } }';

describe('summaryWeekAt', () => {
  it('is the week before a Monday 08:00 London, for a day after it; London’s clock change included', () => {
    expect(summaryWeekAt(Date.parse('2026-03-30T07:00:00Z'))).toEqual({
      weekStart: Date.parse('2026-03-23T00:00:00Z'),
      nextWeekStart: Date.parse('2026-03-29T23:00:00Z'),
      sendAt: Date.parse('2026-03-30T07:00:00Z'),
      key: '2026-03-23',
    });
    expect(summaryWeekAt(Date.parse('2026-03-31T06:59:59Z'))?.key).toBe('2026-03-23');
    // Before 08:00 BST on Monday, and from Tuesday 08:00: nothing is due.
    expect(summaryWeekAt(Date.parse('2026-03-30T06:59:59Z'))).toBeNull();
    expect(summaryWeekAt(Date.parse('2026-03-31T07:00:00Z'))).toBeNull();
    expect(summaryWeekAt(Date.parse('2026-04-02T12:00:00Z'))).toBeNull();
    // Winter (GMT), and a week across the new year.
    expect(summaryWeekAt(Date.parse('2026-01-05T08:00:00Z'))).toEqual({
      weekStart: Date.parse('2025-12-29T00:00:00Z'),
      nextWeekStart: Date.parse('2026-01-05T00:00:00Z'),
      sendAt: Date.parse('2026-01-05T08:00:00Z'),
      key: '2025-12-29',
    });
    expect(() => summaryWeekAt(Number.NaN)).toThrow(/^now: /);
  });
});

export function weeklySummarySuite(label: SuiteDatabase, open: () => Promise<Database>): void {
  describe(`mail passes at their moments (${label})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      const database = await open();
      expect(database.kind).toBe(SUITE_DATABASES[label]);
      t = await createTestApp({ database });
      t.clock.set(MONDAY);
    });
    afterAll(() => t.stop());

    const links = () => unsubscribeLinks(t.config, 'weekly-summary');
    const summariesTo = async (m: Member) =>
      (
        await t.database.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.userId, m.userId), eq(outbox.kind, 'weekly-summary')))
      ).map((r) => r.text);
    /** Records and settles a qualifying bet at `settledAt`, its back bet `won` or not; its settled profit as the server computed it. */
    async function settled(m: Member, settledAt: string, won = true): Promise<number> {
      const [back, lay] = qualifierInput()['legs'] as Record<string, unknown>[];
      const legs = [
        { ...back, result: won ? 'won' : 'lost' },
        { ...lay, result: won ? 'lost' : 'won' },
      ];
      const bet = await t.gql<{ recordBet: { id: string } }>(RECORD, { input: qualifierInput({ legs }) }, { token: m.token });
      expect(bet.errors).toBeUndefined();
      const done = await t.gql<{ settleBet: { settledProfit: number } }>(
        SETTLE,
        { input: { id: bet.data?.recordBet.id, settledAt } },
        { token: m.token },
      );
      expect(done.errors).toBeUndefined();
      return done.data?.settleBet.settledProfit as number;
    }
    const optIn = async (m: Member, on = true) => expect((await t.gql(SET_WEEKLY, { on }, { token: m.token })).errors).toBeUndefined();
    const pounds = (pence: number) => `£${(Math.abs(pence) / 100).toFixed(2)}`;

    it('mails the week’s figures to a member who opted in, once, and no one else', async () => {
      const ann = await member(t);
      await optIn(ann);
      const before = await settled(ann, '2026-03-10T10:00:00Z');
      const monday = await settled(ann, '2026-03-23T00:00:00Z', false);
      const sunday = await settled(ann, '2026-03-29T22:30:00Z'); // Sunday 23:30 BST: still the week
      await settled(ann, '2026-03-29T23:30:00Z'); // Monday 00:30 BST: the next week
      const quiet = await member(t); // opted in, never a bet
      await optIn(quiet);
      const silent = await member(t); // bets, never opted in
      await settled(silent, '2026-03-24T10:00:00Z');
      const changed = await member(t); // opted in, then out
      await optIn(changed);
      await settled(changed, '2026-03-24T10:00:00Z');
      await optIn(changed, false);

      const mailed = await Promise.all([1, 2, 3].map(() => runWeeklySummaryPass(t.app.deps, t.clock(), links())));
      expect(mailed.flat()).toEqual([ann.userId]);
      expect(await runWeeklySummaryPass(t.app.deps, t.clock() + 60 * 60_000, links())).toEqual([]);

      const [text, ...more] = await summariesTo(ann);
      expect(more).toEqual([]);
      const week = monday + sunday;
      expect(text).toContain('Here is what your profit tracker recorded for Monday, 23 March 2026 to Sunday, 29 March 2026:');
      expect(text).toContain('Bets settled: 2 bets');
      expect(text).toContain(`${pounds(week)} ${week >= 0 ? 'profit' : 'loss'}`);
      const overall = week + before;
      expect(text).toContain(`Result since you started: ${pounds(overall)} ${overall >= 0 ? 'profit' : 'loss'}`);
      expect(text).toContain(`unsubscribe from these emails ${links()(ann.userId)}`);
      for (const other of [quiet, silent, changed]) expect(await summariesTo(other)).toEqual([]);
    });

    it('sends nothing outside Monday 08:00 to Tuesday 08:00 London', async () => {
      const bob = await member(t);
      await optIn(bob);
      await settled(bob, '2026-03-24T10:00:00Z');
      expect(await runWeeklySummaryPass(t.app.deps, Date.parse('2026-03-30T06:59:00Z'), links())).toEqual([]);
      expect(await runWeeklySummaryPass(t.app.deps, Date.parse('2026-03-31T07:00:00Z'), links())).toEqual([]);
      expect(await summariesTo(bob)).toEqual([]);
    });

    it('runs both passes on the started server: the summary and the payable commission, each with a working unsubscribe link', async () => {
      const cy = await member(t);
      await optIn(cy);
      await settled(cy, '2026-03-25T10:00:00Z');
      const referrer = await registerMember(t, { email: 'scheduled-affiliate@example.com', username: 'scheduledaff' });
      await t.database.db.insert(affiliateEntries).values({
        id: 'scheduled-payment',
        affiliateId: referrer.id,
        referredId: null,
        paymentId: 'scheduled-p',
        kind: 'payment',
        amount: 3999,
        commission: 1599,
        at: new Date(t.clock() - (REFUND_WINDOW_DAYS + 1) * 86_400_000),
      });
      const { origin } = await t.app.start(0, '127.0.0.1');
      const commission = await vi.waitFor(
        async () => {
          const [row] = await t.database.db
            .select()
            .from(outbox)
            .where(and(eq(outbox.userId, referrer.id), eq(outbox.kind, 'commission-payable')));
          if (row === undefined) throw new Error('no commission mail yet');
          return row;
        },
        { timeout: 10_000 },
      );
      const summary = await vi.waitFor(
        async () => {
          const [text] = await summariesTo(cy);
          if (text === undefined) throw new Error('no summary yet');
          return text;
        },
        { timeout: 10_000 },
      );
      // The one-click links in them work (the server's PUBLIC_ORIGIN is not where it listens here).
      for (const [text, userId, setting] of [
        [summary, cy.userId, 'weekly-summary'],
        [commission.text, referrer.id, 'commission'],
      ] as const) {
        const link = new URL(/unsubscribe from these emails (\S+)/.exec(text)?.[1] ?? '');
        const res = await fetch(`${origin}${link.pathname}${link.search}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });
        expect(res.status, setting).toBe(200);
        expect(await notificationAllowed(t.database.db, userId, setting, 'email'), setting).toBe(false);
      }
    });
  });
}
