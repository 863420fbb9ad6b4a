import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  getBrand,
  type Brand,
  type BrandId,
  type PrimarySegment,
  type SecondarySegment,
  type SecondaryTier,
  type Segment,
} from '../brands';
import { MatchkitValidationError } from '../errors';
import type { EntitledUser, MemberFilterType, Subscription } from '../model';
import {
  availableTools,
  canUseFeature,
  canUseTool,
  grantedCapabilities,
  hasCapability,
  matchesMemberFilter,
  memberSegment,
  planTier,
} from '../entitlements';
import { validationPaths } from '../internal/testing/validation';

// Codes, tiers and segments below are from the product spec (sections 4, 5 and 6).

const PLATINUM = 'PA-CAP-29';
const DIAMOND = 'PA-CAP-31';
const PRO = 'PA-CAP-042';
const PRO_PLUS = 'PA-CAP-048';
const ADMIN = 'PA-CAP-028';
const FORCE_PLATINUM = 'PA-CAP-30';

const secondary = getBrand('secondary');
// The secondary brand's tier codes: the spec gives none, so the reference catalogue's own codes
// are written down in docs/guides/decisions.md ("Secondary brand plan codes"). Copied from there,
// never read from the catalogue under test, so a wrong code in the catalogue fails these tests.
const SECONDARY_CODES: Readonly<Record<string, string>> = {
  starter: 'MK-CAP-STARTER',
  advanced: 'MK-CAP-ADVANCED',
  pro: 'MK-CAP-PRO',
  elite: 'MK-CAP-ELITE',
};
const secondaryCode = (tier: string): string => {
  const code = SECONDARY_CODES[tier];
  if (code === undefined) throw new Error(`no secondary tier ${tier}`);
  return code;
};

function user(capabilities: string[], additionalCapabilities: string[] = []): EntitledUser {
  return { capabilities, additionalCapabilities };
}

function member(codes: string[], sub: Partial<Subscription> | null): EntitledUser {
  return {
    capabilities: codes,
    additionalCapabilities: [],
    subscription: sub === null ? null : { billingTerm: 'month', isTrial: false, isLegacy: false, endsAt: null, ...sub },
  };
}

function slugs(u: EntitledUser, brand: BrandId | Brand): string[] {
  return availableTools(brand, u).map((t) => t.slug);
}

describe('hasCapability', () => {
  it('finds a code in capabilities', () => {
    expect(hasCapability(user(['PA-CAP-006']), 'PA-CAP-006')).toBe(true);
  });

  it('finds a code held only in additionalCapabilities', () => {
    expect(hasCapability(user([], ['PA-CAP-006']), 'PA-CAP-006')).toBe(true);
  });

  it('is false for a code in neither list, and matches codes exactly', () => {
    expect(hasCapability(user(['PA-CAP-006'], ['PA-CAP-007']), 'PA-CAP-009')).toBe(false);
    expect(hasCapability(user(['PA-CAP-006']), 'pa-cap-006')).toBe(false);
    expect(hasCapability(user(['PA-CAP-0060']), 'PA-CAP-006')).toBe(false);
  });

  it('rejects capabilities that are not an array, naming capabilities', () => {
    const bad = { capabilities: 'PA-CAP-006', additionalCapabilities: [] } as unknown as EntitledUser;
    expect(validationPaths(() => hasCapability(bad, 'PA-CAP-006'))).toEqual(['capabilities']);
  });

  it('names both lists when both are missing', () => {
    expect(validationPaths(() => hasCapability({} as EntitledUser, 'PA-CAP-006'))).toEqual(['capabilities', 'additionalCapabilities']);
  });

  it.each([[null], [undefined], ['PA-CAP-006']])('rejects %j as a user', (bad) => {
    expect(validationPaths(() => hasCapability(bad as unknown as EntitledUser, 'PA-CAP-006'))).toEqual(['user']);
  });
});

describe('planTier, primary brand', () => {
  it.each([
    [[], 'free'],
    [['PA-CAP-006', 'PA-CAP-051'], 'free'],
    [[PLATINUM], 'platinum'],
    [[DIAMOND], 'diamond'],
    [[PRO], 'pro'],
    [[PRO_PLUS], 'pro-plus'],
    [[ADMIN], 'admin'],
  ] as const)('%j -> %s', (codes, tier) => {
    expect(planTier('primary', user([...codes]))).toBe(tier);
  });

  it('admin with nothing else is admin', () => {
    expect(planTier('primary', user([ADMIN]))).toBe('admin');
  });

  it('admin beats every plan code and PA-CAP-30', () => {
    expect(planTier('primary', user([PRO_PLUS, FORCE_PLATINUM, ADMIN]))).toBe('admin');
    expect(planTier('primary', user([FORCE_PLATINUM], [ADMIN]))).toBe('admin');
  });

  it('PA-CAP-30 together with a pro code is platinum', () => {
    expect(planTier('primary', user([PRO, FORCE_PLATINUM]))).toBe('platinum');
    expect(planTier('primary', user([PRO_PLUS], [FORCE_PLATINUM]))).toBe('platinum');
  });

  it('PA-CAP-30 alone is platinum', () => {
    expect(planTier('primary', user([FORCE_PLATINUM]))).toBe('platinum');
  });

  it('the highest tier wins when several plan codes are held, in either list', () => {
    expect(planTier('primary', user([PLATINUM, PRO]))).toBe('pro');
    expect(planTier('primary', user([PRO_PLUS, PLATINUM, DIAMOND]))).toBe('pro-plus');
    expect(planTier('primary', user([PLATINUM], [DIAMOND]))).toBe('diamond');
  });

  it('a plan code held only in additionalCapabilities counts', () => {
    expect(planTier('primary', user([], [DIAMOND]))).toBe('diamond');
    expect(planTier('primary', user([], [ADMIN]))).toBe('admin');
  });

  it('accepts the catalogue object as well as the id', () => {
    expect(planTier(getBrand('primary'), user([DIAMOND]))).toBe('diamond');
  });
});

describe('planTier, secondary brand', () => {
  it.each(['starter', 'advanced', 'pro', 'elite'])('its own %s code -> %s', (tier) => {
    expect(planTier('secondary', user([secondaryCode(tier)]))).toBe(tier);
  });

  it('no codes -> free; admin PA-CAP-028 -> admin', () => {
    expect(planTier('secondary', user([]))).toBe('free');
    expect(planTier('secondary', user([ADMIN]))).toBe('admin');
    expect(planTier('secondary', user([secondaryCode('elite')], [ADMIN]))).toBe('admin');
  });

  it('the highest tier wins', () => {
    expect(planTier('secondary', user([secondaryCode('starter'), secondaryCode('pro')]))).toBe('pro');
    expect(planTier('secondary', user([secondaryCode('advanced')], [secondaryCode('starter')]))).toBe('advanced');
  });

  it("does not read the primary brand's plan codes", () => {
    expect(planTier('secondary', user([PRO_PLUS, PLATINUM]))).toBe('free');
  });
});

describe('planTier input checks', () => {
  it('rejects capabilities that are not an array, naming capabilities', () => {
    const bad = { capabilities: null, additionalCapabilities: [] } as unknown as EntitledUser;
    expect(validationPaths(() => planTier('primary', bad))).toEqual(['capabilities']);
  });

  it('rejects an unknown brand', () => {
    expect(() => planTier('tertiary' as BrandId, user([]))).toThrow(MatchkitValidationError);
  });
});

describe('availableTools (spec section 5)', () => {
  it('offers nothing to a member with no codes', () => {
    expect(availableTools('primary', user([]))).toEqual([]);
    expect(availableTools('secondary', user([]))).toEqual([]);
  });

  it('offers the tool of each held code', () => {
    expect(slugs(user(['PA-CAP-006']), 'primary')).toEqual(['oddsmatching']);
    expect(slugs(user(['PA-CAP-006']), 'secondary')).toEqual(['oddsmatcher']);
    expect(slugs(user(['PA-CAP-045', 'PA-CAP-060']), 'primary').sort()).toEqual(['golf-master', 'lucky-finder']);
  });

  it('counts a code held only in additionalCapabilities', () => {
    expect(slugs(user([], ['PA-CAP-040']), 'primary')).toEqual(['2up-master']);
    expect(slugs(user([], ['PA-CAP-040']), 'secondary')).toEqual(['2up-ev']);
  });

  it('never offers a tool with an empty slug (dutching, PA-CAP-008) even when its code is held', () => {
    expect(availableTools('primary', user(['PA-CAP-008']))).toEqual([]);
    expect(availableTools('secondary', user([], ['PA-CAP-008']))).toEqual([]);
    for (const t of availableTools('primary', user(['PA-CAP-008', 'PA-CAP-006']))) expect(t.slug).not.toBe('');
  });

  it('a plan code alone unlocks no tool: tools are unlocked by their own codes', () => {
    expect(availableTools('primary', user([PRO_PLUS]))).toEqual([]);
  });

  it('admin unlocks no tool by itself', () => {
    expect(availableTools('primary', user([ADMIN]))).toEqual([]);
  });

  it('returns the full Tool objects of the brand', () => {
    const brand = getBrand('primary');
    const [tool] = availableTools(brand, user(['PA-CAP-051']));
    expect(tool).toBe(brand.tools.find((t) => t.capability === 'PA-CAP-051'));
  });
});

describe('canUseTool', () => {
  it('is true for a tool whose code is held', () => {
    expect(canUseTool('primary', user(['PA-CAP-045']), 'lucky-finder')).toBe(true);
    expect(canUseTool('secondary', user([], ['PA-CAP-003']), 'acca-finder')).toBe(true);
  });

  it("is false without the code, for an empty slug and for another brand's slug", () => {
    expect(canUseTool('primary', user(['PA-CAP-006']), 'lucky-finder')).toBe(false);
    expect(canUseTool('primary', user(['PA-CAP-008']), '')).toBe(false);
    expect(canUseTool('primary', user(['PA-CAP-006']), 'oddsmatcher')).toBe(false);
    expect(canUseTool('secondary', user(['PA-CAP-006']), 'oddsmatching')).toBe(false);
  });
});

describe('memberSegment (spec section 4)', () => {
  describe('primary brand', () => {
    it.each([
      ['free', member([], null)],
      ['free', user(['PA-CAP-006'])],
      ['platinum-legacy', member([PLATINUM], { isLegacy: true })],
      ['platinum-current', member([PLATINUM], { isLegacy: false, isTrial: false })],
      ['platinum-current', user([PLATINUM])],
      ['platinum-current', user([FORCE_PLATINUM])],
      ['platinum-trial', member([PLATINUM], { isTrial: true })],
      ['diamond', member([DIAMOND], { isTrial: true })],
      ['pro', member([PRO], { isLegacy: true })],
      ['pro-plus', user([PRO_PLUS])],
      ['admin', user([ADMIN])],
      ['admin', member([PRO_PLUS, ADMIN], { isTrial: true })],
      ['admin', user([PLATINUM], [ADMIN])],
    ] as const)('%s', (segment, u) => {
      expect(memberSegment('primary', u)).toBe(segment);
    });

    it('a platinum trial that is also legacy counts as trial, not legacy or current', () => {
      expect(memberSegment('primary', member([PLATINUM], { isTrial: true, isLegacy: true }))).toBe('platinum-trial');
    });

    it('a yearly platinum member is current', () => {
      expect(memberSegment('primary', member([PLATINUM], { billingTerm: 'year' }))).toBe('platinum-current');
    });
  });

  describe('secondary brand', () => {
    it.each([
      ['starter', member([secondaryCode('starter')], { isTrial: false })],
      ['starter', user([secondaryCode('starter')])],
      ['starter-trial', member([secondaryCode('starter')], { isTrial: true })],
      ['advanced', member([secondaryCode('advanced')], { isTrial: true })],
      ['pro', user([], [secondaryCode('pro')])],
      ['elite', user([secondaryCode('elite')])],
      ['admin', user([ADMIN])],
    ] as const)('%s', (segment, u) => {
      expect(memberSegment('secondary', u)).toBe(segment);
    });

    it('a member with no paid tier is in no segment', () => {
      expect(memberSegment('secondary', user([]))).toBeNull();
      expect(memberSegment('secondary', member(['PA-CAP-006'], { isTrial: true }))).toBeNull();
    });
  });

  it('lists exactly the spec segments as member filter values', () => {
    expect(
      getBrand('primary')
        .memberFilterTypes.map((f) => f.value)
        .sort(),
    ).toEqual(['free', 'platinum-legacy', 'platinum-current', 'platinum-trial', 'diamond', 'pro', 'pro-plus', 'admin'].sort());
    expect(secondary.memberFilterTypes.map((f) => f.value).sort()).toEqual(
      ['starter', 'starter-trial', 'advanced', 'pro', 'elite', 'admin'].sort(),
    );
  });
});

describe('matchesMemberFilter', () => {
  const filter = (rules: MemberFilterType['rules']): MemberFilterType => ({ id: 'f', label: 'F', value: 'f', rules });

  it('evaluates capability and noCapability rules over both lists', () => {
    const f = filter([{ type: 'capability', anyOf: ['PA-CAP-045', 'PA-CAP-046'] }]);
    expect(matchesMemberFilter('primary', user([], ['PA-CAP-046']), f)).toBe(true);
    expect(matchesMemberFilter('primary', user(['PA-CAP-006']), f)).toBe(false);
    const g = filter([{ type: 'noCapability', anyOf: ['PA-CAP-045'] }]);
    expect(matchesMemberFilter('primary', user(['PA-CAP-006']), g)).toBe(true);
    expect(matchesMemberFilter('primary', user([], ['PA-CAP-045']), g)).toBe(false);
  });

  it('evaluates billingTerm rules, never matching a member with no subscription', () => {
    const monthly = filter([{ type: 'billingTerm', equals: 'month' }]);
    expect(matchesMemberFilter('primary', member([PLATINUM], { billingTerm: 'month' }), monthly)).toBe(true);
    expect(matchesMemberFilter('primary', member([PLATINUM], { billingTerm: 'year' }), monthly)).toBe(false);
    expect(matchesMemberFilter('primary', user([PLATINUM]), monthly)).toBe(false);
  });

  it('treats a member with no subscription as neither trial nor legacy', () => {
    expect(matchesMemberFilter('primary', user([]), filter([{ type: 'trial', equals: false }]))).toBe(true);
    expect(matchesMemberFilter('primary', user([]), filter([{ type: 'legacy', equals: true }]))).toBe(false);
  });

  it('requires every rule and matches anyone when there are none', () => {
    const both = filter([
      { type: 'tier', anyOf: ['diamond', 'pro'] },
      { type: 'trial', equals: true },
    ]);
    expect(matchesMemberFilter('primary', member([DIAMOND], { isTrial: true }), both)).toBe(true);
    expect(matchesMemberFilter('primary', member([DIAMOND], { isTrial: false }), both)).toBe(false);
    expect(matchesMemberFilter('primary', member([PLATINUM], { isTrial: true }), both)).toBe(false);
    expect(matchesMemberFilter('secondary', user([]), filter([]))).toBe(true);
  });
});

describe('grantedCapabilities', () => {
  // The tools each plan's feature matrix promises (spec section 6), by slug, written out by hand:
  // the spec's slugs, and for the secondary brand's tools the spec names only by code (PA-CAP-007,
  // -009, -051, -044, -049, -045, -061) the slugs chosen in docs/guides/decisions.md ("Slugs not
  // listed in the spec").
  const primaryPromise: Record<string, string[]> = {
    platinum: ['oddsmatching', 'match-catcher', 'each-way-catcher', 'acca-catcher', '2up-matcher', 'extra-place-catcher'],
  };
  primaryPromise.diamond = [...(primaryPromise.platinum ?? []), 'best-odds-guaranteed-catcher', 'slots', 'simulator'];
  primaryPromise.pro = [
    ...(primaryPromise.diamond ?? []),
    'extra-place-master',
    '2up-master',
    'lucky-finder',
    'bet-builder-finder',
    'price-boost-tracker',
  ];
  primaryPromise['pro-plus'] = [...(primaryPromise.pro ?? []), 'golf-master', 'steam-chaser'];

  const secondaryPromise: Record<string, string[]> = {
    starter: ['oddsmatcher', 'acca-finder', 'match-catcher', 'each-way-matcher'],
  };
  secondaryPromise.advanced = [...(secondaryPromise.starter ?? []), 'slots', 'simulator', 'bog-finder', 'price-boosts', 'bet-builder'];
  secondaryPromise.pro = [...(secondaryPromise.advanced ?? []), 'lucky-finder-ev', 'extra-place', '2up', '2up-ev'];

  const cases = [
    ...Object.entries(primaryPromise).map(([plan, tools]) => ['primary', plan, tools] as const),
    ...Object.entries(secondaryPromise).map(([plan, tools]) => ['secondary', plan, tools] as const),
  ];

  it.each(cases)('%s %s: a member holding exactly its grant gets exactly the promised tools', (brand, plan, tools) => {
    const granted = grantedCapabilities(brand, plan);
    expect(slugs(user(granted), brand).sort()).toEqual([...tools].sort());
  });

  it.each(cases)("%s %s: the grant puts the member on that plan's tier", (brand, plan) => {
    expect(planTier(brand, user(grantedCapabilities(brand, plan)))).toBe(plan);
  });

  it('covers every plan of both brands', () => {
    expect(Object.keys(primaryPromise)).toEqual(getBrand('primary').plans.map((p) => p.name));
    expect(Object.keys(secondaryPromise)).toEqual(secondary.plans.map((p) => p.name));
  });

  it('starts with the plan code and then the feature codes, without repeats', () => {
    const granted = grantedCapabilities('primary', 'diamond');
    expect(granted[0]).toBe(DIAMOND);
    expect(granted).toEqual(expect.arrayContaining(['PA-CAP-006', 'PA-CAP-007', 'PA-CAP-051']));
    expect(granted).not.toContain(PRO);
    expect(granted).not.toContain('PA-CAP-039');
    expect(new Set(granted).size).toBe(granted.length);
  });

  it('grants the spec plan codes', () => {
    expect(grantedCapabilities('primary', 'platinum')).toContain(PLATINUM);
    expect(grantedCapabilities('primary', 'pro')).toContain(PRO);
    expect(grantedCapabilities('primary', 'pro-plus')).toContain(PRO_PLUS);
    expect(grantedCapabilities('primary', 'pro-plus')).not.toContain(ADMIN);
  });

  it('platinum excludes casino training; diamond includes it', () => {
    expect(slugs(user(grantedCapabilities('primary', 'platinum')), 'primary')).not.toContain('slots');
    expect(slugs(user(grantedCapabilities('primary', 'diamond')), 'primary')).toContain('slots');
  });

  it('accepts a plan object', () => {
    const pro = getBrand('primary').plans.find((p) => p.name === 'pro');
    if (pro === undefined) throw new Error('no pro plan');
    expect(grantedCapabilities('primary', pro)).toEqual(grantedCapabilities('primary', 'pro'));
  });

  it('rejects a plan the brand does not sell, naming plan', () => {
    expect(validationPaths(() => grantedCapabilities('primary', 'gold'))).toEqual(['plan']);
    expect(validationPaths(() => grantedCapabilities('secondary', 'platinum'))).toEqual(['plan']);
    expect(validationPaths(() => grantedCapabilities('secondary', 'elite'))).toEqual(['plan']);
  });
});

describe('typed by brand', () => {
  it("memberSegment and planTier return the brand's own unions", () => {
    const u = user([]);
    expectTypeOf(memberSegment('primary', u)).toEqualTypeOf<PrimarySegment | null>();
    expectTypeOf(memberSegment(getBrand('secondary'), u)).toEqualTypeOf<SecondarySegment | null>();
    expectTypeOf(memberSegment(getBrand('primary') as Brand, u)).toEqualTypeOf<Segment | null>();
    expectTypeOf(planTier('secondary', u)).toEqualTypeOf<SecondaryTier>();
    expect(memberSegment('primary', u)).toBe('free');
  });
});

describe('canUseFeature', () => {
  const member = (codes: string[]) => ({ capabilities: codes, additionalCapabilities: [] });

  it('is true only with every code of the feature: a plan with the profit tracker has it, a plain member has not', () => {
    for (const brand of ['primary', 'secondary'] as const) {
      for (const plan of getBrand(brand).plans) {
        const codes = grantedCapabilities(brand, plan);
        const feature = getBrand(brand).features.find((f) => f.key === 'profitTracker');
        expect(canUseFeature(brand, member(codes), 'profitTracker')).toBe(
          feature !== undefined && feature.capabilities.every((c) => codes.includes(c)),
        );
      }
      expect(canUseFeature(brand, member([]), 'profitTracker')).toBe(false);
    }
  });

  it('reads additionalCapabilities too, and an unknown feature is nobody’s', () => {
    expect(canUseFeature('primary', { capabilities: [], additionalCapabilities: ['MK-CAP-CASINO'] }, 'casino')).toBe(true);
    expect(canUseFeature('primary', member(['MK-CAP-CASINO']), 'no-such-feature')).toBe(false);
  });

  it('the platinum plan has the profit tracker but not casino training (the primary feature matrix)', () => {
    const platinum = member(grantedCapabilities('primary', 'platinum'));
    expect(canUseFeature('primary', platinum, 'profitTracker')).toBe(true);
    expect(canUseFeature('primary', platinum, 'casino')).toBe(false);
  });
});
