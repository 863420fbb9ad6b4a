import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { activeSale } from '../sales';
import { availableTools, canUseTool, grantedCapabilities, matchesMemberFilter, memberSegment, planTier } from '../entitlements';
import {
  BRAND_SEGMENTS,
  BRAND_TIERS,
  brandSchema,
  defineBrand,
  getBrand,
  remapCapabilities,
  resolveBrand,
  type Brand,
  type BrandId,
} from '../brands';
import { validationError } from '../internal/testing/validation';

// Expected values below are copied from the product spec (sections 2, 3, 4, 6 and 9), never
// from the catalogue sources.

type DeepMutable<T> = T extends readonly (infer U)[]
  ? DeepMutable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: DeepMutable<T[K]> }
    : T;

/** A writable deep copy of a reference catalogue, to break on purpose. */
function draft(id: BrandId): DeepMutable<Brand> {
  return structuredClone(getBrand(id)) as DeepMutable<Brand>;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item at index ${index}`);
  return item;
}

function paths(fn: () => unknown): string[] {
  return validationError(fn).issues.map((i) => i.path);
}

function frozenPaths(value: unknown, path = '$', out: string[] = []): string[] {
  if (typeof value === 'object' && value !== null) {
    if (!Object.isFrozen(value)) out.push(path);
    for (const [k, v] of Object.entries(value)) frozenPaths(v, `${path}.${k}`, out);
  }
  return out;
}

function plan(brand: Brand, name: string) {
  const found = brand.plans.find((p) => p.name === name);
  if (found === undefined) throw new Error(`no plan ${name} in ${brand.id}`);
  return found;
}

function includedFeatures(brand: Brand, name: string): string[] {
  return Object.entries(plan(brand, name).details)
    .filter(([, included]) => included)
    .map(([key]) => key);
}

function added(brand: Brand, lower: string, higher: string): string[] {
  const below = new Set(includedFeatures(brand, lower));
  return includedFeatures(brand, higher)
    .filter((k) => !below.has(k))
    .sort();
}

function toolByCode(brand: Brand, code: string) {
  return brand.tools.filter((t) => t.capability === code);
}

const primary = getBrand('primary');
const secondary = getBrand('secondary');

describe('getBrand', () => {
  it.each(['primary', 'secondary'] as const)('returns the %s reference catalogue, valid against brandSchema', (id) => {
    const brand = getBrand(id);
    expect(brand.id).toBe(id);
    const result = v.safeParse(brandSchema, brand);
    expect(result.success, JSON.stringify(result.issues)).toBe(true);
  });

  it.each(['primary', 'secondary'] as const)('returns the %s catalogue deeply frozen', (id) => {
    expect(frozenPaths(getBrand(id))).toEqual([]);
  });

  it('returns the same shared object on every call', () => {
    expect(getBrand('primary')).toBe(getBrand('primary'));
  });

  it('rejects an unknown brand id on path brand, with the header of a bad brand object', () => {
    expect(paths(() => getBrand('tertiary' as BrandId))).toEqual(['brand']);
    const byId = validationError(() => resolveBrand('tertiary' as BrandId));
    const byObject = validationError(() => resolveBrand({ id: 'primary' } as never));
    expect(byId.issues).toEqual([{ path: 'brand', message: 'must be "primary" or "secondary" (got "tertiary")' }]);
    expect(byId.message.split('\n')[0]).toBe(byObject.message.split('\n')[0]);
    expect(byId.message).not.toContain('brand id');
  });
});

describe('BRAND_TIERS', () => {
  it("lists each brand's paid tiers lowest first", () => {
    expect(BRAND_TIERS.primary).toEqual(['platinum', 'diamond', 'pro', 'pro-plus']);
    expect(BRAND_TIERS.secondary).toEqual(['starter', 'advanced', 'pro', 'elite']);
  });
});

describe('primary brand plans (spec sections 6 and 9)', () => {
  it('has platinum, diamond, pro and pro plus with the spec plan codes', () => {
    expect(primary.plans.map((p) => [p.name, p.capability])).toEqual([
      ['platinum', 'PA-CAP-29'],
      ['diamond', 'PA-CAP-31'],
      ['pro', 'PA-CAP-042'],
      ['pro-plus', 'PA-CAP-048'],
    ]);
    expect(primary.tiers.map((t) => [t.id, t.capability])).toEqual([
      ['platinum', 'PA-CAP-29'],
      ['diamond', 'PA-CAP-31'],
      ['pro', 'PA-CAP-042'],
      ['pro-plus', 'PA-CAP-048'],
    ]);
  });

  it('uses PA-CAP-028 as the admin code and PA-CAP-30 to force platinum', () => {
    expect(primary.adminCapability).toBe('PA-CAP-028');
    expect(primary.forcedTiers).toEqual([{ capability: 'PA-CAP-30', tier: 'platinum' }]);
  });

  it.each([
    ['platinum', 3999, 35_000],
    ['diamond', 4999, 45_000],
    ['pro', 15_000, 99_500],
    ['pro-plus', 16_500, 149_900],
  ])('prices %s at %i pence a month and %i pence a year', (name, monthly, yearly) => {
    const { price } = plan(primary, name);
    expect(price.monthly).toBe(monthly);
    expect(price.yearly).toBe(yearly);
    expect(Number.isInteger(price.firstMonth) && price.firstMonth >= 0).toBe(true);
  });

  it('gives every plan a label, a site-relative payment form and every feature flag', () => {
    const keys = primary.features.map((f) => f.key).sort();
    for (const p of primary.plans) {
      expect(p.label).not.toBe('');
      expect(p.paymentFormUrl).toMatch(/^\/subscribe\//);
      expect(Object.keys(p.details).sort()).toEqual(keys);
    }
  });

  it('offers the platinum, diamond and pro upgrades as subscribe slugs', () => {
    expect(primary.upgrades.map((u) => u.slug)).toEqual(['platinum-upgrade', 'diamond-upgrade', 'pro-upgrade']);
  });

  it('the secondary brand sells an upgrade from each of its plans to every higher one', () => {
    const secondary = getBrand('secondary');
    expect(secondary.upgrades).toEqual([
      { slug: 'starter-upgrade', from: 'starter', to: 'advanced' },
      { slug: 'starter-pro-upgrade', from: 'starter', to: 'pro' },
      { slug: 'advanced-upgrade', from: 'advanced', to: 'pro' },
    ]);
    const names = secondary.plans.map((p) => p.name);
    for (const [i, from] of names.entries()) {
      for (const to of names.slice(i + 1))
        expect(
          secondary.upgrades.some((u) => u.from === from && u.to === to),
          `${from} to ${to}`,
        ).toBe(true);
    }
  });

  describe('feature matrix', () => {
    it('platinum has matched-betting software, calculators and the profit tracker, but not casino', () => {
      const features = includedFeatures(primary, 'platinum');
      expect(features).toEqual(expect.arrayContaining(['matchedBettingSoftware', 'calculators', 'profitTracker']));
      expect(features).not.toContain('casino');
    });

    it('diamond adds casino and the BOG catcher', () => {
      expect(added(primary, 'platinum', 'diamond')).toEqual(['bogCatcher', 'casino']);
    });

    it('pro adds extra place master, 2up master, lucky finder, bet builder finder and price boost tracker', () => {
      expect(added(primary, 'diamond', 'pro')).toEqual([
        'betBuilderFinder',
        'extraPlaceMaster',
        'luckyFinder',
        'priceBoostTracker',
        'twoUpMaster',
      ]);
    });

    it('pro plus adds golf master and steam chaser', () => {
      expect(added(primary, 'pro', 'pro-plus')).toEqual(['golfMaster', 'steamChaser']);
    });

    it('each higher plan keeps everything of the plan below', () => {
      const names = primary.plans.map((p) => p.name);
      for (let i = 1; i < names.length; i++) {
        expect(includedFeatures(primary, at(names, i))).toEqual(expect.arrayContaining(includedFeatures(primary, at(names, i - 1))));
      }
    });

    it('grants each feature by the spec code of its tool', () => {
      const codesOf = (key: string) => primary.features.find((f) => f.key === key)?.capabilities;
      expect(codesOf('bogCatcher')).toEqual(['PA-CAP-051']);
      expect(codesOf('extraPlaceMaster')).toEqual(['PA-CAP-039']);
      expect(codesOf('twoUpMaster')).toEqual(['PA-CAP-040']);
      expect(codesOf('luckyFinder')).toEqual(['PA-CAP-045']);
      expect(codesOf('betBuilderFinder')).toEqual(['PA-CAP-049']);
      expect(codesOf('priceBoostTracker')).toEqual(['PA-CAP-044']);
      expect(codesOf('golfMaster')).toEqual(['PA-CAP-060']);
      expect(codesOf('steamChaser')).toEqual(['PA-CAP-046']);
      expect(codesOf('matchedBettingSoftware')).toEqual(
        expect.arrayContaining(['PA-CAP-006', 'PA-CAP-007', 'PA-CAP-008', 'PA-CAP-009', 'PA-CAP-003']),
      );
    });
  });
});

describe('secondary brand plans (spec sections 6 and 9)', () => {
  it.each([
    ['starter', 2083, 24_999],
    ['advanced', 2916, 34_999],
    ['pro', 8323, 99_900],
  ])('prices %s at %i pence a month and %i pence a year', (name, monthly, yearly) => {
    const { price } = plan(secondary, name);
    expect(price.monthly).toBe(monthly);
    expect(price.yearly).toBe(yearly);
    expect(Number.isInteger(price.firstMonth) && price.firstMonth >= 0).toBe(true);
  });

  it('sells starter, advanced and pro at /subscribe/{plan}', () => {
    expect(secondary.plans.map((p) => [p.name, p.paymentFormUrl])).toEqual([
      ['starter', '/subscribe/starter'],
      ['advanced', '/subscribe/advanced'],
      ['pro', '/subscribe/pro'],
    ]);
  });

  it("declares its own tier codes, documented as the reference catalogue's own", () => {
    // The codes written down in docs/guides/decisions.md ("Secondary brand plan codes").
    expect(secondary.tiers.map((t) => [t.id, t.capability])).toEqual([
      ['starter', 'MK-CAP-STARTER'],
      ['advanced', 'MK-CAP-ADVANCED'],
      ['pro', 'MK-CAP-PRO'],
      ['elite', 'MK-CAP-ELITE'],
    ]);
    for (const code of ['MK-CAP-STARTER', 'MK-CAP-ADVANCED', 'MK-CAP-PRO', 'MK-CAP-ELITE']) {
      expect(secondary.capabilityCodeNotes[code]).toMatch(/reference catalogue/);
    }
    expect(secondary.plans.map((p) => [p.name, p.capability])).toEqual([
      ['starter', 'MK-CAP-STARTER'],
      ['advanced', 'MK-CAP-ADVANCED'],
      ['pro', 'MK-CAP-PRO'],
    ]);
    expect(secondary.adminCapability).toBe('PA-CAP-028');
  });

  it('advanced adds casino, BOG, price boost and bet builder', () => {
    expect(added(secondary, 'starter', 'advanced')).toEqual(['betBuilder', 'bog', 'casino', 'priceBoost']);
  });

  it('pro adds lucky finder EV, extra place and 2UP', () => {
    expect(added(secondary, 'advanced', 'pro')).toEqual(['extraPlace', 'luckyFinderEv', 'twoUp']);
  });

  it('starter has matched-betting software, calculators and the profit tracker, but not casino', () => {
    const features = includedFeatures(secondary, 'starter');
    expect(features).toEqual(expect.arrayContaining(['matchedBettingSoftware', 'calculators', 'profitTracker']));
    expect(features).not.toContain('casino');
  });
});

describe('tools (spec sections 2 and 6)', () => {
  it('has every primary tool slug of the spec', () => {
    const slugs = primary.tools.map((t) => t.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        '2up-matcher',
        '2up-master',
        'extra-place-master',
        'acca-catcher',
        'each-way-catcher',
        'oddsmatching',
        'best-odds-guaranteed-catcher',
        'price-boost-tracker',
        'lucky-finder',
        'steam-chaser',
        'bet-builder-finder',
        'golf-master',
        'match-catcher',
        'extra-place-catcher',
        'slots',
        'simulator',
      ]),
    );
  });

  it("has the secondary brand's 2up, 2up-ev, acca-finder and oddsmatcher slugs", () => {
    expect(secondary.tools.map((t) => t.slug)).toEqual(expect.arrayContaining(['2up', '2up-ev', 'acca-finder', 'oddsmatcher']));
  });

  it.each([
    ['PA-CAP-067', '2up-matcher'],
    ['PA-CAP-040', '2up-master'],
    ['PA-CAP-039', 'extra-place-master'],
    ['PA-CAP-061', 'extra-place-catcher'],
    ['PA-CAP-003', 'acca-catcher'],
    ['PA-CAP-009', 'each-way-catcher'],
    ['PA-CAP-006', 'oddsmatching'],
    ['PA-CAP-051', 'best-odds-guaranteed-catcher'],
    ['PA-CAP-044', 'price-boost-tracker'],
    ['PA-CAP-045', 'lucky-finder'],
    ['PA-CAP-046', 'steam-chaser'],
    ['PA-CAP-049', 'bet-builder-finder'],
    ['PA-CAP-060', 'golf-master'],
    ['PA-CAP-007', 'match-catcher'],
  ])('primary: %s unlocks /%s', (code, slug) => {
    expect(toolByCode(primary, code).map((t) => t.slug)).toEqual([slug]);
  });

  it.each([
    ['PA-CAP-067', '2up'],
    ['PA-CAP-040', '2up-ev'],
    ['PA-CAP-003', 'acca-finder'],
    ['PA-CAP-006', 'oddsmatcher'],
  ])('secondary: %s unlocks /%s', (code, slug) => {
    expect(toolByCode(secondary, code).map((t) => t.slug)).toEqual([slug]);
  });

  it.each(['PA-CAP-061', 'PA-CAP-009', 'PA-CAP-051', 'PA-CAP-044', 'PA-CAP-045', 'PA-CAP-049', 'PA-CAP-007'])(
    'secondary: %s unlocks exactly one tool with a page',
    (code) => {
      const tools = toolByCode(secondary, code);
      expect(tools).toHaveLength(1);
      expect(at(tools, 0).slug).not.toBe('');
    },
  );

  it.each([primary, secondary])('dutching (PA-CAP-008) has no page of its own on $id', (brand) => {
    expect(toolByCode(brand, 'PA-CAP-008').map((t) => t.slug)).toEqual(['']);
  });

  it.each([primary, secondary])('every $id tool carries the spec Tool fields', (brand) => {
    for (const t of brand.tools) {
      expect(t).toEqual(
        expect.objectContaining({
          title: expect.any(String),
          shortTitle: expect.any(String),
          slug: expect.any(String),
          showProfitTrackerButton: expect.any(Boolean),
          capability: expect.stringMatching(/^[A-Z]+-CAP-/),
        }),
      );
      expect(t).toHaveProperty('guideUrl');
      expect(t).toHaveProperty('profitTrackerSource');
    }
  });

  it('names the spec tracker totals endpoints', () => {
    const endpoints = new Set(primary.tools.map((t) => t.profitTrackerTotalsEndpoint).filter((e) => e !== undefined));
    expect([...endpoints].sort()).toEqual(
      [
        'two-up-tracker/getMyBetsTotals',
        'extra-place-catcher/getMyBetsTotals',
        'getPartLayMyBetsTotals',
        'getNoLayMyBetsTotals',
        'lucky-finder/getMyBetsTotals',
        'golf-master/getNoLayMyBetsTotals',
      ].sort(),
    );
  });
});

describe.each([primary, secondary])('$id brand screens and constants (spec sections 2 and 9)', (brand) => {
  const oddsmatcherSlug = brand.id === 'primary' ? 'oddsmatching' : 'oddsmatcher';

  it('activates Oddsmatcher, Calculator, Advanced Calculators, Profit Tracker and Forum, and nothing else', () => {
    const byOrder = [...brand.quickLinks].sort((a, b) => a.order - b.order);
    expect(byOrder.filter((q) => q.active).map((q) => q.name)).toEqual([
      'Oddsmatcher',
      'Calculator',
      'Advanced Calculators',
      'Profit Tracker',
      'Forum',
    ]);
    expect(brand.quickLinks.filter((q) => !q.active).length).toBeGreaterThan(0);
    const href = (name: string) => brand.quickLinks.find((q) => q.name === name)?.href;
    expect(href('Oddsmatcher')).toBe(`/${oddsmatcherSlug}`);
    expect(href('Calculator')).toBe('/calculator');
    expect(href('Advanced Calculators')).toBe('/advanced-calculators');
    expect(href('Profit Tracker')).toBe('/user/profit-tracker-advanced');
  });

  it('lists the other tools with a page as inactive quick links', () => {
    const inactiveHrefs = brand.quickLinks.filter((q) => !q.active).map((q) => q.href);
    const otherTools = brand.tools.filter((t) => t.slug !== '' && t.slug !== oddsmatcherSlug);
    expect(inactiveHrefs.sort()).toEqual(otherTools.map((t) => `/${t.slug}`).sort());
  });

  it('has the two dashboard sections and the three offer categories', () => {
    expect(brand.offerCategories.map((c) => c.slug)).toEqual(['sportsbook-signup-offers', 'casino-signup-offers', 'reload-offers']);
    expect(brand.dashboardSections.map((s) => s.title)).toEqual(['Sports and Casino Offers', 'Guides and Training']);
    expect(at(brand.dashboardSections, 0).offerCategories).toEqual(['sportsbook-signup-offers', 'casino-signup-offers', 'reload-offers']);
  });

  it('runs onboarding as steps 10 to 13 with the three monthly cash targets in pence', () => {
    expect(brand.onboarding.steps.map((s) => s.step)).toEqual([10, 11, 12, 13]);
    expect(brand.onboarding.steps.map((s) => s.id).slice(0, 3)).toEqual(['goal', 'testimonials', 'plans']);
    expect(brand.onboarding.goals.map((g) => [g.monthlyMin, g.monthlyMax, g.orMore])).toEqual([
      [30_000, 60_000, false],
      [50_000, 100_000, false],
      [100_000, 200_000, true],
    ]);
    expect(brand.onboarding.trialDays).toBe(7);
  });

  it('pays 40% affiliate commission with no cap, over 3 million pounds paid out', () => {
    expect(brand.affiliate.commissionRate).toBe(0.4);
    expect(brand.affiliate.commissionCap).toBeNull();
    expect(brand.affiliate.paidOutOverPence).toBe(300_000_000);
  });

  it('closes notifications after 5000 ms, with statuses success, error and warning', () => {
    expect(brand.notifications.autoCloseMs).toBe(5000);
    expect(brand.notifications.statuses).toEqual(['success', 'error', 'warning']);
  });

  it('recommends one of its own plans', () => {
    expect(brand.plans.map((p) => p.name)).toContain(brand.recommendedPlan);
  });

  it('shows the trust review counts 2000 and 750', () => {
    expect(brand.trustReviewCounts).toEqual([2000, 750]);
  });

  it('has three testimonials of fictional members, none promising an amount or a sure result', () => {
    expect(brand.testimonials).toHaveLength(3);
    expect(new Set(brand.testimonials.map((t) => t.id)).size).toBe(3);
    for (const t of brand.testimonials) {
      expect(t.quote).not.toMatch(/£|\d+ ?(pounds|per month|a month)|guarantee|risk[- ]free|sure thing|easy money/i);
      expect(t.memberSince).toBeLessThanOrEqual(2025);
    }
  });

  it('records the four profit types', () => {
    expect(brand.profitTypes).toEqual(['guaranteed', 'potential', 'training', 'ev']);
  });

  it('keeps the analytics constants: 500 ms click wait, status 500-599, 65536 entries', () => {
    expect(brand.analytics.clickTrackingDelayMs).toBe(500);
    expect(brand.analytics.networkCaptureStatus).toEqual({ min: 500, max: 599 });
    expect(brand.analytics.maxQueuedEvents).toBe(65_536);
  });

  it('knows the spec routes', () => {
    expect(Object.values(brand.routes)).toEqual(
      expect.arrayContaining([
        '/oddsmatching',
        '/calculator',
        '/advanced-calculators',
        '/user/profit-tracker-advanced',
        '/user/balance-sheet',
        '/user/refer-a-friend',
        '/acca-catcher',
        '/match-catcher',
        '/extra-place-catcher',
        '/extra-place-master',
        '/2up-master',
        '/slots',
        '/simulator',
        '/contact',
        '/pro',
        '/affiliates',
        '/terms-of-service',
        '/refund-policy',
        '/privacy-policy',
        '/offers/sportsbook-signup-offers/tutorial-1-the-basic-idea',
      ]),
    );
    expect(brand.referral.codeParam).toBe('code');
  });

  it("addresses the spec's example advanced calculators by slug", () => {
    expect(brand.calculators.map((c) => c.slug)).toEqual(
      expect.arrayContaining([
        'fixabet-calculator',
        'each-way-calculator',
        'rule-4-calculator',
        'ev-calculator',
        'dutching-calculator',
        'acca-calculator',
        'odds-converter-and-probability-calculator',
      ]),
    );
  });
});

describe('brand-specific constants', () => {
  it('does not charge 7 days (primary) and 14 days (secondary) before the subscription ends', () => {
    expect(primary.billing.daysBeforeSubscriptionEndNotToCharge).toBe(7);
    expect(secondary.billing.daysBeforeSubscriptionEndNotToCharge).toBe(14);
  });

  it('lets the secondary brand offer try advanced instead and try pro instead', () => {
    expect(secondary.onboarding.alternatives.map((a) => [a.label.toLowerCase(), a.href])).toEqual([
      ['try advanced instead', '/subscribe/advanced'],
      ['try pro instead', '/subscribe/pro'],
    ]);
  });

  it("has the primary brand's two sales and none on the secondary brand", () => {
    expect(primary.sales).toHaveLength(2);
    expect(secondary.sales).toEqual([]);
  });

  it('has fictional, distinct display names', () => {
    expect(primary.displayName).not.toBe('');
    expect(secondary.displayName).not.toBe('');
    expect(primary.displayName).not.toBe(secondary.displayName);
  });
});

describe('resolveBrand', () => {
  it('resolves an id to the reference catalogue and passes a catalogue through', () => {
    expect(resolveBrand('secondary')).toBe(secondary);
    const mine = defineBrand({ ...primary, displayName: 'Acme' });
    expect(resolveBrand(mine)).toBe(mine);
  });

  it.each([null, 42, {}, { id: 'tertiary' }])('rejects %j naming brand', (bad) => {
    expect(paths(() => resolveBrand(bad as unknown as Brand))).toEqual(['brand']);
  });
});

describe('defineBrand', () => {
  it('accepts a reference catalogue with another display name and returns it deeply frozen', () => {
    const mine = defineBrand({ ...getBrand('primary'), displayName: 'Acme Matched' });
    expect(mine.displayName).toBe('Acme Matched');
    expect(mine.plans).toEqual(primary.plans);
    expect(frozenPaths(mine)).toEqual([]);
  });

  it('accepts a catalogue that went through JSON', () => {
    const fromJson: unknown = JSON.parse(JSON.stringify(getBrand('secondary')));
    expect(defineBrand(fromJson)).toEqual(secondary);
  });

  it('rejects two testimonials with the same id at testimonials', () => {
    const b = draft('secondary');
    b.testimonials = [...b.testimonials, { ...at(b.testimonials, 0) }];
    expect(paths(() => defineBrand(b))).toEqual(['testimonials']);
  });

  it('rejects a negative monthly price at plans.1.price.monthly', () => {
    const b = draft('primary');
    at(b.plans, 1).price.monthly = -1;
    expect(paths(() => defineBrand(b))).toEqual(['plans.1.price.monthly']);
  });

  it('rejects a fractional price (pounds instead of pence) at plans.1.price.monthly', () => {
    const b = draft('primary');
    at(b.plans, 1).price.monthly = 49.99;
    expect(paths(() => defineBrand(b))).toEqual(['plans.1.price.monthly']);
  });

  it("rejects tiers that are not the brand's tiers at tiers", () => {
    const b = draft('secondary');
    b.tiers = b.tiers.slice(0, 3);
    expect(paths(() => defineBrand(b))).toContain('tiers');
  });

  it('rejects tiers in the wrong order at tiers', () => {
    const b = draft('primary');
    b.tiers.reverse();
    expect(paths(() => defineBrand(b))).toContain('tiers');
  });

  it("rejects a plan without one of the brand's feature flags at plans.0.details.<key>", () => {
    const b = draft('primary');
    delete at(b.plans, 0).details.casino;
    expect(paths(() => defineBrand(b))).toEqual(['plans.0.details.casino']);
  });

  it('rejects a feature flag the brand does not have', () => {
    const b = draft('secondary');
    at(b.plans, 2).details.teleport = true;
    expect(paths(() => defineBrand(b))).toEqual(['plans.2.details.teleport']);
  });

  it('rejects a recommended plan the brand does not sell, at recommendedPlan', () => {
    const b = draft('secondary');
    b.recommendedPlan = 'diamond';
    expect(paths(() => defineBrand(b))).toEqual(['recommendedPlan']);
  });

  it("rejects a plan whose code differs from its tier's code", () => {
    const b = draft('primary');
    at(b.plans, 0).capability = 'PA-CAP-31';
    expect(paths(() => defineBrand(b))).toEqual(['plans.0.capability']);
  });

  it('rejects a malformed capability code', () => {
    const b = draft('primary');
    at(b.tools, 0).capability = 'pa-cap-6';
    expect(paths(() => defineBrand(b))).toContain('tools.0.capability');
  });

  it('rejects a sale payment link of the wrong form', () => {
    const b = draft('primary');
    at(at(b.sales, 0).plans, 2).paymentLink = '/subscribe/pro';
    expect(paths(() => defineBrand(b))).toEqual(['sales.0.plans.2.paymentLink']);
  });

  it('rejects a sale that ends before it starts', () => {
    const b = draft('primary');
    at(b.sales, 1).endDate = '2025-08-17T00:00:00+01:00';
    expect(paths(() => defineBrand(b))).toEqual(['sales.1.endDate']);
  });

  it('rejects a sale date without an offset', () => {
    const b = draft('primary');
    at(b.sales, 0).startDate = '2025-08-11T09:00:00';
    expect(paths(() => defineBrand(b))).toEqual(['sales.0.startDate']);
  });

  it('reports several bad fields at once, one issue each, and lists them in the message', () => {
    const b = draft('primary');
    at(b.plans, 0).price.yearly = -350;
    at(b.plans, 3).paymentFormUrl = 'subscribe/pro-plus';
    b.displayName = '';
    b.notifications.autoCloseMs = 0;
    const error = validationError(() => defineBrand(b));
    const found = error.issues.map((i) => i.path);
    expect(found).toEqual(
      expect.arrayContaining(['plans.0.price.yearly', 'plans.3.paymentFormUrl', 'displayName', 'notifications.autoCloseMs']),
    );
    expect(found).toHaveLength(4);
    for (const p of found) expect(error.message).toContain(p);
    for (const i of error.issues) expect(i.message).not.toBe('');
  });

  it('reports several cross-field problems at once', () => {
    const b = draft('primary');
    delete at(b.plans, 0).details.casino;
    delete at(b.plans, 2).details.golfMaster;
    at(at(b.sales, 1).plans, 0).paymentLink = '/subscribe/sale-platinum-aug-2025-week';
    expect(paths(() => defineBrand(b)).sort()).toEqual(
      ['plans.0.details.casino', 'plans.2.details.golfMaster', 'sales.1.plans.0.paymentLink'].sort(),
    );
  });

  it('reports a bad value and a broken cross-field rule together', () => {
    const b = draft('primary');
    at(b.plans, 1).price.monthly = -1;
    delete at(b.plans, 3).details.steamChaser;
    expect(paths(() => defineBrand(b)).sort()).toEqual(['plans.1.price.monthly', 'plans.3.details.steamChaser']);
  });

  it.each([[undefined], [null], ['primary'], [[]]])('rejects %j as a catalogue', (bad) => {
    expect(validationError(() => defineBrand(bad)).issues.length).toBeGreaterThan(0);
  });
});

describe('remapCapabilities', () => {
  it("renames the secondary brand's plan codes everywhere and keeps the brand working", () => {
    const mapping = {
      'MK-CAP-STARTER': 'PA-CAP-101',
      'MK-CAP-ADVANCED': 'PA-CAP-102',
      'MK-CAP-PRO': 'PA-CAP-103',
      'MK-CAP-ELITE': 'PA-CAP-104',
    };
    const brand = remapCapabilities('secondary', mapping);
    expect(brand.tiers.map((t) => t.capability)).toEqual(['PA-CAP-101', 'PA-CAP-102', 'PA-CAP-103', 'PA-CAP-104']);
    expect(brand.plans.map((p) => p.capability)).toEqual(['PA-CAP-101', 'PA-CAP-102', 'PA-CAP-103']);
    expect(Object.keys(brand.capabilityCodeNotes)).toEqual(expect.arrayContaining(Object.values(mapping)));
    expect(JSON.stringify(brand)).not.toMatch(/"MK-CAP-(STARTER|ADVANCED|PRO|ELITE)"/);

    const user = (codes: string[]) => ({ capabilities: codes, additionalCapabilities: [] });
    expect(planTier(brand, user(['PA-CAP-103']))).toBe('pro');
    expect(planTier(brand, user(['MK-CAP-PRO']))).toBe('free');
    expect(frozenPaths(brand)).toEqual([]);
    // the reference catalogue is untouched
    expect(at(secondary.plans, 0).capability).toBe('MK-CAP-STARTER');
  });

  it('renames a tool code in features, tools and member filter rules', () => {
    const base = draft('primary');
    base.memberFilterTypes.push({
      id: 'oddsmatchers',
      label: 'Oddsmatchers',
      value: 'pro',
      rules: [{ type: 'capability', anyOf: ['PA-CAP-006'] }],
    });
    const brand = remapCapabilities(defineBrand(base), { 'PA-CAP-006': 'XY-CAP-006', 'PA-CAP-028': 'XY-CAP-ADMIN' });
    expect(brand.tools.find((t) => t.slug === 'oddsmatching')?.capability).toBe('XY-CAP-006');
    expect(brand.features.flatMap((f) => f.capabilities)).toContain('XY-CAP-006');
    expect(brand.features.flatMap((f) => f.capabilities)).not.toContain('PA-CAP-006');
    expect(brand.memberFilterTypes.find((f) => f.id === 'oddsmatchers')?.rules).toEqual([{ type: 'capability', anyOf: ['XY-CAP-006'] }]);
    expect(brand.adminCapability).toBe('XY-CAP-ADMIN');

    const slugs = (codes: string[]) => availableTools(brand, { capabilities: codes, additionalCapabilities: [] }).map((t) => t.slug);
    expect(slugs(['XY-CAP-006'])).toEqual(['oddsmatching']);
    expect(slugs(['PA-CAP-006'])).toEqual([]);
    expect(planTier(brand, { capabilities: ['XY-CAP-ADMIN'], additionalCapabilities: [] })).toBe('admin');
    expect(planTier(brand, { capabilities: ['PA-CAP-028'], additionalCapabilities: [] })).toBe('free');
  });

  it('keeps codes that are not named', () => {
    expect(remapCapabilities('primary', {})).toEqual(primary);
  });

  it('rejects a malformed new code', () => {
    expect(paths(() => remapCapabilities('primary', { 'PA-CAP-29': 'not a code' }))).toEqual(
      expect.arrayContaining(['tiers.0.capability', 'plans.0.capability']),
    );
  });
});

describe('resolveBrand and objects that did not come from getBrand or defineBrand', () => {
  const member = { capabilities: ['PA-CAP-29'], additionalCapabilities: [] };
  const bare = { id: 'primary' } as unknown as Brand;

  it('refuses a bare { id: "primary" } with the typed error naming brand, never a TypeError', () => {
    const calls: [string, () => unknown][] = [
      ['resolveBrand', () => resolveBrand(bare)],
      ['planTier', () => planTier(bare, member)],
      ['availableTools', () => availableTools(bare, member)],
      ['canUseTool', () => canUseTool(bare, member, 'oddsmatching')],
      ['memberSegment', () => memberSegment(bare, member)],
      ['matchesMemberFilter', () => matchesMemberFilter(bare, member, { id: 'f', label: 'F', value: 'free', rules: [] })],
      ['grantedCapabilities', () => grantedCapabilities(bare, 'pro')],
      ['activeSale', () => activeSale(bare, 0)],
      ['remapCapabilities', () => remapCapabilities(bare, {})],
    ];
    for (const [name, call] of calls) {
      expect(paths(call), name).toEqual(['brand']);
    }
  });

  it('refuses a spread copy and a JSON copy of a reference catalogue (they were not validated)', () => {
    const spread = { ...getBrand('primary') } as Brand;
    const json = JSON.parse(JSON.stringify(getBrand('primary'))) as Brand;
    expect(paths(() => planTier(spread, member))).toEqual(['brand']);
    expect(paths(() => planTier(json, member))).toEqual(['brand']);
    // ...and accepts the same data once it has been through defineBrand
    expect(planTier(defineBrand(json), member)).toBe('platinum');
  });

  it.each([[null], [undefined], [42], [[]]])('refuses %j as a brand, naming brand', (bad) => {
    expect(paths(() => resolveBrand(bad as unknown as Brand))).toEqual(['brand']);
  });

  it('returns a catalogue from getBrand or defineBrand as it is', () => {
    const reference = getBrand('secondary');
    const mine = defineBrand({ ...reference, displayName: 'Mine' });
    expect(resolveBrand(reference)).toBe(reference);
    expect(resolveBrand(mine)).toBe(mine);
    expect(resolveBrand('secondary')).toBe(reference);
  });

  it("keeps the validation mark out of the catalogue's data (keys, JSON, equality)", () => {
    const reference = getBrand('primary');
    expect(Object.keys(defineBrand(reference))).toEqual(Object.keys(reference));
    expect(JSON.parse(JSON.stringify(defineBrand(reference)))).toEqual(JSON.parse(JSON.stringify(reference)));
  });
});

describe("BRAND_SEGMENTS and the catalogues' member filter values", () => {
  it("lists the spec's segments (section 4), the administrator as admin", () => {
    expect([...BRAND_SEGMENTS.primary].sort()).toEqual(
      ['free', 'platinum-legacy', 'platinum-current', 'platinum-trial', 'diamond', 'pro', 'pro-plus', 'admin'].sort(),
    );
    expect([...BRAND_SEGMENTS.secondary].sort()).toEqual(['starter', 'starter-trial', 'advanced', 'pro', 'elite', 'admin'].sort());
  });

  it('labels the admin segment Administrator on both brands', () => {
    for (const id of ['primary', 'secondary'] as const) {
      const admin = getBrand(id).memberFilterTypes.find((f) => f.value === 'admin');
      expect(admin?.label).toBe('Administrator');
      expect(admin?.rules).toEqual([{ type: 'tier', anyOf: ['admin'] }]);
    }
  });

  it('refuses a member filter value that is not a segment of the brand, naming the field', () => {
    const b = draft('secondary');
    at(b.memberFilterTypes, 0).value = 'administrator';
    expect(paths(() => defineBrand(b))).toEqual(['memberFilterTypes.0.value']);
  });
});
