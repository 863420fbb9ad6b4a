import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { ledger } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { grantPlanForDemo } from './demo';
import { runRenewalPass } from './renewals';
import { addMember, holdings, tokenFor } from './testing';

// Moving down at renewal through GraphQL (issue 20, defect 1), on the secondary brand: a yearly Pro
// member from 1 December 2026 moves to Starter; the renewal on 17 November 2027 (14 days before
// the term's end) is Starter's £249.99 and Starter is held from 1 December, with no refund. The
// figures are the spec's prices and the instants worked by hand.

const brand = getBrand('secondary');
const FIELDS = 'ok error { code message field } user { subscription { pendingDowngrade { plan startsAt } } billing { nextChargeAt } }';
const SCHEDULE = `mutation ($plan: String!) { scheduleDowngrade(plan: $plan) { ${FIELDS} } }`;
const CANCEL_DOWNGRADE = `mutation { cancelDowngrade { ${FIELDS} } }`;

interface Result {
  ok: boolean;
  error: { code: string; message: string; field: string | null } | null;
  user: {
    subscription: { pendingDowngrade: { plan: string; startsAt: string } | null } | null;
    billing: { nextChargeAt: string | null } | null;
  } | null;
}

describe('downgrades at renewal (secondary brand, test clock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BRAND: 'secondary' } });
  });
  afterAll(() => t.stop());

  const schedule = async (id: string, plan: string) =>
    (await t.gql<{ scheduleDowngrade: Result }>(SCHEDULE, { plan }, { token: await tokenFor(t, id) })).data?.scheduleDowngrade;
  const keep = async (id: string) =>
    (await t.gql<{ cancelDowngrade: Result }>(CANCEL_DOWNGRADE, {}, { token: await tokenFor(t, id) })).data?.cancelDowngrade;
  const proMember = async () => {
    t.clock.set('2026-12-01T00:00:00Z');
    const { id } = await addMember(t);
    const subId = await grantPlanForDemo(t.database.db, brand, id, 'pro', 'year', t.clock());
    return { id, subId };
  };

  it('Pro to Starter: pending until the term ends, the renewal charged at Starter’s price, Starter held from then', async () => {
    const { id, subId } = await proMember();
    t.clock.set('2027-05-10T12:00:00Z');
    const r = await schedule(id, 'starter');
    expect(r).toMatchObject({
      ok: true,
      error: null,
      user: {
        subscription: { pendingDowngrade: { plan: 'starter', startsAt: '2027-12-01T00:00:00.000Z' } },
        billing: { nextChargeAt: '2027-11-17T00:00:00.000Z' },
      },
    });
    t.clock.set('2027-11-17T00:00:00Z');
    const pass = await runRenewalPass(t.app.deps, t.clock());
    expect(pass.charged).toContain(`${subId}:term-2`);
    const [term2] = await t.database.db
      .select()
      .from(ledger)
      .where(eq(ledger.id, `${subId}:term-2`));
    expect([term2?.plan, term2?.amount]).toEqual(['starter', 24_999]);
    t.clock.set('2027-11-30T23:59:00Z');
    expect((await holdings(t, id)).capabilities).toEqual([...grantedCapabilities(brand, 'pro')].sort());
    t.clock.set('2027-12-01T00:00:00Z');
    expect((await holdings(t, id)).capabilities).toEqual([...grantedCapabilities(brand, 'starter')].sort());
  });

  it('taken back before the renewal: Pro renews at Pro’s price', async () => {
    const { id, subId } = await proMember();
    t.clock.set('2027-05-10T12:00:00Z');
    expect((await schedule(id, 'advanced'))?.ok).toBe(true);
    t.clock.set('2027-06-01T09:00:00Z');
    const r = await keep(id);
    expect(r).toMatchObject({ ok: true, user: { subscription: { pendingDowngrade: null } } });
    t.clock.set('2027-11-17T00:00:00Z');
    await runRenewalPass(t.app.deps, t.clock());
    const [term2] = await t.database.db
      .select()
      .from(ledger)
      .where(eq(ledger.id, `${subId}:term-2`));
    expect([term2?.plan, term2?.amount]).toEqual(['pro', 99_900]);
  });

  it('taken back after the renewal charged Starter’s price: refused in words, Starter held from 1 December (issue 20)', async () => {
    const { id, subId } = await proMember();
    t.clock.set('2027-05-10T12:00:00Z');
    expect((await schedule(id, 'starter'))?.ok).toBe(true);
    t.clock.set('2027-11-17T00:00:00Z');
    await runRenewalPass(t.app.deps, t.clock());
    t.clock.set('2027-11-20T09:00:00Z');
    expect(await keep(id)).toEqual({
      ok: false,
      error: {
        code: 'CONFLICT',
        message:
          'Your renewal on Wednesday, 17 November 2027 was already charged at Starter’s price, so your plan moves to Starter on Wednesday, 1 December 2027 and this can no longer be taken back. You can upgrade again from then: an upgrade charges only the difference for the rest of the term.',
        field: null,
      },
      user: null,
    });
    expect(await schedule(id, 'advanced')).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    const [term2] = await t.database.db
      .select()
      .from(ledger)
      .where(eq(ledger.id, `${subId}:term-2`));
    expect([term2?.plan, term2?.amount]).toEqual(['starter', 24_999]);
    t.clock.set('2027-12-01T00:00:00Z');
    expect((await holdings(t, id)).capabilities).toEqual([...grantedCapabilities(brand, 'starter')].sort());
  });

  it('refuses a plan that is not lower (BAD_INPUT naming plan), a cancelled subscription, and taking back nothing', async () => {
    t.clock.set('2026-12-01T00:00:00Z');
    const { id } = await addMember(t);
    await grantPlanForDemo(t.database.db, brand, id, 'starter', 'year', t.clock());
    expect(await schedule(id, 'pro')).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', field: 'plan' } });
    expect((await schedule(id, 'starter'))?.error?.message).toBe('Starter is the lowest plan: there is no plan to move down to.');
    expect(await keep(id)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });

    const pro = await proMember();
    expect(await schedule(pro.id, 'gold')).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'Choose a plan below Pro: Starter or Advanced.' },
    });
    await t.gql('mutation { cancelSubscription { ok } }', {}, { token: await tokenFor(t, pro.id) });
    expect(await schedule(pro.id, 'starter')).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('without a subscription there is nothing to move down (NOT_FOUND)', async () => {
    const { id } = await addMember(t);
    expect(await schedule(id, 'starter')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
