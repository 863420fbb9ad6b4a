import type {
  GqlBrandId as BrandId,
  GqlBillingTerm as BillingTerm,
  GqlIntegrationStatus as IntegrationStatus,
  GqlErrorCode as ErrorCode,
  GqlProfitType as ProfitType,
  GqlBetStatus as BetStatus,
  GqlLegSide as LegSide,
  GqlLegResult as LegResult,
  GqlFreeBetKind as FreeBetKind,
  GqlAccountKind as AccountKind,
  GqlBalanceEntryKind as BalanceEntryKind,
  GqlChangeKind as ChangeKind,
  GqlCommissionState as CommissionState,
  GqlNotificationChannel as NotificationChannel,
} from '@matchkit/sdk/transport';
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { MemberAccess, RequestContext } from '../kernel';
export type Maybe<T> = T | null | undefined;
export type InputMaybe<T> = T | null;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string };
  String: { input: string; output: string };
  Boolean: { input: boolean; output: boolean };
  Int: { input: number; output: number };
  Float: { input: number; output: number };
  /**
   * An amount of money in integer pence (GBP minor units): 3999 is £39.99. Always a whole number,
   * serialised as a JSON integer. Prices, stakes and earnings are never negative; profits, losses
   * and balance changes may be, where the field says so.
   */
  Pence: { input: number; output: number };
  /**
   * An instant: an ISO 8601 date-time with an explicit UTC offset, such as
   * 2025-08-11T09:00:00+01:00 or 2025-08-11T08:00:00Z. A date-time without an offset is rejected.
   */
  DateTime: { input: Date; output: Date | number | string };
};

export type { BrandId };

export type { BillingTerm };

export type { IntegrationStatus };

export type { ErrorCode };

/** Cursor pagination. */
export type PageInfo = {
  readonly __typename?: 'PageInfo';
  readonly endCursor?: Maybe<Scalars['String']['output']>;
  readonly hasNextPage: Scalars['Boolean']['output'];
};

/** An expected failure: a stable code, a message a person can read, and the input field it is about. */
export type MutationError = {
  readonly __typename?: 'MutationError';
  readonly code: ErrorCode;
  readonly message: Scalars['String']['output'];
  /** The input field the error is about, as a dotted path (input.email), or null. */
  readonly field?: Maybe<Scalars['String']['output']>;
};

/** The result of a mutation that returns nothing else. */
export type MutationResult = {
  readonly __typename?: 'MutationResult';
  readonly ok: Scalars['Boolean']['output'];
  /** Null when ok. */
  readonly error?: Maybe<MutationError>;
};

export type LoginInput = {
  /** Email address or username. */
  readonly login: Scalars['String']['input'];
  readonly password: Scalars['String']['input'];
  /** Keep me signed in: the session lasts 30 days after its last use. Otherwise it ends when the browser closes, or after 12 hours unused. */
  readonly keepSignedIn?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The result of signing in. */
export type AuthPayload = {
  readonly __typename?: 'AuthPayload';
  readonly user: User;
  /** The JWT (also set as the _opjwt cookie by the server). */
  readonly token: Scalars['String']['output'];
  readonly expiresAt: Scalars['DateTime']['output'];
};

/** The result of signing up, refreshing a session or changing or resetting a password. */
export type AuthResult = {
  readonly __typename?: 'AuthResult';
  readonly ok: Scalars['Boolean']['output'];
  readonly error?: Maybe<MutationError>;
  /** The member, when ok. */
  readonly user?: Maybe<User>;
  /** The JWT (also set as the _opjwt cookie by the server), when ok. */
  readonly token?: Maybe<Scalars['String']['output']>;
  readonly expiresAt?: Maybe<Scalars['DateTime']['output']>;
};

export type RegisterInput = {
  readonly email: Scalars['String']['input'];
  /** 3 to 32 letters, digits, dots, dashes or underscores. */
  readonly username: Scalars['String']['input'];
  /** At least 10 characters. */
  readonly password: Scalars['String']['input'];
  readonly firstName: Scalars['String']['input'];
  readonly lastName: Scalars['String']['input'];
  /** Must be true: the member confirms they are 18 or over. */
  readonly confirmAdult: Scalars['Boolean']['input'];
  /** The referral code of the landing page (/refer?code=...), when the member arrived through one. */
  readonly referralCode?: InputMaybe<Scalars['String']['input']>;
  /** An id of the brand's onboarding goals, when chosen already. */
  readonly goal?: InputMaybe<Scalars['String']['input']>;
};

export type ChangePasswordInput = {
  readonly currentPassword: Scalars['String']['input'];
  /** At least 10 characters. */
  readonly newPassword: Scalars['String']['input'];
};

export type ChangeNameInput = {
  /** 1 to 100 characters once trimmed. */
  readonly firstName: Scalars['String']['input'];
  /** 1 to 100 characters once trimmed. */
  readonly lastName: Scalars['String']['input'];
};

export type ChangeEmailInput = {
  /** The new address. */
  readonly newEmail: Scalars['String']['input'];
  readonly currentPassword: Scalars['String']['input'];
};

export type CloseAccountInput = {
  readonly currentPassword: Scalars['String']['input'];
  /** The typed confirmation: close my account. */
  readonly confirmation: Scalars['String']['input'];
  /** The code from the authenticator app (or a recovery code), when two-step sign-in is on. */
  readonly code?: InputMaybe<Scalars['String']['input']>;
};

export type ResetPasswordInput = {
  /** The token of the reset link. */
  readonly token: Scalars['String']['input'];
  /** At least 10 characters. */
  readonly newPassword: Scalars['String']['input'];
};

/** What kind of device a session is on, as its browser says. */
export type DeviceType = 'COMPUTER' | 'PHONE' | 'TABLET' | 'OTHER';

/** A device the member is signed in on (one sign-in). */
export type SignedInDevice = {
  readonly __typename?: 'SignedInDevice';
  readonly id: Scalars['ID']['output'];
  readonly deviceType: DeviceType;
  /** The browser's name (Chrome, Firefox, Safari), or null when it does not say. */
  readonly browser?: Maybe<Scalars['String']['output']>;
  /** The operating system's name (Windows, macOS, Linux, iOS, Android), or null when the browser does not say. */
  readonly os?: Maybe<Scalars['String']['output']>;
  /** The IP address it signed in or last renewed its session from. */
  readonly ipAddress?: Maybe<Scalars['String']['output']>;
  readonly signedInAt: Scalars['DateTime']['output'];
  /** When it last renewed its session (accurate to about 15 minutes). */
  readonly lastSeenAt: Scalars['DateTime']['output'];
  /** Whether this is the device asking. */
  readonly current: Scalars['Boolean']['output'];
  /** Whether the member chose keep me signed in on it. */
  readonly keepSignedIn: Scalars['Boolean']['output'];
};

export type Query = {
  readonly __typename?: 'Query';
  /** The devices the member is signed in on, most recently used first (UNAUTHENTICATED when signed out). */
  readonly mySessions: ReadonlyArray<SignedInDevice>;
  /** Two-step sign-in for the signed-in member; null when signed out. */
  readonly twoFactor?: Maybe<TwoFactorStatus>;
  /** Administrators: one member's page, or null when there is no member of that id. */
  readonly adminMember?: Maybe<AdminMember>;
  /** Administrators: members matching the filter, newest first. */
  readonly adminMembers: MemberConnection;
  /** Administrators: the brand's member segments and how many members are in each. */
  readonly memberSegments: ReadonlyArray<MemberSegmentCount>;
  /** Administrators: the brand's member filter types. */
  readonly memberFilterTypes: ReadonlyArray<MemberFilterType>;
  /** The signed-in member's referrals. */
  readonly referrals: ReferralSummary;
  /** The signed-in member's affiliate earnings over a period (default: all time). */
  readonly affiliateEarnings: AffiliateEarnings;
  /** Administrators: the commission held for review, oldest first. */
  readonly adminHeldCommission: ReadonlyArray<HeldCommission>;
  /** Administrators: every affiliate with commission, each with their statement now, payable first. */
  readonly adminAffiliates: ReadonlyArray<AffiliateBalance>;
  /** Administrators: one affiliate's statement now, every payment and payout. */
  readonly adminAffiliateStatement: CommissionStatement;
  /** Administrators: the affiliate programme's revenue, commission and payouts by London month over the days from..to. */
  readonly adminAffiliateProgramme: AffiliateProgramme;
  /** The signed-in member's odds alerts, oldest first. */
  readonly myOddsAlerts: ReadonlyArray<OddsAlert>;
  /** The matches the member's alerts found, newest first (at most 100). */
  readonly myOddsAlertMatches: ReadonlyArray<OddsAlertMatch>;
  /** Administrators: the analytics forward queue's state. */
  readonly adminAnalyticsForwarding: AnalyticsForwarding;
  /** Administrators: the funnel over the Europe/London days from..to (YYYY-MM-DD, at most 400 days). */
  readonly adminFunnel: AnalyticsFunnel;
  /** Administrators: page views by page and plan tier over the days from..to. */
  readonly adminToolUsage: ReadonlyArray<ToolUsage>;
  /** Administrators: the audit log, newest first; of one target (a member id, a payment id, a slug) when given. */
  readonly adminAuditLog: AdminAuditConnection;
  /** The signed-in member's receipts, newest first. */
  readonly myReceipts: ReadonlyArray<Receipt>;
  /** One of the signed-in member's receipts, or null. */
  readonly receipt?: Maybe<Receipt>;
  /** The signed-in member's purchases, newest first. */
  readonly myPurchases: ReadonlyArray<Purchase>;
  /** One of the signed-in member's checkouts, or null. */
  readonly checkout?: Maybe<Checkout>;
  /** What a purchase page (/subscribe/{slug}) sells at the instant (default: now): a plan, an upgrade or a sale payment link, with its price; null for an unknown or expired slug. */
  readonly purchaseOption?: Maybe<PurchaseOption>;
  /** The brand this server serves. */
  readonly brand: BrandId;
  /** The brand's plans, in tier order. */
  readonly plans: ReadonlyArray<Plan>;
  /** The brand's sales, in date order. */
  readonly sales: ReadonlyArray<Sale>;
  /** The sale active at the instant (default: now), or null. */
  readonly activeSale?: Maybe<Sale>;
  /** Every tool of the brand catalogue. */
  readonly tools: ReadonlyArray<Tool>;
  /** The tools the signed-in member may use: a non-empty slug and a capability the member holds. */
  readonly myTools: ReadonlyArray<Tool>;
  /** The exchanges, with their defaults. */
  readonly exchanges: ReadonlyArray<Exchange>;
  /** The static exchange provider table. */
  readonly exchangeProviders: ReadonlyArray<ExchangeProvider>;
  /** Offers in the order administrators give them (each category by position: a new offer goes first; without a category, the brand's categories in their order); category is sportsbook-signup-offers, casino-signup-offers or reload-offers. */
  readonly offers: OfferConnection;
  /** One offer by slug, or null. */
  readonly offer?: Maybe<Offer>;
  /** Guides and training, in reading order. */
  readonly guides: GuideConnection;
  /** One guide by slug, or null. */
  readonly guide?: Maybe<Guide>;
  /** Administrators: every offer, drafts included, in the members' order (at most 500), of one category when given. */
  readonly adminOffers: ReadonlyArray<Offer>;
  /** Administrators: every guide and tutorial, drafts included, in reading order (at most 500), of one section when given. */
  readonly adminGuides: ReadonlyArray<Guide>;
  /** The signed-in member's exchange settings (defaults where the member has not chosen). */
  readonly myExchanges: ReadonlyArray<ExchangeSetting>;
  /** The signed-in member's quick-links bar, in order (the brand's defaults until the member changes it). */
  readonly myQuickLinks: ReadonlyArray<QuickLink>;
  /** The odds feed now: a snapshot with its sequence number; then follow oddsPatches from seq + 1. Needs a tool that reads the feed. */
  readonly oddsSnapshot: OddsSnapshot;
  /** How the odds feed's sources are doing (a banner when one is delayed or down). Needs a tool that reads the feed. */
  readonly feedStatus: FeedStatus;
  /** Administrators: feedStatus for the admin console (an administrator needs no tool that reads the feed). */
  readonly adminFeedStatus: FeedStatus;
  /** Where the members' forum opens (signed in through DiscourseConnect), or null when this site has no forum set up. */
  readonly forumUrl?: Maybe<Scalars['String']['output']>;
  /** The signed-in member, or null without a valid JWT. */
  readonly me?: Maybe<User>;
  /** The application server's VAPID public key (base64url) for web push, or null when this server sends no push. */
  readonly pushPublicKey?: Maybe<Scalars['String']['output']>;
  /** The signed-in member's notification settings: every kind on both channels, in order. */
  readonly notificationSettings: ReadonlyArray<NotificationSetting>;
  /** Administrators: the mail and push queues by state. */
  readonly adminQueueDepths: ReadonlyArray<QueueDepth>;
  /** Administrators: the last seven days' delivery errors of the mail and push queues, most frequent first. */
  readonly adminQueueErrors: ReadonlyArray<QueueError>;
  /** Administrators: MRR, new, expansion, contraction and churned revenue per London month over the days from..to (YYYY-MM-DD, at most 400 days), and trial conversion. */
  readonly adminRevenue: AdminRevenue;
  /** The signed-in member's tracked bets, newest first. */
  readonly trackedBets: TrackedBetConnection;
  /** Totals over the signed-in member's tracked bets that match the filter. */
  readonly trackerTotals: ProfitTotals;
  /** The signed-in member's balance sheet over a period (default: all time). */
  readonly balanceSheet: BalanceSheet;
};

export type QueryAdminMemberArgs = {
  id: Scalars['ID']['input'];
};

export type QueryAdminMembersArgs = {
  filter?: InputMaybe<MemberFilterInput>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};

export type QueryAffiliateEarningsArgs = {
  from?: InputMaybe<Scalars['DateTime']['input']>;
  to?: InputMaybe<Scalars['DateTime']['input']>;
};

export type QueryAdminAffiliateStatementArgs = {
  member: Scalars['ID']['input'];
};

export type QueryAdminAffiliateProgrammeArgs = {
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
};

export type QueryAdminFunnelArgs = {
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
};

export type QueryAdminToolUsageArgs = {
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
};

export type QueryAdminAuditLogArgs = {
  target?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};

export type QueryReceiptArgs = {
  id: Scalars['ID']['input'];
};

export type QueryCheckoutArgs = {
  id: Scalars['ID']['input'];
};

export type QueryPurchaseOptionArgs = {
  slug: Scalars['String']['input'];
  billingTerm?: InputMaybe<BillingTerm>;
  at?: InputMaybe<Scalars['DateTime']['input']>;
};

export type QueryActiveSaleArgs = {
  at?: InputMaybe<Scalars['DateTime']['input']>;
};

export type QueryOffersArgs = {
  category?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};

export type QueryOfferArgs = {
  slug: Scalars['String']['input'];
};

export type QueryGuidesArgs = {
  section?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};

export type QueryGuideArgs = {
  slug: Scalars['String']['input'];
};

export type QueryAdminOffersArgs = {
  category?: InputMaybe<Scalars['String']['input']>;
};

export type QueryAdminGuidesArgs = {
  section?: InputMaybe<Scalars['String']['input']>;
};

export type QueryOddsSnapshotArgs = {
  filter?: InputMaybe<OddsFilter>;
  page?: InputMaybe<OddsSnapshotPage>;
};

export type QueryAdminRevenueArgs = {
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
};

export type QueryTrackedBetsArgs = {
  filter?: InputMaybe<TrackedBetFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};

export type QueryTrackerTotalsArgs = {
  filter?: InputMaybe<TrackedBetFilter>;
};

export type QueryBalanceSheetArgs = {
  from?: InputMaybe<Scalars['DateTime']['input']>;
  to?: InputMaybe<Scalars['DateTime']['input']>;
};

export type Mutation = {
  readonly __typename?: 'Mutation';
  /** Signs in; the server also sets the JWT cookie. */
  readonly login: AuthPayload;
  /** Signs out this device: its session ends and its cookies are cleared; other devices stay signed in. True when a session ended. */
  readonly logout: Scalars['Boolean']['output'];
  /** Signs out every device of the member, this one included, and clears this device's cookies. True when the request was signed in. */
  readonly logoutEverywhere: Scalars['Boolean']['output'];
  /** Signs out one of the member's devices (an id from mySessions; BAD_INPUT on id when it is not one of theirs). */
  readonly endSession: MutationResult;
  /** Creates an account (the member confirms they are 18 or over) and signs in; the server also sets the JWT cookie. */
  readonly register: AuthResult;
  /** Issues a fresh token for this device's session (the server also sets the cookie), from a valid token or from the refresh cookie; UNAUTHENTICATED when the session has ended. */
  readonly refreshSession: AuthResult;
  /** Changes the password; every other session ends, and this one gets a fresh token. */
  readonly changePassword: AuthResult;
  /** Sends a password-reset link to the address if it belongs to a member. Always ok for a well-formed address (BAD_INPUT on email otherwise; RATE_LIMITED over the limits), so it tells nobody whether an address is registered. */
  readonly requestPasswordReset: MutationResult;
  /** Sets a new password with a reset link's token; every session ends, and the member is signed in. */
  readonly resetPassword: AuthResult;
  /** Changes the member's first and last name (BAD_INPUT naming input.firstName or input.lastName). */
  readonly changeName: UserResult;
  /** Mails the signed-in member a new link confirming their address (older links stop working). CONFLICT when it is confirmed already; RATE_LIMITED over the limit. */
  readonly sendVerificationEmail: MutationResult;
  /** Confirms the member's address with the token of the mailed link (no sign-in needed); BAD_INPUT on token when the link is malformed, used, expired or for an address the member no longer has. */
  readonly verifyEmail: MutationResult;
  /** Asks to move the account to a new address (current password required, current address confirmed): mails a confirmation link to the new address and a notice to the old one. The address changes only when the link is followed. CONFLICT on input.newEmail when the address cannot be used. */
  readonly changeEmail: MutationResult;
  /** Moves the account to the address of a change link (no sign-in needed); BAD_INPUT on token when the link is malformed, used or expired. */
  readonly confirmEmailChange: MutationResult;
  /** Closes the account for good (current password, the second factor when on, the typed confirmation): cancels the subscription, erases or anonymises personal data at once (payment and commission records kept anonymised for six years), ends every session and live stream and signs out. The address can register again. */
  readonly closeAccount: MutationResult;
  /** Records the goal chosen at onboarding: an id of the brand's onboarding goals. */
  readonly setGoal: UserResult;
  /** Finishes a sign-in that needs a second step (login refused with SECOND_FACTOR_REQUIRED); the server also sets the JWT cookie. UNAUTHENTICATED for a wrong code or an expired challenge, RATE_LIMITED over the limits. */
  readonly completeSignIn: AuthPayload;
  /** Starts setting up two-step sign-in: a new key for an authenticator app, not on until confirmTwoFactor. */
  readonly startTwoFactorSetup: TwoFactorSetup;
  /** Turns two-step sign-in on with the password and a current code from the app; returns the recovery codes (BAD_INPUT on input.currentPassword or input.code when wrong). */
  readonly confirmTwoFactor: TwoFactorEnabled;
  /** Makes 10 new recovery codes with the password and a current code from the app; the earlier ones stop working (CONFLICT when two-step sign-in is off). */
  readonly newRecoveryCodes: NewRecoveryCodes;
  /** Turns two-step sign-in off: the password and a code (or a recovery code). */
  readonly disableTwoFactor: MutationResult;
  /** Administrators: sets a member's additional capabilities (granted on top of the plan). */
  readonly adminSetAdditionalCapabilities: MutationResult;
  /** Administrators: signs the member out of every device (as their logoutEverywhere does); NOT_FOUND for an unknown member. */
  readonly adminEndSessions: MutationResult;
  /** Administrators: mails the member a new link to confirm their address; CONFLICT when it is confirmed already, NOT_FOUND for an unknown member. */
  readonly adminResendVerification: MutationResult;
  /** Administrators: refunds a payment in full; what it granted is taken back and the referrer's commission on it reversed. */
  readonly adminRefundPayment: MutationResult;
  /** Administrators: records a payout of affiliate commission to a member, at most what is payable. */
  readonly adminRecordPayout: MutationResult;
  /** Administrators: approves (it becomes pending or payable) or rejects (it earns nothing) held commission. */
  readonly adminReviewCommission: MutationResult;
  /** Saves a new odds alert (at most 20 per member; the member's plan must include the tool). */
  readonly saveOddsAlert: OddsAlertResult;
  /** Pauses or resumes one of the member's alerts. */
  readonly setOddsAlertPaused: OddsAlertResult;
  /** Deletes one of the member's alerts with the matches it found. */
  readonly deleteOddsAlert: OddsAlertResult;
  /** Administrators: puts the events the provider refused back in the forward queue (after a fix) with an audit line; how many. */
  readonly adminRetryRefusedAnalytics: Scalars['Int']['output'];
  /** Buys a plan: charges the member and grants the plan's capabilities. */
  readonly purchasePlan: PurchasePayload;
  /** Starts paying for a purchase page's slug (a plan, an upgrade or a sale payment link): returns the checkout with the payment provider's page to send the member to. */
  readonly startCheckout: CheckoutResult;
  /** Cancels the member's subscription at the end of the paid term (a trial at its end): access lasts until then and nothing more is charged. */
  readonly cancelSubscription: UserResult;
  /** Takes back a cancellation while access lasts: the subscription renews again as if it had not been cancelled. */
  readonly resumeSubscription: UserResult;
  /** Moves the member to a lower plan (one of the sdk's downgradeOptions) at renewal: the next term not yet charged is charged at its price, with no refund of the term paid. */
  readonly scheduleDowngrade: UserResult;
  /** Takes back a downgrade that has not taken effect: the plan held renews as before. */
  readonly cancelDowngrade: UserResult;
  /** Marks an offer completed (or not) for the signed-in member. */
  readonly setOfferCompleted: Offer;
  /** Administrators: creates or updates an offer (by slug). */
  readonly adminSaveOffer: OfferResult;
  /** Administrators: deletes an offer. */
  readonly adminDeleteOffer: MutationResult;
  /** Administrators: creates or updates a guide (by slug). */
  readonly adminSaveGuide: GuideResult;
  /** Administrators: deletes a guide. */
  readonly adminDeleteGuide: MutationResult;
  /** Administrators: publishes an offer (members see it at once) or takes it back to a draft. */
  readonly adminPublishOffer: OfferResult;
  /** Administrators: moves an offer one place up or down among its category's offers (drafts included), as members see at once. The first moved up, or the last moved down, stays where it is. */
  readonly adminMoveOffer: OfferResult;
  /** Administrators: publishes a guide (members see it at once) or takes it back to a draft. */
  readonly adminPublishGuide: GuideResult;
  /** Turns an exchange on or off for the signed-in member. */
  readonly setExchangeEnabled: ExchangeSetting;
  /** Replaces the member's quick-links bar: the ids of the brand's quick links, each with its order and whether it is active. */
  readonly setQuickLinks: QuickLinksResult;
  /** Turns one kind on or off on one channel for the signed-in member; BAD_INPUT naming kind or channel when it is not switchable. */
  readonly setNotificationSetting: ReadonlyArray<NotificationSetting>;
  /** Stores this browser's push subscription for the signed-in member on this device; BAD_INPUT naming the bad field. */
  readonly savePushSubscription: Scalars['Boolean']['output'];
  /** Forgets the signed-in member's push subscription for this endpoint (push turned off in that browser); true when there was one. */
  readonly removePushSubscription: Scalars['Boolean']['output'];
  /** Records a bet in the profit tracker. */
  readonly recordBet: TrackedBet;
  /** Settles a tracked bet from its legs' results; the server computes settledProfit with the sdk's settleBet. */
  readonly settleBet: TrackedBet;
  /** Voids a tracked bet as a whole: it counts for nothing. */
  readonly voidBet: TrackedBet;
  /** Deletes a tracked bet; returns its id. */
  readonly deleteBet: Scalars['ID']['output'];
  /** Flags a bookmaker account as restricted (gubbed: it limits the member's stakes or offers), or clears the flag. An exchange cannot be restricted. */
  readonly setAccountRestricted: AccountBalance;
  /** Creates or updates a balance-sheet account: its kind (the balance sheet needs one for every account) and, optionally, its restricted flag. */
  readonly setAccount: AccountBalance;
  /**
   * Imports tracked bets from the tracker's CSV (the sdk's exportBetsCsv format), bet by bet: the
   * server reads the text with the sdk's importBetsCsvInPart. A bet with a bad value (or results
   * that cannot happen together, as a bet stored before that rule) is refused and its problems are
   * listed in errors; the other bets are written in one transaction. A file that cannot be read (a
   * bad header, broken quoting, a row with the wrong number of fields) writes nothing. Idempotent by
   * bet id: an imported bet whose id the member already has replaces the stored bet, so importing
   * the same file twice leaves the same bets.
   */
  readonly importBets: ImportBetsPayload;
  /** Adds an entry to the balance sheet. */
  readonly addBalanceEntry: BalanceEntry;
};

export type MutationLoginArgs = {
  input: LoginInput;
};

export type MutationEndSessionArgs = {
  id: Scalars['ID']['input'];
};

export type MutationRegisterArgs = {
  input: RegisterInput;
};

export type MutationChangePasswordArgs = {
  input: ChangePasswordInput;
};

export type MutationRequestPasswordResetArgs = {
  email: Scalars['String']['input'];
};

export type MutationResetPasswordArgs = {
  input: ResetPasswordInput;
};

export type MutationChangeNameArgs = {
  input: ChangeNameInput;
};

export type MutationVerifyEmailArgs = {
  token: Scalars['String']['input'];
};

export type MutationChangeEmailArgs = {
  input: ChangeEmailInput;
};

export type MutationConfirmEmailChangeArgs = {
  token: Scalars['String']['input'];
};

export type MutationCloseAccountArgs = {
  input: CloseAccountInput;
};

export type MutationSetGoalArgs = {
  goal: Scalars['String']['input'];
};

export type MutationCompleteSignInArgs = {
  input: CompleteSignInInput;
};

export type MutationConfirmTwoFactorArgs = {
  input: ConfirmTwoFactorInput;
};

export type MutationNewRecoveryCodesArgs = {
  input: NewRecoveryCodesInput;
};

export type MutationDisableTwoFactorArgs = {
  input: DisableTwoFactorInput;
};

export type MutationAdminSetAdditionalCapabilitiesArgs = {
  member: Scalars['ID']['input'];
  codes: ReadonlyArray<Scalars['String']['input']>;
};

export type MutationAdminEndSessionsArgs = {
  member: Scalars['ID']['input'];
};

export type MutationAdminResendVerificationArgs = {
  member: Scalars['ID']['input'];
};

export type MutationAdminRefundPaymentArgs = {
  paymentId: Scalars['ID']['input'];
};

export type MutationAdminRecordPayoutArgs = {
  input: PayoutInput;
};

export type MutationAdminReviewCommissionArgs = {
  input: CommissionReviewInput;
};

export type MutationSaveOddsAlertArgs = {
  input: OddsAlertInput;
};

export type MutationSetOddsAlertPausedArgs = {
  id: Scalars['ID']['input'];
  paused: Scalars['Boolean']['input'];
};

export type MutationDeleteOddsAlertArgs = {
  id: Scalars['ID']['input'];
};

export type MutationPurchasePlanArgs = {
  input: PurchasePlanInput;
};

export type MutationStartCheckoutArgs = {
  input: CheckoutInput;
};

export type MutationScheduleDowngradeArgs = {
  plan: Scalars['String']['input'];
};

export type MutationSetOfferCompletedArgs = {
  slug: Scalars['String']['input'];
  completed: Scalars['Boolean']['input'];
};

export type MutationAdminSaveOfferArgs = {
  input: OfferInput;
};

export type MutationAdminDeleteOfferArgs = {
  slug: Scalars['String']['input'];
};

export type MutationAdminSaveGuideArgs = {
  input: GuideInput;
};

export type MutationAdminDeleteGuideArgs = {
  slug: Scalars['String']['input'];
};

export type MutationAdminPublishOfferArgs = {
  slug: Scalars['String']['input'];
  published: Scalars['Boolean']['input'];
};

export type MutationAdminMoveOfferArgs = {
  slug: Scalars['String']['input'];
  direction: MoveDirection;
};

export type MutationAdminPublishGuideArgs = {
  slug: Scalars['String']['input'];
  published: Scalars['Boolean']['input'];
};

export type MutationSetExchangeEnabledArgs = {
  exchange: Scalars['String']['input'];
  enabled: Scalars['Boolean']['input'];
};

export type MutationSetQuickLinksArgs = {
  links: ReadonlyArray<QuickLinkInput>;
};

export type MutationSetNotificationSettingArgs = {
  kind: Scalars['String']['input'];
  channel: NotificationChannel;
  enabled: Scalars['Boolean']['input'];
};

export type MutationSavePushSubscriptionArgs = {
  input: PushSubscriptionInput;
};

export type MutationRemovePushSubscriptionArgs = {
  endpoint: Scalars['String']['input'];
};

export type MutationRecordBetArgs = {
  input: RecordBetInput;
};

export type MutationSettleBetArgs = {
  input: SettleBetInput;
};

export type MutationVoidBetArgs = {
  input: VoidBetInput;
};

export type MutationDeleteBetArgs = {
  id: Scalars['ID']['input'];
};

export type MutationSetAccountRestrictedArgs = {
  account: Scalars['String']['input'];
  restricted: Scalars['Boolean']['input'];
};

export type MutationSetAccountArgs = {
  input: AccountInput;
};

export type MutationImportBetsArgs = {
  csv: Scalars['String']['input'];
};

export type MutationAddBalanceEntryArgs = {
  input: BalanceEntryInput;
};

/** A member of the platform. */
export type User = {
  readonly __typename?: 'User';
  /** Whether the member has confirmed their email address (through the mailed link). Affiliate payouts and changes of address need a confirmed one. */
  readonly emailVerified: Scalars['Boolean']['output'];
  readonly subscription?: Maybe<MemberSubscription>;
  readonly billing?: Maybe<Billing>;
  /** Status per external integration. */
  readonly integrations: ReadonlyArray<IntegrationState>;
  readonly uid: UserIds;
  readonly firstName: Scalars['String']['output'];
  readonly lastName: Scalars['String']['output'];
  readonly username: Scalars['String']['output'];
  readonly email: Scalars['String']['output'];
  /** Capability codes held through the member's plan. */
  readonly capabilities: ReadonlyArray<Scalars['String']['output']>;
  /** Capability codes granted on top of the plan; they count exactly like capabilities. */
  readonly additionalCapabilities: ReadonlyArray<Scalars['String']['output']>;
  readonly referAFriend: ReferAFriend;
  /** The goal chosen at onboarding (an id of the brand's onboarding goals), or null. */
  readonly goal?: Maybe<Scalars['String']['output']>;
  /** When the member registered. */
  readonly joinedAt: Scalars['DateTime']['output'];
};

/** Whether two-step sign-in (an authenticator app's code after the password) is on. */
export type TwoFactorStatus = {
  readonly __typename?: 'TwoFactorStatus';
  readonly enabled: Scalars['Boolean']['output'];
  /** Recovery codes not used yet (0 when two-step sign-in is off). */
  readonly recoveryCodesLeft: Scalars['Int']['output'];
};

/** A two-step sign-in set-up waiting for the member's first code. */
export type TwoFactorSetup = {
  readonly __typename?: 'TwoFactorSetup';
  readonly ok: Scalars['Boolean']['output'];
  readonly error?: Maybe<MutationError>;
  /** The key to type into an authenticator app (base32), when ok. */
  readonly secret?: Maybe<Scalars['String']['output']>;
  /** The otpauth:// address the set-up QR code holds, when ok. */
  readonly uri?: Maybe<Scalars['String']['output']>;
};

/** Two-step sign-in turned on. */
export type TwoFactorEnabled = {
  readonly __typename?: 'TwoFactorEnabled';
  readonly ok: Scalars['Boolean']['output'];
  readonly error?: Maybe<MutationError>;
  /** The 10 recovery codes, each usable once instead of a code; shown this once, when ok. */
  readonly recoveryCodes?: Maybe<ReadonlyArray<Scalars['String']['output']>>;
};

/** New recovery codes for two-step sign-in; the member's earlier ones stop working. */
export type NewRecoveryCodes = {
  readonly __typename?: 'NewRecoveryCodes';
  readonly ok: Scalars['Boolean']['output'];
  readonly error?: Maybe<MutationError>;
  /** The 10 new recovery codes, each usable once instead of a code; shown this once, when ok. */
  readonly recoveryCodes?: Maybe<ReadonlyArray<Scalars['String']['output']>>;
};

export type CompleteSignInInput = {
  /** The challenge of the login refusal SECOND_FACTOR_REQUIRED (extensions.challenge). */
  readonly challenge: Scalars['String']['input'];
  /** The 6-digit code of the authenticator app, or a recovery code. */
  readonly code: Scalars['String']['input'];
  /** Keep me signed in, as chosen at login (the session lasts 30 days after its last use; otherwise a browser session). */
  readonly keepSignedIn?: InputMaybe<Scalars['Boolean']['input']>;
};

export type ConfirmTwoFactorInput = {
  /** The member's password: a session alone does not turn two-step sign-in on (BAD_INPUT on input.currentPassword when wrong; counted toward the sign-in limit). */
  readonly currentPassword: Scalars['String']['input'];
  /** The current 6-digit code of the authenticator app being set up. */
  readonly code: Scalars['String']['input'];
};

export type NewRecoveryCodesInput = {
  /** The member's password (BAD_INPUT on input.currentPassword when wrong; counted toward the sign-in limit). */
  readonly currentPassword: Scalars['String']['input'];
  /** A current 6-digit code of the authenticator app (not a recovery code). */
  readonly code: Scalars['String']['input'];
};

export type DisableTwoFactorInput = {
  readonly password: Scalars['String']['input'];
  /** The 6-digit code of the authenticator app, or a recovery code. */
  readonly code: Scalars['String']['input'];
};

export type MemberFilterInput = {
  /** A member filter type's value (memberFilterTypes). */
  readonly filterType?: InputMaybe<Scalars['String']['input']>;
  /** A member segment id. */
  readonly segment?: InputMaybe<Scalars['String']['input']>;
  /** Part of an email address or username. */
  readonly search?: InputMaybe<Scalars['String']['input']>;
};

/** A member as administrators see them. */
export type MemberSummary = {
  readonly __typename?: 'MemberSummary';
  readonly id: Scalars['ID']['output'];
  readonly email: Scalars['String']['output'];
  readonly username: Scalars['String']['output'];
  readonly firstName: Scalars['String']['output'];
  readonly lastName: Scalars['String']['output'];
  /** The member's segment, or null. */
  readonly segment?: Maybe<Scalars['String']['output']>;
  /** The plan tier. */
  readonly tier: Scalars['String']['output'];
  readonly capabilities: ReadonlyArray<Scalars['String']['output']>;
  readonly additionalCapabilities: ReadonlyArray<Scalars['String']['output']>;
  readonly joinedAt: Scalars['DateTime']['output'];
};

export type MemberConnection = {
  readonly __typename?: 'MemberConnection';
  readonly nodes: ReadonlyArray<MemberSummary>;
  readonly pageInfo: PageInfo;
  readonly totalCount: Scalars['Int']['output'];
};

export type MemberSegmentCount = {
  readonly __typename?: 'MemberSegmentCount';
  readonly segment: Scalars['String']['output'];
  readonly label: Scalars['String']['output'];
  readonly count: Scalars['Int']['output'];
};

/** A member filter type of the brand (spec section 3). */
export type MemberFilterType = {
  readonly __typename?: 'MemberFilterType';
  readonly id: Scalars['String']['output'];
  readonly label: Scalars['String']['output'];
  readonly value: Scalars['String']['output'];
  readonly rules: ReadonlyArray<Scalars['String']['output']>;
};

/** Administrators: one row of a member's billing ledger (a payment, or a trial granted without one). */
export type AdminLedgerEntry = {
  readonly __typename?: 'AdminLedgerEntry';
  /** The ledger id (adminRefundPayment takes it). */
  readonly id: Scalars['ID']['output'];
  /** payment or trial. */
  readonly type: Scalars['String']['output'];
  /** The plan it paid for (or the trial's). */
  readonly plan: Scalars['String']['output'];
  /** Pence charged (0 for a trial). */
  readonly amount: Scalars['Pence']['output'];
  /** When it was paid (or granted). */
  readonly at: Scalars['DateTime']['output'];
  /** The period it paid for. */
  readonly periodStart: Scalars['DateTime']['output'];
  readonly periodEnd: Scalars['DateTime']['output'];
  readonly refunded: Scalars['Boolean']['output'];
  /** When it was refunded, or null. */
  readonly refundedAt?: Maybe<Scalars['DateTime']['output']>;
  /** What was refunded, or null. */
  readonly refundedAmount?: Maybe<Scalars['Pence']['output']>;
};

/** Administrators: a member's page: who they are, what they hold, their billing and their activity. */
export type AdminMember = {
  readonly __typename?: 'AdminMember';
  /** The member as the member list shows them (plan tier, segment, capabilities). */
  readonly member: MemberSummary;
  /** Their billing ledger, newest first. */
  readonly payments: ReadonlyArray<AdminLedgerEntry>;
  /** Their receipts, newest first. */
  readonly receipts: ReadonlyArray<Receipt>;
  /** When they confirmed their email address, or null while it is unconfirmed (adminResendVerification mails a new link). */
  readonly emailVerifiedAt?: Maybe<Scalars['DateTime']['output']>;
  /** How many sessions are signed in now (not ended, not expired). */
  readonly activeSessions: Scalars['Int']['output'];
  /** How many members joined with their referral code. */
  readonly referrals: Scalars['Int']['output'];
  /** Their profit tracker in total (the sdk's trackerTotals over every bet they recorded). */
  readonly tracker: ProfitTotals;
};

/** A member's referrals. */
export type ReferralSummary = {
  readonly __typename?: 'ReferralSummary';
  readonly referralCode: Scalars['String']['output'];
  /** The referral landing URL with the code query parameter. */
  readonly referralUrl: Scalars['String']['output'];
  readonly referredCount: Scalars['Int']['output'];
  readonly activeCount: Scalars['Int']['output'];
  readonly referrals: ReadonlyArray<Referral>;
  readonly earnings: AffiliateEarnings;
  /** What is pending, under review, payable and paid now, with each payment and payout. */
  readonly statement: CommissionStatement;
};

/** One referred member (no personal data). */
export type Referral = {
  readonly __typename?: 'Referral';
  readonly id: Scalars['ID']['output'];
  readonly joinedAt: Scalars['DateTime']['output'];
  /** The referred member's current plan, or null when on none. */
  readonly plan?: Maybe<Scalars['String']['output']>;
  readonly active: Scalars['Boolean']['output'];
  /** True while commission on this referral waits for an administrator's review (never why). */
  readonly underReview: Scalars['Boolean']['output'];
};

export type { CommissionState };

/** One payment by a referred member, in an affiliate's statement (no personal data). */
export type CommissionEntry = {
  readonly __typename?: 'CommissionEntry';
  readonly id: Scalars['ID']['output'];
  readonly paidAt: Scalars['DateTime']['output'];
  /** The payment. */
  readonly amount: Scalars['Pence']['output'];
  /** Its commission now (0 when it earns nothing). */
  readonly commission: Scalars['Pence']['output'];
  readonly state: CommissionState;
  /** When the refund window after the payment ends. */
  readonly payableFrom: Scalars['DateTime']['output'];
};

/** A payout of commission to the affiliate. */
export type CommissionPayout = {
  readonly __typename?: 'CommissionPayout';
  readonly paidAt: Scalars['DateTime']['output'];
  readonly amount: Scalars['Pence']['output'];
  /** The payment's reference (the bank transfer's). */
  readonly reference?: Maybe<Scalars['String']['output']>;
};

/**
 * An affiliate's commission now, by state (the sdk's commissionStatement): always
 * pending + underReview + payable + paid = total.
 */
export type CommissionStatement = {
  readonly __typename?: 'CommissionStatement';
  readonly total: Scalars['Pence']['output'];
  readonly pending: Scalars['Pence']['output'];
  readonly underReview: Scalars['Pence']['output'];
  /** Signed: negative only when a refund or chargeback took back commission already paid out. */
  readonly payable: Scalars['Pence']['output'];
  readonly paid: Scalars['Pence']['output'];
  /** Each payment, oldest first. */
  readonly entries: ReadonlyArray<CommissionEntry>;
  /** Each payout, oldest first. */
  readonly payouts: ReadonlyArray<CommissionPayout>;
};

/** Administrators: a payment whose commission is held for review. */
export type HeldCommission = {
  readonly __typename?: 'HeldCommission';
  /** The commission entry's id (for adminReviewCommission). */
  readonly id: Scalars['ID']['output'];
  /** The affiliate (User.uid.global). */
  readonly affiliate: Scalars['ID']['output'];
  /** The referred member who paid. */
  readonly member: Scalars['ID']['output'];
  readonly paidAt: Scalars['DateTime']['output'];
  readonly amount: Scalars['Pence']['output'];
  readonly commission: Scalars['Pence']['output'];
  /** Why it was held: CARD (the same payment card) or SIGNUP (the same sign-up address and device). */
  readonly reason: Scalars['String']['output'];
};

export type CommissionDecision = 'APPROVE' | 'REJECT';

export type CommissionReviewInput = {
  /** The HeldCommission id. */
  readonly id: Scalars['ID']['input'];
  readonly decision: CommissionDecision;
};

/**
 * Affiliate earnings: commissionRate (a fraction, 0.4) of the referred members' net subscription
 * revenue (payments less refunds), uncapped, in whole pence. The sdk's affiliateLedger gives every
 * field: total = earned - reversed, always floor(commissionRate x net revenue), and
 * pending = total - paid.
 */
export type AffiliateEarnings = {
  readonly __typename?: 'AffiliateEarnings';
  readonly commissionRate: Scalars['Float']['output'];
  /** Commission the affiliate keeps: earned - reversed. Never negative. */
  readonly total: Scalars['Pence']['output'];
  /** Commission earned by the referred members' payments. Never negative. */
  readonly earned: Scalars['Pence']['output'];
  /** Commission taken back by refunds. Never negative. */
  readonly reversed: Scalars['Pence']['output'];
  /** The balance owed to the affiliate: total - paid. Signed: negative when refunds took back commission already paid out. */
  readonly pending: Scalars['Pence']['output'];
  /** Commission paid out to the affiliate. Never negative. */
  readonly paid: Scalars['Pence']['output'];
  /** The UK (Europe/London) calendar months with events, oldest first. */
  readonly months: ReadonlyArray<AffiliateMonth>;
};

/** One UK (Europe/London) calendar month of affiliate earnings: the payments, refunds and payouts made in it. */
export type AffiliateMonth = {
  readonly __typename?: 'AffiliateMonth';
  /** The month, YYYY-MM. */
  readonly month: Scalars['String']['output'];
  /** Payments less refunds made in the month. Signed: negative when the month's refunds exceed its payments. */
  readonly revenue: Scalars['Pence']['output'];
  /** earned - reversed. Signed: negative when the month's refunds took back more than its payments earned. */
  readonly commission: Scalars['Pence']['output'];
  /** Commission earned by the month's payments. Never negative. */
  readonly earned: Scalars['Pence']['output'];
  /** Commission taken back by the month's refunds. Never negative. */
  readonly reversed: Scalars['Pence']['output'];
  /** Paid out to the affiliate in the month. Never negative. */
  readonly paid: Scalars['Pence']['output'];
  /** The balance owed to the affiliate at the end of the month. Signed, as AffiliateEarnings.pending. */
  readonly pending: Scalars['Pence']['output'];
};

export type PayoutInput = {
  /** The affiliate's id (User.uid.global). */
  readonly member: Scalars['ID']['input'];
  /** At most what is payable to the affiliate at paidAt. */
  readonly amount: Scalars['Pence']['input'];
  /** When it was paid (default: now); not in the future. */
  readonly paidAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** The payment's reference (the bank transfer's): 1 to 100 characters. */
  readonly reference: Scalars['String']['input'];
};

/** An affiliate's commission now (the sdk's commissionStatement): pending + underReview + payable + paid = total. */
export type AffiliateBalance = {
  readonly __typename?: 'AffiliateBalance';
  /** The affiliate's member id. */
  readonly member: Scalars['ID']['output'];
  readonly email: Scalars['String']['output'];
  readonly username: Scalars['String']['output'];
  /** Payments by members they referred. */
  readonly referredPayments: Scalars['Int']['output'];
  readonly total: Scalars['Pence']['output'];
  readonly pending: Scalars['Pence']['output'];
  readonly underReview: Scalars['Pence']['output'];
  readonly payable: Scalars['Pence']['output'];
  readonly paid: Scalars['Pence']['output'];
};

/** One London month of the affiliate programme. */
export type AffiliateProgrammeMonth = {
  readonly __typename?: 'AffiliateProgrammeMonth';
  /** YYYY-MM. */
  readonly month: Scalars['String']['output'];
  /** Payments by referred members. */
  readonly revenue: Scalars['Pence']['output'];
  /** Commission earned on them. */
  readonly commission: Scalars['Pence']['output'];
  /** Refunds of those payments. */
  readonly refunded: Scalars['Pence']['output'];
  /** Commission reversed by the refunds. */
  readonly reversed: Scalars['Pence']['output'];
  /** Commission paid out to affiliates. */
  readonly paidOut: Scalars['Pence']['output'];
};

/** The affiliate programme over a range of Europe/London days. */
export type AffiliateProgramme = {
  readonly __typename?: 'AffiliateProgramme';
  readonly from: Scalars['String']['output'];
  readonly to: Scalars['String']['output'];
  readonly months: ReadonlyArray<AffiliateProgrammeMonth>;
};

/**
 * A member's saved odds alert: "tell me when a match rates at least minRating%" on the oddsmatcher or
 * a finder that rates its rows (the price boost tracker, the 2UP matcher), or "tell me when the profit
 * on my stake is at least minProfit" on a finder that ranks by money (the each-way catcher's worst
 * outcome, the extra place catcher's expected profit); optionally at one bookmaker, in one sport,
 * starting within some hours, with at least some money to lay. The server checks every alert against each feed patch with its tool's
 * sdk engine and pushes each match once, at most one push per alert every 15 minutes (several matches
 * in one).
 */
export type OddsAlert = {
  readonly __typename?: 'OddsAlert';
  readonly id: Scalars['ID']['output'];
  /** The tool's key (oddsmatcher, priceBoostTracker, twoUpMatcher, eachWayCatcher or extraPlaceCatcher). */
  readonly tool: Scalars['String']['output'];
  readonly name: Scalars['String']['output'];
  /** Lowest rating that alerts, percent (as the tool's rating); null on a tool that ranks by money. */
  readonly minRating?: Maybe<Scalars['Float']['output']>;
  /** Least profit that alerts on stake (negative: a loss of at most that); null on a tool that rates. */
  readonly minProfit?: Maybe<Scalars['Pence']['output']>;
  /** The stake per part the profit is worked out on (as the tool's page); null on a tool that rates. */
  readonly stake?: Maybe<Scalars['Pence']['output']>;
  readonly bookmaker?: Maybe<Scalars['String']['output']>;
  readonly sport?: Maybe<Scalars['String']['output']>;
  /** Only events starting within this many hours. */
  readonly withinHours?: Maybe<Scalars['Int']['output']>;
  /** Least money available to lay. */
  readonly minLiquidity?: Maybe<Scalars['Pence']['output']>;
  /** The member's own commissions the alert's rows are rated at (saved with it); empty: the feed's. */
  readonly commissions: ReadonlyArray<ExchangeCommission>;
  readonly paused: Scalars['Boolean']['output'];
  readonly createdAt: Scalars['DateTime']['output'];
  /** The tool's page with the alert's filters. */
  readonly href: Scalars['String']['output'];
};

/**
 * What saveOddsAlert takes: the tool's key and the alert's rule (validated by the sdk's
 * parseOddsAlertRule, or parseMoneyAlertRule on a tool that ranks by money).
 */
export type OddsAlertInput = {
  readonly tool: Scalars['String']['input'];
  readonly name: Scalars['String']['input'];
  /** Lowest rating, percent: required on a tool that rates its rows, refused on one that ranks by money. */
  readonly minRating?: InputMaybe<Scalars['Float']['input']>;
  /** Least profit on stake: required on a tool that ranks by money (eachWayCatcher, extraPlaceCatcher). */
  readonly minProfit?: InputMaybe<Scalars['Pence']['input']>;
  /** The stake per part the profit is worked out on: required with minProfit. */
  readonly stake?: InputMaybe<Scalars['Pence']['input']>;
  readonly bookmaker?: InputMaybe<Scalars['String']['input']>;
  readonly sport?: InputMaybe<Scalars['String']['input']>;
  readonly withinHours?: InputMaybe<Scalars['Int']['input']>;
  readonly minLiquidity?: InputMaybe<Scalars['Pence']['input']>;
  /**
   * The member's own commission at each exchange they set one for, as their page rates the rows
   * (the oddsmatcher's "Your exchanges and commissions"); the alert's rows are rated at these. Absent
   * or empty: the feed's commissions.
   */
  readonly commissions?: InputMaybe<ReadonlyArray<ExchangeCommissionInput>>;
};

/** A member's own commission at one exchange, as an alert holds it. */
export type ExchangeCommission = {
  readonly __typename?: 'ExchangeCommission';
  /** The exchange's key. */
  readonly exchange: Scalars['String']['output'];
  /** A fraction (0.02 for 2%). */
  readonly commission: Scalars['Float']['output'];
};

/** A member's own commission at one exchange. */
export type ExchangeCommissionInput = {
  /** The exchange's key. */
  readonly exchange: Scalars['String']['input'];
  /** A fraction, at least 0 and under 1 (0.02 for 2%). */
  readonly commission: Scalars['Float']['input'];
};

export type OddsAlertResult = {
  readonly __typename?: 'OddsAlertResult';
  readonly ok: Scalars['Boolean']['output'];
  readonly error?: Maybe<MutationError>;
  /** The alert as saved, or null when nothing was saved (or it was deleted). */
  readonly alert?: Maybe<OddsAlert>;
};

/** A match one of the member's alerts found. */
export type OddsAlertMatch = {
  readonly __typename?: 'OddsAlertMatch';
  readonly alertId: Scalars['ID']['output'];
  readonly alertName: Scalars['String']['output'];
  /** The key of the tool the alert watches (as OddsAlert's tool). */
  readonly tool: Scalars['String']['output'];
  readonly eventName: Scalars['String']['output'];
  readonly marketName: Scalars['String']['output'];
  readonly selectionName: Scalars['String']['output'];
  readonly bookmaker: Scalars['String']['output'];
  readonly exchange: Scalars['String']['output'];
  readonly backOdds: Scalars['Float']['output'];
  /** The (win market's) lay odds. */
  readonly layOdds: Scalars['Float']['output'];
  /** The place market's lay odds, when the hedge lays one (each-way and extra place). */
  readonly placeLayOdds?: Maybe<Scalars['Float']['output']>;
  /** Rating when found, percent; null on a tool that ranks by money. */
  readonly rating?: Maybe<Scalars['Float']['output']>;
  /** Profit when found on stake (the figure the tool ranks by), rounded to the penny; null on a tool that rates. */
  readonly profit?: Maybe<Scalars['Pence']['output']>;
  /** The stake per part profit is on; null on a tool that rates. */
  readonly stake?: Maybe<Scalars['Pence']['output']>;
  readonly startsAt: Scalars['DateTime']['output'];
  readonly foundAt: Scalars['DateTime']['output'];
  /**
   * When the alert's cool-down released this match to a push, or null while the cool-down holds it
   * back. A push is sent then only if the member's odds alert pushes are on and a device subscribed.
   */
  readonly notifiedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The alert's tool at this match. */
  readonly href: Scalars['String']['output'];
};

/** How many of each step of the funnel happened in a range of days. */
export type FunnelCounts = {
  readonly __typename?: 'FunnelCounts';
  /** Visits (analytics sessions of visitors who accepted analytics); null where visits cannot be split so (by referral, members not measured). */
  readonly visits?: Maybe<Scalars['Int']['output']>;
  /** Members who registered. */
  readonly registrations: Scalars['Int']['output'];
  /** Members who started their first trial. */
  readonly trials: Scalars['Int']['output'];
  /** Members who made their first payment (more than 0 pence). */
  readonly firstPayments: Scalars['Int']['output'];
  /** Members who made their second payment. */
  readonly secondPayments: Scalars['Int']['output'];
};

/** The funnel of one campaign: the source, medium and campaign the sdk parsed from the landing address and referrer. */
export type CampaignFunnel = {
  readonly __typename?: 'CampaignFunnel';
  readonly source: Scalars['String']['output'];
  readonly medium: Scalars['String']['output'];
  readonly campaign: Scalars['String']['output'];
  readonly counts: FunnelCounts;
};

/** The funnel of members who joined with a referral code, or without one. */
export type ReferralFunnel = {
  readonly __typename?: 'ReferralFunnel';
  readonly referred: Scalars['Boolean']['output'];
  readonly counts: FunnelCounts;
};

/** The funnel visit → registration → trial → first payment → second payment over a range of Europe/London days. */
export type AnalyticsFunnel = {
  readonly __typename?: 'AnalyticsFunnel';
  /** The first day, YYYY-MM-DD. */
  readonly from: Scalars['String']['output'];
  /** The last day, YYYY-MM-DD (included). */
  readonly to: Scalars['String']['output'];
  readonly total: FunnelCounts;
  readonly byCampaign: ReadonlyArray<CampaignFunnel>;
  readonly byReferral: ReadonlyArray<ReferralFunnel>;
};

/** Page views of one page of the app by members of one plan tier (visitor: signed out). */
export type ToolUsage = {
  readonly __typename?: 'ToolUsage';
  /** The page's route (a tool page by its own path). */
  readonly page: Scalars['String']['output'];
  readonly tier: Scalars['String']['output'];
  readonly events: Scalars['Int']['output'];
};

/** Forwarding of stored events to the external analytics provider (ANALYTICS_FORWARD_URL). */
export type AnalyticsForwarding = {
  readonly __typename?: 'AnalyticsForwarding';
  /** Whether forwarding is configured; without it nothing is queued. */
  readonly configured: Scalars['Boolean']['output'];
  /** The provider's host (never its key); null when not configured. */
  readonly host?: Maybe<Scalars['String']['output']>;
  /** Events still to be sent, retrying ones included. */
  readonly waiting: Scalars['Int']['output'];
  /** Of those, events whose last attempt failed and that wait for their backoff. */
  readonly retrying: Scalars['Int']['output'];
  /** Events the provider refused as malformed: kept, and sent again only when an administrator asks. */
  readonly refused: Scalars['Int']['output'];
  /** When the oldest waiting event reached the server (null: none waits). */
  readonly oldestWaitingAt?: Maybe<Scalars['DateTime']['output']>;
  /** Why a waiting event's last attempt failed (of the one to be retried last; null: none failed). */
  readonly lastError?: Maybe<Scalars['String']['output']>;
};

/** One administrator's action, as the audit log keeps it (never edited). */
export type AdminAuditEntry = {
  readonly __typename?: 'AdminAuditEntry';
  readonly id: Scalars['ID']['output'];
  readonly at: Scalars['DateTime']['output'];
  /** The administrator's member id. */
  readonly admin: Scalars['ID']['output'];
  /** The administrator's email as it is now (null once their account is closed: the id stays). */
  readonly adminEmail?: Maybe<Scalars['String']['output']>;
  /** The operation, e.g. adminRefundPayment. */
  readonly action: Scalars['String']['output'];
  /** What it acted on: a member id, a payment id, an offer's slug. */
  readonly target: Scalars['String']['output'];
  /** The state before, as JSON text (null: none). */
  readonly before?: Maybe<Scalars['String']['output']>;
  /** The state after, as JSON text (null: none). */
  readonly after?: Maybe<Scalars['String']['output']>;
};

export type AdminAuditConnection = {
  readonly __typename?: 'AdminAuditConnection';
  readonly nodes: ReadonlyArray<AdminAuditEntry>;
  readonly pageInfo: PageInfo;
};

/** Where a checkout stands. */
export type CheckoutStatus =
  /** Created; the member has not paid yet. */
  | 'pending'
  /** Paid: the provider's signed callback arrived and the plan was granted. */
  | 'paid'
  /** The provider declined the payment. */
  | 'failed'
  /** Not paid in time; a new checkout is needed. */
  | 'expired';

/** What cancelled a subscription. */
export type Canceller =
  /** The member (Resume takes it back while access lasts). */
  | 'member'
  /** A refund of its payment: it cannot be resumed; the member subscribes again. */
  | 'refund'
  /** A chargeback (the member's bank took the payment back): it cannot be resumed. */
  | 'chargeback';

/** A member's subscription. */
export type MemberSubscription = {
  readonly __typename?: 'MemberSubscription';
  readonly billingTerm: BillingTerm;
  readonly isTrial: Scalars['Boolean']['output'];
  readonly isLegacy: Scalars['Boolean']['output'];
  /** End of the paid or trial period, or null when open-ended. */
  readonly endsAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the member cancelled (the subscription then ends at endsAt unless resumed before), or null when they did not. */
  readonly cancelledAt?: Maybe<Scalars['DateTime']['output']>;
  /** Who or what cancelled it, or null when it is not cancelled. Only the member's own cancellation can be resumed. */
  readonly cancelledBy?: Maybe<Canceller>;
  /** When the latest charge was reported failed and not yet retried (the subscription then ends at endsAt unless a retry succeeds), or null. */
  readonly paymentFailedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The move to a lower plan waiting for its term (the sdk's pendingDowngrade), or null. */
  readonly pendingDowngrade?: Maybe<PendingDowngrade>;
};

/** A move to a lower plan at renewal: nothing is refunded; the lower plan is charged at the renewal and held from startsAt. */
export type PendingDowngrade = {
  readonly __typename?: 'PendingDowngrade';
  /** The lower plan's name. */
  readonly plan: Scalars['String']['output'];
  /** When the lower plan is held from: the start of the first term charged at its price. */
  readonly startsAt: Scalars['DateTime']['output'];
  /** When the renewal charged that term at the lower plan's price, or null until then. From then the move stands: it can no longer be taken back or changed (an upgrade is the way back up). */
  readonly chargedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** A member's billing record. */
export type Billing = {
  readonly __typename?: 'Billing';
  readonly customerId?: Maybe<Scalars['String']['output']>;
  readonly nextChargeAt?: Maybe<Scalars['DateTime']['output']>;
};

export type PurchasePlanInput = {
  /** The plan's name. */
  readonly plan: Scalars['String']['input'];
  readonly billingTerm: BillingTerm;
  /** The sale whose price applies, when bought through a sale payment link. */
  readonly saleId?: InputMaybe<Scalars['String']['input']>;
  /** The payment provider's one-time token for the charge. */
  readonly paymentToken: Scalars['String']['input'];
};

/** A completed purchase. */
export type Purchase = {
  readonly __typename?: 'Purchase';
  readonly id: Scalars['ID']['output'];
  readonly plan: Scalars['String']['output'];
  readonly billingTerm: BillingTerm;
  /** The amount charged. */
  readonly amount: Scalars['Pence']['output'];
  readonly saleId?: Maybe<Scalars['String']['output']>;
  readonly purchasedAt: Scalars['DateTime']['output'];
  /** The capability codes the purchase granted (the sdk's grantedCapabilities of the plan). */
  readonly grantedCapabilities: ReadonlyArray<Scalars['String']['output']>;
};

/** The result of buying a plan: the purchase and the member with the new capabilities. */
export type PurchasePayload = {
  readonly __typename?: 'PurchasePayload';
  readonly purchase: Purchase;
  readonly user: User;
};

/** What a purchase page sells. */
export type PurchaseOption = {
  readonly __typename?: 'PurchaseOption';
  /** The page's slug: a plan name, an upgrade slug or a sale payment link. */
  readonly slug: Scalars['String']['output'];
  /** plan, upgrade or sale. */
  readonly kind: Scalars['String']['output'];
  /** The plan granted. */
  readonly plan: Scalars['String']['output'];
  readonly billingTerm: BillingTerm;
  /** What is charged today: the trial's 0, the first month's price, the prorated upgrade or the sale price. */
  readonly amountDueNow: Scalars['Pence']['output'];
  /** The price of each following term, or null when nothing more is charged. */
  readonly recurringAmount?: Maybe<Scalars['Pence']['output']>;
  /** Days of free trial before the first charge (0 without one). */
  readonly trialDays: Scalars['Int']['output'];
  readonly saleId?: Maybe<Scalars['ID']['output']>;
};

export type CheckoutInput = {
  /** A purchase page's slug: a plan name, an upgrade slug or a sale payment link's slug. */
  readonly slug: Scalars['String']['input'];
  /** month when absent; a sale link is always year. */
  readonly billingTerm?: InputMaybe<BillingTerm>;
};

/** A payment in progress at the payment provider. */
export type Checkout = {
  readonly __typename?: 'Checkout';
  readonly id: Scalars['ID']['output'];
  readonly slug: Scalars['String']['output'];
  readonly plan: Scalars['String']['output'];
  readonly billingTerm: BillingTerm;
  readonly amount: Scalars['Pence']['output'];
  readonly saleId?: Maybe<Scalars['ID']['output']>;
  readonly status: CheckoutStatus;
  /** The payment provider's page to send the member to (in this example app, a local page clearly marked as test mode). */
  readonly paymentUrl: Scalars['String']['output'];
  readonly expiresAt: Scalars['DateTime']['output'];
};

export type CheckoutResult = {
  readonly __typename?: 'CheckoutResult';
  readonly ok: Scalars['Boolean']['output'];
  readonly error?: Maybe<MutationError>;
  readonly checkout?: Maybe<Checkout>;
};

/** What a receipt's payment bought. */
export type ReceiptKind =
  /** The first payment of a subscription (at the start, or at the end of its trial). */
  | 'first'
  /** A renewal of the subscription for another term. */
  | 'renewal'
  /** An upgrade to a higher plan (the prorated difference). */
  | 'upgrade';

/** A receipt: one per successful charge, as it was issued. Download it as a PDF or HTML file from /api/receipts/{id}.pdf or .html. */
export type Receipt = {
  readonly __typename?: 'Receipt';
  readonly id: Scalars['ID']['output'];
  /** Its number as printed: the brand's sequence, such as BRI-000042. */
  readonly number: Scalars['String']['output'];
  /** When the payment was taken. */
  readonly issuedAt: Scalars['DateTime']['output'];
  readonly kind: ReceiptKind;
  /** The plan's name. */
  readonly plan: Scalars['String']['output'];
  /** The plan's display name when the receipt was issued. */
  readonly planLabel: Scalars['String']['output'];
  readonly billingTerm: BillingTerm;
  /** The period the payment pays for. */
  readonly periodStart: Scalars['DateTime']['output'];
  readonly periodEnd: Scalars['DateTime']['output'];
  /** What was paid, VAT included. */
  readonly amount: Scalars['Pence']['output'];
  /** The VAT included in amount, at the UK standard rate (20%). */
  readonly vat: Scalars['Pence']['output'];
  /** The payment provider's reference for the payment. */
  readonly reference: Scalars['String']['output'];
  readonly sellerName: Scalars['String']['output'];
  readonly sellerAddress: Scalars['String']['output'];
  /** The seller's VAT number, when it has one. */
  readonly vatNumber?: Maybe<Scalars['String']['output']>;
  /** What was refunded (the whole amount), or null. */
  readonly refundedAmount?: Maybe<Scalars['Pence']['output']>;
  /** When it was refunded, or null. */
  readonly refundedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** A purchasable plan. */
export type Plan = {
  readonly __typename?: 'Plan';
  /** The tier id this plan grants (platinum, starter, ...). */
  readonly name: Scalars['String']['output'];
  readonly label: Scalars['String']['output'];
  /** The plan's own capability code. */
  readonly capability: Scalars['String']['output'];
  /** The feature matrix: which features the plan includes. */
  readonly details: ReadonlyArray<PlanFeature>;
  /** Path of the purchase page (/subscribe/{plan}). */
  readonly paymentFormUrl: Scalars['String']['output'];
  readonly price: PlanPrice;
};

/** One feature of the brand's feature matrix and whether a plan includes it. */
export type PlanFeature = {
  readonly __typename?: 'PlanFeature';
  readonly key: Scalars['String']['output'];
  readonly included: Scalars['Boolean']['output'];
};

/** A plan's prices. */
export type PlanPrice = {
  readonly __typename?: 'PlanPrice';
  readonly firstMonth: Scalars['Pence']['output'];
  readonly monthly: Scalars['Pence']['output'];
  readonly yearly: Scalars['Pence']['output'];
};

/** A sale. */
export type Sale = {
  readonly __typename?: 'Sale';
  readonly id: Scalars['ID']['output'];
  /** First instant of the sale (inclusive). */
  readonly startDate: Scalars['DateTime']['output'];
  /** Last instant of the sale (inclusive). */
  readonly endDate: Scalars['DateTime']['output'];
  readonly paymentLinkUniqParam: Scalars['String']['output'];
  readonly termsAndConditionsUrl: Scalars['String']['output'];
  readonly creatives: ReadonlyArray<Creative>;
  readonly salePageSections: SalePageSections;
  readonly plans: ReadonlyArray<SalePlan>;
  /** Fixed to false. */
  readonly usedSale: Scalars['Boolean']['output'];
};

/** A banner image of a sale page. */
export type Creative = {
  readonly __typename?: 'Creative';
  readonly src: Scalars['String']['output'];
  readonly alt: Scalars['String']['output'];
  readonly width: Scalars['Int']['output'];
  readonly height: Scalars['Int']['output'];
};

/** What a sale page shows. */
export type SalePageSections = {
  readonly __typename?: 'SalePageSections';
  readonly title: Scalars['String']['output'];
  readonly description: Scalars['String']['output'];
  readonly countdown: Scalars['Boolean']['output'];
  readonly plansComparison: Scalars['Boolean']['output'];
  readonly trustpilot: Scalars['Boolean']['output'];
  readonly testimonials: Scalars['Boolean']['output'];
};

/** One plan in a sale. */
export type SalePlan = {
  readonly __typename?: 'SalePlan';
  readonly plan: Scalars['String']['output'];
  /** Sale price of a year. */
  readonly yearly: Scalars['Pence']['output'];
  readonly paymentLink: Scalars['String']['output'];
};

/** A tool of the product. */
export type Tool = {
  readonly __typename?: 'Tool';
  /** Brand-independent id of the tool. */
  readonly key: Scalars['String']['output'];
  readonly title: Scalars['String']['output'];
  readonly shortTitle: Scalars['String']['output'];
  /** The tool page's slug; empty when the tool has no page. */
  readonly slug: Scalars['String']['output'];
  readonly guideUrl?: Maybe<Scalars['String']['output']>;
  readonly showProfitTrackerButton: Scalars['Boolean']['output'];
  readonly profitTrackerSource?: Maybe<Scalars['String']['output']>;
  /** The capability code that unlocks the tool. */
  readonly capability: Scalars['String']['output'];
  /** Name of the tool's tracker totals endpoint (a REST path under /api/user/profit-tracker/), if any. */
  readonly profitTrackerTotalsEndpoint?: Maybe<Scalars['String']['output']>;
  /** Query parameters of the totals endpoint. */
  readonly profitTrackerTotalsParams?: Maybe<ReadonlyArray<KeyValue>>;
};

/** A string key and value. */
export type KeyValue = {
  readonly __typename?: 'KeyValue';
  readonly key: Scalars['String']['output'];
  readonly value: Scalars['String']['output'];
};

/** An exchange a member can lay at. */
export type Exchange = {
  readonly __typename?: 'Exchange';
  readonly name: Scalars['String']['output'];
  readonly displayName: Scalars['String']['output'];
  readonly imageSrc: Scalars['String']['output'];
  readonly hasIntegration: Scalars['Boolean']['output'];
  readonly enabledByDefault: Scalars['Boolean']['output'];
};

/** An exchange provider of the static provider table. */
export type ExchangeProvider = {
  readonly __typename?: 'ExchangeProvider';
  readonly name: Scalars['String']['output'];
  readonly apiName: Scalars['String']['output'];
  readonly displayName: Scalars['String']['output'];
  /** Equal to the lower-case provider key. */
  readonly url: Scalars['String']['output'];
  /** Feature (account, oddsmatching, 2upStandard, 2upMaster, extraPlaceMaster, extraPlaceCatcher) to the codes that unlock it; a feature may be absent. */
  readonly capabilities: ReadonlyArray<ProviderCapability>;
  /** Features for which the provider offers a locked hedge. */
  readonly isLockBetProvided: ReadonlyArray<Scalars['String']['output']>;
  /** Features for which the provider offers a place market to lay. */
  readonly isLayThePlaceBetProvided: ReadonlyArray<Scalars['String']['output']>;
};

/** The codes that unlock one feature with a provider. */
export type ProviderCapability = {
  readonly __typename?: 'ProviderCapability';
  readonly feature: Scalars['String']['output'];
  readonly codes: ReadonlyArray<Scalars['String']['output']>;
};

/** A betting offer. */
export type Offer = {
  readonly __typename?: 'Offer';
  readonly id: Scalars['ID']['output'];
  readonly slug: Scalars['String']['output'];
  readonly title: Scalars['String']['output'];
  /** sportsbook-signup-offers, casino-signup-offers or reload-offers. */
  readonly category: Scalars['String']['output'];
  readonly bookmaker: Scalars['String']['output'];
  readonly summary: Scalars['String']['output'];
  /** The step-by-step instructions: paragraphs separated by blank lines. */
  readonly body: Scalars['String']['output'];
  /** Typical profit of completing the offer. */
  readonly expectedProfit: Scalars['Pence']['output'];
  readonly guideUrl?: Maybe<Scalars['String']['output']>;
  readonly expiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** Whether the signed-in member marked it completed (false when signed out). */
  readonly completed: Scalars['Boolean']['output'];
  /** When it was published; null while a draft (only administrators see drafts). */
  readonly publishedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** A page of offers. */
export type OfferConnection = {
  readonly __typename?: 'OfferConnection';
  readonly nodes: ReadonlyArray<Offer>;
  readonly pageInfo: PageInfo;
};

/** A guide or training page. */
export type Guide = {
  readonly __typename?: 'Guide';
  readonly slug: Scalars['String']['output'];
  readonly title: Scalars['String']['output'];
  readonly section: Scalars['String']['output'];
  readonly url: Scalars['String']['output'];
  readonly summary: Scalars['String']['output'];
  /** Reading order within the section, from 0. */
  readonly order: Scalars['Int']['output'];
  /** The text: paragraphs separated by blank lines. */
  readonly body: Scalars['String']['output'];
  /** When it was published; null while a draft (only administrators see drafts). */
  readonly publishedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** A page of guides. */
export type GuideConnection = {
  readonly __typename?: 'GuideConnection';
  readonly nodes: ReadonlyArray<Guide>;
  readonly pageInfo: PageInfo;
};

export type OfferInput = {
  readonly slug: Scalars['String']['input'];
  readonly title: Scalars['String']['input'];
  /** sportsbook-signup-offers, casino-signup-offers or reload-offers. */
  readonly category: Scalars['String']['input'];
  readonly bookmaker: Scalars['String']['input'];
  readonly summary: Scalars['String']['input'];
  readonly body: Scalars['String']['input'];
  readonly expectedProfit: Scalars['Pence']['input'];
  readonly guideUrl?: InputMaybe<Scalars['String']['input']>;
  readonly expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** True: kept as a draft (members do not see it). False: published. Absent: a new offer is published at once, an existing one keeps its state. */
  readonly draft?: InputMaybe<Scalars['Boolean']['input']>;
};

export type OfferResult = {
  readonly __typename?: 'OfferResult';
  readonly ok: Scalars['Boolean']['output'];
  readonly error?: Maybe<MutationError>;
  readonly offer?: Maybe<Offer>;
};

export type GuideInput = {
  readonly slug: Scalars['String']['input'];
  readonly title: Scalars['String']['input'];
  readonly section: Scalars['String']['input'];
  readonly summary: Scalars['String']['input'];
  readonly body: Scalars['String']['input'];
  readonly order: Scalars['Int']['input'];
  /** True: kept as a draft (members do not see it). False: published. Absent: a new guide is published at once, an existing one keeps its state. */
  readonly draft?: InputMaybe<Scalars['Boolean']['input']>;
};

export type GuideResult = {
  readonly __typename?: 'GuideResult';
  readonly ok: Scalars['Boolean']['output'];
  readonly error?: Maybe<MutationError>;
  readonly guide?: Maybe<Guide>;
};

/** Which way an offer moves in its category's list. */
export type MoveDirection =
  /** One place towards the top: members see it before the one that was above it. */
  | 'UP'
  /** One place towards the bottom. */
  | 'DOWN';

/** A member's setting for one exchange. */
export type ExchangeSetting = {
  readonly __typename?: 'ExchangeSetting';
  readonly exchange: Scalars['String']['output'];
  readonly enabled: Scalars['Boolean']['output'];
  /** The integration's status, or null when the exchange has no integration. */
  readonly integration?: Maybe<IntegrationStatus>;
};

/** A link of the quick-links bar. */
export type QuickLink = {
  readonly __typename?: 'QuickLink';
  readonly id: Scalars['String']['output'];
  readonly name: Scalars['String']['output'];
  readonly label: Scalars['String']['output'];
  readonly href: Scalars['String']['output'];
  readonly icon: Scalars['String']['output'];
  readonly order: Scalars['Int']['output'];
  readonly active: Scalars['Boolean']['output'];
  /** The tool's capability code when the link leads to a paid tool, else null. */
  readonly capability?: Maybe<Scalars['String']['output']>;
  /** Whether the signed-in member may use what the link leads to. */
  readonly unlocked: Scalars['Boolean']['output'];
};

export type QuickLinkInput = {
  readonly id: Scalars['String']['input'];
  readonly order: Scalars['Int']['input'];
  readonly active: Scalars['Boolean']['input'];
};

export type QuickLinksResult = {
  readonly __typename?: 'QuickLinksResult';
  readonly ok: Scalars['Boolean']['output'];
  readonly error?: Maybe<MutationError>;
  readonly quickLinks: ReadonlyArray<QuickLink>;
};

export type OddsFilter = {
  readonly sports?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
  readonly eventIds?: InputMaybe<ReadonlyArray<Scalars['ID']['input']>>;
  readonly bookmakers?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
  readonly exchanges?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
};

/** New prices of one market. */
export type OddsUpdate = {
  readonly __typename?: 'OddsUpdate';
  readonly eventId: Scalars['ID']['output'];
  readonly eventName: Scalars['String']['output'];
  readonly sport: Scalars['String']['output'];
  readonly competition?: Maybe<Scalars['String']['output']>;
  readonly startsAt: Scalars['DateTime']['output'];
  readonly marketId: Scalars['ID']['output'];
  readonly marketName: Scalars['String']['output'];
  readonly selections: ReadonlyArray<SelectionOdds>;
  readonly updatedAt: Scalars['DateTime']['output'];
};

/** The prices of one selection. */
export type SelectionOdds = {
  readonly __typename?: 'SelectionOdds';
  readonly selectionId: Scalars['ID']['output'];
  readonly name: Scalars['String']['output'];
  readonly back: ReadonlyArray<BackPrice>;
  readonly lay: ReadonlyArray<LayPrice>;
};

/** A bookmaker's back price (decimal odds). */
export type BackPrice = {
  readonly __typename?: 'BackPrice';
  readonly bookmaker: Scalars['String']['output'];
  readonly odds: Scalars['Float']['output'];
  /** The provider the price came from (a lower-case key such as odds-api or betfair); null for simulated prices. */
  readonly source?: Maybe<Scalars['String']['output']>;
  /** When the provider last changed the price; null for simulated prices. Its age is now minus this. */
  readonly updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** An exchange's lay price (decimal odds), the stake available at it, and the exchange's commission (a fraction). */
export type LayPrice = {
  readonly __typename?: 'LayPrice';
  readonly exchange: Scalars['String']['output'];
  readonly odds: Scalars['Float']['output'];
  readonly liquidity: Scalars['Pence']['output'];
  readonly commission: Scalars['Float']['output'];
  /** The provider the price came from (a lower-case key such as odds-api or betfair); null for simulated prices. */
  readonly source?: Maybe<Scalars['String']['output']>;
  /** When the provider last changed the price; null for simulated prices. Its age is now minus this. */
  readonly updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/**
 * The odds feed at one sequence number. The example server's feed is simulated (simulated is true):
 * deterministic prices for football, horse racing and golf, not real bookmaker prices.
 */
export type OddsSnapshot = {
  readonly __typename?: 'OddsSnapshot';
  readonly seq: Scalars['Int']['output'];
  readonly at: Scalars['DateTime']['output'];
  readonly simulated: Scalars['Boolean']['output'];
  /** How many pages of the size asked for the snapshot makes (oddsSnapshot(page:)); 1 without a page. */
  readonly pages: Scalars['Int']['output'];
  readonly events: ReadonlyArray<FeedEvent>;
  readonly markets: ReadonlyArray<FeedMarket>;
  readonly backPrices: ReadonlyArray<FeedBackPrice>;
  readonly exchangePrices: ReadonlyArray<FeedExchangePrice>;
  readonly betBuilders: ReadonlyArray<FeedBetBuilder>;
};

/**
 * A page of a snapshot: its records as one list (events, markets, backPrices, exchangePrices, then
 * betBuilders, each in its order), records index × size to (index + 1) × size − 1 of it. The pages of
 * one seq, put end to end, are the whole snapshot. A client reads page 0 (without seq), then asks for
 * the others at the seq (and the `at`) it answered with (several at once if it likes). Any process
 * answers them: each keeps the snapshots it held in the last 10 s, and a member's view of a seq, slice
 * and filter 30 s after its last page was read (at most 2 views a member, a member's third evicting
 * their own oldest, and 32 a process, the one read longest ago first); a seq a process has not
 * reached yet is waited for, 2 s at most. A seq no longer held is refused NOT_FOUND naming page.seq:
 * read the whole snapshot (or start again from page 0). An index at or past `pages` (page 0 always
 * allowed) is refused BAD_INPUT naming page.index.
 */
export type OddsSnapshotPage = {
  /** Records a page, 1 to 50000. */
  readonly size: Scalars['Int']['input'];
  /** Which page, from 0. */
  readonly index: Scalars['Int']['input'];
  /** The seq of the snapshot being read (page 0's); absent: the snapshot now. */
  readonly seq?: InputMaybe<Scalars['Int']['input']>;
};

/** What changed between seq - 1 and seq: new or changed items, and the keys of removed ones. */
export type OddsPatch = {
  readonly __typename?: 'OddsPatch';
  readonly seq: Scalars['Int']['output'];
  readonly at: Scalars['DateTime']['output'];
  readonly upserts: OddsDelta;
  readonly removes: OddsRemovals;
  /**
   * With oddsPatches(quoteColumns: true): the exchange prices held at seq - 1 whose quotes alone
   * moved (not in upserts then), as columns. Empty otherwise.
   */
  readonly quotes: OddsQuoteColumns;
};

/**
 * Exchange prices whose quotes alone moved: position i of every list is the i-th price. Each key is
 * a FeedExchangePrice.key the client holds (within its filter); every field but the quotes is the
 * one it holds (the lock's places and fraction too). A null odds is a quote not offered, and its
 * liquidity is null too. A key the client does not hold means it missed a patch: it resyncs from a
 * new oddsSnapshot.
 */
export type OddsQuoteColumns = {
  readonly __typename?: 'OddsQuoteColumns';
  readonly keys: ReadonlyArray<Scalars['String']['output']>;
  readonly backOdds: ReadonlyArray<Maybe<Scalars['Float']['output']>>;
  readonly backLiquidity: ReadonlyArray<Maybe<Scalars['Pence']['output']>>;
  readonly layOdds: ReadonlyArray<Maybe<Scalars['Float']['output']>>;
  readonly layLiquidity: ReadonlyArray<Maybe<Scalars['Pence']['output']>>;
  /** The locked each-way lay's odds; null when the price has no lock. */
  readonly eachWayLayOdds: ReadonlyArray<Maybe<Scalars['Float']['output']>>;
  readonly eachWayLayLiquidity: ReadonlyArray<Maybe<Scalars['Pence']['output']>>;
};

export type OddsDelta = {
  readonly __typename?: 'OddsDelta';
  readonly events: ReadonlyArray<FeedEvent>;
  readonly markets: ReadonlyArray<FeedMarket>;
  readonly backPrices: ReadonlyArray<FeedBackPrice>;
  readonly exchangePrices: ReadonlyArray<FeedExchangePrice>;
  readonly betBuilders: ReadonlyArray<FeedBetBuilder>;
};

/** Removed items by key: event and market ids, price keys (FeedBackPrice.key, FeedExchangePrice.key) and bet-builder ids. */
export type OddsRemovals = {
  readonly __typename?: 'OddsRemovals';
  readonly events: ReadonlyArray<Scalars['ID']['output']>;
  readonly markets: ReadonlyArray<Scalars['ID']['output']>;
  readonly backPrices: ReadonlyArray<Scalars['String']['output']>;
  readonly exchangePrices: ReadonlyArray<Scalars['String']['output']>;
  readonly betBuilders: ReadonlyArray<Scalars['ID']['output']>;
};

export type FeedEvent = {
  readonly __typename?: 'FeedEvent';
  readonly id: Scalars['ID']['output'];
  /** football, horse-racing or golf. */
  readonly sport: Scalars['String']['output'];
  readonly competition?: Maybe<Scalars['String']['output']>;
  readonly name: Scalars['String']['output'];
  readonly startsAt: Scalars['DateTime']['output'];
};

export type FeedMarket = {
  readonly __typename?: 'FeedMarket';
  readonly id: Scalars['ID']['output'];
  readonly eventId: Scalars['ID']['output'];
  /** A lower-case key: match-odds, win, outright, ... */
  readonly type: Scalars['String']['output'];
  readonly name: Scalars['String']['output'];
  readonly runners: ReadonlyArray<FeedRunner>;
  /** Places the exchanges' place market settles on, when there is one. */
  readonly exchangePlaces?: Maybe<Scalars['Int']['output']>;
};

export type FeedRunner = {
  readonly __typename?: 'FeedRunner';
  readonly id: Scalars['ID']['output'];
  readonly name: Scalars['String']['output'];
};

/** A bookmaker's back price with its concessions. */
export type FeedBackPrice = {
  readonly __typename?: 'FeedBackPrice';
  /** Stable key: the bookmaker and the selection. */
  readonly key: Scalars['String']['output'];
  readonly bookmaker: Scalars['String']['output'];
  readonly selectionId: Scalars['ID']['output'];
  readonly odds: Scalars['Float']['output'];
  readonly eachWay?: Maybe<EachWayTerms>;
  /** The odds before a price boost, on a boosted price. */
  readonly boostedFrom?: Maybe<Scalars['Float']['output']>;
  /** The most the bookmaker takes at this price (a boost's maximum stake), whole pence. */
  readonly maxStake?: Maybe<Scalars['Pence']['output']>;
  readonly bestOddsGuaranteed: Scalars['Boolean']['output'];
  readonly earlyPayout?: Maybe<EarlyPayout>;
  /** The provider the price came from (a lower-case key such as odds-api or betfair); null for simulated prices. */
  readonly source?: Maybe<Scalars['String']['output']>;
  /** When the provider last changed the price; null for simulated prices. Its age is now minus this. */
  readonly updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

export type EachWayTerms = {
  readonly __typename?: 'EachWayTerms';
  readonly places: Scalars['Int']['output'];
  readonly placeFraction: Scalars['Float']['output'];
};

export type EarlyPayout = {
  readonly __typename?: 'EarlyPayout';
  readonly goalsAhead: Scalars['Int']['output'];
};

/** An exchange's best back and lay on one selection (a win market, or a place market of places). */
export type FeedExchangePrice = {
  readonly __typename?: 'FeedExchangePrice';
  /** Stable key: the exchange, the selection and the places. */
  readonly key: Scalars['String']['output'];
  readonly exchange: Scalars['String']['output'];
  readonly selectionId: Scalars['ID']['output'];
  readonly places?: Maybe<Scalars['Int']['output']>;
  readonly back?: Maybe<ExchangeQuote>;
  readonly lay?: Maybe<ExchangeQuote>;
  readonly commission: Scalars['Float']['output'];
  readonly eachWayLay?: Maybe<EachWayLay>;
  /** The provider the price came from (a lower-case key such as odds-api or betfair); null for simulated prices. */
  readonly source?: Maybe<Scalars['String']['output']>;
  /** When the provider last changed the price; null for simulated prices. Its age is now minus this. */
  readonly updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

export type ExchangeQuote = {
  readonly __typename?: 'ExchangeQuote';
  readonly odds: Scalars['Float']['output'];
  readonly liquidity: Scalars['Pence']['output'];
};

/** An each-way lay offered as one locked bet. */
export type EachWayLay = {
  readonly __typename?: 'EachWayLay';
  readonly odds: Scalars['Float']['output'];
  readonly liquidity: Scalars['Pence']['output'];
  readonly places: Scalars['Int']['output'];
  readonly placeFraction: Scalars['Float']['output'];
};

export type FeedBetBuilder = {
  readonly __typename?: 'FeedBetBuilder';
  readonly id: Scalars['ID']['output'];
  readonly bookmaker: Scalars['String']['output'];
  readonly eventId: Scalars['ID']['output'];
  readonly odds: Scalars['Float']['output'];
  readonly legs: ReadonlyArray<Scalars['ID']['output']>;
};

/** How a real odds provider behind the feed is doing. */
export type FeedProviderState =
  /** Connecting: no prices from it yet. */
  | 'starting'
  /** Up to date. */
  | 'live'
  /** Answering, but its prices are delayed. */
  | 'degraded'
  /** Failed for longer than the feed's stale age: its prices are hidden until it is back. */
  | 'down';

/** One real odds provider behind the feed, as a member may read it (no counters, no internals). */
export type FeedProviderStatus = {
  readonly __typename?: 'FeedProviderStatus';
  /** The provider's key (odds-api, betfair): the source of its prices. Apps show a display name, never the key. */
  readonly provider: Scalars['String']['output'];
  readonly state: FeedProviderState;
  /** When this server saw the provider enter this state (at most one feed tick late). */
  readonly since: Scalars['DateTime']['output'];
  /** What the state means for a member, in one plain sentence naming the provider; null while live or starting. */
  readonly detail?: Maybe<Scalars['String']['output']>;
};

/** The odds feed's sources now. */
export type FeedStatus = {
  readonly __typename?: 'FeedStatus';
  /** True when the prices are simulated: no real provider is behind them. */
  readonly simulated: Scalars['Boolean']['output'];
  /** The real providers behind the feed, by key; empty for the simulated feed. */
  readonly providers: ReadonlyArray<FeedProviderStatus>;
};

export type Subscription = {
  readonly __typename?: 'Subscription';
  /** Odds changes of the markets that match the filter. */
  readonly oddsUpdated: OddsUpdate;
  /** The odds feed's patches, in sequence order, batched at no more than a few per second. A client that sees a gap (a seq other than the last + 1) resyncs from a new oddsSnapshot. */
  readonly oddsPatches: OddsPatch;
  /** Changes to the signed-in member's tracked bets (from another device or a settlement feed). */
  readonly trackedBetChanged: TrackedBetChange;
};

export type SubscriptionOddsUpdatedArgs = {
  filter?: InputMaybe<OddsFilter>;
};

export type SubscriptionOddsPatchesArgs = {
  filter?: InputMaybe<OddsFilter>;
  quoteColumns?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The status of one external integration. */
export type IntegrationState = {
  readonly __typename?: 'IntegrationState';
  readonly integration: Scalars['String']['output'];
  readonly status: IntegrationStatus;
};

/** A member's ids. */
export type UserIds = {
  readonly __typename?: 'UserIds';
  /** The platform-wide id. */
  readonly global: Scalars['ID']['output'];
  /** The content site's numeric id, or null. */
  readonly wordpress?: Maybe<Scalars['Int']['output']>;
};

/** A member's refer-a-friend details. */
export type ReferAFriend = {
  readonly __typename?: 'ReferAFriend';
  readonly referralCode: Scalars['String']['output'];
};

/** The result of a mutation that changes the member. */
export type UserResult = {
  readonly __typename?: 'UserResult';
  readonly ok: Scalars['Boolean']['output'];
  readonly error?: Maybe<MutationError>;
  readonly user?: Maybe<User>;
};

export type { NotificationChannel };

/** One kind of notification on one channel, as it stands for the signed-in member. */
export type NotificationSetting = {
  readonly __typename?: 'NotificationSetting';
  /** The kind: odds-alerts, billing-reminders, commission, weekly-summary or account. */
  readonly kind: Scalars['String']['output'];
  readonly channel: NotificationChannel;
  /** Whether the member gets it (for push: on the devices where push is turned on). */
  readonly enabled: Scalars['Boolean']['output'];
  /** False when it is essential (always on) or not offered on this channel. */
  readonly switchable: Scalars['Boolean']['output'];
  /** True when it is not offered on this channel at all. */
  readonly offered: Scalars['Boolean']['output'];
};

/** A browser's push subscription (PushSubscription.toJSON()), posted after the member turns push on. */
export type PushSubscriptionInput = {
  /** The push service's https URL. */
  readonly endpoint: Scalars['String']['input'];
  /** keys.p256dh: the browser's P-256 public key (65 bytes, base64url). */
  readonly p256dh: Scalars['String']['input'];
  /** keys.auth: the browser's authentication secret (16 bytes, base64url). */
  readonly auth: Scalars['String']['input'];
  /** expirationTime in epoch milliseconds, or null. */
  readonly expirationTime?: InputMaybe<Scalars['Float']['input']>;
};

/** One state of a delivery queue: how many messages are in it and since when the oldest waits. */
export type QueueDepth = {
  readonly __typename?: 'QueueDepth';
  /** mail or push. */
  readonly queue: Scalars['String']['output'];
  /** queued, sending, sent or failed. */
  readonly state: Scalars['String']['output'];
  readonly count: Scalars['Int']['output'];
  /** When the oldest message in this state was queued (null when there is none). */
  readonly oldestAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Messages of a queue whose last attempt failed with one error, over the last seven days. */
export type QueueError = {
  readonly __typename?: 'QueueError';
  readonly queue: Scalars['String']['output'];
  /** The error of the last attempt, as the worker recorded it. */
  readonly error: Scalars['String']['output'];
  readonly count: Scalars['Int']['output'];
  /** When the latest such message was queued. */
  readonly lastAt: Scalars['DateTime']['output'];
};

/** A period of the revenue dashboard: monthly recurring revenue (MRR) as it opened and closed, and what each kind of change moved in it. Always mrrEnd = mrrStart + new + expansion - contraction - churned. */
export type RevenuePeriod = {
  readonly __typename?: 'RevenuePeriod';
  /** The London calendar month (YYYY-MM); null for the whole range. */
  readonly month?: Maybe<Scalars['String']['output']>;
  /** The period's first day (YYYY-MM-DD): the month's first, or the range's when it starts later. */
  readonly from: Scalars['String']['output'];
  /** Its last day (YYYY-MM-DD, included): the month's last, or the range's when it ends sooner. */
  readonly to: Scalars['String']['output'];
  /** Every member's MRR just before the period (pence a month). */
  readonly mrrStart: Scalars['Pence']['output'];
  /** Every member's MRR at its end, or now when it has not ended. */
  readonly mrrEnd: Scalars['Pence']['output'];
  /** MRR of members who went from 0 to paying. */
  readonly new: Scalars['Pence']['output'];
  /** MRR added by members paying more than before (upgrades, dearer renewals). */
  readonly expansion: Scalars['Pence']['output'];
  /** MRR lost by members paying less but still paying (a downgrade, a refunded upgrade). */
  readonly contraction: Scalars['Pence']['output'];
  /** MRR lost by members who went to 0 (a lapse, a refund). */
  readonly churned: Scalars['Pence']['output'];
  /** Members with a new change in the period. */
  readonly newMembers: Scalars['Int']['output'];
  /** Members with an expansion in the period. */
  readonly expansionMembers: Scalars['Int']['output'];
  /** Members with a contraction in the period. */
  readonly contractionMembers: Scalars['Int']['output'];
  /** Members who churned in the period. */
  readonly churnedMembers: Scalars['Int']['output'];
};

/** Members whose first trial started in the range, and how many of them have made a first payment since. */
export type TrialConversion = {
  readonly __typename?: 'TrialConversion';
  readonly trials: Scalars['Int']['output'];
  readonly converted: Scalars['Int']['output'];
  /** By London month of the trial's start: the months of the report's months. */
  readonly months: ReadonlyArray<TrialConversionMonth>;
};

/** Members whose first trial started in one month of the range (its days in the range), and how many of them have made a first payment since. */
export type TrialConversionMonth = {
  readonly __typename?: 'TrialConversionMonth';
  /** YYYY-MM. */
  readonly month: Scalars['String']['output'];
  /** The month's first day in the range, YYYY-MM-DD (the range may cut the month). */
  readonly from: Scalars['String']['output'];
  /** The month's last day in the range, YYYY-MM-DD (included). */
  readonly to: Scalars['String']['output'];
  readonly trials: Scalars['Int']['output'];
  readonly converted: Scalars['Int']['output'];
};

/** The revenue dashboard over a range of Europe/London days, by the sdk's monthlyRevenueAt over every member's ledger. */
export type AdminRevenue = {
  readonly __typename?: 'AdminRevenue';
  /** The first day, YYYY-MM-DD. */
  readonly from: Scalars['String']['output'];
  /** The last day, YYYY-MM-DD (included). */
  readonly to: Scalars['String']['output'];
  /** The instant the figures are as of: changes after it (the end of a term paid for, unless renewed) are not counted. */
  readonly asOf: Scalars['DateTime']['output'];
  /** Each London calendar month of the range that has begun, cut to the range. */
  readonly months: ReadonlyArray<RevenuePeriod>;
  /** The whole range (members counted once per kind). */
  readonly total: RevenuePeriod;
  readonly trialConversion: TrialConversion;
  /** Members whose ledger changed and whose revenue is still being rebuilt (0 normally): their latest changes are not in the figures yet. */
  readonly membersBehind: Scalars['Int']['output'];
};

export type { ProfitType };

export type { BetStatus };

export type { LegSide };

export type { LegResult };

export type { FreeBetKind };

export type { AccountKind };

export type { BalanceEntryKind };

export type { ChangeKind };

/**
 * One leg of a tracked bet: a back or a lay at one bookmaker or exchange account. Odds are
 * decimal; commission is a fraction in [0, 1) charged on the leg's winnings.
 */
export type TrackedLeg = {
  readonly __typename?: 'TrackedLeg';
  /**
   * qualifying (the cash bet and its lays) or free-bet (the free bet and its lays). A String, not an
   * enum: a GraphQL enum value cannot be spelled free-bet, and the wire value is the tracker's own
   * (the server checks it with the sdk's parseBet).
   */
  readonly role: Scalars['String']['output'];
  readonly side: LegSide;
  /** The bookmaker or exchange account (a balance-sheet account name). */
  readonly account: Scalars['String']['output'];
  readonly odds: Scalars['Float']['output'];
  /** For a free-bet back, the free bet's amount. */
  readonly stake: Scalars['Pence']['output'];
  readonly commission: Scalars['Float']['output'];
  /** Only on a free-bet back leg. */
  readonly freeBet?: Maybe<FreeBetKind>;
  readonly result: LegResult;
  /** The exchange market key (match-odds, win, place); legs of a bet at one account with the same key are netted for commission. Null: the leg is charged on its own. */
  readonly market?: Maybe<Scalars['String']['output']>;
};

/** A bet recorded in the profit tracker: an offer's legs (qualifier back and lay, free-bet back and lay, part-lays). */
export type TrackedBet = {
  readonly __typename?: 'TrackedBet';
  readonly id: Scalars['ID']['output'];
  /** The tool the bet came from (a tool's profitTrackerSource), or manual. */
  readonly source: Scalars['String']['output'];
  readonly profitType: ProfitType;
  readonly status: BetStatus;
  readonly event: Scalars['String']['output'];
  readonly market: Scalars['String']['output'];
  readonly selection: Scalars['String']['output'];
  /** The legs, in the order placed. */
  readonly legs: ReadonlyArray<TrackedLeg>;
  /** Profit expected when the bet was placed (negative for a qualifying loss). */
  readonly expectedProfit: Scalars['Pence']['output'];
  /** Final profit once settled (negative for a loss): the legs' exact profits summed and rounded once, half away from zero; null while open or void. */
  readonly settledProfit?: Maybe<Scalars['Pence']['output']>;
  readonly placedAt: Scalars['DateTime']['output'];
  readonly settledAt?: Maybe<Scalars['DateTime']['output']>;
  readonly note?: Maybe<Scalars['String']['output']>;
};

export type TrackedBetFilter = {
  readonly source?: InputMaybe<Scalars['String']['input']>;
  readonly profitTypes?: InputMaybe<ReadonlyArray<ProfitType>>;
  readonly status?: InputMaybe<BetStatus>;
  readonly from?: InputMaybe<Scalars['DateTime']['input']>;
  readonly to?: InputMaybe<Scalars['DateTime']['input']>;
};

/** A page of tracked bets. */
export type TrackedBetConnection = {
  readonly __typename?: 'TrackedBetConnection';
  readonly nodes: ReadonlyArray<TrackedBet>;
  readonly pageInfo: PageInfo;
  readonly totalCount: Scalars['Int']['output'];
};

/**
 * Totals of tracked bets. profit and the four per-type figures are settled profit (signed; void
 * bets count for nothing); pendingProfit is the expected profit of open bets. The REST totals
 * endpoints answer { data: ProfitTotals } in the same shape.
 */
export type ProfitTotals = {
  readonly __typename?: 'ProfitTotals';
  readonly betCount: Scalars['Int']['output'];
  readonly staked: Scalars['Pence']['output'];
  readonly profit: Scalars['Pence']['output'];
  readonly pendingProfit: Scalars['Pence']['output'];
  readonly guaranteed: Scalars['Pence']['output'];
  readonly potential: Scalars['Pence']['output'];
  readonly training: Scalars['Pence']['output'];
  readonly ev: Scalars['Pence']['output'];
};

/** One leg of a bet being recorded. */
export type TrackedLegInput = {
  /** qualifying or free-bet (a String: see TrackedLeg.role). */
  readonly role: Scalars['String']['input'];
  readonly side: LegSide;
  readonly account: Scalars['String']['input'];
  /** Decimal odds, greater than 1. */
  readonly odds: Scalars['Float']['input'];
  readonly stake: Scalars['Pence']['input'];
  /** A fraction in [0, 1); 0 when absent. */
  readonly commission?: InputMaybe<Scalars['Float']['input']>;
  /** Only on a free-bet back leg; snr when absent there. */
  readonly freeBet?: InputMaybe<FreeBetKind>;
  readonly result: LegResult;
  /** The exchange market key, at most 100 characters; legs at one account with the same key are netted for commission and must share one commission rate. */
  readonly market?: InputMaybe<Scalars['String']['input']>;
};

/** A bet to record, open (the server assigns its id). */
export type RecordBetInput = {
  readonly source: Scalars['String']['input'];
  readonly profitType: ProfitType;
  readonly event: Scalars['String']['input'];
  readonly market: Scalars['String']['input'];
  readonly selection: Scalars['String']['input'];
  readonly legs: ReadonlyArray<TrackedLegInput>;
  readonly expectedProfit: Scalars['Pence']['input'];
  readonly placedAt: Scalars['DateTime']['input'];
  readonly note?: InputMaybe<Scalars['String']['input']>;
};

export type SettleBetInput = {
  readonly id: Scalars['ID']['input'];
  /** One result per leg, in leg order, none pending; the results recorded on the legs when absent. All void makes the bet void. */
  readonly results?: InputMaybe<ReadonlyArray<LegResult>>;
  readonly settledAt: Scalars['DateTime']['input'];
};

export type VoidBetInput = {
  readonly id: Scalars['ID']['input'];
  readonly voidedAt: Scalars['DateTime']['input'];
};

/** A change to a tracked bet. bet is null when it was deleted. */
export type TrackedBetChange = {
  readonly __typename?: 'TrackedBetChange';
  readonly change: ChangeKind;
  readonly id: Scalars['ID']['output'];
  readonly bet?: Maybe<TrackedBet>;
};

/** A member's balance sheet. */
export type BalanceSheet = {
  readonly __typename?: 'BalanceSheet';
  readonly accounts: ReadonlyArray<AccountBalance>;
  readonly entries: ReadonlyArray<BalanceEntry>;
  readonly totals: BalanceTotals;
};

/** The balance held at one bookmaker or exchange (signed): deposits, withdrawals, bonuses, adjustments and its share of settled bets. */
export type AccountBalance = {
  readonly __typename?: 'AccountBalance';
  /** The account's key: the catalogue's key of a bookmaker or exchange it lists (smarkets, alder-bet), else the name's words in lower case joined by - (the sdk's bookAccount). Smarkets and smarkets are one account. */
  readonly account: Scalars['String']['output'];
  /** The name to show: the catalogue's display name (Smarkets, Alder Bet), else the account's name as first written. */
  readonly displayName: Scalars['String']['output'];
  readonly kind: AccountKind;
  /** True when the bookmaker restricts the member (gubbed); always false for an exchange. */
  readonly restricted: Scalars['Boolean']['output'];
  readonly balance: Scalars['Pence']['output'];
};

/** One balance-sheet entry. amount is positive; kind gives its direction (adjustment may be negative). */
export type BalanceEntry = {
  readonly __typename?: 'BalanceEntry';
  readonly id: Scalars['ID']['output'];
  readonly account: Scalars['String']['output'];
  readonly kind: BalanceEntryKind;
  readonly amount: Scalars['Pence']['output'];
  readonly at: Scalars['DateTime']['output'];
  readonly note?: Maybe<Scalars['String']['output']>;
};

/** Totals of a balance sheet. net = deposits - withdrawals + bonuses + adjustments; trackerProfit is the settled profit of the same period; balance = net + trackerProfit, the sum of the accounts' balances. */
export type BalanceTotals = {
  readonly __typename?: 'BalanceTotals';
  readonly deposits: Scalars['Pence']['output'];
  readonly withdrawals: Scalars['Pence']['output'];
  readonly bonuses: Scalars['Pence']['output'];
  readonly adjustments: Scalars['Pence']['output'];
  readonly net: Scalars['Pence']['output'];
  readonly trackerProfit: Scalars['Pence']['output'];
  readonly balance: Scalars['Pence']['output'];
};

/** An account to create or update. */
export type AccountInput = {
  /** The account's name (at most 100 characters), matched by its key: Smarkets and smarkets are one account. */
  readonly account: Scalars['String']['input'];
  readonly kind: AccountKind;
  /** Only a bookmaker can be restricted; the flag is kept as it is when absent (false for a new account). */
  readonly restricted?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The result of importBets: how many bets were written, and every bad value of the bets refused (or of a file that could not be read: then nothing is written). */
export type ImportBetsPayload = {
  readonly __typename?: 'ImportBetsPayload';
  /** The number of bets imported (not rows). */
  readonly imported: Scalars['Int']['output'];
  /** Every bad value, by line: of each bet refused (the others are imported), or of the file when it cannot be read (then imported is 0). */
  readonly errors: ReadonlyArray<ImportError>;
};

/** One bad value of a CSV import. */
export type ImportError = {
  readonly __typename?: 'ImportError';
  /** The physical line of the CSV the bad record starts on (the header is line 1). */
  readonly line: Scalars['Int']['output'];
  /** The column, or null when the error is about the whole line (a wrong number of fields, broken quoting). */
  readonly column?: Maybe<Scalars['String']['output']>;
  readonly message: Scalars['String']['output'];
};

export type BalanceEntryInput = {
  readonly account: Scalars['String']['input'];
  readonly kind: BalanceEntryKind;
  readonly amount: Scalars['Pence']['input'];
  readonly at: Scalars['DateTime']['input'];
  readonly note?: InputMaybe<Scalars['String']['input']>;
};

export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<
  TResult,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs> | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<
  TResult,
  TKey extends string,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo,
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  obj: T,
  context: TContext,
  info: GraphQLResolveInfo,
) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<
  TResult = Record<PropertyKey, never>,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => TResult | Promise<TResult>;

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Pence: ResolverTypeWrapper<Scalars['Pence']['output']>;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  BrandId: BrandId;
  BillingTerm: BillingTerm;
  IntegrationStatus: IntegrationStatus;
  ErrorCode: ErrorCode;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  MutationError: ResolverTypeWrapper<MutationError>;
  MutationResult: ResolverTypeWrapper<MutationResult>;
  LoginInput: LoginInput;
  AuthPayload: ResolverTypeWrapper<Omit<AuthPayload, 'user'> & { user: ResolversTypes['User'] }>;
  AuthResult: ResolverTypeWrapper<Omit<AuthResult, 'user'> & { user?: Maybe<ResolversTypes['User']> }>;
  RegisterInput: RegisterInput;
  ChangePasswordInput: ChangePasswordInput;
  ChangeNameInput: ChangeNameInput;
  ChangeEmailInput: ChangeEmailInput;
  CloseAccountInput: CloseAccountInput;
  ResetPasswordInput: ResetPasswordInput;
  DeviceType: DeviceType;
  SignedInDevice: ResolverTypeWrapper<SignedInDevice>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  User: ResolverTypeWrapper<MemberAccess>;
  TwoFactorStatus: ResolverTypeWrapper<TwoFactorStatus>;
  TwoFactorSetup: ResolverTypeWrapper<TwoFactorSetup>;
  TwoFactorEnabled: ResolverTypeWrapper<TwoFactorEnabled>;
  NewRecoveryCodes: ResolverTypeWrapper<NewRecoveryCodes>;
  CompleteSignInInput: CompleteSignInInput;
  ConfirmTwoFactorInput: ConfirmTwoFactorInput;
  NewRecoveryCodesInput: NewRecoveryCodesInput;
  DisableTwoFactorInput: DisableTwoFactorInput;
  MemberFilterInput: MemberFilterInput;
  MemberSummary: ResolverTypeWrapper<MemberSummary>;
  MemberConnection: ResolverTypeWrapper<MemberConnection>;
  MemberSegmentCount: ResolverTypeWrapper<MemberSegmentCount>;
  MemberFilterType: ResolverTypeWrapper<MemberFilterType>;
  AdminLedgerEntry: ResolverTypeWrapper<AdminLedgerEntry>;
  AdminMember: ResolverTypeWrapper<AdminMember>;
  ReferralSummary: ResolverTypeWrapper<ReferralSummary>;
  Referral: ResolverTypeWrapper<Referral>;
  CommissionState: CommissionState;
  CommissionEntry: ResolverTypeWrapper<CommissionEntry>;
  CommissionPayout: ResolverTypeWrapper<CommissionPayout>;
  CommissionStatement: ResolverTypeWrapper<CommissionStatement>;
  HeldCommission: ResolverTypeWrapper<HeldCommission>;
  CommissionDecision: CommissionDecision;
  CommissionReviewInput: CommissionReviewInput;
  AffiliateEarnings: ResolverTypeWrapper<AffiliateEarnings>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  AffiliateMonth: ResolverTypeWrapper<AffiliateMonth>;
  PayoutInput: PayoutInput;
  AffiliateBalance: ResolverTypeWrapper<AffiliateBalance>;
  AffiliateProgrammeMonth: ResolverTypeWrapper<AffiliateProgrammeMonth>;
  AffiliateProgramme: ResolverTypeWrapper<AffiliateProgramme>;
  OddsAlert: ResolverTypeWrapper<OddsAlert>;
  OddsAlertInput: OddsAlertInput;
  ExchangeCommission: ResolverTypeWrapper<ExchangeCommission>;
  ExchangeCommissionInput: ExchangeCommissionInput;
  OddsAlertResult: ResolverTypeWrapper<OddsAlertResult>;
  OddsAlertMatch: ResolverTypeWrapper<OddsAlertMatch>;
  FunnelCounts: ResolverTypeWrapper<FunnelCounts>;
  CampaignFunnel: ResolverTypeWrapper<CampaignFunnel>;
  ReferralFunnel: ResolverTypeWrapper<ReferralFunnel>;
  AnalyticsFunnel: ResolverTypeWrapper<AnalyticsFunnel>;
  ToolUsage: ResolverTypeWrapper<ToolUsage>;
  AnalyticsForwarding: ResolverTypeWrapper<AnalyticsForwarding>;
  AdminAuditEntry: ResolverTypeWrapper<AdminAuditEntry>;
  AdminAuditConnection: ResolverTypeWrapper<AdminAuditConnection>;
  CheckoutStatus: CheckoutStatus;
  Canceller: Canceller;
  MemberSubscription: ResolverTypeWrapper<MemberSubscription>;
  PendingDowngrade: ResolverTypeWrapper<PendingDowngrade>;
  Billing: ResolverTypeWrapper<Billing>;
  PurchasePlanInput: PurchasePlanInput;
  Purchase: ResolverTypeWrapper<Purchase>;
  PurchasePayload: ResolverTypeWrapper<Omit<PurchasePayload, 'user'> & { user: ResolversTypes['User'] }>;
  PurchaseOption: ResolverTypeWrapper<PurchaseOption>;
  CheckoutInput: CheckoutInput;
  Checkout: ResolverTypeWrapper<Checkout>;
  CheckoutResult: ResolverTypeWrapper<CheckoutResult>;
  ReceiptKind: ReceiptKind;
  Receipt: ResolverTypeWrapper<Receipt>;
  Plan: ResolverTypeWrapper<Plan>;
  PlanFeature: ResolverTypeWrapper<PlanFeature>;
  PlanPrice: ResolverTypeWrapper<PlanPrice>;
  Sale: ResolverTypeWrapper<Sale>;
  Creative: ResolverTypeWrapper<Creative>;
  SalePageSections: ResolverTypeWrapper<SalePageSections>;
  SalePlan: ResolverTypeWrapper<SalePlan>;
  Tool: ResolverTypeWrapper<Tool>;
  KeyValue: ResolverTypeWrapper<KeyValue>;
  Exchange: ResolverTypeWrapper<Exchange>;
  ExchangeProvider: ResolverTypeWrapper<ExchangeProvider>;
  ProviderCapability: ResolverTypeWrapper<ProviderCapability>;
  Offer: ResolverTypeWrapper<Offer>;
  OfferConnection: ResolverTypeWrapper<OfferConnection>;
  Guide: ResolverTypeWrapper<Guide>;
  GuideConnection: ResolverTypeWrapper<GuideConnection>;
  OfferInput: OfferInput;
  OfferResult: ResolverTypeWrapper<OfferResult>;
  GuideInput: GuideInput;
  GuideResult: ResolverTypeWrapper<GuideResult>;
  MoveDirection: MoveDirection;
  ExchangeSetting: ResolverTypeWrapper<ExchangeSetting>;
  QuickLink: ResolverTypeWrapper<QuickLink>;
  QuickLinkInput: QuickLinkInput;
  QuickLinksResult: ResolverTypeWrapper<QuickLinksResult>;
  OddsFilter: OddsFilter;
  OddsUpdate: ResolverTypeWrapper<OddsUpdate>;
  SelectionOdds: ResolverTypeWrapper<SelectionOdds>;
  BackPrice: ResolverTypeWrapper<BackPrice>;
  LayPrice: ResolverTypeWrapper<LayPrice>;
  OddsSnapshot: ResolverTypeWrapper<OddsSnapshot>;
  OddsSnapshotPage: OddsSnapshotPage;
  OddsPatch: ResolverTypeWrapper<OddsPatch>;
  OddsQuoteColumns: ResolverTypeWrapper<OddsQuoteColumns>;
  OddsDelta: ResolverTypeWrapper<OddsDelta>;
  OddsRemovals: ResolverTypeWrapper<OddsRemovals>;
  FeedEvent: ResolverTypeWrapper<FeedEvent>;
  FeedMarket: ResolverTypeWrapper<FeedMarket>;
  FeedRunner: ResolverTypeWrapper<FeedRunner>;
  FeedBackPrice: ResolverTypeWrapper<FeedBackPrice>;
  EachWayTerms: ResolverTypeWrapper<EachWayTerms>;
  EarlyPayout: ResolverTypeWrapper<EarlyPayout>;
  FeedExchangePrice: ResolverTypeWrapper<FeedExchangePrice>;
  ExchangeQuote: ResolverTypeWrapper<ExchangeQuote>;
  EachWayLay: ResolverTypeWrapper<EachWayLay>;
  FeedBetBuilder: ResolverTypeWrapper<FeedBetBuilder>;
  FeedProviderState: FeedProviderState;
  FeedProviderStatus: ResolverTypeWrapper<FeedProviderStatus>;
  FeedStatus: ResolverTypeWrapper<FeedStatus>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  IntegrationState: ResolverTypeWrapper<IntegrationState>;
  UserIds: ResolverTypeWrapper<UserIds>;
  ReferAFriend: ResolverTypeWrapper<ReferAFriend>;
  UserResult: ResolverTypeWrapper<Omit<UserResult, 'user'> & { user?: Maybe<ResolversTypes['User']> }>;
  NotificationChannel: NotificationChannel;
  NotificationSetting: ResolverTypeWrapper<NotificationSetting>;
  PushSubscriptionInput: PushSubscriptionInput;
  QueueDepth: ResolverTypeWrapper<QueueDepth>;
  QueueError: ResolverTypeWrapper<QueueError>;
  RevenuePeriod: ResolverTypeWrapper<RevenuePeriod>;
  TrialConversion: ResolverTypeWrapper<TrialConversion>;
  TrialConversionMonth: ResolverTypeWrapper<TrialConversionMonth>;
  AdminRevenue: ResolverTypeWrapper<AdminRevenue>;
  ProfitType: ProfitType;
  BetStatus: BetStatus;
  LegSide: LegSide;
  LegResult: LegResult;
  FreeBetKind: FreeBetKind;
  AccountKind: AccountKind;
  BalanceEntryKind: BalanceEntryKind;
  ChangeKind: ChangeKind;
  TrackedLeg: ResolverTypeWrapper<TrackedLeg>;
  TrackedBet: ResolverTypeWrapper<TrackedBet>;
  TrackedBetFilter: TrackedBetFilter;
  TrackedBetConnection: ResolverTypeWrapper<TrackedBetConnection>;
  ProfitTotals: ResolverTypeWrapper<ProfitTotals>;
  TrackedLegInput: TrackedLegInput;
  RecordBetInput: RecordBetInput;
  SettleBetInput: SettleBetInput;
  VoidBetInput: VoidBetInput;
  TrackedBetChange: ResolverTypeWrapper<TrackedBetChange>;
  BalanceSheet: ResolverTypeWrapper<BalanceSheet>;
  AccountBalance: ResolverTypeWrapper<AccountBalance>;
  BalanceEntry: ResolverTypeWrapper<BalanceEntry>;
  BalanceTotals: ResolverTypeWrapper<BalanceTotals>;
  AccountInput: AccountInput;
  ImportBetsPayload: ResolverTypeWrapper<ImportBetsPayload>;
  ImportError: ResolverTypeWrapper<ImportError>;
  BalanceEntryInput: BalanceEntryInput;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Pence: Scalars['Pence']['output'];
  DateTime: Scalars['DateTime']['output'];
  PageInfo: PageInfo;
  String: Scalars['String']['output'];
  Boolean: Scalars['Boolean']['output'];
  MutationError: MutationError;
  MutationResult: MutationResult;
  LoginInput: LoginInput;
  AuthPayload: Omit<AuthPayload, 'user'> & { user: ResolversParentTypes['User'] };
  AuthResult: Omit<AuthResult, 'user'> & { user?: Maybe<ResolversParentTypes['User']> };
  RegisterInput: RegisterInput;
  ChangePasswordInput: ChangePasswordInput;
  ChangeNameInput: ChangeNameInput;
  ChangeEmailInput: ChangeEmailInput;
  CloseAccountInput: CloseAccountInput;
  ResetPasswordInput: ResetPasswordInput;
  SignedInDevice: SignedInDevice;
  ID: Scalars['ID']['output'];
  Query: Record<PropertyKey, never>;
  Int: Scalars['Int']['output'];
  Mutation: Record<PropertyKey, never>;
  User: MemberAccess;
  TwoFactorStatus: TwoFactorStatus;
  TwoFactorSetup: TwoFactorSetup;
  TwoFactorEnabled: TwoFactorEnabled;
  NewRecoveryCodes: NewRecoveryCodes;
  CompleteSignInInput: CompleteSignInInput;
  ConfirmTwoFactorInput: ConfirmTwoFactorInput;
  NewRecoveryCodesInput: NewRecoveryCodesInput;
  DisableTwoFactorInput: DisableTwoFactorInput;
  MemberFilterInput: MemberFilterInput;
  MemberSummary: MemberSummary;
  MemberConnection: MemberConnection;
  MemberSegmentCount: MemberSegmentCount;
  MemberFilterType: MemberFilterType;
  AdminLedgerEntry: AdminLedgerEntry;
  AdminMember: AdminMember;
  ReferralSummary: ReferralSummary;
  Referral: Referral;
  CommissionEntry: CommissionEntry;
  CommissionPayout: CommissionPayout;
  CommissionStatement: CommissionStatement;
  HeldCommission: HeldCommission;
  CommissionReviewInput: CommissionReviewInput;
  AffiliateEarnings: AffiliateEarnings;
  Float: Scalars['Float']['output'];
  AffiliateMonth: AffiliateMonth;
  PayoutInput: PayoutInput;
  AffiliateBalance: AffiliateBalance;
  AffiliateProgrammeMonth: AffiliateProgrammeMonth;
  AffiliateProgramme: AffiliateProgramme;
  OddsAlert: OddsAlert;
  OddsAlertInput: OddsAlertInput;
  ExchangeCommission: ExchangeCommission;
  ExchangeCommissionInput: ExchangeCommissionInput;
  OddsAlertResult: OddsAlertResult;
  OddsAlertMatch: OddsAlertMatch;
  FunnelCounts: FunnelCounts;
  CampaignFunnel: CampaignFunnel;
  ReferralFunnel: ReferralFunnel;
  AnalyticsFunnel: AnalyticsFunnel;
  ToolUsage: ToolUsage;
  AnalyticsForwarding: AnalyticsForwarding;
  AdminAuditEntry: AdminAuditEntry;
  AdminAuditConnection: AdminAuditConnection;
  MemberSubscription: MemberSubscription;
  PendingDowngrade: PendingDowngrade;
  Billing: Billing;
  PurchasePlanInput: PurchasePlanInput;
  Purchase: Purchase;
  PurchasePayload: Omit<PurchasePayload, 'user'> & { user: ResolversParentTypes['User'] };
  PurchaseOption: PurchaseOption;
  CheckoutInput: CheckoutInput;
  Checkout: Checkout;
  CheckoutResult: CheckoutResult;
  Receipt: Receipt;
  Plan: Plan;
  PlanFeature: PlanFeature;
  PlanPrice: PlanPrice;
  Sale: Sale;
  Creative: Creative;
  SalePageSections: SalePageSections;
  SalePlan: SalePlan;
  Tool: Tool;
  KeyValue: KeyValue;
  Exchange: Exchange;
  ExchangeProvider: ExchangeProvider;
  ProviderCapability: ProviderCapability;
  Offer: Offer;
  OfferConnection: OfferConnection;
  Guide: Guide;
  GuideConnection: GuideConnection;
  OfferInput: OfferInput;
  OfferResult: OfferResult;
  GuideInput: GuideInput;
  GuideResult: GuideResult;
  ExchangeSetting: ExchangeSetting;
  QuickLink: QuickLink;
  QuickLinkInput: QuickLinkInput;
  QuickLinksResult: QuickLinksResult;
  OddsFilter: OddsFilter;
  OddsUpdate: OddsUpdate;
  SelectionOdds: SelectionOdds;
  BackPrice: BackPrice;
  LayPrice: LayPrice;
  OddsSnapshot: OddsSnapshot;
  OddsSnapshotPage: OddsSnapshotPage;
  OddsPatch: OddsPatch;
  OddsQuoteColumns: OddsQuoteColumns;
  OddsDelta: OddsDelta;
  OddsRemovals: OddsRemovals;
  FeedEvent: FeedEvent;
  FeedMarket: FeedMarket;
  FeedRunner: FeedRunner;
  FeedBackPrice: FeedBackPrice;
  EachWayTerms: EachWayTerms;
  EarlyPayout: EarlyPayout;
  FeedExchangePrice: FeedExchangePrice;
  ExchangeQuote: ExchangeQuote;
  EachWayLay: EachWayLay;
  FeedBetBuilder: FeedBetBuilder;
  FeedProviderStatus: FeedProviderStatus;
  FeedStatus: FeedStatus;
  Subscription: Record<PropertyKey, never>;
  IntegrationState: IntegrationState;
  UserIds: UserIds;
  ReferAFriend: ReferAFriend;
  UserResult: Omit<UserResult, 'user'> & { user?: Maybe<ResolversParentTypes['User']> };
  NotificationSetting: NotificationSetting;
  PushSubscriptionInput: PushSubscriptionInput;
  QueueDepth: QueueDepth;
  QueueError: QueueError;
  RevenuePeriod: RevenuePeriod;
  TrialConversion: TrialConversion;
  TrialConversionMonth: TrialConversionMonth;
  AdminRevenue: AdminRevenue;
  TrackedLeg: TrackedLeg;
  TrackedBet: TrackedBet;
  TrackedBetFilter: TrackedBetFilter;
  TrackedBetConnection: TrackedBetConnection;
  ProfitTotals: ProfitTotals;
  TrackedLegInput: TrackedLegInput;
  RecordBetInput: RecordBetInput;
  SettleBetInput: SettleBetInput;
  VoidBetInput: VoidBetInput;
  TrackedBetChange: TrackedBetChange;
  BalanceSheet: BalanceSheet;
  AccountBalance: AccountBalance;
  BalanceEntry: BalanceEntry;
  BalanceTotals: BalanceTotals;
  AccountInput: AccountInput;
  ImportBetsPayload: ImportBetsPayload;
  ImportError: ImportError;
  BalanceEntryInput: BalanceEntryInput;
};

export interface PenceScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Pence'], any> {
  name: 'Pence';
}

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type PageInfoResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo'],
> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type MutationErrorResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['MutationError'] = ResolversParentTypes['MutationError'],
> = {
  code?: Resolver<ResolversTypes['ErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type MutationResultResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['MutationResult'] = ResolversParentTypes['MutationResult'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['MutationError']>, ParentType, ContextType>;
};

export type AuthPayloadResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AuthPayload'] = ResolversParentTypes['AuthPayload'],
> = {
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type AuthResultResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AuthResult'] = ResolversParentTypes['AuthResult'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['MutationError']>, ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type SignedInDeviceResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['SignedInDevice'] = ResolversParentTypes['SignedInDevice'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  deviceType?: Resolver<ResolversTypes['DeviceType'], ParentType, ContextType>;
  browser?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  os?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  ipAddress?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  signedInAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  lastSeenAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  current?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  keepSignedIn?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type QueryResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query'],
> = {
  mySessions?: Resolver<ReadonlyArray<ResolversTypes['SignedInDevice']>, ParentType, ContextType>;
  twoFactor?: Resolver<Maybe<ResolversTypes['TwoFactorStatus']>, ParentType, ContextType>;
  adminMember?: Resolver<Maybe<ResolversTypes['AdminMember']>, ParentType, ContextType, RequireFields<QueryAdminMemberArgs, 'id'>>;
  adminMembers?: Resolver<ResolversTypes['MemberConnection'], ParentType, ContextType, RequireFields<QueryAdminMembersArgs, 'first'>>;
  memberSegments?: Resolver<ReadonlyArray<ResolversTypes['MemberSegmentCount']>, ParentType, ContextType>;
  memberFilterTypes?: Resolver<ReadonlyArray<ResolversTypes['MemberFilterType']>, ParentType, ContextType>;
  referrals?: Resolver<ResolversTypes['ReferralSummary'], ParentType, ContextType>;
  affiliateEarnings?: Resolver<ResolversTypes['AffiliateEarnings'], ParentType, ContextType, Partial<QueryAffiliateEarningsArgs>>;
  adminHeldCommission?: Resolver<ReadonlyArray<ResolversTypes['HeldCommission']>, ParentType, ContextType>;
  adminAffiliates?: Resolver<ReadonlyArray<ResolversTypes['AffiliateBalance']>, ParentType, ContextType>;
  adminAffiliateStatement?: Resolver<
    ResolversTypes['CommissionStatement'],
    ParentType,
    ContextType,
    RequireFields<QueryAdminAffiliateStatementArgs, 'member'>
  >;
  adminAffiliateProgramme?: Resolver<
    ResolversTypes['AffiliateProgramme'],
    ParentType,
    ContextType,
    RequireFields<QueryAdminAffiliateProgrammeArgs, 'from' | 'to'>
  >;
  myOddsAlerts?: Resolver<ReadonlyArray<ResolversTypes['OddsAlert']>, ParentType, ContextType>;
  myOddsAlertMatches?: Resolver<ReadonlyArray<ResolversTypes['OddsAlertMatch']>, ParentType, ContextType>;
  adminAnalyticsForwarding?: Resolver<ResolversTypes['AnalyticsForwarding'], ParentType, ContextType>;
  adminFunnel?: Resolver<ResolversTypes['AnalyticsFunnel'], ParentType, ContextType, RequireFields<QueryAdminFunnelArgs, 'from' | 'to'>>;
  adminToolUsage?: Resolver<
    ReadonlyArray<ResolversTypes['ToolUsage']>,
    ParentType,
    ContextType,
    RequireFields<QueryAdminToolUsageArgs, 'from' | 'to'>
  >;
  adminAuditLog?: Resolver<ResolversTypes['AdminAuditConnection'], ParentType, ContextType, RequireFields<QueryAdminAuditLogArgs, 'first'>>;
  myReceipts?: Resolver<ReadonlyArray<ResolversTypes['Receipt']>, ParentType, ContextType>;
  receipt?: Resolver<Maybe<ResolversTypes['Receipt']>, ParentType, ContextType, RequireFields<QueryReceiptArgs, 'id'>>;
  myPurchases?: Resolver<ReadonlyArray<ResolversTypes['Purchase']>, ParentType, ContextType>;
  checkout?: Resolver<Maybe<ResolversTypes['Checkout']>, ParentType, ContextType, RequireFields<QueryCheckoutArgs, 'id'>>;
  purchaseOption?: Resolver<
    Maybe<ResolversTypes['PurchaseOption']>,
    ParentType,
    ContextType,
    RequireFields<QueryPurchaseOptionArgs, 'slug'>
  >;
  brand?: Resolver<ResolversTypes['BrandId'], ParentType, ContextType>;
  plans?: Resolver<ReadonlyArray<ResolversTypes['Plan']>, ParentType, ContextType>;
  sales?: Resolver<ReadonlyArray<ResolversTypes['Sale']>, ParentType, ContextType>;
  activeSale?: Resolver<Maybe<ResolversTypes['Sale']>, ParentType, ContextType, Partial<QueryActiveSaleArgs>>;
  tools?: Resolver<ReadonlyArray<ResolversTypes['Tool']>, ParentType, ContextType>;
  myTools?: Resolver<ReadonlyArray<ResolversTypes['Tool']>, ParentType, ContextType>;
  exchanges?: Resolver<ReadonlyArray<ResolversTypes['Exchange']>, ParentType, ContextType>;
  exchangeProviders?: Resolver<ReadonlyArray<ResolversTypes['ExchangeProvider']>, ParentType, ContextType>;
  offers?: Resolver<ResolversTypes['OfferConnection'], ParentType, ContextType, RequireFields<QueryOffersArgs, 'first'>>;
  offer?: Resolver<Maybe<ResolversTypes['Offer']>, ParentType, ContextType, RequireFields<QueryOfferArgs, 'slug'>>;
  guides?: Resolver<ResolversTypes['GuideConnection'], ParentType, ContextType, RequireFields<QueryGuidesArgs, 'first'>>;
  guide?: Resolver<Maybe<ResolversTypes['Guide']>, ParentType, ContextType, RequireFields<QueryGuideArgs, 'slug'>>;
  adminOffers?: Resolver<ReadonlyArray<ResolversTypes['Offer']>, ParentType, ContextType, Partial<QueryAdminOffersArgs>>;
  adminGuides?: Resolver<ReadonlyArray<ResolversTypes['Guide']>, ParentType, ContextType, Partial<QueryAdminGuidesArgs>>;
  myExchanges?: Resolver<ReadonlyArray<ResolversTypes['ExchangeSetting']>, ParentType, ContextType>;
  myQuickLinks?: Resolver<ReadonlyArray<ResolversTypes['QuickLink']>, ParentType, ContextType>;
  oddsSnapshot?: Resolver<ResolversTypes['OddsSnapshot'], ParentType, ContextType, Partial<QueryOddsSnapshotArgs>>;
  feedStatus?: Resolver<ResolversTypes['FeedStatus'], ParentType, ContextType>;
  adminFeedStatus?: Resolver<ResolversTypes['FeedStatus'], ParentType, ContextType>;
  forumUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  me?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  pushPublicKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  notificationSettings?: Resolver<ReadonlyArray<ResolversTypes['NotificationSetting']>, ParentType, ContextType>;
  adminQueueDepths?: Resolver<ReadonlyArray<ResolversTypes['QueueDepth']>, ParentType, ContextType>;
  adminQueueErrors?: Resolver<ReadonlyArray<ResolversTypes['QueueError']>, ParentType, ContextType>;
  adminRevenue?: Resolver<ResolversTypes['AdminRevenue'], ParentType, ContextType, RequireFields<QueryAdminRevenueArgs, 'from' | 'to'>>;
  trackedBets?: Resolver<ResolversTypes['TrackedBetConnection'], ParentType, ContextType, RequireFields<QueryTrackedBetsArgs, 'first'>>;
  trackerTotals?: Resolver<ResolversTypes['ProfitTotals'], ParentType, ContextType, Partial<QueryTrackerTotalsArgs>>;
  balanceSheet?: Resolver<ResolversTypes['BalanceSheet'], ParentType, ContextType, Partial<QueryBalanceSheetArgs>>;
};

export type MutationResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation'],
> = {
  login?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationLoginArgs, 'input'>>;
  logout?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  logoutEverywhere?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  endSession?: Resolver<ResolversTypes['MutationResult'], ParentType, ContextType, RequireFields<MutationEndSessionArgs, 'id'>>;
  register?: Resolver<ResolversTypes['AuthResult'], ParentType, ContextType, RequireFields<MutationRegisterArgs, 'input'>>;
  refreshSession?: Resolver<ResolversTypes['AuthResult'], ParentType, ContextType>;
  changePassword?: Resolver<ResolversTypes['AuthResult'], ParentType, ContextType, RequireFields<MutationChangePasswordArgs, 'input'>>;
  requestPasswordReset?: Resolver<
    ResolversTypes['MutationResult'],
    ParentType,
    ContextType,
    RequireFields<MutationRequestPasswordResetArgs, 'email'>
  >;
  resetPassword?: Resolver<ResolversTypes['AuthResult'], ParentType, ContextType, RequireFields<MutationResetPasswordArgs, 'input'>>;
  changeName?: Resolver<ResolversTypes['UserResult'], ParentType, ContextType, RequireFields<MutationChangeNameArgs, 'input'>>;
  sendVerificationEmail?: Resolver<ResolversTypes['MutationResult'], ParentType, ContextType>;
  verifyEmail?: Resolver<ResolversTypes['MutationResult'], ParentType, ContextType, RequireFields<MutationVerifyEmailArgs, 'token'>>;
  changeEmail?: Resolver<ResolversTypes['MutationResult'], ParentType, ContextType, RequireFields<MutationChangeEmailArgs, 'input'>>;
  confirmEmailChange?: Resolver<
    ResolversTypes['MutationResult'],
    ParentType,
    ContextType,
    RequireFields<MutationConfirmEmailChangeArgs, 'token'>
  >;
  closeAccount?: Resolver<ResolversTypes['MutationResult'], ParentType, ContextType, RequireFields<MutationCloseAccountArgs, 'input'>>;
  setGoal?: Resolver<ResolversTypes['UserResult'], ParentType, ContextType, RequireFields<MutationSetGoalArgs, 'goal'>>;
  completeSignIn?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationCompleteSignInArgs, 'input'>>;
  startTwoFactorSetup?: Resolver<ResolversTypes['TwoFactorSetup'], ParentType, ContextType>;
  confirmTwoFactor?: Resolver<
    ResolversTypes['TwoFactorEnabled'],
    ParentType,
    ContextType,
    RequireFields<MutationConfirmTwoFactorArgs, 'input'>
  >;
  newRecoveryCodes?: Resolver<
    ResolversTypes['NewRecoveryCodes'],
    ParentType,
    ContextType,
    RequireFields<MutationNewRecoveryCodesArgs, 'input'>
  >;
  disableTwoFactor?: Resolver<
    ResolversTypes['MutationResult'],
    ParentType,
    ContextType,
    RequireFields<MutationDisableTwoFactorArgs, 'input'>
  >;
  adminSetAdditionalCapabilities?: Resolver<
    ResolversTypes['MutationResult'],
    ParentType,
    ContextType,
    RequireFields<MutationAdminSetAdditionalCapabilitiesArgs, 'member' | 'codes'>
  >;
  adminEndSessions?: Resolver<
    ResolversTypes['MutationResult'],
    ParentType,
    ContextType,
    RequireFields<MutationAdminEndSessionsArgs, 'member'>
  >;
  adminResendVerification?: Resolver<
    ResolversTypes['MutationResult'],
    ParentType,
    ContextType,
    RequireFields<MutationAdminResendVerificationArgs, 'member'>
  >;
  adminRefundPayment?: Resolver<
    ResolversTypes['MutationResult'],
    ParentType,
    ContextType,
    RequireFields<MutationAdminRefundPaymentArgs, 'paymentId'>
  >;
  adminRecordPayout?: Resolver<
    ResolversTypes['MutationResult'],
    ParentType,
    ContextType,
    RequireFields<MutationAdminRecordPayoutArgs, 'input'>
  >;
  adminReviewCommission?: Resolver<
    ResolversTypes['MutationResult'],
    ParentType,
    ContextType,
    RequireFields<MutationAdminReviewCommissionArgs, 'input'>
  >;
  saveOddsAlert?: Resolver<ResolversTypes['OddsAlertResult'], ParentType, ContextType, RequireFields<MutationSaveOddsAlertArgs, 'input'>>;
  setOddsAlertPaused?: Resolver<
    ResolversTypes['OddsAlertResult'],
    ParentType,
    ContextType,
    RequireFields<MutationSetOddsAlertPausedArgs, 'id' | 'paused'>
  >;
  deleteOddsAlert?: Resolver<ResolversTypes['OddsAlertResult'], ParentType, ContextType, RequireFields<MutationDeleteOddsAlertArgs, 'id'>>;
  adminRetryRefusedAnalytics?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  purchasePlan?: Resolver<ResolversTypes['PurchasePayload'], ParentType, ContextType, RequireFields<MutationPurchasePlanArgs, 'input'>>;
  startCheckout?: Resolver<ResolversTypes['CheckoutResult'], ParentType, ContextType, RequireFields<MutationStartCheckoutArgs, 'input'>>;
  cancelSubscription?: Resolver<ResolversTypes['UserResult'], ParentType, ContextType>;
  resumeSubscription?: Resolver<ResolversTypes['UserResult'], ParentType, ContextType>;
  scheduleDowngrade?: Resolver<ResolversTypes['UserResult'], ParentType, ContextType, RequireFields<MutationScheduleDowngradeArgs, 'plan'>>;
  cancelDowngrade?: Resolver<ResolversTypes['UserResult'], ParentType, ContextType>;
  setOfferCompleted?: Resolver<
    ResolversTypes['Offer'],
    ParentType,
    ContextType,
    RequireFields<MutationSetOfferCompletedArgs, 'slug' | 'completed'>
  >;
  adminSaveOffer?: Resolver<ResolversTypes['OfferResult'], ParentType, ContextType, RequireFields<MutationAdminSaveOfferArgs, 'input'>>;
  adminDeleteOffer?: Resolver<
    ResolversTypes['MutationResult'],
    ParentType,
    ContextType,
    RequireFields<MutationAdminDeleteOfferArgs, 'slug'>
  >;
  adminSaveGuide?: Resolver<ResolversTypes['GuideResult'], ParentType, ContextType, RequireFields<MutationAdminSaveGuideArgs, 'input'>>;
  adminDeleteGuide?: Resolver<
    ResolversTypes['MutationResult'],
    ParentType,
    ContextType,
    RequireFields<MutationAdminDeleteGuideArgs, 'slug'>
  >;
  adminPublishOffer?: Resolver<
    ResolversTypes['OfferResult'],
    ParentType,
    ContextType,
    RequireFields<MutationAdminPublishOfferArgs, 'slug' | 'published'>
  >;
  adminMoveOffer?: Resolver<
    ResolversTypes['OfferResult'],
    ParentType,
    ContextType,
    RequireFields<MutationAdminMoveOfferArgs, 'slug' | 'direction'>
  >;
  adminPublishGuide?: Resolver<
    ResolversTypes['GuideResult'],
    ParentType,
    ContextType,
    RequireFields<MutationAdminPublishGuideArgs, 'slug' | 'published'>
  >;
  setExchangeEnabled?: Resolver<
    ResolversTypes['ExchangeSetting'],
    ParentType,
    ContextType,
    RequireFields<MutationSetExchangeEnabledArgs, 'exchange' | 'enabled'>
  >;
  setQuickLinks?: Resolver<ResolversTypes['QuickLinksResult'], ParentType, ContextType, RequireFields<MutationSetQuickLinksArgs, 'links'>>;
  setNotificationSetting?: Resolver<
    ReadonlyArray<ResolversTypes['NotificationSetting']>,
    ParentType,
    ContextType,
    RequireFields<MutationSetNotificationSettingArgs, 'kind' | 'channel' | 'enabled'>
  >;
  savePushSubscription?: Resolver<
    ResolversTypes['Boolean'],
    ParentType,
    ContextType,
    RequireFields<MutationSavePushSubscriptionArgs, 'input'>
  >;
  removePushSubscription?: Resolver<
    ResolversTypes['Boolean'],
    ParentType,
    ContextType,
    RequireFields<MutationRemovePushSubscriptionArgs, 'endpoint'>
  >;
  recordBet?: Resolver<ResolversTypes['TrackedBet'], ParentType, ContextType, RequireFields<MutationRecordBetArgs, 'input'>>;
  settleBet?: Resolver<ResolversTypes['TrackedBet'], ParentType, ContextType, RequireFields<MutationSettleBetArgs, 'input'>>;
  voidBet?: Resolver<ResolversTypes['TrackedBet'], ParentType, ContextType, RequireFields<MutationVoidBetArgs, 'input'>>;
  deleteBet?: Resolver<ResolversTypes['ID'], ParentType, ContextType, RequireFields<MutationDeleteBetArgs, 'id'>>;
  setAccountRestricted?: Resolver<
    ResolversTypes['AccountBalance'],
    ParentType,
    ContextType,
    RequireFields<MutationSetAccountRestrictedArgs, 'account' | 'restricted'>
  >;
  setAccount?: Resolver<ResolversTypes['AccountBalance'], ParentType, ContextType, RequireFields<MutationSetAccountArgs, 'input'>>;
  importBets?: Resolver<ResolversTypes['ImportBetsPayload'], ParentType, ContextType, RequireFields<MutationImportBetsArgs, 'csv'>>;
  addBalanceEntry?: Resolver<ResolversTypes['BalanceEntry'], ParentType, ContextType, RequireFields<MutationAddBalanceEntryArgs, 'input'>>;
};

export type UserResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = {
  emailVerified?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  subscription?: Resolver<Maybe<ResolversTypes['MemberSubscription']>, ParentType, ContextType>;
  billing?: Resolver<Maybe<ResolversTypes['Billing']>, ParentType, ContextType>;
  integrations?: Resolver<ReadonlyArray<ResolversTypes['IntegrationState']>, ParentType, ContextType>;
  uid?: Resolver<ResolversTypes['UserIds'], ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  capabilities?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  additionalCapabilities?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  referAFriend?: Resolver<ResolversTypes['ReferAFriend'], ParentType, ContextType>;
  goal?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  joinedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type TwoFactorStatusResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['TwoFactorStatus'] = ResolversParentTypes['TwoFactorStatus'],
> = {
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  recoveryCodesLeft?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type TwoFactorSetupResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['TwoFactorSetup'] = ResolversParentTypes['TwoFactorSetup'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['MutationError']>, ParentType, ContextType>;
  secret?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  uri?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type TwoFactorEnabledResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['TwoFactorEnabled'] = ResolversParentTypes['TwoFactorEnabled'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['MutationError']>, ParentType, ContextType>;
  recoveryCodes?: Resolver<Maybe<ReadonlyArray<ResolversTypes['String']>>, ParentType, ContextType>;
};

export type NewRecoveryCodesResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['NewRecoveryCodes'] = ResolversParentTypes['NewRecoveryCodes'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['MutationError']>, ParentType, ContextType>;
  recoveryCodes?: Resolver<Maybe<ReadonlyArray<ResolversTypes['String']>>, ParentType, ContextType>;
};

export type MemberSummaryResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['MemberSummary'] = ResolversParentTypes['MemberSummary'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  segment?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  tier?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  capabilities?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  additionalCapabilities?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  joinedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type MemberConnectionResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['MemberConnection'] = ResolversParentTypes['MemberConnection'],
> = {
  nodes?: Resolver<ReadonlyArray<ResolversTypes['MemberSummary']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type MemberSegmentCountResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['MemberSegmentCount'] = ResolversParentTypes['MemberSegmentCount'],
> = {
  segment?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type MemberFilterTypeResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['MemberFilterType'] = ResolversParentTypes['MemberFilterType'],
> = {
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rules?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AdminLedgerEntryResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AdminLedgerEntry'] = ResolversParentTypes['AdminLedgerEntry'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  periodStart?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  periodEnd?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  refunded?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  refundedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  refundedAmount?: Resolver<Maybe<ResolversTypes['Pence']>, ParentType, ContextType>;
};

export type AdminMemberResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AdminMember'] = ResolversParentTypes['AdminMember'],
> = {
  member?: Resolver<ResolversTypes['MemberSummary'], ParentType, ContextType>;
  payments?: Resolver<ReadonlyArray<ResolversTypes['AdminLedgerEntry']>, ParentType, ContextType>;
  receipts?: Resolver<ReadonlyArray<ResolversTypes['Receipt']>, ParentType, ContextType>;
  emailVerifiedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  activeSessions?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  referrals?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tracker?: Resolver<ResolversTypes['ProfitTotals'], ParentType, ContextType>;
};

export type ReferralSummaryResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ReferralSummary'] = ResolversParentTypes['ReferralSummary'],
> = {
  referralCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  referralUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  referredCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  activeCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  referrals?: Resolver<ReadonlyArray<ResolversTypes['Referral']>, ParentType, ContextType>;
  earnings?: Resolver<ResolversTypes['AffiliateEarnings'], ParentType, ContextType>;
  statement?: Resolver<ResolversTypes['CommissionStatement'], ParentType, ContextType>;
};

export type ReferralResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Referral'] = ResolversParentTypes['Referral'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  joinedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  plan?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  underReview?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type CommissionEntryResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['CommissionEntry'] = ResolversParentTypes['CommissionEntry'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  paidAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  commission?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['CommissionState'], ParentType, ContextType>;
  payableFrom?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type CommissionPayoutResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['CommissionPayout'] = ResolversParentTypes['CommissionPayout'],
> = {
  paidAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CommissionStatementResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['CommissionStatement'] = ResolversParentTypes['CommissionStatement'],
> = {
  total?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  pending?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  underReview?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  payable?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  paid?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  entries?: Resolver<ReadonlyArray<ResolversTypes['CommissionEntry']>, ParentType, ContextType>;
  payouts?: Resolver<ReadonlyArray<ResolversTypes['CommissionPayout']>, ParentType, ContextType>;
};

export type HeldCommissionResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['HeldCommission'] = ResolversParentTypes['HeldCommission'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  affiliate?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  member?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  paidAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  commission?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AffiliateEarningsResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AffiliateEarnings'] = ResolversParentTypes['AffiliateEarnings'],
> = {
  commissionRate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  earned?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  reversed?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  pending?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  paid?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  months?: Resolver<ReadonlyArray<ResolversTypes['AffiliateMonth']>, ParentType, ContextType>;
};

export type AffiliateMonthResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AffiliateMonth'] = ResolversParentTypes['AffiliateMonth'],
> = {
  month?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revenue?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  commission?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  earned?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  reversed?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  paid?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  pending?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
};

export type AffiliateBalanceResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AffiliateBalance'] = ResolversParentTypes['AffiliateBalance'],
> = {
  member?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  referredPayments?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  pending?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  underReview?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  payable?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  paid?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
};

export type AffiliateProgrammeMonthResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AffiliateProgrammeMonth'] = ResolversParentTypes['AffiliateProgrammeMonth'],
> = {
  month?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revenue?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  commission?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  refunded?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  reversed?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  paidOut?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
};

export type AffiliateProgrammeResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AffiliateProgramme'] = ResolversParentTypes['AffiliateProgramme'],
> = {
  from?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  months?: Resolver<ReadonlyArray<ResolversTypes['AffiliateProgrammeMonth']>, ParentType, ContextType>;
};

export type OddsAlertResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['OddsAlert'] = ResolversParentTypes['OddsAlert'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  tool?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  minRating?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  minProfit?: Resolver<Maybe<ResolversTypes['Pence']>, ParentType, ContextType>;
  stake?: Resolver<Maybe<ResolversTypes['Pence']>, ParentType, ContextType>;
  bookmaker?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sport?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  withinHours?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  minLiquidity?: Resolver<Maybe<ResolversTypes['Pence']>, ParentType, ContextType>;
  commissions?: Resolver<ReadonlyArray<ResolversTypes['ExchangeCommission']>, ParentType, ContextType>;
  paused?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ExchangeCommissionResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ExchangeCommission'] = ResolversParentTypes['ExchangeCommission'],
> = {
  exchange?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  commission?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type OddsAlertResultResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['OddsAlertResult'] = ResolversParentTypes['OddsAlertResult'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['MutationError']>, ParentType, ContextType>;
  alert?: Resolver<Maybe<ResolversTypes['OddsAlert']>, ParentType, ContextType>;
};

export type OddsAlertMatchResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['OddsAlertMatch'] = ResolversParentTypes['OddsAlertMatch'],
> = {
  alertId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  alertName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tool?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  eventName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  marketName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  selectionName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bookmaker?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  exchange?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  backOdds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  layOdds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  placeLayOdds?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  rating?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  profit?: Resolver<Maybe<ResolversTypes['Pence']>, ParentType, ContextType>;
  stake?: Resolver<Maybe<ResolversTypes['Pence']>, ParentType, ContextType>;
  startsAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  foundAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  notifiedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type FunnelCountsResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['FunnelCounts'] = ResolversParentTypes['FunnelCounts'],
> = {
  visits?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  registrations?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  trials?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  firstPayments?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  secondPayments?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CampaignFunnelResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['CampaignFunnel'] = ResolversParentTypes['CampaignFunnel'],
> = {
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  medium?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  campaign?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  counts?: Resolver<ResolversTypes['FunnelCounts'], ParentType, ContextType>;
};

export type ReferralFunnelResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ReferralFunnel'] = ResolversParentTypes['ReferralFunnel'],
> = {
  referred?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  counts?: Resolver<ResolversTypes['FunnelCounts'], ParentType, ContextType>;
};

export type AnalyticsFunnelResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AnalyticsFunnel'] = ResolversParentTypes['AnalyticsFunnel'],
> = {
  from?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['FunnelCounts'], ParentType, ContextType>;
  byCampaign?: Resolver<ReadonlyArray<ResolversTypes['CampaignFunnel']>, ParentType, ContextType>;
  byReferral?: Resolver<ReadonlyArray<ResolversTypes['ReferralFunnel']>, ParentType, ContextType>;
};

export type ToolUsageResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ToolUsage'] = ResolversParentTypes['ToolUsage'],
> = {
  page?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tier?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  events?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AnalyticsForwardingResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AnalyticsForwarding'] = ResolversParentTypes['AnalyticsForwarding'],
> = {
  configured?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  host?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  waiting?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  retrying?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  refused?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  oldestWaitingAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AdminAuditEntryResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AdminAuditEntry'] = ResolversParentTypes['AdminAuditEntry'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  admin?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  adminEmail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  action?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  target?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  before?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  after?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AdminAuditConnectionResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AdminAuditConnection'] = ResolversParentTypes['AdminAuditConnection'],
> = {
  nodes?: Resolver<ReadonlyArray<ResolversTypes['AdminAuditEntry']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type MemberSubscriptionResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['MemberSubscription'] = ResolversParentTypes['MemberSubscription'],
> = {
  billingTerm?: Resolver<ResolversTypes['BillingTerm'], ParentType, ContextType>;
  isTrial?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isLegacy?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  endsAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  cancelledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  cancelledBy?: Resolver<Maybe<ResolversTypes['Canceller']>, ParentType, ContextType>;
  paymentFailedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  pendingDowngrade?: Resolver<Maybe<ResolversTypes['PendingDowngrade']>, ParentType, ContextType>;
};

export type PendingDowngradeResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['PendingDowngrade'] = ResolversParentTypes['PendingDowngrade'],
> = {
  plan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  startsAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  chargedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type BillingResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Billing'] = ResolversParentTypes['Billing'],
> = {
  customerId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  nextChargeAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type PurchaseResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Purchase'] = ResolversParentTypes['Purchase'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  billingTerm?: Resolver<ResolversTypes['BillingTerm'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  saleId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  purchasedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  grantedCapabilities?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PurchasePayloadResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['PurchasePayload'] = ResolversParentTypes['PurchasePayload'],
> = {
  purchase?: Resolver<ResolversTypes['Purchase'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
};

export type PurchaseOptionResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['PurchaseOption'] = ResolversParentTypes['PurchaseOption'],
> = {
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  billingTerm?: Resolver<ResolversTypes['BillingTerm'], ParentType, ContextType>;
  amountDueNow?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  recurringAmount?: Resolver<Maybe<ResolversTypes['Pence']>, ParentType, ContextType>;
  trialDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  saleId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type CheckoutResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Checkout'] = ResolversParentTypes['Checkout'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  billingTerm?: Resolver<ResolversTypes['BillingTerm'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  saleId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['CheckoutStatus'], ParentType, ContextType>;
  paymentUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type CheckoutResultResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['CheckoutResult'] = ResolversParentTypes['CheckoutResult'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['MutationError']>, ParentType, ContextType>;
  checkout?: Resolver<Maybe<ResolversTypes['Checkout']>, ParentType, ContextType>;
};

export type ReceiptResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Receipt'] = ResolversParentTypes['Receipt'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  number?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  issuedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['ReceiptKind'], ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  planLabel?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  billingTerm?: Resolver<ResolversTypes['BillingTerm'], ParentType, ContextType>;
  periodStart?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  periodEnd?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  vat?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  reference?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellerName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellerAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  vatNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  refundedAmount?: Resolver<Maybe<ResolversTypes['Pence']>, ParentType, ContextType>;
  refundedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type PlanResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['Plan'] = ResolversParentTypes['Plan']> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  capability?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  details?: Resolver<ReadonlyArray<ResolversTypes['PlanFeature']>, ParentType, ContextType>;
  paymentFormUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['PlanPrice'], ParentType, ContextType>;
};

export type PlanFeatureResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['PlanFeature'] = ResolversParentTypes['PlanFeature'],
> = {
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  included?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type PlanPriceResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['PlanPrice'] = ResolversParentTypes['PlanPrice'],
> = {
  firstMonth?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  monthly?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  yearly?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
};

export type SaleResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['Sale'] = ResolversParentTypes['Sale']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  startDate?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  endDate?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  paymentLinkUniqParam?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  termsAndConditionsUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  creatives?: Resolver<ReadonlyArray<ResolversTypes['Creative']>, ParentType, ContextType>;
  salePageSections?: Resolver<ResolversTypes['SalePageSections'], ParentType, ContextType>;
  plans?: Resolver<ReadonlyArray<ResolversTypes['SalePlan']>, ParentType, ContextType>;
  usedSale?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type CreativeResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Creative'] = ResolversParentTypes['Creative'],
> = {
  src?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  alt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  width?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  height?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type SalePageSectionsResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['SalePageSections'] = ResolversParentTypes['SalePageSections'],
> = {
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  countdown?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  plansComparison?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  trustpilot?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  testimonials?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type SalePlanResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['SalePlan'] = ResolversParentTypes['SalePlan'],
> = {
  plan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  yearly?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  paymentLink?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ToolResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['Tool'] = ResolversParentTypes['Tool']> = {
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  shortTitle?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  guideUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  showProfitTrackerButton?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  profitTrackerSource?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  capability?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  profitTrackerTotalsEndpoint?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  profitTrackerTotalsParams?: Resolver<Maybe<ReadonlyArray<ResolversTypes['KeyValue']>>, ParentType, ContextType>;
};

export type KeyValueResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['KeyValue'] = ResolversParentTypes['KeyValue'],
> = {
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ExchangeResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Exchange'] = ResolversParentTypes['Exchange'],
> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  displayName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  imageSrc?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  hasIntegration?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  enabledByDefault?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type ExchangeProviderResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ExchangeProvider'] = ResolversParentTypes['ExchangeProvider'],
> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  apiName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  displayName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  capabilities?: Resolver<ReadonlyArray<ResolversTypes['ProviderCapability']>, ParentType, ContextType>;
  isLockBetProvided?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  isLayThePlaceBetProvided?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ProviderCapabilityResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ProviderCapability'] = ResolversParentTypes['ProviderCapability'],
> = {
  feature?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  codes?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
};

export type OfferResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Offer'] = ResolversParentTypes['Offer'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  category?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bookmaker?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expectedProfit?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  guideUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  completed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  publishedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type OfferConnectionResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['OfferConnection'] = ResolversParentTypes['OfferConnection'],
> = {
  nodes?: Resolver<ReadonlyArray<ResolversTypes['Offer']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type GuideResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Guide'] = ResolversParentTypes['Guide'],
> = {
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  section?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  order?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  publishedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type GuideConnectionResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['GuideConnection'] = ResolversParentTypes['GuideConnection'],
> = {
  nodes?: Resolver<ReadonlyArray<ResolversTypes['Guide']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type OfferResultResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['OfferResult'] = ResolversParentTypes['OfferResult'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['MutationError']>, ParentType, ContextType>;
  offer?: Resolver<Maybe<ResolversTypes['Offer']>, ParentType, ContextType>;
};

export type GuideResultResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['GuideResult'] = ResolversParentTypes['GuideResult'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['MutationError']>, ParentType, ContextType>;
  guide?: Resolver<Maybe<ResolversTypes['Guide']>, ParentType, ContextType>;
};

export type ExchangeSettingResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ExchangeSetting'] = ResolversParentTypes['ExchangeSetting'],
> = {
  exchange?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  integration?: Resolver<Maybe<ResolversTypes['IntegrationStatus']>, ParentType, ContextType>;
};

export type QuickLinkResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['QuickLink'] = ResolversParentTypes['QuickLink'],
> = {
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  icon?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  order?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  capability?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  unlocked?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type QuickLinksResultResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['QuickLinksResult'] = ResolversParentTypes['QuickLinksResult'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['MutationError']>, ParentType, ContextType>;
  quickLinks?: Resolver<ReadonlyArray<ResolversTypes['QuickLink']>, ParentType, ContextType>;
};

export type OddsUpdateResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['OddsUpdate'] = ResolversParentTypes['OddsUpdate'],
> = {
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  eventName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sport?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  competition?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  startsAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  marketId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  marketName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  selections?: Resolver<ReadonlyArray<ResolversTypes['SelectionOdds']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type SelectionOddsResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['SelectionOdds'] = ResolversParentTypes['SelectionOdds'],
> = {
  selectionId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  back?: Resolver<ReadonlyArray<ResolversTypes['BackPrice']>, ParentType, ContextType>;
  lay?: Resolver<ReadonlyArray<ResolversTypes['LayPrice']>, ParentType, ContextType>;
};

export type BackPriceResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['BackPrice'] = ResolversParentTypes['BackPrice'],
> = {
  bookmaker?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  odds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  source?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type LayPriceResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['LayPrice'] = ResolversParentTypes['LayPrice'],
> = {
  exchange?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  odds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  liquidity?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  commission?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  source?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type OddsSnapshotResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['OddsSnapshot'] = ResolversParentTypes['OddsSnapshot'],
> = {
  seq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  simulated?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  pages?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  events?: Resolver<ReadonlyArray<ResolversTypes['FeedEvent']>, ParentType, ContextType>;
  markets?: Resolver<ReadonlyArray<ResolversTypes['FeedMarket']>, ParentType, ContextType>;
  backPrices?: Resolver<ReadonlyArray<ResolversTypes['FeedBackPrice']>, ParentType, ContextType>;
  exchangePrices?: Resolver<ReadonlyArray<ResolversTypes['FeedExchangePrice']>, ParentType, ContextType>;
  betBuilders?: Resolver<ReadonlyArray<ResolversTypes['FeedBetBuilder']>, ParentType, ContextType>;
};

export type OddsPatchResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['OddsPatch'] = ResolversParentTypes['OddsPatch'],
> = {
  seq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  upserts?: Resolver<ResolversTypes['OddsDelta'], ParentType, ContextType>;
  removes?: Resolver<ResolversTypes['OddsRemovals'], ParentType, ContextType>;
  quotes?: Resolver<ResolversTypes['OddsQuoteColumns'], ParentType, ContextType>;
};

export type OddsQuoteColumnsResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['OddsQuoteColumns'] = ResolversParentTypes['OddsQuoteColumns'],
> = {
  keys?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  backOdds?: Resolver<ReadonlyArray<Maybe<ResolversTypes['Float']>>, ParentType, ContextType>;
  backLiquidity?: Resolver<ReadonlyArray<Maybe<ResolversTypes['Pence']>>, ParentType, ContextType>;
  layOdds?: Resolver<ReadonlyArray<Maybe<ResolversTypes['Float']>>, ParentType, ContextType>;
  layLiquidity?: Resolver<ReadonlyArray<Maybe<ResolversTypes['Pence']>>, ParentType, ContextType>;
  eachWayLayOdds?: Resolver<ReadonlyArray<Maybe<ResolversTypes['Float']>>, ParentType, ContextType>;
  eachWayLayLiquidity?: Resolver<ReadonlyArray<Maybe<ResolversTypes['Pence']>>, ParentType, ContextType>;
};

export type OddsDeltaResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['OddsDelta'] = ResolversParentTypes['OddsDelta'],
> = {
  events?: Resolver<ReadonlyArray<ResolversTypes['FeedEvent']>, ParentType, ContextType>;
  markets?: Resolver<ReadonlyArray<ResolversTypes['FeedMarket']>, ParentType, ContextType>;
  backPrices?: Resolver<ReadonlyArray<ResolversTypes['FeedBackPrice']>, ParentType, ContextType>;
  exchangePrices?: Resolver<ReadonlyArray<ResolversTypes['FeedExchangePrice']>, ParentType, ContextType>;
  betBuilders?: Resolver<ReadonlyArray<ResolversTypes['FeedBetBuilder']>, ParentType, ContextType>;
};

export type OddsRemovalsResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['OddsRemovals'] = ResolversParentTypes['OddsRemovals'],
> = {
  events?: Resolver<ReadonlyArray<ResolversTypes['ID']>, ParentType, ContextType>;
  markets?: Resolver<ReadonlyArray<ResolversTypes['ID']>, ParentType, ContextType>;
  backPrices?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  exchangePrices?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  betBuilders?: Resolver<ReadonlyArray<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type FeedEventResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['FeedEvent'] = ResolversParentTypes['FeedEvent'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  sport?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  competition?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  startsAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type FeedMarketResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['FeedMarket'] = ResolversParentTypes['FeedMarket'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  runners?: Resolver<ReadonlyArray<ResolversTypes['FeedRunner']>, ParentType, ContextType>;
  exchangePlaces?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type FeedRunnerResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['FeedRunner'] = ResolversParentTypes['FeedRunner'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type FeedBackPriceResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['FeedBackPrice'] = ResolversParentTypes['FeedBackPrice'],
> = {
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bookmaker?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  selectionId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  odds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  eachWay?: Resolver<Maybe<ResolversTypes['EachWayTerms']>, ParentType, ContextType>;
  boostedFrom?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  maxStake?: Resolver<Maybe<ResolversTypes['Pence']>, ParentType, ContextType>;
  bestOddsGuaranteed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  earlyPayout?: Resolver<Maybe<ResolversTypes['EarlyPayout']>, ParentType, ContextType>;
  source?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type EachWayTermsResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['EachWayTerms'] = ResolversParentTypes['EachWayTerms'],
> = {
  places?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  placeFraction?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type EarlyPayoutResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['EarlyPayout'] = ResolversParentTypes['EarlyPayout'],
> = {
  goalsAhead?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type FeedExchangePriceResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['FeedExchangePrice'] = ResolversParentTypes['FeedExchangePrice'],
> = {
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  exchange?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  selectionId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  places?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  back?: Resolver<Maybe<ResolversTypes['ExchangeQuote']>, ParentType, ContextType>;
  lay?: Resolver<Maybe<ResolversTypes['ExchangeQuote']>, ParentType, ContextType>;
  commission?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  eachWayLay?: Resolver<Maybe<ResolversTypes['EachWayLay']>, ParentType, ContextType>;
  source?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type ExchangeQuoteResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ExchangeQuote'] = ResolversParentTypes['ExchangeQuote'],
> = {
  odds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  liquidity?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
};

export type EachWayLayResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['EachWayLay'] = ResolversParentTypes['EachWayLay'],
> = {
  odds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  liquidity?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  places?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  placeFraction?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type FeedBetBuilderResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['FeedBetBuilder'] = ResolversParentTypes['FeedBetBuilder'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  bookmaker?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  odds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  legs?: Resolver<ReadonlyArray<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type FeedProviderStatusResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['FeedProviderStatus'] = ResolversParentTypes['FeedProviderStatus'],
> = {
  provider?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['FeedProviderState'], ParentType, ContextType>;
  since?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  detail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type FeedStatusResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['FeedStatus'] = ResolversParentTypes['FeedStatus'],
> = {
  simulated?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  providers?: Resolver<ReadonlyArray<ResolversTypes['FeedProviderStatus']>, ParentType, ContextType>;
};

export type SubscriptionResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription'],
> = {
  oddsUpdated?: SubscriptionResolver<
    ResolversTypes['OddsUpdate'],
    'oddsUpdated',
    ParentType,
    ContextType,
    Partial<SubscriptionOddsUpdatedArgs>
  >;
  oddsPatches?: SubscriptionResolver<
    ResolversTypes['OddsPatch'],
    'oddsPatches',
    ParentType,
    ContextType,
    RequireFields<SubscriptionOddsPatchesArgs, 'quoteColumns'>
  >;
  trackedBetChanged?: SubscriptionResolver<ResolversTypes['TrackedBetChange'], 'trackedBetChanged', ParentType, ContextType>;
};

export type IntegrationStateResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['IntegrationState'] = ResolversParentTypes['IntegrationState'],
> = {
  integration?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['IntegrationStatus'], ParentType, ContextType>;
};

export type UserIdsResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['UserIds'] = ResolversParentTypes['UserIds'],
> = {
  global?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  wordpress?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type ReferAFriendResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ReferAFriend'] = ResolversParentTypes['ReferAFriend'],
> = {
  referralCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type UserResultResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['UserResult'] = ResolversParentTypes['UserResult'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['MutationError']>, ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
};

export type NotificationSettingResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['NotificationSetting'] = ResolversParentTypes['NotificationSetting'],
> = {
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  channel?: Resolver<ResolversTypes['NotificationChannel'], ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  switchable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  offered?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type QueueDepthResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['QueueDepth'] = ResolversParentTypes['QueueDepth'],
> = {
  queue?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  oldestAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type QueueErrorResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['QueueError'] = ResolversParentTypes['QueueError'],
> = {
  queue?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  error?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  lastAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type RevenuePeriodResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['RevenuePeriod'] = ResolversParentTypes['RevenuePeriod'],
> = {
  month?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  from?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  mrrStart?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  mrrEnd?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  new?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  expansion?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  contraction?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  churned?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  newMembers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  expansionMembers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  contractionMembers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  churnedMembers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type TrialConversionResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['TrialConversion'] = ResolversParentTypes['TrialConversion'],
> = {
  trials?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  converted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  months?: Resolver<ReadonlyArray<ResolversTypes['TrialConversionMonth']>, ParentType, ContextType>;
};

export type TrialConversionMonthResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['TrialConversionMonth'] = ResolversParentTypes['TrialConversionMonth'],
> = {
  month?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  from?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  trials?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  converted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AdminRevenueResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AdminRevenue'] = ResolversParentTypes['AdminRevenue'],
> = {
  from?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  asOf?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  months?: Resolver<ReadonlyArray<ResolversTypes['RevenuePeriod']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['RevenuePeriod'], ParentType, ContextType>;
  trialConversion?: Resolver<ResolversTypes['TrialConversion'], ParentType, ContextType>;
  membersBehind?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type TrackedLegResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['TrackedLeg'] = ResolversParentTypes['TrackedLeg'],
> = {
  role?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  side?: Resolver<ResolversTypes['LegSide'], ParentType, ContextType>;
  account?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  odds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  stake?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  commission?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  freeBet?: Resolver<Maybe<ResolversTypes['FreeBetKind']>, ParentType, ContextType>;
  result?: Resolver<ResolversTypes['LegResult'], ParentType, ContextType>;
  market?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type TrackedBetResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['TrackedBet'] = ResolversParentTypes['TrackedBet'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  profitType?: Resolver<ResolversTypes['ProfitType'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['BetStatus'], ParentType, ContextType>;
  event?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  market?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  selection?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  legs?: Resolver<ReadonlyArray<ResolversTypes['TrackedLeg']>, ParentType, ContextType>;
  expectedProfit?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  settledProfit?: Resolver<Maybe<ResolversTypes['Pence']>, ParentType, ContextType>;
  placedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  settledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  note?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type TrackedBetConnectionResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['TrackedBetConnection'] = ResolversParentTypes['TrackedBetConnection'],
> = {
  nodes?: Resolver<ReadonlyArray<ResolversTypes['TrackedBet']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ProfitTotalsResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ProfitTotals'] = ResolversParentTypes['ProfitTotals'],
> = {
  betCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  staked?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  profit?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  pendingProfit?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  guaranteed?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  potential?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  training?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  ev?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
};

export type TrackedBetChangeResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['TrackedBetChange'] = ResolversParentTypes['TrackedBetChange'],
> = {
  change?: Resolver<ResolversTypes['ChangeKind'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  bet?: Resolver<Maybe<ResolversTypes['TrackedBet']>, ParentType, ContextType>;
};

export type BalanceSheetResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['BalanceSheet'] = ResolversParentTypes['BalanceSheet'],
> = {
  accounts?: Resolver<ReadonlyArray<ResolversTypes['AccountBalance']>, ParentType, ContextType>;
  entries?: Resolver<ReadonlyArray<ResolversTypes['BalanceEntry']>, ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['BalanceTotals'], ParentType, ContextType>;
};

export type AccountBalanceResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['AccountBalance'] = ResolversParentTypes['AccountBalance'],
> = {
  account?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  displayName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['AccountKind'], ParentType, ContextType>;
  restricted?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  balance?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
};

export type BalanceEntryResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['BalanceEntry'] = ResolversParentTypes['BalanceEntry'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  account?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['BalanceEntryKind'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  note?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type BalanceTotalsResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['BalanceTotals'] = ResolversParentTypes['BalanceTotals'],
> = {
  deposits?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  withdrawals?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  bonuses?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  adjustments?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  net?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  trackerProfit?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
  balance?: Resolver<ResolversTypes['Pence'], ParentType, ContextType>;
};

export type ImportBetsPayloadResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ImportBetsPayload'] = ResolversParentTypes['ImportBetsPayload'],
> = {
  imported?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  errors?: Resolver<ReadonlyArray<ResolversTypes['ImportError']>, ParentType, ContextType>;
};

export type ImportErrorResolvers<
  ContextType = RequestContext,
  ParentType extends ResolversParentTypes['ImportError'] = ResolversParentTypes['ImportError'],
> = {
  line?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  column?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type Resolvers<ContextType = RequestContext> = {
  Pence?: GraphQLScalarType;
  DateTime?: GraphQLScalarType;
  PageInfo?: PageInfoResolvers<ContextType>;
  MutationError?: MutationErrorResolvers<ContextType>;
  MutationResult?: MutationResultResolvers<ContextType>;
  AuthPayload?: AuthPayloadResolvers<ContextType>;
  AuthResult?: AuthResultResolvers<ContextType>;
  SignedInDevice?: SignedInDeviceResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  TwoFactorStatus?: TwoFactorStatusResolvers<ContextType>;
  TwoFactorSetup?: TwoFactorSetupResolvers<ContextType>;
  TwoFactorEnabled?: TwoFactorEnabledResolvers<ContextType>;
  NewRecoveryCodes?: NewRecoveryCodesResolvers<ContextType>;
  MemberSummary?: MemberSummaryResolvers<ContextType>;
  MemberConnection?: MemberConnectionResolvers<ContextType>;
  MemberSegmentCount?: MemberSegmentCountResolvers<ContextType>;
  MemberFilterType?: MemberFilterTypeResolvers<ContextType>;
  AdminLedgerEntry?: AdminLedgerEntryResolvers<ContextType>;
  AdminMember?: AdminMemberResolvers<ContextType>;
  ReferralSummary?: ReferralSummaryResolvers<ContextType>;
  Referral?: ReferralResolvers<ContextType>;
  CommissionEntry?: CommissionEntryResolvers<ContextType>;
  CommissionPayout?: CommissionPayoutResolvers<ContextType>;
  CommissionStatement?: CommissionStatementResolvers<ContextType>;
  HeldCommission?: HeldCommissionResolvers<ContextType>;
  AffiliateEarnings?: AffiliateEarningsResolvers<ContextType>;
  AffiliateMonth?: AffiliateMonthResolvers<ContextType>;
  AffiliateBalance?: AffiliateBalanceResolvers<ContextType>;
  AffiliateProgrammeMonth?: AffiliateProgrammeMonthResolvers<ContextType>;
  AffiliateProgramme?: AffiliateProgrammeResolvers<ContextType>;
  OddsAlert?: OddsAlertResolvers<ContextType>;
  ExchangeCommission?: ExchangeCommissionResolvers<ContextType>;
  OddsAlertResult?: OddsAlertResultResolvers<ContextType>;
  OddsAlertMatch?: OddsAlertMatchResolvers<ContextType>;
  FunnelCounts?: FunnelCountsResolvers<ContextType>;
  CampaignFunnel?: CampaignFunnelResolvers<ContextType>;
  ReferralFunnel?: ReferralFunnelResolvers<ContextType>;
  AnalyticsFunnel?: AnalyticsFunnelResolvers<ContextType>;
  ToolUsage?: ToolUsageResolvers<ContextType>;
  AnalyticsForwarding?: AnalyticsForwardingResolvers<ContextType>;
  AdminAuditEntry?: AdminAuditEntryResolvers<ContextType>;
  AdminAuditConnection?: AdminAuditConnectionResolvers<ContextType>;
  MemberSubscription?: MemberSubscriptionResolvers<ContextType>;
  PendingDowngrade?: PendingDowngradeResolvers<ContextType>;
  Billing?: BillingResolvers<ContextType>;
  Purchase?: PurchaseResolvers<ContextType>;
  PurchasePayload?: PurchasePayloadResolvers<ContextType>;
  PurchaseOption?: PurchaseOptionResolvers<ContextType>;
  Checkout?: CheckoutResolvers<ContextType>;
  CheckoutResult?: CheckoutResultResolvers<ContextType>;
  Receipt?: ReceiptResolvers<ContextType>;
  Plan?: PlanResolvers<ContextType>;
  PlanFeature?: PlanFeatureResolvers<ContextType>;
  PlanPrice?: PlanPriceResolvers<ContextType>;
  Sale?: SaleResolvers<ContextType>;
  Creative?: CreativeResolvers<ContextType>;
  SalePageSections?: SalePageSectionsResolvers<ContextType>;
  SalePlan?: SalePlanResolvers<ContextType>;
  Tool?: ToolResolvers<ContextType>;
  KeyValue?: KeyValueResolvers<ContextType>;
  Exchange?: ExchangeResolvers<ContextType>;
  ExchangeProvider?: ExchangeProviderResolvers<ContextType>;
  ProviderCapability?: ProviderCapabilityResolvers<ContextType>;
  Offer?: OfferResolvers<ContextType>;
  OfferConnection?: OfferConnectionResolvers<ContextType>;
  Guide?: GuideResolvers<ContextType>;
  GuideConnection?: GuideConnectionResolvers<ContextType>;
  OfferResult?: OfferResultResolvers<ContextType>;
  GuideResult?: GuideResultResolvers<ContextType>;
  ExchangeSetting?: ExchangeSettingResolvers<ContextType>;
  QuickLink?: QuickLinkResolvers<ContextType>;
  QuickLinksResult?: QuickLinksResultResolvers<ContextType>;
  OddsUpdate?: OddsUpdateResolvers<ContextType>;
  SelectionOdds?: SelectionOddsResolvers<ContextType>;
  BackPrice?: BackPriceResolvers<ContextType>;
  LayPrice?: LayPriceResolvers<ContextType>;
  OddsSnapshot?: OddsSnapshotResolvers<ContextType>;
  OddsPatch?: OddsPatchResolvers<ContextType>;
  OddsQuoteColumns?: OddsQuoteColumnsResolvers<ContextType>;
  OddsDelta?: OddsDeltaResolvers<ContextType>;
  OddsRemovals?: OddsRemovalsResolvers<ContextType>;
  FeedEvent?: FeedEventResolvers<ContextType>;
  FeedMarket?: FeedMarketResolvers<ContextType>;
  FeedRunner?: FeedRunnerResolvers<ContextType>;
  FeedBackPrice?: FeedBackPriceResolvers<ContextType>;
  EachWayTerms?: EachWayTermsResolvers<ContextType>;
  EarlyPayout?: EarlyPayoutResolvers<ContextType>;
  FeedExchangePrice?: FeedExchangePriceResolvers<ContextType>;
  ExchangeQuote?: ExchangeQuoteResolvers<ContextType>;
  EachWayLay?: EachWayLayResolvers<ContextType>;
  FeedBetBuilder?: FeedBetBuilderResolvers<ContextType>;
  FeedProviderStatus?: FeedProviderStatusResolvers<ContextType>;
  FeedStatus?: FeedStatusResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  IntegrationState?: IntegrationStateResolvers<ContextType>;
  UserIds?: UserIdsResolvers<ContextType>;
  ReferAFriend?: ReferAFriendResolvers<ContextType>;
  UserResult?: UserResultResolvers<ContextType>;
  NotificationSetting?: NotificationSettingResolvers<ContextType>;
  QueueDepth?: QueueDepthResolvers<ContextType>;
  QueueError?: QueueErrorResolvers<ContextType>;
  RevenuePeriod?: RevenuePeriodResolvers<ContextType>;
  TrialConversion?: TrialConversionResolvers<ContextType>;
  TrialConversionMonth?: TrialConversionMonthResolvers<ContextType>;
  AdminRevenue?: AdminRevenueResolvers<ContextType>;
  TrackedLeg?: TrackedLegResolvers<ContextType>;
  TrackedBet?: TrackedBetResolvers<ContextType>;
  TrackedBetConnection?: TrackedBetConnectionResolvers<ContextType>;
  ProfitTotals?: ProfitTotalsResolvers<ContextType>;
  TrackedBetChange?: TrackedBetChangeResolvers<ContextType>;
  BalanceSheet?: BalanceSheetResolvers<ContextType>;
  AccountBalance?: AccountBalanceResolvers<ContextType>;
  BalanceEntry?: BalanceEntryResolvers<ContextType>;
  BalanceTotals?: BalanceTotalsResolvers<ContextType>;
  ImportBetsPayload?: ImportBetsPayloadResolvers<ContextType>;
  ImportError?: ImportErrorResolvers<ContextType>;
};
