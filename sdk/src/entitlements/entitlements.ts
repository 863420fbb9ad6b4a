import { resolveBrand } from '../brands/brands';
import type {
  Brand,
  BrandRef,
  PrimaryBrand,
  PrimarySegment,
  PrimaryTier,
  SecondaryBrand,
  SecondarySegment,
  Segment,
  SecondaryTier,
  Tier,
} from '../brands/schema';
import { MatchkitValidationError } from '../errors/errors';
import { CAPABILITY_CODE_PATTERN } from '../model/capability-code';
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

/**
 * True when the user holds every capability code of the brand's feature `key` (a key of the
 * catalogue's `features`, such as `profitTracker`, `calculators` or `casino`). A feature the brand
 * does not have, or one with no codes, is usable by nobody rather than by everybody.
 *
 * @param brand - a brand id or catalogue
 * @param user - the member: its `capabilities` and `additionalCapabilities` are read
 * @param key - the feature's key in the brand catalogue
 * @throws MatchkitValidationError when the brand is unknown or the user has no capability lists
 *
 * @example
 * ```ts
 * import { canUseFeature } from '@matchkit/sdk/entitlements';
 * canUseFeature('primary', { capabilities: ['MK-CAP-PROFIT-TRACKER'], additionalCapabilities: [] }, 'profitTracker'); // true
 * canUseFeature('primary', { capabilities: [], additionalCapabilities: [] }, 'profitTracker'); // false
 * ```
 */
export function canUseFeature(brand: BrandRef, user: EntitledUser, key: string): boolean {
  const codes = resolveBrand(brand).features.find((f) => f.key === key)?.capabilities ?? [];
  const held = codesOf(user);
  return codes.length > 0 && codes.every((code) => held.has(code));
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
 * @param user - the member: its `capabilities` and `additionalCapabilities` are read
 * @returns the tier, typed by brand (`PrimaryTier` or `SecondaryTier`)
 * @throws MatchkitValidationError when the user has no capability lists or the brand is unknown
 *
 * @example
 * ```ts
 * import { planTier } from '@matchkit/sdk/entitlements';
 * planTier('primary', { capabilities: ['PA-CAP-29', 'PA-CAP-042'], additionalCapabilities: [] }); // 'pro'
 * planTier('primary', { capabilities: ['PA-CAP-042', 'PA-CAP-30'], additionalCapabilities: [] }); // 'platinum'
 * ```
 */
export function planTier(brand: 'primary' | PrimaryBrand, user: EntitledUser): PrimaryTier;
export function planTier(brand: 'secondary' | SecondaryBrand, user: EntitledUser): SecondaryTier;
export function planTier(brand: BrandRef, user: EntitledUser): Tier;
export function planTier(brand: BrandRef, user: EntitledUser): Tier {
  const b = resolveBrand(brand);
  return tierFromCodes(codesOf(user), b);
}

/**
 * The tools the user may use (spec section 5): those with a non-empty slug whose capability the
 * user holds, in catalogue order.
 *
 * @param brand - a brand id or catalogue
 * @param user - the member: its `capabilities` and `additionalCapabilities` are read
 * @throws MatchkitValidationError when the user has no capability lists or the brand is unknown
 *
 * @example
 * ```ts
 * import { availableTools } from '@matchkit/sdk/entitlements';
 * availableTools('primary', { capabilities: ['PA-CAP-006'], additionalCapabilities: [] }).map((t) => t.slug);
 * // ['oddsmatching']
 * ```
 */
export function availableTools(brand: BrandRef, user: EntitledUser): Tool[] {
  const b = resolveBrand(brand);
  const codes = codesOf(user);
  return b.tools.filter((t) => t.slug !== '' && codes.has(t.capability));
}

/**
 * True when the user may use the tool addressed by `slug` on this brand (see
 * {@link availableTools}). A server guards each paid tool's data with this.
 *
 * @param brand - a brand id or catalogue
 * @param user - the member: its `capabilities` and `additionalCapabilities` are read
 * @param slug - the tool's page slug on this brand; an empty slug is never usable
 * @throws MatchkitValidationError when the user has no capability lists or the brand is unknown
 *
 * @example
 * ```ts
 * import { canUseTool } from '@matchkit/sdk/entitlements';
 * canUseTool('primary', { capabilities: ['PA-CAP-045'], additionalCapabilities: [] }, 'lucky-finder'); // true
 * ```
 */
export function canUseTool(brand: BrandRef, user: EntitledUser, slug: string): boolean {
  const tools = availableTools(brand, user);
  return slug !== '' && tools.some((t) => t.slug === slug);
}

/**
 * True when the user meets every rule of a member filter type (see `memberFilterRuleSchema` for
 * the rule types). A member with no subscription counts as neither trial nor legacy.
 *
 * @param brand - a brand id or catalogue (its admin, forced and tier codes decide the tier rules)
 * @param user - the member: its capability lists and `subscription` are read
 * @param filter - the member filter type, usually one of the brand's `memberFilterTypes`
 * @throws MatchkitValidationError when the user has no capability lists or the brand is unknown
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { matchesMemberFilter } from '@matchkit/sdk/entitlements';
 * const brand = getBrand('primary');
 * const trial = brand.memberFilterTypes.find((f) => f.id === 'platinum-trial')!;
 * matchesMemberFilter(brand, {
 *   capabilities: ['PA-CAP-29'], additionalCapabilities: [],
 *   subscription: { billingTerm: 'month', isTrial: true, isLegacy: false, endsAt: null },
 * }, trial); // true
 * ```
 */
export function matchesMemberFilter(brand: BrandRef, user: EntitledUser, filter: MemberFilterType): boolean {
  return filterMatches(resolveBrand(brand), codesOf(user), user, filter);
}

function filterMatches(b: Brand, codes: ReadonlySet<string>, user: EntitledUser, filter: MemberFilterType): boolean {
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
 * Primary brand ({@link PrimarySegment}): `free`, `platinum-legacy`, `platinum-current`,
 * `platinum-trial`, `diamond`, `pro`, `pro-plus`, `admin`. Secondary brand
 * ({@link SecondarySegment}): `starter`, `starter-trial`, `advanced`, `pro`, `elite`, `admin` (a
 * member with no paid tier there is in no segment: `null`). The administrator segment is `admin`,
 * the same word as the administrator tier; its display label is the filter type's `label`.
 *
 * @param brand - a brand id or catalogue
 * @param user - the member: its capability lists and, for trial and legacy segments, its
 * `subscription` are read
 * @returns the segment, typed by brand, or `null`
 * @throws MatchkitValidationError when the user has no capability lists or the brand is unknown
 *
 * @example
 * ```ts
 * import { memberSegment } from '@matchkit/sdk/entitlements';
 * memberSegment('secondary', { capabilities: ['PA-CAP-028'], additionalCapabilities: [] }); // 'admin'
 * ```
 */
export function memberSegment(brand: 'primary' | PrimaryBrand, user: EntitledUser): PrimarySegment | null;
export function memberSegment(brand: 'secondary' | SecondaryBrand, user: EntitledUser): SecondarySegment | null;
export function memberSegment(brand: BrandRef, user: EntitledUser): Segment | null;
export function memberSegment(brand: BrandRef, user: EntitledUser): Segment | null {
  const b = resolveBrand(brand);
  const codes = codesOf(user);
  // A catalogue's filter values are checked against BRAND_SEGMENTS when it is validated.
  return (b.memberFilterTypes.find((f) => filterMatches(b, codes, user, f))?.value ?? null) as Segment | null;
}

/**
 * The capability codes a purchase of `plan` grants: the plan's own code, then the codes of every
 * feature its `details` include (the brand's feature matrix), without repeats. The server grants
 * exactly these, so that what the app shows and what the member gets cannot differ.
 *
 * @param brand - a brand id or catalogue
 * @param plan - a plan name (`'pro'`) or a plan object of this brand
 * @throws MatchkitValidationError when the plan is not a plan of the brand
 *
 * @example
 * ```ts
 * import { grantedCapabilities } from '@matchkit/sdk/entitlements';
 * grantedCapabilities('primary', 'diamond').includes('PA-CAP-051'); // true: diamond adds the BOG catcher
 * ```
 */
export function grantedCapabilities(brand: BrandRef, plan: string | Plan): CapabilityCode[] {
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

/**
 * The cheapest plan that unlocks a capability: of the brand's plans whose
 * {@link grantedCapabilities} include `code`, the one with the lowest monthly price (the first in
 * catalogue order when two cost the same), or `undefined` when no plan grants it (a code held only
 * as an additional capability, such as the admin code). An app shows it beside a locked tool
 * ("Unlock with Platinum") and links to the plan's `paymentFormUrl`.
 *
 * @param brand - a brand id or catalogue
 * @param code - the capability code the member lacks
 * @returns the plan object from the catalogue, or `undefined`
 * @throws MatchkitValidationError when the brand is unknown or `code` is not a capability code
 *
 * @example
 * ```ts
 * import { cheapestPlanFor } from '@matchkit/sdk/entitlements';
 * cheapestPlanFor('primary', 'PA-CAP-006')?.name; // 'platinum': every plan has the oddsmatcher
 * cheapestPlanFor('primary', 'PA-CAP-051')?.name; // 'diamond': the BOG catcher starts there
 * cheapestPlanFor('primary', 'PA-CAP-028'); // undefined: no plan grants the admin code
 * ```
 */
export function cheapestPlanFor(brand: BrandRef, code: CapabilityCode): Plan | undefined {
  const b = resolveBrand(brand);
  if (typeof code !== 'string' || !CAPABILITY_CODE_PATTERN.test(code)) {
    throw new MatchkitValidationError('capability code', [
      { path: 'code', message: `"${String(code)}" is not a capability code such as PA-CAP-006` },
    ]);
  }
  let best: Plan | undefined;
  for (const plan of b.plans) {
    if (!grantedCapabilities(b, plan).includes(code)) continue;
    if (best === undefined || plan.price.monthly < best.price.monthly) best = plan;
  }
  return best;
}
