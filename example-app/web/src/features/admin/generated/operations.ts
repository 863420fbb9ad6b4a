import type { GqlCommissionState, GqlErrorCode, NoVariables, TypedDocumentString } from '@matchkit/sdk/transport';
export type { GqlErrorCode };

/** @example `const use = (value: GqlMemberFilterInput) => value;` */
export type GqlMemberFilterInput = {
  /** A member filter type's value (memberFilterTypes). */
  readonly filterType?: string | null | undefined;
  /** A member segment id. */
  readonly segment?: string | null | undefined;
  /** Part of an email address or username. */
  readonly search?: string | null | undefined;
};

export type { GqlCommissionState };

/** @example `const value: GqlCommissionDecision = 'APPROVE';` */
export type GqlCommissionDecision = 'APPROVE' | 'REJECT';

/** @example `const use = (value: GqlCommissionReviewInput) => value;` */
export type GqlCommissionReviewInput = {
  /** The HeldCommission id. */
  readonly id: string;
  readonly decision: GqlCommissionDecision;
};

/** @example `const use = (value: GqlPayoutInput) => value;` */
export type GqlPayoutInput = {
  /** The affiliate's id (User.uid.global). */
  readonly member: string;
  /** At most what is payable to the affiliate at paidAt. */
  readonly amount: number;
  /** When it was paid (default: now); not in the future. */
  readonly paidAt?: string | null | undefined;
  /** The payment's reference (the bank transfer's): 1 to 100 characters. */
  readonly reference: string;
};

/** @example `const use = (value: GqlOfferInput) => value;` */
export type GqlOfferInput = {
  readonly slug: string;
  readonly title: string;
  /** sportsbook-signup-offers, casino-signup-offers or reload-offers. */
  readonly category: string;
  readonly bookmaker: string;
  readonly summary: string;
  readonly body: string;
  readonly expectedProfit: number;
  readonly guideUrl?: string | null | undefined;
  readonly expiresAt?: string | null | undefined;
  /** True: kept as a draft (members do not see it). False: published. Absent: a new offer is published at once, an existing one keeps its state. */
  readonly draft?: boolean | null | undefined;
};

/** @example `const use = (value: GqlGuideInput) => value;` */
export type GqlGuideInput = {
  readonly slug: string;
  readonly title: string;
  readonly section: string;
  readonly summary: string;
  readonly body: string;
  readonly order: number;
  /** True: kept as a draft (members do not see it). False: published. Absent: a new guide is published at once, an existing one keeps its state. */
  readonly draft?: boolean | null | undefined;
};

/** Which way an offer moves in its category's list. @example `const value: GqlMoveDirection = 'UP';` */
export type GqlMoveDirection =
  /** One place towards the top: members see it before the one that was above it. */
  | 'UP'
  /** One place towards the bottom. */
  | 'DOWN';

/** How a real odds provider behind the feed is doing. @example `const value: GqlFeedProviderState = 'starting';` */
export type GqlFeedProviderState =
  /** Connecting: no prices from it yet. */
  | 'starting'
  /** Up to date. */
  | 'live'
  /** Answering, but its prices are delayed. */
  | 'degraded'
  /** Failed for longer than the feed's stale age: its prices are hidden until it is back. */
  | 'down';

/** The variables of {@link AdminAffiliatesQuery}. @example `const variables: AdminAffiliatesQueryVariables = { ... };` */
export type AdminAffiliatesQueryVariables = NoVariables;

/** The result (`data`) of {@link AdminAffiliatesQuery}. @example `const { data } = await client.request({ query: AdminAffiliatesQuery }); // data: AdminAffiliatesQueryData` */
export type AdminAffiliatesQueryData = {
  readonly adminAffiliates: ReadonlyArray<{
    readonly member: string;
    readonly email: string;
    readonly username: string;
    readonly referredPayments: number;
    readonly total: number;
    readonly pending: number;
    readonly underReview: number;
    readonly payable: number;
    readonly paid: number;
  }>;
};

/** The variables of {@link AdminAffiliateStatementQuery}. @example `const variables: AdminAffiliateStatementQueryVariables = { ... };` */
export type AdminAffiliateStatementQueryVariables = {
  member: string;
};

/** The result (`data`) of {@link AdminAffiliateStatementQuery}. @example `const { data } = await client.request({ query: AdminAffiliateStatementQuery }); // data: AdminAffiliateStatementQueryData` */
export type AdminAffiliateStatementQueryData = {
  readonly adminAffiliateStatement: {
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

/** The variables of {@link AdminRecordPayoutMutation}. @example `const variables: AdminRecordPayoutMutationVariables = { ... };` */
export type AdminRecordPayoutMutationVariables = {
  input: GqlPayoutInput;
};

/** The result (`data`) of {@link AdminRecordPayoutMutation}. @example `const { data } = await client.request({ query: AdminRecordPayoutMutation }); // data: AdminRecordPayoutMutationData` */
export type AdminRecordPayoutMutationData = {
  readonly adminRecordPayout: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
  };
};

/** The variables of {@link AdminAffiliateProgrammeQuery}. @example `const variables: AdminAffiliateProgrammeQueryVariables = { ... };` */
export type AdminAffiliateProgrammeQueryVariables = {
  from: string;
  to: string;
};

/** The result (`data`) of {@link AdminAffiliateProgrammeQuery}. @example `const { data } = await client.request({ query: AdminAffiliateProgrammeQuery }); // data: AdminAffiliateProgrammeQueryData` */
export type AdminAffiliateProgrammeQueryData = {
  readonly adminAffiliateProgramme: {
    readonly months: ReadonlyArray<{
      readonly month: string;
      readonly revenue: number;
      readonly commission: number;
      readonly refunded: number;
      readonly reversed: number;
      readonly paidOut: number;
    }>;
  };
};

/** The variables of {@link AdminFunnelQuery}. @example `const variables: AdminFunnelQueryVariables = { ... };` */
export type AdminFunnelQueryVariables = {
  from: string;
  to: string;
};

/** The result (`data`) of {@link AdminFunnelQuery}. @example `const { data } = await client.request({ query: AdminFunnelQuery }); // data: AdminFunnelQueryData` */
export type AdminFunnelQueryData = {
  readonly adminFunnel: {
    readonly from: string;
    readonly to: string;
    readonly total: GqlAdminFunnelCountsFragment;
    readonly byCampaign: ReadonlyArray<{
      readonly source: string;
      readonly medium: string;
      readonly campaign: string;
      readonly counts: GqlAdminFunnelCountsFragment;
    }>;
    readonly byReferral: ReadonlyArray<{ readonly referred: boolean; readonly counts: GqlAdminFunnelCountsFragment }>;
  };
};

/** @example `const use = (value: GqlAdminFunnelCountsFragment) => value;` */
export type GqlAdminFunnelCountsFragment = {
  readonly visits: number | null;
  readonly registrations: number;
  readonly trials: number;
  readonly firstPayments: number;
  readonly secondPayments: number;
};

/** The variables of {@link AdminToolUsageQuery}. @example `const variables: AdminToolUsageQueryVariables = { ... };` */
export type AdminToolUsageQueryVariables = {
  from: string;
  to: string;
};

/** The result (`data`) of {@link AdminToolUsageQuery}. @example `const { data } = await client.request({ query: AdminToolUsageQuery }); // data: AdminToolUsageQueryData` */
export type AdminToolUsageQueryData = {
  readonly adminToolUsage: ReadonlyArray<{ readonly page: string; readonly tier: string; readonly events: number }>;
};

/** The variables of {@link AdminRevenueQuery}. @example `const variables: AdminRevenueQueryVariables = { ... };` */
export type AdminRevenueQueryVariables = {
  from: string;
  to: string;
};

/** The result (`data`) of {@link AdminRevenueQuery}. @example `const { data } = await client.request({ query: AdminRevenueQuery }); // data: AdminRevenueQueryData` */
export type AdminRevenueQueryData = {
  readonly adminRevenue: {
    readonly from: string;
    readonly to: string;
    readonly asOf: string;
    readonly membersBehind: number;
    readonly months: ReadonlyArray<GqlAdminRevenuePeriodFragment>;
    readonly total: GqlAdminRevenuePeriodFragment;
    readonly trialConversion: {
      readonly trials: number;
      readonly converted: number;
      readonly months: ReadonlyArray<{
        readonly month: string;
        readonly from: string;
        readonly to: string;
        readonly trials: number;
        readonly converted: number;
      }>;
    };
  };
};

/** @example `const use = (value: GqlAdminRevenuePeriodFragment) => value;` */
export type GqlAdminRevenuePeriodFragment = {
  readonly month: string | null;
  readonly from: string;
  readonly to: string;
  readonly mrrStart: number;
  readonly mrrEnd: number;
  readonly new: number;
  readonly expansion: number;
  readonly contraction: number;
  readonly churned: number;
  readonly newMembers: number;
  readonly expansionMembers: number;
  readonly contractionMembers: number;
  readonly churnedMembers: number;
};

/** The variables of {@link AdminAuditLogQuery}. @example `const variables: AdminAuditLogQueryVariables = { ... };` */
export type AdminAuditLogQueryVariables = {
  target?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
};

/** The result (`data`) of {@link AdminAuditLogQuery}. @example `const { data } = await client.request({ query: AdminAuditLogQuery }); // data: AdminAuditLogQueryData` */
export type AdminAuditLogQueryData = {
  readonly adminAuditLog: {
    readonly nodes: ReadonlyArray<{
      readonly id: string;
      readonly at: string;
      readonly admin: string;
      readonly adminEmail: string | null;
      readonly action: string;
      readonly target: string;
      readonly before: string | null;
      readonly after: string | null;
    }>;
    readonly pageInfo: { readonly endCursor: string | null; readonly hasNextPage: boolean };
  };
};

/** The variables of {@link AdminHeldCommissionQuery}. @example `const variables: AdminHeldCommissionQueryVariables = { ... };` */
export type AdminHeldCommissionQueryVariables = NoVariables;

/** The result (`data`) of {@link AdminHeldCommissionQuery}. @example `const { data } = await client.request({ query: AdminHeldCommissionQuery }); // data: AdminHeldCommissionQueryData` */
export type AdminHeldCommissionQueryData = {
  readonly adminHeldCommission: ReadonlyArray<{
    readonly id: string;
    readonly affiliate: string;
    readonly member: string;
    readonly paidAt: string;
    readonly amount: number;
    readonly commission: number;
    readonly reason: string;
  }>;
};

/** The variables of {@link AdminReviewCommissionMutation}. @example `const variables: AdminReviewCommissionMutationVariables = { ... };` */
export type AdminReviewCommissionMutationVariables = {
  input: GqlCommissionReviewInput;
};

/** The result (`data`) of {@link AdminReviewCommissionMutation}. @example `const { data } = await client.request({ query: AdminReviewCommissionMutation }); // data: AdminReviewCommissionMutationData` */
export type AdminReviewCommissionMutationData = {
  readonly adminReviewCommission: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
  };
};

/** The variables of {@link AdminOffersQuery}. @example `const variables: AdminOffersQueryVariables = { ... };` */
export type AdminOffersQueryVariables = {
  category?: string | null | undefined;
};

/** The result (`data`) of {@link AdminOffersQuery}. @example `const { data } = await client.request({ query: AdminOffersQuery }); // data: AdminOffersQueryData` */
export type AdminOffersQueryData = { readonly adminOffers: ReadonlyArray<GqlAdminOffer> };

/** The variables of {@link AdminSaveOfferMutation}. @example `const variables: AdminSaveOfferMutationVariables = { ... };` */
export type AdminSaveOfferMutationVariables = {
  input: GqlOfferInput;
};

/** The result (`data`) of {@link AdminSaveOfferMutation}. @example `const { data } = await client.request({ query: AdminSaveOfferMutation }); // data: AdminSaveOfferMutationData` */
export type AdminSaveOfferMutationData = {
  readonly adminSaveOffer: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
    readonly offer: GqlAdminOffer | null;
  };
};

/** The variables of {@link AdminDeleteOfferMutation}. @example `const variables: AdminDeleteOfferMutationVariables = { ... };` */
export type AdminDeleteOfferMutationVariables = {
  slug: string;
};

/** The result (`data`) of {@link AdminDeleteOfferMutation}. @example `const { data } = await client.request({ query: AdminDeleteOfferMutation }); // data: AdminDeleteOfferMutationData` */
export type AdminDeleteOfferMutationData = {
  readonly adminDeleteOffer: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
  };
};

/** The variables of {@link AdminDeleteGuideMutation}. @example `const variables: AdminDeleteGuideMutationVariables = { ... };` */
export type AdminDeleteGuideMutationVariables = {
  slug: string;
};

/** The result (`data`) of {@link AdminDeleteGuideMutation}. @example `const { data } = await client.request({ query: AdminDeleteGuideMutation }); // data: AdminDeleteGuideMutationData` */
export type AdminDeleteGuideMutationData = {
  readonly adminDeleteGuide: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
  };
};

/** @example `const use = (value: GqlAdminOffer) => value;` */
export type GqlAdminOffer = {
  readonly id: string;
  readonly slug: string;
  readonly title: string;
  readonly category: string;
  readonly bookmaker: string;
  readonly summary: string;
  readonly body: string;
  readonly expectedProfit: number;
  readonly guideUrl: string | null;
  readonly expiresAt: string | null;
  readonly publishedAt: string | null;
};

/** The variables of {@link AdminPublishOfferMutation}. @example `const variables: AdminPublishOfferMutationVariables = { ... };` */
export type AdminPublishOfferMutationVariables = {
  slug: string;
  published: boolean;
};

/** The result (`data`) of {@link AdminPublishOfferMutation}. @example `const { data } = await client.request({ query: AdminPublishOfferMutation }); // data: AdminPublishOfferMutationData` */
export type AdminPublishOfferMutationData = {
  readonly adminPublishOffer: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
    readonly offer: GqlAdminOffer | null;
  };
};

/** The variables of {@link AdminMoveOfferMutation}. @example `const variables: AdminMoveOfferMutationVariables = { ... };` */
export type AdminMoveOfferMutationVariables = {
  slug: string;
  direction: GqlMoveDirection;
};

/** The result (`data`) of {@link AdminMoveOfferMutation}. @example `const { data } = await client.request({ query: AdminMoveOfferMutation }); // data: AdminMoveOfferMutationData` */
export type AdminMoveOfferMutationData = {
  readonly adminMoveOffer: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
    readonly offer: GqlAdminOffer | null;
  };
};

/** The variables of {@link AdminGuidesQuery}. @example `const variables: AdminGuidesQueryVariables = { ... };` */
export type AdminGuidesQueryVariables = {
  section?: string | null | undefined;
};

/** The result (`data`) of {@link AdminGuidesQuery}. @example `const { data } = await client.request({ query: AdminGuidesQuery }); // data: AdminGuidesQueryData` */
export type AdminGuidesQueryData = { readonly adminGuides: ReadonlyArray<GqlAdminGuide> };

/** The variables of {@link AdminSaveGuideMutation}. @example `const variables: AdminSaveGuideMutationVariables = { ... };` */
export type AdminSaveGuideMutationVariables = {
  input: GqlGuideInput;
};

/** The result (`data`) of {@link AdminSaveGuideMutation}. @example `const { data } = await client.request({ query: AdminSaveGuideMutation }); // data: AdminSaveGuideMutationData` */
export type AdminSaveGuideMutationData = {
  readonly adminSaveGuide: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
    readonly guide: GqlAdminGuide | null;
  };
};

/** The variables of {@link AdminPublishGuideMutation}. @example `const variables: AdminPublishGuideMutationVariables = { ... };` */
export type AdminPublishGuideMutationVariables = {
  slug: string;
  published: boolean;
};

/** The result (`data`) of {@link AdminPublishGuideMutation}. @example `const { data } = await client.request({ query: AdminPublishGuideMutation }); // data: AdminPublishGuideMutationData` */
export type AdminPublishGuideMutationData = {
  readonly adminPublishGuide: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
    readonly guide: GqlAdminGuide | null;
  };
};

/** @example `const use = (value: GqlAdminGuide) => value;` */
export type GqlAdminGuide = {
  readonly slug: string;
  readonly title: string;
  readonly section: string;
  readonly url: string;
  readonly summary: string;
  readonly order: number;
  readonly body: string;
  readonly publishedAt: string | null;
};

/** The variables of {@link AdminMembersQuery}. @example `const variables: AdminMembersQueryVariables = { ... };` */
export type AdminMembersQueryVariables = {
  filter?: GqlMemberFilterInput | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
};

/** The result (`data`) of {@link AdminMembersQuery}. @example `const { data } = await client.request({ query: AdminMembersQuery }); // data: AdminMembersQueryData` */
export type AdminMembersQueryData = {
  readonly adminMembers: {
    readonly totalCount: number;
    readonly nodes: ReadonlyArray<GqlAdminMemberSummary>;
    readonly pageInfo: { readonly endCursor: string | null; readonly hasNextPage: boolean };
  };
};

/** The variables of {@link AdminMemberQuery}. @example `const variables: AdminMemberQueryVariables = { ... };` */
export type AdminMemberQueryVariables = {
  id: string;
};

/** The result (`data`) of {@link AdminMemberQuery}. @example `const { data } = await client.request({ query: AdminMemberQuery }); // data: AdminMemberQueryData` */
export type AdminMemberQueryData = {
  readonly adminMember: {
    readonly emailVerifiedAt: string | null;
    readonly activeSessions: number;
    readonly referrals: number;
    readonly member: GqlAdminMemberSummary;
    readonly payments: ReadonlyArray<{
      readonly id: string;
      readonly type: string;
      readonly plan: string;
      readonly amount: number;
      readonly at: string;
      readonly periodStart: string;
      readonly periodEnd: string;
      readonly refunded: boolean;
      readonly refundedAt: string | null;
      readonly refundedAmount: number | null;
    }>;
    readonly receipts: ReadonlyArray<{
      readonly id: string;
      readonly number: string;
      readonly issuedAt: string;
      readonly planLabel: string;
      readonly amount: number;
      readonly refundedAt: string | null;
    }>;
    readonly tracker: { readonly betCount: number; readonly staked: number; readonly profit: number; readonly pendingProfit: number };
  } | null;
};

/** The variables of {@link MemberSegmentsQuery}. @example `const variables: MemberSegmentsQueryVariables = { ... };` */
export type MemberSegmentsQueryVariables = NoVariables;

/** The result (`data`) of {@link MemberSegmentsQuery}. @example `const { data } = await client.request({ query: MemberSegmentsQuery }); // data: MemberSegmentsQueryData` */
export type MemberSegmentsQueryData = {
  readonly memberSegments: ReadonlyArray<{ readonly segment: string; readonly label: string; readonly count: number }>;
};

/** The variables of {@link MemberFilterTypesQuery}. @example `const variables: MemberFilterTypesQueryVariables = { ... };` */
export type MemberFilterTypesQueryVariables = NoVariables;

/** The result (`data`) of {@link MemberFilterTypesQuery}. @example `const { data } = await client.request({ query: MemberFilterTypesQuery }); // data: MemberFilterTypesQueryData` */
export type MemberFilterTypesQueryData = {
  readonly memberFilterTypes: ReadonlyArray<{
    readonly id: string;
    readonly label: string;
    readonly value: string;
    readonly rules: ReadonlyArray<string>;
  }>;
};

/** The variables of {@link AdminSetAdditionalCapabilitiesMutation}. @example `const variables: AdminSetAdditionalCapabilitiesMutationVariables = { ... };` */
export type AdminSetAdditionalCapabilitiesMutationVariables = {
  member: string;
  codes: ReadonlyArray<string> | string;
};

/** The result (`data`) of {@link AdminSetAdditionalCapabilitiesMutation}. @example `const { data } = await client.request({ query: AdminSetAdditionalCapabilitiesMutation }); // data: AdminSetAdditionalCapabilitiesMutationData` */
export type AdminSetAdditionalCapabilitiesMutationData = {
  readonly adminSetAdditionalCapabilities: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
  };
};

/** The variables of {@link AdminRefundPaymentMutation}. @example `const variables: AdminRefundPaymentMutationVariables = { ... };` */
export type AdminRefundPaymentMutationVariables = {
  paymentId: string;
};

/** The result (`data`) of {@link AdminRefundPaymentMutation}. @example `const { data } = await client.request({ query: AdminRefundPaymentMutation }); // data: AdminRefundPaymentMutationData` */
export type AdminRefundPaymentMutationData = {
  readonly adminRefundPayment: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
  };
};

/** The variables of {@link AdminEndSessionsMutation}. @example `const variables: AdminEndSessionsMutationVariables = { ... };` */
export type AdminEndSessionsMutationVariables = {
  member: string;
};

/** The result (`data`) of {@link AdminEndSessionsMutation}. @example `const { data } = await client.request({ query: AdminEndSessionsMutation }); // data: AdminEndSessionsMutationData` */
export type AdminEndSessionsMutationData = {
  readonly adminEndSessions: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
  };
};

/** The variables of {@link AdminResendVerificationMutation}. @example `const variables: AdminResendVerificationMutationVariables = { ... };` */
export type AdminResendVerificationMutationVariables = {
  member: string;
};

/** The result (`data`) of {@link AdminResendVerificationMutation}. @example `const { data } = await client.request({ query: AdminResendVerificationMutation }); // data: AdminResendVerificationMutationData` */
export type AdminResendVerificationMutationData = {
  readonly adminResendVerification: {
    readonly ok: boolean;
    readonly error: { readonly code: GqlErrorCode; readonly message: string; readonly field: string | null } | null;
  };
};

/** @example `const use = (value: GqlAdminMemberSummary) => value;` */
export type GqlAdminMemberSummary = {
  readonly id: string;
  readonly email: string;
  readonly username: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly segment: string | null;
  readonly tier: string;
  readonly capabilities: ReadonlyArray<string>;
  readonly additionalCapabilities: ReadonlyArray<string>;
  readonly joinedAt: string;
};

/** The variables of {@link AdminFeedStatusQuery}. @example `const variables: AdminFeedStatusQueryVariables = { ... };` */
export type AdminFeedStatusQueryVariables = NoVariables;

/** The result (`data`) of {@link AdminFeedStatusQuery}. @example `const { data } = await client.request({ query: AdminFeedStatusQuery }); // data: AdminFeedStatusQueryData` */
export type AdminFeedStatusQueryData = {
  readonly adminFeedStatus: {
    readonly simulated: boolean;
    readonly providers: ReadonlyArray<{
      readonly provider: string;
      readonly state: GqlFeedProviderState;
      readonly since: string;
      readonly detail: string | null;
    }>;
  };
};

/** The variables of {@link AdminQueueDepthsQuery}. @example `const variables: AdminQueueDepthsQueryVariables = { ... };` */
export type AdminQueueDepthsQueryVariables = NoVariables;

/** The result (`data`) of {@link AdminQueueDepthsQuery}. @example `const { data } = await client.request({ query: AdminQueueDepthsQuery }); // data: AdminQueueDepthsQueryData` */
export type AdminQueueDepthsQueryData = {
  readonly adminQueueDepths: ReadonlyArray<{
    readonly queue: string;
    readonly state: string;
    readonly count: number;
    readonly oldestAt: string | null;
  }>;
};

/** The variables of {@link AdminQueueErrorsQuery}. @example `const variables: AdminQueueErrorsQueryVariables = { ... };` */
export type AdminQueueErrorsQueryVariables = NoVariables;

/** The result (`data`) of {@link AdminQueueErrorsQuery}. @example `const { data } = await client.request({ query: AdminQueueErrorsQuery }); // data: AdminQueueErrorsQueryData` */
export type AdminQueueErrorsQueryData = {
  readonly adminQueueErrors: ReadonlyArray<{
    readonly queue: string;
    readonly error: string;
    readonly count: number;
    readonly lastAt: string;
  }>;
};

/** The variables of {@link AdminAnalyticsForwardingQuery}. @example `const variables: AdminAnalyticsForwardingQueryVariables = { ... };` */
export type AdminAnalyticsForwardingQueryVariables = NoVariables;

/** The result (`data`) of {@link AdminAnalyticsForwardingQuery}. @example `const { data } = await client.request({ query: AdminAnalyticsForwardingQuery }); // data: AdminAnalyticsForwardingQueryData` */
export type AdminAnalyticsForwardingQueryData = {
  readonly adminAnalyticsForwarding: {
    readonly configured: boolean;
    readonly host: string | null;
    readonly waiting: number;
    readonly retrying: number;
    readonly refused: number;
    readonly oldestWaitingAt: string | null;
    readonly lastError: string | null;
  };
};

/** The variables of {@link AdminRetryRefusedAnalyticsMutation}. @example `const variables: AdminRetryRefusedAnalyticsMutationVariables = { ... };` */
export type AdminRetryRefusedAnalyticsMutationVariables = NoVariables;

/** The result (`data`) of {@link AdminRetryRefusedAnalyticsMutation}. @example `const { data } = await client.request({ query: AdminRetryRefusedAnalyticsMutation }); // data: AdminRetryRefusedAnalyticsMutationData` */
export type AdminRetryRefusedAnalyticsMutationData = { readonly adminRetryRefusedAnalytics: number };

/**
 * Administrators: every affiliate with commission, each with their balance by state now.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminAffiliatesQuery });
 * data.adminAffiliates[0]?.payable;
 * ```
 */
export const AdminAffiliatesQuery =
  'query AdminAffiliates{adminAffiliates{member email username referredPayments total pending underReview payable paid}}' as unknown as TypedDocumentString<
    AdminAffiliatesQueryData,
    AdminAffiliatesQueryVariables
  >;

/**
 * Administrators: one affiliate's statement now, every payment and payout.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminAffiliateStatementQuery, variables: { member: 'u_1' } });
 * data.adminAffiliateStatement.payable;
 * ```
 */
export const AdminAffiliateStatementQuery =
  'query AdminAffiliateStatement($member:ID!){adminAffiliateStatement(member:$member){total pending underReview payable paid entries{id paidAt amount commission state payableFrom}payouts{paidAt amount reference}}}' as unknown as TypedDocumentString<
    AdminAffiliateStatementQueryData,
    AdminAffiliateStatementQueryVariables
  >;

/**
 * Administrators: records a payout of commission to an affiliate (at most what is payable).
 *
 * @example
 * ```ts
 * await client.request({ query: AdminRecordPayoutMutation, variables: { input: { member: 'u_1', amount: 1599, reference: 'BACS 0042' } } });
 * ```
 */
export const AdminRecordPayoutMutation =
  'mutation AdminRecordPayout($input:PayoutInput!){adminRecordPayout(input:$input){ok error{code message field}}}' as unknown as TypedDocumentString<
    AdminRecordPayoutMutationData,
    AdminRecordPayoutMutationVariables
  >;

/**
 * Administrators: the affiliate programme's revenue, commission and payouts by London month.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminAffiliateProgrammeQuery, variables: { from: '2026-11-01', to: '2026-11-30' } });
 * data.adminAffiliateProgramme.months.length;
 * ```
 */
export const AdminAffiliateProgrammeQuery =
  'query AdminAffiliateProgramme($from:String!$to:String!){adminAffiliateProgramme(from:$from to:$to){months{month revenue commission refunded reversed paidOut}}}' as unknown as TypedDocumentString<
    AdminAffiliateProgrammeQueryData,
    AdminAffiliateProgrammeQueryVariables
  >;

/**
 * Administrators: the funnel visit → registration → trial → first payment → second payment over the
 * Europe/London days from..to, in total, by campaign and by referral.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminFunnelQuery, variables: { from: '2026-11-01', to: '2026-11-30' } });
 * data.adminFunnel.total.registrations;
 * ```
 */
export const AdminFunnelQuery =
  'query AdminFunnel($from:String!$to:String!){adminFunnel(from:$from to:$to){from to total{...AdminFunnelCounts}byCampaign{source medium campaign counts{...AdminFunnelCounts}}byReferral{referred counts{...AdminFunnelCounts}}}}fragment AdminFunnelCounts on FunnelCounts{visits registrations trials firstPayments secondPayments}' as unknown as TypedDocumentString<
    AdminFunnelQueryData,
    AdminFunnelQueryVariables
  >;

/**
 * Administrators: page views by page and plan tier over the days from..to.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminToolUsageQuery, variables: { from: '2026-11-01', to: '2026-11-30' } });
 * data.adminToolUsage[0]?.page;
 * ```
 */
export const AdminToolUsageQuery =
  'query AdminToolUsage($from:String!$to:String!){adminToolUsage(from:$from to:$to){page tier events}}' as unknown as TypedDocumentString<
    AdminToolUsageQueryData,
    AdminToolUsageQueryVariables
  >;

/**
 * Administrators: MRR and what moved it (new, expansion, contraction, churned) per London month
 * over the days from..to, the whole range, and trial conversion.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminRevenueQuery, variables: { from: '2026-01-01', to: '2026-11-30' } });
 * data.adminRevenue.total.mrrEnd;
 * ```
 */
export const AdminRevenueQuery =
  'query AdminRevenue($from:String!$to:String!){adminRevenue(from:$from to:$to){from to asOf months{...AdminRevenuePeriod}total{...AdminRevenuePeriod}trialConversion{trials converted months{month from to trials converted}}membersBehind}}fragment AdminRevenuePeriod on RevenuePeriod{month from to mrrStart mrrEnd new expansion contraction churned newMembers expansionMembers contractionMembers churnedMembers}' as unknown as TypedDocumentString<
    AdminRevenueQueryData,
    AdminRevenueQueryVariables
  >;

/**
 * Administrators: the audit log, newest first, a page at a time; of one target (a member id, a
 * payment id, a slug) when given. before and after are JSON text.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminAuditLogQuery, variables: { target: 'u_123', first: 20 } });
 * data.adminAuditLog.nodes.map((e) => `${e.at} ${e.action}`);
 * ```
 */
export const AdminAuditLogQuery =
  'query AdminAuditLog($target:String$first:Int$after:String){adminAuditLog(target:$target first:$first after:$after){nodes{id at admin adminEmail action target before after}pageInfo{endCursor hasNextPage}}}' as unknown as TypedDocumentString<
    AdminAuditLogQueryData,
    AdminAuditLogQueryVariables
  >;

/**
 * Administrators: the commission held for review (referral abuse flags), oldest first.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminHeldCommissionQuery });
 * data.adminHeldCommission.length;
 * ```
 */
export const AdminHeldCommissionQuery =
  'query AdminHeldCommission{adminHeldCommission{id affiliate member paidAt amount commission reason}}' as unknown as TypedDocumentString<
    AdminHeldCommissionQueryData,
    AdminHeldCommissionQueryVariables
  >;

/**
 * Administrators: approves or rejects held commission.
 *
 * @example
 * ```ts
 * await client.request({ query: AdminReviewCommissionMutation, variables: { input: { id: 'ae_1', decision: 'APPROVE' } } });
 * ```
 */
export const AdminReviewCommissionMutation =
  'mutation AdminReviewCommission($input:CommissionReviewInput!){adminReviewCommission(input:$input){ok error{code message field}}}' as unknown as TypedDocumentString<
    AdminReviewCommissionMutationData,
    AdminReviewCommissionMutationVariables
  >;

/**
 * Administrators: every offer, drafts included (publishedAt null), in the members' order (the
 * brand's categories in turn, each by position); of one category when given.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminOffersQuery, variables: {} });
 * data.adminOffers.filter((o) => o.publishedAt === null);
 * ```
 */
export const AdminOffersQuery =
  'query AdminOffers($category:String){adminOffers(category:$category){...AdminOfferFields}}fragment AdminOfferFields on Offer{id slug title category bookmaker summary body expectedProfit guideUrl expiresAt publishedAt}' as unknown as TypedDocumentString<
    AdminOffersQueryData,
    AdminOffersQueryVariables
  >;

/**
 * Administrators: creates or updates an offer (by slug); draft: true keeps it from members, false
 * publishes it (members see it at once).
 *
 * @example
 * ```ts
 * await client.request({ query: AdminSaveOfferMutation, variables: { input: { slug: 'a-reload', title: 'A reload', category: 'reload-offers', bookmaker: 'bet-co', summary: '…', body: '…', expectedProfit: 500 } } });
 * ```
 */
export const AdminSaveOfferMutation =
  'mutation AdminSaveOffer($input:OfferInput!){adminSaveOffer(input:$input){ok error{code message field}offer{...AdminOfferFields}}}fragment AdminOfferFields on Offer{id slug title category bookmaker summary body expectedProfit guideUrl expiresAt publishedAt}' as unknown as TypedDocumentString<
    AdminSaveOfferMutationData,
    AdminSaveOfferMutationVariables
  >;

/**
 * Administrators: deletes an offer.
 *
 * @example
 * ```ts
 * await client.request({ query: AdminDeleteOfferMutation, variables: { slug: 'a-reload' } });
 * ```
 */
export const AdminDeleteOfferMutation =
  'mutation AdminDeleteOffer($slug:String!){adminDeleteOffer(slug:$slug){ok error{code message field}}}' as unknown as TypedDocumentString<
    AdminDeleteOfferMutationData,
    AdminDeleteOfferMutationVariables
  >;

/**
 * Administrators: deletes a guide or tutorial.
 *
 * @example
 * ```ts
 * await client.request({ query: AdminDeleteGuideMutation, variables: { slug: 'a-guide' } });
 * ```
 */
export const AdminDeleteGuideMutation =
  'mutation AdminDeleteGuide($slug:String!){adminDeleteGuide(slug:$slug){ok error{code message field}}}' as unknown as TypedDocumentString<
    AdminDeleteGuideMutationData,
    AdminDeleteGuideMutationVariables
  >;

/**
 * Administrators: publishes an offer (members see it at once) or takes it back to a draft.
 *
 * @example
 * ```ts
 * await client.request({ query: AdminPublishOfferMutation, variables: { slug: 'a-reload', published: true } });
 * ```
 */
export const AdminPublishOfferMutation =
  'mutation AdminPublishOffer($slug:String!$published:Boolean!){adminPublishOffer(slug:$slug published:$published){ok error{code message field}offer{...AdminOfferFields}}}fragment AdminOfferFields on Offer{id slug title category bookmaker summary body expectedProfit guideUrl expiresAt publishedAt}' as unknown as TypedDocumentString<
    AdminPublishOfferMutationData,
    AdminPublishOfferMutationVariables
  >;

/**
 * Administrators: moves an offer one place up or down among its category's offers (drafts
 * included); members read the new order at once. The first moved up, or the last moved down, stays.
 *
 * @example
 * ```ts
 * await client.request({ query: AdminMoveOfferMutation, variables: { slug: 'a-reload', direction: 'UP' } });
 * ```
 */
export const AdminMoveOfferMutation =
  'mutation AdminMoveOffer($slug:String!$direction:MoveDirection!){adminMoveOffer(slug:$slug direction:$direction){ok error{code message field}offer{...AdminOfferFields}}}fragment AdminOfferFields on Offer{id slug title category bookmaker summary body expectedProfit guideUrl expiresAt publishedAt}' as unknown as TypedDocumentString<
    AdminMoveOfferMutationData,
    AdminMoveOfferMutationVariables
  >;

/**
 * Administrators: every guide and tutorial, drafts included (publishedAt null), in reading order;
 * of one section when given.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminGuidesQuery, variables: { section: 'training' } });
 * data.adminGuides.map((g) => g.slug);
 * ```
 */
export const AdminGuidesQuery =
  'query AdminGuides($section:String){adminGuides(section:$section){...AdminGuideFields}}fragment AdminGuideFields on Guide{slug title section url summary order body publishedAt}' as unknown as TypedDocumentString<
    AdminGuidesQueryData,
    AdminGuidesQueryVariables
  >;

/**
 * Administrators: creates or updates a guide (by slug); draft as for offers.
 *
 * @example
 * ```ts
 * await client.request({ query: AdminSaveGuideMutation, variables: { input: { slug: 'lay-betting', title: 'Lay betting', section: 'guides', summary: '…', body: '…', order: 3 } } });
 * ```
 */
export const AdminSaveGuideMutation =
  'mutation AdminSaveGuide($input:GuideInput!){adminSaveGuide(input:$input){ok error{code message field}guide{...AdminGuideFields}}}fragment AdminGuideFields on Guide{slug title section url summary order body publishedAt}' as unknown as TypedDocumentString<
    AdminSaveGuideMutationData,
    AdminSaveGuideMutationVariables
  >;

/**
 * Administrators: publishes a guide (members see it at once) or takes it back to a draft.
 *
 * @example
 * ```ts
 * await client.request({ query: AdminPublishGuideMutation, variables: { slug: 'lay-betting', published: false } });
 * ```
 */
export const AdminPublishGuideMutation =
  'mutation AdminPublishGuide($slug:String!$published:Boolean!){adminPublishGuide(slug:$slug published:$published){ok error{code message field}guide{...AdminGuideFields}}}fragment AdminGuideFields on Guide{slug title section url summary order body publishedAt}' as unknown as TypedDocumentString<
    AdminPublishGuideMutationData,
    AdminPublishGuideMutationVariables
  >;

/**
 * Administrators: members matching a filter (a member filter type's value, a segment, a search in
 * email and username), newest first, a page at a time.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminMembersQuery, variables: { filter: { segment: 'pro' }, first: 20 } });
 * data.adminMembers.totalCount;
 * ```
 */
export const AdminMembersQuery =
  'query AdminMembers($filter:MemberFilterInput$first:Int$after:String){adminMembers(filter:$filter first:$first after:$after){nodes{...AdminMemberSummaryFields}pageInfo{endCursor hasNextPage}totalCount}}fragment AdminMemberSummaryFields on MemberSummary{id email username firstName lastName segment tier capabilities additionalCapabilities joinedAt}' as unknown as TypedDocumentString<
    AdminMembersQueryData,
    AdminMembersQueryVariables
  >;

/**
 * Administrators: one member's page (null for an unknown id): plan, capabilities, billing ledger,
 * receipts, sessions and referrals.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminMemberQuery, variables: { id: 'u_123' } });
 * data.adminMember?.payments.filter((p) => !p.refunded);
 * ```
 */
export const AdminMemberQuery =
  'query AdminMember($id:ID!){adminMember(id:$id){member{...AdminMemberSummaryFields}payments{id type plan amount at periodStart periodEnd refunded refundedAt refundedAmount}receipts{id number issuedAt planLabel amount refundedAt}emailVerifiedAt activeSessions referrals tracker{betCount staked profit pendingProfit}}}fragment AdminMemberSummaryFields on MemberSummary{id email username firstName lastName segment tier capabilities additionalCapabilities joinedAt}' as unknown as TypedDocumentString<
    AdminMemberQueryData,
    AdminMemberQueryVariables
  >;

/**
 * Administrators: the brand's member segments with how many members are in each.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: MemberSegmentsQuery });
 * data.memberSegments.map((s) => `${s.label} (${s.count})`);
 * ```
 */
export const MemberSegmentsQuery = 'query MemberSegments{memberSegments{segment label count}}' as unknown as TypedDocumentString<
  MemberSegmentsQueryData,
  MemberSegmentsQueryVariables
>;

/**
 * Administrators: the brand's member filter types (spec: id, label, value, rules).
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: MemberFilterTypesQuery });
 * data.memberFilterTypes.map((f) => f.value);
 * ```
 */
export const MemberFilterTypesQuery = 'query MemberFilterTypes{memberFilterTypes{id label value rules}}' as unknown as TypedDocumentString<
  MemberFilterTypesQueryData,
  MemberFilterTypesQueryVariables
>;

/**
 * Administrators: replaces a member's additional capabilities (granted on top of their plan).
 *
 * @example
 * ```ts
 * await client.request({ query: AdminSetAdditionalCapabilitiesMutation, variables: { member: 'u_123', codes: ['PA-CAP-028'] } });
 * ```
 */
export const AdminSetAdditionalCapabilitiesMutation =
  'mutation AdminSetAdditionalCapabilities($member:ID!$codes:[String!]!){adminSetAdditionalCapabilities(member:$member codes:$codes){ok error{code message field}}}' as unknown as TypedDocumentString<
    AdminSetAdditionalCapabilitiesMutationData,
    AdminSetAdditionalCapabilitiesMutationVariables
  >;

/**
 * Administrators: refunds a payment in full; what it granted is taken back at once.
 *
 * @example
 * ```ts
 * await client.request({ query: AdminRefundPaymentMutation, variables: { paymentId: 'sub_1:term-1' } });
 * ```
 */
export const AdminRefundPaymentMutation =
  'mutation AdminRefundPayment($paymentId:ID!){adminRefundPayment(paymentId:$paymentId){ok error{code message field}}}' as unknown as TypedDocumentString<
    AdminRefundPaymentMutationData,
    AdminRefundPaymentMutationVariables
  >;

/**
 * Administrators: signs the member out of every device (their tokens stop working at once).
 *
 * @example
 * ```ts
 * await client.request({ query: AdminEndSessionsMutation, variables: { member: 'u_123' } });
 * ```
 */
export const AdminEndSessionsMutation =
  'mutation AdminEndSessions($member:ID!){adminEndSessions(member:$member){ok error{code message field}}}' as unknown as TypedDocumentString<
    AdminEndSessionsMutationData,
    AdminEndSessionsMutationVariables
  >;

/**
 * Administrators: mails an unconfirmed member a new link to confirm their address (CONFLICT once confirmed).
 *
 * @example
 * ```ts
 * await client.request({ query: AdminResendVerificationMutation, variables: { member: 'u_123' } });
 * ```
 */
export const AdminResendVerificationMutation =
  'mutation AdminResendVerification($member:ID!){adminResendVerification(member:$member){ok error{code message field}}}' as unknown as TypedDocumentString<
    AdminResendVerificationMutationData,
    AdminResendVerificationMutationVariables
  >;

/**
 * Administrators: how the odds feed's sources are doing (the members' feedStatus, without needing a
 * tool that reads the feed).
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminFeedStatusQuery });
 * data.adminFeedStatus.providers.filter((p) => p.state !== 'live');
 * ```
 */
export const AdminFeedStatusQuery =
  'query AdminFeedStatus{adminFeedStatus{simulated providers{provider state since detail}}}' as unknown as TypedDocumentString<
    AdminFeedStatusQueryData,
    AdminFeedStatusQueryVariables
  >;

/**
 * Administrators: the mail and push queues by state, with the oldest message of each state.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminQueueDepthsQuery });
 * data.adminQueueDepths.find((d) => d.queue === 'mail' && d.state === 'queued')?.count;
 * ```
 */
export const AdminQueueDepthsQuery =
  'query AdminQueueDepths{adminQueueDepths{queue state count oldestAt}}' as unknown as TypedDocumentString<
    AdminQueueDepthsQueryData,
    AdminQueueDepthsQueryVariables
  >;

/**
 * Administrators: the last seven days' delivery errors of the mail and push queues, most frequent first.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminQueueErrorsQuery });
 * data.adminQueueErrors.map((e) => `${e.queue}: ${e.error} (${e.count})`);
 * ```
 */
export const AdminQueueErrorsQuery = 'query AdminQueueErrors{adminQueueErrors{queue error count lastAt}}' as unknown as TypedDocumentString<
  AdminQueueErrorsQueryData,
  AdminQueueErrorsQueryVariables
>;

/**
 * Administrators: the analytics forward queue (ANALYTICS_FORWARD_URL): what waits, what is retrying,
 * what the provider refused, and where it goes (the host, never the key).
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminAnalyticsForwardingQuery });
 * data.adminAnalyticsForwarding.configured ? data.adminAnalyticsForwarding.waiting : 'off';
 * ```
 */
export const AdminAnalyticsForwardingQuery =
  'query AdminAnalyticsForwarding{adminAnalyticsForwarding{configured host waiting retrying refused oldestWaitingAt lastError}}' as unknown as TypedDocumentString<
    AdminAnalyticsForwardingQueryData,
    AdminAnalyticsForwardingQueryVariables
  >;

/**
 * Administrators: puts the events the provider refused back in the forward queue; how many.
 *
 * @example
 * ```ts
 * const { data } = await client.request({ query: AdminRetryRefusedAnalyticsMutation });
 * data.adminRetryRefusedAnalytics; // events queued again
 * ```
 */
export const AdminRetryRefusedAnalyticsMutation =
  'mutation AdminRetryRefusedAnalytics{adminRetryRefusedAnalytics}' as unknown as TypedDocumentString<
    AdminRetryRefusedAnalyticsMutationData,
    AdminRetryRefusedAnalyticsMutationVariables
  >;
