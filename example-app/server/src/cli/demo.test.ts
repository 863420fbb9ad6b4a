import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { planTier } from '@matchkit/sdk/entitlements';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher, TEST_SCRYPT } from '../auth/passwords';
import { createTestApp, type TestApp } from '../test/app';
import { createDemoMembers, type DemoLogin } from './demo';

const LOGIN = 'mutation ($input: LoginInput!) { login(input: $input) { token user { capabilities additionalCapabilities } } }';

for (const brand of ['primary', 'secondary'] as const) {
  describe(`demo members (${brand})`, () => {
    let t: TestApp;
    let logins: DemoLogin[];
    beforeAll(async () => {
      t = await createTestApp({ env: { BRAND: brand } });
      logins = await createDemoMembers(t.database.db, t.app.deps.brand, createPasswordHasher(TEST_SCRYPT), t.clock());
    });
    afterAll(() => t.stop());

    it('makes a member of every plan, a free member and an administrator, each signing in with the printed password and holding exactly their plan', async () => {
      expect(logins.map((l) => l.plan)).toEqual(['free', ...t.app.deps.brand.plans.map((p) => p.name), 'admin']);
      for (const l of logins) {
        const r = await t.gql<{ login: { user: { capabilities: string[]; additionalCapabilities: string[] } } }>(LOGIN, {
          input: { login: l.email, password: l.password },
        });
        expect(r.errors, l.plan).toBeUndefined();
        const user = r.data?.login.user;
        const held = { capabilities: user?.capabilities ?? [], additionalCapabilities: user?.additionalCapabilities ?? [] } as Parameters<
          typeof planTier
        >[1];
        if (l.plan === 'free') expect(planTier(brand, held)).toBe('free');
        else if (l.plan === 'admin') expect(planTier(brand, held)).toBe('admin');
        else {
          expect([...(user?.capabilities ?? [])].sort()).toEqual([...grantedCapabilities(brand, l.plan)].sort());
          expect(planTier(brand, held)).toBe(l.plan);
        }
      }
    });

    it('run again: new passwords (the old ones stop working), the same members, no second subscription', async () => {
      const again = await createDemoMembers(t.database.db, t.app.deps.brand, createPasswordHasher(TEST_SCRYPT), t.clock());
      expect(again.map((l) => l.email)).toEqual(logins.map((l) => l.email));
      const first = logins[1] as DemoLogin;
      const old = await t.gql(LOGIN, { input: { login: first.email, password: first.password } });
      expect(old.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const fresh = await t.gql(LOGIN, { input: { login: first.email, password: (again[1] as DemoLogin).password } });
      expect(fresh.errors).toBeUndefined();
      const purchases = await t.gql<{ myPurchases: unknown[] }>(
        '{ myPurchases { id } }',
        {},
        { token: (fresh.data as { login: { token: string } }).login.token },
      );
      expect(purchases.data?.myPurchases).toHaveLength(1);
    });
  });
}
