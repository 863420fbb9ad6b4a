import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrandRef } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import type { EntitledUser } from '@matchkit/sdk/model';
import { BrandProvider } from './brand';
import { useAvailableTools, useCanUseTool, useMemberSegment, usePlanTier } from './entitlements';
import { withBrand } from './test-utils';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A member who bought `plan`: exactly the codes the purchase grants (the server's rule). */
const member = (plan: string, brand: BrandRef, extra: Partial<EntitledUser> = {}): EntitledUser => ({
  capabilities: grantedCapabilities(brand, plan),
  additionalCapabilities: [],
  ...extra,
});

describe('entitlement hooks against the real catalogues', () => {
  it('a pro plus member of the primary brand is pro-plus and sees golf-master', () => {
    const user = member('pro-plus', 'primary');
    const { result } = renderHook(
      () => ({
        tier: usePlanTier(user),
        slugs: useAvailableTools(user).map((t) => t.slug),
        golf: useCanUseTool(user, 'golf-master'),
        segment: useMemberSegment(user),
      }),
      { wrapper: withBrand('primary') },
    );
    expect(result.current.tier).toBe('pro-plus');
    expect(result.current.slugs).toContain('golf-master');
    expect(result.current.slugs).toContain('steam-chaser');
    expect(result.current.golf).toBe(true);
    expect(result.current.segment).toBe('pro-plus');
  });

  it('a user holding only PA-CAP-008 (dutching, which has no page) sees no tools and is free', () => {
    const user: EntitledUser = { capabilities: ['PA-CAP-008'], additionalCapabilities: [] };
    const { result } = renderHook(() => ({ tier: usePlanTier(user), tools: useAvailableTools(user) }), {
      wrapper: withBrand('primary'),
    });
    expect(result.current.tools).toEqual([]);
    expect(result.current.tier).toBe('free');
  });

  it('a platinum member may not use golf-master', () => {
    const user = member('platinum', 'primary');
    const { result } = renderHook(() => useCanUseTool(user, 'golf-master'), { wrapper: withBrand('primary') });
    expect(result.current).toBe(false);
  });

  it('counts a code held only in additionalCapabilities', () => {
    const user: EntitledUser = { capabilities: [], additionalCapabilities: ['PA-CAP-045'] };
    const { result } = renderHook(() => useAvailableTools(user).map((t) => t.slug), { wrapper: withBrand('primary') });
    expect(result.current).toEqual(['lucky-finder']);
  });

  it('uses the secondary brand tiers under a secondary provider', () => {
    const advanced = member('advanced', 'secondary');
    const elite: EntitledUser = { capabilities: ['MK-CAP-ELITE'], additionalCapabilities: [] };
    const { result } = renderHook(() => [usePlanTier(advanced), usePlanTier(elite)], { wrapper: withBrand('secondary') });
    expect(result.current).toEqual(['advanced', 'elite']);
  });

  it('reports the admin tier and the admin segment for PA-CAP-028 alone', () => {
    const user: EntitledUser = { capabilities: ['PA-CAP-028'], additionalCapabilities: [] };
    const { result } = renderHook(() => [usePlanTier(user), useMemberSegment(user)], { wrapper: withBrand('primary') });
    expect(result.current).toEqual(['admin', 'admin']);
  });

  it('finds the platinum trial segment from the subscription', () => {
    const user = member('platinum', 'primary', {
      subscription: { billingTerm: 'month', isTrial: true, isLegacy: false, endsAt: null },
    });
    const { result } = renderHook(() => useMemberSegment(user), { wrapper: withBrand('primary') });
    expect(result.current).toBe('platinum-trial');
  });

  it('memoises on user and brand: same tools array until one of them changes', () => {
    const user = member('pro', 'primary');
    const { result, rerender } = renderHook(({ u }) => useAvailableTools(u), {
      initialProps: { u: user },
      wrapper: withBrand('primary'),
    });
    const first = result.current;
    rerender({ u: user });
    expect(result.current).toBe(first);
    rerender({ u: { ...user } });
    expect(result.current).not.toBe(first);
    expect(result.current).toEqual(first);
  });

  it('recomputes when the provider switches brand', () => {
    const user: EntitledUser = { capabilities: ['PA-CAP-048'], additionalCapabilities: [] };
    let brand: BrandRef = 'primary';
    const { result, rerender } = renderHook(() => usePlanTier(user), {
      wrapper: ({ children }) => <BrandProvider brand={brand}>{children}</BrandProvider>,
    });
    expect(result.current).toBe('pro-plus');
    brand = 'secondary';
    rerender();
    expect(result.current).toBe('free');
  });

  it('throws outside a BrandProvider', () => {
    const user: EntitledUser = { capabilities: [], additionalCapabilities: [] };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => usePlanTier(user))).toThrow(/BrandProvider/);
  });
});
