// Issue 22's second Done-when: two browsers signed in as the same member (two sign-ins, two
// devices' sessions, two contexts); the first has the profit tracker open with its live line; the
// second signs out everywhere; within a second the first browser's live line says the member was
// signed out (the server closed its socket with 4403 as soon as it heard the revocation). One
// brand: the other runs the same server code and the same page.
//
// The second browser uses the account page's "Sign out everywhere" button and confirms it in the
// dialog, as a member would ("Sign out" in the menu ends only its own device's session).
import { getBrand } from '@matchkit/sdk/brands';
import { cheapestPlanFor } from '@matchkit/sdk/entitlements';
import { describe, expect, it } from 'vitest';
import { graphql, registerMember, subscribeMember, useE2E } from './harness';

const BRAND = 'primary';
const LOGIN = 'mutation Login($input: LoginInput!) { login(input: $input) { token } }';
const SIGNED_OUT = 'You were signed out, so live changes have stopped: sign in again to see them.';

describe(`the ${BRAND} brand: signing out everywhere reaches another browser's live tracker`, { timeout: 60_000 }, () => {
  const e2e = useE2E(BRAND);

  it("a second browser signs out everywhere: the first browser's live tracker stream ends within a second", async () => {
    const brand = getBrand(BRAND);
    const feature = brand.features.find((f) => f.key === 'profitTracker');
    const plan = feature === undefined ? undefined : cheapestPlanFor(brand, feature.capabilities[0] ?? '');
    if (plan === undefined) throw new Error('the catalogue has no plan with the profit tracker');
    const origin = e2e().server.origin;
    const member = await registerMember(origin, { tag: 'revoke' });
    await subscribeMember(origin, member, plan.name);
    /** A sign-in of its own (another device's session), as the member's password gives it. */
    const signIn = async () =>
      (await graphql<{ login: { token: string } }>(origin, LOGIN, { input: { login: member.email, password: member.password } })).data.login
        .token;

    const first = await e2e().open('/user/profit-tracker-advanced', { member: { ...member, token: await signIn() } });
    await first.page.getByRole('heading', { level: 1, name: 'Profit tracker' }).waitFor({ timeout: 20_000 });
    await first.page
      .getByRole('status')
      .filter({ hasText: /^Live:/ })
      .waitFor({ timeout: 20_000 });

    const second = await e2e().open('/user/account', { member: { ...member, token: await signIn() } });
    const devices = second.page.getByRole('region', { name: 'Signed-in devices' });
    await devices.getByRole('button', { name: 'Sign out everywhere' }).click();
    const confirm = second.page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    const answered = second.page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('logoutEverywhere'),
    );
    await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
    const response = await answered;
    const signedOutAt = Date.now();
    expect(await response.json()).toEqual({ data: { logoutEverywhere: true } });

    await first.page.getByRole('status').filter({ hasText: SIGNED_OUT }).waitFor({ timeout: 1000 });
    expect(Date.now() - signedOutAt).toBeLessThan(1000);
    expect(first.problems()).toEqual([]);
    expect(second.problems()).toEqual([]);
  });
});
