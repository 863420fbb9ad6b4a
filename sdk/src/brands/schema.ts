import * as z from 'zod/mini';
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
  primary: ['platinum', 'diamond', 'pro', 'pro-plus'],
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

const slug = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case slug'));
const nonEmpty = z.string().check(z.minLength(1));
const fraction = z.number().check(z.gte(0), z.lt(1));
const positiveInt = z.int().check(z.positive());

// Strict at the top level: a misspelt catalogue key is an error, not silently dropped.
const brandObjectSchema = z.strictObject({
  id: z.enum(['primary', 'secondary']),
  displayName: nonEmpty,
  currency: z.literal('GBP'),
  timeZone: nonEmpty,
  capabilityCodeNotes: z.record(capabilityCodeSchema, nonEmpty),
  tiers: z.array(z.object({ id: nonEmpty, label: nonEmpty, capability: capabilityCodeSchema })),
  adminCapability: capabilityCodeSchema,
  forcedTiers: z.array(z.object({ capability: capabilityCodeSchema, tier: nonEmpty })),
  features: z.array(z.object({ key: nonEmpty, label: nonEmpty, capabilities: z.array(capabilityCodeSchema) })),
  plans: z.array(planSchema),
  upgrades: z.array(z.object({ slug, from: nonEmpty, to: nonEmpty })),
  tools: z.array(toolSchema),
  calculators: z.array(z.object({ slug, title: nonEmpty })),
  quickLinks: z.array(quickLinkSchema),
  offerCategories: z.array(z.object({ slug, title: nonEmpty })),
  dashboardSections: z.array(z.object({ id: slug, title: nonEmpty, offerCategories: z.array(slug) })),
  routes: z.record(z.string(), pathSchema),
  onboarding: z.object({
    steps: z.array(z.object({ step: positiveInt, id: slug, title: nonEmpty })),
    goals: z.array(
      z.object({
        id: slug,
        label: nonEmpty,
        monthlyMin: penceSchema,
        monthlyMax: penceSchema,
        orMore: z.boolean(),
      }),
    ),
    trialDays: positiveInt,
    alternatives: z.array(z.object({ label: nonEmpty, href: pathSchema })),
  }),
  billing: z.object({ daysBeforeSubscriptionEndNotToCharge: z.int().check(z.gte(0)) }),
  affiliate: z.object({
    commissionRate: fraction,
    commissionCap: z.null(),
    paidOutOverPence: penceSchema,
  }),
  notifications: z.object({
    autoCloseMs: positiveInt,
    statuses: z.array(z.enum(['success', 'error', 'warning'])),
  }),
  trustReviewCounts: z.array(z.int().check(z.gte(0))),
  sales: z.array(saleSchema),
  memberFilterTypes: z.array(memberFilterTypeSchema),
  profitTypes: z.array(profitTypeSchema),
  analytics: z.object({
    sessionTimeoutMs: positiveInt,
    clickTrackingDelayMs: z.int().check(z.gte(0)),
    networkCaptureStatus: z.object({ min: z.int().check(z.gte(100)), max: z.int().check(z.lte(599)) }),
    maxQueuedEvents: positiveInt,
  }),
  referral: z.object({ landingPath: pathSchema, codeParam: nonEmpty }),
});

type BrandShape = z.output<typeof brandObjectSchema>;

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
 * The zod/mini schema of a whole brand catalogue, including its cross-field rules (tiers, plan
 * codes, the feature matrix, sale links, member filter tiers). Use `defineBrand` rather than
 * this schema directly: it also freezes the result and throws a typed error.
 *
 * @example
 * ```ts
 * import { brandSchema, getBrand } from '@matchkit/sdk/brands';
 * brandSchema.safeParse(getBrand('secondary')).success; // true
 * ```
 */
export const brandSchema = brandObjectSchema.check(
  z.superRefine((b, ctx) => {
    crossCheck(b, (path, message) => ctx.addIssue({ code: 'custom', path, message, input: b }));
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
export type Brand = DeepReadonly<z.output<typeof brandSchema>>;

/**
 * The primary brand's catalogue type (its `id` is `'primary'`).
 *
 * @example
 * ```ts
 * import { getBrand, type PrimaryBrand } from '@matchkit/sdk/brands';
 * const brand: PrimaryBrand = getBrand('primary');
 * ```
 */
export type PrimaryBrand = Brand & { readonly id: 'primary' };

/**
 * The secondary brand's catalogue type (its `id` is `'secondary'`).
 *
 * @example
 * ```ts
 * import { getBrand, type SecondaryBrand } from '@matchkit/sdk/brands';
 * const brand: SecondaryBrand = getBrand('secondary');
 * ```
 */
export type SecondaryBrand = Brand & { readonly id: 'secondary' };

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
