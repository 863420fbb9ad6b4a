import { describe, expect, it } from 'vitest';
import {
  capabilityCodeSchema,
  exchangeProviderSchema,
  instantSchema,
  memberFilterRuleSchema,
  pathSchema,
  penceSchema,
  planSchema,
  profitTypeSchema,
  quickLinkSchema,
  saleSchema,
  toolSchema,
  userSchema,
} from '../model';

function validUser() {
  return {
    uid: { global: 'u-1', wordpress: 42 },
    firstName: 'Ada',
    lastName: 'Lay',
    username: 'ada',
    email: 'ada@example.com',
    capabilities: ['PA-CAP-29', 'PA-CAP-006'],
    additionalCapabilities: ['PA-CAP-045'],
    subscription: { billingTerm: 'month', isTrial: false, isLegacy: true, endsAt: '2025-09-01T00:00:00+01:00' },
    billing: { customerId: 'cus_1', nextChargeAt: null },
    referAFriend: { referralCode: 'ADA42' },
    integrations: { matchbook: 'connected', betfair: 'expired' },
  };
}

function issuePaths(result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[] }[] } }) {
  return (result.error?.issues ?? []).map((i) => i.path.map(String).join('.'));
}

describe('userSchema (spec section 3)', () => {
  it('accepts a full valid user', () => {
    const result = userSchema.safeParse(validUser());
    expect(result.success).toBe(true);
    expect(result.data).toEqual(validUser());
  });

  it('accepts a member with no subscription, no billing and no integrations', () => {
    expect(userSchema.safeParse({ ...validUser(), subscription: null, billing: null, integrations: {} }).success).toBe(true);
  });

  it('accepts the billing term month (monthly) and year', () => {
    for (const billingTerm of ['month', 'year']) {
      const u = validUser();
      expect(userSchema.safeParse({ ...u, subscription: { ...u.subscription, billingTerm } }).success).toBe(true);
    }
  });

  it('rejects a bad email, naming email', () => {
    const result = userSchema.safeParse({ ...validUser(), email: 'ada-at-example' });
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toEqual(['email']);
  });

  it('rejects capabilities that are not an array, naming capabilities', () => {
    const result = userSchema.safeParse({ ...validUser(), capabilities: 'PA-CAP-29' });
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toEqual(['capabilities']);
  });

  it('rejects a malformed capability code in additionalCapabilities', () => {
    const result = userSchema.safeParse({ ...validUser(), additionalCapabilities: ['PA-CAP-045', 'lucky finder'] });
    expect(issuePaths(result)).toEqual(['additionalCapabilities.1']);
  });

  it('rejects an unknown billing term and an unknown integration status', () => {
    const u = validUser();
    const result = userSchema.safeParse({
      ...u,
      subscription: { ...u.subscription, billingTerm: 'weekly' },
      integrations: { matchbook: 'maybe' },
    });
    expect(issuePaths(result).sort()).toEqual(['integrations.matchbook', 'subscription.billingTerm']);
  });

  it('rejects a user without a referral code object', () => {
    const { referAFriend: _omitted, ...rest } = validUser();
    expect(issuePaths(userSchema.safeParse(rest))).toEqual(['referAFriend']);
  });
});

describe('scalars', () => {
  it('instantSchema accepts a date-time with an offset or Z and rejects one without', () => {
    expect(instantSchema.safeParse('2025-08-11T09:00:00+01:00').success).toBe(true);
    expect(instantSchema.safeParse('2025-08-11T08:00:00Z').success).toBe(true);
    expect(instantSchema.safeParse('2025-08-11T09:00:00').success).toBe(false);
    expect(instantSchema.safeParse('2025-08-11').success).toBe(false);
    expect(instantSchema.safeParse('not a date').success).toBe(false);
  });

  it('penceSchema accepts whole non-negative pence and rejects 39.99 and -1', () => {
    expect(penceSchema.safeParse(3999).success).toBe(true);
    expect(penceSchema.safeParse(0).success).toBe(true);
    expect(penceSchema.safeParse(39.99).success).toBe(false);
    expect(penceSchema.safeParse(-1).success).toBe(false);
    expect(penceSchema.safeParse('3999').success).toBe(false);
    expect(penceSchema.safeParse(Number.NaN).success).toBe(false);
  });

  it('penceSchema says the amount must be whole pence for pounds given by mistake, as for a negative one', () => {
    for (const bad of [39.99, -1, '3999']) {
      expect(penceSchema.safeParse(bad).error?.issues.map((i) => i.message)).toEqual(['must be a whole, non-negative number of pence']);
    }
  });

  it('capabilityCodeSchema accepts PA-CAP codes and catalogue codes, and rejects others', () => {
    for (const c of ['PA-CAP-006', 'PA-CAP-29', 'PA-CAP-028', 'MK-CAP-CASINO']) {
      expect(capabilityCodeSchema.safeParse(c).success).toBe(true);
    }
    for (const c of ['', 'pa-cap-006', 'PA CAP 006', 'PACAP006', '-PA-CAP-006']) {
      expect(capabilityCodeSchema.safeParse(c).success).toBe(false);
    }
  });

  it('pathSchema accepts site-relative paths only', () => {
    expect(pathSchema.safeParse('/subscribe/pro').success).toBe(true);
    expect(pathSchema.safeParse('subscribe/pro').success).toBe(false);
    expect(pathSchema.safeParse('//evil.example/x').success).toBe(false);
    expect(pathSchema.safeParse('https://example.com/').success).toBe(false);
  });

  it('profitTypeSchema has the four spec profit types', () => {
    for (const t of ['guaranteed', 'potential', 'training', 'ev']) expect(profitTypeSchema.safeParse(t).success).toBe(true);
    expect(profitTypeSchema.safeParse('bonus').success).toBe(false);
    expect(profitTypeSchema.safeParse('bonus').success).toBe(false);
  });
});

describe('entity schemas', () => {
  it('planSchema needs integer pence prices', () => {
    const plan = {
      name: 'platinum',
      label: 'Platinum',
      capability: 'PA-CAP-29',
      details: { casino: false },
      paymentFormUrl: '/subscribe/platinum',
      price: { firstMonth: 3999, monthly: 3999, yearly: 35_000 },
    };
    expect(planSchema.safeParse(plan).success).toBe(true);
    const pounds = planSchema.safeParse({ ...plan, price: { ...plan.price, monthly: 39.99 } });
    expect(issuePaths(pounds)).toEqual(['price.monthly']);
  });

  it('toolSchema allows an empty slug (a tool without a page) but not a malformed one', () => {
    const tool = {
      key: 'dutching',
      title: 'Dutching',
      shortTitle: 'Dutching',
      slug: '',
      guideUrl: null,
      showProfitTrackerButton: false,
      profitTrackerSource: null,
      capability: 'PA-CAP-008',
    };
    expect(toolSchema.safeParse(tool).success).toBe(true);
    expect(toolSchema.safeParse({ ...tool, slug: 'Dutching Tool' }).success).toBe(false);
  });

  it('quickLinkSchema needs every spec field', () => {
    const link = { id: 'forum', name: 'Forum', label: 'Forum', href: '/forum', icon: 'forum', order: 4, active: true };
    expect(quickLinkSchema.safeParse(link).success).toBe(true);
    const { active: _active, ...withoutActive } = link;
    expect(issuePaths(quickLinkSchema.safeParse(withoutActive))).toEqual(['active']);
  });

  it('saleSchema fixes usedSale to false and needs offset instants', () => {
    const sale = {
      id: 's',
      startDate: '2025-08-11T09:00:00+01:00',
      endDate: '2025-08-17T23:59:59+01:00',
      paymentLinkUniqParam: 'week',
      termsAndConditionsUrl: '/terms-of-service',
      creatives: [{ src: '/a.webp', alt: 'Sale', width: 1200, height: 300 }],
      salePageSections: {
        title: 'Sale',
        description: '',
        countdown: true,
        plansComparison: true,
        trustpilot: true,
        testimonials: true,
      },
      plans: [{ plan: 'platinum', yearly: 24_700, paymentLink: '/subscribe/sale-platinum-aug-2025-week' }],
      usedSale: false,
    };
    expect(saleSchema.safeParse(sale).success).toBe(true);
    expect(issuePaths(saleSchema.safeParse({ ...sale, usedSale: true }))).toEqual(['usedSale']);
    expect(issuePaths(saleSchema.safeParse({ ...sale, endDate: '2025-08-17 23:59:59' }))).toEqual(['endDate']);
  });

  it('exchangeProviderSchema allows a missing capability key but not an unknown one', () => {
    const provider = {
      name: 'betfair',
      apiName: 'betfairexchange',
      displayName: 'Betfair',
      url: 'betfair',
      capabilities: { account: ['PA-CAP-006'], oddsmatching: [] },
      isLockBetProvided: [],
      isLayThePlaceBetProvided: [],
    };
    expect(exchangeProviderSchema.safeParse(provider).success).toBe(true);
    expect(exchangeProviderSchema.safeParse({ ...provider, capabilities: { ...provider.capabilities, '3upMaster': [] } }).success).toBe(
      false,
    );
    expect(exchangeProviderSchema.safeParse({ ...provider, isLockBetProvided: ['lockEverything'] }).success).toBe(false);
  });

  it('memberFilterRuleSchema accepts each rule type and rejects an empty anyOf', () => {
    for (const rule of [
      { type: 'tier', anyOf: ['platinum'] },
      { type: 'capability', anyOf: ['PA-CAP-006'] },
      { type: 'noCapability', anyOf: ['PA-CAP-006'] },
      { type: 'trial', equals: true },
      { type: 'legacy', equals: false },
      { type: 'billingTerm', equals: 'month' },
    ]) {
      expect(memberFilterRuleSchema.safeParse(rule).success).toBe(true);
    }
    expect(memberFilterRuleSchema.safeParse({ type: 'tier', anyOf: [] }).success).toBe(false);
    expect(memberFilterRuleSchema.safeParse({ type: 'weekday', equals: 'monday' }).success).toBe(false);
  });
});
