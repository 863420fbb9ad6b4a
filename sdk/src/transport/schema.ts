/**
 * The platform's GraphQL schema (SDL), shared by the server (GraphQL Yoga and graphql-ws over the
 * embedded database) and the app, so that the two cannot disagree. The same text is in
 * `schema.graphql` beside this file (a test keeps the two identical), and every operation of
 * `operations.ts` is validated against it. Money is the `Pence` scalar (integer pence), instants
 * the `DateTime` scalar (ISO 8601 with an offset), odds `Float` (decimal), commission a `Float`
 * fraction in [0, 1).
 *
 * @example
 * ```ts
 * import { buildSchema } from 'graphql';
 * import { platformSchemaSDL } from '@matchkit/sdk/transport';
 * const schema = buildSchema(platformSchemaSDL);
 * schema.getQueryType()?.getFields().me?.type.toString(); // 'User'
 * ```
 */
export const platformSchemaSDL = `"""
An amount of money in integer pence (GBP minor units): 3999 is £39.99. Always a whole number,
serialised as a JSON integer. Prices, stakes and earnings are never negative; profits, losses
and balance changes may be, where the field says so.
"""
scalar Pence

"""
An instant: an ISO 8601 date-time with an explicit UTC offset, such as
2025-08-11T09:00:00+01:00 or 2025-08-11T08:00:00Z. A date-time without an offset is rejected.
"""
scalar DateTime

"Which brand a server serves (the brand setting)."
enum BrandId {
  primary
  secondary
}

"How a subscription is billed. month means monthly."
enum BillingTerm {
  month
  year
}

"The connection status of one external integration (an exchange account)."
enum IntegrationStatus {
  connected
  disconnected
  expired
}

"The kinds of profit the profit tracker records."
enum ProfitType {
  guaranteed
  potential
  training
  ev
}

"Where a tracked bet stands."
enum BetStatus {
  "Placed, not settled yet: counts in pendingProfit."
  open
  "Settled: settledProfit is final."
  settled
  "Voided: counts for nothing."
  void
}

"The side of a tracked bet's leg."
enum LegSide {
  "The selection to win (usually at a bookmaker)."
  back
  "The selection not to win (at an exchange)."
  lay
}

"The result of one leg, for that leg: a lay leg won when its selection lost."
enum LegResult {
  pending
  "The leg won: a back S(o - 1)(1 - c) (plus S for a stake-returned free bet), a lay S(1 - c)."
  won
  "The leg lost: a cash back -S, a free-bet back 0, a lay its liability -S(o - 1)."
  lost
  "Stake returned: 0 profit."
  void
}

"The kind of free bet of a free-bet back leg."
enum FreeBetKind {
  "Stake not returned: only winnings are paid."
  snr
  "Stake returned with the winnings."
  sr
}

"A balance-sheet account: a bookmaker or an exchange."
enum AccountKind {
  bookmaker
  exchange
}

"What a balance-sheet entry records."
enum BalanceEntryKind {
  deposit
  withdrawal
  bonus
  adjustment
}

"What happened to a tracked bet, in a TrackedBetChange."
enum ChangeKind {
  created
  updated
  deleted
}

"""
The code of an expected failure of a mutation (a typed payload's error). Unexpected failures are
GraphQL errors with a masked message instead.
"""
enum ErrorCode {
  "A value of the input is not acceptable; field names it."
  BAD_INPUT
  "Not signed in, or the credentials or token are not valid."
  UNAUTHENTICATED
  "Signed in, but the member's plan or role does not allow it."
  FORBIDDEN
  "What the input names does not exist (for this member)."
  NOT_FOUND
  "It conflicts with what is stored (an email or username already taken, a plan already held)."
  CONFLICT
  "Too many attempts: wait and try again."
  RATE_LIMITED
  "The payment provider declined or failed the payment."
  PAYMENT_FAILED
}

"Where a checkout stands."
enum CheckoutStatus {
  "Created; the member has not paid yet."
  pending
  "Paid: the provider's signed callback arrived and the plan was granted."
  paid
  "The provider declined the payment."
  failed
  "Not paid in time; a new checkout is needed."
  expired
}

type Query {
  "The brand this server serves."
  brand: BrandId!
  "The signed-in member, or null without a valid JWT."
  me: User
  "The brand's plans, in tier order."
  plans: [Plan!]!
  "The brand's sales, in date order."
  sales: [Sale!]!
  "The sale active at the instant (default: now), or null."
  activeSale(at: DateTime): Sale
  "Every tool of the brand catalogue."
  tools: [Tool!]!
  "The tools the signed-in member may use: a non-empty slug and a capability the member holds."
  myTools: [Tool!]!
  "The exchanges, with their defaults."
  exchanges: [Exchange!]!
  "The static exchange provider table."
  exchangeProviders: [ExchangeProvider!]!
  "The signed-in member's exchange settings (defaults where the member has not chosen)."
  myExchanges: [ExchangeSetting!]!
  "Offers, newest first; category is sportsbook-signup-offers, casino-signup-offers or reload-offers."
  offers(category: String, first: Int = 20, after: String): OfferConnection!
  "One offer by slug, or null."
  offer(slug: String!): Offer
  "Guides and training, in reading order."
  guides(section: String, first: Int = 20, after: String): GuideConnection!
  "One guide by slug, or null."
  guide(slug: String!): Guide
  "The signed-in member's tracked bets, newest first."
  trackedBets(filter: TrackedBetFilter, first: Int = 50, after: String): TrackedBetConnection!
  "Totals over the signed-in member's tracked bets that match the filter."
  trackerTotals(filter: TrackedBetFilter): ProfitTotals!
  "The signed-in member's balance sheet over a period (default: all time)."
  balanceSheet(from: DateTime, to: DateTime): BalanceSheet!
  "The signed-in member's referrals."
  referrals: ReferralSummary!
  "The signed-in member's affiliate earnings over a period (default: all time)."
  affiliateEarnings(from: DateTime, to: DateTime): AffiliateEarnings!
  "The signed-in member's purchases, newest first."
  myPurchases: [Purchase!]!
  "The signed-in member's quick-links bar, in order (the brand's defaults until the member changes it)."
  myQuickLinks: [QuickLink!]!
  "One of the signed-in member's checkouts, or null."
  checkout(id: ID!): Checkout
  "What a purchase page (/subscribe/{slug}) sells at the instant (default: now): a plan, an upgrade or a sale payment link, with its price; null for an unknown or expired slug."
  purchaseOption(slug: String!, billingTerm: BillingTerm, at: DateTime): PurchaseOption
  "The odds feed now: a snapshot with its sequence number; then follow oddsPatches from seq + 1. Needs a tool that reads the feed."
  oddsSnapshot(filter: OddsFilter): OddsSnapshot!
  "Administrators: members matching the filter, newest first."
  adminMembers(filter: MemberFilterInput, first: Int = 50, after: String): MemberConnection!
  "Administrators: the brand's member segments and how many members are in each."
  memberSegments: [MemberSegmentCount!]!
  "Administrators: the brand's member filter types."
  memberFilterTypes: [MemberFilterType!]!
}

type Mutation {
  "Signs in; the server also sets the JWT cookie."
  login(input: LoginInput!): AuthPayload!
  "Signs out and clears the JWT cookie; true when a session ended."
  logout: Boolean!
  "Buys a plan: charges the member and grants the plan's capabilities."
  purchasePlan(input: PurchasePlanInput!): PurchasePayload!
  "Turns an exchange on or off for the signed-in member."
  setExchangeEnabled(exchange: String!, enabled: Boolean!): ExchangeSetting!
  "Marks an offer completed (or not) for the signed-in member."
  setOfferCompleted(slug: String!, completed: Boolean!): Offer!
  "Records a bet in the profit tracker."
  recordBet(input: RecordBetInput!): TrackedBet!
  "Settles a tracked bet from its legs' results; the server computes settledProfit with the sdk's settleBet."
  settleBet(input: SettleBetInput!): TrackedBet!
  "Voids a tracked bet as a whole: it counts for nothing."
  voidBet(input: VoidBetInput!): TrackedBet!
  "Deletes a tracked bet; returns its id."
  deleteBet(id: ID!): ID!
  "Flags a bookmaker account as restricted (gubbed: it limits the member's stakes or offers), or clears the flag. An exchange cannot be restricted."
  setAccountRestricted(account: String!, restricted: Boolean!): AccountBalance!
  "Creates or updates a balance-sheet account: its kind (the balance sheet needs one for every account) and, optionally, its restricted flag."
  setAccount(input: AccountInput!): AccountBalance!
  """
  Imports tracked bets from the tracker's CSV (the sdk's exportBetsCsv format), all or nothing in
  one transaction: the server reads the text with the sdk's importBetsCsv. When any value is bad
  nothing is written, imported is 0 and errors lists every bad value. Idempotent by bet id: an
  imported bet whose id the member already has replaces the stored bet, so importing the same file
  twice leaves the same bets.
  """
  importBets(csv: String!): ImportBetsPayload!
  "Adds an entry to the balance sheet."
  addBalanceEntry(input: BalanceEntryInput!): BalanceEntry!
  "Creates an account (the member confirms they are 18 or over) and signs in; the server also sets the JWT cookie."
  register(input: RegisterInput!): AuthResult!
  "Issues a fresh token for the current session (the server also sets the cookie); UNAUTHENTICATED when the session has ended."
  refreshSession: AuthResult!
  "Changes the password; every other session ends, and this one gets a fresh token."
  changePassword(input: ChangePasswordInput!): AuthResult!
  "Sends a password-reset link to the address if it belongs to a member. Always ok for a well-formed address (BAD_INPUT on email otherwise; RATE_LIMITED over the limits), so it tells nobody whether an address is registered."
  requestPasswordReset(email: String!): MutationResult!
  "Sets a new password with a reset link's token; every session ends, and the member is signed in."
  resetPassword(input: ResetPasswordInput!): AuthResult!
  "Records the goal chosen at onboarding: an id of the brand's onboarding goals."
  setGoal(goal: String!): UserResult!
  "Replaces the member's quick-links bar: the ids of the brand's quick links, each with its order and whether it is active."
  setQuickLinks(links: [QuickLinkInput!]!): QuickLinksResult!
  "Starts paying for a purchase page's slug (a plan, an upgrade or a sale payment link): returns the checkout with the payment provider's page to send the member to."
  startCheckout(input: CheckoutInput!): CheckoutResult!
  "Cancels the member's subscription at the end of the paid term (a trial at its end): access lasts until then and nothing more is charged."
  cancelSubscription: UserResult!
  "Administrators: creates or updates an offer (by slug)."
  adminSaveOffer(input: OfferInput!): OfferResult!
  "Administrators: deletes an offer."
  adminDeleteOffer(slug: String!): MutationResult!
  "Administrators: creates or updates a guide (by slug)."
  adminSaveGuide(input: GuideInput!): GuideResult!
  "Administrators: deletes a guide."
  adminDeleteGuide(slug: String!): MutationResult!
  "Administrators: refunds a payment in full; what it granted is taken back and the referrer's commission on it reversed."
  adminRefundPayment(paymentId: ID!): MutationResult!
  "Administrators: records a payout of affiliate commission to a member."
  adminRecordPayout(input: PayoutInput!): MutationResult!
  "Administrators: sets a member's additional capabilities (granted on top of the plan)."
  adminSetAdditionalCapabilities(member: ID!, codes: [String!]!): MutationResult!
}

type Subscription {
  "Odds changes of the markets that match the filter."
  oddsUpdated(filter: OddsFilter): OddsUpdate!
  "Changes to the signed-in member's tracked bets (from another device or a settlement feed)."
  trackedBetChanged: TrackedBetChange!
  "The odds feed's patches, in sequence order, batched at no more than a few per second. A client that sees a gap (a seq other than the last + 1) resyncs from a new oddsSnapshot."
  oddsPatches(filter: OddsFilter): OddsPatch!
}

"A member of the platform."
type User {
  uid: UserIds!
  firstName: String!
  lastName: String!
  username: String!
  email: String!
  "Capability codes held through the member's plan."
  capabilities: [String!]!
  "Capability codes granted on top of the plan; they count exactly like capabilities."
  additionalCapabilities: [String!]!
  subscription: MemberSubscription
  billing: Billing
  referAFriend: ReferAFriend!
  "Status per external integration."
  integrations: [IntegrationState!]!
  "The goal chosen at onboarding (an id of the brand's onboarding goals), or null."
  goal: String
  "When the member registered."
  joinedAt: DateTime!
}

"A member's ids."
type UserIds {
  "The platform-wide id."
  global: ID!
  "The content site's numeric id, or null."
  wordpress: Int
}

"A member's subscription."
type MemberSubscription {
  billingTerm: BillingTerm!
  isTrial: Boolean!
  isLegacy: Boolean!
  "End of the paid or trial period, or null when open-ended."
  endsAt: DateTime
}

"A member's billing record."
type Billing {
  customerId: String
  nextChargeAt: DateTime
}

"A member's refer-a-friend details."
type ReferAFriend {
  referralCode: String!
}

"The status of one external integration."
type IntegrationState {
  integration: String!
  status: IntegrationStatus!
}

input LoginInput {
  "Email address or username."
  login: String!
  password: String!
}

"The result of signing in."
type AuthPayload {
  user: User!
  "The JWT (also set as the _opjwt cookie by the server)."
  token: String!
  expiresAt: DateTime!
}

"A purchasable plan."
type Plan {
  "The tier id this plan grants (platinum, starter, ...)."
  name: String!
  label: String!
  "The plan's own capability code."
  capability: String!
  "The feature matrix: which features the plan includes."
  details: [PlanFeature!]!
  "Path of the purchase page (/subscribe/{plan})."
  paymentFormUrl: String!
  price: PlanPrice!
}

"One feature of the brand's feature matrix and whether a plan includes it."
type PlanFeature {
  key: String!
  included: Boolean!
}

"A plan's prices."
type PlanPrice {
  firstMonth: Pence!
  monthly: Pence!
  yearly: Pence!
}

input PurchasePlanInput {
  "The plan's name."
  plan: String!
  billingTerm: BillingTerm!
  "The sale whose price applies, when bought through a sale payment link."
  saleId: String
  "The payment provider's one-time token for the charge."
  paymentToken: String!
}

"A completed purchase."
type Purchase {
  id: ID!
  plan: String!
  billingTerm: BillingTerm!
  "The amount charged."
  amount: Pence!
  saleId: String
  purchasedAt: DateTime!
  "The capability codes the purchase granted (the sdk's grantedCapabilities of the plan)."
  grantedCapabilities: [String!]!
}

"The result of buying a plan: the purchase and the member with the new capabilities."
type PurchasePayload {
  purchase: Purchase!
  user: User!
}

"A sale."
type Sale {
  id: ID!
  "First instant of the sale (inclusive)."
  startDate: DateTime!
  "Last instant of the sale (inclusive)."
  endDate: DateTime!
  paymentLinkUniqParam: String!
  termsAndConditionsUrl: String!
  creatives: [Creative!]!
  salePageSections: SalePageSections!
  plans: [SalePlan!]!
  "Fixed to false."
  usedSale: Boolean!
}

"A banner image of a sale page."
type Creative {
  src: String!
  alt: String!
  width: Int!
  height: Int!
}

"What a sale page shows."
type SalePageSections {
  title: String!
  description: String!
  countdown: Boolean!
  plansComparison: Boolean!
  trustpilot: Boolean!
  testimonials: Boolean!
}

"One plan in a sale."
type SalePlan {
  plan: String!
  "Sale price of a year."
  yearly: Pence!
  paymentLink: String!
}

"A tool of the product."
type Tool {
  "Brand-independent id of the tool."
  key: String!
  title: String!
  shortTitle: String!
  "The tool page's slug; empty when the tool has no page."
  slug: String!
  guideUrl: String
  showProfitTrackerButton: Boolean!
  profitTrackerSource: String
  "The capability code that unlocks the tool."
  capability: String!
  "Name of the tool's tracker totals endpoint (a REST path under /api/user/profit-tracker/), if any."
  profitTrackerTotalsEndpoint: String
  "Query parameters of the totals endpoint."
  profitTrackerTotalsParams: [KeyValue!]
}

"A string key and value."
type KeyValue {
  key: String!
  value: String!
}

"An exchange a member can lay at."
type Exchange {
  name: String!
  displayName: String!
  imageSrc: String!
  hasIntegration: Boolean!
  enabledByDefault: Boolean!
}

"An exchange provider of the static provider table."
type ExchangeProvider {
  name: String!
  apiName: String!
  displayName: String!
  "Equal to the lower-case provider key."
  url: String!
  "Feature (account, oddsmatching, 2upStandard, 2upMaster, extraPlaceMaster, extraPlaceCatcher) to the codes that unlock it; a feature may be absent."
  capabilities: [ProviderCapability!]!
  "Features for which the provider offers a locked hedge."
  isLockBetProvided: [String!]!
  "Features for which the provider offers a place market to lay."
  isLayThePlaceBetProvided: [String!]!
}

"The codes that unlock one feature with a provider."
type ProviderCapability {
  feature: String!
  codes: [String!]!
}

"A member's setting for one exchange."
type ExchangeSetting {
  exchange: String!
  enabled: Boolean!
  "The integration's status, or null when the exchange has no integration."
  integration: IntegrationStatus
}

"Cursor pagination."
type PageInfo {
  endCursor: String
  hasNextPage: Boolean!
}

"A betting offer."
type Offer {
  id: ID!
  slug: String!
  title: String!
  "sportsbook-signup-offers, casino-signup-offers or reload-offers."
  category: String!
  bookmaker: String!
  summary: String!
  "The step-by-step instructions: paragraphs separated by blank lines."
  body: String!
  "Typical profit of completing the offer."
  expectedProfit: Pence!
  guideUrl: String
  expiresAt: DateTime
  "Whether the signed-in member marked it completed (false when signed out)."
  completed: Boolean!
}

"A page of offers."
type OfferConnection {
  nodes: [Offer!]!
  pageInfo: PageInfo!
}

"A guide or training page."
type Guide {
  slug: String!
  title: String!
  section: String!
  url: String!
  summary: String!
  "Reading order within the section, from 0."
  order: Int!
  "The text: paragraphs separated by blank lines."
  body: String!
}

"A page of guides."
type GuideConnection {
  nodes: [Guide!]!
  pageInfo: PageInfo!
}

"""
One leg of a tracked bet: a back or a lay at one bookmaker or exchange account. Odds are
decimal; commission is a fraction in [0, 1) charged on the leg's winnings.
"""
type TrackedLeg {
  """
  qualifying (the cash bet and its lays) or free-bet (the free bet and its lays). A String, not an
  enum: a GraphQL enum value cannot be spelled free-bet, and the wire value is the tracker's own
  (the server checks it with the sdk's parseBet).
  """
  role: String!
  side: LegSide!
  "The bookmaker or exchange account (a balance-sheet account name)."
  account: String!
  odds: Float!
  "For a free-bet back, the free bet's amount."
  stake: Pence!
  commission: Float!
  "Only on a free-bet back leg."
  freeBet: FreeBetKind
  result: LegResult!
  "The exchange market key (match-odds, win, place); legs of a bet at one account with the same key are netted for commission. Null: the leg is charged on its own."
  market: String
}

"A bet recorded in the profit tracker: an offer's legs (qualifier back and lay, free-bet back and lay, part-lays)."
type TrackedBet {
  id: ID!
  "The tool the bet came from (a tool's profitTrackerSource), or manual."
  source: String!
  profitType: ProfitType!
  status: BetStatus!
  event: String!
  market: String!
  selection: String!
  "The legs, in the order placed."
  legs: [TrackedLeg!]!
  "Profit expected when the bet was placed (negative for a qualifying loss)."
  expectedProfit: Pence!
  "Final profit once settled (negative for a loss): the legs' exact profits summed and rounded once, half away from zero; null while open or void."
  settledProfit: Pence
  placedAt: DateTime!
  settledAt: DateTime
  note: String
}

input TrackedBetFilter {
  source: String
  profitTypes: [ProfitType!]
  status: BetStatus
  from: DateTime
  to: DateTime
}

"A page of tracked bets."
type TrackedBetConnection {
  nodes: [TrackedBet!]!
  pageInfo: PageInfo!
  totalCount: Int!
}

"""
Totals of tracked bets. profit and the four per-type figures are settled profit (signed; void
bets count for nothing); pendingProfit is the expected profit of open bets. The REST totals
endpoints answer { data: ProfitTotals } in the same shape.
"""
type ProfitTotals {
  betCount: Int!
  staked: Pence!
  profit: Pence!
  pendingProfit: Pence!
  guaranteed: Pence!
  potential: Pence!
  training: Pence!
  ev: Pence!
}

"One leg of a bet being recorded."
input TrackedLegInput {
  "qualifying or free-bet (a String: see TrackedLeg.role)."
  role: String!
  side: LegSide!
  account: String!
  "Decimal odds, greater than 1."
  odds: Float!
  stake: Pence!
  "A fraction in [0, 1); 0 when absent."
  commission: Float
  "Only on a free-bet back leg; snr when absent there."
  freeBet: FreeBetKind
  result: LegResult!
  "The exchange market key, at most 100 characters; legs at one account with the same key are netted for commission and must share one commission rate."
  market: String
}

"A bet to record, open (the server assigns its id)."
input RecordBetInput {
  source: String!
  profitType: ProfitType!
  event: String!
  market: String!
  selection: String!
  legs: [TrackedLegInput!]!
  expectedProfit: Pence!
  placedAt: DateTime!
  note: String
}

input SettleBetInput {
  id: ID!
  "One result per leg, in leg order, none pending; the results recorded on the legs when absent. All void makes the bet void."
  results: [LegResult!]
  settledAt: DateTime!
}

input VoidBetInput {
  id: ID!
  voidedAt: DateTime!
}

"A change to a tracked bet. bet is null when it was deleted."
type TrackedBetChange {
  change: ChangeKind!
  id: ID!
  bet: TrackedBet
}

"A member's balance sheet."
type BalanceSheet {
  accounts: [AccountBalance!]!
  entries: [BalanceEntry!]!
  totals: BalanceTotals!
}

"The balance held at one bookmaker or exchange (signed): deposits, withdrawals, bonuses, adjustments and its share of settled bets."
type AccountBalance {
  account: String!
  kind: AccountKind!
  "True when the bookmaker restricts the member (gubbed); always false for an exchange."
  restricted: Boolean!
  balance: Pence!
}

"One balance-sheet entry. amount is positive; kind gives its direction (adjustment may be negative)."
type BalanceEntry {
  id: ID!
  account: String!
  kind: BalanceEntryKind!
  amount: Pence!
  at: DateTime!
  note: String
}

"Totals of a balance sheet. net = deposits - withdrawals + bonuses + adjustments; trackerProfit is the settled profit of the same period; balance = net + trackerProfit, the sum of the accounts' balances."
type BalanceTotals {
  deposits: Pence!
  withdrawals: Pence!
  bonuses: Pence!
  adjustments: Pence!
  net: Pence!
  trackerProfit: Pence!
  balance: Pence!
}

"An account to create or update."
input AccountInput {
  "The account's name (at most 100 characters)."
  account: String!
  kind: AccountKind!
  "Only a bookmaker can be restricted; the flag is kept as it is when absent (false for a new account)."
  restricted: Boolean
}

"The result of importBets: how many bets were written, or every bad value (and nothing written)."
type ImportBetsPayload {
  "The number of bets imported (not rows); 0 when errors is not empty."
  imported: Int!
  errors: [ImportError!]!
}

"One bad value of a CSV import."
type ImportError {
  "The physical line of the CSV the bad record starts on (the header is line 1)."
  line: Int!
  "The column, or null when the error is about the whole line (a wrong number of fields, broken quoting)."
  column: String
  message: String!
}

input BalanceEntryInput {
  account: String!
  kind: BalanceEntryKind!
  amount: Pence!
  at: DateTime!
  note: String
}

"A member's referrals."
type ReferralSummary {
  referralCode: String!
  "The referral landing URL with the code query parameter."
  referralUrl: String!
  referredCount: Int!
  activeCount: Int!
  referrals: [Referral!]!
  earnings: AffiliateEarnings!
}

"One referred member (no personal data)."
type Referral {
  id: ID!
  joinedAt: DateTime!
  "The referred member's current plan, or null when on none."
  plan: String
  active: Boolean!
}

"""
Affiliate earnings: commissionRate (a fraction, 0.4) of the referred members' net subscription
revenue (payments less refunds), uncapped, in whole pence. The sdk's affiliateLedger gives every
field: total = earned - reversed, always floor(commissionRate x net revenue), and
pending = total - paid.
"""
type AffiliateEarnings {
  commissionRate: Float!
  "Commission the affiliate keeps: earned - reversed. Never negative."
  total: Pence!
  "Commission earned by the referred members' payments. Never negative."
  earned: Pence!
  "Commission taken back by refunds. Never negative."
  reversed: Pence!
  "The balance owed to the affiliate: total - paid. Signed: negative when refunds took back commission already paid out."
  pending: Pence!
  "Commission paid out to the affiliate. Never negative."
  paid: Pence!
  "The UK (Europe/London) calendar months with events, oldest first."
  months: [AffiliateMonth!]!
}

"One UK (Europe/London) calendar month of affiliate earnings: the payments, refunds and payouts made in it."
type AffiliateMonth {
  "The month, YYYY-MM."
  month: String!
  "Payments less refunds made in the month. Signed: negative when the month's refunds exceed its payments."
  revenue: Pence!
  "earned - reversed. Signed: negative when the month's refunds took back more than its payments earned."
  commission: Pence!
  "Commission earned by the month's payments. Never negative."
  earned: Pence!
  "Commission taken back by the month's refunds. Never negative."
  reversed: Pence!
  "Paid out to the affiliate in the month. Never negative."
  paid: Pence!
  "The balance owed to the affiliate at the end of the month. Signed, as AffiliateEarnings.pending."
  pending: Pence!
}

input OddsFilter {
  sports: [String!]
  eventIds: [ID!]
  bookmakers: [String!]
  exchanges: [String!]
}

"New prices of one market."
type OddsUpdate {
  eventId: ID!
  eventName: String!
  sport: String!
  competition: String
  startsAt: DateTime!
  marketId: ID!
  marketName: String!
  selections: [SelectionOdds!]!
  updatedAt: DateTime!
}

"The prices of one selection."
type SelectionOdds {
  selectionId: ID!
  name: String!
  back: [BackPrice!]!
  lay: [LayPrice!]!
}

"A bookmaker's back price (decimal odds)."
type BackPrice {
  bookmaker: String!
  odds: Float!
}

"An exchange's lay price (decimal odds), the stake available at it, and the exchange's commission (a fraction)."
type LayPrice {
  exchange: String!
  odds: Float!
  liquidity: Pence!
  commission: Float!
}

"An expected failure: a stable code, a message a person can read, and the input field it is about."
type MutationError {
  code: ErrorCode!
  message: String!
  "The input field the error is about, as a dotted path (input.email), or null."
  field: String
}

"The result of a mutation that returns nothing else."
type MutationResult {
  ok: Boolean!
  "Null when ok."
  error: MutationError
}

"The result of signing up, refreshing a session or changing or resetting a password."
type AuthResult {
  ok: Boolean!
  error: MutationError
  "The member, when ok."
  user: User
  "The JWT (also set as the _opjwt cookie by the server), when ok."
  token: String
  expiresAt: DateTime
}

"The result of a mutation that changes the member."
type UserResult {
  ok: Boolean!
  error: MutationError
  user: User
}

input RegisterInput {
  email: String!
  "3 to 32 letters, digits, dots, dashes or underscores."
  username: String!
  "At least 10 characters."
  password: String!
  firstName: String!
  lastName: String!
  "Must be true: the member confirms they are 18 or over."
  confirmAdult: Boolean!
  "The referral code of the landing page (/refer?code=...), when the member arrived through one."
  referralCode: String
  "An id of the brand's onboarding goals, when chosen already."
  goal: String
}

input ChangePasswordInput {
  currentPassword: String!
  "At least 10 characters."
  newPassword: String!
}

input ResetPasswordInput {
  "The token of the reset link."
  token: String!
  "At least 10 characters."
  newPassword: String!
}

"A link of the quick-links bar."
type QuickLink {
  id: String!
  name: String!
  label: String!
  href: String!
  icon: String!
  order: Int!
  active: Boolean!
  "The tool's capability code when the link leads to a paid tool, else null."
  capability: String
  "Whether the signed-in member may use what the link leads to."
  unlocked: Boolean!
}

input QuickLinkInput {
  id: String!
  order: Int!
  active: Boolean!
}

type QuickLinksResult {
  ok: Boolean!
  error: MutationError
  quickLinks: [QuickLink!]!
}

"What a purchase page sells."
type PurchaseOption {
  "The page's slug: a plan name, an upgrade slug or a sale payment link."
  slug: String!
  "plan, upgrade or sale."
  kind: String!
  "The plan granted."
  plan: String!
  billingTerm: BillingTerm!
  "What is charged today: the trial's 0, the first month's price, the prorated upgrade or the sale price."
  amountDueNow: Pence!
  "The price of each following term, or null when nothing more is charged."
  recurringAmount: Pence
  "Days of free trial before the first charge (0 without one)."
  trialDays: Int!
  saleId: ID
}

input CheckoutInput {
  "A purchase page's slug: a plan name, an upgrade slug or a sale payment link's slug."
  slug: String!
  "month when absent; a sale link is always year."
  billingTerm: BillingTerm
}

"A payment in progress at the payment provider."
type Checkout {
  id: ID!
  slug: String!
  plan: String!
  billingTerm: BillingTerm!
  amount: Pence!
  saleId: ID
  status: CheckoutStatus!
  "The payment provider's page to send the member to (in this example app, a local page clearly marked as test mode)."
  paymentUrl: String!
  expiresAt: DateTime!
}

type CheckoutResult {
  ok: Boolean!
  error: MutationError
  checkout: Checkout
}

input OfferInput {
  slug: String!
  title: String!
  "sportsbook-signup-offers, casino-signup-offers or reload-offers."
  category: String!
  bookmaker: String!
  summary: String!
  body: String!
  expectedProfit: Pence!
  guideUrl: String
  expiresAt: DateTime
}

type OfferResult {
  ok: Boolean!
  error: MutationError
  offer: Offer
}

input GuideInput {
  slug: String!
  title: String!
  section: String!
  summary: String!
  body: String!
  order: Int!
}

type GuideResult {
  ok: Boolean!
  error: MutationError
  guide: Guide
}

input PayoutInput {
  "The affiliate's id (User.uid.global)."
  member: ID!
  amount: Pence!
}

input MemberFilterInput {
  "A member filter type's value (memberFilterTypes)."
  filterType: String
  "A member segment id."
  segment: String
  "Part of an email address or username."
  search: String
}

"A member as administrators see them."
type MemberSummary {
  id: ID!
  email: String!
  username: String!
  firstName: String!
  lastName: String!
  "The member's segment, or null."
  segment: String
  "The plan tier."
  tier: String!
  capabilities: [String!]!
  additionalCapabilities: [String!]!
  joinedAt: DateTime!
}

type MemberConnection {
  nodes: [MemberSummary!]!
  pageInfo: PageInfo!
  totalCount: Int!
}

type MemberSegmentCount {
  segment: String!
  label: String!
  count: Int!
}

"A member filter type of the brand (spec section 3)."
type MemberFilterType {
  id: String!
  label: String!
  value: String!
  rules: [String!]!
}

"""
The odds feed at one sequence number. The example server's feed is simulated (simulated is true):
deterministic prices for football, horse racing and golf, not real bookmaker prices.
"""
type OddsSnapshot {
  seq: Int!
  at: DateTime!
  simulated: Boolean!
  events: [FeedEvent!]!
  markets: [FeedMarket!]!
  backPrices: [FeedBackPrice!]!
  exchangePrices: [FeedExchangePrice!]!
  betBuilders: [FeedBetBuilder!]!
}

"What changed between seq - 1 and seq: new or changed items, and the keys of removed ones."
type OddsPatch {
  seq: Int!
  at: DateTime!
  upserts: OddsDelta!
  removes: OddsRemovals!
}

type OddsDelta {
  events: [FeedEvent!]!
  markets: [FeedMarket!]!
  backPrices: [FeedBackPrice!]!
  exchangePrices: [FeedExchangePrice!]!
  betBuilders: [FeedBetBuilder!]!
}

"Removed items by key: event and market ids, price keys (FeedBackPrice.key, FeedExchangePrice.key) and bet-builder ids."
type OddsRemovals {
  events: [ID!]!
  markets: [ID!]!
  backPrices: [String!]!
  exchangePrices: [String!]!
  betBuilders: [ID!]!
}

type FeedEvent {
  id: ID!
  "football, horse-racing or golf."
  sport: String!
  competition: String
  name: String!
  startsAt: DateTime!
}

type FeedMarket {
  id: ID!
  eventId: ID!
  "A lower-case key: match-odds, win, outright, ..."
  type: String!
  name: String!
  runners: [FeedRunner!]!
  "Places the exchanges' place market settles on, when there is one."
  exchangePlaces: Int
}

type FeedRunner {
  id: ID!
  name: String!
}

"A bookmaker's back price with its concessions."
type FeedBackPrice {
  "Stable key: the bookmaker and the selection."
  key: String!
  bookmaker: String!
  selectionId: ID!
  odds: Float!
  eachWay: EachWayTerms
  "The odds before a price boost, on a boosted price."
  boostedFrom: Float
  bestOddsGuaranteed: Boolean!
  earlyPayout: EarlyPayout
}

type EachWayTerms {
  places: Int!
  placeFraction: Float!
}

type EarlyPayout {
  goalsAhead: Int!
}

"An exchange's best back and lay on one selection (a win market, or a place market of places)."
type FeedExchangePrice {
  "Stable key: the exchange, the selection and the places."
  key: String!
  exchange: String!
  selectionId: ID!
  places: Int
  back: ExchangeQuote
  lay: ExchangeQuote
  commission: Float!
  eachWayLay: EachWayLay
}

type ExchangeQuote {
  odds: Float!
  liquidity: Pence!
}

"An each-way lay offered as one locked bet."
type EachWayLay {
  odds: Float!
  liquidity: Pence!
  places: Int!
  placeFraction: Float!
}

type FeedBetBuilder {
  id: ID!
  bookmaker: String!
  eventId: ID!
  odds: Float!
  legs: [ID!]!
}
`;
