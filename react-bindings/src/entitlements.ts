import { useMemo } from 'react';
import type { Segment, Tier } from '@matchkit/sdk/brands';
import { availableTools, canUseTool, memberSegment, planTier } from '@matchkit/sdk/entitlements';
import type { EntitledUser, Tool } from '@matchkit/sdk/model';
import { useBrand } from './brand';

// Each hook is the sdk function of the same name applied to the brand of the nearest
// BrandProvider, memoised on its inputs: the rules live in the sdk only, so the app and the
// server cannot disagree. Pass a user object that keeps its identity while it is unchanged (for
// example a store snapshot); a new object on every render only costs a recomputation.

/**
 * The user's plan tier on the brand of the nearest `BrandProvider` (the sdk's `planTier`):
 * `admin`, a forced tier, the highest tier held, or `free`.
 *
 * @param user - the member: its `capabilities` and `additionalCapabilities` are read
 * @returns the tier, for example `'pro-plus'` on the primary brand or `'elite'` on the secondary
 * @throws Error outside a `BrandProvider`; the sdk's validation error when the user has no
 * capability lists
 *
 * @example
 * ```tsx
 * import { usePlanTier } from '@matchkit/react';
 * import type { EntitledUser } from '@matchkit/sdk/model';
 *
 * function TierBadge({ user }: { user: EntitledUser }) {
 *   const tier = usePlanTier(user);
 *   return <span className={`tier-${tier}`}>{tier}</span>;
 * }
 * ```
 */
export function usePlanTier(user: EntitledUser): Tier {
  const brand = useBrand();
  return useMemo(() => planTier(brand, user), [user, brand]);
}

/**
 * The tools the user may use on the brand of the nearest `BrandProvider` (the sdk's
 * `availableTools`): tools with a page whose capability the user holds, in catalogue order.
 *
 * @param user - the member: its `capabilities` and `additionalCapabilities` are read
 * @returns the available tools; the same array while the user and the brand are unchanged
 * @throws Error outside a `BrandProvider`; the sdk's validation error when the user has no
 * capability lists
 *
 * @example
 * ```tsx
 * import { useAvailableTools } from '@matchkit/react';
 * import type { EntitledUser } from '@matchkit/sdk/model';
 *
 * function ToolMenu({ user }: { user: EntitledUser }) {
 *   const tools = useAvailableTools(user);
 *   return <ul>{tools.map((t) => <li key={t.key}><a href={`/${t.slug}`}>{t.title}</a></li>)}</ul>;
 * }
 * ```
 */
export function useAvailableTools(user: EntitledUser): Tool[] {
  const brand = useBrand();
  return useMemo(() => availableTools(brand, user), [user, brand]);
}

/**
 * Whether the user may use the tool with page `slug` on the brand of the nearest
 * `BrandProvider` (the sdk's `canUseTool`). An empty slug is never usable.
 *
 * @param user - the member: its `capabilities` and `additionalCapabilities` are read
 * @param slug - the tool's page slug on this brand, for example `'golf-master'`
 * @returns true when the tool is among the user's available tools
 * @throws Error outside a `BrandProvider`; the sdk's validation error when the user has no
 * capability lists
 *
 * @example
 * ```tsx
 * import { useCanUseTool } from '@matchkit/react';
 * import type { EntitledUser } from '@matchkit/sdk/model';
 *
 * function GolfMasterLink({ user }: { user: EntitledUser }) {
 *   const allowed = useCanUseTool(user, 'golf-master');
 *   return allowed ? <a href="/golf-master">Golf Master</a> : <a href="/subscribe/pro-plus">Upgrade</a>;
 * }
 * ```
 */
export function useCanUseTool(user: EntitledUser, slug: string): boolean {
  const brand = useBrand();
  return useMemo(() => canUseTool(brand, user, slug), [user, slug, brand]);
}

/**
 * The user's member segment on the brand of the nearest `BrandProvider` (the sdk's
 * `memberSegment`): the value of the first member filter type the user meets, or `null`.
 *
 * @param user - the member: its capability lists and, for trial and legacy segments, its
 * `subscription` are read
 * @returns the segment, for example `'platinum-trial'` or `'admin'`, or `null` when the user is in none
 * @throws Error outside a `BrandProvider`; the sdk's validation error when the user has no
 * capability lists
 *
 * @example
 * ```tsx
 * import { useMemberSegment } from '@matchkit/react';
 * import type { EntitledUser } from '@matchkit/sdk/model';
 *
 * function TrialNotice({ user }: { user: EntitledUser }) {
 *   return useMemberSegment(user) === 'platinum-trial' ? <p>You are on a trial.</p> : null;
 * }
 * ```
 */
export function useMemberSegment(user: EntitledUser): Segment | null {
  const brand = useBrand();
  return useMemo(() => memberSegment(brand, user), [user, brand]);
}
