// Casino training on the secondary brand: the same routes (/slots, /simulator; the catalogue's
// slugs are the same), gated by its own plans: a starter member (casino training comes with
// advanced, spec section 6) sees the lock on /simulator naming the cheapest plan that has it. The
// pages themselves are exercised on the primary brand (casino.primary.test.ts).
import { getBrand } from '@matchkit/sdk/brands';
import { cheapestPlanFor } from '@matchkit/sdk/entitlements';
import { describe, expect, it } from 'vitest';
import { registerMember, subscribeMember, useE2E } from './harness';

describe('the secondary brand: casino training', () => {
  const e2e = useE2E('secondary');

  it('a starter member sees the lock with the cheapest plan that has casino training', { timeout: 60_000 }, async () => {
    const { origin } = e2e().server;
    const brand = getBrand('secondary');
    const casino = brand.features.find((f) => f.key === 'casino')?.capabilities[0] ?? '';
    const plan = cheapestPlanFor(brand, casino);
    if (plan === undefined) throw new Error('no plan has casino training');
    expect(brand.tools.filter((t) => t.capability === casino).map((t) => t.slug)).toEqual(['slots', 'simulator']);
    const title = brand.tools.find((t) => t.key === 'simulator')?.title ?? 'simulator';
    const member = await registerMember(origin, { tag: 'casino' });
    await subscribeMember(origin, member, 'starter');
    const tab = await e2e().open('/simulator', { member });
    const { page } = tab;
    page.setDefaultTimeout(20_000);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('heading', { level: 2, name: `${title} is in the ${plan.label} plan` }).waitFor();
    await page.getByRole('link', { name: `Get ${plan.label}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Run the simulation' }).count()).toBe(0);
    expect(tab.problems()).toEqual([]);
  });
});
