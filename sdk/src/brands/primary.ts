import {
  AFFILIATE,
  ANALYTICS,
  CALCULATORS,
  DASHBOARD_SECTIONS,
  GOALS,
  NOTIFICATIONS,
  OFFER_CATEGORIES,
  PROFIT_TYPES,
  REFERRAL,
  ROUTES,
  SHARED_CODE_NOTES,
  TRUST_REVIEW_COUNTS,
  detailsFor,
  quickLinksFor,
  toolsFrom,
} from './common';

// The first, UK-focused brand. Every code, price and date below is from the product spec
// (sections 1, 2, 3, 4, 6 and 9) unless `capabilityCodeNotes` marks it as this catalogue's own.

const FEATURES = [
  {
    key: 'matchedBettingSoftware',
    label: 'Matched betting software',
    // oddsmatching, match catcher, dutching, each way, acca catcher, 2UP standard, extra place catcher
    capabilities: ['PA-CAP-006', 'PA-CAP-007', 'PA-CAP-008', 'PA-CAP-009', 'PA-CAP-003', 'PA-CAP-067', 'PA-CAP-061'],
  },
  { key: 'calculators', label: 'Calculators', capabilities: ['MK-CAP-CALCULATORS'] },
  { key: 'profitTracker', label: 'Profit tracker', capabilities: ['MK-CAP-PROFIT-TRACKER'] },
  { key: 'casino', label: 'Casino training', capabilities: ['MK-CAP-CASINO'] },
  { key: 'bogCatcher', label: 'Best odds guaranteed catcher', capabilities: ['PA-CAP-051'] },
  { key: 'extraPlaceMaster', label: 'Extra place master', capabilities: ['PA-CAP-039'] },
  { key: 'twoUpMaster', label: '2UP master', capabilities: ['PA-CAP-040'] },
  { key: 'luckyFinder', label: 'Lucky finder', capabilities: ['PA-CAP-045'] },
  { key: 'betBuilderFinder', label: 'Bet builder finder', capabilities: ['PA-CAP-049'] },
  { key: 'priceBoostTracker', label: 'Price boost tracker', capabilities: ['PA-CAP-044'] },
  { key: 'golfMaster', label: 'Golf master', capabilities: ['PA-CAP-060'] },
  { key: 'steamChaser', label: 'Steam chaser', capabilities: ['PA-CAP-046'] },
];
const KEYS = FEATURES.map((f) => f.key);

// The feature matrix: each tier adds to the one below it.
const PLATINUM = ['matchedBettingSoftware', 'calculators', 'profitTracker'];
const DIAMOND = [...PLATINUM, 'casino', 'bogCatcher'];
const PRO = [...DIAMOND, 'extraPlaceMaster', 'twoUpMaster', 'luckyFinder', 'betBuilderFinder', 'priceBoostTracker'];
const PRO_PLUS = [...PRO, 'golfMaster', 'steamChaser'];

const TOOLS = toolsFrom([
  {
    key: 'oddsmatcher',
    title: 'Oddsmatcher',
    shortTitle: 'Oddsmatcher',
    slug: 'oddsmatching',
    capability: 'PA-CAP-006',
    profitTrackerSource: 'oddsmatcher',
  },
  {
    key: 'matchCatcher',
    title: 'Match Catcher',
    shortTitle: 'Match Catcher',
    slug: 'match-catcher',
    capability: 'PA-CAP-007',
    profitTrackerSource: 'match-catcher',
  },
  { key: 'dutching', title: 'Dutching', shortTitle: 'Dutching', slug: '', capability: 'PA-CAP-008' },
  {
    key: 'eachWayCatcher',
    title: 'Each Way Catcher',
    shortTitle: 'Each Way',
    slug: 'each-way-catcher',
    capability: 'PA-CAP-009',
    profitTrackerSource: 'each-way-catcher',
  },
  {
    key: 'accaCatcher',
    title: 'Acca Catcher',
    shortTitle: 'Acca Catcher',
    slug: 'acca-catcher',
    capability: 'PA-CAP-003',
    profitTrackerSource: 'acca-catcher',
  },
  {
    key: 'twoUpMatcher',
    title: '2UP Matcher',
    shortTitle: '2UP Matcher',
    slug: '2up-matcher',
    capability: 'PA-CAP-067',
    profitTrackerSource: 'two-up',
    totals: { endpoint: 'two-up-tracker/getMyBetsTotals', params: { variant: 'standard' } },
  },
  {
    key: 'twoUpMaster',
    title: '2UP Master',
    shortTitle: '2UP Master',
    slug: '2up-master',
    capability: 'PA-CAP-040',
    profitTrackerSource: 'two-up',
    totals: { endpoint: 'two-up-tracker/getMyBetsTotals', params: { variant: 'master' } },
  },
  {
    key: 'extraPlaceCatcher',
    title: 'Extra Place Catcher',
    shortTitle: 'Extra Place Catcher',
    slug: 'extra-place-catcher',
    capability: 'PA-CAP-061',
    profitTrackerSource: 'extra-place',
    totals: { endpoint: 'extra-place-catcher/getMyBetsTotals' },
  },
  {
    key: 'extraPlaceMaster',
    title: 'Extra Place Master',
    shortTitle: 'Extra Place Master',
    slug: 'extra-place-master',
    capability: 'PA-CAP-039',
    profitTrackerSource: 'extra-place',
    totals: { endpoint: 'getPartLayMyBetsTotals', params: { tool: 'extra-place-master' } },
  },
  {
    key: 'bogCatcher',
    title: 'Best Odds Guaranteed Catcher',
    shortTitle: 'BOG Catcher',
    slug: 'best-odds-guaranteed-catcher',
    capability: 'PA-CAP-051',
    profitTrackerSource: 'bog',
  },
  {
    key: 'priceBoostTracker',
    title: 'Price Boost Tracker',
    shortTitle: 'Price Boosts',
    slug: 'price-boost-tracker',
    capability: 'PA-CAP-044',
    profitTrackerSource: 'price-boost',
  },
  {
    key: 'luckyFinder',
    title: 'Lucky Finder',
    shortTitle: 'Lucky Finder',
    slug: 'lucky-finder',
    capability: 'PA-CAP-045',
    profitTrackerSource: 'lucky-finder',
    totals: { endpoint: 'lucky-finder/getMyBetsTotals' },
  },
  {
    key: 'steamChaser',
    title: 'Steam Chaser',
    shortTitle: 'Steam Chaser',
    slug: 'steam-chaser',
    capability: 'PA-CAP-046',
    profitTrackerSource: 'steam-chaser',
    totals: { endpoint: 'getNoLayMyBetsTotals', params: { tool: 'steam-chaser' } },
  },
  {
    key: 'betBuilderFinder',
    title: 'Bet Builder Finder',
    shortTitle: 'Bet Builder',
    slug: 'bet-builder-finder',
    capability: 'PA-CAP-049',
    profitTrackerSource: 'bet-builder',
  },
  {
    key: 'golfMaster',
    title: 'Golf Master',
    shortTitle: 'Golf Master',
    slug: 'golf-master',
    capability: 'PA-CAP-060',
    profitTrackerSource: 'golf-master',
    totals: { endpoint: 'golf-master/getNoLayMyBetsTotals' },
  },
  { key: 'slots', title: 'Slots Training', shortTitle: 'Slots', slug: 'slots', capability: 'MK-CAP-CASINO', profitTrackerSource: 'casino' },
  { key: 'simulator', title: 'Casino Wagering Simulator', shortTitle: 'Simulator', slug: 'simulator', capability: 'MK-CAP-CASINO' },
]);

const SALE_SECTIONS = {
  countdown: true,
  plansComparison: true,
  trustpilot: true,
  testimonials: true,
};

/** Sale yearly prices in pence, by plan (spec section 9). */
const SALE_YEARLY = { platinum: 24_700, diamond: 29_700, pro: 59_700, 'pro-plus': 89_500 };

function salePlans(code: string) {
  return Object.entries(SALE_YEARLY).map(([plan, yearly]) => ({
    plan,
    yearly,
    paymentLink: `/subscribe/sale-${plan}-aug-2025-${code}`,
  }));
}

function creatives(id: string, alt: string) {
  return [
    { src: `/images/sales/${id}-desktop.webp`, alt, width: 1200, height: 300 },
    { src: `/images/sales/${id}-mobile.webp`, alt, width: 640, height: 400 },
  ];
}

/** The primary brand's reference catalogue, before validation. */
export const primaryCatalogue = {
  id: 'primary' as const,
  displayName: 'Brightlay',
  colors: { accent: '#0a6b4d', accentOnDark: '#62d6a8' },
  currency: 'GBP' as const,
  timeZone: 'Europe/London',
  capabilityCodeNotes: {
    ...SHARED_CODE_NOTES,
    'PA-CAP-30': 'spec: holding this code forces the platinum tier',
    'PA-CAP-040': "spec names it for the other brand's 2up master; this catalogue uses it for 2up master on both brands",
  },
  tiers: [
    { id: 'platinum', label: 'Platinum', capability: 'PA-CAP-29' },
    { id: 'diamond', label: 'Diamond', capability: 'PA-CAP-31' },
    { id: 'pro', label: 'Pro', capability: 'PA-CAP-042' },
    { id: 'pro-plus', label: 'Pro Plus', capability: 'PA-CAP-048' },
  ],
  adminCapability: 'PA-CAP-028',
  forcedTiers: [{ capability: 'PA-CAP-30', tier: 'platinum' }],
  features: FEATURES,
  plans: [
    {
      name: 'platinum',
      label: 'Platinum',
      capability: 'PA-CAP-29',
      details: detailsFor(KEYS, PLATINUM),
      paymentFormUrl: '/subscribe/platinum',
      price: { firstMonth: 3999, monthly: 3999, yearly: 35_000 },
    },
    {
      name: 'diamond',
      label: 'Diamond',
      capability: 'PA-CAP-31',
      details: detailsFor(KEYS, DIAMOND),
      paymentFormUrl: '/subscribe/diamond',
      price: { firstMonth: 4999, monthly: 4999, yearly: 45_000 },
    },
    {
      name: 'pro',
      label: 'Pro',
      capability: 'PA-CAP-042',
      details: detailsFor(KEYS, PRO),
      paymentFormUrl: '/subscribe/pro',
      price: { firstMonth: 15_000, monthly: 15_000, yearly: 99_500 },
    },
    {
      name: 'pro-plus',
      label: 'Pro Plus',
      capability: 'PA-CAP-048',
      details: detailsFor(KEYS, PRO_PLUS),
      paymentFormUrl: '/subscribe/pro-plus',
      price: { firstMonth: 16_500, monthly: 16_500, yearly: 149_900 },
    },
  ],
  // The catalogue's choice (the spec names none): Diamond is Platinum's tools with casino
  // training and the BOG catcher added, for £10 a month more.
  recommendedPlan: 'diamond',
  upgrades: [
    { slug: 'platinum-upgrade', from: 'platinum', to: 'diamond' },
    { slug: 'diamond-upgrade', from: 'diamond', to: 'pro' },
    { slug: 'pro-upgrade', from: 'pro', to: 'pro-plus' },
  ],
  tools: TOOLS,
  calculators: CALCULATORS,
  quickLinks: quickLinksFor(ROUTES.oddsmatching, TOOLS),
  offerCategories: OFFER_CATEGORIES,
  dashboardSections: DASHBOARD_SECTIONS,
  routes: ROUTES,
  onboarding: {
    steps: [
      { step: 10, id: 'goal', title: 'Choose your monthly goal' },
      { step: 11, id: 'testimonials', title: 'What members say' },
      { step: 12, id: 'plans', title: 'Compare the plans' },
      { step: 13, id: 'start', title: 'Start your membership' },
    ],
    goals: GOALS,
    trialDays: 7,
    alternatives: [],
  },
  billing: { daysBeforeSubscriptionEndNotToCharge: 7 },
  affiliate: AFFILIATE,
  notifications: NOTIFICATIONS,
  trustReviewCounts: TRUST_REVIEW_COUNTS,
  // Fictional members of this reference catalogue: what they did and found useful, no earnings.
  testimonials: [
    {
      id: 'priya',
      name: 'Priya K.',
      memberSince: 2023,
      quote: 'The guides took me through my first qualifying bet slowly, and the calculator showed what each bet would do.',
    },
    {
      id: 'tom',
      name: 'Tom W.',
      memberSince: 2022,
      quote: 'The profit tracker keeps every bet in one place. I set a budget and a time limit, and stop at either.',
    },
    {
      id: 'grace',
      name: 'Grace O.',
      memberSince: 2024,
      quote: 'The Oddsmatcher saves me hunting for a close match, and the forum explained terms I found confusing.',
    },
  ],
  sales: [
    {
      id: 'aug-2025',
      startDate: '2025-08-11T09:00:00+01:00',
      endDate: '2025-08-17T23:59:59+01:00',
      paymentLinkUniqParam: 'week',
      termsAndConditionsUrl: '/terms-of-service',
      creatives: creatives('aug-2025', 'August sale: up to 40% off a year'),
      salePageSections: {
        title: 'The August sale',
        description: 'A year of membership at the lowest price of the year.',
        ...SALE_SECTIONS,
      },
      plans: salePlans('week'),
      usedSale: false as const,
    },
    {
      id: 'aug-2025-last-day',
      startDate: '2025-08-18T00:00:00+01:00',
      endDate: '2025-08-18T23:59:59+01:00',
      paymentLinkUniqParam: 'lastday',
      termsAndConditionsUrl: '/terms-of-service',
      creatives: creatives('aug-2025-last-day', 'Last day of the August sale'),
      salePageSections: { title: 'Last day of the August sale', description: 'The sale prices end at midnight tonight.', ...SALE_SECTIONS },
      plans: salePlans('lastday'),
      usedSale: false as const,
    },
  ],
  memberFilterTypes: [
    { id: 'admin', label: 'Administrator', value: 'admin', rules: [{ type: 'tier' as const, anyOf: ['admin'] }] },
    { id: 'pro-plus', label: 'Pro Plus', value: 'pro-plus', rules: [{ type: 'tier' as const, anyOf: ['pro-plus'] }] },
    { id: 'pro', label: 'Pro', value: 'pro', rules: [{ type: 'tier' as const, anyOf: ['pro'] }] },
    { id: 'diamond', label: 'Diamond', value: 'diamond', rules: [{ type: 'tier' as const, anyOf: ['diamond'] }] },
    {
      id: 'platinum-trial',
      label: 'Platinum (trial)',
      value: 'platinum-trial',
      rules: [
        { type: 'tier' as const, anyOf: ['platinum'] },
        { type: 'trial' as const, equals: true },
      ],
    },
    {
      id: 'platinum-legacy',
      label: 'Platinum (legacy)',
      value: 'platinum-legacy',
      rules: [
        { type: 'tier' as const, anyOf: ['platinum'] },
        { type: 'trial' as const, equals: false },
        { type: 'legacy' as const, equals: true },
      ],
    },
    {
      id: 'platinum-current',
      label: 'Platinum (current)',
      value: 'platinum-current',
      rules: [
        { type: 'tier' as const, anyOf: ['platinum'] },
        { type: 'trial' as const, equals: false },
        { type: 'legacy' as const, equals: false },
      ],
    },
    { id: 'free', label: 'Free', value: 'free', rules: [{ type: 'tier' as const, anyOf: ['free'] }] },
  ],
  profitTypes: PROFIT_TYPES,
  analytics: ANALYTICS,
  referral: REFERRAL,
};
