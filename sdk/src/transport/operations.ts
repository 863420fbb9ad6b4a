import type { BalanceTotals } from '../tracker/balance';
import type { TypedDocumentString } from './document';
import type {
  GqlAccountBalance,
  GqlAffiliateEarnings,
  GqlBalanceEntry,
  GqlBalanceEntryKind,
  GqlBillingTerm,
  GqlBrandId,
  GqlChangeKind,
  GqlExchange,
  GqlExchangeProvider,
  GqlExchangeSetting,
  GqlGuide,
  GqlImportBetsPayload,
  GqlOddsUpdate,
  GqlOffer,
  GqlPageInfo,
  GqlPlan,
  GqlProfitTotals,
  GqlProfitType,
  GqlPurchase,
  GqlSale,
  GqlTool,
  GqlTrackedBet,
  GqlTrackedBetFilter,
  GqlTrackedLeg,
  GqlUser,
} from './types';

// Hand-written typed documents in the shape of GraphQL Code Generator's "string" document mode:
// each operation is one string literal, its text followed by the definitions of the fragments it
// spreads, typed as a TypedDocumentString (a string branded with its result and variables types).
// Nothing is parsed or computed when this module is imported, and a bundler drops every document
// you do not import. The fragments are written out in each document that spreads them rather than
// kept in shared constants and interpolated: bundlers (esbuild, Rollup) keep every template
// literal or `+` that reads another constant, which would ship all 24 documents with any one.
// operations.test.ts parses every document, validates it against the platform schema, and checks
// that a fragment written out in several documents is the same everywhere.

/** No variables. @example `const vars: NoVariables = {};` */
export type NoVariables = Record<string, never>;

// ---------------------------------------------------------------------------------------------
// Users and auth
// ---------------------------------------------------------------------------------------------

/** Result of {@link MeQuery}. @example `const email = (d: MeQueryData) => d.me?.email;` */
export interface MeQueryData {
  /** The signed-in member, or null. */
  readonly me: GqlUser | null;
  /** The brand the server serves. */
  readonly brand: GqlBrandId;
}

/**
 * The signed-in member (null when signed out) and the server's brand.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, MeQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: MeQuery });
 * data.me?.capabilities;
 * ```
 */
export const MeQuery = `
query Me {
  brand
  me { ...UserFields }
}
fragment UserFields on User {
  uid { global wordpress }
  firstName lastName username email
  capabilities additionalCapabilities
  subscription { billingTerm isTrial isLegacy endsAt }
  billing { customerId nextChargeAt }
  referAFriend { referralCode }
  integrations { integration status }
}` as TypedDocumentString<MeQueryData, NoVariables>;

/** Variables of {@link LoginMutation}. @example `const v: LoginMutationVariables = { input: { login: 'ada', password: 'secret' } };` */
export interface LoginMutationVariables {
  /** Credentials. */
  readonly input: {
    /** Email address or username. */
    readonly login: string;
    /** Password. */
    readonly password: string;
  };
}
/** Result of {@link LoginMutation}. @example `const token = (d: LoginMutationData) => d.login.token;` */
export interface LoginMutationData {
  /** The session. */
  readonly login: {
    /** The member. */
    readonly user: GqlUser;
    /** The JWT. */
    readonly token: string;
    /** When it expires. */
    readonly expiresAt: string;
  };
}

/**
 * Signs in (the server also sets the `_opjwt` cookie).
 *
 * @example
 * ```ts
 * import { createGraphQLClient, LoginMutation } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * await client.request({ query: LoginMutation, variables: { input: { login: 'ada', password: 'secret' } } });
 * ```
 */
export const LoginMutation = `
mutation Login($input: LoginInput!) {
  login(input: $input) {
    user { ...UserFields }
    token
    expiresAt
  }
}
fragment UserFields on User {
  uid { global wordpress }
  firstName lastName username email
  capabilities additionalCapabilities
  subscription { billingTerm isTrial isLegacy endsAt }
  billing { customerId nextChargeAt }
  referAFriend { referralCode }
  integrations { integration status }
}` as TypedDocumentString<LoginMutationData, LoginMutationVariables>;

/** Result of {@link LogoutMutation}. @example `const ended = (d: LogoutMutationData) => d.logout;` */
export interface LogoutMutationData {
  /** True when a session ended. */
  readonly logout: boolean;
}

/**
 * Signs out (the server clears the JWT cookie).
 *
 * @example
 * ```ts
 * import { createGraphQLClient, LogoutMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: LogoutMutation });
 * ```
 */
export const LogoutMutation = `
mutation Logout { logout }` as TypedDocumentString<LogoutMutationData, NoVariables>;

/** Result of {@link RefreshSessionMutation}. @example `const token = (d: RefreshSessionMutationData) => d.refreshSession.token;` */
export interface RefreshSessionMutationData {
  /** The renewed session, or why there is none. */
  readonly refreshSession: {
    /** True when a fresh token was issued. */
    readonly ok: boolean;
    /** Why not, when not ok (`UNAUTHENTICATED`: signed out, or the session ended). */
    readonly error: {
      /** The server's error code (the schema's `ErrorCode`). */
      readonly code: string;
      /** A message a person can read. */
      readonly message: string;
      /** The input field it is about, or null. */
      readonly field: string | null;
    } | null;
    /** The fresh JWT (the server also sets it as the `_opjwt` cookie), when ok. */
    readonly token: string | null;
    /** When the fresh token expires (ISO 8601), when ok. */
    readonly expiresAt: string | null;
  };
}

/**
 * A fresh token for the signed-in session (the same sign-in: a session still ends when the server
 * says, however often it is renewed). The server also sets the `_opjwt` cookie. Signed out, or
 * with the session over, the server refuses it with an `UNAUTHENTICATED` GraphQL error (the
 * client rejects with kind `graphql`). What a subscription client's `refreshToken` calls when the
 * server closes its socket because the token ran out (`TOKEN_EXPIRED_CLOSE_CODE`).
 *
 * @example
 * ```ts
 * import { createGraphQLClient, RefreshSessionMutation } from '@matchkit/sdk/transport';
 * const api = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await api.request({ query: RefreshSessionMutation });
 * data.refreshSession.expiresAt;
 * ```
 */
export const RefreshSessionMutation = `
mutation RefreshSession {
  refreshSession {
    ok
    error { code message field }
    token
    expiresAt
  }
}` as TypedDocumentString<RefreshSessionMutationData, NoVariables>;

// ---------------------------------------------------------------------------------------------
// Plans, purchases, sales
// ---------------------------------------------------------------------------------------------

/** Result of {@link PlansQuery}. @example `const names = (d: PlansQueryData) => d.plans.map((p) => p.name);` */
export interface PlansQueryData {
  /** The brand's plans, in tier order. */
  readonly plans: readonly GqlPlan[];
}

/**
 * The brand's plans with their prices in pence.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, PlansQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: PlansQuery });
 * data.plans[0]?.price.monthly;
 * ```
 */
export const PlansQuery = `
query Plans { plans { ...PlanFields } }
fragment PlanFields on Plan {
  name label capability
  details { key included }
  paymentFormUrl
  price { firstMonth monthly yearly }
}` as TypedDocumentString<PlansQueryData, NoVariables>;

/** Variables of {@link SalesQuery}. @example `const v: SalesQueryVariables = { at: '2025-08-12T12:00:00+01:00' };` */
export interface SalesQueryVariables {
  /** The instant for `activeSale` (default: now). */
  readonly at?: string | null;
}
/** Result of {@link SalesQuery}. @example `const on = (d: SalesQueryData) => d.activeSale !== null;` */
export interface SalesQueryData {
  /** Every sale. */
  readonly sales: readonly GqlSale[];
  /** The sale active at `at`, or null. */
  readonly activeSale: GqlSale | null;
}

/**
 * The brand's sales and the one active at an instant.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, SalesQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: SalesQuery, variables: {} });
 * data.activeSale?.endDate;
 * ```
 */
export const SalesQuery = `
query Sales($at: DateTime) {
  sales { ...SaleFields }
  activeSale(at: $at) { ...SaleFields }
}
fragment SaleFields on Sale {
  id startDate endDate paymentLinkUniqParam termsAndConditionsUrl
  creatives { src alt width height }
  salePageSections { title description countdown plansComparison trustpilot testimonials }
  plans { plan yearly paymentLink }
  usedSale
}` as TypedDocumentString<SalesQueryData, SalesQueryVariables>;

/** Variables of {@link PurchasePlanMutation}. @example `const v: PurchasePlanMutationVariables = { input: { plan: 'pro', billingTerm: 'year', paymentToken: 'tok_1' } };` */
export interface PurchasePlanMutationVariables {
  /** What to buy. */
  readonly input: {
    /** The plan's name. */
    readonly plan: string;
    /** Billing term. */
    readonly billingTerm: GqlBillingTerm;
    /** Sale id, when bought through a sale link. */
    readonly saleId?: string | null;
    /** The payment provider's one-time token. */
    readonly paymentToken: string;
  };
}
/** Result of {@link PurchasePlanMutation}. @example `const granted = (d: PurchasePlanMutationData) => d.purchasePlan.purchase.grantedCapabilities;` */
export interface PurchasePlanMutationData {
  /** The purchase and the updated member. */
  readonly purchasePlan: {
    /** The purchase. */
    readonly purchase: GqlPurchase;
    /** The member with the new capabilities. */
    readonly user: GqlUser;
  };
}

/**
 * Buys a plan; the server grants the sdk's `grantedCapabilities` of the plan. Not retried on
 * network errors (a mutation).
 *
 * @example
 * ```ts
 * import { createGraphQLClient, PurchasePlanMutation } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({
 *   query: PurchasePlanMutation,
 *   variables: { input: { plan: 'diamond', billingTerm: 'month', paymentToken: 'tok_1' } },
 * });
 * data.purchasePlan.user.capabilities;
 * ```
 */
export const PurchasePlanMutation = `
mutation PurchasePlan($input: PurchasePlanInput!) {
  purchasePlan(input: $input) {
    purchase { ...PurchaseFields }
    user { ...UserFields }
  }
}
fragment PurchaseFields on Purchase {
  id plan billingTerm amount saleId purchasedAt grantedCapabilities
}
fragment UserFields on User {
  uid { global wordpress }
  firstName lastName username email
  capabilities additionalCapabilities
  subscription { billingTerm isTrial isLegacy endsAt }
  billing { customerId nextChargeAt }
  referAFriend { referralCode }
  integrations { integration status }
}` as TypedDocumentString<PurchasePlanMutationData, PurchasePlanMutationVariables>;

/** Result of {@link MyPurchasesQuery}. @example `const count = (d: MyPurchasesQueryData) => d.myPurchases.length;` */
export interface MyPurchasesQueryData {
  /** Purchases, newest first. */
  readonly myPurchases: readonly GqlPurchase[];
}

/**
 * The signed-in member's purchases.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, MyPurchasesQuery } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: MyPurchasesQuery });
 * ```
 */
export const MyPurchasesQuery = `
query MyPurchases { myPurchases { ...PurchaseFields } }
fragment PurchaseFields on Purchase {
  id plan billingTerm amount saleId purchasedAt grantedCapabilities
}` as TypedDocumentString<MyPurchasesQueryData, NoVariables>;

// ---------------------------------------------------------------------------------------------
// Tools, exchanges, integrations
// ---------------------------------------------------------------------------------------------

/** Result of {@link ToolsQuery}. @example `const slugs = (d: ToolsQueryData) => d.myTools.map((t) => t.slug);` */
export interface ToolsQueryData {
  /** Every tool of the brand. */
  readonly tools: readonly GqlTool[];
  /** The tools the member may use. */
  readonly myTools: readonly GqlTool[];
}

/**
 * Every tool of the brand and the ones the signed-in member may use.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, ToolsQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: ToolsQuery });
 * data.myTools.length;
 * ```
 */
export const ToolsQuery = `
query Tools {
  tools { ...ToolFields }
  myTools { ...ToolFields }
}
fragment ToolFields on Tool {
  key title shortTitle slug guideUrl showProfitTrackerButton profitTrackerSource capability
  profitTrackerTotalsEndpoint
  profitTrackerTotalsParams { key value }
}` as TypedDocumentString<ToolsQueryData, NoVariables>;

/** Result of {@link ExchangesQuery}. @example `const on = (d: ExchangesQueryData) => d.myExchanges.filter((e) => e.enabled);` */
export interface ExchangesQueryData {
  /** The exchanges. */
  readonly exchanges: readonly GqlExchange[];
  /** The provider table. */
  readonly exchangeProviders: readonly GqlExchangeProvider[];
  /** The member's settings. */
  readonly myExchanges: readonly GqlExchangeSetting[];
}

/**
 * The exchanges, the provider table and the signed-in member's exchange settings.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, ExchangesQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: ExchangesQuery });
 * data.exchangeProviders.map((p) => p.apiName);
 * ```
 */
export const ExchangesQuery = `
query Exchanges {
  exchanges { name displayName imageSrc hasIntegration enabledByDefault }
  exchangeProviders {
    name apiName displayName url
    capabilities { feature codes }
    isLockBetProvided isLayThePlaceBetProvided
  }
  myExchanges { ...ExchangeSettingFields }
}
fragment ExchangeSettingFields on ExchangeSetting { exchange enabled integration }` as TypedDocumentString<ExchangesQueryData, NoVariables>;

/** Variables of {@link SetExchangeEnabledMutation}. @example `const v: SetExchangeEnabledMutationVariables = { exchange: 'betconnect', enabled: true };` */
export interface SetExchangeEnabledMutationVariables {
  /** Exchange key. */
  readonly exchange: string;
  /** On or off. */
  readonly enabled: boolean;
}
/** Result of {@link SetExchangeEnabledMutation}. @example `const on = (d: SetExchangeEnabledMutationData) => d.setExchangeEnabled.enabled;` */
export interface SetExchangeEnabledMutationData {
  /** The new setting. */
  readonly setExchangeEnabled: GqlExchangeSetting;
}

/**
 * Turns an exchange on or off for the signed-in member.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, SetExchangeEnabledMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SetExchangeEnabledMutation,
 *   variables: { exchange: 'betconnect', enabled: true },
 * });
 * ```
 */
export const SetExchangeEnabledMutation = `
mutation SetExchangeEnabled($exchange: String!, $enabled: Boolean!) {
  setExchangeEnabled(exchange: $exchange, enabled: $enabled) { ...ExchangeSettingFields }
}
fragment ExchangeSettingFields on ExchangeSetting { exchange enabled integration }` as TypedDocumentString<
  SetExchangeEnabledMutationData,
  SetExchangeEnabledMutationVariables
>;

// ---------------------------------------------------------------------------------------------
// Offers and guides
// ---------------------------------------------------------------------------------------------

/** Variables of {@link OffersQuery}. @example `const v: OffersQueryVariables = { category: 'reload-offers', first: 10 };` */
export interface OffersQueryVariables {
  /** Offer category. */
  readonly category?: string | null;
  /** Page size. */
  readonly first?: number | null;
  /** Cursor to continue after. */
  readonly after?: string | null;
}
/** Result of {@link OffersQuery}. @example `const titles = (d: OffersQueryData) => d.offers.nodes.map((o) => o.title);` */
export interface OffersQueryData {
  /** A page of offers. */
  readonly offers: {
    /** The offers. */
    readonly nodes: readonly GqlOffer[];
    /** Pagination. */
    readonly pageInfo: GqlPageInfo;
  };
}

/**
 * A page of offers, optionally of one category.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, OffersQuery } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({ query: OffersQuery, variables: { category: 'sportsbook-signup-offers' } });
 * data.offers.pageInfo.hasNextPage;
 * ```
 */
export const OffersQuery = `
query Offers($category: String, $first: Int, $after: String) {
  offers(category: $category, first: $first, after: $after) {
    nodes { ...OfferFields }
    pageInfo { endCursor hasNextPage }
  }
}
fragment OfferFields on Offer {
  id slug title category bookmaker summary expectedProfit guideUrl expiresAt completed
}` as TypedDocumentString<OffersQueryData, OffersQueryVariables>;

/** Variables of {@link SetOfferCompletedMutation}. @example `const v: SetOfferCompletedMutationVariables = { slug: 'welcome-bet', completed: true };` */
export interface SetOfferCompletedMutationVariables {
  /** The offer's slug. */
  readonly slug: string;
  /** Completed or not. */
  readonly completed: boolean;
}
/** Result of {@link SetOfferCompletedMutation}. @example `const done = (d: SetOfferCompletedMutationData) => d.setOfferCompleted.completed;` */
export interface SetOfferCompletedMutationData {
  /** The updated offer. */
  readonly setOfferCompleted: GqlOffer;
}

/**
 * Marks an offer completed (or not) for the signed-in member.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, SetOfferCompletedMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SetOfferCompletedMutation,
 *   variables: { slug: 'welcome-bet', completed: true },
 * });
 * ```
 */
export const SetOfferCompletedMutation = `
mutation SetOfferCompleted($slug: String!, $completed: Boolean!) {
  setOfferCompleted(slug: $slug, completed: $completed) { ...OfferFields }
}
fragment OfferFields on Offer {
  id slug title category bookmaker summary expectedProfit guideUrl expiresAt completed
}` as TypedDocumentString<SetOfferCompletedMutationData, SetOfferCompletedMutationVariables>;

/** Variables of {@link GuidesQuery}. @example `const v: GuidesQueryVariables = { section: 'training' };` */
export interface GuidesQueryVariables {
  /** Section. */
  readonly section?: string | null;
  /** Page size. */
  readonly first?: number | null;
  /** Cursor to continue after. */
  readonly after?: string | null;
}
/** Result of {@link GuidesQuery}. @example `const slugs = (d: GuidesQueryData) => d.guides.nodes.map((g) => g.slug);` */
export interface GuidesQueryData {
  /** A page of guides. */
  readonly guides: {
    /** The guides. */
    readonly nodes: readonly GqlGuide[];
    /** Pagination. */
    readonly pageInfo: GqlPageInfo;
  };
}

/**
 * A page of guides and training, in reading order.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, GuidesQuery } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: GuidesQuery, variables: {} });
 * ```
 */
export const GuidesQuery = `
query Guides($section: String, $first: Int, $after: String) {
  guides(section: $section, first: $first, after: $after) {
    nodes { slug title section url summary order }
    pageInfo { endCursor hasNextPage }
  }
}` as TypedDocumentString<GuidesQueryData, GuidesQueryVariables>;

// ---------------------------------------------------------------------------------------------
// Profit tracker and balance sheet
// ---------------------------------------------------------------------------------------------

/** Variables of {@link TrackedBetsQuery}. @example `const v: TrackedBetsQueryVariables = { filter: { status: 'open' }, first: 20 };` */
export interface TrackedBetsQueryVariables {
  /** Which bets. */
  readonly filter?: GqlTrackedBetFilter | null;
  /** Page size. */
  readonly first?: number | null;
  /** Cursor to continue after. */
  readonly after?: string | null;
}
/** Result of {@link TrackedBetsQuery}. @example `const ids = (d: TrackedBetsQueryData) => d.trackedBets.nodes.map((b) => b.id);` */
export interface TrackedBetsQueryData {
  /** A page of bets. */
  readonly trackedBets: {
    /** The bets. */
    readonly nodes: readonly GqlTrackedBet[];
    /** Pagination. */
    readonly pageInfo: GqlPageInfo;
    /** Bets matching the filter, over all pages. */
    readonly totalCount: number;
  };
}

/**
 * A page of the signed-in member's tracked bets.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, TrackedBetsQuery } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({ query: TrackedBetsQuery, variables: { filter: { status: 'open' } } });
 * data.trackedBets.totalCount;
 * ```
 */
export const TrackedBetsQuery = `
query TrackedBets($filter: TrackedBetFilter, $first: Int, $after: String) {
  trackedBets(filter: $filter, first: $first, after: $after) {
    nodes { ...TrackedBetFields }
    pageInfo { endCursor hasNextPage }
    totalCount
  }
}
fragment TrackedBetFields on TrackedBet {
  id source profitType status event market selection
  legs { role side account odds stake commission freeBet result market }
  expectedProfit settledProfit placedAt settledAt note
}` as TypedDocumentString<TrackedBetsQueryData, TrackedBetsQueryVariables>;

/** Variables of {@link TrackerTotalsQuery}. @example `const v: TrackerTotalsQueryVariables = { filter: { source: 'golf-master' } };` */
export interface TrackerTotalsQueryVariables {
  /** Which bets. */
  readonly filter?: GqlTrackedBetFilter | null;
}
/** Result of {@link TrackerTotalsQuery}. @example `const profit = (d: TrackerTotalsQueryData) => d.trackerTotals.profit;` */
export interface TrackerTotalsQueryData {
  /** The totals. */
  readonly trackerTotals: GqlProfitTotals;
}

/**
 * Totals over the signed-in member's tracked bets (all tools, or filtered). The per-tool totals
 * endpoints of spec section 7 are REST calls: see {@link getTrackerTotals}.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, TrackerTotalsQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: TrackerTotalsQuery, variables: {} });
 * data.trackerTotals.guaranteed;
 * ```
 */
export const TrackerTotalsQuery = `
query TrackerTotals($filter: TrackedBetFilter) {
  trackerTotals(filter: $filter) { ...ProfitTotalsFields }
}
fragment ProfitTotalsFields on ProfitTotals {
  betCount staked profit pendingProfit guaranteed potential training ev
}` as TypedDocumentString<TrackerTotalsQueryData, TrackerTotalsQueryVariables>;

/** Variables of {@link RecordBetMutation}. @example `const legs = (v: RecordBetMutationVariables) => v.input.legs.length;` */
export interface RecordBetMutationVariables {
  /** The bet, recorded open; stakes and profit in pence, odds decimal, commission a fraction. */
  readonly input: {
    /** Tool source tag, or `manual`. */
    readonly source: string;
    /** Profit type. */
    readonly profitType: GqlProfitType;
    /** Event. */
    readonly event: string;
    /** Market. */
    readonly market: string;
    /** Selection. */
    readonly selection: string;
    /** The legs, in the order placed (commission 0 and, on a free-bet back, freeBet `snr` when absent). */
    readonly legs: readonly {
      /** `qualifying` or `free-bet`. */
      readonly role: GqlTrackedLeg['role'];
      /** Back or lay. */
      readonly side: GqlTrackedLeg['side'];
      /** Bookmaker or exchange account. */
      readonly account: string;
      /** Decimal odds. */
      readonly odds: number;
      /** Stake, pence. */
      readonly stake: number;
      /** Commission, a fraction in [0, 1). */
      readonly commission?: number | null;
      /** Free-bet kind, on a free-bet back only. */
      readonly freeBet?: GqlTrackedLeg['freeBet'];
      /** The leg's result. */
      readonly result: GqlTrackedLeg['result'];
      /** The exchange market key: legs at one account with the same key are netted for commission. */
      readonly market?: string | null;
    }[];
    /** Expected profit, pence (signed). */
    readonly expectedProfit: number;
    /** When placed. */
    readonly placedAt: string;
    /** Note. */
    readonly note?: string | null;
  };
}
/** Result of {@link RecordBetMutation}. @example `const id = (d: RecordBetMutationData) => d.recordBet.id;` */
export interface RecordBetMutationData {
  /** The recorded bet. */
  readonly recordBet: GqlTrackedBet;
}

/**
 * Records a bet in the profit tracker. Not retried on network errors (a mutation).
 *
 * @example
 * ```ts
 * import { createGraphQLClient, RecordBetMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: RecordBetMutation,
 *   variables: {
 *     input: {
 *       source: 'oddsmatcher', profitType: 'guaranteed', event: 'Arsenal v Spurs', market: 'Match Odds', selection: 'Arsenal',
 *       legs: [
 *         { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2.1, stake: 1000, result: 'pending' },
 *         { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 2.12, stake: 1000, commission: 0.02, result: 'pending' },
 *       ],
 *       expectedProfit: -40, placedAt: '2025-08-12T18:00:00Z',
 *     },
 *   },
 * });
 * ```
 */
export const RecordBetMutation = `
mutation RecordBet($input: RecordBetInput!) {
  recordBet(input: $input) { ...TrackedBetFields }
}
fragment TrackedBetFields on TrackedBet {
  id source profitType status event market selection
  legs { role side account odds stake commission freeBet result market }
  expectedProfit settledProfit placedAt settledAt note
}` as TypedDocumentString<RecordBetMutationData, RecordBetMutationVariables>;

/** Variables of {@link SettleBetMutation}. @example `const v: SettleBetMutationVariables = { input: { id: 'b1', results: ['lost', 'won'], settledAt: '2025-08-12T21:00:00Z' } };` */
export interface SettleBetMutationVariables {
  /** The settlement. */
  readonly input: {
    /** The bet's id. */
    readonly id: string;
    /** One result per leg in leg order, none pending; the recorded results when absent. */
    readonly results?: readonly GqlTrackedLeg['result'][] | null;
    /** When settled. */
    readonly settledAt: string;
  };
}
/** Result of {@link SettleBetMutation}. @example `const p = (d: SettleBetMutationData) => d.settleBet.settledProfit;` */
export interface SettleBetMutationData {
  /** The settled bet. */
  readonly settleBet: GqlTrackedBet;
}

/**
 * Settles a tracked bet from its legs' results: the server computes the settled profit with the
 * sdk's `settleBet` (exact leg profits, rounded once), so browser and server cannot disagree.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, SettleBetMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SettleBetMutation,
 *   variables: { input: { id: 'b1', results: ['lost', 'won'], settledAt: '2025-08-12T21:00:00Z' } },
 * });
 * ```
 */
export const SettleBetMutation = `
mutation SettleBet($input: SettleBetInput!) {
  settleBet(input: $input) { ...TrackedBetFields }
}
fragment TrackedBetFields on TrackedBet {
  id source profitType status event market selection
  legs { role side account odds stake commission freeBet result market }
  expectedProfit settledProfit placedAt settledAt note
}` as TypedDocumentString<SettleBetMutationData, SettleBetMutationVariables>;

/** Variables of {@link VoidBetMutation}. @example `const v: VoidBetMutationVariables = { input: { id: 'b1', voidedAt: '2025-08-12T21:00:00Z' } };` */
export interface VoidBetMutationVariables {
  /** Which bet, and when it was voided. */
  readonly input: {
    /** The bet's id. */
    readonly id: string;
    /** When voided. */
    readonly voidedAt: string;
  };
}
/** Result of {@link VoidBetMutation}. @example `const s = (d: VoidBetMutationData) => d.voidBet.status;` */
export interface VoidBetMutationData {
  /** The void bet. */
  readonly voidBet: GqlTrackedBet;
}

/**
 * Voids a tracked bet as a whole (the bookmaker cancelled it): it then counts for nothing.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, VoidBetMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: VoidBetMutation,
 *   variables: { input: { id: 'b1', voidedAt: '2025-08-12T21:00:00Z' } },
 * });
 * ```
 */
export const VoidBetMutation = `
mutation VoidBet($input: VoidBetInput!) {
  voidBet(input: $input) { ...TrackedBetFields }
}
fragment TrackedBetFields on TrackedBet {
  id source profitType status event market selection
  legs { role side account odds stake commission freeBet result market }
  expectedProfit settledProfit placedAt settledAt note
}` as TypedDocumentString<VoidBetMutationData, VoidBetMutationVariables>;

/** Variables of {@link DeleteBetMutation}. @example `const v: DeleteBetMutationVariables = { id: 'b1' };` */
export interface DeleteBetMutationVariables {
  /** The bet's id. */
  readonly id: string;
}
/** Result of {@link DeleteBetMutation}. @example `const id = (d: DeleteBetMutationData) => d.deleteBet;` */
export interface DeleteBetMutationData {
  /** The deleted bet's id. */
  readonly deleteBet: string;
}

/**
 * Deletes a tracked bet.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, DeleteBetMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: DeleteBetMutation, variables: { id: 'b1' } });
 * ```
 */
export const DeleteBetMutation = `
mutation DeleteBet($id: ID!) { deleteBet(id: $id) }` as TypedDocumentString<DeleteBetMutationData, DeleteBetMutationVariables>;

/** Variables of {@link BalanceSheetQuery}. @example `const v: BalanceSheetQueryVariables = { from: '2025-08-01T00:00:00+01:00' };` */
export interface BalanceSheetQueryVariables {
  /** Start of the period. */
  readonly from?: string | null;
  /** End of the period. */
  readonly to?: string | null;
}
/** Result of {@link BalanceSheetQuery}. @example `const net = (d: BalanceSheetQueryData) => d.balanceSheet.totals.net;` */
export interface BalanceSheetQueryData {
  /** The balance sheet. */
  readonly balanceSheet: {
    /** Balance per account. */
    readonly accounts: readonly GqlAccountBalance[];
    /** The entries. */
    readonly entries: readonly GqlBalanceEntry[];
    /** Totals, pence: the tracker's own `BalanceTotals` type (one declaration for both). */
    readonly totals: BalanceTotals;
  };
}

/**
 * The signed-in member's balance sheet over a period.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, BalanceSheetQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: BalanceSheetQuery, variables: {} });
 * data.balanceSheet.accounts;
 * ```
 */
export const BalanceSheetQuery = `
query BalanceSheet($from: DateTime, $to: DateTime) {
  balanceSheet(from: $from, to: $to) {
    accounts { ...AccountBalanceFields }
    entries { ...BalanceEntryFields }
    totals { deposits withdrawals bonuses adjustments net trackerProfit balance }
  }
}
fragment AccountBalanceFields on AccountBalance { account kind restricted balance }
fragment BalanceEntryFields on BalanceEntry { id account kind amount at note }` as TypedDocumentString<
  BalanceSheetQueryData,
  BalanceSheetQueryVariables
>;

/** Variables of {@link SetAccountRestrictedMutation}. @example `const v: SetAccountRestrictedMutationVariables = { account: 'bet-co', restricted: true };` */
export interface SetAccountRestrictedMutationVariables {
  /** The bookmaker account's name. */
  readonly account: string;
  /** True to flag it restricted (gubbed), false to clear the flag. */
  readonly restricted: boolean;
}
/** Result of {@link SetAccountRestrictedMutation}. @example `const gubbed = (d: SetAccountRestrictedMutationData) => d.setAccountRestricted.restricted;` */
export interface SetAccountRestrictedMutationData {
  /** The account, with its flag. */
  readonly setAccountRestricted: GqlAccountBalance;
}

/**
 * Flags a bookmaker account as restricted ("gubbed": it limits the member's stakes or offers), or
 * clears the flag. An exchange cannot be restricted.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, SetAccountRestrictedMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SetAccountRestrictedMutation,
 *   variables: { account: 'bet-co', restricted: true },
 * });
 * ```
 */
export const SetAccountRestrictedMutation = `
mutation SetAccountRestricted($account: String!, $restricted: Boolean!) {
  setAccountRestricted(account: $account, restricted: $restricted) { ...AccountBalanceFields }
}
fragment AccountBalanceFields on AccountBalance { account kind restricted balance }` as TypedDocumentString<
  SetAccountRestrictedMutationData,
  SetAccountRestrictedMutationVariables
>;

/** Variables of {@link SetAccountMutation}. @example `const v: SetAccountMutationVariables = { input: { account: 'smarkets', kind: 'exchange' } };` */
export interface SetAccountMutationVariables {
  /** The account. */
  readonly input: {
    /** The account's name. */
    readonly account: string;
    /** Bookmaker or exchange. */
    readonly kind: GqlAccountBalance['kind'];
    /** The restricted flag (bookmakers only); kept as it is when absent. */
    readonly restricted?: boolean | null;
  };
}
/** Result of {@link SetAccountMutation}. @example `const kind = (d: SetAccountMutationData) => d.setAccount.kind;` */
export interface SetAccountMutationData {
  /** The account, with its kind and flag. */
  readonly setAccount: GqlAccountBalance;
}

/**
 * Creates or updates a balance-sheet account: its kind (the balance sheet needs one for every
 * account) and, optionally, its restricted flag (a bookmaker only).
 *
 * @example
 * ```ts
 * import { createGraphQLClient, SetAccountMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SetAccountMutation,
 *   variables: { input: { account: 'bet-co', kind: 'bookmaker', restricted: false } },
 * });
 * ```
 */
export const SetAccountMutation = `
mutation SetAccount($input: AccountInput!) {
  setAccount(input: $input) { ...AccountBalanceFields }
}
fragment AccountBalanceFields on AccountBalance { account kind restricted balance }` as TypedDocumentString<
  SetAccountMutationData,
  SetAccountMutationVariables
>;

/** Variables of {@link ImportBetsMutation}. @example `const v: ImportBetsMutationVariables = { csv: 'bet_id,source\r\n' };` */
export interface ImportBetsMutationVariables {
  /** The CSV text, as `exportBetsCsv` of `@matchkit/sdk/tracker` writes it. */
  readonly csv: string;
}
/** Result of {@link ImportBetsMutation}. @example `const n = (d: ImportBetsMutationData) => d.importBets.imported;` */
export interface ImportBetsMutationData {
  /** How many bets were imported, or every bad value. */
  readonly importBets: GqlImportBetsPayload;
}

/**
 * Imports tracked bets from the tracker's CSV, all or nothing: the server reads it with
 * `importBetsCsv` in one transaction and writes nothing when any value is bad (then `imported` is
 * 0 and `errors` lists every bad value by line and column). Idempotent by bet id: a bet whose id
 * the member already has is replaced, so importing the same file twice leaves the same bets.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, ImportBetsMutation } from '@matchkit/sdk/transport';
 * declare const csv: string;
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: ImportBetsMutation, variables: { csv } });
 * data.importBets.errors.map((e) => `line ${e.line}: ${e.message}`);
 * ```
 */
export const ImportBetsMutation = `
mutation ImportBets($csv: String!) {
  importBets(csv: $csv) { imported errors { line column message } }
}` as TypedDocumentString<ImportBetsMutationData, ImportBetsMutationVariables>;

/** Variables of {@link AddBalanceEntryMutation}. @example `const v: AddBalanceEntryMutationVariables = { input: { account: 'smarkets', kind: 'deposit', amount: 5000, at: '2025-08-12T09:00:00Z' } };` */
export interface AddBalanceEntryMutationVariables {
  /** The entry. */
  readonly input: {
    /** Bookmaker or exchange. */
    readonly account: string;
    /** What it records. */
    readonly kind: GqlBalanceEntryKind;
    /** Amount, pence. */
    readonly amount: number;
    /** When. */
    readonly at: string;
    /** Note. */
    readonly note?: string | null;
  };
}
/** Result of {@link AddBalanceEntryMutation}. @example `const id = (d: AddBalanceEntryMutationData) => d.addBalanceEntry.id;` */
export interface AddBalanceEntryMutationData {
  /** The new entry. */
  readonly addBalanceEntry: GqlBalanceEntry;
}

/**
 * Adds an entry to the balance sheet.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, AddBalanceEntryMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: AddBalanceEntryMutation,
 *   variables: { input: { account: 'smarkets', kind: 'deposit', amount: 5000, at: '2025-08-12T09:00:00Z' } },
 * });
 * ```
 */
export const AddBalanceEntryMutation = `
mutation AddBalanceEntry($input: BalanceEntryInput!) {
  addBalanceEntry(input: $input) { ...BalanceEntryFields }
}
fragment BalanceEntryFields on BalanceEntry { id account kind amount at note }` as TypedDocumentString<
  AddBalanceEntryMutationData,
  AddBalanceEntryMutationVariables
>;

// ---------------------------------------------------------------------------------------------
// Referrals and affiliate earnings
// ---------------------------------------------------------------------------------------------

/** Result of {@link ReferralsQuery}. @example `const url = (d: ReferralsQueryData) => d.referrals.referralUrl;` */
export interface ReferralsQueryData {
  /** The member's referrals. */
  readonly referrals: {
    /** Referral code. */
    readonly referralCode: string;
    /** Referral landing URL. */
    readonly referralUrl: string;
    /** Members referred. */
    readonly referredCount: number;
    /** Referred members still subscribed. */
    readonly activeCount: number;
    /** The referred members. */
    readonly referrals: readonly {
      /** Id. */
      readonly id: string;
      /** When they joined. */
      readonly joinedAt: string;
      /** Current plan, or null. */
      readonly plan: string | null;
      /** Still subscribed. */
      readonly active: boolean;
    }[];
    /** Earnings from them. */
    readonly earnings: GqlAffiliateEarnings;
  };
}

/**
 * The signed-in member's referrals and the earnings from them.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, ReferralsQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: ReferralsQuery });
 * data.referrals.earnings.total;
 * ```
 */
export const ReferralsQuery = `
query Referrals {
  referrals {
    referralCode referralUrl referredCount activeCount
    referrals { id joinedAt plan active }
    earnings { ...AffiliateEarningsFields }
  }
}
fragment AffiliateEarningsFields on AffiliateEarnings {
  commissionRate total earned reversed pending paid
  months { month revenue commission earned reversed paid pending }
}` as TypedDocumentString<ReferralsQueryData, NoVariables>;

/** Variables of {@link AffiliateEarningsQuery}. @example `const v: AffiliateEarningsQueryVariables = { from: '2025-01-01T00:00:00Z' };` */
export interface AffiliateEarningsQueryVariables {
  /** Start of the period. */
  readonly from?: string | null;
  /** End of the period. */
  readonly to?: string | null;
}
/** Result of {@link AffiliateEarningsQuery}. @example `const paid = (d: AffiliateEarningsQueryData) => d.affiliateEarnings.paid;` */
export interface AffiliateEarningsQueryData {
  /** The earnings. */
  readonly affiliateEarnings: GqlAffiliateEarnings;
}

/**
 * The signed-in member's affiliate earnings over a period.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, AffiliateEarningsQuery } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: AffiliateEarningsQuery, variables: {} });
 * ```
 */
export const AffiliateEarningsQuery = `
query AffiliateEarnings($from: DateTime, $to: DateTime) {
  affiliateEarnings(from: $from, to: $to) { ...AffiliateEarningsFields }
}
fragment AffiliateEarningsFields on AffiliateEarnings {
  commissionRate total earned reversed pending paid
  months { month revenue commission earned reversed paid pending }
}` as TypedDocumentString<AffiliateEarningsQueryData, AffiliateEarningsQueryVariables>;

// ---------------------------------------------------------------------------------------------
// Subscriptions
// ---------------------------------------------------------------------------------------------

/** Variables of {@link OddsUpdatedSubscription}. @example `const v: OddsUpdatedSubscriptionVariables = { filter: { sports: ['horse-racing'] } };` */
export interface OddsUpdatedSubscriptionVariables {
  /** Which markets. */
  readonly filter?: {
    /** Sports. */
    readonly sports?: readonly string[] | null;
    /** Events. */
    readonly eventIds?: readonly string[] | null;
    /** Bookmakers. */
    readonly bookmakers?: readonly string[] | null;
    /** Exchanges. */
    readonly exchanges?: readonly string[] | null;
  } | null;
}
/** One event of {@link OddsUpdatedSubscription}. @example `const id = (d: OddsUpdatedSubscriptionData) => d.oddsUpdated.marketId;` */
export interface OddsUpdatedSubscriptionData {
  /** New prices of one market. */
  readonly oddsUpdated: GqlOddsUpdate;
}

/**
 * The odds feed: new prices of the markets that match the filter.
 *
 * @example
 * ```ts
 * import WebSocket from 'ws';
 * import { createSubscriptionClient, OddsUpdatedSubscription } from '@matchkit/sdk/transport';
 * const ws = createSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket });
 * ws.subscribe({ query: OddsUpdatedSubscription, variables: { filter: { sports: ['football'] } } }, {
 *   next: ({ data }) => console.warn(data?.oddsUpdated.marketName),
 * });
 * ```
 */
export const OddsUpdatedSubscription = `
subscription OddsUpdated($filter: OddsFilter) {
  oddsUpdated(filter: $filter) {
    eventId eventName sport competition startsAt marketId marketName
    selections {
      selectionId name
      back { bookmaker odds }
      lay { exchange odds liquidity commission }
    }
    updatedAt
  }
}` as TypedDocumentString<OddsUpdatedSubscriptionData, OddsUpdatedSubscriptionVariables>;

/** One event of {@link TrackedBetChangedSubscription}. @example `const kind = (d: TrackedBetChangedSubscriptionData) => d.trackedBetChanged.change;` */
export interface TrackedBetChangedSubscriptionData {
  /** The change. */
  readonly trackedBetChanged: {
    /** What happened. */
    readonly change: GqlChangeKind;
    /** The bet's id. */
    readonly id: string;
    /** The bet, or null when deleted. */
    readonly bet: GqlTrackedBet | null;
  };
}

/**
 * Changes to the signed-in member's tracked bets.
 *
 * @example
 * ```ts
 * import WebSocket from 'ws';
 * import { createSubscriptionClient, TrackedBetChangedSubscription } from '@matchkit/sdk/transport';
 * const ws = createSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket });
 * ws.subscribe({ query: TrackedBetChangedSubscription }, { next: ({ data }) => console.warn(data?.trackedBetChanged.change) });
 * ```
 */
export const TrackedBetChangedSubscription = `
subscription TrackedBetChanged {
  trackedBetChanged {
    change id
    bet { ...TrackedBetFields }
  }
}
fragment TrackedBetFields on TrackedBet {
  id source profitType status event market selection
  legs { role side account odds stake commission freeBet result market }
  expectedProfit settledProfit placedAt settledAt note
}` as TypedDocumentString<TrackedBetChangedSubscriptionData, NoVariables>;

/**
 * Every operation of this module by name, as the text the client sends, for tools that need the
 * whole set (persisted queries, schema checks, a server's allow-list).
 *
 * @example
 * ```ts
 * import { parse, validate, buildSchema } from 'graphql';
 * import { platformOperations, platformSchemaSDL } from '@matchkit/sdk/transport';
 * const schema = buildSchema(platformSchemaSDL);
 * for (const [name, text] of Object.entries(platformOperations)) {
 *   if (validate(schema, parse(text)).length > 0) console.error(`${name} does not match the schema`);
 * }
 * ```
 */
export const platformOperations = {
  MeQuery,
  LoginMutation,
  LogoutMutation,
  RefreshSessionMutation,
  PlansQuery,
  SalesQuery,
  PurchasePlanMutation,
  MyPurchasesQuery,
  ToolsQuery,
  ExchangesQuery,
  SetExchangeEnabledMutation,
  OffersQuery,
  SetOfferCompletedMutation,
  GuidesQuery,
  TrackedBetsQuery,
  TrackerTotalsQuery,
  RecordBetMutation,
  SettleBetMutation,
  VoidBetMutation,
  DeleteBetMutation,
  BalanceSheetQuery,
  SetAccountRestrictedMutation,
  SetAccountMutation,
  ImportBetsMutation,
  AddBalanceEntryMutation,
  ReferralsQuery,
  AffiliateEarningsQuery,
  OddsUpdatedSubscription,
  TrackedBetChangedSubscription,
} as const;
