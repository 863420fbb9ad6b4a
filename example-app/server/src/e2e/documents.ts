// GraphQL documents the end-to-end tests send that the sdk's operations.ts does not have (the
// mutations and queries added for the server: registration, checkout, administration, the odds
// feed), typed the way the sdk types its own: a TypedDocumentString with result and variables.
import type { TypedDocumentString } from '@matchkit/sdk/transport';

type NoVariables = Record<string, never>;

/** The ok/error shape of every typed payload. */
export interface PayloadError {
  readonly code: string;
  readonly message: string;
  readonly field: string | null;
}

export interface RegisterData {
  readonly register: {
    readonly ok: boolean;
    readonly error: PayloadError | null;
    readonly token: string | null;
    readonly user: { readonly uid: { readonly global: string }; readonly referAFriend: { readonly referralCode: string } } | null;
  };
}
export interface RegisterVariables {
  readonly input: {
    readonly email: string;
    readonly username: string;
    readonly password: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly confirmAdult: boolean;
    readonly referralCode?: string | null;
  };
}
export const RegisterMutation = `
mutation Register($input: RegisterInput!) {
  register(input: $input) {
    ok
    error { code message field }
    token
    user { uid { global } referAFriend { referralCode } }
  }
}` as TypedDocumentString<RegisterData, RegisterVariables>;

export interface CheckoutView {
  readonly id: string;
  readonly slug: string;
  readonly plan: string;
  readonly billingTerm: 'month' | 'year';
  readonly amount: number;
  readonly status: 'pending' | 'paid' | 'failed' | 'expired';
  readonly paymentUrl: string;
}
export interface StartCheckoutData {
  readonly startCheckout: { readonly ok: boolean; readonly error: PayloadError | null; readonly checkout: CheckoutView | null };
}
export interface StartCheckoutVariables {
  readonly input: { readonly slug: string; readonly billingTerm?: 'month' | 'year' | null };
}
export const StartCheckoutMutation = `
mutation StartCheckout($input: CheckoutInput!) {
  startCheckout(input: $input) {
    ok
    error { code message field }
    checkout { id slug plan billingTerm amount status paymentUrl }
  }
}` as TypedDocumentString<StartCheckoutData, StartCheckoutVariables>;

export const CheckoutQuery = `
query Checkout($id: ID!) {
  checkout(id: $id) { id slug plan billingTerm amount status paymentUrl }
}` as TypedDocumentString<{ readonly checkout: CheckoutView | null }, { readonly id: string }>;

export interface SubscriptionView {
  readonly me: {
    readonly subscription: { readonly billingTerm: string; readonly isTrial: boolean; readonly endsAt: string | null } | null;
  } | null;
}
export const MySubscriptionQuery = `
query MySubscription { me { subscription { billingTerm isTrial endsAt } } }` as TypedDocumentString<SubscriptionView, NoVariables>;

// ---------------------------------------------------------------------------------------------
// The odds feed

export interface OddsSnapshotData {
  readonly oddsSnapshot: { readonly seq: number; readonly simulated: boolean; readonly events: readonly { readonly id: string }[] };
}
export const OddsSnapshotQuery = `
query OddsSnapshot { oddsSnapshot { seq simulated events { id } } }` as TypedDocumentString<OddsSnapshotData, NoVariables>;

export interface OddsPatchesData {
  readonly oddsPatches: { readonly seq: number; readonly upserts: { readonly backPrices: readonly { readonly key: string }[] } };
}
export const OddsPatchesSubscription = `
subscription OddsPatches { oddsPatches { seq upserts { backPrices { key } } } }` as TypedDocumentString<OddsPatchesData, NoVariables>;

// ---------------------------------------------------------------------------------------------
// Administration (every one of these is for administrators only)

/** Each administrator operation with variables that would be valid for an administrator. */
export const ADMIN_OPERATIONS: readonly { readonly name: string; readonly query: string; readonly variables: Record<string, unknown> }[] = [
  { name: 'adminMembers', query: 'query { adminMembers(first: 5) { totalCount nodes { id email } } }', variables: {} },
  { name: 'adminMember', query: 'query { adminMember(id: "u_nobody") { member { id } payments { id refunded } } }', variables: {} },
  { name: 'memberSegments', query: 'query { memberSegments { segment count } }', variables: {} },
  { name: 'memberFilterTypes', query: 'query { memberFilterTypes { id value } }', variables: {} },
  {
    name: 'adminSaveOffer',
    query: 'mutation ($input: OfferInput!) { adminSaveOffer(input: $input) { ok error { code } offer { slug } } }',
    variables: {
      input: {
        slug: 'e2e-offer',
        title: 'An offer',
        category: 'reload-offers',
        bookmaker: 'bet-co',
        summary: 'A reload offer.',
        body: 'Place a qualifying bet, then use the free bet.',
        expectedProfit: 500,
      },
    },
  },
  { name: 'adminDeleteOffer', query: 'mutation { adminDeleteOffer(slug: "e2e-offer") { ok error { code } } }', variables: {} },
  {
    name: 'adminSaveGuide',
    query: 'mutation ($input: GuideInput!) { adminSaveGuide(input: $input) { ok error { code } guide { slug } } }',
    variables: {
      input: { slug: 'e2e-guide', title: 'A guide', section: 'guides', summary: 'About a guide.', body: 'The guide.', order: 99 },
    },
  },
  { name: 'adminDeleteGuide', query: 'mutation { adminDeleteGuide(slug: "e2e-guide") { ok error { code } } }', variables: {} },
  {
    name: 'adminRefundPayment',
    query: 'mutation { adminRefundPayment(paymentId: "no-such-payment") { ok error { code } } }',
    variables: {},
  },
  {
    name: 'adminRecordPayout',
    query: 'mutation ($input: PayoutInput!) { adminRecordPayout(input: $input) { ok error { code } } }',
    variables: { input: { member: 'u_nobody', amount: 100, reference: 'BACS 1' } },
  },
  {
    name: 'adminSetAdditionalCapabilities',
    query:
      'mutation ($member: ID!, $codes: [String!]!) { adminSetAdditionalCapabilities(member: $member, codes: $codes) { ok error { code } } }',
    variables: { member: 'u_nobody', codes: ['PA-CAP-028'] },
  },
  { name: 'adminAffiliates', query: 'query { adminAffiliates { member payable } }', variables: {} },
  { name: 'adminAffiliateStatement', query: 'query { adminAffiliateStatement(member: "u_nobody") { total } }', variables: {} },
  {
    name: 'adminAffiliateProgramme',
    query: 'query { adminAffiliateProgramme(from: "2026-03-01", to: "2026-03-31") { months { month revenue } } }',
    variables: {},
  },
  { name: 'adminEndSessions', query: 'mutation { adminEndSessions(member: "u_nobody") { ok error { code } } }', variables: {} },
  {
    name: 'adminResendVerification',
    query: 'mutation { adminResendVerification(member: "u_nobody") { ok error { code } } }',
    variables: {},
  },
  { name: 'adminHeldCommission', query: 'query { adminHeldCommission { id } }', variables: {} },
  {
    name: 'adminReviewCommission',
    query: 'mutation ($input: CommissionReviewInput!) { adminReviewCommission(input: $input) { ok error { code } } }',
    variables: { input: { id: 'no-such-entry', decision: 'APPROVE' } },
  },
  {
    name: 'adminFunnel',
    query: 'query { adminFunnel(from: "2026-03-01", to: "2026-03-31") { total { visits registrations } } }',
    variables: {},
  },
  { name: 'adminAuditLog', query: 'query { adminAuditLog(first: 5) { nodes { id action } } }', variables: {} },
  { name: 'adminOffers', query: 'query { adminOffers { slug publishedAt } }', variables: {} },
  { name: 'adminGuides', query: 'query { adminGuides { slug publishedAt } }', variables: {} },
  {
    name: 'adminPublishOffer',
    query: 'mutation { adminPublishOffer(slug: "e2e-offer", published: true) { ok error { code } } }',
    variables: {},
  },
  {
    name: 'adminMoveOffer',
    query: 'mutation { adminMoveOffer(slug: "e2e-offer", direction: UP) { ok error { code } } }',
    variables: {},
  },
  {
    name: 'adminPublishGuide',
    query: 'mutation { adminPublishGuide(slug: "e2e-guide", published: true) { ok error { code } } }',
    variables: {},
  },
  { name: 'adminFeedStatus', query: 'query { adminFeedStatus { simulated providers { provider state } } }', variables: {} },
  { name: 'adminQueueDepths', query: 'query { adminQueueDepths { queue state count } }', variables: {} },
  { name: 'adminQueueErrors', query: 'query { adminQueueErrors { queue error count } }', variables: {} },
  { name: 'adminAnalyticsForwarding', query: 'query { adminAnalyticsForwarding { configured waiting refused } }', variables: {} },
  { name: 'adminRetryRefusedAnalytics', query: 'mutation { adminRetryRefusedAnalytics }', variables: {} },
  { name: 'adminToolUsage', query: 'query { adminToolUsage(from: "2026-03-01", to: "2026-03-31") { page tier events } }', variables: {} },
  {
    name: 'adminRevenue',
    query: 'query { adminRevenue(from: "2026-03-01", to: "2026-03-31") { months { month mrrStart mrrEnd new churned } membersBehind } }',
    variables: {},
  },
];
