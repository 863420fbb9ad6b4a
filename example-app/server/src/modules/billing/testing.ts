// Test support for billing and affiliates (imported by their *.test.ts only): members inserted
// straight into the users table, tokens issued at the test clock's instant, and a purchase driven
// the way a member makes one: startCheckout, the provider's page, Pay or Decline.
import { expect } from 'vitest';
import { generateReferralCode } from '@matchkit/sdk/referrals';
import { users } from '../../db/schema';
import { newId } from '../../ids';
import type { TestPaymentProvider, TestCard } from '../../payments/test-provider';
import type { TestApp } from '../../test/app';
import { signInAs } from '../../auth/sessions';

/** The value, or a thrown error naming what was missing (tests use it instead of `!`). */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}

/** Inserts a member (an administrator with `admin`) and returns their id and referral code. */
export async function addMember(
  t: TestApp,
  options: { referredBy?: string; admin?: boolean; joinedAt?: number } = {},
): Promise<{ id: string; code: string }> {
  const id = newId('u');
  const code = generateReferralCode(Math.random);
  await t.database.db.insert(users).values({
    id,
    email: `${id.toLowerCase()}@example.test`,
    username: id.toLowerCase(),
    firstName: 'Test',
    lastName: 'Member',
    passwordHash: 'not-a-real-hash',
    referralCode: code,
    referredBy: options.referredBy ?? null,
    additionalCapabilities: options.admin === true ? ['PA-CAP-028'] : [],
    adultConfirmedAt: new Date(t.clock()),
    emailVerifiedAt: new Date(t.clock()),
    createdAt: new Date(options.joinedAt ?? t.clock()),
  });
  return { id, code };
}

/** A fresh token for the member at the test clock's instant (tokens last 15 minutes, tests move days). */
export async function tokenFor(t: TestApp, userId: string): Promise<string> {
  return (await signInAs(t.app.deps, userId, t.clock())).token;
}

/** The app's payment provider, the test one. */
export function provider(t: TestApp): TestPaymentProvider {
  return t.app.deps.payments as TestPaymentProvider;
}

/** A checkout as the schema returns it. */
export interface CheckoutData {
  id: string;
  slug: string;
  plan: string;
  billingTerm: 'month' | 'year';
  amount: number;
  saleId: string | null;
  status: string;
  paymentUrl: string;
  expiresAt: string;
}

const START = `mutation ($input: CheckoutInput!) {
  startCheckout(input: $input) { ok error { code message field } checkout { id slug plan billingTerm amount saleId status paymentUrl expiresAt } }
}`;

/** startCheckout as the member; the raw payload. */
export async function startCheckout(t: TestApp, userId: string, slug: string, billingTerm?: 'month' | 'year') {
  const r = await t.gql<{
    startCheckout: { ok: boolean; error: { code: string; message: string; field: string | null } | null; checkout: CheckoutData | null };
  }>(START, { input: { slug, ...(billingTerm === undefined ? {} : { billingTerm }) } }, { token: await tokenFor(t, userId) });
  expect(r.errors).toBeUndefined();
  return must(r.data, 'data').startCheckout;
}

/** Submits the provider's page for a checkout (after loading it), and checks the redirect back to the account page. */
export async function submitPage(
  t: TestApp,
  checkout: CheckoutData,
  action: 'pay' | 'decline',
  card: TestCard = 'ok',
  cardNumber?: string,
): Promise<void> {
  const path = new URL(checkout.paymentUrl).pathname;
  const page = await t.request(path);
  expect(page.status).toBe(200);
  const post = await t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action, card, ...(cardNumber === undefined ? {} : { cardNumber }) }).toString(),
  });
  expect(post.status).toBe(303);
  expect(post.headers.get('location')).toBe(`${t.config.publicOrigin}/user/account?checkout=${checkout.id}`);
  await provider(t).idle();
}

/** Buys `slug` as the member and pays (or declines) on the provider's page; returns the checkout. */
export async function buy(
  t: TestApp,
  userId: string,
  slug: string,
  billingTerm?: 'month' | 'year',
  action: 'pay' | 'decline' = 'pay',
  card: TestCard = 'ok',
  cardNumber?: string,
): Promise<CheckoutData> {
  const started = await startCheckout(t, userId, slug, billingTerm);
  expect(started.error).toBeNull();
  const checkout = must(started.checkout, 'a checkout');
  await submitPage(t, checkout, action, card, cardNumber);
  return checkout;
}

/** What the member holds and sees now. */
export async function holdings(t: TestApp, userId: string) {
  const r = await t.gql<{
    me: {
      capabilities: string[];
      subscription: { billingTerm: string; isTrial: boolean; isLegacy: boolean; endsAt: string | null } | null;
      billing: { customerId: string | null; nextChargeAt: string | null } | null;
    };
    myTools: { slug: string }[];
  }>(
    '{ me { capabilities subscription { billingTerm isTrial isLegacy endsAt } billing { customerId nextChargeAt } } myTools { slug } }',
    {},
    { token: await tokenFor(t, userId) },
  );
  expect(r.errors).toBeUndefined();
  const data = must(r.data, 'data');
  return { ...data.me, tools: data.myTools.map((x) => x.slug) };
}

/** The test clock's instant as epoch ms for an ISO string. */
export const ms = (iso: string): number => Date.parse(iso);
