import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, buy, must, startCheckout, tokenFor } from './testing';

const PURCHASE = `mutation ($input: PurchasePlanInput!) {
  purchasePlan(input: $input) { purchase { id plan billingTerm amount saleId grantedCapabilities } user { capabilities } }
}`;

describe('purchasePlan (sdk 1.0): confirms a checkout the provider completed; it never charges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  type Result = {
    purchasePlan: {
      purchase: { id: string; plan: string; billingTerm: string; amount: number; saleId: string | null; grantedCapabilities: string[] };
      user: { capabilities: string[] };
    };
  };
  const purchase = async (userId: string, input: Record<string, unknown>) =>
    t.gql<Result>(PURCHASE, { input }, { token: await tokenFor(t, userId) });

  it('answers the purchase the webhook recorded and the member with the plan, the same twice', async () => {
    const { id } = await addMember(t);
    const checkout = await buy(t, id, 'pro', 'year');
    const input = { plan: 'pro', billingTerm: 'year', paymentToken: checkout.id };
    const first = await purchase(id, input);
    expect(first.errors).toBeUndefined();
    const granted = grantedCapabilities('primary', 'pro');
    expect(first.data?.purchasePlan.purchase).toMatchObject({
      plan: 'pro',
      billingTerm: 'year',
      amount: 99_500,
      saleId: null,
      grantedCapabilities: granted,
    });
    expect(first.data?.purchasePlan.purchase.id).toMatch(/^sub_.+:term-1$/);
    expect(first.data?.purchasePlan.user.capabilities).toEqual([...granted].sort());
    const second = await purchase(id, input);
    expect(second.data?.purchasePlan.purchase).toEqual(first.data?.purchasePlan.purchase);
  });

  it('a trial checkout confirms as a purchase of 0', async () => {
    const { id } = await addMember(t);
    const checkout = await buy(t, id, 'diamond', 'month');
    const r = await purchase(id, { plan: 'diamond', billingTerm: 'month', paymentToken: checkout.id });
    expect(r.data?.purchasePlan.purchase).toMatchObject({ plan: 'diamond', amount: 0 });
    expect(r.data?.purchasePlan.purchase.id).toMatch(/:trial$/);
  });

  it('refuses a token that is no paid checkout of the member, or that does not match the plan, term or sale', async () => {
    const a = await addMember(t);
    const b = await addMember(t);
    const paid = await buy(t, a.id, 'platinum', 'year');
    const code = async (userId: string, input: Record<string, unknown>) => {
      const r = await purchase(userId, input);
      return [r.errors?.[0]?.extensions?.code, r.errors?.[0]?.message.split(':')[0]];
    };
    expect(await code(a.id, { plan: 'platinum', billingTerm: 'year', paymentToken: 'tok_made_up' })).toEqual([
      'BAD_INPUT',
      'input.paymentToken',
    ]);
    expect(await code(b.id, { plan: 'platinum', billingTerm: 'year', paymentToken: paid.id })).toEqual(['BAD_INPUT', 'input.paymentToken']);
    expect(await code(a.id, { plan: 'diamond', billingTerm: 'year', paymentToken: paid.id })).toEqual(['BAD_INPUT', 'input.plan']);
    expect(await code(a.id, { plan: 'platinum', billingTerm: 'month', paymentToken: paid.id })).toEqual(['BAD_INPUT', 'input.billingTerm']);
    expect(await code(a.id, { plan: 'platinum', billingTerm: 'year', saleId: 'aug-2025', paymentToken: paid.id })).toEqual([
      'BAD_INPUT',
      'input.saleId',
    ]);
    const pending = must((await startCheckout(t, b.id, 'pro', 'year')).checkout);
    expect(await code(b.id, { plan: 'pro', billingTerm: 'year', paymentToken: pending.id })).toEqual(['BAD_INPUT', 'input.paymentToken']);
    const c = await addMember(t);
    const declined = await buy(t, c.id, 'pro', 'year', 'decline');
    expect(await code(c.id, { plan: 'pro', billingTerm: 'year', paymentToken: declined.id })).toEqual([
      'PAYMENT_FAILED',
      'input.paymentToken',
    ]);
    const anon = await t.gql(PURCHASE, { input: { plan: 'pro', billingTerm: 'year', paymentToken: paid.id } });
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
