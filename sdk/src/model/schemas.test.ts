import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
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

function issuePaths(result: { success: boolean; issues?: readonly { path?: readonly { key: unknown }[] | undefined }[] | undefined }) {
  return (result.issues ?? []).map((i) => (i.path ?? []).map((p) => String(p.key)).join('.'));
}

describe('userSchema (spec section 3)', () => {
  it('accepts a full valid user', () => {
    const result = v.safeParse(userSchema, validUser());
    expect(result.success).toBe(true);
    expect(result.output).toEqual(validUser());
  });

  it('accepts a member with no subscription, no billing and no integrations', () => {
    expect(v.safeParse(userSchema, { ...validUser(), subscription: null, billing: null, integrations: {} }).success).toBe(true);
  });

  it('accepts the billing term month (monthly) and year', () => {
    for (const billingTerm of ['month', 'year']) {
      const u = validUser();
      expect(v.safeParse(userSchema, { ...u, subscription: { ...u.subscription, billingTerm } }).success).toBe(true);
    }
  });

  it('rejects a bad email, naming email', () => {
    const result = v.safeParse(userSchema, { ...validUser(), email: 'ada-at-example' });
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toEqual(['email']);
  });

  it('rejects capabilities that are not an array, naming capabilities', () => {
    const result = v.safeParse(userSchema, { ...validUser(), capabilities: 'PA-CAP-29' });
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toEqual(['capabilities']);
  });

  it('rejects a malformed capability code in additionalCapabilities', () => {
    const result = v.safeParse(userSchema, { ...validUser(), additionalCapabilities: ['PA-CAP-045', 'lucky finder'] });
    expect(issuePaths(result)).toEqual(['additionalCapabilities.1']);
  });

  it('rejects an unknown billing term and an unknown integration status', () => {
    const u = validUser();
    const result = v.safeParse(userSchema, {
      ...u,
      subscription: { ...u.subscription, billingTerm: 'weekly' },
      integrations: { matchbook: 'maybe' },
    });
    expect(issuePaths(result).sort()).toEqual(['integrations.matchbook', 'subscription.billingTerm']);
  });

  it('rejects a user without a referral code object', () => {
    const { referAFriend: _omitted, ...rest } = validUser();
    expect(issuePaths(v.safeParse(userSchema, rest))).toEqual(['referAFriend']);
  });
});

describe('scalars', () => {
  it('instantSchema accepts a date-time with an offset or Z and rejects one without', () => {
    expect(v.safeParse(instantSchema, '2025-08-11T09:00:00+01:00').success).toBe(true);
    expect(v.safeParse(instantSchema, '2025-08-11T08:00:00Z').success).toBe(true);
    expect(v.safeParse(instantSchema, '2025-08-11T09:00:00').success).toBe(false);
    expect(v.safeParse(instantSchema, '2025-08-11').success).toBe(false);
    expect(v.safeParse(instantSchema, 'not a date').success).toBe(false);
  });

  it('penceSchema accepts whole non-negative pence and rejects 39.99 and -1', () => {
    expect(v.safeParse(penceSchema, 3999).success).toBe(true);
    expect(v.safeParse(penceSchema, 0).success).toBe(true);
    expect(v.safeParse(penceSchema, 39.99).success).toBe(false);
    expect(v.safeParse(penceSchema, -1).success).toBe(false);
    expect(v.safeParse(penceSchema, '3999').success).toBe(false);
    expect(v.safeParse(penceSchema, Number.NaN).success).toBe(false);
  });

  it('penceSchema says the amount must be whole pence for pounds given by mistake, as for a negative one', () => {
    for (const bad of [39.99, -1, '3999']) {
      expect(v.safeParse(penceSchema, bad).issues?.map((i) => i.message)).toEqual(['must be a whole, non-negative number of pence']);
    }
  });

  it('capabilityCodeSchema accepts PA-CAP codes and catalogue codes, and rejects others', () => {
    for (const c of ['PA-CAP-006', 'PA-CAP-29', 'PA-CAP-028', 'MK-CAP-CASINO']) {
      expect(v.safeParse(capabilityCodeSchema, c).success).toBe(true);
    }
    for (const c of ['', 'pa-cap-006', 'PA CAP 006', 'PACAP006', '-PA-CAP-006']) {
      expect(v.safeParse(capabilityCodeSchema, c).success).toBe(false);
    }
  });

  it('pathSchema accepts site-relative paths only', () => {
    expect(v.safeParse(pathSchema, '/subscribe/pro').success).toBe(true);
    expect(v.safeParse(pathSchema, 'subscribe/pro').success).toBe(false);
    expect(v.safeParse(pathSchema, '//evil.example/x').success).toBe(false);
    expect(v.safeParse(pathSchema, 'https://example.com/').success).toBe(false);
  });

  it('profitTypeSchema has the four spec profit types', () => {
    for (const t of ['guaranteed', 'potential', 'training', 'ev']) expect(v.safeParse(profitTypeSchema, t).success).toBe(true);
    expect(v.safeParse(profitTypeSchema, 'bonus').success).toBe(false);
    expect(v.safeParse(profitTypeSchema, 'bonus').success).toBe(false);
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
    expect(v.safeParse(planSchema, plan).success).toBe(true);
    const pounds = v.safeParse(planSchema, { ...plan, price: { ...plan.price, monthly: 39.99 } });
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
    expect(v.safeParse(toolSchema, tool).success).toBe(true);
    expect(v.safeParse(toolSchema, { ...tool, slug: 'Dutching Tool' }).success).toBe(false);
  });

  it('quickLinkSchema needs every spec field', () => {
    const link = { id: 'forum', name: 'Forum', label: 'Forum', href: '/forum', icon: 'forum', order: 4, active: true };
    expect(v.safeParse(quickLinkSchema, link).success).toBe(true);
    const { active: _active, ...withoutActive } = link;
    expect(issuePaths(v.safeParse(quickLinkSchema, withoutActive))).toEqual(['active']);
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
    expect(v.safeParse(saleSchema, sale).success).toBe(true);
    expect(issuePaths(v.safeParse(saleSchema, { ...sale, usedSale: true }))).toEqual(['usedSale']);
    expect(issuePaths(v.safeParse(saleSchema, { ...sale, endDate: '2025-08-17 23:59:59' }))).toEqual(['endDate']);
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
    expect(v.safeParse(exchangeProviderSchema, provider).success).toBe(true);
    expect(v.safeParse(exchangeProviderSchema, { ...provider, capabilities: { ...provider.capabilities, '3upMaster': [] } }).success).toBe(
      false,
    );
    expect(v.safeParse(exchangeProviderSchema, { ...provider, isLockBetProvided: ['lockEverything'] }).success).toBe(false);
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
      expect(v.safeParse(memberFilterRuleSchema, rule).success).toBe(true);
    }
    expect(v.safeParse(memberFilterRuleSchema, { type: 'tier', anyOf: [] }).success).toBe(false);
    expect(v.safeParse(memberFilterRuleSchema, { type: 'weekday', equals: 'monday' }).success).toBe(false);
  });
});
