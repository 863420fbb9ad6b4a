// TypeScript shapes of the platform schema's object types (schema.graphql), as the operations of
// operations.ts select them: every fragment selects every field of its type, so a result type is
// the entity type. Money fields are integer pence, instants ISO 8601 strings with an offset,
// odds decimal numbers, commission a fraction in [0, 1).
import type { TrackedLeg } from '../tracker/model';

/** A brand id. @example `const brand: GqlBrandId = 'primary';` */
export type GqlBrandId = 'primary' | 'secondary';
/** A billing term. @example `const term: GqlBillingTerm = 'month';` */
export type GqlBillingTerm = 'month' | 'year';
/** An integration status. @example `const s: GqlIntegrationStatus = 'connected';` */
export type GqlIntegrationStatus = 'connected' | 'disconnected' | 'expired';
/** A profit type. @example `const t: GqlProfitType = 'ev';` */
export type GqlProfitType = 'guaranteed' | 'potential' | 'training' | 'ev';
/** Where a tracked bet stands. @example `const s: GqlBetStatus = 'open';` */
export type GqlBetStatus = 'open' | 'settled' | 'void';
/** What a balance-sheet entry records. @example `const k: GqlBalanceEntryKind = 'deposit';` */
export type GqlBalanceEntryKind = 'deposit' | 'withdrawal' | 'bonus' | 'adjustment';
/** What happened to a tracked bet. @example `const c: GqlChangeKind = 'created';` */
export type GqlChangeKind = 'created' | 'updated' | 'deleted';

/**
 * A member (GraphQL type `User`).
 *
 * @example
 * ```ts
 * import type { GqlUser } from '@matchkit/sdk/transport';
 * const codes = (u: GqlUser) => [...u.capabilities, ...u.additionalCapabilities];
 * ```
 */
export interface GqlUser {
  /** The member's ids. */
  readonly uid: {
    /** The platform-wide id. */
    readonly global: string;
    /** The content site's numeric id, or null. */
    readonly wordpress: number | null;
  };
  /** First name. */
  readonly firstName: string;
  /** Last name. */
  readonly lastName: string;
  /** Login name. */
  readonly username: string;
  /** Email address. */
  readonly email: string;
  /** Capability codes held through the plan. */
  readonly capabilities: readonly string[];
  /** Capability codes granted on top of the plan. */
  readonly additionalCapabilities: readonly string[];
  /** The subscription, or null. */
  readonly subscription: {
    /** How it is billed. */
    readonly billingTerm: GqlBillingTerm;
    /** In a free trial. */
    readonly isTrial: boolean;
    /** On a legacy price. */
    readonly isLegacy: boolean;
    /** End of the paid or trial period, or null. */
    readonly endsAt: string | null;
  } | null;
  /** The billing record, or null. */
  readonly billing: {
    /** The payment provider's customer id, or null. */
    readonly customerId: string | null;
    /** When the next charge is due, or null. */
    readonly nextChargeAt: string | null;
  } | null;
  /** Refer-a-friend details. */
  readonly referAFriend: {
    /** The member's referral code. */
    readonly referralCode: string;
  };
  /** Status per external integration. */
  readonly integrations: readonly {
    /** The integration's name. */
    readonly integration: string;
    /** Its status. */
    readonly status: GqlIntegrationStatus;
  }[];
}

/**
 * A plan (GraphQL type `Plan`); prices in pence.
 *
 * @example
 * ```ts
 * import type { GqlPlan } from '@matchkit/sdk/transport';
 * const yearly = (p: GqlPlan) => p.price.yearly;
 * ```
 */
export interface GqlPlan {
  /** The tier id the plan grants. */
  readonly name: string;
  /** Display name. */
  readonly label: string;
  /** The plan's capability code. */
  readonly capability: string;
  /** The feature matrix row. */
  readonly details: readonly {
    /** Feature key. */
    readonly key: string;
    /** Whether the plan includes it. */
    readonly included: boolean;
  }[];
  /** Path of the purchase page. */
  readonly paymentFormUrl: string;
  /** Prices in pence. */
  readonly price: {
    /** First month, pence. */
    readonly firstMonth: number;
    /** Each month, pence. */
    readonly monthly: number;
    /** A year, pence. */
    readonly yearly: number;
  };
}

/**
 * A sale (GraphQL type `Sale`).
 *
 * @example
 * ```ts
 * import type { GqlSale } from '@matchkit/sdk/transport';
 * const ends = (s: GqlSale) => Date.parse(s.endDate);
 * ```
 */
export interface GqlSale {
  /** Stable id. */
  readonly id: string;
  /** First instant (inclusive). */
  readonly startDate: string;
  /** Last instant (inclusive). */
  readonly endDate: string;
  /** The code ending the sale's payment links. */
  readonly paymentLinkUniqParam: string;
  /** Path of the sale's terms. */
  readonly termsAndConditionsUrl: string;
  /** Banner images. */
  readonly creatives: readonly {
    /** Image URL. */
    readonly src: string;
    /** Alternative text. */
    readonly alt: string;
    /** Width in pixels. */
    readonly width: number;
    /** Height in pixels. */
    readonly height: number;
  }[];
  /** What the sale page shows. */
  readonly salePageSections: {
    /** Heading. */
    readonly title: string;
    /** Text under the heading. */
    readonly description: string;
    /** Show the countdown. */
    readonly countdown: boolean;
    /** Show the plan comparison. */
    readonly plansComparison: boolean;
    /** Show the trust reviews. */
    readonly trustpilot: boolean;
    /** Show testimonials. */
    readonly testimonials: boolean;
  };
  /** Plans on sale. */
  readonly plans: readonly {
    /** The plan's name. */
    readonly plan: string;
    /** Sale price of a year, pence. */
    readonly yearly: number;
    /** Path of the sale purchase page. */
    readonly paymentLink: string;
  }[];
  /** Fixed to false. */
  readonly usedSale: boolean;
}

/**
 * A tool (GraphQL type `Tool`).
 *
 * @example
 * ```ts
 * import type { GqlTool } from '@matchkit/sdk/transport';
 * const hasPage = (t: GqlTool) => t.slug !== '';
 * ```
 */
export interface GqlTool {
  /** Brand-independent id. */
  readonly key: string;
  /** Full title. */
  readonly title: string;
  /** Short title. */
  readonly shortTitle: string;
  /** Page slug, empty when none. */
  readonly slug: string;
  /** Guide path, or null. */
  readonly guideUrl: string | null;
  /** Whether the tool offers to record bets. */
  readonly showProfitTrackerButton: boolean;
  /** Source tag of recorded bets, or null. */
  readonly profitTrackerSource: string | null;
  /** Capability code that unlocks the tool. */
  readonly capability: string;
  /** Totals endpoint name, or null. */
  readonly profitTrackerTotalsEndpoint: string | null;
  /** Totals endpoint parameters, or null. */
  readonly profitTrackerTotalsParams:
    | readonly {
        /** Parameter name. */
        readonly key: string;
        /** Parameter value. */
        readonly value: string;
      }[]
    | null;
}

/**
 * An exchange (GraphQL type `Exchange`).
 *
 * @example
 * ```ts
 * import type { GqlExchange } from '@matchkit/sdk/transport';
 * const on = (e: GqlExchange) => e.enabledByDefault;
 * ```
 */
export interface GqlExchange {
  /** Lower-case key. */
  readonly name: string;
  /** Display name. */
  readonly displayName: string;
  /** Logo path. */
  readonly imageSrc: string;
  /** Whether an account integration exists. */
  readonly hasIntegration: boolean;
  /** On for members who have not chosen. */
  readonly enabledByDefault: boolean;
}

/**
 * An exchange provider (GraphQL type `ExchangeProvider`).
 *
 * @example
 * ```ts
 * import type { GqlExchangeProvider } from '@matchkit/sdk/transport';
 * const lock = (p: GqlExchangeProvider) => p.isLockBetProvided.length > 0;
 * ```
 */
export interface GqlExchangeProvider {
  /** Provider key. */
  readonly name: string;
  /** Name used by the odds and account APIs. */
  readonly apiName: string;
  /** Display name. */
  readonly displayName: string;
  /** The lower-case provider key. */
  readonly url: string;
  /** Feature to the codes that unlock it. */
  readonly capabilities: readonly {
    /** Feature key. */
    readonly feature: string;
    /** Capability codes. */
    readonly codes: readonly string[];
  }[];
  /** Features with a locked hedge. */
  readonly isLockBetProvided: readonly string[];
  /** Features with a place market to lay. */
  readonly isLayThePlaceBetProvided: readonly string[];
}

/**
 * A member's exchange setting (GraphQL type `ExchangeSetting`).
 *
 * @example
 * ```ts
 * import type { GqlExchangeSetting } from '@matchkit/sdk/transport';
 * const connected = (s: GqlExchangeSetting) => s.integration === 'connected';
 * ```
 */
export interface GqlExchangeSetting {
  /** Exchange key. */
  readonly exchange: string;
  /** Whether it is on. */
  readonly enabled: boolean;
  /** Integration status, or null when there is no integration. */
  readonly integration: GqlIntegrationStatus | null;
}

/**
 * Cursor pagination (GraphQL type `PageInfo`).
 *
 * @example
 * ```ts
 * import type { GqlPageInfo } from '@matchkit/sdk/transport';
 * const more = (p: GqlPageInfo) => p.hasNextPage;
 * ```
 */
export interface GqlPageInfo {
  /** Cursor of the last node, or null. */
  readonly endCursor: string | null;
  /** Whether another page follows. */
  readonly hasNextPage: boolean;
}

/**
 * An offer (GraphQL type `Offer`).
 *
 * @example
 * ```ts
 * import type { GqlOffer } from '@matchkit/sdk/transport';
 * const todo = (o: GqlOffer) => !o.completed;
 * ```
 */
export interface GqlOffer {
  /** Id. */
  readonly id: string;
  /** Slug. */
  readonly slug: string;
  /** Title. */
  readonly title: string;
  /** Offer category. */
  readonly category: string;
  /** Bookmaker. */
  readonly bookmaker: string;
  /** Summary. */
  readonly summary: string;
  /** Typical profit, pence. */
  readonly expectedProfit: number;
  /** Guide path, or null. */
  readonly guideUrl: string | null;
  /** Expiry instant, or null. */
  readonly expiresAt: string | null;
  /** Marked completed by the member. */
  readonly completed: boolean;
}

/**
 * A guide (GraphQL type `Guide`).
 *
 * @example
 * ```ts
 * import type { GqlGuide } from '@matchkit/sdk/transport';
 * const byOrder = (a: GqlGuide, b: GqlGuide) => a.order - b.order;
 * ```
 */
export interface GqlGuide {
  /** Slug. */
  readonly slug: string;
  /** Title. */
  readonly title: string;
  /** Section. */
  readonly section: string;
  /** Page URL. */
  readonly url: string;
  /** Summary. */
  readonly summary: string;
  /** Reading order within the section. */
  readonly order: number;
}

/**
 * One leg of a tracked bet (GraphQL type `TrackedLeg`): the tracker's own leg type
 * (`TrackedLeg` of `@matchkit/sdk/tracker`), one declaration for both.
 *
 * @example
 * ```ts
 * import type { GqlTrackedLeg } from '@matchkit/sdk/transport';
 * const isLay = (leg: GqlTrackedLeg) => leg.side === 'lay';
 * ```
 */
export type GqlTrackedLeg = TrackedLeg;

/**
 * A tracked bet (GraphQL type `TrackedBet`); stakes and profits in pence, odds decimal, instants
 * ISO 8601 strings (the tracker's `TrackedBet` keeps epoch milliseconds).
 *
 * @example
 * ```ts
 * import type { GqlTrackedBet } from '@matchkit/sdk/transport';
 * const profit = (b: GqlTrackedBet) => b.settledProfit ?? b.expectedProfit;
 * ```
 */
export interface GqlTrackedBet {
  /** Id. */
  readonly id: string;
  /** Tool source tag, or `manual`. */
  readonly source: string;
  /** Profit type. */
  readonly profitType: GqlProfitType;
  /** Status. */
  readonly status: GqlBetStatus;
  /** Event. */
  readonly event: string;
  /** Market. */
  readonly market: string;
  /** Selection. */
  readonly selection: string;
  /** The legs, in the order placed. */
  readonly legs: readonly GqlTrackedLeg[];
  /** Expected profit, pence (signed). */
  readonly expectedProfit: number;
  /** Settled profit, pence (signed), or null while open or void. */
  readonly settledProfit: number | null;
  /** When placed. */
  readonly placedAt: string;
  /** When settled or voided, or null. */
  readonly settledAt: string | null;
  /** Note, or null. */
  readonly note: string | null;
}

/**
 * Totals of tracked bets (GraphQL type `ProfitTotals`), in integer pence; the REST totals
 * endpoints return the same type ({@link TrackerTotals}).
 *
 * @example
 * ```ts
 * import type { GqlProfitTotals } from '@matchkit/sdk/transport';
 * const pounds = (t: GqlProfitTotals) => t.profit / 100;
 * ```
 */
export interface GqlProfitTotals {
  /** Number of bets counted. */
  readonly betCount: number;
  /** Total back stakes, in pence. */
  readonly staked: number;
  /** Settled profit of all profit types, in pence (signed). */
  readonly profit: number;
  /** Expected profit of the open bets, in pence (signed). */
  readonly pendingProfit: number;
  /** Settled profit of `guaranteed` bets, in pence. */
  readonly guaranteed: number;
  /** Settled profit of `potential` bets, in pence. */
  readonly potential: number;
  /** Settled profit of `training` bets, in pence. */
  readonly training: number;
  /** Settled profit of `ev` bets, in pence. */
  readonly ev: number;
}

/**
 * The balance of one bookmaker or exchange account (GraphQL type `AccountBalance`), in signed
 * integer pence, with its restricted ("gubbed") flag.
 *
 * @example
 * ```ts
 * import type { GqlAccountBalance } from '@matchkit/sdk/transport';
 * const gubbed = (a: GqlAccountBalance) => a.kind === 'bookmaker' && a.restricted;
 * ```
 */
export interface GqlAccountBalance {
  /** The account's name. */
  readonly account: string;
  /** Bookmaker or exchange. */
  readonly kind: 'bookmaker' | 'exchange';
  /** True when the bookmaker restricts the member; always false for an exchange. */
  readonly restricted: boolean;
  /** Balance, pence (signed). */
  readonly balance: number;
}

/**
 * One bad value of a CSV import (GraphQL type `ImportError`): the physical line its record starts
 * on (the header is line 1), the column (null when the whole line is bad) and why.
 *
 * @example
 * ```ts
 * import type { GqlImportError } from '@matchkit/sdk/transport';
 * const where = (e: GqlImportError) => `line ${e.line}${e.column === null ? '' : `, ${e.column}`}: ${e.message}`;
 * ```
 */
export interface GqlImportError {
  /** The physical line of the CSV (1-based, the header being line 1). */
  readonly line: number;
  /** The column name, or null when the error is about the whole line. */
  readonly column: string | null;
  /** Why the value is bad. */
  readonly message: string;
}

/**
 * The result of the `importBets` mutation (GraphQL type `ImportBetsPayload`): all or nothing, so
 * either `imported` bets and no errors, or 0 and every bad value.
 *
 * @example
 * ```ts
 * import type { GqlImportBetsPayload } from '@matchkit/sdk/transport';
 * const ok = (p: GqlImportBetsPayload) => p.errors.length === 0;
 * ```
 */
export interface GqlImportBetsPayload {
  /** The number of bets written (not rows); 0 when there are errors. */
  readonly imported: number;
  /** Every bad value; empty when the import was written. */
  readonly errors: readonly GqlImportError[];
}

/**
 * A balance-sheet entry (GraphQL type `BalanceEntry`).
 *
 * @example
 * ```ts
 * import type { GqlBalanceEntry } from '@matchkit/sdk/transport';
 * const isDeposit = (e: GqlBalanceEntry) => e.kind === 'deposit';
 * ```
 */
export interface GqlBalanceEntry {
  /** Id. */
  readonly id: string;
  /** Bookmaker or exchange. */
  readonly account: string;
  /** What it records. */
  readonly kind: GqlBalanceEntryKind;
  /** Amount, pence. */
  readonly amount: number;
  /** When. */
  readonly at: string;
  /** Note, or null. */
  readonly note: string | null;
}

/**
 * Affiliate earnings (GraphQL type `AffiliateEarnings`), in pence: the fields of the referrals
 * module's `affiliateLedger`, which a resolver can return as it is.
 *
 * @example
 * ```ts
 * import type { GqlAffiliateEarnings } from '@matchkit/sdk/transport';
 * const owed = (e: GqlAffiliateEarnings) => e.total - e.paid; // = e.pending
 * ```
 */
export interface GqlAffiliateEarnings {
  /** Commission rate, a fraction (0.4). */
  readonly commissionRate: number;
  /** Commission the affiliate keeps, `earned − reversed` (never negative). */
  readonly total: number;
  /** Commission earned by payments (never negative). */
  readonly earned: number;
  /** Commission taken back by refunds (never negative). */
  readonly reversed: number;
  /** The balance owed to the affiliate, `total − paid` (negative when refunds took back commission already paid out). */
  readonly pending: number;
  /** Commission paid out (never negative). */
  readonly paid: number;
  /** Per UK (Europe/London) month with events, oldest first. */
  readonly months: readonly {
    /** YYYY-MM. */
    readonly month: string;
    /** Payments less refunds made in the month (may be negative). */
    readonly revenue: number;
    /** `earned − reversed` of the month (may be negative). */
    readonly commission: number;
    /** Commission earned by the month's payments. */
    readonly earned: number;
    /** Commission taken back by the month's refunds. */
    readonly reversed: number;
    /** Paid out in the month. */
    readonly paid: number;
    /** The balance at the end of the month (may be negative). */
    readonly pending: number;
  }[];
}

/**
 * A purchase (GraphQL type `Purchase`).
 *
 * @example
 * ```ts
 * import type { GqlPurchase } from '@matchkit/sdk/transport';
 * const pounds = (p: GqlPurchase) => p.amount / 100;
 * ```
 */
export interface GqlPurchase {
  /** Id. */
  readonly id: string;
  /** Plan name. */
  readonly plan: string;
  /** Billing term. */
  readonly billingTerm: GqlBillingTerm;
  /** Amount charged, pence. */
  readonly amount: number;
  /** Sale id, or null. */
  readonly saleId: string | null;
  /** When bought. */
  readonly purchasedAt: string;
  /** Capability codes granted. */
  readonly grantedCapabilities: readonly string[];
}

/**
 * New prices of one market (GraphQL type `OddsUpdate`).
 *
 * @example
 * ```ts
 * import type { GqlOddsUpdate } from '@matchkit/sdk/transport';
 * const best = (u: GqlOddsUpdate) => u.selections.map((s) => Math.max(...s.back.map((b) => b.odds)));
 * ```
 */
export interface GqlOddsUpdate {
  /** Event id. */
  readonly eventId: string;
  /** Event name. */
  readonly eventName: string;
  /** Sport. */
  readonly sport: string;
  /** Competition, or null. */
  readonly competition: string | null;
  /** Start instant. */
  readonly startsAt: string;
  /** Market id. */
  readonly marketId: string;
  /** Market name. */
  readonly marketName: string;
  /** Prices per selection. */
  readonly selections: readonly {
    /** Selection id. */
    readonly selectionId: string;
    /** Selection name. */
    readonly name: string;
    /** Bookmaker back prices. */
    readonly back: readonly {
      /** Bookmaker. */
      readonly bookmaker: string;
      /** Decimal odds. */
      readonly odds: number;
    }[];
    /** Exchange lay prices. */
    readonly lay: readonly {
      /** Exchange. */
      readonly exchange: string;
      /** Decimal odds. */
      readonly odds: number;
      /** Stake available, pence. */
      readonly liquidity: number;
      /** Commission, a fraction. */
      readonly commission: number;
    }[];
  }[];
  /** When the prices were taken. */
  readonly updatedAt: string;
}

/**
 * Filter of tracked bets (GraphQL input `TrackedBetFilter`).
 *
 * @example
 * ```ts
 * import type { GqlTrackedBetFilter } from '@matchkit/sdk/transport';
 * const filter: GqlTrackedBetFilter = { profitTypes: ['guaranteed'], status: 'settled' };
 * ```
 */
export interface GqlTrackedBetFilter {
  /** Tool source tag. */
  readonly source?: string | null;
  /** Profit types. */
  readonly profitTypes?: readonly GqlProfitType[] | null;
  /** Status. */
  readonly status?: GqlBetStatus | null;
  /** From this instant. */
  readonly from?: string | null;
  /** To this instant. */
  readonly to?: string | null;
}
