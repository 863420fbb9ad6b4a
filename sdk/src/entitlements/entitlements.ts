import { resolveBrand } from '../brands/brands';
import type { Brand, BrandRef, PrimaryBrand, PrimaryTier, SecondaryBrand, SecondaryTier, Tier } from '../brands/schema';
import { MatchkitValidationError } from '../errors/errors';
import type { CapabilityCode, EntitledUser, MemberFilterType, Plan, Tool } from '../model/schemas';

function codesOf(user: EntitledUser): ReadonlySet<string> {
  const bad: { path: string; message: string }[] = [];
  if (typeof user !== 'object' || user === null) {
    bad.push({ path: 'user', message: 'must be an object with capabilities and additionalCapabilities' });
  } else {
    if (!Array.isArray(user.capabilities)) bad.push({ path: 'capabilities', message: 'must be an array of capability codes' });
    if (!Array.isArray(user.additionalCapabilities)) {
      bad.push({ path: 'additionalCapabilities', message: 'must be an array of capability codes' });
    }
  }
  if (bad.length > 0) throw new MatchkitValidationError('user', bad);
  return new Set([...user.capabilities, ...user.additionalCapabilities]);
}

/**
 * True when the user holds `code` in `capabilities` or in `additionalCapabilities`.
 *
 * @throws MatchkitValidationError when the user has no capability lists
 *
 * @example
 * ```ts
 * import { hasCapability } from '@matchkit/sdk/entitlements';
 * hasCapability({ capabilities: [], additionalCapabilities: ['PA-CAP-006'] }, 'PA-CAP-006'); // true
 * ```
 */
export function hasCapability(user: EntitledUser, code: CapabilityCode): boolean {
  return codesOf(user).has(code);
}

function tierFromCodes(codes: ReadonlySet<string>, brand: Brand): Tier {
  if (codes.has(brand.adminCapability)) return 'admin';
  for (const forced of brand.forcedTiers) {
    if (codes.has(forced.capability)) return forced.tier as Tier;
  }
  for (let i = brand.tiers.length - 1; i >= 0; i--) {
    const tier = brand.tiers[i];
    if (tier !== undefined && codes.has(tier.capability)) return tier.id as Tier;
  }
  return 'free';
}

/**
 * The user's plan tier (spec section 4): `admin` when the brand's admin code (PA-CAP-028) is held;
 * otherwise a forced tier (PA-CAP-30 forces `platinum` on the primary brand); otherwise the
 * highest tier whose code is held; otherwise `free`.
 *
 * @param brand - a brand id or catalogue
 * @throws MatchkitValidationError when the user has no capability lists or the brand is unknown
 *
 * @example
 * ```ts
 * import { planTier } from '@matchkit/sdk/entitlements';
 * planTier({ capabilities: ['PA-CAP-29', 'PA-CAP-042'], additionalCapabilities: [] }, 'primary'); // 'pro'
 * planTier({ capabilities: ['PA-CAP-042', 'PA-CAP-30'], additionalCapabilities: [] }, 'primary'); // 'platinum'
 * ```
 */
export function planTier(user: EntitledUser, brand: 'primary' | PrimaryBrand): PrimaryTier;
export function planTier(user: EntitledUser, brand: 'secondary' | SecondaryBrand): SecondaryTier;
export function planTier(user: EntitledUser, brand: BrandRef): Tier;
export function planTier(user: EntitledUser, brand: BrandRef): Tier {
  const b = resolveBrand(brand);
  return tierFromCodes(codesOf(user), b);
}

/**
 * The tools the user may use (spec section 5): those with a non-empty slug whose capability the
 * user holds, in catalogue order.
 *
 * @example
 * ```ts
 * import { availableTools } from '@matchkit/sdk/entitlements';
 * availableTools({ capabilities: ['PA-CAP-006'], additionalCapabilities: [] }, 'primary').map((t) => t.slug);
 * // ['oddsmatching']
 * ```
 */
export function availableTools(user: EntitledUser, brand: BrandRef): Tool[] {
  const b = resolveBrand(brand);
  const codes = codesOf(user);
  return b.tools.filter((t) => t.slug !== '' && codes.has(t.capability));
}

/**
 * True when the user may use the tool addressed by `slug` on this brand (see
 * {@link availableTools}). A server guards each paid tool's data with this.
 *
 * @example
 * ```ts
 * import { canUseTool } from '@matchkit/sdk/entitlements';
 * canUseTool({ capabilities: ['PA-CAP-045'], additionalCapabilities: [] }, 'lucky-finder', 'primary'); // true
 * ```
 */
export function canUseTool(user: EntitledUser, slug: string, brand: BrandRef): boolean {
  if (slug === '') return false;
  return availableTools(user, brand).some((t) => t.slug === slug);
}

/**
 * True when the user meets every rule of a member filter type (see `memberFilterRuleSchema` for
 * the rule types). A member with no subscription counts as neither trial nor legacy.
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { matchesMemberFilter } from '@matchkit/sdk/entitlements';
 * const brand = getBrand('primary');
 * const trial = brand.memberFilterTypes.find((f) => f.id === 'platinum-trial')!;
 * matchesMemberFilter(trial, {
 *   capabilities: ['PA-CAP-29'], additionalCapabilities: [],
 *   subscription: { billingTerm: 'month', isTrial: true, isLegacy: false, endsAt: null },
 * }, brand); // true
 * ```
 */
export function matchesMemberFilter(filter: MemberFilterType, user: EntitledUser, brand: BrandRef): boolean {
  const b = resolveBrand(brand);
  const codes = codesOf(user);
  const tier = tierFromCodes(codes, b);
  const sub = user.subscription ?? null;
  return filter.rules.every((rule) => {
    switch (rule.type) {
      case 'tier':
        return rule.anyOf.includes(tier);
      case 'capability':
        return rule.anyOf.some((c) => codes.has(c));
      case 'noCapability':
        return !rule.anyOf.some((c) => codes.has(c));
      case 'trial':
        return (sub?.isTrial ?? false) === rule.equals;
      case 'legacy':
        return (sub?.isLegacy ?? false) === rule.equals;
      case 'billingTerm':
        return sub !== null && sub.billingTerm === rule.equals;
    }
  });
}

/**
 * The member segment of a user (spec section 4): the `value` of the first of the brand's member
 * filter types whose rules the user meets, or `null` when none does.
 * Primary brand: `free`, `platinum-legacy`, `platinum-current`, `platinum-trial`, `diamond`,
 * `pro`, `pro-plus`, `administrator`. Secondary brand: `starter`, `starter-trial`, `advanced`,
 * `pro`, `elite`, `administrator` (a member with no paid tier there is in no segment: `null`).
 *
 * @example
 * ```ts
 * import { memberSegment } from '@matchkit/sdk/entitlements';
 * memberSegment({ capabilities: ['PA-CAP-028'], additionalCapabilities: [] }, 'secondary'); // 'administrator'
 * ```
 */
export function memberSegment(user: EntitledUser, brand: BrandRef): string | null {
  const b = resolveBrand(brand);
  return b.memberFilterTypes.find((f) => matchesMemberFilter(f, user, b))?.value ?? null;
}

/**
 * The capability codes a purchase of `plan` grants: the plan's own code, then the codes of every
 * feature its `details` include (the brand's feature matrix), without repeats. The server grants
 * exactly these, so that what the app shows and what the member gets cannot differ.
 *
 * @param plan - a plan name (`'pro'`) or a plan object of this brand
 * @throws MatchkitValidationError when the plan is not a plan of the brand
 *
 * @example
 * ```ts
 * import { grantedCapabilities } from '@matchkit/sdk/entitlements';
 * grantedCapabilities('diamond', 'primary').includes('PA-CAP-051'); // true: diamond adds the BOG catcher
 * ```
 */
export function grantedCapabilities(plan: string | Plan, brand: BrandRef): CapabilityCode[] {
  const b = resolveBrand(brand);
  const name = typeof plan === 'string' ? plan : plan?.name;
  const found = b.plans.find((p) => p.name === name);
  if (found === undefined) {
    throw new MatchkitValidationError('plan', [
      { path: 'plan', message: `"${String(name)}" is not a plan of the ${b.id} brand (plans: ${b.plans.map((p) => p.name).join(', ')})` },
    ]);
  }
  const granted = new Set<string>([found.capability]);
  for (const feature of b.features) {
    if (found.details[feature.key] === true) for (const code of feature.capabilities) granted.add(code);
  }
  return [...granted];
}
