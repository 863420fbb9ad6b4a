import * as v from 'valibot';
import * as s from '../internal/schemas';
import type { DeepReadonly } from '../internal/readonly';
import {
  capabilityCodeSchema,
  memberFilterTypeSchema,
  pathSchema,
  penceSchema,
  planSchema,
  profitTypeSchema,
  quickLinkSchema,
  saleSchema,
  toolSchema,
} from '../model/schemas';

/**
 * The ids of the two brands. `primary` is the first, UK-focused brand; `secondary` the other.
 *
 * @example
 * ```ts
 * import type { BrandId } from '@matchkit/sdk/brands';
 * const id: BrandId = 'primary';
 * ```
 */
export type BrandId = 'primary' | 'secondary';

/**
 * The paid tiers of each brand, lowest first. A catalogue must declare exactly these tiers in
 * this order (their codes, labels and prices are the catalogue's to choose).
 *
 * @example
 * ```ts
 * import { BRAND_TIERS } from '@matchkit/sdk/brands';
 * BRAND_TIERS.secondary; // ['starter', 'advanced', 'pro', 'elite']
 * ```
 */
export const BRAND_TIERS = {
  /** The primary brand's paid tiers. */
  primary: ['platinum', 'diamond', 'pro', 'pro-plus'],
  /** The secondary brand's paid tiers. */
  secondary: ['starter', 'advanced', 'pro', 'elite'],
} as const;

/**
 * A plan tier of the primary brand, as returned by `planTier`.
 *
 * @example
 * ```ts
 * import type { PrimaryTier } from '@matchkit/sdk/brands';
 * const tier: PrimaryTier = 'pro-plus';
 * ```
 */
export type PrimaryTier = 'free' | (typeof BRAND_TIERS.primary)[number] | 'admin';

/**
 * A plan tier of the secondary brand, as returned by `planTier`.
 *
 * @example
 * ```ts
 * import type { SecondaryTier } from '@matchkit/sdk/brands';
 * const tier: SecondaryTier = 'elite';
 * ```
 */
export type SecondaryTier = 'free' | (typeof BRAND_TIERS.secondary)[number] | 'admin';

/**
 * A plan tier of either brand.
 *
 * @example
 * ```ts
 * import type { Tier } from '@matchkit/sdk/brands';
 * const paid = (t: Tier) => t !== 'free';
 * ```
 */
export type Tier = PrimaryTier | SecondaryTier;

/**
 * The member segments of each brand (spec section 4), in the order the reference catalogues test
 * them (most specific first). A catalogue's member filter types must use these values; the
 * administrator segment is `admin`, the same word as the administrator tier (its display label is
 * `Administrator`).
 *
 * @example
 * ```ts
 * import { BRAND_SEGMENTS } from '@matchkit/sdk/brands';
 * BRAND_SEGMENTS.secondary; // ['admin', 'elite', 'pro', 'advanced', 'starter-trial', 'starter']
 * ```
 */
export const BRAND_SEGMENTS = {
  /** The primary brand's segments. */
  primary: ['admin', 'pro-plus', 'pro', 'diamond', 'platinum-trial', 'platinum-legacy', 'platinum-current', 'free'],
  /** The secondary brand's segments (a member with no paid tier there is in none). */
  secondary: ['admin', 'elite', 'pro', 'advanced', 'starter-trial', 'starter'],
} as const;

/**
 * A member segment of the primary brand, as returned by `memberSegment`.
 *
 * @example
 * ```ts
 * import type { PrimarySegment } from '@matchkit/sdk/brands';
 * const segment: PrimarySegment = 'platinum-trial';
 * ```
 */
export type PrimarySegment = (typeof BRAND_SEGMENTS.primary)[number];

/**
 * A member segment of the secondary brand, as returned by `memberSegment`.
 *
 * @example
 * ```ts
 * import type { SecondarySegment } from '@matchkit/sdk/brands';
 * const segment: SecondarySegment = 'starter-trial';
 * ```
 */
export type SecondarySegment = (typeof BRAND_SEGMENTS.secondary)[number];

/**
 * A member segment of either brand.
 *
 * @example
 * ```ts
 * import type { Segment } from '@matchkit/sdk/brands';
 * const isAdmin = (s: Segment | null) => s === 'admin';
 * ```
 */
export type Segment = PrimarySegment | SecondarySegment;

const slug = s.matching(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case slug');
const nonEmpty = s.nonEmpty();
const fraction = v.pipe(s.number(), s.gte(0), s.lt(1));
const positiveInt = v.pipe(s.int(), s.gt(0));
const hexColor = s.matching(/^#[0-9a-f]{6}$/, 'must be a colour as #rrggbb (lower case)');

// Strict at the top level: a misspelt catalogue key is an error, not silently dropped.
const brandObjectSchema = s.strictObject({
  /** `primary` (the first, UK-focused brand) or `secondary`. */
  id: s.picklist(['primary', 'secondary']),
  /** The brand's display name: fictional and configurable. */
  displayName: nonEmpty,
  /**
   * The brand's colours, as `#rrggbb`: `accent` on light backgrounds and `accentOnDark` on dark
   * ones (an app's light and dark themes); each should reach WCAG AA contrast (4.5:1) with text.
   */
  colors: s.strictObject({
    /** Links, buttons and highlights on a light background. */
    accent: hexColor,
    /** The same on a dark background. */
    accentOnDark: hexColor,
  }),
  /** Currency of every price: pounds sterling, in pence. */
  currency: s.literal('GBP'),
  /** The time zone of the brand's local dates (`Europe/London`). */
  timeZone: nonEmpty,
  /** Codes this catalogue introduced itself (the spec gives none), each with why. */
  capabilityCodeNotes: s.record(capabilityCodeSchema, nonEmpty),
  /** The paid tiers, lowest first, with their codes. */
  tiers: s.array(
    s.object({
      /** Tier id. */
      id: nonEmpty,
      /** Display name. */
      label: nonEmpty,
      /** The tier's capability code. */
      capability: capabilityCodeSchema,
    }),
  ),
  /** The code that makes a member an administrator (PA-CAP-028). */
  adminCapability: capabilityCodeSchema,
  /** Codes that force a tier whatever else is held (PA-CAP-30 forces platinum). */
  forcedTiers: s.array(
    s.object({
      /** The forcing code. */
      capability: capabilityCodeSchema,
      /** The tier it forces. */
      tier: nonEmpty,
    }),
  ),
  /** The feature matrix's features, each with the codes it grants. */
  features: s.array(
    s.object({
      /** Feature key, used in each plan's `details`. */
      key: nonEmpty,
      /** Display name. */
      label: nonEmpty,
      /** Codes a plan with this feature grants. */
      capabilities: s.array(capabilityCodeSchema),
    }),
  ),
  /** The plans on sale. */
  plans: s.array(planSchema),
  /**
   * The plan the brand recommends to a new member (highlighted where the plans are shown side
   * by side): the name of one of `plans`. Absent: no plan is highlighted.
   */
  recommendedPlan: v.optional(nonEmpty),
  /** Upgrade purchase slugs (`/subscribe/{slug}`), each from a tier to a higher one. */
  upgrades: s.array(
    s.object({
      /** Purchase slug. */
      slug,
      /** Tier upgraded from. */
      from: nonEmpty,
      /** Tier upgraded to. */
      to: nonEmpty,
    }),
  ),
  /** Every tool of the brand. */
  tools: s.array(toolSchema),
  /** The advanced calculators index. */
  calculators: s.array(
    s.object({
      /** Page slug. */
      slug,
      /** Display title. */
      title: nonEmpty,
    }),
  ),
  /** The quick-links bar. */
  quickLinks: s.array(quickLinkSchema),
  /** Offer categories. */
  offerCategories: s.array(
    s.object({
      /** Category slug. */
      slug,
      /** Display title. */
      title: nonEmpty,
    }),
  ),
  /** Dashboard sections, each listing its offer categories. */
  dashboardSections: s.array(
    s.object({
      /** Section id. */
      id: slug,
      /** Display title. */
      title: nonEmpty,
      /** Slugs of the offer categories shown in the section. */
      offerCategories: s.array(slug),
    }),
  ),
  /** Named routes of the product (spec section 2). */
  routes: s.record(s.string(), pathSchema),
  /** Registration onboarding. */
  onboarding: s.object({
    /** The onboarding steps (10 to 13). */
    steps: s.array(
      s.object({
        /** Step number. */
        step: positiveInt,
        /** Step id. */
        id: slug,
        /** Display title. */
        title: nonEmpty,
      }),
    ),
    /** The monthly cash targets offered at the goal step. */
    goals: s.array(
      s.object({
        /** Goal id. */
        id: slug,
        /** Display label. */
        label: nonEmpty,
        /** Lower end of the monthly target, in pence. */
        monthlyMin: penceSchema,
        /** Upper end of the monthly target, in pence. */
        monthlyMax: penceSchema,
        /** True when the target is open-ended ("plus"). */
        orMore: s.boolean(),
      }),
    ),
    /** Length of the trial in days. */
    trialDays: positiveInt,
    /** Other plans offered instead at the last step. */
    alternatives: s.array(
      s.object({
        /** Display label. */
        label: nonEmpty,
        /** Purchase path. */
        href: pathSchema,
      }),
    ),
  }),
  /** Billing constants. */
  billing: s.object({
    /**
     * Days before the subscription end in which the member is not charged. Shorter than the
     * shortest term (a 28-day February), so that every term has time before its window.
     */
    daysBeforeSubscriptionEndNotToCharge: v.pipe(s.int(), s.gte(0), s.lt(28, 'must be less than 28 days, the shortest term (February)')),
  }),
  /** The affiliate programme. */
  affiliate: s.object({
    /** Share of referred members' subscription revenue, a fraction (0.4 is 40%). */
    commissionRate: fraction,
    /** No cap. */
    commissionCap: s.nullValue(),
    /** The amount the product says it has paid out ("over ..."), in pence. */
    paidOutOverPence: penceSchema,
  }),
  /** The notification modal. */
  notifications: s.object({
    /** Milliseconds after which a notification closes on its own. */
    autoCloseMs: positiveInt,
    /** The statuses a notification can have. */
    statuses: s.array(s.picklist(['success', 'error', 'warning'])),
  }),
  /** Trust review counts shown on the sale page. */
  trustReviewCounts: s.array(v.pipe(s.int(), s.gte(0))),
  /**
   * Member testimonials shown on the sale page and at onboarding. The reference catalogues' members
   * are fictional. A quote tells what a member did or found useful, never an amount they were
   * promised or are sure to make.
   */
  testimonials: s.array(
    s.object({
      /** Stable id. */
      id: slug,
      /** The member's first name and initial, as shown. */
      name: nonEmpty,
      /** The year the member joined. */
      memberSince: v.pipe(s.int(), s.gte(2000)),
      /** What the member says. */
      quote: nonEmpty,
    }),
  ),
  /** The brand's sales. */
  sales: s.array(saleSchema),
  /** Member filter types, most specific first; the first a member meets is their segment. */
  memberFilterTypes: s.array(memberFilterTypeSchema),
  /** The profit types of the profit tracker. */
  profitTypes: s.array(profitTypeSchema),
  /** Analytics constants. */
  analytics: s.object({
    /** A new session starts after this much inactivity, in milliseconds. */
    sessionTimeoutMs: positiveInt,
    /** How long click tracking waits, in milliseconds. */
    clickTrackingDelayMs: v.pipe(s.int(), s.gte(0)),
    /** HTTP statuses recorded by network capture (inclusive range). */
    networkCaptureStatus: s.object({
      /** Lowest status recorded. */
      min: v.pipe(s.int(), s.gte(100)),
      /** Highest status recorded. */
      max: v.pipe(s.int(), s.lte(599)),
    }),
    /** Most events kept in the queue. */
    maxQueuedEvents: positiveInt,
  }),
  /** The referral landing page. */
  referral: s.object({
    /** Path of the landing page. */
    landingPath: pathSchema,
    /** Name of the query parameter carrying the referral code. */
    codeParam: nonEmpty,
  }),
});

type BrandShape = v.InferOutput<typeof brandObjectSchema>;

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

/** Cross-field rules a catalogue must keep; each failure names the field it concerns. */
function crossCheck(b: BrandShape, issue: (path: (string | number)[], message: string) => void): void {
  const expected: readonly string[] = BRAND_TIERS[b.id];
  const tierIds = b.tiers.map((t) => t.id);
  if (tierIds.join() !== expected.join()) {
    issue(['tiers'], `the ${b.id} brand's tiers must be ${expected.join(', ')} in that order (got ${tierIds.join(', ') || 'none'})`);
  }
  const knownTiers = new Set<string>(['free', ...tierIds, 'admin']);
  const tierCode = new Map(b.tiers.map((t) => [t.id, t.capability]));
  const featureKeys = b.features.map((f) => f.key);
  for (const d of duplicates(featureKeys)) issue(['features'], `duplicate feature key "${d}"`);

  b.plans.forEach((plan, i) => {
    const code = tierCode.get(plan.name);
    if (code === undefined) issue(['plans', i, 'name'], `"${plan.name}" is not a tier of this brand`);
    else if (code !== plan.capability) {
      issue(['plans', i, 'capability'], `must equal the ${plan.name} tier's code ${code}`);
    }
    for (const key of Object.keys(plan.details)) {
      if (!featureKeys.includes(key)) issue(['plans', i, 'details', key], 'is not a feature of this brand');
    }
    for (const key of featureKeys) {
      if (!(key in plan.details)) issue(['plans', i, 'details', key], 'is missing: every plan states every feature');
    }
  });
  for (const d of duplicates(b.plans.map((p) => p.name))) issue(['plans'], `duplicate plan "${d}"`);
  if (b.recommendedPlan !== undefined && !b.plans.some((p) => p.name === b.recommendedPlan)) {
    issue(['recommendedPlan'], `"${b.recommendedPlan}" is not a plan of this brand (${b.plans.map((p) => p.name).join(', ')})`);
  }

  b.forcedTiers.forEach((f, i) => {
    if (!tierCode.has(f.tier)) issue(['forcedTiers', i, 'tier'], `"${f.tier}" is not a tier of this brand`);
  });
  b.upgrades.forEach((u, i) => {
    const from = tierIds.indexOf(u.from);
    const to = tierIds.indexOf(u.to);
    if (from < 0) issue(['upgrades', i, 'from'], `"${u.from}" is not a tier of this brand`);
    if (to < 0) issue(['upgrades', i, 'to'], `"${u.to}" is not a tier of this brand`);
    if (from >= 0 && to >= 0 && to <= from) issue(['upgrades', i, 'to'], 'must be a higher tier than from');
  });

  for (const d of duplicates(b.tools.map((t) => t.key))) issue(['tools'], `duplicate tool key "${d}"`);
  for (const d of duplicates(b.tools.map((t) => t.slug).filter((s) => s !== ''))) {
    issue(['tools'], `duplicate tool slug "${d}"`);
  }
  const grantable = new Set(b.features.flatMap((f) => f.capabilities));
  b.tools.forEach((t, i) => {
    if (!grantable.has(t.capability)) {
      issue(['tools', i, 'capability'], `${t.capability} is granted by no feature, so no plan could unlock ${t.key}`);
    }
  });

  for (const d of duplicates(b.quickLinks.map((q) => q.id))) issue(['quickLinks'], `duplicate quick link id "${d}"`);
  for (const d of duplicates(b.calculators.map((c) => c.slug))) issue(['calculators'], `duplicate calculator slug "${d}"`);

  const categories = new Set(b.offerCategories.map((c) => c.slug));
  b.dashboardSections.forEach((s, i) =>
    s.offerCategories.forEach((c, j) => {
      if (!categories.has(c)) issue(['dashboardSections', i, 'offerCategories', j], `"${c}" is not an offer category`);
    }),
  );

  const steps = b.onboarding.steps.map((s) => s.step);
  steps.forEach((s, i) => {
    if (i > 0 && s !== (steps[i - 1] ?? 0) + 1) issue(['onboarding', 'steps', i, 'step'], 'steps must be consecutive');
  });
  b.onboarding.goals.forEach((g, i) => {
    if (g.monthlyMax < g.monthlyMin) issue(['onboarding', 'goals', i, 'monthlyMax'], 'must not be below monthlyMin');
  });

  const planNames = new Set(b.plans.map((p) => p.name));
  b.sales.forEach((sale, i) => {
    if (Date.parse(sale.endDate) < Date.parse(sale.startDate)) {
      issue(['sales', i, 'endDate'], 'must not be before startDate');
    }
    sale.plans.forEach((sp, j) => {
      if (!planNames.has(sp.plan)) issue(['sales', i, 'plans', j, 'plan'], `"${sp.plan}" is not a plan of this brand`);
      const prefix = `/subscribe/sale-${sp.plan}-`;
      const suffix = `-${sale.paymentLinkUniqParam}`;
      if (!sp.paymentLink.startsWith(prefix) || !sp.paymentLink.endsWith(suffix)) {
        issue(['sales', i, 'plans', j, 'paymentLink'], `must have the form ${prefix}{period}${suffix}`);
      }
    });
  });
  for (const d of duplicates(b.sales.map((s) => s.id))) issue(['sales'], `duplicate sale id "${d}"`);
  for (const d of duplicates(b.testimonials.map((t) => t.id))) issue(['testimonials'], `duplicate testimonial id "${d}"`);

  const segments: readonly string[] = BRAND_SEGMENTS[b.id];
  b.memberFilterTypes.forEach((f, i) => {
    if (!segments.includes(f.value)) {
      issue(['memberFilterTypes', i, 'value'], `"${f.value}" is not a segment of the ${b.id} brand (segments: ${segments.join(', ')})`);
    }
  });
  for (const d of duplicates(b.memberFilterTypes.map((f) => f.id))) issue(['memberFilterTypes'], `duplicate member filter type id "${d}"`);
  b.memberFilterTypes.forEach((f, i) =>
    f.rules.forEach((r, j) => {
      if (r.type !== 'tier') return;
      r.anyOf.forEach((t, k) => {
        if (!knownTiers.has(t)) issue(['memberFilterTypes', i, 'rules', j, 'anyOf', k], `"${t}" is not a tier of this brand`);
      });
    }),
  );

  const { min, max } = b.analytics.networkCaptureStatus;
  if (max < min) issue(['analytics', 'networkCaptureStatus', 'max'], 'must not be below min');
}

/**
 * The valibot schema of a whole brand catalogue, including its cross-field rules (tiers, plan
 * codes, the feature matrix, sale links, member filter tiers). Use `defineBrand` rather than
 * this schema directly: it also freezes the result and throws a typed error.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { brandSchema, getBrand } from '@matchkit/sdk/brands';
 * v.safeParse(brandSchema, getBrand('secondary')).success; // true
 * ```
 */
export const brandSchema = v.pipe(
  brandObjectSchema,
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.typed) crossCheck(dataset.value, (path, message) => s.report(addIssue, path, message));
  }),
);

/**
 * A whole brand catalogue: plans and prices, tools, quick links, dashboard, onboarding, billing,
 * affiliate, sales, member filters and analytics constants. Deeply read-only.
 *
 * @example
 * ```ts
 * import { getBrand, type Brand } from '@matchkit/sdk/brands';
 * const brand: Brand = getBrand('primary');
 * brand.affiliate.commissionRate; // 0.4
 * ```
 */
export type Brand = DeepReadonly<v.InferOutput<typeof brandSchema>>;

/**
 * The primary brand's catalogue type (its `id` is `'primary'`).
 *
 * @example
 * ```ts
 * import { getBrand, type PrimaryBrand } from '@matchkit/sdk/brands';
 * const brand: PrimaryBrand = getBrand('primary');
 * ```
 */
export type PrimaryBrand = Brand & {
  /** Always `'primary'`. */
  readonly id: 'primary';
};

/**
 * The secondary brand's catalogue type (its `id` is `'secondary'`).
 *
 * @example
 * ```ts
 * import { getBrand, type SecondaryBrand } from '@matchkit/sdk/brands';
 * const brand: SecondaryBrand = getBrand('secondary');
 * ```
 */
export type SecondaryBrand = Brand & {
  /** Always `'secondary'`. */
  readonly id: 'secondary';
};

/**
 * The input accepted wherever a brand is expected: a brand id (the built-in reference catalogue)
 * or a catalogue object (from `getBrand` or `defineBrand`).
 *
 * @example
 * ```ts
 * import type { BrandRef } from '@matchkit/sdk/brands';
 * const a: BrandRef = 'secondary';
 * ```
 */
export type BrandRef = BrandId | Brand;
