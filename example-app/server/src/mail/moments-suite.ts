// Every member message at its moment, on one brand (moments.primary.test.ts,
// moments.secondary.test.ts): each is caused as the server causes it (a registration, a checkout
// on the provider's page, a refund, a cancellation, a declined renewal, the trial-ending, the
// commission-payable and the weekly-summary passes), then read back from the outbox as queued:
// the brand's name and accent colour in the HTML part, a plain-text part in the brand's name with
// the footer, and the link check of both parts (link-check.ts). The messages' own figures are
// checked where each moment is tested (docs/notifications.md, "tested in").
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStatus } from '@matchkit/sdk/billing';
import { getBrand, type BrandId } from '@matchkit/sdk/brands';
import { REFUND_WINDOW_DAYS } from '@matchkit/sdk/referrals';
import { affiliateEntries, outbox, subscriptions } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { registerMember } from '../modules/accounts/test-support';
import { runCommissionPayablePass } from '../modules/affiliates/commission-payable';
import { memberReceipts } from '../modules/billing/receipts';
import { refundPayment } from '../modules/billing/refunds';
import { runRenewalPass } from '../modules/billing/renewals';
import { toSubscriptionInput } from '../modules/billing/subscriptions';
import { addMember, buy, must, provider, tokenFor } from '../modules/billing/testing';
import { runTrialEndingPass } from '../modules/billing/trial-ending';
import { member, qualifierInput, RECORD, SETTLE } from '../modules/tracker/test-support';
import { runWeeklySummaryPass } from '../modules/tracker/weekly-summary';
import type { MailKind } from './mailer';
import { RESPONSIBLE_GAMBLING } from './templates/Layout';
import { expectLinksServed } from './templates/link-check';
import { unsubscribeLinks } from './unsubscribe';

const DAY = 24 * 60 * 60_000;
/** Monday 30 March 2026, 08:30 BST: the weekly summary's moment for the week before. */
const MONDAY = Date.parse('2026-03-30T07:30:00Z');

export function momentsSuite(brandId: BrandId): void {
  const brand = getBrand(brandId);
  describe(`every member message at its moment on ${brand.displayName}`, () => {
    let t: TestApp;
    /** The message of each kind, as queued (one member per moment). */
    const queued = new Map<MailKind, typeof outbox.$inferSelect>();
    const take = async (userId: string, kind: MailKind) => {
      const rows = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, userId), eq(outbox.kind, kind)))
        .orderBy(asc(outbox.id));
      expect(rows, `${kind} queued once`).toHaveLength(1);
      queued.set(kind, must(rows[0]));
    };
    const plan = must(brand.plans[0], 'a plan').name;
    const subscriptionOf = async (userId: string) =>
      must((await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0], 'a subscription');

    beforeAll(async () => {
      t = await createTestApp({ env: { BRAND: brandId } });
      expect(t.config.brand).toBe(brandId);

      // The weekly summary: an opted-in member with a bet settled in the week before Monday.
      t.clock.set(MONDAY - 7 * DAY);
      const reader = await member(t);
      const on = 'mutation { setNotificationSetting(kind: "weekly-summary", channel: EMAIL, enabled: true) { kind } }';
      expect((await t.gql(on, {}, { token: reader.token })).errors).toBeUndefined();
      const [back, lay] = qualifierInput()['legs'] as Record<string, unknown>[];
      const legs = [
        { ...back, result: 'won' },
        { ...lay, result: 'lost' },
      ];
      const bet = await t.gql<{ recordBet: { id: string } }>(RECORD, { input: qualifierInput({ legs }) }, { token: reader.token });
      const settle = { id: bet.data?.recordBet.id, settledAt: '2026-03-24T10:00:00Z' };
      expect((await t.gql(SETTLE, { input: settle }, { token: reader.token })).errors).toBeUndefined();
      t.clock.set(MONDAY);
      expect(await runWeeklySummaryPass(t.app.deps, t.clock(), unsubscribeLinks(t.config, 'weekly-summary'))).toEqual([reader.userId]);
      await take(reader.userId, 'weekly-summary');

      // Registration: the welcome, then the confirmation link.
      t.clock.set('2026-04-01T09:00:00Z');
      const joined = await registerMember(t);
      await take(joined.id, 'welcome');
      await take(joined.id, 'verify-email');

      // A checkout paid on the provider's page: the receipt; then its refund.
      const payer = await addMember(t);
      await buy(t, payer.id, plan, 'year');
      await take(payer.id, 'receipt');
      const [paid] = await memberReceipts(t.database.db, payer.id);
      t.clock.set('2026-04-02T09:00:00Z');
      expect(await refundPayment(t.app.deps, must(paid).paymentId, t.clock())).toEqual({ ok: true });
      await provider(t).idle();
      await take(payer.id, 'refund');

      // A cancellation.
      const leaving = await addMember(t);
      await buy(t, leaving.id, plan, 'year');
      const cancel = await t.gql<{ cancelSubscription: { ok: boolean } }>(
        'mutation { cancelSubscription { ok } }',
        {},
        { token: await tokenFor(t, leaving.id) },
      );
      expect(cancel.data?.cancelSubscription.ok).toBe(true);
      await take(leaving.id, 'cancellation');

      // A trial three days before its end, then a declined renewal.
      const trying = await addMember(t);
      await buy(t, trying.id, plan, 'month');
      const trialEnd = must(
        subscriptionStatus(brand, toSubscriptionInput(await subscriptionOf(trying.id)), t.clock()).trialEndsAt,
        'a trial',
      );
      t.clock.set(trialEnd - 3 * DAY + 60_000);
      await runTrialEndingPass(t.app.deps, t.clock());
      await take(trying.id, 'trial-ending');
      const declined = await addMember(t);
      await buy(t, declined.id, plan, 'year', 'pay', 'renewals-decline');
      const renewAt = must(subscriptionStatus(brand, toSubscriptionInput(await subscriptionOf(declined.id)), t.clock()).nextCharge).at;
      t.clock.set(renewAt + 60_000);
      expect((await runRenewalPass(t.app.deps, t.clock())).declined).toHaveLength(1);
      await provider(t).idle();
      await take(declined.id, 'renewal-failed');

      // Commission past the refund window.
      const affiliate = await addMember(t);
      await t.database.db.insert(affiliateEntries).values({
        id: `moment-${brandId}-payment`,
        affiliateId: affiliate.id,
        referredId: null,
        paymentId: `moment-${brandId}-p`,
        kind: 'payment',
        amount: 3999,
        commission: 1599,
        at: new Date(t.clock() - (REFUND_WINDOW_DAYS + 1) * DAY),
      });
      await runCommissionPayablePass(t.app.deps, t.clock(), unsubscribeLinks(t.config, 'commission-payable'));
      await take(affiliate.id, 'commission-payable');
    }, 120_000);
    afterAll(() => t?.stop());

    const kinds: MailKind[] = [
      'welcome',
      'verify-email',
      'receipt',
      'refund',
      'cancellation',
      'trial-ending',
      'renewal-failed',
      'commission-payable',
      'weekly-summary',
    ];

    it.each(kinds)('%s: in the brand’s name and colour, with a plain-text part and the footer', (kind) => {
      const m = must(queued.get(kind), kind);
      expect(m.html, kind).toMatch(/^<!DOCTYPE html/);
      expect(m.html, kind).toContain(`color:${brand.colors.accent}`);
      expect(m.html, kind).toContain(`>${brand.displayName}</p>`);
      expect(m.text, kind).toMatch(new RegExp(`^${brand.displayName}\\n\\nHello `));
      expect(m.text, kind).toContain(`The ${brand.displayName} team`);
      expect(m.text, kind).toContain(RESPONSIBLE_GAMBLING[0]);
      expect(m.text, kind).toContain(`settings ${t.config.publicOrigin}/settings`);
      // The other brand's name appears nowhere.
      const other = getBrand(brandId === 'primary' ? 'secondary' : 'primary').displayName;
      expect(`${m.subject}${m.text}${m.html}`, kind).not.toContain(other);
    });

    it.each(kinds)('%s: every link of both parts is on PUBLIC_ORIGIN or the help site, and opens', async (kind) => {
      await expectLinksServed(t, must(queued.get(kind), kind), t.config.publicOrigin);
    });
  });
}
