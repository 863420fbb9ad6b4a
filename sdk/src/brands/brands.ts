import { MatchkitValidationError } from '../errors/errors';
import { deepFreeze, parseOrThrow } from '../internal/validate';
import { primaryCatalogue } from './primary';
import { brandSchema, type Brand, type BrandId, type BrandRef, type PrimaryBrand, type SecondaryBrand } from './schema';
import { secondaryCatalogue } from './secondary';

// Compile-time proof that the reference data has the catalogue's shape; the data is also
// validated against brandSchema (with its cross-field rules) by the tests.
const catalogues: { readonly primary: PrimaryBrand; readonly secondary: SecondaryBrand } = {
  primary: primaryCatalogue,
  secondary: secondaryCatalogue,
};

/**
 * Returns a brand's reference catalogue: every plan, price, tool, quick link, sale and constant
 * of the product spec for that brand. The object is deeply frozen and shared; to change anything
 * (a display name, a price, a code), build a new catalogue with {@link defineBrand}.
 *
 * @param id - `'primary'` (the first, UK-focused brand) or `'secondary'`
 * @throws MatchkitValidationError when `id` is not a brand id
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * const brand = getBrand('primary');
 * brand.plans.map((p) => [p.name, p.price.monthly]);
 * // [['platinum', 3999], ['diamond', 4999], ['pro', 15000], ['pro-plus', 16500]]
 * ```
 */
export function getBrand(id: 'primary'): PrimaryBrand;
export function getBrand(id: 'secondary'): SecondaryBrand;
export function getBrand(id: BrandId): Brand;
export function getBrand(id: BrandId): Brand {
  if (id !== 'primary' && id !== 'secondary') {
    throw new MatchkitValidationError('brand id', [
      { path: 'id', message: `must be "primary" or "secondary" (got ${JSON.stringify(id)})` },
    ]);
  }
  return deepFreeze(catalogues[id]);
}

/**
 * Validates a product team's own catalogue (for example one loaded from JSON, or a reference
 * catalogue with another display name or prices) and returns it deeply frozen. A bad catalogue
 * throws one error that names every bad field by its path.
 *
 * @throws MatchkitValidationError listing every problem (`plans.1.price.monthly: ...`)
 *
 * @example
 * ```ts
 * import { defineBrand, getBrand } from '@matchkit/sdk/brands';
 * const mine = defineBrand({ ...getBrand('primary'), displayName: 'Acme Matched' });
 * mine.displayName; // 'Acme Matched'
 * ```
 */
export function defineBrand(input: unknown): Brand {
  return deepFreeze(parseOrThrow(brandSchema, input, 'brand catalogue'));
}

/**
 * Resolves a {@link BrandRef} (an id or a catalogue) to a catalogue.
 *
 * @example
 * ```ts
 * import { resolveBrand } from '@matchkit/sdk/brands';
 * resolveBrand('secondary').displayName;
 * ```
 */
export function resolveBrand(brand: BrandRef): Brand {
  if (typeof brand === 'string') return getBrand(brand);
  if (typeof brand !== 'object' || brand === null || (brand.id !== 'primary' && brand.id !== 'secondary')) {
    throw new MatchkitValidationError('brand', [
      { path: 'brand', message: 'must be "primary", "secondary" or a catalogue from getBrand or defineBrand' },
    ]);
  }
  return brand;
}

/**
 * Returns a copy of a catalogue in which capability codes are renamed everywhere they occur
 * (tiers, plans, the admin and forced-tier codes, features, tools, member filter rules and the
 * code notes). Use it to replace the reference catalogue's own codes (the `MK-CAP-*` ones) with
 * a platform's real codes. The result is validated like any catalogue.
 *
 * @param mapping - old code to new code; codes not named are kept
 * @throws MatchkitValidationError when a new code is malformed or the result is inconsistent
 *
 * @example
 * ```ts
 * import { getBrand, remapCapabilities } from '@matchkit/sdk/brands';
 * const brand = remapCapabilities(getBrand('secondary'), { 'MK-CAP-STARTER': 'PA-CAP-101' });
 * brand.plans[0]?.capability; // 'PA-CAP-101'
 * ```
 */
export function remapCapabilities(brand: BrandRef, mapping: Readonly<Record<string, string>>): Brand {
  const b = resolveBrand(brand);
  const m = (code: string): string => (Object.hasOwn(mapping, code) ? (mapping[code] as string) : code);
  return defineBrand({
    ...b,
    capabilityCodeNotes: Object.fromEntries(Object.entries(b.capabilityCodeNotes).map(([k, v]) => [m(k), v])),
    tiers: b.tiers.map((t) => ({ ...t, capability: m(t.capability) })),
    adminCapability: m(b.adminCapability),
    forcedTiers: b.forcedTiers.map((f) => ({ ...f, capability: m(f.capability) })),
    features: b.features.map((f) => ({ ...f, capabilities: f.capabilities.map(m) })),
    plans: b.plans.map((p) => ({ ...p, capability: m(p.capability) })),
    tools: b.tools.map((t) => ({ ...t, capability: m(t.capability) })),
    memberFilterTypes: b.memberFilterTypes.map((f) => ({
      ...f,
      rules: f.rules.map((r) =>
        r.type === 'capability' || r.type === 'noCapability' ? { ...r, anyOf: r.anyOf.map(m) } : r,
      ),
    })),
  });
}
