// The commission-payable pass: an entry past the refund window is told once, by mail with the
// affiliate's `commission` mail setting on and by push with its push setting on (each channel by
// its own setting), never one still pending, never an old one.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_WINDOW_DAYS } from '@matchkit/sdk/referrals';
import { affiliateEntries, notificationSettings, outbox, pushOutbox, pushSubscriptions, sessions } from '../../db/schema';
import { setNotificationChoice } from '../../notifications/settings';
import { createTestApp, type TestApp } from '../../test/app';
import { registerMember } from '../accounts/test-support';
import { NOTICE_WINDOW_MS, runCommissionPayablePass } from './commission-payable';

const DAY = 24 * 60 * 60_000;
const unsubscribe = (userId: string) => `http://localhost:3000/api/mail/unsubscribe?token=${userId}`;

describe('the commission-payable pass', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  async function affiliateWithPayment(id: string, paidDaysAgo: number): Promise<string> {
    const referrer = await registerMember(t, { email: `${id}@example.com`, username: id });
    await t.database.db.insert(affiliateEntries).values({
      id: `${id}-payment`,
      affiliateId: referrer.id,
      referredId: null,
      paymentId: `${id}-p`,
      kind: 'payment',
      amount: 3999,
      commission: 1599,
      at: new Date(t.clock() - paidDaysAgo * DAY),
    });
    return referrer.id;
  }
  const commissionMail = async (email: string) =>
    (await t.database.db.select().from(outbox).where(eq(outbox.to, email))).filter((m) => m.subject.includes('commission is now payable'));

  /** The pushes queued for `userIds` (the push worker sends them: push/worker.test.ts). */
  const pushesTo = (userIds: string[]) => t.database.db.select().from(pushOutbox).where(inArray(pushOutbox.userId, userIds));

  it('mails a payable entry once, with the amount, the payment’s date and the unsubscribe link', async () => {
    const id = await affiliateWithPayment('payable1', REFUND_WINDOW_DAYS + 1);
    expect(await runCommissionPayablePass(t.app.deps, t.clock(), unsubscribe)).toEqual(['payable1-payment']);
    expect(await runCommissionPayablePass(t.app.deps, t.clock(), unsubscribe)).toEqual([]);
    const [mail, ...more] = await commissionMail('payable1@example.com');
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^£15\.99 of your .+ commission is now payable$/);
    expect(mail?.text).toContain(`unsubscribe from these emails ${unsubscribe(id)}`);
  });

  it('waits for the refund window, skips entries payable for longer than the window, and respects the setting', async () => {
    await affiliateWithPayment('pending1', REFUND_WINDOW_DAYS - 1);
    await affiliateWithPayment('old1', REFUND_WINDOW_DAYS + NOTICE_WINDOW_MS / DAY + 1);
    const off = await affiliateWithPayment('off1', REFUND_WINDOW_DAYS + 1);
    await t.database.db
      .insert(notificationSettings)
      .values({ userId: off, kind: 'commission', channel: 'email', enabled: false, updatedAt: new Date(t.clock()) });
    expect(await runCommissionPayablePass(t.app.deps, t.clock(), unsubscribe)).toEqual([]);
    for (const who of ['pending1', 'old1', 'off1']) expect(await commissionMail(`${who}@example.com`)).toEqual([]);
  });

  it('queues a push too, once, for an affiliate who turned commission push on (off by default), with the mail', async () => {
    const deps = t.app.deps;
    const withPush = async (who: string, on: boolean) => {
      const id = await affiliateWithPayment(who, REFUND_WINDOW_DAYS + 1);
      const [session] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id));
      await t.database.db.insert(pushSubscriptions).values({
        id: `ps_${who}`,
        userId: id,
        sessionId: session?.id as string,
        endpoint: `https://push.example.net/${who}`,
        p256dh: 'p',
        auth: 'a',
        createdAt: new Date(t.clock()),
      });
      if (on) await setNotificationChoice(t.database.db, { userId: id, kind: 'commission', channel: 'push', enabled: true }, t.clock());
      return id;
    };
    const on1 = await withPush('pushon1', true);
    const off1 = await withPush('pushoff1', false);
    expect((await runCommissionPayablePass(deps, t.clock(), unsubscribe)).sort()).toEqual(['pushoff1-payment', 'pushon1-payment']);
    expect(await runCommissionPayablePass(deps, t.clock(), unsubscribe)).toEqual([]);
    const queued = await pushesTo([on1, off1]);
    expect(queued.map((q) => [q.userId, q.kind])).toEqual([[on1, 'commission']]);
    expect(queued[0]?.payload).toEqual({
      title: expect.stringMatching(/^£15\.99 of your .+ commission is now payable$/),
      body: expect.stringMatching(
        /^Your commission on a referred member's payment made on \w+day, \d+ \w+ 20\d\d has passed the refund window\.$/,
      ),
      url: '/user/refer-a-friend',
      tag: 'commission-pushon1-payment',
    });
  });
  it('queues a push for an affiliate who turned commission email off and push on, once, and mails them nothing', async () => {
    const deps = t.app.deps;
    const id = await affiliateWithPayment('pushonly1', REFUND_WINDOW_DAYS + 1);
    const [session] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id));
    await t.database.db.insert(pushSubscriptions).values({
      id: 'ps_pushonly1',
      userId: id,
      sessionId: session?.id as string,
      endpoint: 'https://push.example.net/pushonly1',
      p256dh: 'p',
      auth: 'a',
      createdAt: new Date(t.clock()),
    });
    await setNotificationChoice(t.database.db, { userId: id, kind: 'commission', channel: 'email', enabled: false }, t.clock());
    await setNotificationChoice(t.database.db, { userId: id, kind: 'commission', channel: 'push', enabled: true }, t.clock());
    expect(await runCommissionPayablePass(deps, t.clock(), unsubscribe)).toEqual(['pushonly1-payment']);
    expect(await runCommissionPayablePass(deps, t.clock(), unsubscribe)).toEqual([]);
    expect((await pushesTo([id])).map((q) => q.payload.tag)).toEqual(['commission-pushonly1-payment']);
    expect(await commissionMail('pushonly1@example.com')).toEqual([]);
  });
});
