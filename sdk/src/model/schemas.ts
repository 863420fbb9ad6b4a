import * as v from 'valibot';
import * as s from '../internal/schemas';
import type { DeepReadonly } from '../internal/readonly';
import { REFERRAL_CODE_PATTERN } from './referral-code';
import { CAPABILITY_CODE_PATTERN } from './capability-code';

// ---------------------------------------------------------------------------------------------
// Shared scalars
// ---------------------------------------------------------------------------------------------

/**
 * A capability code such as `PA-CAP-006` (the platform's codes) or `MK-CAP-CASINO` (codes this
 * reference catalogue introduces where the spec gives none): upper-case words joined by dashes.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { capabilityCodeSchema } from '@matchkit/sdk/model';
 * v.safeParse(capabilityCodeSchema, 'PA-CAP-006').success; // true
 * ```
 */
export const capabilityCodeSchema = s.matching(CAPABILITY_CODE_PATTERN, 'must be a capability code such as PA-CAP-006');

const PENCE_MESSAGE = 'must be a whole, non-negative number of pence';

/**
 * An amount of money in integer pence (GBP), never negative. `3999` is £39.99.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { penceSchema } from '@matchkit/sdk/model';
 * v.safeParse(penceSchema, 39.99).success; // false: pence are whole numbers
 * ```
 */
export const penceSchema = v.pipe(s.int(PENCE_MESSAGE), s.gte(0, PENCE_MESSAGE));

/**
 * A site-relative path such as `/subscribe/pro`: starts with one `/`.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { pathSchema } from '@matchkit/sdk/model';
 * v.safeParse(pathSchema, '/oddsmatching').success; // true
 * ```
 */
export const pathSchema = s.matching(/^\/(?!\/)\S*$/, 'must be a site-relative path starting with /');

/**
 * An instant written as ISO 8601 with an explicit UTC offset, such as `2025-08-11T09:00:00+01:00`.
 * A date-time without an offset is rejected: it would not name one instant.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { instantSchema } from '@matchkit/sdk/model';
 * v.safeParse(instantSchema, '2025-08-11T09:00:00').success; // false: no offset
 * ```
 */
export const instantSchema = s.instant('must be an ISO 8601 date-time with an offset');

// ---------------------------------------------------------------------------------------------
// User
// ---------------------------------------------------------------------------------------------

/**
 * How a subscription is billed. The platform's value `month` means monthly.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { billingTermSchema } from '@matchkit/sdk/model';
 * v.parse(billingTermSchema, 'month');
 * ```
 */
export const billingTermSchema = s.picklist(['month', 'year']);

/**
 * A member's subscription. `isTrial` and `isLegacy` drive the member segments (platinum trial,
 * platinum legacy); `endsAt` is the end of the paid (or trial) period.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { subscriptionSchema } from '@matchkit/sdk/model';
 * v.parse(subscriptionSchema, { billingTerm: 'month', isTrial: false, isLegacy: false, endsAt: null });
 * ```
 */
export const subscriptionSchema = s.object({
  /** How the subscription is billed: `month` (monthly) or `year`. */
  billingTerm: billingTermSchema,
  /** True while the member is in a free trial. */
  isTrial: s.boolean(),
  /** True for a subscription on a legacy (grandfathered) price. */
  isLegacy: s.boolean(),
  /** When the paid or trial period ends, or null when open-ended. */
  endsAt: s.nullable(instantSchema),
});

/**
 * A member's billing record: the payment provider's customer id and the next charge, if any.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { billingSchema } from '@matchkit/sdk/model';
 * v.parse(billingSchema, { customerId: null, nextChargeAt: null });
 * ```
 */
export const billingSchema = s.object({
  /** The payment provider's customer id, or null. */
  customerId: s.nullable(s.string()),
  /** When the next charge is due, or null when none is scheduled. */
  nextChargeAt: s.nullable(instantSchema),
});

/**
 * The connection status of one external integration (an exchange account, for example).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { integrationStatusSchema } from '@matchkit/sdk/model';
 * v.parse(integrationStatusSchema, 'connected');
 * ```
 */
export const integrationStatusSchema = s.picklist(['connected', 'disconnected', 'expired']);

/**
 * A member of the platform (spec section 3). Access is decided by the codes in `capabilities`
 * and `additionalCapabilities` together.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { userSchema } from '@matchkit/sdk/model';
 * const user = v.parse(userSchema, {
 *   uid: { global: 'u-1', wordpress: 42 },
 *   firstName: 'Ada', lastName: 'Lay', username: 'ada', email: 'ada@example.com',
 *   capabilities: ['PA-CAP-29'], additionalCapabilities: [],
 *   subscription: null, billing: null,
 *   referAFriend: { referralCode: 'ADA42' },
 *   integrations: {},
 * });
 * ```
 */
export const userSchema = s.object({
  /** The member's ids: the platform-wide `global` id and the `wordpress` id. */
  uid: s.object({
    /** The platform-wide id. */
    global: s.nonEmpty(),
    /** The content site's numeric id, or null. */
    wordpress: s.nullable(v.pipe(s.int(), s.gt(0))),
  }),
  /** First name. */
  firstName: s.string(),
  /** Last name. */
  lastName: s.string(),
  /** Login name. */
  username: s.nonEmpty(),
  /** Email address. */
  email: s.email(),
  /** Capability codes held through the member's plan. */
  capabilities: s.array(capabilityCodeSchema),
  /** Capability codes granted on top of the plan; they count exactly like `capabilities`. */
  additionalCapabilities: s.array(capabilityCodeSchema),
  /** The subscription, or null for a member without one. */
  subscription: s.nullable(subscriptionSchema),
  /** The billing record, or null. */
  billing: s.nullable(billingSchema),
  /** The member's refer-a-friend details. */
  referAFriend: s.object({
    /** The code that credits this member with a referral: 4 to 16 of A-Z and 0-9, upper case. */
    referralCode: s.matching(REFERRAL_CODE_PATTERN, 'must be 4 to 16 upper-case letters A-Z and digits 0-9'),
  }),
  /** Status per external integration, keyed by integration name. */
  integrations: s.record(s.string(), integrationStatusSchema),
});

// ---------------------------------------------------------------------------------------------
// Catalogue entities
// ---------------------------------------------------------------------------------------------

/**
 * The three prices of a plan in integer pence: the first month, each month after, and a year.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { planPriceSchema } from '@matchkit/sdk/model';
 * v.parse(planPriceSchema, { firstMonth: 3999, monthly: 3999, yearly: 35000 });
 * ```
 */
export const planPriceSchema = s.object({
  /** Price of the first month, in pence. */
  firstMonth: penceSchema,
  /** Price of each month, in pence. */
  monthly: penceSchema,
  /** Price of a year, in pence. */
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
export const planSchema = s.object({
  /** The tier id this plan grants (`platinum`, `starter`, ...). */
  name: s.nonEmpty(),
  /** Display name. */
  label: s.nonEmpty(),
  /** The plan's own capability code. */
  capability: capabilityCodeSchema,
  /** Feature flags: feature key of the brand's feature matrix to whether the plan includes it. */
  details: s.record(s.string(), s.boolean()),
  /** Path of the purchase page (`/subscribe/{plan}`). */
  paymentFormUrl: pathSchema,
  /** Prices in pence. */
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
export const toolSchema = s.object({
  /** Brand-independent id of the tool (`oddsmatcher`, `twoUpMaster`, ...). */
  key: s.nonEmpty(),
  /** Full display title. */
  title: s.nonEmpty(),
  /** Short title for menus and quick links. */
  shortTitle: s.nonEmpty(),
  /** The tool page's slug; empty when the tool has no page of its own. */
  slug: s.matching(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'must be empty or a lower-case slug'),
  /** Path of the tool's guide, or null. */
  guideUrl: s.nullable(pathSchema),
  /** Whether the tool offers to record a bet in the profit tracker. */
  showProfitTrackerButton: s.boolean(),
  /** The source tag of bets recorded from this tool, or null. */
  profitTrackerSource: s.nullable(s.nonEmpty()),
  /** The capability code that unlocks the tool. */
  capability: capabilityCodeSchema,
  /** Name of the profit-tracker totals endpoint for this tool's bets, if any. */
  profitTrackerTotalsEndpoint: s.optional(s.nonEmpty()),
  /** Parameters sent with the totals endpoint. */
  profitTrackerTotalsParams: s.optional(s.record(s.string(), s.string())),
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
export const quickLinkSchema = s.object({
  /** Stable id. */
  id: s.nonEmpty(),
  /** Name. */
  name: s.nonEmpty(),
  /** Display label. */
  label: s.nonEmpty(),
  /** Target path. */
  href: pathSchema,
  /** Icon name. */
  icon: s.nonEmpty(),
  /** Position in the bar, from 0. */
  order: v.pipe(s.int(), s.gte(0)),
  /** Whether the link shows by default. */
  active: s.boolean(),
});

/**
 * A banner image of a sale page.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { creativeSchema } from '@matchkit/sdk/model';
 * v.parse(creativeSchema, { src: '/img/sale.png', alt: 'Summer sale', width: 1200, height: 300 });
 * ```
 */
export const creativeSchema = s.object({
  /** Image URL. */
  src: s.nonEmpty(),
  /** Alternative text. */
  alt: s.string(),
  /** Width in pixels. */
  width: v.pipe(s.int(), s.gt(0)),
  /** Height in pixels. */
  height: v.pipe(s.int(), s.gt(0)),
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
export const salePageSectionsSchema = s.object({
  /** Heading of the sale page. */
  title: s.nonEmpty(),
  /** Text under the heading. */
  description: s.string(),
  /** Whether to show the countdown to the end. */
  countdown: s.boolean(),
  /** Whether to show the plan comparison. */
  plansComparison: s.boolean(),
  /** Whether to show the trust reviews block. */
  trustpilot: s.boolean(),
  /** Whether to show testimonials. */
  testimonials: s.boolean(),
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
export const salePlanSchema = s.object({
  /** The plan's name. */
  plan: s.nonEmpty(),
  /** Sale price of a year, in pence. */
  yearly: penceSchema,
  /** Path of the sale purchase page. */
  paymentLink: pathSchema,
});

/**
 * A sale (spec section 3). It is active from `startDate` to the END of the second `endDate`
 * names (a half-open window: see `saleWindow` in `@matchkit/sdk/sales`); both are instants with
 * an offset. `usedSale` is fixed to `false` by the spec.
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * getBrand('primary').sales[0]?.startDate; // '2025-08-11T09:00:00+01:00'
 * ```
 */
export const saleSchema = s.object({
  /** Stable id of the sale. */
  id: s.nonEmpty(),
  /** First instant of the sale (inclusive), with its offset. */
  startDate: instantSchema,
  /** The last second of the sale, with its offset: the sale lasts to the end of this second. */
  endDate: instantSchema,
  /** The code that ends the sale's payment links. */
  paymentLinkUniqParam: s.matching(/^[a-z0-9]+$/, 'must be lower-case letters and digits'),
  /** Path of the sale's terms. */
  termsAndConditionsUrl: pathSchema,
  /** Banner images. */
  creatives: s.array(creativeSchema),
  /** What the sale page shows. */
  salePageSections: salePageSectionsSchema,
  /** The plans on sale with their yearly prices and links. */
  plans: s.array(salePlanSchema),
  /** The used-sale flag: fixed to false by the spec. */
  usedSale: s.literal(false),
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
export const exchangeSchema = s.object({
  /** Lower-case key (`matchbook`). */
  name: s.matching(/^[a-z0-9]+$/),
  /** Display name. */
  displayName: s.nonEmpty(),
  /** Logo path. */
  imageSrc: s.nonEmpty(),
  /** Whether an account integration is available. */
  hasIntegration: s.boolean(),
  /** Whether the exchange is on for a member who has not chosen. */
  enabledByDefault: s.boolean(),
});

/**
 * The features an exchange provider can take part in (the keys of its `capabilities`), in the
 * order of the spec's table.
 *
 * @example
 * ```ts
 * import { PROVIDER_FEATURES } from '@matchkit/sdk/model';
 * PROVIDER_FEATURES.includes('extraPlaceMaster'); // true
 * ```
 */
export const PROVIDER_FEATURES = ['account', 'oddsmatching', '2upStandard', '2upMaster', 'extraPlaceMaster', 'extraPlaceCatcher'] as const;

/**
 * Schema of one of {@link PROVIDER_FEATURES}.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { providerFeatureSchema } from '@matchkit/sdk/model';
 * v.safeParse(providerFeatureSchema, '2upStandard').success; // true
 * ```
 */
export const providerFeatureSchema = s.picklist(PROVIDER_FEATURES);

// A partial record of the provider features (the keys of PROVIDER_FEATURES, in its order): each key
// may be absent, none other may be present. Written out so that each key carries its description.
const providerCodes = () => s.exactOptional(s.array(capabilityCodeSchema));
const providerCapabilities = {
  /** Codes that unlock the exchange account features with this provider. */
  account: providerCodes(),
  /** Codes that unlock the oddsmatcher with this provider. */
  oddsmatching: providerCodes(),
  /** Codes that unlock the 2UP standard tool with this provider. */
  '2upStandard': providerCodes(),
  /** Codes that unlock the 2UP master tool with this provider. */
  '2upMaster': providerCodes(),
  /** Codes that unlock the extra place master tool with this provider. */
  extraPlaceMaster: providerCodes(),
  /** Codes that unlock the extra place catcher with this provider. */
  extraPlaceCatcher: providerCodes(),
} satisfies Record<(typeof PROVIDER_FEATURES)[number], unknown>;

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
export const exchangeProviderSchema = s.object({
  /** Provider key. */
  name: s.nonEmpty(),
  /** Name used by the odds and account APIs. */
  apiName: s.nonEmpty(),
  /** Display name. */
  displayName: s.nonEmpty(),
  /** Equal to the lower-case provider key. */
  url: s.nonEmpty(),
  /** Feature to the codes that unlock it with this provider; a key may be absent. */
  capabilities: s.strictObject(providerCapabilities, undefined, 'record'),
  /** Features for which the provider offers a locked hedge. */
  isLockBetProvided: s.array(providerFeatureSchema),
  /** Features for which the provider offers a place market to lay. */
  isLayThePlaceBetProvided: s.array(providerFeatureSchema),
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
 * import * as v from 'valibot';
 * import { memberFilterRuleSchema } from '@matchkit/sdk/model';
 * v.parse(memberFilterRuleSchema, { type: 'tier', anyOf: ['platinum'] });
 * ```
 */
export const memberFilterRuleSchema = s.variant('type', [
  s.variantOption({
    /** Rule type: the member's tier is one of `anyOf`. */
    type: s.literal('tier'),
    /** Tier ids. */
    anyOf: v.pipe(s.array(s.string()), s.minLength(1)),
  }),
  s.variantOption({
    /** Rule type: the member holds at least one of `anyOf`. */
    type: s.literal('capability'),
    /** Capability codes. */
    anyOf: v.pipe(s.array(capabilityCodeSchema), s.minLength(1)),
  }),
  s.variantOption({
    /** Rule type: the member holds none of `anyOf`. */
    type: s.literal('noCapability'),
    /** Capability codes. */
    anyOf: v.pipe(s.array(capabilityCodeSchema), s.minLength(1)),
  }),
  s.variantOption({
    /** Rule type: the subscription's trial flag equals `equals`. */
    type: s.literal('trial'),
    /** The required value. */
    equals: s.boolean(),
  }),
  s.variantOption({
    /** Rule type: the subscription's legacy flag equals `equals`. */
    type: s.literal('legacy'),
    /** The required value. */
    equals: s.boolean(),
  }),
  s.variantOption({
    /** Rule type: the subscription is billed per `equals`. */
    type: s.literal('billingTerm'),
    /** The required billing term. */
    equals: billingTermSchema,
  }),
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
export const memberFilterTypeSchema = s.object({
  /** Stable id. */
  id: s.nonEmpty(),
  /** Display label. */
  label: s.nonEmpty(),
  /** The value filtered on: the member segment id. */
  value: s.nonEmpty(),
  /** Rules a member must all meet. */
  rules: s.array(memberFilterRuleSchema),
});

/**
 * The kinds of profit the profit tracker records (spec section 3).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { profitTypeSchema } from '@matchkit/sdk/model';
 * v.safeParse(profitTypeSchema, 'ev').success; // true
 * ```
 */
export const profitTypeSchema = s.picklist(['guaranteed', 'potential', 'training', 'ev']);

// ---------------------------------------------------------------------------------------------
// Inferred types
// ---------------------------------------------------------------------------------------------

/** A capability code. @example `const code: CapabilityCode = 'PA-CAP-006';` */
export type CapabilityCode = string;
/** Integer pence. @example `const price: Pence = 3999; // £39.99` */
export type Pence = number;
/** A subscription billing term. @example `const term: BillingTerm = 'month';` */
export type BillingTerm = v.InferOutput<typeof billingTermSchema>;
/** A member's subscription. @example `const s: Subscription = { billingTerm: 'year', isTrial: false, isLegacy: false, endsAt: null };` */
export type Subscription = DeepReadonly<v.InferOutput<typeof subscriptionSchema>>;
/** A member's billing record. @example `const b: Billing = { customerId: 'cus_1', nextChargeAt: null };` */
export type Billing = DeepReadonly<v.InferOutput<typeof billingSchema>>;
/** An integration's status. @example `const s: IntegrationStatus = 'connected';` */
export type IntegrationStatus = v.InferOutput<typeof integrationStatusSchema>;
/**
 * A member's integration statuses, keyed by integration name (`matchbook`, `smarkets`, ...): the
 * `integrations` map of a {@link User}, the data of the platform's integration check.
 *
 * @example
 * ```ts
 * import type { IntegrationStatusMap } from '@matchkit/sdk/model';
 * const statuses: IntegrationStatusMap = { matchbook: 'connected', betfair: 'expired' };
 * ```
 */
export type IntegrationStatusMap = Readonly<Record<string, IntegrationStatus>>;
/**
 * The answer of the platform's integration check, `GET /api/user/integrations/external/check`
 * (spec section 7): `data`, the status per integration, and `error`, the flag the server sets when
 * it could not check (some provider did not answer; `data` may then be null). The one type of
 * this response: the transport's `checkIntegrations` resolves to it and the integrations store's
 * `check` option returns it. A store leaves its statuses unchanged when `error` is set (spec
 * section 8).
 *
 * @typeParam TData - the status map's type; the platform's is {@link IntegrationStatusMap}
 *
 * @example
 * ```ts
 * import type { IntegrationsCheck } from '@matchkit/sdk/model';
 * const ok: IntegrationsCheck = { data: { matchbook: 'connected' }, error: false };
 * const failed: IntegrationsCheck = { data: null, error: true };
 * ```
 */
export interface IntegrationsCheck<TData = IntegrationStatusMap> {
  /** Status per integration; null only when `error` is true and the server sent none. */
  readonly data: TData | null;
  /** The error flag: true when the check failed on the server's side. */
  readonly error: boolean;
}
/** A member (see {@link userSchema}). @example `const codes = (u: User) => [...u.capabilities, ...u.additionalCapabilities];` */
export type User = DeepReadonly<v.InferOutput<typeof userSchema>>;
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
  /** The subscription, read by member segments and filters; absent or null counts as none. */
  readonly subscription?: Subscription | null;
};
/** A plan's prices in pence. @example `const p: PlanPrice = { firstMonth: 3999, monthly: 3999, yearly: 35000 };` */
export type PlanPrice = DeepReadonly<v.InferOutput<typeof planPriceSchema>>;
/** A purchasable plan (see {@link planSchema}). @example `const yearly = (p: Plan) => p.price.yearly;` */
export type Plan = DeepReadonly<v.InferOutput<typeof planSchema>>;
/** A tool (see {@link toolSchema}). @example `const hasPage = (t: Tool) => t.slug !== '';` */
export type Tool = DeepReadonly<v.InferOutput<typeof toolSchema>>;
/** A quick link (see {@link quickLinkSchema}). @example `const on = (q: QuickLink) => q.active;` */
export type QuickLink = DeepReadonly<v.InferOutput<typeof quickLinkSchema>>;
/** A sale banner image. @example `const c: Creative = { src: '/a.png', alt: '', width: 10, height: 10 };` */
export type Creative = DeepReadonly<v.InferOutput<typeof creativeSchema>>;
/** The sections of a sale page. @example `const shows = (s: SalePageSections) => s.countdown;` */
export type SalePageSections = DeepReadonly<v.InferOutput<typeof salePageSectionsSchema>>;
/** One plan in a sale. @example `const link = (p: SalePlan) => p.paymentLink;` */
export type SalePlan = DeepReadonly<v.InferOutput<typeof salePlanSchema>>;
/** A sale (see {@link saleSchema}). @example `const starts = (s: Sale) => Date.parse(s.startDate);` */
export type Sale = DeepReadonly<v.InferOutput<typeof saleSchema>>;
/** An exchange (see {@link exchangeSchema}). @example `const on = (e: Exchange) => e.enabledByDefault;` */
export type Exchange = DeepReadonly<v.InferOutput<typeof exchangeSchema>>;
/** A provider feature key. @example `const f: ProviderFeature = 'extraPlaceMaster';` */
export type ProviderFeature = v.InferOutput<typeof providerFeatureSchema>;
/** An exchange provider (see {@link exchangeProviderSchema}). @example `const lock = (p: ExchangeProvider) => p.isLockBetProvided.length > 0;` */
export type ExchangeProvider = DeepReadonly<v.InferOutput<typeof exchangeProviderSchema>>;
/** One member filter rule (see {@link memberFilterRuleSchema}). @example `const r: MemberFilterRule = { type: 'trial', equals: true };` */
export type MemberFilterRule = DeepReadonly<v.InferOutput<typeof memberFilterRuleSchema>>;
/** A member filter type (see {@link memberFilterTypeSchema}). @example `const f: MemberFilterType = { id: 'pro', label: 'Pro', value: 'pro', rules: [] };` */
export type MemberFilterType = DeepReadonly<v.InferOutput<typeof memberFilterTypeSchema>>;
/** A profit type. @example `const t: ProfitType = 'guaranteed';` */
export type ProfitType = v.InferOutput<typeof profitTypeSchema>;
