import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStatus, trialEnd } from '@matchkit/sdk/billing';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { ledger, subscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { grantPlanForDemo } from './demo';
import { runRenewalPass } from './renewals';
import { toSubscriptionInput } from './subscriptions';
import { addMember, buy, holdings, must, provider, tokenFor } from './testing';

const brand = getBrand('primary');
const sorted = (plan: string) => [...grantedCapabilities(brand, plan)].sort();

describe('renewals, trials, cancellation and declines (primary brand, test clock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const start = '2026-03-02T10:00:00Z';
  const pass = () => runRenewalPass(t.app.deps, t.clock());
  /** What a pass did to one subscription (the app's other members renew in the same passes). */
  const passFor = async (subId: string) => {
    const r = await pass();
    expect(r.errors).toBe(0);
    const mine = (ids: string[]) => ids.filter((x) => x.startsWith(`${subId}:`));
    return { charged: mine(r.charged), declined: mine(r.declined), errors: r.errors };
  };
  const subscriptionOf = async (userId: string) =>
    must((await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0], 'a subscription');
  const rowsOf = async (userId: string) =>
    (await t.database.db.select().from(ledger).where(eq(ledger.userId, userId))).sort((a, b) => a.at.getTime() - b.at.getTime());
  const chargesFor = (key: string) => provider(t).charges.filter((c) => c.key === key);

  it('a trial grants the plan for 7 days, then the first charge is taken at day 7 exactly, once', async () => {
    t.clock.set(start);
    const { id } = await addMember(t);
    const checkout = await buy(t, id, 'platinum', 'month');
    expect(checkout.amount).toBe(0);
    const sub = await subscriptionOf(id);
    const end = trialEnd(brand, sub.startedAt);
    expect(new Date(end).toISOString()).toBe('2026-03-09T10:00:00.000Z');
    const during = await holdings(t, id);
    expect(during.capabilities).toEqual(sorted('platinum'));
    expect(during.subscription?.isTrial).toBe(true);
    expect(during.billing?.nextChargeAt).toBe('2026-03-09T10:00:00.000Z');

    t.clock.set(end - 1);
    expect((await passFor(sub.id)).charged).toEqual([]);
    expect(chargesFor(`${sub.id}:term-1`)).toEqual([]);

    t.clock.set(end);
    expect((await passFor(sub.id)).charged).toEqual([`${sub.id}:term-1`]);
    expect((await passFor(sub.id)).charged).toEqual([]);
    await provider(t).idle();
    expect(chargesFor(`${sub.id}:term-1`).map((c) => c.amount)).toEqual([3999]);
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.id, r.type, r.amount, r.at.toISOString()])).toEqual([
      [`${sub.id}:trial`, 'trial', 0, '2026-03-02T10:00:00.000Z'],
      [`${sub.id}:term-1`, 'payment', 3999, '2026-03-09T10:00:00.000Z'],
    ]);
    const paid = await holdings(t, id);
    expect(paid.capabilities).toEqual(sorted('platinum'));
    expect(paid.subscription?.isTrial).toBe(false);
  });

  it('a renewal is charged once when two passes run at the same time', async () => {
    t.clock.set(start);
    const { id } = await addMember(t);
    const subId = await grantPlanForDemo(t.database.db, brand, id, 'diamond', 'month', t.clock());
    const sub = await subscriptionOf(id);
    const renewAt = must(subscriptionStatus(brand, toSubscriptionInput(sub), t.clock()).nextCharge).at;
    // 7 days before the term's end (2 April 10:00 BST = 09:00 UTC): the no-charge window opens.
    expect(new Date(renewAt).toISOString()).toBe('2026-03-26T09:00:00.000Z');
    t.clock.set(renewAt);
    const [a, b] = await Promise.all([passFor(subId), passFor(subId)]);
    expect([...a.charged, ...b.charged]).toEqual([`${subId}:term-2`]);
    await provider(t).idle();
    expect(chargesFor(`${subId}:term-2`)).toHaveLength(1);
    expect((await rowsOf(id)).map((r) => r.id)).toEqual([`${subId}:term-1`, `${subId}:term-2`]);
  });

  it('after a cancellation nothing is charged, in the no-charge window or after; access lasts to the end of the term', async () => {
    t.clock.set(start);
    const { id } = await addMember(t);
    const subId = await grantPlanForDemo(t.database.db, brand, id, 'pro', 'month', t.clock());
    t.clock.advance(24 * 3600_000);
    const r = await t.gql<{ cancelSubscription: { ok: boolean; user: { subscription: { endsAt: string } } } }>(
      'mutation { cancelSubscription { ok user { subscription { endsAt } } } }',
      {},
      { token: await tokenFor(t, id) },
    );
    expect(r.data?.cancelSubscription.ok).toBe(true);
    const termEnd = Date.parse(r.data?.cancelSubscription.user.subscription.endsAt ?? '');
    expect(new Date(termEnd).toISOString()).toBe('2026-04-02T09:00:00.000Z');
    const again = await t.gql<{ cancelSubscription: { ok: boolean; error: { code: string } } }>(
      'mutation { cancelSubscription { ok error { code } } }',
      {},
      { token: await tokenFor(t, id) },
    );
    expect(again.data?.cancelSubscription.error.code).toBe('CONFLICT');
    for (const at of ['2026-03-26T09:00:00Z', '2026-03-30T00:00:00Z', '2026-04-02T08:59:59.999Z']) {
      t.clock.set(at);
      expect((await passFor(subId)).charged).toEqual([]);
      expect((await holdings(t, id)).capabilities).toEqual(sorted('pro'));
    }
    t.clock.set(termEnd);
    expect((await passFor(subId)).charged).toEqual([]);
    expect((await holdings(t, id)).capabilities).toEqual([]);
    expect((await holdings(t, id)).subscription).toBeNull();
    expect(provider(t).charges.filter((c) => c.key.startsWith(subId))).toEqual([]);
  });

  it('a cancellation inside the no-charge window keeps the renewal already taken at its opening, and charges nothing more', async () => {
    t.clock.set(start);
    const { id } = await addMember(t);
    const subId = await grantPlanForDemo(t.database.db, brand, id, 'platinum', 'month', t.clock());
    t.clock.set('2026-03-26T09:00:00Z');
    expect((await passFor(subId)).charged).toEqual([`${subId}:term-2`]);
    t.clock.set('2026-03-28T12:00:00Z');
    const r = await t.gql<{ cancelSubscription: { ok: boolean } }>(
      'mutation { cancelSubscription { ok } }',
      {},
      { token: await tokenFor(t, id) },
    );
    expect(r.data?.cancelSubscription.ok).toBe(true);
    t.clock.set('2026-04-25T09:00:00Z');
    expect((await passFor(subId)).charged).toEqual([]);
    expect((await holdings(t, id)).capabilities).toEqual(sorted('platinum'));
    t.clock.set('2026-05-02T09:00:00Z');
    expect((await holdings(t, id)).capabilities).toEqual([]);
  });

  it("a declined renewal makes a 'payment-failed' change: nothing more is charged and access ends at the term's end", async () => {
    t.clock.set(start);
    const { id } = await addMember(t);
    // The test card that pays now and declines later charges.
    await buy(t, id, 'diamond', 'year', 'pay', 'renewals-decline');
    const sub = await subscriptionOf(id);
    const status = subscriptionStatus(brand, toSubscriptionInput(sub), t.clock());
    const renewAt = must(status.nextCharge).at;
    const termEnd = must(status.currentTerm).end;
    t.clock.set(renewAt);
    const result = await passFor(sub.id);
    expect(result.declined).toEqual([`${sub.id}:term-2`]);
    await provider(t).idle(); // the provider's charge.failed webhook changes nothing more
    const after = await subscriptionOf(id);
    expect(after.changes).toEqual([{ type: 'payment-failed', at: new Date(renewAt).toISOString() }]);
    const failed = subscriptionStatus(brand, toSubscriptionInput(after), t.clock());
    expect(failed.accessEndsAt).toBe(termEnd);
    expect(failed.nextCharge).toBeNull();
    t.clock.set(termEnd - 1);
    expect((await passFor(sub.id)).declined).toEqual([]);
    expect((await holdings(t, id)).capabilities).toEqual(sorted('diamond'));
    t.clock.set(termEnd);
    expect((await holdings(t, id)).capabilities).toEqual([]);
    expect(chargesFor(`${sub.id}:term-2`).map((c) => c.ok)).toEqual([false]);
  });

  it("a declined first charge after a trial ends access at the trial's end", async () => {
    t.clock.set(start);
    const { id } = await addMember(t);
    await buy(t, id, 'platinum', 'month', 'pay', 'renewals-decline');
    const sub = await subscriptionOf(id);
    const end = trialEnd(brand, sub.startedAt);
    t.clock.set(end);
    expect((await passFor(sub.id)).declined).toEqual([`${sub.id}:term-1`]);
    expect((await holdings(t, id)).capabilities).toEqual([]);
    t.clock.set(end - 1);
    expect((await holdings(t, id)).capabilities).toEqual(sorted('platinum'));
  });

  it('a pass that runs late still charges each due renewal once, at the sdk instants', async () => {
    t.clock.set(start);
    const { id } = await addMember(t);
    const subId = await grantPlanForDemo(t.database.db, brand, id, 'platinum', 'month', t.clock());
    t.clock.set('2026-05-10T00:00:00Z');
    expect((await passFor(subId)).charged).toEqual([`${subId}:term-2`, `${subId}:term-3`]);
    expect((await rowsOf(id)).map((r) => [r.id, r.at.toISOString()])).toEqual([
      [`${subId}:term-1`, '2026-03-02T10:00:00.000Z'],
      [`${subId}:term-2`, '2026-03-26T09:00:00.000Z'],
      [`${subId}:term-3`, '2026-04-25T09:00:00.000Z'],
    ]);
  });
});
