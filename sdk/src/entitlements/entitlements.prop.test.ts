import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBrand, type Brand } from '../brands';
import type { EntitledUser } from '../model';
import { availableTools, hasCapability, matchesMemberFilter, memberSegment, planTier } from '../entitlements';

const ADMIN = 'PA-CAP-028';
const FORCE_PLATINUM = 'PA-CAP-30';

// Each brand's tiers lowest first with their codes: the primary codes are the spec's (section 6);
// the spec gives none for the secondary brand, so its codes are the ones written down in
// docs/guides/decisions.md ("Secondary brand plan codes"), copied here, not read from the catalogue.
const TIER_CODES: Record<Brand['id'], readonly (readonly [string, string])[]> = {
  primary: [
    ['platinum', 'PA-CAP-29'],
    ['diamond', 'PA-CAP-31'],
    ['pro', 'PA-CAP-042'],
    ['pro-plus', 'PA-CAP-048'],
  ],
  secondary: [
    ['starter', 'MK-CAP-STARTER'],
    ['advanced', 'MK-CAP-ADVANCED'],
    ['pro', 'MK-CAP-PRO'],
    ['elite', 'MK-CAP-ELITE'],
  ],
};

const SEGMENTS: Record<Brand['id'], readonly string[]> = {
  primary: ['free', 'platinum-legacy', 'platinum-current', 'platinum-trial', 'diamond', 'pro', 'pro-plus', 'admin'],
  secondary: ['starter', 'starter-trial', 'advanced', 'pro', 'elite', 'admin'],
};

const brands = [getBrand('primary'), getBrand('secondary')];

/** Every code the two catalogues use, plus the spec's admin and forced-platinum codes. */
const realCodes = [
  ...new Set(
    brands.flatMap((b) => [
      b.adminCapability,
      ...b.forcedTiers.map((f) => f.capability),
      ...b.tiers.map((t) => t.capability),
      ...b.features.flatMap((f) => f.capabilities),
      ...b.tools.map((t) => t.capability),
    ]),
  ),
  ADMIN,
  FORCE_PLATINUM,
];

const randomCode = fc.stringMatching(/^[A-Z]{2}-CAP-[0-9]{1,3}$/);
const code = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...realCodes) }, { weight: 1, arbitrary: randomCode });
const codes = fc.array(code, { maxLength: 10 });
const brand = fc.constantFrom(...brands);
const subscription = fc.option(
  fc.record({
    billingTerm: fc.constantFrom('month' as const, 'year' as const),
    isTrial: fc.boolean(),
    isLegacy: fc.boolean(),
    endsAt: fc.constant(null),
  }),
  { nil: null },
);
const entitledUser: fc.Arbitrary<EntitledUser> = fc.record(
  { capabilities: codes, additionalCapabilities: codes, subscription },
  { requiredKeys: ['capabilities', 'additionalCapabilities'] },
);

const held = (u: EntitledUser) => new Set([...u.capabilities, ...u.additionalCapabilities]);
const keys = (u: EntitledUser, b: Brand) => availableTools(b, u).map((t) => t.key);

describe('entitlement laws', () => {
  it('adding a capability never removes a tool', () => {
    fc.assert(
      fc.property(entitledUser, code, fc.boolean(), brand, (u, extra, additional, b) => {
        const more: EntitledUser = additional
          ? { ...u, additionalCapabilities: [...u.additionalCapabilities, extra] }
          : { ...u, capabilities: [...u.capabilities, extra] };
        const after = new Set(keys(more, b));
        for (const k of keys(u, b)) expect(after.has(k)).toBe(true);
      }),
    );
  });

  it("availableTools is a subset of the brand's tools", () => {
    fc.assert(
      fc.property(entitledUser, brand, (u, b) => {
        const codesHeld = held(u);
        for (const t of availableTools(b, u)) {
          expect(b.tools).toContain(t);
          expect(t.slug).not.toBe('');
          expect(codesHeld.has(t.capability)).toBe(true);
        }
      }),
    );
  });

  it('every tool with a page whose code is held is available', () => {
    fc.assert(
      fc.property(entitledUser, brand, (u, b) => {
        const codesHeld = held(u);
        const expected = b.tools.filter((t) => t.slug !== '' && codesHeld.has(t.capability)).map((t) => t.key);
        expect(keys(u, b)).toEqual(expected);
      }),
    );
  });

  it('a tier never exceeds what the held codes allow (PA-CAP-30 aside)', () => {
    const withoutOverrides = entitledUser.map((u) => ({
      ...u,
      capabilities: u.capabilities.filter((c) => c !== ADMIN && c !== FORCE_PLATINUM),
      additionalCapabilities: u.additionalCapabilities.filter((c) => c !== ADMIN && c !== FORCE_PLATINUM),
    }));
    fc.assert(
      fc.property(withoutOverrides, brand, (u, b) => {
        const tier = planTier(b, u);
        const codesHeld = held(u);
        const ladder = TIER_CODES[b.id];
        const index = ladder.findIndex(([id]) => id === tier);
        if (tier === 'free') {
          for (const [, c] of ladder) expect(codesHeld.has(c)).toBe(false);
        } else {
          expect(index).toBeGreaterThanOrEqual(0);
          expect(codesHeld.has(ladder[index]?.[1] ?? '')).toBe(true);
          for (const [, c] of ladder.slice(index + 1)) expect(codesHeld.has(c)).toBe(false);
        }
      }),
    );
  });

  it('the admin code always gives admin', () => {
    fc.assert(
      fc.property(entitledUser, fc.boolean(), brand, (u, additional, b) => {
        const admin = additional
          ? { ...u, additionalCapabilities: [...u.additionalCapabilities, ADMIN] }
          : { ...u, capabilities: [ADMIN, ...u.capabilities] };
        expect(planTier(b, admin)).toBe('admin');
      }),
    );
  });

  it('PA-CAP-30 without the admin code always gives platinum on the primary brand', () => {
    fc.assert(
      fc.property(entitledUser, (u) => {
        const forced = {
          ...u,
          capabilities: [...u.capabilities.filter((c) => c !== ADMIN), FORCE_PLATINUM],
          additionalCapabilities: u.additionalCapabilities.filter((c) => c !== ADMIN),
        };
        expect(planTier('primary', forced)).toBe('platinum');
      }),
    );
  });

  it('hasCapability is true iff the code is in either list', () => {
    fc.assert(
      fc.property(entitledUser, code, (u, c) => {
        expect(hasCapability(u, c)).toBe(u.capabilities.includes(c) || u.additionalCapabilities.includes(c));
      }),
    );
  });

  it("memberSegment is one of the brand's segment values or null", () => {
    fc.assert(
      fc.property(entitledUser, brand, (u, b) => {
        const segment = memberSegment(b, u);
        if (segment !== null) expect(SEGMENTS[b.id]).toContain(segment);
        if (b.id === 'primary') expect(segment).not.toBeNull();
      }),
    );
  });

  it('a member meets at most one segment filter (exactly one on the primary brand)', () => {
    fc.assert(
      fc.property(entitledUser, brand, (u, b) => {
        const met = b.memberFilterTypes.filter((f) => matchesMemberFilter(b, u, f)).map((f) => f.value);
        expect(met.length).toBeLessThanOrEqual(1);
        if (b.id === 'primary') expect(met).toHaveLength(1);
        expect(memberSegment(b, u)).toBe(met[0] ?? null);
      }),
    );
  });
});
