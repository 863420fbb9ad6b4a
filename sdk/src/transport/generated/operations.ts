import type { TypedDocumentString } from '../document';

/** No variables. @example `const vars: NoVariables = {};` */
export type NoVariables = Record<string, never>;
/** Which brand a server serves (the brand setting). @example `const value: GqlBrandId = 'primary';` */
export type GqlBrandId = 'primary' | 'secondary';

/** How a subscription is billed. month means monthly. @example `const value: GqlBillingTerm = 'month';` */
export type GqlBillingTerm = 'month' | 'year';

/** The connection status of one external integration (an exchange account). @example `const value: GqlIntegrationStatus = 'connected';` */
export type GqlIntegrationStatus = 'connected' | 'disconnected' | 'expired';

/** The code of an expected failure of a mutation (a typed payload's error). Unexpected failures are GraphQL errors with a masked message instead. @example `const value: GqlErrorCode = 'BAD_INPUT';` */
export type GqlErrorCode =
  /** A value of the input is not acceptable; field names it. */
  | 'BAD_INPUT'
  /** Not signed in, or the credentials or token are not valid. */
  | 'UNAUTHENTICATED'
  /** Signed in, but the member's plan or role does not allow it. */
  | 'FORBIDDEN'
  /** What the input names does not exist (for this member). */
  | 'NOT_FOUND'
  /** It conflicts with what is stored (an email or username already taken, a plan already held). */
  | 'CONFLICT'
  /** Too many attempts: wait and try again. */
  | 'RATE_LIMITED'
  /** The payment provider declined or failed the payment. */
  | 'PAYMENT_FAILED';

/** @example `const use = (value: GqlLoginInput) => value;` */
export type GqlLoginInput = {
  /** Email address or username. */
  readonly login: string;
  readonly password: string;
  /** Keep me signed in: the session lasts 30 days after its last use. Otherwise it ends when the browser closes, or after 12 hours unused. */
  readonly keepSignedIn?: boolean | null | undefined;
};

/** Where a payment's commission stands now. @example `const value: GqlCommissionState = 'PENDING';` */
export type GqlCommissionState =
  /** Inside the refund window after the payment. */
  | 'PENDING'
  /** Waiting for an administrator's review. */
  | 'UNDER_REVIEW'
  /** The refund window has passed: it may be paid out. */
  | 'PAYABLE'
  /** It earns nothing: the payment was refunded or charged back in full, or the review declined it. */
  | 'NOT_PAYABLE';

/** What saveOddsAlert takes: the tool's key and the alert's rule (validated by the sdk's parseOddsAlertRule, or parseMoneyAlertRule on a tool that ranks by money). @example `const use = (value: GqlOddsAlertInput) => value;` */
export type GqlOddsAlertInput = {
  readonly tool: string;
  readonly name: string;
  /** Lowest rating, percent: required on a tool that rates its rows, refused on one that ranks by money. */
  readonly minRating?: number | null | undefined;
  /** Least profit on stake: required on a tool that ranks by money (eachWayCatcher, extraPlaceCatcher). */
  readonly minProfit?: number | null | undefined;
  /** The stake per part the profit is worked out on: required with minProfit. */
  readonly stake?: number | null | undefined;
  readonly bookmaker?: string | null | undefined;
  readonly sport?: string | null | undefined;
  readonly withinHours?: number | null | undefined;
  readonly minLiquidity?: number | null | undefined;
  /**
   * The member's own commission at each exchange they set one for, as their page rates the rows
   * (the oddsmatcher's "Your exchanges and commissions"); the alert's rows are rated at these. Absent
   * or empty: the feed's commissions.
   */
  readonly commissions?: ReadonlyArray<GqlExchangeCommissionInput> | null | undefined;
};

/** A member's own commission at one exchange. @example `const use = (value: GqlExchangeCommissionInput) => value;` */
export type GqlExchangeCommissionInput = {
  /** The exchange's key. */
  readonly exchange: string;
  /** A fraction, at least 0 and under 1 (0.02 for 2%). */
  readonly commission: number;
};

/** @example `const use = (value: GqlPurchasePlanInput) => value;` */
export type GqlPurchasePlanInput = {
  /** The plan's name. */
  readonly plan: string;
  readonly billingTerm: GqlBillingTerm;
  /** The sale whose price applies, when bought through a sale payment link. */
  readonly saleId?: string | null | undefined;
  /** The payment provider's one-time token for the charge. */
  readonly paymentToken: string;
};

/** @example `const use = (value: GqlOddsFilter) => value;` */
export type GqlOddsFilter = {
  readonly sports?: ReadonlyArray<string> | null | undefined;
  readonly eventIds?: ReadonlyArray<string> | null | undefined;
  readonly bookmakers?: ReadonlyArray<string> | null | undefined;
  readonly exchanges?: ReadonlyArray<string> | null | undefined;
};

/** How a notification reaches a member. @example `const value: GqlNotificationChannel = 'PUSH';` */
export type GqlNotificationChannel = 'PUSH' | 'EMAIL';

/** A browser's push subscription (PushSubscription.toJSON()), posted after the member turns push on. @example `const use = (value: GqlPushSubscriptionInput) => value;` */
export type GqlPushSubscriptionInput = {
  /** The push service's https URL. */
  readonly endpoint: string;
  /** keys.p256dh: the browser's P-256 public key (65 bytes, base64url). */
  readonly p256dh: string;
  /** keys.auth: the browser's authentication secret (16 bytes, base64url). */
  readonly auth: string;
  /** expirationTime in epoch milliseconds, or null. */
  readonly expirationTime?: number | null | undefined;
};

/** The kinds of profit the profit tracker records. @example `const value: GqlProfitType = 'guaranteed';` */
export type GqlProfitType = 'guaranteed' | 'potential' | 'training' | 'ev';

/** Where a tracked bet stands. @example `const value: GqlBetStatus = 'open';` */
export type GqlBetStatus =
  /** Placed, not settled yet: counts in pendingProfit. */
  | 'open'
  /** Settled: settledProfit is final. */
  | 'settled'
  /** Voided: counts for nothing. */
  | 'void';

/** The side of a tracked bet's leg. @example `const value: GqlLegSide = 'back';` */
export type GqlLegSide =
  /** The selection to win (usually at a bookmaker). */
  | 'back'
  /** The selection not to win (at an exchange). */
  | 'lay';

/** The result of one leg, for that leg: a lay leg won when its selection lost. @example `const value: GqlLegResult = 'pending';` */
export type GqlLegResult =
  | 'pending'
  /** The leg won: a back S(o - 1)(1 - c) (plus S for a stake-returned free bet), a lay S(1 - c). */
  | 'won'
  /** The leg lost: a cash back -S, a free-bet back 0, a lay its liability -S(o - 1). */
  | 'lost'
  /** Stake returned: 0 profit. */
  | 'void';

/** The kind of free bet of a free-bet back leg. @example `const value: GqlFreeBetKind = 'snr';` */
export type GqlFreeBetKind =
  /** Stake not returned: only winnings are paid. */
  | 'snr'
  /** Stake returned with the winnings. */
  | 'sr';

/** A balance-sheet account: a bookmaker or an exchange. @example `const value: GqlAccountKind = 'bookmaker';` */
export type GqlAccountKind = 'bookmaker' | 'exchange';

/** What a balance-sheet entry records. @example `const value: GqlBalanceEntryKind = 'deposit';` */
export type GqlBalanceEntryKind = 'deposit' | 'withdrawal' | 'bonus' | 'adjustment';

/** What happened to a tracked bet, in a TrackedBetChange. @example `const value: GqlChangeKind = 'created';` */
export type GqlChangeKind = 'created' | 'updated' | 'deleted';

/** @example `const use = (value: GqlTrackedBetFilter) => value;` */
export type GqlTrackedBetFilter = {
  readonly source?: string | null | undefined;
  readonly profitTypes?: ReadonlyArray<GqlProfitType> | null | undefined;
  readonly status?: GqlBetStatus | null | undefined;
  readonly from?: string | null | undefined;
  readonly to?: string | null | undefined;
};

/** One leg of a bet being recorded. @example `const use = (value: GqlTrackedLegInput) => value;` */
export type GqlTrackedLegInput = {
  /** qualifying or free-bet (a String: see TrackedLeg.role). */
  readonly role: string;
  readonly side: GqlLegSide;
  readonly account: string;
  /** Decimal odds, greater than 1. */
  readonly odds: number;
  readonly stake: number;
  /** A fraction in [0, 1); 0 when absent. */
  readonly commission?: number | null | undefined;
  /** Only on a free-bet back leg; snr when absent there. */
  readonly freeBet?: GqlFreeBetKind | null | undefined;
  readonly result: GqlLegResult;
  /** The exchange market key, at most 100 characters; legs at one account with the same key are netted for commission and must share one commission rate. */
  readonly market?: string | null | undefined;
};

/** A bet to record, open (the server assigns its id). @example `const use = (value: GqlRecordBetInput) => value;` */
export type GqlRecordBetInput = {
  readonly source: string;
  readonly profitType: GqlProfitType;
  readonly event: string;
  readonly market: string;
  readonly selection: string;
  readonly legs: ReadonlyArray<GqlTrackedLegInput>;
  readonly expectedProfit: number;
  readonly placedAt: string;
  readonly note?: string | null | undefined;
};

/** @example `const use = (value: GqlSettleBetInput) => value;` */
export type GqlSettleBetInput = {
  readonly id: string;
  /** One result per leg, in leg order, none pending; the results recorded on the legs when absent. All void makes the bet void. */
  readonly results?: ReadonlyArray<GqlLegResult> | null | undefined;
  readonly settledAt: string;
};

/** @example `const use = (value: GqlVoidBetInput) => value;` */
export type GqlVoidBetInput = {
  readonly id: string;
  readonly voidedAt: string;
};

/** An account to create or update. @example `const use = (value: GqlAccountInput) => value;` */
export type GqlAccountInput = {
  /** The account's name (at most 100 characters), matched by its key: Smarkets and smarkets are one account. */
  readonly account: string;
  readonly kind: GqlAccountKind;
  /** Only a bookmaker can be restricted; the flag is kept as it is when absent (false for a new account). */
  readonly restricted?: boolean | null | undefined;
};

/** @example `const use = (value: GqlBalanceEntryInput) => value;` */
export type GqlBalanceEntryInput = {
  readonly account: string;
  readonly kind: GqlBalanceEntryKind;
  readonly amount: number;
  readonly at: string;
  readonly note?: string | null | undefined;
};

/** The variables of {@link ReferralsQuery}. @example `const variables: ReferralsQueryVariables = { ... };` */
export type ReferralsQueryVariables = NoVariables;

/** The result (`data`) of {@link ReferralsQuery}. @example `const { data } = await client.request({ query: ReferralsQuery }); // data: ReferralsQueryData` */
export type ReferralsQueryData = {
  readonly referrals: {
    readonly referralCode: string;
    readonly referralUrl: string;
    readonly referredCount: number;
    readonly activeCount: number;
    readonly referrals: ReadonlyArray<{
      readonly id: string;
      readonly joinedAt: string;
      readonly plan: string | null;
      readonly active: boolean;
      readonly underReview: boolean;
    }>;
    readonly earnings: GqlAffiliateEarnings;
    readonly statement: {
      readonly total: number;
      readonly pending: number;
      readonly underReview: number;
      readonly payable: number;
      readonly paid: number;
      readonly entries: ReadonlyArray<{
        readonly id: string;
        readonly paidAt: string;
        readonly amount: number;
        readonly commission: number;
        readonly state: GqlCommissionState;
        readonly payableFrom: string;
      }>;
      readonly payouts: ReadonlyArray<{ readonly paidAt: string; readonly amount: number; readonly reference: string | null }>;
    };
  };
};

/** The variables of {@link AffiliateEarningsQuery}. @example `const variables: AffiliateEarningsQueryVariables = { ... };` */
export type AffiliateEarningsQueryVariables = {
  from?: string | null | undefined;
  to?: string | null | undefined;
};

/** The result (`data`) of {@link AffiliateEarningsQuery}. @example `const { data } = await client.request({ query: AffiliateEarningsQuery }); // data: AffiliateEarningsQueryData` */
export type AffiliateEarningsQueryData = { readonly affiliateEarnings: GqlAffiliateEarnings };

/** @example `const use = (value: GqlAffiliateEarnings) => value;` */
export type GqlAffiliateEarnings = {
  readonly commissionRate: number;
  readonly total: number;
  readonly earned: number;
  readonly reversed: number;
  readonly pending: number;
  readonly paid: number;
  readonly months: ReadonlyArray<{
    readonly month: string;
    readonly revenue: number;
    readonly commission: number;
    readonly earned: number;
    readonly reversed: number;
    readonly paid: number;
    readonly pending: number;
  }>;
};

/** The variables of {@link MyOddsAlertsQuery}. @example `const variables: MyOddsAlertsQueryVariables = { ... };` */
export type MyOddsAlertsQueryVariables = NoVariables;

/** The result (`data`) of {@link MyOddsAlertsQuery}. @example `const { data } = await client.request({ query: MyOddsAlertsQuery }); // data: MyOddsAlertsQueryData` */
export type MyOddsAlertsQueryData = { readonly myOddsAlerts: ReadonlyArray<GqlOddsAlert> };

/** The variables of {@link MyOddsAlertMatchesQuery}. @example `const variables: MyOddsAlertMatchesQueryVariables = { ... };` */
export type MyOddsAlertMatchesQueryVariables = NoVariables;

/** The result (`data`) of {@link MyOddsAlertMatchesQuery}. @example `const { data } = await client.request({ query: MyOddsAlertMatchesQuery }); // data: MyOddsAlertMatchesQueryData` */
export type MyOddsAlertMatchesQueryData = { readonly myOddsAlertMatches: ReadonlyArray<GqlOddsAlertMatch> };

/** The variables of {@link SaveOddsAlertMutation}. @example `const variables: SaveOddsAlertMutationVariables = { ... };` */
export type SaveOddsAlertMutationVariables = {
  input: GqlOddsAlertInput;
};

/** The result (`data`) of {@link SaveOddsAlertMutation}. @example `const { data } = await client.request({ query: SaveOddsAlertMutation }); // data: SaveOddsAlertMutationData` */
export type SaveOddsAlertMutationData = { readonly saveOddsAlert: GqlOddsAlertResult };

/** The variables of {@link SetOddsAlertPausedMutation}. @example `const variables: SetOddsAlertPausedMutationVariables = { ... };` */
export type SetOddsAlertPausedMutationVariables = {
  id: string;
  paused: boolean;
};

/** The result (`data`) of {@link SetOddsAlertPausedMutation}. @example `const { data } = await client.request({ query: SetOddsAlertPausedMutation }); // data: SetOddsAlertPausedMutationData` */
export type SetOddsAlertPausedMutationData = { readonly setOddsAlertPaused: GqlOddsAlertResult };

/** The variables of {@link DeleteOddsAlertMutation}. @example `const variables: DeleteOddsAlertMutationVariables = { ... };` */
export type DeleteOddsAlertMutationVariables = {
  id: string;
};

/** The result (`data`) of {@link DeleteOddsAlertMutation}. @example `const { data } = await client.request({ query: DeleteOddsAlertMutation }); // data: DeleteOddsAlertMutationData` */
export type DeleteOddsAlertMutationData = { readonly deleteOddsAlert: GqlOddsAlertResult };

/** @example `const use = (value: GqlOddsAlert) => value;` */
export type GqlOddsAlert = {
  readonly id: string;
  readonly tool: string;
  readonly name: string;
  readonly minRating: number | null;
  readonly minProfit: number | null;
  readonly stake: number | null;
  readonly bookmaker: string | null;
  readonly sport: string | null;
  readonly withinHours: number | null;
  readonly minLiquidity: number | null;
  readonly paused: boolean;
  readonly createdAt: string;
  readonly href: string;
  readonly commissions: ReadonlyArray<{ readonly exchange: string; readonly commission: number }>;
};

/** @example `const use = (value: GqlOddsAlertMatch) => value;` */
export type GqlOddsAlertMatch = {
  readonly alertId: string;
  readonly alertName: string;
  readonly tool: string;
  readonly eventName: string;
  readonly marketName: string;
  readonly selectionName: string;
  readonly bookmaker: string;
  readonly exchange: string;
  readonly backOdds: number;
  readonly layOdds: number;
  readonly placeLayOdds: number | null;
  readonly rating: number | null;
  readonly profit: number | null;
  readonly stake: number | null;
  readonly startsAt: string;
  readonly foundAt: string;
  readonly notifiedAt: string | null;
  readonly href: string;
};

/** @example `const use = (value: GqlOddsAlertResult) => value;` */
export type GqlOddsAlertResult = {
  readonly ok: boolean;
  readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
  readonly alert: GqlOddsAlert | null;
};

/** The variables of {@link PlansQuery}. @example `const variables: PlansQueryVariables = { ... };` */
export type PlansQueryVariables = NoVariables;

/** The result (`data`) of {@link PlansQuery}. @example `const { data } = await client.request({ query: PlansQuery }); // data: PlansQueryData` */
export type PlansQueryData = { readonly plans: ReadonlyArray<GqlPlan> };

/** The variables of {@link SalesQuery}. @example `const variables: SalesQueryVariables = { ... };` */
export type SalesQueryVariables = {
  at?: string | null | undefined;
};

/** The result (`data`) of {@link SalesQuery}. @example `const { data } = await client.request({ query: SalesQuery }); // data: SalesQueryData` */
export type SalesQueryData = { readonly sales: ReadonlyArray<GqlSale>; readonly activeSale: GqlSale | null };

/** The variables of {@link PurchasePlanMutation}. @example `const variables: PurchasePlanMutationVariables = { ... };` */
export type PurchasePlanMutationVariables = {
  input: GqlPurchasePlanInput;
};

/** The result (`data`) of {@link PurchasePlanMutation}. @example `const { data } = await client.request({ query: PurchasePlanMutation }); // data: PurchasePlanMutationData` */
export type PurchasePlanMutationData = { readonly purchasePlan: { readonly purchase: GqlPurchase; readonly user: GqlUser } };

/** The variables of {@link MyPurchasesQuery}. @example `const variables: MyPurchasesQueryVariables = { ... };` */
export type MyPurchasesQueryVariables = NoVariables;

/** The result (`data`) of {@link MyPurchasesQuery}. @example `const { data } = await client.request({ query: MyPurchasesQuery }); // data: MyPurchasesQueryData` */
export type MyPurchasesQueryData = { readonly myPurchases: ReadonlyArray<GqlPurchase> };

/** @example `const use = (value: GqlPlan) => value;` */
export type GqlPlan = {
  readonly name: string;
  readonly label: string;
  readonly capability: string;
  readonly paymentFormUrl: string;
  readonly details: ReadonlyArray<{ readonly key: string; readonly included: boolean }>;
  readonly price: { readonly firstMonth: number; readonly monthly: number; readonly yearly: number };
};

/** @example `const use = (value: GqlSale) => value;` */
export type GqlSale = {
  readonly id: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly paymentLinkUniqParam: string;
  readonly termsAndConditionsUrl: string;
  readonly usedSale: boolean;
  readonly creatives: ReadonlyArray<{ readonly src: string; readonly alt: string; readonly width: number; readonly height: number }>;
  readonly salePageSections: {
    readonly title: string;
    readonly description: string;
    readonly countdown: boolean;
    readonly plansComparison: boolean;
    readonly trustpilot: boolean;
    readonly testimonials: boolean;
  };
  readonly plans: ReadonlyArray<{ readonly plan: string; readonly yearly: number; readonly paymentLink: string }>;
};

/** @example `const use = (value: GqlPurchase) => value;` */
export type GqlPurchase = {
  readonly id: string;
  readonly plan: string;
  readonly billingTerm: GqlBillingTerm;
  readonly amount: number;
  readonly saleId: string | null;
  readonly purchasedAt: string;
  readonly grantedCapabilities: ReadonlyArray<string>;
};

/** The variables of {@link ToolsQuery}. @example `const variables: ToolsQueryVariables = { ... };` */
export type ToolsQueryVariables = NoVariables;

/** The result (`data`) of {@link ToolsQuery}. @example `const { data } = await client.request({ query: ToolsQuery }); // data: ToolsQueryData` */
export type ToolsQueryData = { readonly tools: ReadonlyArray<GqlTool>; readonly myTools: ReadonlyArray<GqlTool> };

/** The variables of {@link ExchangesQuery}. @example `const variables: ExchangesQueryVariables = { ... };` */
export type ExchangesQueryVariables = NoVariables;

/** The result (`data`) of {@link ExchangesQuery}. @example `const { data } = await client.request({ query: ExchangesQuery }); // data: ExchangesQueryData` */
export type ExchangesQueryData = {
  readonly exchanges: ReadonlyArray<GqlExchange>;
  readonly exchangeProviders: ReadonlyArray<GqlExchangeProvider>;
  readonly myExchanges: ReadonlyArray<GqlExchangeSetting>;
};

/** The variables of {@link SetExchangeEnabledMutation}. @example `const variables: SetExchangeEnabledMutationVariables = { ... };` */
export type SetExchangeEnabledMutationVariables = {
  exchange: string;
  enabled: boolean;
};

/** The result (`data`) of {@link SetExchangeEnabledMutation}. @example `const { data } = await client.request({ query: SetExchangeEnabledMutation }); // data: SetExchangeEnabledMutationData` */
export type SetExchangeEnabledMutationData = { readonly setExchangeEnabled: GqlExchangeSetting };

/** @example `const use = (value: GqlTool) => value;` */
export type GqlTool = {
  readonly key: string;
  readonly title: string;
  readonly shortTitle: string;
  readonly slug: string;
  readonly guideUrl: string | null;
  readonly showProfitTrackerButton: boolean;
  readonly profitTrackerSource: string | null;
  readonly capability: string;
  readonly profitTrackerTotalsEndpoint: string | null;
  readonly profitTrackerTotalsParams: ReadonlyArray<{ readonly key: string; readonly value: string }> | null;
};

/** @example `const use = (value: GqlExchangeSetting) => value;` */
export type GqlExchangeSetting = {
  readonly exchange: string;
  readonly enabled: boolean;
  readonly integration: GqlIntegrationStatus | null;
};

/** @example `const use = (value: GqlExchange) => value;` */
export type GqlExchange = {
  readonly name: string;
  readonly displayName: string;
  readonly imageSrc: string;
  readonly hasIntegration: boolean;
  readonly enabledByDefault: boolean;
};

/** @example `const use = (value: GqlExchangeProvider) => value;` */
export type GqlExchangeProvider = {
  readonly name: string;
  readonly apiName: string;
  readonly displayName: string;
  readonly url: string;
  readonly isLockBetProvided: ReadonlyArray<string>;
  readonly isLayThePlaceBetProvided: ReadonlyArray<string>;
  readonly capabilities: ReadonlyArray<{ readonly feature: string; readonly codes: ReadonlyArray<string> }>;
};

/** The variables of {@link OffersQuery}. @example `const variables: OffersQueryVariables = { ... };` */
export type OffersQueryVariables = {
  category?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
};

/** The result (`data`) of {@link OffersQuery}. @example `const { data } = await client.request({ query: OffersQuery }); // data: OffersQueryData` */
export type OffersQueryData = { readonly offers: { readonly nodes: ReadonlyArray<GqlOffer>; readonly pageInfo: GqlPageInfo } };

/** The variables of {@link SetOfferCompletedMutation}. @example `const variables: SetOfferCompletedMutationVariables = { ... };` */
export type SetOfferCompletedMutationVariables = {
  slug: string;
  completed: boolean;
};

/** The result (`data`) of {@link SetOfferCompletedMutation}. @example `const { data } = await client.request({ query: SetOfferCompletedMutation }); // data: SetOfferCompletedMutationData` */
export type SetOfferCompletedMutationData = { readonly setOfferCompleted: GqlOffer };

/** The variables of {@link GuidesQuery}. @example `const variables: GuidesQueryVariables = { ... };` */
export type GuidesQueryVariables = {
  section?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
};

/** The result (`data`) of {@link GuidesQuery}. @example `const { data } = await client.request({ query: GuidesQuery }); // data: GuidesQueryData` */
export type GuidesQueryData = {
  readonly guides: {
    readonly nodes: ReadonlyArray<GqlGuide>;
    readonly pageInfo: { readonly endCursor: string | null; readonly hasNextPage: boolean };
  };
};

/** @example `const use = (value: GqlOffer) => value;` */
export type GqlOffer = {
  readonly id: string;
  readonly slug: string;
  readonly title: string;
  readonly category: string;
  readonly bookmaker: string;
  readonly summary: string;
  readonly expectedProfit: number;
  readonly guideUrl: string | null;
  readonly expiresAt: string | null;
  readonly completed: boolean;
};

/** @example `const use = (value: GqlPageInfo) => value;` */
export type GqlPageInfo = { readonly endCursor: string | null; readonly hasNextPage: boolean };

/** @example `const use = (value: GqlGuide) => value;` */
export type GqlGuide = {
  readonly slug: string;
  readonly title: string;
  readonly section: string;
  readonly url: string;
  readonly summary: string;
  readonly order: number;
};

/** The variables of {@link OddsUpdatedSubscription}. @example `const variables: OddsUpdatedSubscriptionVariables = { ... };` */
export type OddsUpdatedSubscriptionVariables = {
  filter?: GqlOddsFilter | null | undefined;
};

/** The result (`data`) of {@link OddsUpdatedSubscription}. @example `const { data } = await client.request({ query: OddsUpdatedSubscription }); // data: OddsUpdatedSubscriptionData` */
export type OddsUpdatedSubscriptionData = { readonly oddsUpdated: GqlOddsUpdate };

/** @example `const use = (value: GqlOddsUpdate) => value;` */
export type GqlOddsUpdate = {
  readonly eventId: string;
  readonly eventName: string;
  readonly sport: string;
  readonly competition: string | null;
  readonly startsAt: string;
  readonly marketId: string;
  readonly marketName: string;
  readonly updatedAt: string;
  readonly selections: ReadonlyArray<{
    readonly selectionId: string;
    readonly name: string;
    readonly back: ReadonlyArray<{
      readonly bookmaker: string;
      readonly odds: number;
      readonly source: string | null;
      readonly updatedAt: string | null;
    }>;
    readonly lay: ReadonlyArray<{
      readonly exchange: string;
      readonly odds: number;
      readonly liquidity: number;
      readonly commission: number;
      readonly source: string | null;
      readonly updatedAt: string | null;
    }>;
  }>;
};

/** The variables of {@link PushPublicKeyQuery}. @example `const variables: PushPublicKeyQueryVariables = { ... };` */
export type PushPublicKeyQueryVariables = NoVariables;

/** The result (`data`) of {@link PushPublicKeyQuery}. @example `const { data } = await client.request({ query: PushPublicKeyQuery }); // data: PushPublicKeyQueryData` */
export type PushPublicKeyQueryData = { readonly pushPublicKey: string | null };

/** The variables of {@link NotificationSettingsQuery}. @example `const variables: NotificationSettingsQueryVariables = { ... };` */
export type NotificationSettingsQueryVariables = NoVariables;

/** The result (`data`) of {@link NotificationSettingsQuery}. @example `const { data } = await client.request({ query: NotificationSettingsQuery }); // data: NotificationSettingsQueryData` */
export type NotificationSettingsQueryData = {
  readonly pushPublicKey: string | null;
  readonly notificationSettings: ReadonlyArray<GqlNotificationSetting>;
};

/** The variables of {@link SetNotificationSettingMutation}. @example `const variables: SetNotificationSettingMutationVariables = { ... };` */
export type SetNotificationSettingMutationVariables = {
  kind: string;
  channel: GqlNotificationChannel;
  enabled: boolean;
};

/** The result (`data`) of {@link SetNotificationSettingMutation}. @example `const { data } = await client.request({ query: SetNotificationSettingMutation }); // data: SetNotificationSettingMutationData` */
export type SetNotificationSettingMutationData = { readonly setNotificationSetting: ReadonlyArray<GqlNotificationSetting> };

/** The variables of {@link SavePushSubscriptionMutation}. @example `const variables: SavePushSubscriptionMutationVariables = { ... };` */
export type SavePushSubscriptionMutationVariables = {
  input: GqlPushSubscriptionInput;
};

/** The result (`data`) of {@link SavePushSubscriptionMutation}. @example `const { data } = await client.request({ query: SavePushSubscriptionMutation }); // data: SavePushSubscriptionMutationData` */
export type SavePushSubscriptionMutationData = { readonly savePushSubscription: boolean };

/** The variables of {@link RemovePushSubscriptionMutation}. @example `const variables: RemovePushSubscriptionMutationVariables = { ... };` */
export type RemovePushSubscriptionMutationVariables = {
  endpoint: string;
};

/** The result (`data`) of {@link RemovePushSubscriptionMutation}. @example `const { data } = await client.request({ query: RemovePushSubscriptionMutation }); // data: RemovePushSubscriptionMutationData` */
export type RemovePushSubscriptionMutationData = { readonly removePushSubscription: boolean };

/** @example `const use = (value: GqlNotificationSetting) => value;` */
export type GqlNotificationSetting = {
  readonly kind: string;
  readonly channel: GqlNotificationChannel;
  readonly enabled: boolean;
  readonly switchable: boolean;
  readonly offered: boolean;
};

/** The variables of {@link TrackedBetsQuery}. @example `const variables: TrackedBetsQueryVariables = { ... };` */
export type TrackedBetsQueryVariables = {
  filter?: GqlTrackedBetFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
};

/** The result (`data`) of {@link TrackedBetsQuery}. @example `const { data } = await client.request({ query: TrackedBetsQuery }); // data: TrackedBetsQueryData` */
export type TrackedBetsQueryData = {
  readonly trackedBets: { readonly totalCount: number; readonly nodes: ReadonlyArray<GqlTrackedBet>; readonly pageInfo: GqlPageInfo };
};

/** The variables of {@link TrackerTotalsQuery}. @example `const variables: TrackerTotalsQueryVariables = { ... };` */
export type TrackerTotalsQueryVariables = {
  filter?: GqlTrackedBetFilter | null | undefined;
};

/** The result (`data`) of {@link TrackerTotalsQuery}. @example `const { data } = await client.request({ query: TrackerTotalsQuery }); // data: TrackerTotalsQueryData` */
export type TrackerTotalsQueryData = { readonly trackerTotals: GqlProfitTotals };

/** The variables of {@link RecordBetMutation}. @example `const variables: RecordBetMutationVariables = { ... };` */
export type RecordBetMutationVariables = {
  input: GqlRecordBetInput;
};

/** The result (`data`) of {@link RecordBetMutation}. @example `const { data } = await client.request({ query: RecordBetMutation }); // data: RecordBetMutationData` */
export type RecordBetMutationData = { readonly recordBet: GqlTrackedBet };

/** The variables of {@link SettleBetMutation}. @example `const variables: SettleBetMutationVariables = { ... };` */
export type SettleBetMutationVariables = {
  input: GqlSettleBetInput;
};

/** The result (`data`) of {@link SettleBetMutation}. @example `const { data } = await client.request({ query: SettleBetMutation }); // data: SettleBetMutationData` */
export type SettleBetMutationData = { readonly settleBet: GqlTrackedBet };

/** The variables of {@link VoidBetMutation}. @example `const variables: VoidBetMutationVariables = { ... };` */
export type VoidBetMutationVariables = {
  input: GqlVoidBetInput;
};

/** The result (`data`) of {@link VoidBetMutation}. @example `const { data } = await client.request({ query: VoidBetMutation }); // data: VoidBetMutationData` */
export type VoidBetMutationData = { readonly voidBet: GqlTrackedBet };

/** The variables of {@link DeleteBetMutation}. @example `const variables: DeleteBetMutationVariables = { ... };` */
export type DeleteBetMutationVariables = {
  id: string;
};

/** The result (`data`) of {@link DeleteBetMutation}. @example `const { data } = await client.request({ query: DeleteBetMutation }); // data: DeleteBetMutationData` */
export type DeleteBetMutationData = { readonly deleteBet: string };

/** The variables of {@link BalanceSheetQuery}. @example `const variables: BalanceSheetQueryVariables = { ... };` */
export type BalanceSheetQueryVariables = {
  from?: string | null | undefined;
  to?: string | null | undefined;
};

/** The result (`data`) of {@link BalanceSheetQuery}. @example `const { data } = await client.request({ query: BalanceSheetQuery }); // data: BalanceSheetQueryData` */
export type BalanceSheetQueryData = {
  readonly balanceSheet: {
    readonly accounts: ReadonlyArray<GqlAccountBalance>;
    readonly entries: ReadonlyArray<GqlBalanceEntry>;
    readonly totals: {
      readonly deposits: number;
      readonly withdrawals: number;
      readonly bonuses: number;
      readonly adjustments: number;
      readonly net: number;
      readonly trackerProfit: number;
      readonly balance: number;
    };
  };
};

/** The variables of {@link SetAccountRestrictedMutation}. @example `const variables: SetAccountRestrictedMutationVariables = { ... };` */
export type SetAccountRestrictedMutationVariables = {
  account: string;
  restricted: boolean;
};

/** The result (`data`) of {@link SetAccountRestrictedMutation}. @example `const { data } = await client.request({ query: SetAccountRestrictedMutation }); // data: SetAccountRestrictedMutationData` */
export type SetAccountRestrictedMutationData = { readonly setAccountRestricted: GqlAccountBalance };

/** The variables of {@link SetAccountMutation}. @example `const variables: SetAccountMutationVariables = { ... };` */
export type SetAccountMutationVariables = {
  input: GqlAccountInput;
};

/** The result (`data`) of {@link SetAccountMutation}. @example `const { data } = await client.request({ query: SetAccountMutation }); // data: SetAccountMutationData` */
export type SetAccountMutationData = { readonly setAccount: GqlAccountBalance };

/** The variables of {@link ImportBetsMutation}. @example `const variables: ImportBetsMutationVariables = { ... };` */
export type ImportBetsMutationVariables = {
  csv: string;
};

/** The result (`data`) of {@link ImportBetsMutation}. @example `const { data } = await client.request({ query: ImportBetsMutation }); // data: ImportBetsMutationData` */
export type ImportBetsMutationData = { readonly importBets: GqlImportBetsPayload };

/** The variables of {@link AddBalanceEntryMutation}. @example `const variables: AddBalanceEntryMutationVariables = { ... };` */
export type AddBalanceEntryMutationVariables = {
  input: GqlBalanceEntryInput;
};

/** The result (`data`) of {@link AddBalanceEntryMutation}. @example `const { data } = await client.request({ query: AddBalanceEntryMutation }); // data: AddBalanceEntryMutationData` */
export type AddBalanceEntryMutationData = { readonly addBalanceEntry: GqlBalanceEntry };

/** The variables of {@link TrackedBetChangedSubscription}. @example `const variables: TrackedBetChangedSubscriptionVariables = { ... };` */
export type TrackedBetChangedSubscriptionVariables = NoVariables;

/** The result (`data`) of {@link TrackedBetChangedSubscription}. @example `const { data } = await client.request({ query: TrackedBetChangedSubscription }); // data: TrackedBetChangedSubscriptionData` */
export type TrackedBetChangedSubscriptionData = {
  readonly trackedBetChanged: { readonly change: GqlChangeKind; readonly id: string; readonly bet: GqlTrackedBet | null };
};

/** @example `const use = (value: GqlTrackedBet) => value;` */
export type GqlTrackedBet = {
  readonly id: string;
  readonly source: string;
  readonly profitType: GqlProfitType;
  readonly status: GqlBetStatus;
  readonly event: string;
  readonly market: string;
  readonly selection: string;
  readonly expectedProfit: number;
  readonly settledProfit: number | null;
  readonly placedAt: string;
  readonly settledAt: string | null;
  readonly note: string | null;
  readonly legs: ReadonlyArray<GqlTrackedLeg>;
};

/** @example `const use = (value: GqlProfitTotals) => value;` */
export type GqlProfitTotals = {
  readonly betCount: number;
  readonly staked: number;
  readonly profit: number;
  readonly pendingProfit: number;
  readonly guaranteed: number;
  readonly potential: number;
  readonly training: number;
  readonly ev: number;
};

/** @example `const use = (value: GqlAccountBalance) => value;` */
export type GqlAccountBalance = {
  readonly account: string;
  readonly displayName: string;
  readonly kind: GqlAccountKind;
  readonly restricted: boolean;
  readonly balance: number;
};

/** @example `const use = (value: GqlBalanceEntry) => value;` */
export type GqlBalanceEntry = {
  readonly id: string;
  readonly account: string;
  readonly kind: GqlBalanceEntryKind;
  readonly amount: number;
  readonly at: string;
  readonly note: string | null;
};

/** @example `const use = (value: GqlImportBetsPayload) => value;` */
export type GqlImportBetsPayload = { readonly imported: number; readonly errors: ReadonlyArray<GqlImportError> };

/** @example `const use = (value: GqlImportError) => value;` */
export type GqlImportError = { readonly line: number; readonly column: string | null; readonly message: string };

/** @example `const use = (value: GqlTrackedLeg) => value;` */
export type GqlTrackedLeg = {
  readonly role: string;
  readonly side: GqlLegSide;
  readonly account: string;
  readonly odds: number;
  readonly stake: number;
  readonly commission: number;
  readonly freeBet: GqlFreeBetKind | null;
  readonly result: GqlLegResult;
  readonly market: string | null;
};

/** The variables of {@link MeQuery}. @example `const variables: MeQueryVariables = { ... };` */
export type MeQueryVariables = NoVariables;

/** The result (`data`) of {@link MeQuery}. @example `const { data } = await client.request({ query: MeQuery }); // data: MeQueryData` */
export type MeQueryData = { readonly brand: GqlBrandId; readonly me: GqlUser | null };

/** The variables of {@link LoginMutation}. @example `const variables: LoginMutationVariables = { ... };` */
export type LoginMutationVariables = {
  input: GqlLoginInput;
};

/** The result (`data`) of {@link LoginMutation}. @example `const { data } = await client.request({ query: LoginMutation }); // data: LoginMutationData` */
export type LoginMutationData = { readonly login: { readonly token: string; readonly expiresAt: string; readonly user: GqlUser } };

/** The variables of {@link LogoutMutation}. @example `const variables: LogoutMutationVariables = { ... };` */
export type LogoutMutationVariables = NoVariables;

/** The result (`data`) of {@link LogoutMutation}. @example `const { data } = await client.request({ query: LogoutMutation }); // data: LogoutMutationData` */
export type LogoutMutationData = { readonly logout: boolean };

/** The variables of {@link RefreshSessionMutation}. @example `const variables: RefreshSessionMutationVariables = { ... };` */
export type RefreshSessionMutationVariables = NoVariables;

/** The result (`data`) of {@link RefreshSessionMutation}. @example `const { data } = await client.request({ query: RefreshSessionMutation }); // data: RefreshSessionMutationData` */
export type RefreshSessionMutationData = {
  readonly refreshSession: {
    readonly ok: boolean;
    readonly token: string | null;
    readonly expiresAt: string | null;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
  };
};

/** @example `const use = (value: GqlUser) => value;` */
export type GqlUser = {
  readonly firstName: string;
  readonly lastName: string;
  readonly username: string;
  readonly email: string;
  readonly capabilities: ReadonlyArray<string>;
  readonly additionalCapabilities: ReadonlyArray<string>;
  readonly uid: { readonly global: string; readonly wordpress: number | null };
  readonly subscription: {
    readonly billingTerm: GqlBillingTerm;
    readonly isTrial: boolean;
    readonly isLegacy: boolean;
    readonly endsAt: string | null;
    readonly cancelledAt: string | null;
    readonly paymentFailedAt: string | null;
    readonly pendingDowngrade: { readonly plan: string; readonly startsAt: string; readonly chargedAt: string | null } | null;
  } | null;
  readonly billing: { readonly customerId: string | null; readonly nextChargeAt: string | null } | null;
  readonly referAFriend: { readonly referralCode: string };
  readonly integrations: ReadonlyArray<{ readonly integration: string; readonly status: GqlIntegrationStatus }>;
};

/**
 * The signed-in member's referrals, the earnings from them, and the commission statement now
 * (pending, under review, payable, paid; each payment and payout).
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, ReferralsQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: ReferralsQuery });
 * data.referrals.earnings.total;
 * ```
 */
export const ReferralsQuery =
  'query Referrals{referrals{referralCode referralUrl referredCount activeCount referrals{id joinedAt plan active underReview}earnings{...AffiliateEarningsFields}statement{total pending underReview payable paid entries{id paidAt amount commission state payableFrom}payouts{paidAt amount reference}}}}fragment AffiliateEarningsFields on AffiliateEarnings{commissionRate total earned reversed pending paid months{month revenue commission earned reversed paid pending}}' as unknown as TypedDocumentString<
    ReferralsQueryData,
    ReferralsQueryVariables
  >;

/**
 * The signed-in member's affiliate earnings over a period.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, AffiliateEarningsQuery } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: AffiliateEarningsQuery, variables: {} });
 * ```
 */
export const AffiliateEarningsQuery =
  'query AffiliateEarnings($from:DateTime$to:DateTime){affiliateEarnings(from:$from to:$to){...AffiliateEarningsFields}}fragment AffiliateEarningsFields on AffiliateEarnings{commissionRate total earned reversed pending paid months{month revenue commission earned reversed paid pending}}' as unknown as TypedDocumentString<
    AffiliateEarningsQueryData,
    AffiliateEarningsQueryVariables
  >;

/**
 * The signed-in member's odds alerts, oldest first: each one's rule, whether it is paused, and the
 * address of the tool's page with its filters.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, MyOddsAlertsQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: MyOddsAlertsQuery });
 * data.myOddsAlerts.filter((a) => !a.paused).map((a) => `${a.name}: at least ${a.minRating ?? a.minProfit}`);
 * ```
 */
export const MyOddsAlertsQuery =
  'query MyOddsAlerts{myOddsAlerts{...OddsAlertFields}}fragment OddsAlertFields on OddsAlert{id tool name minRating minProfit stake bookmaker sport withinHours minLiquidity commissions{exchange commission}paused createdAt href}' as unknown as TypedDocumentString<
    MyOddsAlertsQueryData,
    MyOddsAlertsQueryVariables
  >;

/**
 * The matches the signed-in member's odds alerts found, newest first (at most 100), each with the
 * tool its alert watches and the address of that tool's page at that match.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, MyOddsAlertMatchesQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: MyOddsAlertMatchesQuery });
 * data.myOddsAlertMatches.map((m) => `${m.eventName}: ${m.rating ?? m.profit} (${m.href})`);
 * ```
 */
export const MyOddsAlertMatchesQuery =
  'query MyOddsAlertMatches{myOddsAlertMatches{...OddsAlertMatchFields}}fragment OddsAlertMatchFields on OddsAlertMatch{alertId alertName tool eventName marketName selectionName bookmaker exchange backOdds layOdds placeLayOdds rating profit stake startsAt foundAt notifiedAt href}' as unknown as TypedDocumentString<
    MyOddsAlertMatchesQueryData,
    MyOddsAlertMatchesQueryVariables
  >;

/**
 * Saves an odds alert for the signed-in member: "tell me when a match rates at least minRating%",
 * optionally at one bookmaker, in one sport, starting within some hours, with at least some pence
 * to lay. A rule the sdk's parseOddsAlertRule refuses, a plan without the tool or a 21st alert
 * saves nothing: `ok` is false and `error.field` names the input field (`input.minRating`).
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, SaveOddsAlertMutation } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SaveOddsAlertMutation,
 *   variables: { input: { tool: 'oddsmatcher', name: 'Close football matches', minRating: 98, sport: 'football', minLiquidity: 5000 } },
 * });
 * data.saveOddsAlert.ok; // true
 * ```
 */
export const SaveOddsAlertMutation =
  'mutation SaveOddsAlert($input:OddsAlertInput!){saveOddsAlert(input:$input){...OddsAlertResultFields}}fragment OddsAlertResultFields on OddsAlertResult{ok error{code message field}alert{...OddsAlertFields}}fragment OddsAlertFields on OddsAlert{id tool name minRating minProfit stake bookmaker sport withinHours minLiquidity commissions{exchange commission}paused createdAt href}' as unknown as TypedDocumentString<
    SaveOddsAlertMutationData,
    SaveOddsAlertMutationVariables
  >;

/**
 * Pauses (`paused: true`) or resumes one of the signed-in member's odds alerts: a paused alert
 * finds nothing and sends nothing.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, MyOddsAlertsQuery, SetOddsAlertPausedMutation } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({ query: MyOddsAlertsQuery });
 * const [alert] = data.myOddsAlerts;
 * if (alert !== undefined) await client.request({ query: SetOddsAlertPausedMutation, variables: { id: alert.id, paused: !alert.paused } });
 * ```
 */
export const SetOddsAlertPausedMutation =
  'mutation SetOddsAlertPaused($id:ID!$paused:Boolean!){setOddsAlertPaused(id:$id paused:$paused){...OddsAlertResultFields}}fragment OddsAlertResultFields on OddsAlertResult{ok error{code message field}alert{...OddsAlertFields}}fragment OddsAlertFields on OddsAlert{id tool name minRating minProfit stake bookmaker sport withinHours minLiquidity commissions{exchange commission}paused createdAt href}' as unknown as TypedDocumentString<
    SetOddsAlertPausedMutationData,
    SetOddsAlertPausedMutationVariables
  >;

/**
 * Deletes one of the signed-in member's odds alerts with the matches it found (`alert` is then null).
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, DeleteOddsAlertMutation, SaveOddsAlertMutation } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const saved = await client.request({ query: SaveOddsAlertMutation, variables: { input: { tool: 'oddsmatcher', name: 'Short-lived', minRating: 99 } } });
 * const id = saved.data.saveOddsAlert.alert?.id;
 * if (id !== undefined) await client.request({ query: DeleteOddsAlertMutation, variables: { id } });
 * ```
 */
export const DeleteOddsAlertMutation =
  'mutation DeleteOddsAlert($id:ID!){deleteOddsAlert(id:$id){...OddsAlertResultFields}}fragment OddsAlertResultFields on OddsAlertResult{ok error{code message field}alert{...OddsAlertFields}}fragment OddsAlertFields on OddsAlert{id tool name minRating minProfit stake bookmaker sport withinHours minLiquidity commissions{exchange commission}paused createdAt href}' as unknown as TypedDocumentString<
    DeleteOddsAlertMutationData,
    DeleteOddsAlertMutationVariables
  >;

/**
 * The brand's plans with their prices in pence.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, PlansQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: PlansQuery });
 * data.plans[0]?.price.monthly;
 * ```
 */
export const PlansQuery =
  'query Plans{plans{...PlanFields}}fragment PlanFields on Plan{name label capability details{key included}paymentFormUrl price{firstMonth monthly yearly}}' as unknown as TypedDocumentString<
    PlansQueryData,
    PlansQueryVariables
  >;

/**
 * The brand's sales and the one active at an instant.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, SalesQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: SalesQuery, variables: {} });
 * data.activeSale?.endDate;
 * ```
 */
export const SalesQuery =
  'query Sales($at:DateTime){sales{...SaleFields}activeSale(at:$at){...SaleFields}}fragment SaleFields on Sale{id startDate endDate paymentLinkUniqParam termsAndConditionsUrl creatives{src alt width height}salePageSections{title description countdown plansComparison trustpilot testimonials}plans{plan yearly paymentLink}usedSale}' as unknown as TypedDocumentString<
    SalesQueryData,
    SalesQueryVariables
  >;

/**
 * Buys a plan; the server grants the sdk's `grantedCapabilities` of the plan. Not retried on
 * network errors (a mutation).
 *
 * @example
 * ```ts no-run: needs a checkout the member has paid on its payment page (startCheckout, then Pay): its id is the paymentToken
 * import { createGraphQLClient, PurchasePlanMutation } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({
 *   query: PurchasePlanMutation,
 *   variables: { input: { plan: 'diamond', billingTerm: 'month', paymentToken: 'tok_1' } },
 * });
 * data.purchasePlan.user.capabilities;
 * ```
 */
export const PurchasePlanMutation =
  'mutation PurchasePlan($input:PurchasePlanInput!){purchasePlan(input:$input){purchase{...PurchaseFields}user{...UserFields}}}fragment PurchaseFields on Purchase{id plan billingTerm amount saleId purchasedAt grantedCapabilities}fragment UserFields on User{uid{global wordpress}firstName lastName username email capabilities additionalCapabilities subscription{billingTerm isTrial isLegacy endsAt cancelledAt paymentFailedAt pendingDowngrade{plan startsAt chargedAt}}billing{customerId nextChargeAt}referAFriend{referralCode}integrations{integration status}}' as unknown as TypedDocumentString<
    PurchasePlanMutationData,
    PurchasePlanMutationVariables
  >;

/**
 * The signed-in member's purchases.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, MyPurchasesQuery } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: MyPurchasesQuery });
 * ```
 */
export const MyPurchasesQuery =
  'query MyPurchases{myPurchases{...PurchaseFields}}fragment PurchaseFields on Purchase{id plan billingTerm amount saleId purchasedAt grantedCapabilities}' as unknown as TypedDocumentString<
    MyPurchasesQueryData,
    MyPurchasesQueryVariables
  >;

/**
 * Every tool of the brand and the ones the signed-in member may use.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, ToolsQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: ToolsQuery });
 * data.myTools.length;
 * ```
 */
export const ToolsQuery =
  'query Tools{tools{...ToolFields}myTools{...ToolFields}}fragment ToolFields on Tool{key title shortTitle slug guideUrl showProfitTrackerButton profitTrackerSource capability profitTrackerTotalsEndpoint profitTrackerTotalsParams{key value}}' as unknown as TypedDocumentString<
    ToolsQueryData,
    ToolsQueryVariables
  >;

/**
 * The exchanges, the provider table and the signed-in member's exchange settings.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, ExchangesQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: ExchangesQuery });
 * data.exchangeProviders.map((p) => p.apiName);
 * ```
 */
export const ExchangesQuery =
  'query Exchanges{exchanges{...ExchangeFields}exchangeProviders{...ExchangeProviderFields}myExchanges{...ExchangeSettingFields}}fragment ExchangeFields on Exchange{name displayName imageSrc hasIntegration enabledByDefault}fragment ExchangeProviderFields on ExchangeProvider{name apiName displayName url capabilities{feature codes}isLockBetProvided isLayThePlaceBetProvided}fragment ExchangeSettingFields on ExchangeSetting{exchange enabled integration}' as unknown as TypedDocumentString<
    ExchangesQueryData,
    ExchangesQueryVariables
  >;

/**
 * Turns an exchange on or off for the signed-in member.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, SetExchangeEnabledMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SetExchangeEnabledMutation,
 *   variables: { exchange: 'betconnect', enabled: true },
 * });
 * ```
 */
export const SetExchangeEnabledMutation =
  'mutation SetExchangeEnabled($exchange:String!$enabled:Boolean!){setExchangeEnabled(exchange:$exchange enabled:$enabled){...ExchangeSettingFields}}fragment ExchangeSettingFields on ExchangeSetting{exchange enabled integration}' as unknown as TypedDocumentString<
    SetExchangeEnabledMutationData,
    SetExchangeEnabledMutationVariables
  >;

/**
 * A page of offers, optionally of one category.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, OffersQuery } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({ query: OffersQuery, variables: { category: 'sportsbook-signup-offers' } });
 * data.offers.pageInfo.hasNextPage;
 * ```
 */
export const OffersQuery =
  'query Offers($category:String$first:Int$after:String){offers(category:$category first:$first after:$after){nodes{...OfferFields}pageInfo{...PageInfoFields}}}fragment OfferFields on Offer{id slug title category bookmaker summary expectedProfit guideUrl expiresAt completed}fragment PageInfoFields on PageInfo{endCursor hasNextPage}' as unknown as TypedDocumentString<
    OffersQueryData,
    OffersQueryVariables
  >;

/**
 * Marks an offer completed (or not) for the signed-in member.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, SetOfferCompletedMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SetOfferCompletedMutation,
 *   variables: { slug: 'kittiwake-sports-bet-20-get-20', completed: true },
 * });
 * ```
 */
export const SetOfferCompletedMutation =
  'mutation SetOfferCompleted($slug:String!$completed:Boolean!){setOfferCompleted(slug:$slug completed:$completed){...OfferFields}}fragment OfferFields on Offer{id slug title category bookmaker summary expectedProfit guideUrl expiresAt completed}' as unknown as TypedDocumentString<
    SetOfferCompletedMutationData,
    SetOfferCompletedMutationVariables
  >;

/**
 * A page of guides and training, in reading order.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, GuidesQuery } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: GuidesQuery, variables: {} });
 * ```
 */
export const GuidesQuery =
  'query Guides($section:String$first:Int$after:String){guides(section:$section first:$first after:$after){nodes{...GuideFields}pageInfo{endCursor hasNextPage}}}fragment GuideFields on Guide{slug title section url summary order}' as unknown as TypedDocumentString<
    GuidesQueryData,
    GuidesQueryVariables
  >;

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
export const OddsUpdatedSubscription =
  'subscription OddsUpdated($filter:OddsFilter){oddsUpdated(filter:$filter){...OddsUpdateFields}}fragment OddsUpdateFields on OddsUpdate{eventId eventName sport competition startsAt marketId marketName selections{selectionId name back{bookmaker odds source updatedAt}lay{exchange odds liquidity commission source updatedAt}}updatedAt}' as unknown as TypedDocumentString<
    OddsUpdatedSubscriptionData,
    OddsUpdatedSubscriptionVariables
  >;

/**
 * The server's VAPID public key for web push (base64url), or null when it sends no push; asked
 * before a browser subscribes, so that no key is built into the page.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, PushPublicKeyQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: PushPublicKeyQuery });
 * data.pushPublicKey?.length;
 * ```
 */
export const PushPublicKeyQuery = 'query PushPublicKey{pushPublicKey}' as unknown as TypedDocumentString<
  PushPublicKeyQueryData,
  PushPublicKeyQueryVariables
>;

/**
 * The server's VAPID public key for web push (null when it sends no push), and the signed-in
 * member's notification settings: every kind on both channels.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, NotificationSettingsQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: NotificationSettingsQuery });
 * data.notificationSettings.filter((s) => s.enabled).map((s) => `${s.kind} ${s.channel}`);
 * ```
 */
export const NotificationSettingsQuery =
  'query NotificationSettings{pushPublicKey notificationSettings{...NotificationSettingFields}}fragment NotificationSettingFields on NotificationSetting{kind channel enabled switchable offered}' as unknown as TypedDocumentString<
    NotificationSettingsQueryData,
    NotificationSettingsQueryVariables
  >;

/**
 * Turns one kind of notification on or off on one channel for the signed-in member.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, SetNotificationSettingMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SetNotificationSettingMutation,
 *   variables: { kind: 'weekly-summary', channel: 'EMAIL', enabled: true },
 * });
 * ```
 */
export const SetNotificationSettingMutation =
  'mutation SetNotificationSetting($kind:String!$channel:NotificationChannel!$enabled:Boolean!){setNotificationSetting(kind:$kind channel:$channel enabled:$enabled){...NotificationSettingFields}}fragment NotificationSettingFields on NotificationSetting{kind channel enabled switchable offered}' as unknown as TypedDocumentString<
    SetNotificationSettingMutationData,
    SetNotificationSettingMutationVariables
  >;

/**
 * Stores this browser's push subscription (PushSubscription.toJSON()) for the signed-in member.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, SavePushSubscriptionMutation } from '@matchkit/sdk/transport';
 * // In a page: (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })).toJSON()
 * const subscription = {
 *   endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
 *   keys: {
 *     p256dh: 'BAED8JNqb8hyHKANK28KU6VKE1a9COIKgqzei9z1iY39Qa1L9WOx7FFGg5PC16kRcO9aKEi6T2P5w56mZPJ1uKE',
 *     auth: '6AfzlxXMsTh6lhCzOGaQNA',
 *   },
 *   expirationTime: null,
 * };
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SavePushSubscriptionMutation,
 *   variables: { input: { endpoint: subscription.endpoint, ...subscription.keys, expirationTime: subscription.expirationTime } },
 * });
 * ```
 */
export const SavePushSubscriptionMutation =
  'mutation SavePushSubscription($input:PushSubscriptionInput!){savePushSubscription(input:$input)}' as unknown as TypedDocumentString<
    SavePushSubscriptionMutationData,
    SavePushSubscriptionMutationVariables
  >;

/**
 * Forgets the signed-in member's push subscription for this endpoint (push turned off in that browser).
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, RemovePushSubscriptionMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: RemovePushSubscriptionMutation,
 *   variables: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
 * });
 * ```
 */
export const RemovePushSubscriptionMutation =
  'mutation RemovePushSubscription($endpoint:String!){removePushSubscription(endpoint:$endpoint)}' as unknown as TypedDocumentString<
    RemovePushSubscriptionMutationData,
    RemovePushSubscriptionMutationVariables
  >;

/**
 * A page of the signed-in member's tracked bets.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, TrackedBetsQuery } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({ query: TrackedBetsQuery, variables: { filter: { status: 'open' } } });
 * data.trackedBets.totalCount;
 * ```
 */
export const TrackedBetsQuery =
  'query TrackedBets($filter:TrackedBetFilter$first:Int$after:String){trackedBets(filter:$filter first:$first after:$after){nodes{...TrackedBetFields}pageInfo{...PageInfoFields}totalCount}}fragment TrackedBetFields on TrackedBet{id source profitType status event market selection legs{...TrackedLegFields}expectedProfit settledProfit placedAt settledAt note}fragment PageInfoFields on PageInfo{endCursor hasNextPage}fragment TrackedLegFields on TrackedLeg{role side account odds stake commission freeBet result market}' as unknown as TypedDocumentString<
    TrackedBetsQueryData,
    TrackedBetsQueryVariables
  >;

/**
 * Totals over the signed-in member's tracked bets (all tools, or filtered). The per-tool totals
 * endpoints of spec section 7 are REST calls: see {@link getTrackerTotals}.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, TrackerTotalsQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: TrackerTotalsQuery, variables: {} });
 * data.trackerTotals.guaranteed;
 * ```
 */
export const TrackerTotalsQuery =
  'query TrackerTotals($filter:TrackedBetFilter){trackerTotals(filter:$filter){...ProfitTotalsFields}}fragment ProfitTotalsFields on ProfitTotals{betCount staked profit pendingProfit guaranteed potential training ev}' as unknown as TypedDocumentString<
    TrackerTotalsQueryData,
    TrackerTotalsQueryVariables
  >;

/**
 * Records a bet in the profit tracker. Not retried on network errors (a mutation).
 *
 * @example
 * ```ts platform
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
export const RecordBetMutation =
  'mutation RecordBet($input:RecordBetInput!){recordBet(input:$input){...TrackedBetFields}}fragment TrackedBetFields on TrackedBet{id source profitType status event market selection legs{...TrackedLegFields}expectedProfit settledProfit placedAt settledAt note}fragment TrackedLegFields on TrackedLeg{role side account odds stake commission freeBet result market}' as unknown as TypedDocumentString<
    RecordBetMutationData,
    RecordBetMutationVariables
  >;

/**
 * Settles a tracked bet from its legs' results: the server computes the settled profit with the
 * sdk's `settleBet` (exact leg profits, rounded once), so browser and server cannot disagree.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, SettleBetMutation, TrackedBetsQuery } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({ query: TrackedBetsQuery, variables: { filter: { status: 'open' }, first: 1 } });
 * const [bet] = data.trackedBets.nodes;
 * if (bet === undefined) throw new Error('no open bet to settle');
 * // The back bet lost and the lay won: one result per leg, in leg order.
 * const results = bet.legs.map((leg) => (leg.side === 'back' ? 'lost' : 'won'));
 * const settled = await client.request({ query: SettleBetMutation, variables: { input: { id: bet.id, results, settledAt: '2025-08-12T21:00:00Z' } } });
 * settled.data.settleBet.status; // 'settled'
 * ```
 */
export const SettleBetMutation =
  'mutation SettleBet($input:SettleBetInput!){settleBet(input:$input){...TrackedBetFields}}fragment TrackedBetFields on TrackedBet{id source profitType status event market selection legs{...TrackedLegFields}expectedProfit settledProfit placedAt settledAt note}fragment TrackedLegFields on TrackedLeg{role side account odds stake commission freeBet result market}' as unknown as TypedDocumentString<
    SettleBetMutationData,
    SettleBetMutationVariables
  >;

/**
 * Voids a tracked bet as a whole (the bookmaker cancelled it): it then counts for nothing.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, TrackedBetsQuery, VoidBetMutation } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({ query: TrackedBetsQuery, variables: { filter: { status: 'open' }, first: 1 } });
 * const [bet] = data.trackedBets.nodes;
 * if (bet === undefined) throw new Error('no open bet to void');
 * const voided = await client.request({ query: VoidBetMutation, variables: { input: { id: bet.id, voidedAt: '2025-08-12T21:00:00Z' } } });
 * voided.data.voidBet.status; // 'void'
 * ```
 */
export const VoidBetMutation =
  'mutation VoidBet($input:VoidBetInput!){voidBet(input:$input){...TrackedBetFields}}fragment TrackedBetFields on TrackedBet{id source profitType status event market selection legs{...TrackedLegFields}expectedProfit settledProfit placedAt settledAt note}fragment TrackedLegFields on TrackedLeg{role side account odds stake commission freeBet result market}' as unknown as TypedDocumentString<
    VoidBetMutationData,
    VoidBetMutationVariables
  >;

/**
 * Deletes a tracked bet.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, DeleteBetMutation, TrackedBetsQuery } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({ query: TrackedBetsQuery, variables: { first: 1 } });
 * const [bet] = data.trackedBets.nodes;
 * if (bet === undefined) throw new Error('no bet to delete');
 * (await client.request({ query: DeleteBetMutation, variables: { id: bet.id } })).data.deleteBet === bet.id; // true
 * ```
 */
export const DeleteBetMutation = 'mutation DeleteBet($id:ID!){deleteBet(id:$id)}' as unknown as TypedDocumentString<
  DeleteBetMutationData,
  DeleteBetMutationVariables
>;

/**
 * The signed-in member's balance sheet over a period.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, BalanceSheetQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: BalanceSheetQuery, variables: {} });
 * data.balanceSheet.accounts;
 * ```
 */
export const BalanceSheetQuery =
  'query BalanceSheet($from:DateTime$to:DateTime){balanceSheet(from:$from to:$to){accounts{...AccountBalanceFields}entries{...BalanceEntryFields}totals{deposits withdrawals bonuses adjustments net trackerProfit balance}}}fragment AccountBalanceFields on AccountBalance{account displayName kind restricted balance}fragment BalanceEntryFields on BalanceEntry{id account kind amount at note}' as unknown as TypedDocumentString<
    BalanceSheetQueryData,
    BalanceSheetQueryVariables
  >;

/**
 * Flags a bookmaker account as restricted ("gubbed": it limits the member's stakes or offers), or
 * clears the flag. An exchange cannot be restricted.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, SetAccountRestrictedMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SetAccountRestrictedMutation,
 *   variables: { account: 'bet-co', restricted: true },
 * });
 * ```
 */
export const SetAccountRestrictedMutation =
  'mutation SetAccountRestricted($account:String!$restricted:Boolean!){setAccountRestricted(account:$account restricted:$restricted){...AccountBalanceFields}}fragment AccountBalanceFields on AccountBalance{account displayName kind restricted balance}' as unknown as TypedDocumentString<
    SetAccountRestrictedMutationData,
    SetAccountRestrictedMutationVariables
  >;

/**
 * Creates or updates a balance-sheet account: its kind (the balance sheet needs one for every
 * account) and, optionally, its restricted flag (a bookmaker only).
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, SetAccountMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: SetAccountMutation,
 *   variables: { input: { account: 'bet-co', kind: 'bookmaker', restricted: false } },
 * });
 * ```
 */
export const SetAccountMutation =
  'mutation SetAccount($input:AccountInput!){setAccount(input:$input){...AccountBalanceFields}}fragment AccountBalanceFields on AccountBalance{account displayName kind restricted balance}' as unknown as TypedDocumentString<
    SetAccountMutationData,
    SetAccountMutationVariables
  >;

/**
 * Imports tracked bets from the tracker's CSV bet by bet: the server reads it with
 * `importBetsCsvInPart`, writes the good bets in one transaction (`imported` counts them) and
 * refuses each bet with a bad value, listing its problems in `errors` by line and column. A file
 * that cannot be read at all (a bad header, broken quoting, a row with the wrong number of fields)
 * writes nothing: then `imported` is 0 and `errors` says why. Idempotent by bet id: a bet whose id
 * the member already has is replaced, so importing the same file twice leaves the same bets.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, ImportBetsMutation } from '@matchkit/sdk/transport';
 * import { exportBetsCsv } from '@matchkit/sdk/tracker';
 * const csv = exportBetsCsv([]); // your bets, as the tracker's CSV
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: ImportBetsMutation, variables: { csv } });
 * data.importBets.errors.map((e) => `line ${e.line}: ${e.message}`);
 * ```
 */
export const ImportBetsMutation =
  'mutation ImportBets($csv:String!){importBets(csv:$csv){...ImportBetsPayloadFields}}fragment ImportBetsPayloadFields on ImportBetsPayload{imported errors{...ImportErrorFields}}fragment ImportErrorFields on ImportError{line column message}' as unknown as TypedDocumentString<
    ImportBetsMutationData,
    ImportBetsMutationVariables
  >;

/**
 * Adds an entry to the balance sheet.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, AddBalanceEntryMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({
 *   query: AddBalanceEntryMutation,
 *   variables: { input: { account: 'smarkets', kind: 'deposit', amount: 5000, at: '2025-08-12T09:00:00Z' } },
 * });
 * ```
 */
export const AddBalanceEntryMutation =
  'mutation AddBalanceEntry($input:BalanceEntryInput!){addBalanceEntry(input:$input){...BalanceEntryFields}}fragment BalanceEntryFields on BalanceEntry{id account kind amount at note}' as unknown as TypedDocumentString<
    AddBalanceEntryMutationData,
    AddBalanceEntryMutationVariables
  >;

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
export const TrackedBetChangedSubscription =
  'subscription TrackedBetChanged{trackedBetChanged{change id bet{...TrackedBetFields}}}fragment TrackedBetFields on TrackedBet{id source profitType status event market selection legs{...TrackedLegFields}expectedProfit settledProfit placedAt settledAt note}fragment TrackedLegFields on TrackedLeg{role side account odds stake commission freeBet result market}' as unknown as TypedDocumentString<
    TrackedBetChangedSubscriptionData,
    TrackedBetChangedSubscriptionVariables
  >;

/**
 * The signed-in member (null when signed out) and the server's brand.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, MeQuery } from '@matchkit/sdk/transport';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: MeQuery });
 * data.me?.capabilities;
 * ```
 */
export const MeQuery =
  'query Me{brand me{...UserFields}}fragment UserFields on User{uid{global wordpress}firstName lastName username email capabilities additionalCapabilities subscription{billingTerm isTrial isLegacy endsAt cancelledAt paymentFailedAt pendingDowngrade{plan startsAt chargedAt}}billing{customerId nextChargeAt}referAFriend{referralCode}integrations{integration status}}' as unknown as TypedDocumentString<
    MeQueryData,
    MeQueryVariables
  >;

/**
 * Signs in (the server also sets the `_opjwt` cookie).
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, LoginMutation } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * await client.request({ query: LoginMutation, variables: { input: { login: 'ada', password: 'correct horse battery staple' } } });
 * ```
 */
export const LoginMutation =
  'mutation Login($input:LoginInput!){login(input:$input){user{...UserFields}token expiresAt}}fragment UserFields on User{uid{global wordpress}firstName lastName username email capabilities additionalCapabilities subscription{billingTerm isTrial isLegacy endsAt cancelledAt paymentFailedAt pendingDowngrade{plan startsAt chargedAt}}billing{customerId nextChargeAt}referAFriend{referralCode}integrations{integration status}}' as unknown as TypedDocumentString<
    LoginMutationData,
    LoginMutationVariables
  >;

/**
 * Signs out (the server clears the JWT cookie).
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, LogoutMutation } from '@matchkit/sdk/transport';
 * await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: LogoutMutation });
 * ```
 */
export const LogoutMutation = 'mutation Logout{logout}' as unknown as TypedDocumentString<LogoutMutationData, LogoutMutationVariables>;

/**
 * A fresh token for the signed-in session (the same sign-in: a session still ends when the server
 * says, however often it is renewed). The server also sets the `_opjwt` cookie. Signed out, or
 * with the session over, the server refuses it with an `UNAUTHENTICATED` GraphQL error (the
 * client rejects with kind `graphql`). What a subscription client's `refreshToken` calls when the
 * server closes its socket because the token ran out (`TOKEN_EXPIRED_CLOSE_CODE`).
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, RefreshSessionMutation } from '@matchkit/sdk/transport';
 * const api = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await api.request({ query: RefreshSessionMutation });
 * data.refreshSession.expiresAt;
 * ```
 */
export const RefreshSessionMutation =
  'mutation RefreshSession{refreshSession{ok error{code message field}token expiresAt}}' as unknown as TypedDocumentString<
    RefreshSessionMutationData,
    RefreshSessionMutationVariables
  >;

/**
 * Every operation above by its export name, for persisted-query tooling or a check against a schema.
 *
 * @example
 * ```ts
 * import { platformOperations } from '@matchkit/sdk/transport';
 * const names = Object.keys(platformOperations);
 * ```
 */
export const platformOperations = {
  AddBalanceEntryMutation,
  AffiliateEarningsQuery,
  BalanceSheetQuery,
  DeleteBetMutation,
  DeleteOddsAlertMutation,
  ExchangesQuery,
  GuidesQuery,
  ImportBetsMutation,
  LoginMutation,
  LogoutMutation,
  MeQuery,
  MyOddsAlertMatchesQuery,
  MyOddsAlertsQuery,
  MyPurchasesQuery,
  NotificationSettingsQuery,
  OddsUpdatedSubscription,
  OffersQuery,
  PlansQuery,
  PurchasePlanMutation,
  PushPublicKeyQuery,
  RecordBetMutation,
  ReferralsQuery,
  RefreshSessionMutation,
  RemovePushSubscriptionMutation,
  SalesQuery,
  SaveOddsAlertMutation,
  SavePushSubscriptionMutation,
  SetAccountMutation,
  SetAccountRestrictedMutation,
  SetExchangeEnabledMutation,
  SetNotificationSettingMutation,
  SetOddsAlertPausedMutation,
  SetOfferCompletedMutation,
  SettleBetMutation,
  ToolsQuery,
  TrackedBetChangedSubscription,
  TrackedBetsQuery,
  TrackerTotalsQuery,
  VoidBetMutation,
} as const;
