import { describe, expect, it } from 'vitest';
import { getBrand, type Brand, type BrandId } from '../brands';
import { MatchkitValidationError } from '../errors';
import type { EntitledUser, MemberFilterType, Subscription } from '../model';
import {
  availableTools,
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
const secondaryCode = (tier: string): string => {
  const found = secondary.tiers.find((t) => t.id === tier);
  if (found === undefined) throw new Error(`no secondary tier ${tier}`);
  return found.capability;
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
  return availableTools(u, brand).map((t) => t.slug);
}

/** The slug of the one tool a code unlocks on a brand (the spec names some tools only by code). */
function slugOf(brand: BrandId, code: string): string {
  const tools = getBrand(brand).tools.filter((t) => t.capability === code && t.slug !== '');
  if (tools.length !== 1) throw new Error(`expected one ${brand} tool for ${code}, found ${tools.length}`);
  return tools[0]?.slug ?? '';
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
    expect(validationPaths(() => hasCapability({} as EntitledUser, 'PA-CAP-006'))).toEqual([
      'capabilities',
      'additionalCapabilities',
    ]);
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
    expect(planTier(user([...codes]), 'primary')).toBe(tier);
  });

  it('admin with nothing else is admin', () => {
    expect(planTier(user([ADMIN]), 'primary')).toBe('admin');
  });

  it('admin beats every plan code and PA-CAP-30', () => {
    expect(planTier(user([PRO_PLUS, FORCE_PLATINUM, ADMIN]), 'primary')).toBe('admin');
    expect(planTier(user([FORCE_PLATINUM], [ADMIN]), 'primary')).toBe('admin');
  });

  it('PA-CAP-30 together with a pro code is platinum', () => {
    expect(planTier(user([PRO, FORCE_PLATINUM]), 'primary')).toBe('platinum');
    expect(planTier(user([PRO_PLUS], [FORCE_PLATINUM]), 'primary')).toBe('platinum');
  });

  it('PA-CAP-30 alone is platinum', () => {
    expect(planTier(user([FORCE_PLATINUM]), 'primary')).toBe('platinum');
  });

  it('the highest tier wins when several plan codes are held, in either list', () => {
    expect(planTier(user([PLATINUM, PRO]), 'primary')).toBe('pro');
    expect(planTier(user([PRO_PLUS, PLATINUM, DIAMOND]), 'primary')).toBe('pro-plus');
    expect(planTier(user([PLATINUM], [DIAMOND]), 'primary')).toBe('diamond');
  });

  it('a plan code held only in additionalCapabilities counts', () => {
    expect(planTier(user([], [DIAMOND]), 'primary')).toBe('diamond');
    expect(planTier(user([], [ADMIN]), 'primary')).toBe('admin');
  });

  it('accepts the catalogue object as well as the id', () => {
    expect(planTier(user([DIAMOND]), getBrand('primary'))).toBe('diamond');
  });
});

describe('planTier, secondary brand', () => {
  it.each(['starter', 'advanced', 'pro', 'elite'])('its own %s code -> %s', (tier) => {
    expect(planTier(user([secondaryCode(tier)]), 'secondary')).toBe(tier);
  });

  it('no codes -> free; admin PA-CAP-028 -> admin', () => {
    expect(planTier(user([]), 'secondary')).toBe('free');
    expect(planTier(user([ADMIN]), 'secondary')).toBe('admin');
    expect(planTier(user([secondaryCode('elite')], [ADMIN]), 'secondary')).toBe('admin');
  });

  it('the highest tier wins', () => {
    expect(planTier(user([secondaryCode('starter'), secondaryCode('pro')]), 'secondary')).toBe('pro');
    expect(planTier(user([secondaryCode('advanced')], [secondaryCode('starter')]), 'secondary')).toBe('advanced');
  });

  it('does not read the primary brand\'s plan codes', () => {
    expect(planTier(user([PRO_PLUS, PLATINUM]), 'secondary')).toBe('free');
  });
});

describe('planTier input checks', () => {
  it('rejects capabilities that are not an array, naming capabilities', () => {
    const bad = { capabilities: null, additionalCapabilities: [] } as unknown as EntitledUser;
    expect(validationPaths(() => planTier(bad, 'primary'))).toEqual(['capabilities']);
  });

  it('rejects an unknown brand', () => {
    expect(() => planTier(user([]), 'tertiary' as BrandId)).toThrow(MatchkitValidationError);
  });
});

describe('availableTools (spec section 5)', () => {
  it('offers nothing to a member with no codes', () => {
    expect(availableTools(user([]), 'primary')).toEqual([]);
    expect(availableTools(user([]), 'secondary')).toEqual([]);
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
    expect(availableTools(user(['PA-CAP-008']), 'primary')).toEqual([]);
    expect(availableTools(user([], ['PA-CAP-008']), 'secondary')).toEqual([]);
    for (const t of availableTools(user(['PA-CAP-008', 'PA-CAP-006']), 'primary')) expect(t.slug).not.toBe('');
  });

  it('a plan code alone unlocks no tool: tools are unlocked by their own codes', () => {
    expect(availableTools(user([PRO_PLUS]), 'primary')).toEqual([]);
  });

  it('admin unlocks no tool by itself', () => {
    expect(availableTools(user([ADMIN]), 'primary')).toEqual([]);
  });

  it('returns the full Tool objects of the brand', () => {
    const brand = getBrand('primary');
    const [tool] = availableTools(user(['PA-CAP-051']), brand);
    expect(tool).toBe(brand.tools.find((t) => t.capability === 'PA-CAP-051'));
  });
});

describe('canUseTool', () => {
  it('is true for a tool whose code is held', () => {
    expect(canUseTool(user(['PA-CAP-045']), 'lucky-finder', 'primary')).toBe(true);
    expect(canUseTool(user([], ['PA-CAP-003']), 'acca-finder', 'secondary')).toBe(true);
  });

  it('is false without the code, for an empty slug and for another brand\'s slug', () => {
    expect(canUseTool(user(['PA-CAP-006']), 'lucky-finder', 'primary')).toBe(false);
    expect(canUseTool(user(['PA-CAP-008']), '', 'primary')).toBe(false);
    expect(canUseTool(user(['PA-CAP-006']), 'oddsmatcher', 'primary')).toBe(false);
    expect(canUseTool(user(['PA-CAP-006']), 'oddsmatching', 'secondary')).toBe(false);
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
      ['administrator', user([ADMIN])],
      ['administrator', member([PRO_PLUS, ADMIN], { isTrial: true })],
      ['administrator', user([PLATINUM], [ADMIN])],
    ] as const)('%s', (segment, u) => {
      expect(memberSegment(u, 'primary')).toBe(segment);
    });

    it('a platinum trial that is also legacy counts as trial, not legacy or current', () => {
      expect(memberSegment(member([PLATINUM], { isTrial: true, isLegacy: true }), 'primary')).toBe('platinum-trial');
    });

    it('a yearly platinum member is current', () => {
      expect(memberSegment(member([PLATINUM], { billingTerm: 'year' }), 'primary')).toBe('platinum-current');
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
      ['administrator', user([ADMIN])],
    ] as const)('%s', (segment, u) => {
      expect(memberSegment(u, 'secondary')).toBe(segment);
    });

    it('a member with no paid tier is in no segment', () => {
      expect(memberSegment(user([]), 'secondary')).toBeNull();
      expect(memberSegment(member(['PA-CAP-006'], { isTrial: true }), 'secondary')).toBeNull();
    });
  });

  it('lists exactly the spec segments as member filter values', () => {
    expect(getBrand('primary').memberFilterTypes.map((f) => f.value).sort()).toEqual(
      ['free', 'platinum-legacy', 'platinum-current', 'platinum-trial', 'diamond', 'pro', 'pro-plus', 'administrator'].sort(),
    );
    expect(secondary.memberFilterTypes.map((f) => f.value).sort()).toEqual(
      ['starter', 'starter-trial', 'advanced', 'pro', 'elite', 'administrator'].sort(),
    );
  });
});

describe('matchesMemberFilter', () => {
  const filter = (rules: MemberFilterType['rules']): MemberFilterType => ({ id: 'f', label: 'F', value: 'f', rules });

  it('evaluates capability and noCapability rules over both lists', () => {
    const f = filter([{ type: 'capability', anyOf: ['PA-CAP-045', 'PA-CAP-046'] }]);
    expect(matchesMemberFilter(f, user([], ['PA-CAP-046']), 'primary')).toBe(true);
    expect(matchesMemberFilter(f, user(['PA-CAP-006']), 'primary')).toBe(false);
    const g = filter([{ type: 'noCapability', anyOf: ['PA-CAP-045'] }]);
    expect(matchesMemberFilter(g, user(['PA-CAP-006']), 'primary')).toBe(true);
    expect(matchesMemberFilter(g, user([], ['PA-CAP-045']), 'primary')).toBe(false);
  });

  it('evaluates billingTerm rules, never matching a member with no subscription', () => {
    const monthly = filter([{ type: 'billingTerm', equals: 'month' }]);
    expect(matchesMemberFilter(monthly, member([PLATINUM], { billingTerm: 'month' }), 'primary')).toBe(true);
    expect(matchesMemberFilter(monthly, member([PLATINUM], { billingTerm: 'year' }), 'primary')).toBe(false);
    expect(matchesMemberFilter(monthly, user([PLATINUM]), 'primary')).toBe(false);
  });

  it('treats a member with no subscription as neither trial nor legacy', () => {
    expect(matchesMemberFilter(filter([{ type: 'trial', equals: false }]), user([]), 'primary')).toBe(true);
    expect(matchesMemberFilter(filter([{ type: 'legacy', equals: true }]), user([]), 'primary')).toBe(false);
  });

  it('requires every rule and matches anyone when there are none', () => {
    const both = filter([
      { type: 'tier', anyOf: ['diamond', 'pro'] },
      { type: 'trial', equals: true },
    ]);
    expect(matchesMemberFilter(both, member([DIAMOND], { isTrial: true }), 'primary')).toBe(true);
    expect(matchesMemberFilter(both, member([DIAMOND], { isTrial: false }), 'primary')).toBe(false);
    expect(matchesMemberFilter(both, member([PLATINUM], { isTrial: true }), 'primary')).toBe(false);
    expect(matchesMemberFilter(filter([]), user([]), 'secondary')).toBe(true);
  });
});

describe('grantedCapabilities', () => {
  // The tools each plan's feature matrix promises (spec section 6), by slug. Tools the spec
  // names only by code are looked up by their code.
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
    starter: ['oddsmatcher', 'acca-finder', slugOf('secondary', 'PA-CAP-007'), slugOf('secondary', 'PA-CAP-009')],
  };
  secondaryPromise.advanced = [
    ...(secondaryPromise.starter ?? []),
    'slots',
    'simulator',
    slugOf('secondary', 'PA-CAP-051'),
    slugOf('secondary', 'PA-CAP-044'),
    slugOf('secondary', 'PA-CAP-049'),
  ];
  secondaryPromise.pro = [
    ...(secondaryPromise.advanced ?? []),
    slugOf('secondary', 'PA-CAP-045'),
    slugOf('secondary', 'PA-CAP-061'),
    '2up',
    '2up-ev',
  ];

  const cases = [
    ...Object.entries(primaryPromise).map(([plan, tools]) => ['primary', plan, tools] as const),
    ...Object.entries(secondaryPromise).map(([plan, tools]) => ['secondary', plan, tools] as const),
  ];

  it.each(cases)('%s %s: a member holding exactly its grant gets exactly the promised tools', (brand, plan, tools) => {
    const granted = grantedCapabilities(plan, brand);
    expect(slugs(user(granted), brand).sort()).toEqual([...tools].sort());
  });

  it.each(cases)('%s %s: the grant puts the member on that plan\'s tier', (brand, plan) => {
    expect(planTier(user(grantedCapabilities(plan, brand)), brand)).toBe(plan);
  });

  it('covers every plan of both brands', () => {
    expect(Object.keys(primaryPromise)).toEqual(getBrand('primary').plans.map((p) => p.name));
    expect(Object.keys(secondaryPromise)).toEqual(secondary.plans.map((p) => p.name));
  });

  it('starts with the plan code and then the feature codes, without repeats', () => {
    const granted = grantedCapabilities('diamond', 'primary');
    expect(granted[0]).toBe(DIAMOND);
    expect(granted).toEqual(expect.arrayContaining(['PA-CAP-006', 'PA-CAP-007', 'PA-CAP-051']));
    expect(granted).not.toContain(PRO);
    expect(granted).not.toContain('PA-CAP-039');
    expect(new Set(granted).size).toBe(granted.length);
  });

  it('grants the spec plan codes', () => {
    expect(grantedCapabilities('platinum', 'primary')).toContain(PLATINUM);
    expect(grantedCapabilities('pro', 'primary')).toContain(PRO);
    expect(grantedCapabilities('pro-plus', 'primary')).toContain(PRO_PLUS);
    expect(grantedCapabilities('pro-plus', 'primary')).not.toContain(ADMIN);
  });

  it('platinum excludes casino training; diamond includes it', () => {
    expect(slugs(user(grantedCapabilities('platinum', 'primary')), 'primary')).not.toContain('slots');
    expect(slugs(user(grantedCapabilities('diamond', 'primary')), 'primary')).toContain('slots');
  });

  it('accepts a plan object', () => {
    const pro = getBrand('primary').plans.find((p) => p.name === 'pro');
    if (pro === undefined) throw new Error('no pro plan');
    expect(grantedCapabilities(pro, 'primary')).toEqual(grantedCapabilities('pro', 'primary'));
  });

  it('rejects a plan the brand does not sell, naming plan', () => {
    expect(validationPaths(() => grantedCapabilities('gold', 'primary'))).toEqual(['plan']);
    expect(validationPaths(() => grantedCapabilities('platinum', 'secondary'))).toEqual(['plan']);
    expect(validationPaths(() => grantedCapabilities('elite', 'secondary'))).toEqual(['plan']);
  });
});
