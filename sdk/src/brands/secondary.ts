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

// The other brand: its own plan names, tool names and prices (spec sections 2, 6 and 9).
// The spec gives no capability codes for its plans: the MK-CAP-* tier codes below are this
// reference catalogue's own, marked in capabilityCodeNotes, and can be replaced with
// `remapCapabilities`.

const FEATURES = [
  {
    key: 'matchedBettingSoftware',
    label: 'Matched betting software',
    // oddsmatcher, match catcher, dutching, each way, acca finder
    capabilities: ['PA-CAP-006', 'PA-CAP-007', 'PA-CAP-008', 'PA-CAP-009', 'PA-CAP-003'],
  },
  { key: 'calculators', label: 'Calculators', capabilities: ['MK-CAP-CALCULATORS'] },
  { key: 'profitTracker', label: 'Profit tracker', capabilities: ['MK-CAP-PROFIT-TRACKER'] },
  { key: 'casino', label: 'Casino training', capabilities: ['MK-CAP-CASINO'] },
  { key: 'bog', label: 'BOG finder', capabilities: ['PA-CAP-051'] },
  { key: 'priceBoost', label: 'Price boost finder', capabilities: ['PA-CAP-044'] },
  { key: 'betBuilder', label: 'Bet builder finder', capabilities: ['PA-CAP-049'] },
  { key: 'luckyFinderEv', label: 'Lucky finder EV', capabilities: ['PA-CAP-045'] },
  { key: 'extraPlace', label: 'Extra place', capabilities: ['PA-CAP-061'] },
  { key: 'twoUp', label: '2UP and 2UP EV', capabilities: ['PA-CAP-067', 'PA-CAP-040'] },
];
const KEYS = FEATURES.map((f) => f.key);

const STARTER = ['matchedBettingSoftware', 'calculators', 'profitTracker'];
const ADVANCED = [...STARTER, 'casino', 'bog', 'priceBoost', 'betBuilder'];
const PRO = [...ADVANCED, 'luckyFinderEv', 'extraPlace', 'twoUp'];

const TOOLS = toolsFrom([
  {
    key: 'oddsmatcher',
    title: 'Oddsmatcher',
    shortTitle: 'Oddsmatcher',
    slug: 'oddsmatcher',
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
    title: 'Each Way Matcher',
    shortTitle: 'Each Way',
    slug: 'each-way-matcher',
    capability: 'PA-CAP-009',
    profitTrackerSource: 'each-way-catcher',
  },
  {
    key: 'accaCatcher',
    title: 'Acca Finder',
    shortTitle: 'Acca Finder',
    slug: 'acca-finder',
    capability: 'PA-CAP-003',
    profitTrackerSource: 'acca-catcher',
  },
  { key: 'bogCatcher', title: 'BOG Finder', shortTitle: 'BOG', slug: 'bog-finder', capability: 'PA-CAP-051', profitTrackerSource: 'bog' },
  {
    key: 'priceBoostTracker',
    title: 'Price Boost Finder',
    shortTitle: 'Price Boosts',
    slug: 'price-boosts',
    capability: 'PA-CAP-044',
    profitTrackerSource: 'price-boost',
  },
  {
    key: 'betBuilderFinder',
    title: 'Bet Builder Finder',
    shortTitle: 'Bet Builder',
    slug: 'bet-builder',
    capability: 'PA-CAP-049',
    profitTrackerSource: 'bet-builder',
  },
  {
    key: 'luckyFinder',
    title: 'Lucky Finder EV',
    shortTitle: 'Lucky Finder EV',
    slug: 'lucky-finder-ev',
    capability: 'PA-CAP-045',
    profitTrackerSource: 'lucky-finder',
    totals: { endpoint: 'lucky-finder/getMyBetsTotals' },
  },
  {
    key: 'extraPlaceCatcher',
    title: 'Extra Place Finder',
    shortTitle: 'Extra Place',
    slug: 'extra-place',
    capability: 'PA-CAP-061',
    profitTrackerSource: 'extra-place',
    totals: { endpoint: 'extra-place-catcher/getMyBetsTotals' },
  },
  {
    key: 'twoUpMatcher',
    title: '2UP',
    shortTitle: '2UP',
    slug: '2up',
    capability: 'PA-CAP-067',
    profitTrackerSource: 'two-up',
    totals: { endpoint: 'two-up-tracker/getMyBetsTotals', params: { variant: 'standard' } },
  },
  {
    key: 'twoUpMaster',
    title: '2UP EV',
    shortTitle: '2UP EV',
    slug: '2up-ev',
    capability: 'PA-CAP-040',
    profitTrackerSource: 'two-up',
    totals: { endpoint: 'two-up-tracker/getMyBetsTotals', params: { variant: 'master' } },
  },
  { key: 'slots', title: 'Slots Training', shortTitle: 'Slots', slug: 'slots', capability: 'MK-CAP-CASINO', profitTrackerSource: 'casino' },
  { key: 'simulator', title: 'Casino Wagering Simulator', shortTitle: 'Simulator', slug: 'simulator', capability: 'MK-CAP-CASINO' },
]);

/** The secondary brand's reference catalogue, before validation. */
export const secondaryCatalogue = {
  id: 'secondary' as const,
  displayName: 'Steadyback',
  colors: { accent: '#3a3db3', accentOnDark: '#aeb1ff' },
  currency: 'GBP' as const,
  timeZone: 'Europe/London',
  capabilityCodeNotes: {
    ...SHARED_CODE_NOTES,
    'MK-CAP-STARTER': "reference catalogue code: starter plan (the spec gives no codes for this brand's plans)",
    'MK-CAP-ADVANCED': "reference catalogue code: advanced plan (the spec gives no codes for this brand's plans)",
    'MK-CAP-PRO': "reference catalogue code: pro plan (the spec gives no codes for this brand's plans)",
    'MK-CAP-ELITE': "reference catalogue code: elite tier, not on sale (the spec gives no codes for this brand's plans)",
  },
  tiers: [
    { id: 'starter', label: 'Starter', capability: 'MK-CAP-STARTER' },
    { id: 'advanced', label: 'Advanced', capability: 'MK-CAP-ADVANCED' },
    { id: 'pro', label: 'Pro', capability: 'MK-CAP-PRO' },
    { id: 'elite', label: 'Elite', capability: 'MK-CAP-ELITE' },
  ],
  adminCapability: 'PA-CAP-028',
  forcedTiers: [],
  features: FEATURES,
  plans: [
    {
      name: 'starter',
      label: 'Starter',
      capability: 'MK-CAP-STARTER',
      details: detailsFor(KEYS, STARTER),
      paymentFormUrl: '/subscribe/starter',
      price: { firstMonth: 2083, monthly: 2083, yearly: 24_999 },
    },
    {
      name: 'advanced',
      label: 'Advanced',
      capability: 'MK-CAP-ADVANCED',
      details: detailsFor(KEYS, ADVANCED),
      paymentFormUrl: '/subscribe/advanced',
      price: { firstMonth: 2916, monthly: 2916, yearly: 34_999 },
    },
    {
      name: 'pro',
      label: 'Pro',
      capability: 'MK-CAP-PRO',
      details: detailsFor(KEYS, PRO),
      paymentFormUrl: '/subscribe/pro',
      price: { firstMonth: 8323, monthly: 8323, yearly: 99_900 },
    },
  ],
  // The catalogue's choice (the spec names none): Advanced adds casino, BOG, price boosts and
  // the bet builder to Starter.
  recommendedPlan: 'advanced',
  // Each plan up to every higher one, for the rest of the term at the prorated difference
  // (billing's quoteUpgrade); named after the plan upgraded from, as the primary brand's are.
  upgrades: [
    { slug: 'starter-upgrade', from: 'starter', to: 'advanced' },
    { slug: 'starter-pro-upgrade', from: 'starter', to: 'pro' },
    { slug: 'advanced-upgrade', from: 'advanced', to: 'pro' },
  ],
  tools: TOOLS,
  calculators: CALCULATORS,
  quickLinks: quickLinksFor('/oddsmatcher', TOOLS),
  offerCategories: OFFER_CATEGORIES,
  dashboardSections: DASHBOARD_SECTIONS,
  routes: ROUTES,
  onboarding: {
    steps: [
      { step: 10, id: 'goal', title: 'Choose your monthly goal' },
      { step: 11, id: 'testimonials', title: 'What members say' },
      { step: 12, id: 'plans', title: 'Compare the plans' },
      { step: 13, id: 'trial', title: 'Start your 7-day trial' },
    ],
    goals: GOALS,
    trialDays: 7,
    alternatives: [
      { label: 'Try Advanced instead', href: '/subscribe/advanced' },
      { label: 'Try Pro instead', href: '/subscribe/pro' },
    ],
  },
  billing: { daysBeforeSubscriptionEndNotToCharge: 14 },
  affiliate: AFFILIATE,
  notifications: NOTIFICATIONS,
  trustReviewCounts: TRUST_REVIEW_COUNTS,
  // Fictional members of this reference catalogue: what they did and found useful, no earnings.
  testimonials: [
    {
      id: 'sam',
      name: 'Sam R.',
      memberSince: 2024,
      quote: 'The trial let me follow the first guides at my own pace, and the calculators explained every number.',
    },
    {
      id: 'helen',
      name: 'Helen M.',
      memberSince: 2023,
      quote: 'The profit tracker shows me where I stand. I only use money I have set aside for it.',
    },
    {
      id: 'jordan',
      name: 'Jordan P.',
      memberSince: 2022,
      quote: 'The tools save me time, and the guides are clear about the risks of each offer.',
    },
  ],
  sales: [],
  memberFilterTypes: [
    { id: 'admin', label: 'Administrator', value: 'admin', rules: [{ type: 'tier' as const, anyOf: ['admin'] }] },
    { id: 'elite', label: 'Elite', value: 'elite', rules: [{ type: 'tier' as const, anyOf: ['elite'] }] },
    { id: 'pro', label: 'Pro', value: 'pro', rules: [{ type: 'tier' as const, anyOf: ['pro'] }] },
    { id: 'advanced', label: 'Advanced', value: 'advanced', rules: [{ type: 'tier' as const, anyOf: ['advanced'] }] },
    {
      id: 'starter-trial',
      label: 'Starter (trial)',
      value: 'starter-trial',
      rules: [
        { type: 'tier' as const, anyOf: ['starter'] },
        { type: 'trial' as const, equals: true },
      ],
    },
    {
      id: 'starter',
      label: 'Starter',
      value: 'starter',
      rules: [
        { type: 'tier' as const, anyOf: ['starter'] },
        { type: 'trial' as const, equals: false },
      ],
    },
  ],
  profitTypes: PROFIT_TYPES,
  analytics: ANALYTICS,
  referral: REFERRAL,
};
