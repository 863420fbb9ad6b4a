import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { createTestApp, type TestApp } from '../../test/app';
import { grantPlanForDemo } from './demo';
import { runRenewalPass } from './renewals';
import { addMember, buy, holdings, must, tokenFor } from './testing';

// Mutation.resumeSubscription through GraphQL: a cancelled subscription renews again while its
// access lasts, as if it had never been cancelled; there is nothing to resume otherwise.

const brand = getBrand('primary');
const CANCEL = 'mutation { cancelSubscription { ok } }';
const RESUME =
  'mutation { resumeSubscription { ok error { code message field } user { subscription { endsAt } billing { nextChargeAt } } } }';

const SUBSCRIPTION = '{ me { subscription { cancelledAt paymentFailedAt } billing { nextChargeAt } } }';

interface ResumeData {
  resumeSubscription: {
    ok: boolean;
    error: { code: string; message: string; field: string | null } | null;
    user: { subscription: { endsAt: string } | null; billing: { nextChargeAt: string | null } | null } | null;
  };
  me: {
    subscription: { cancelledAt: string | null; paymentFailedAt: string | null } | null;
    billing: { nextChargeAt: string | null } | null;
  };
}

describe('resuming a cancelled subscription (primary brand, test clock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const as = async (id: string, query: string) => t.gql<ResumeData>(query, {}, { token: await tokenFor(t, id) });

  it('before the term ends, renewal comes back: the next charge at the no-charge window, then charged by the pass', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const { id } = await addMember(t);
    const subId = await grantPlanForDemo(t.database.db, brand, id, 'pro', 'month', t.clock());
    const before = await holdings(t, id);
    t.clock.advance(24 * 3600_000);
    expect((await as(id, CANCEL)).errors).toBeUndefined();
    expect((await holdings(t, id)).billing?.nextChargeAt ?? null).toBeNull();
    t.clock.set('2026-03-20T12:00:00Z');
    const r = await as(id, RESUME);
    expect(r.errors).toBeUndefined();
    expect(r.data?.resumeSubscription.ok).toBe(true);
    expect(r.data?.resumeSubscription.user?.billing?.nextChargeAt).toBe(before.billing?.nextChargeAt);
    expect(r.data?.resumeSubscription.user?.subscription?.endsAt).toBe(before.subscription?.endsAt);
    t.clock.set(before.billing?.nextChargeAt ?? '');
    const pass = await runRenewalPass(t.app.deps, t.clock());
    expect(pass.charged.filter((c) => c.startsWith(`${subId}:`))).toEqual([`${subId}:term-2`]);
    t.clock.set(before.subscription?.endsAt ?? '');
    expect((await holdings(t, id)).capabilities).toEqual([...grantedCapabilities(brand, 'pro')].sort());
  });

  it('a subscription that is not cancelled has nothing to resume (CONFLICT); no subscription, NOT_FOUND', async () => {
    t.clock.set('2026-05-02T10:00:00Z');
    const { id } = await addMember(t);
    const none = await as(id, RESUME);
    expect(none.data?.resumeSubscription).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    await grantPlanForDemo(t.database.db, brand, id, 'platinum', 'month', t.clock());
    const renewing = await as(id, RESUME);
    expect(renewing.data?.resumeSubscription).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('User.subscription says whether the member cancelled: cancelledAt is the instant, null again once resumed', async () => {
    t.clock.set('2026-07-02T10:00:00Z');
    const { id } = await addMember(t);
    await grantPlanForDemo(t.database.db, brand, id, 'diamond', 'month', t.clock());
    expect((await as(id, SUBSCRIPTION)).data?.me.subscription).toMatchObject({ cancelledAt: null, paymentFailedAt: null });
    t.clock.set('2026-07-05T08:30:00Z');
    expect((await as(id, CANCEL)).errors).toBeUndefined();
    expect((await as(id, SUBSCRIPTION)).data?.me.subscription).toMatchObject({
      cancelledAt: '2026-07-05T08:30:00.000Z',
      paymentFailedAt: null,
    });
    expect((await as(id, RESUME)).data?.resumeSubscription.ok).toBe(true);
    expect((await as(id, SUBSCRIPTION)).data?.me.subscription).toMatchObject({ cancelledAt: null, paymentFailedAt: null });
  });

  it('after a failed renewal the member did not cancel: cancelledAt is null, paymentFailedAt is set, and there is nothing to resume', async () => {
    t.clock.set('2026-08-02T10:00:00Z');
    const { id } = await addMember(t);
    await buy(t, id, 'diamond', 'year', 'pay', 'renewals-decline');
    const before = await holdings(t, id);
    const renewAt = must(before.billing?.nextChargeAt, 'the renewal instant');
    t.clock.set(renewAt);
    await runRenewalPass(t.app.deps, t.clock());
    const after = (await as(id, SUBSCRIPTION)).data?.me;
    expect(after?.billing?.nextChargeAt).toBeNull();
    expect(after?.subscription).toMatchObject({ cancelledAt: null, paymentFailedAt: renewAt });
    const refused = await as(id, RESUME);
    expect(refused.data?.resumeSubscription).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('after access has ended there is nothing left to resume', async () => {
    t.clock.set('2026-06-02T10:00:00Z');
    const { id } = await addMember(t);
    await grantPlanForDemo(t.database.db, brand, id, 'platinum', 'month', t.clock());
    expect((await as(id, CANCEL)).errors).toBeUndefined();
    const ends = (await holdings(t, id)).subscription?.endsAt ?? '';
    t.clock.set(ends);
    const late = await as(id, RESUME);
    expect(late.data?.resumeSubscription).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
