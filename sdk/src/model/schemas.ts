import * as z from 'zod/mini';
import type { DeepReadonly } from '../internal/readonly';

// ---------------------------------------------------------------------------------------------
// Shared scalars
// ---------------------------------------------------------------------------------------------

/**
 * A capability code such as `PA-CAP-006` (the platform's codes) or `MK-CAP-CASINO` (codes this
 * reference catalogue introduces where the spec gives none): upper-case words joined by dashes.
 *
 * @example
 * ```ts
 * import { capabilityCodeSchema } from '@matchkit/sdk/model';
 * capabilityCodeSchema.safeParse('PA-CAP-006').success; // true
 * ```
 */
export const capabilityCodeSchema = z.string().check(
  z.regex(/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/, 'must be a capability code such as PA-CAP-006'),
);

/**
 * An amount of money in integer pence (GBP), never negative. `3999` is £39.99.
 *
 * @example
 * ```ts
 * import { penceSchema } from '@matchkit/sdk/model';
 * penceSchema.safeParse(39.99).success; // false: pence are whole numbers
 * ```
 */
export const penceSchema = z.int().check(z.gte(0, 'must be a whole, non-negative number of pence'));

/**
 * A site-relative path such as `/subscribe/pro`: starts with one `/`.
 *
 * @example
 * ```ts
 * import { pathSchema } from '@matchkit/sdk/model';
 * pathSchema.safeParse('/oddsmatching').success; // true
 * ```
 */
export const pathSchema = z.string().check(z.regex(/^\/(?!\/)\S*$/, 'must be a site-relative path starting with /'));

/**
 * An instant written as ISO 8601 with an explicit UTC offset, such as `2025-08-11T09:00:00+01:00`.
 * A date-time without an offset is rejected: it would not name one instant.
 *
 * @example
 * ```ts
 * import { instantSchema } from '@matchkit/sdk/model';
 * instantSchema.safeParse('2025-08-11T09:00:00').success; // false: no offset
 * ```
 */
export const instantSchema = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset' });

// ---------------------------------------------------------------------------------------------
// User
// ---------------------------------------------------------------------------------------------

/**
 * How a subscription is billed. The platform's value `month` means monthly.
 *
 * @example
 * ```ts
 * import { billingTermSchema } from '@matchkit/sdk/model';
 * billingTermSchema.parse('month');
 * ```
 */
export const billingTermSchema = z.enum(['month', 'year']);

/**
 * A member's subscription. `isTrial` and `isLegacy` drive the member segments (platinum trial,
 * platinum legacy); `endsAt` is the end of the paid (or trial) period.
 *
 * @example
 * ```ts
 * import { subscriptionSchema } from '@matchkit/sdk/model';
 * subscriptionSchema.parse({ billingTerm: 'month', isTrial: false, isLegacy: false, endsAt: null });
 * ```
 */
export const subscriptionSchema = z.object({
  billingTerm: billingTermSchema,
  isTrial: z.boolean(),
  isLegacy: z.boolean(),
  endsAt: z.nullable(instantSchema),
});

/**
 * A member's billing record: the payment provider's customer id and the next charge, if any.
 *
 * @example
 * ```ts
 * import { billingSchema } from '@matchkit/sdk/model';
 * billingSchema.parse({ customerId: null, nextChargeAt: null });
 * ```
 */
export const billingSchema = z.object({
  customerId: z.nullable(z.string()),
  nextChargeAt: z.nullable(instantSchema),
});

/**
 * The connection status of one external integration (an exchange account, for example).
 *
 * @example
 * ```ts
 * import { integrationStatusSchema } from '@matchkit/sdk/model';
 * integrationStatusSchema.parse('connected');
 * ```
 */
export const integrationStatusSchema = z.enum(['connected', 'disconnected', 'expired']);

/**
 * A member of the platform (spec section 3). Access is decided by the codes in `capabilities`
 * and `additionalCapabilities` together.
 *
 * @example
 * ```ts
 * import { userSchema } from '@matchkit/sdk/model';
 * const user = userSchema.parse({
 *   uid: { global: 'u-1', wordpress: 42 },
 *   firstName: 'Ada', lastName: 'Lay', username: 'ada', email: 'ada@example.com',
 *   capabilities: ['PA-CAP-29'], additionalCapabilities: [],
 *   subscription: null, billing: null,
 *   referAFriend: { referralCode: 'ADA42' },
 *   integrations: {},
 * });
 * ```
 */
export const userSchema = z.object({
  uid: z.object({
    global: z.string().check(z.minLength(1)),
    wordpress: z.nullable(z.int().check(z.positive())),
  }),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string().check(z.minLength(1)),
  email: z.email(),
  capabilities: z.array(capabilityCodeSchema),
  additionalCapabilities: z.array(capabilityCodeSchema),
  subscription: z.nullable(subscriptionSchema),
  billing: z.nullable(billingSchema),
  referAFriend: z.object({ referralCode: z.string() }),
  integrations: z.record(z.string(), integrationStatusSchema),
});

// ---------------------------------------------------------------------------------------------
// Catalogue entities
// ---------------------------------------------------------------------------------------------

/**
 * The three prices of a plan in integer pence: the first month, each month after, and a year.
 *
 * @example
 * ```ts
 * import { planPriceSchema } from '@matchkit/sdk/model';
 * planPriceSchema.parse({ firstMonth: 3999, monthly: 3999, yearly: 35000 });
 * ```
 */
export const planPriceSchema = z.object({
  firstMonth: penceSchema,
  monthly: penceSchema,
  yearly: penceSchema,
});

/**
 * A purchasable plan (spec section 3). `name` is the tier id it grants, `capability` the plan's
 * code, `details` the feature flags of the brand's feature matrix (feature key to included).
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * const platinum = getBrand('primary').plans[0];
 * platinum.price.monthly; // 3999
 * ```
 */
export const planSchema = z.object({
  name: z.string().check(z.minLength(1)),
  label: z.string().check(z.minLength(1)),
  capability: capabilityCodeSchema,
  details: z.record(z.string(), z.boolean()),
  paymentFormUrl: pathSchema,
  price: planPriceSchema,
});

/**
 * A tool of the product (spec section 3). A tool with an empty `slug` has no page of its own and
 * is never offered by `availableTools`. `key` is the brand-independent id of the tool (the same
 * tool has different slugs and titles per brand).
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * getBrand('primary').tools.find((t) => t.key === 'oddsmatcher')?.slug; // 'oddsmatching'
 * ```
 */
export const toolSchema = z.object({
  key: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  shortTitle: z.string().check(z.minLength(1)),
  slug: z.string().check(z.regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'must be empty or a lower-case slug')),
  guideUrl: z.nullable(pathSchema),
  showProfitTrackerButton: z.boolean(),
  profitTrackerSource: z.nullable(z.string().check(z.minLength(1))),
  capability: capabilityCodeSchema,
  profitTrackerTotalsEndpoint: z.optional(z.string().check(z.minLength(1))),
  profitTrackerTotalsParams: z.optional(z.record(z.string(), z.string())),
});

/**
 * One entry of the quick-links bar (spec section 3).
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * getBrand('primary').quickLinks.filter((q) => q.active).map((q) => q.name);
 * ```
 */
export const quickLinkSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  label: z.string().check(z.minLength(1)),
  href: pathSchema,
  icon: z.string().check(z.minLength(1)),
  order: z.int().check(z.gte(0)),
  active: z.boolean(),
});

/**
 * A banner image of a sale page.
 *
 * @example
 * ```ts
 * import { creativeSchema } from '@matchkit/sdk/model';
 * creativeSchema.parse({ src: '/img/sale.png', alt: 'Summer sale', width: 1200, height: 300 });
 * ```
 */
export const creativeSchema = z.object({
  src: z.string().check(z.minLength(1)),
  alt: z.string(),
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
});

/**
 * The sections of a sale page: its heading and text, and which blocks it shows.
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * getBrand('primary').sales[0]?.salePageSections.countdown; // true
 * ```
 */
export const salePageSectionsSchema = z.object({
  title: z.string().check(z.minLength(1)),
  description: z.string(),
  countdown: z.boolean(),
  plansComparison: z.boolean(),
  trustpilot: z.boolean(),
  testimonials: z.boolean(),
});

/**
 * One plan offered in a sale: the plan's name, its sale yearly price in pence and its payment link.
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * getBrand('primary').sales[0]?.plans[0]?.yearly; // 24700
 * ```
 */
export const salePlanSchema = z.object({
  plan: z.string().check(z.minLength(1)),
  yearly: penceSchema,
  paymentLink: pathSchema,
});

/**
 * A sale (spec section 3). It is active from `startDate` to `endDate`, both inclusive and both
 * instants with an offset. `usedSale` is fixed to `false` by the spec.
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * getBrand('primary').sales[0]?.startDate; // '2025-08-11T09:00:00+01:00'
 * ```
 */
export const saleSchema = z.object({
  id: z.string().check(z.minLength(1)),
  startDate: instantSchema,
  endDate: instantSchema,
  paymentLinkUniqParam: z.string().check(z.regex(/^[a-z0-9]+$/, 'must be lower-case letters and digits')),
  termsAndConditionsUrl: pathSchema,
  creatives: z.array(creativeSchema),
  salePageSections: salePageSectionsSchema,
  plans: z.array(salePlanSchema),
  usedSale: z.literal(false),
});

/**
 * An exchange a member can lay at (spec section 3).
 *
 * @example
 * ```ts
 * import { exchanges } from '@matchkit/sdk/exchanges';
 * exchanges.filter((e) => e.enabledByDefault).map((e) => e.name);
 * ```
 */
export const exchangeSchema = z.object({
  name: z.string().check(z.regex(/^[a-z0-9]+$/)),
  displayName: z.string().check(z.minLength(1)),
  imageSrc: z.string().check(z.minLength(1)),
  hasIntegration: z.boolean(),
  enabledByDefault: z.boolean(),
});

/**
 * The features an exchange provider can take part in (the keys of its `capabilities`).
 *
 * @example
 * ```ts
 * import { providerFeatureSchema } from '@matchkit/sdk/model';
 * providerFeatureSchema.options; // ['account', 'oddsmatching', '2upStandard', ...]
 * ```
 */
export const providerFeatureSchema = z.enum([
  'account',
  'oddsmatching',
  '2upStandard',
  '2upMaster',
  'extraPlaceMaster',
  'extraPlaceCatcher',
]);

/**
 * An exchange provider of the static provider table (spec section 3). `capabilities` maps each
 * feature the provider takes part in to the codes that unlock it there; a key may be absent
 * (betfair has no `2upStandard`) or hold an empty list.
 *
 * @example
 * ```ts
 * import { exchangeProviders } from '@matchkit/sdk/exchanges';
 * exchangeProviders.betconnect.isLockBetProvided; // ['extraPlaceMaster', 'extraPlaceCatcher']
 * ```
 */
export const exchangeProviderSchema = z.object({
  name: z.string().check(z.minLength(1)),
  apiName: z.string().check(z.minLength(1)),
  displayName: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1)),
  capabilities: z.partialRecord(providerFeatureSchema, z.array(capabilityCodeSchema)),
  isLockBetProvided: z.array(providerFeatureSchema),
  isLayThePlaceBetProvided: z.array(providerFeatureSchema),
});

/**
 * One rule of a member filter type. All rules of a filter must hold for a member to match.
 * - `tier`: the member's plan tier is one of `anyOf`;
 * - `capability` / `noCapability`: the member holds at least one / none of `anyOf`;
 * - `trial` / `legacy`: the member's subscription trial / legacy flag equals `equals`
 *   (a member with no subscription has both flags false);
 * - `billingTerm`: the member's subscription is billed per `equals`.
 *
 * @example
 * ```ts
 * import { memberFilterRuleSchema } from '@matchkit/sdk/model';
 * memberFilterRuleSchema.parse({ type: 'tier', anyOf: ['platinum'] });
 * ```
 */
export const memberFilterRuleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tier'), anyOf: z.array(z.string()).check(z.minLength(1)) }),
  z.object({ type: z.literal('capability'), anyOf: z.array(capabilityCodeSchema).check(z.minLength(1)) }),
  z.object({ type: z.literal('noCapability'), anyOf: z.array(capabilityCodeSchema).check(z.minLength(1)) }),
  z.object({ type: z.literal('trial'), equals: z.boolean() }),
  z.object({ type: z.literal('legacy'), equals: z.boolean() }),
  z.object({ type: z.literal('billingTerm'), equals: billingTermSchema }),
]);

/**
 * A member filter type (spec section 3): an id, a label, the value it filters on (the member
 * segment id) and the rules a member must meet.
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * getBrand('primary').memberFilterTypes.map((f) => f.value);
 * ```
 */
export const memberFilterTypeSchema = z.object({
  id: z.string().check(z.minLength(1)),
  label: z.string().check(z.minLength(1)),
  value: z.string().check(z.minLength(1)),
  rules: z.array(memberFilterRuleSchema),
});

/**
 * The kinds of profit the profit tracker records (spec section 3).
 *
 * @example
 * ```ts
 * import { profitTypeSchema } from '@matchkit/sdk/model';
 * profitTypeSchema.options; // ['guaranteed', 'potential', 'training', 'ev']
 * ```
 */
export const profitTypeSchema = z.enum(['guaranteed', 'potential', 'training', 'ev']);

// ---------------------------------------------------------------------------------------------
// Inferred types
// ---------------------------------------------------------------------------------------------

/** A capability code. @example `const code: CapabilityCode = 'PA-CAP-006';` */
export type CapabilityCode = string;
/** Integer pence. @example `const price: Pence = 3999; // £39.99` */
export type Pence = number;
/** A subscription billing term. @example `const term: BillingTerm = 'month';` */
export type BillingTerm = z.output<typeof billingTermSchema>;
/** A member's subscription. @example `const s: Subscription = { billingTerm: 'year', isTrial: false, isLegacy: false, endsAt: null };` */
export type Subscription = DeepReadonly<z.output<typeof subscriptionSchema>>;
/** A member's billing record. @example `const b: Billing = { customerId: 'cus_1', nextChargeAt: null };` */
export type Billing = DeepReadonly<z.output<typeof billingSchema>>;
/** An integration's status. @example `const s: IntegrationStatus = 'connected';` */
export type IntegrationStatus = z.output<typeof integrationStatusSchema>;
/** A member (see {@link userSchema}). @example `const codes = (u: User) => [...u.capabilities, ...u.additionalCapabilities];` */
export type User = DeepReadonly<z.output<typeof userSchema>>;
/**
 * The part of a {@link User} that entitlement decisions read: the two capability lists and,
 * for member segments, the subscription.
 *
 * @example
 * ```ts
 * import type { EntitledUser } from '@matchkit/sdk/model';
 * const member: EntitledUser = { capabilities: ['PA-CAP-29'], additionalCapabilities: [] };
 * ```
 */
export type EntitledUser = Pick<User, 'capabilities' | 'additionalCapabilities'> & {
  readonly subscription?: Subscription | null;
};
/** A plan's prices in pence. @example `const p: PlanPrice = { firstMonth: 3999, monthly: 3999, yearly: 35000 };` */
export type PlanPrice = DeepReadonly<z.output<typeof planPriceSchema>>;
/** A purchasable plan (see {@link planSchema}). @example `const yearly = (p: Plan) => p.price.yearly;` */
export type Plan = DeepReadonly<z.output<typeof planSchema>>;
/** A tool (see {@link toolSchema}). @example `const hasPage = (t: Tool) => t.slug !== '';` */
export type Tool = DeepReadonly<z.output<typeof toolSchema>>;
/** A quick link (see {@link quickLinkSchema}). @example `const on = (q: QuickLink) => q.active;` */
export type QuickLink = DeepReadonly<z.output<typeof quickLinkSchema>>;
/** A sale banner image. @example `const c: Creative = { src: '/a.png', alt: '', width: 10, height: 10 };` */
export type Creative = DeepReadonly<z.output<typeof creativeSchema>>;
/** The sections of a sale page. @example `const shows = (s: SalePageSections) => s.countdown;` */
export type SalePageSections = DeepReadonly<z.output<typeof salePageSectionsSchema>>;
/** One plan in a sale. @example `const link = (p: SalePlan) => p.paymentLink;` */
export type SalePlan = DeepReadonly<z.output<typeof salePlanSchema>>;
/** A sale (see {@link saleSchema}). @example `const starts = (s: Sale) => Date.parse(s.startDate);` */
export type Sale = DeepReadonly<z.output<typeof saleSchema>>;
/** An exchange (see {@link exchangeSchema}). @example `const on = (e: Exchange) => e.enabledByDefault;` */
export type Exchange = DeepReadonly<z.output<typeof exchangeSchema>>;
/** A provider feature key. @example `const f: ProviderFeature = 'extraPlaceMaster';` */
export type ProviderFeature = z.output<typeof providerFeatureSchema>;
/** An exchange provider (see {@link exchangeProviderSchema}). @example `const lock = (p: ExchangeProvider) => p.isLockBetProvided.length > 0;` */
export type ExchangeProvider = DeepReadonly<z.output<typeof exchangeProviderSchema>>;
/** One member filter rule (see {@link memberFilterRuleSchema}). @example `const r: MemberFilterRule = { type: 'trial', equals: true };` */
export type MemberFilterRule = DeepReadonly<z.output<typeof memberFilterRuleSchema>>;
/** A member filter type (see {@link memberFilterTypeSchema}). @example `const f: MemberFilterType = { id: 'pro', label: 'Pro', value: 'pro', rules: [] };` */
export type MemberFilterType = DeepReadonly<z.output<typeof memberFilterTypeSchema>>;
/** A profit type. @example `const t: ProfitType = 'guaranteed';` */
export type ProfitType = z.output<typeof profitTypeSchema>;
