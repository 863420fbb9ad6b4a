// Parts of the reference catalogue that both brands share (spec sections 2, 8 and 9).

// Named once so REFERRAL can use it without reading ROUTES: a property read at module level keeps
// the whole ROUTES object in every bundle that imports anything from here (analytics reads only
// ANALYTICS).
const REFERRAL_LANDING = '/refer';

export const ROUTES = {
  oddsmatching: '/oddsmatching',
  calculator: '/calculator',
  advancedCalculators: '/advanced-calculators',
  profitTracker: '/user/profit-tracker-advanced',
  balanceSheet: '/user/balance-sheet',
  referAFriend: '/user/refer-a-friend',
  referralLanding: REFERRAL_LANDING,
  accaCatcher: '/acca-catcher',
  matchCatcher: '/match-catcher',
  extraPlaceCatcher: '/extra-place-catcher',
  extraPlaceMaster: '/extra-place-master',
  twoUpMaster: '/2up-master',
  slots: '/slots',
  simulator: '/simulator',
  contact: '/contact',
  pro: '/pro',
  affiliates: '/affiliates',
  termsOfService: '/terms-of-service',
  refundPolicy: '/refund-policy',
  privacyPolicy: '/privacy-policy',
  subscribe: '/subscribe',
  tutorialStart: '/offers/sportsbook-signup-offers/tutorial-1-the-basic-idea',
  forum: '/forum',
};

export const CALCULATORS = [
  { slug: 'fixabet-calculator', title: 'Fixabet (mug bet) calculator' },
  { slug: 'each-way-calculator', title: 'Each-way calculator' },
  { slug: 'rule-4-calculator', title: 'Rule 4 calculator' },
  { slug: 'ev-calculator', title: 'Expected value calculator' },
  { slug: 'dutching-calculator', title: 'Dutching calculator' },
  { slug: 'acca-calculator', title: 'Acca calculator' },
  { slug: 'odds-converter-and-probability-calculator', title: 'Odds converter and probability calculator' },
  { slug: 'sequential-lay-calculator', title: 'Sequential lay calculator' },
  { slug: 'early-payout-calculator', title: '2UP and early payout calculator' },
  { slug: 'extra-place-calculator', title: 'Extra place calculator' },
  { slug: 'part-lay-calculator', title: 'Part lay calculator' },
  { slug: 'free-bet-retention-calculator', title: 'Free bet retention calculator' },
  { slug: 'bet-and-get-calculator', title: 'Bet and get calculator' },
  { slug: 'casino-wagering-calculator', title: 'Casino wagering calculator' },
];

export const OFFER_CATEGORIES = [
  { slug: 'sportsbook-signup-offers', title: 'Sportsbook sign-up offers' },
  { slug: 'casino-signup-offers', title: 'Casino sign-up offers' },
  { slug: 'reload-offers', title: 'Reload offers' },
];

export const DASHBOARD_SECTIONS = [
  {
    id: 'sports-and-casino-offers',
    title: 'Sports and Casino Offers',
    offerCategories: ['sportsbook-signup-offers', 'casino-signup-offers', 'reload-offers'],
  },
  { id: 'guides-and-training', title: 'Guides and Training', offerCategories: [] },
];

/** The three monthly cash targets of the onboarding goal step, in pence. */
export const GOALS = [
  { id: 'goal-300-600', label: '£300 to £600 per month', monthlyMin: 30_000, monthlyMax: 60_000, orMore: false },
  { id: 'goal-500-1000', label: '£500 to £1,000 per month', monthlyMin: 50_000, monthlyMax: 100_000, orMore: false },
  { id: 'goal-1000-2000', label: '£1,000 to £2,000+ per month', monthlyMin: 100_000, monthlyMax: 200_000, orMore: true },
];

export const AFFILIATE = { commissionRate: 0.4, commissionCap: null, paidOutOverPence: 300_000_000 };

export const NOTIFICATIONS = {
  autoCloseMs: 5000,
  statuses: ['success' as const, 'error' as const, 'warning' as const],
};

export const TRUST_REVIEW_COUNTS = [2000, 750];

export const PROFIT_TYPES = ['guaranteed' as const, 'potential' as const, 'training' as const, 'ev' as const];

export const ANALYTICS = {
  sessionTimeoutMs: 30 * 60 * 1000,
  clickTrackingDelayMs: 500,
  networkCaptureStatus: { min: 500, max: 599 },
  maxQueuedEvents: 65_536,
};

export const REFERRAL = { landingPath: REFERRAL_LANDING, codeParam: 'code' };

/** Codes this reference catalogue introduces where the spec names none (both brands). */
export const SHARED_CODE_NOTES = {
  'MK-CAP-CALCULATORS': 'reference catalogue code: the advanced calculators (the spec gives none)',
  'MK-CAP-PROFIT-TRACKER': 'reference catalogue code: the profit tracker and balance sheet (the spec gives none)',
  'MK-CAP-CASINO': 'reference catalogue code: casino training, /slots and /simulator (the spec gives none)',
};

interface QuickLinkTool {
  readonly key: string;
  readonly shortTitle: string;
  readonly slug: string;
}

/**
 * The quick-links bar: Oddsmatcher, Calculator, Advanced Calculators, Profit Tracker and Forum
 * active by default, then every other tool with a page, inactive.
 */
export function quickLinksFor(oddsmatcherHref: string, tools: readonly QuickLinkTool[]) {
  const active = [
    { id: 'oddsmatcher', name: 'Oddsmatcher', href: oddsmatcherHref, icon: 'odds' },
    { id: 'calculator', name: 'Calculator', href: ROUTES.calculator, icon: 'calculator' },
    { id: 'advanced-calculators', name: 'Advanced Calculators', href: ROUTES.advancedCalculators, icon: 'calculators' },
    { id: 'profit-tracker', name: 'Profit Tracker', href: ROUTES.profitTracker, icon: 'chart' },
    { id: 'forum', name: 'Forum', href: ROUTES.forum, icon: 'forum' },
  ].map((q, order) => ({ ...q, label: q.name, order, active: true }));
  const inactive = tools
    .filter((t) => t.slug !== '' && t.key !== 'oddsmatcher')
    .map((t, i) => ({
      id: t.key,
      name: t.shortTitle,
      label: t.shortTitle,
      href: `/${t.slug}`,
      icon: 'tool',
      order: active.length + i,
      active: false,
    }));
  return [...active, ...inactive];
}

interface ToolRow {
  readonly key: string;
  readonly title: string;
  readonly shortTitle: string;
  readonly slug: string;
  readonly capability: string;
  readonly profitTrackerSource?: string;
  readonly totals?: { readonly endpoint: string; readonly params?: Readonly<Record<string, string>> };
}

/** Expands compact tool rows into the spec's Tool shape. */
export function toolsFrom(rows: readonly ToolRow[]) {
  return rows.map((r) => ({
    key: r.key,
    title: r.title,
    shortTitle: r.shortTitle,
    slug: r.slug,
    guideUrl: r.slug === '' ? null : `/guides/${r.slug}`,
    showProfitTrackerButton: r.profitTrackerSource !== undefined,
    profitTrackerSource: r.profitTrackerSource ?? null,
    capability: r.capability,
    ...(r.totals === undefined
      ? {}
      : {
          profitTrackerTotalsEndpoint: r.totals.endpoint,
          ...(r.totals.params === undefined ? {} : { profitTrackerTotalsParams: { ...r.totals.params } }),
        }),
  }));
}

/** A plan's details: every feature of the brand, true for those the plan includes. */
export function detailsFor(featureKeys: readonly string[], included: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(featureKeys.map((k) => [k, included.includes(k)]));
}
