import { MatchkitValidationError } from '../errors/errors';
import { deepFreeze, validate } from '../internal/validate';
import { primaryCatalogue } from './primary';
import { brandSchema, type Brand, type BrandId, type BrandRef, type PrimaryBrand, type SecondaryBrand } from './schema';
import { secondaryCatalogue } from './secondary';

// Compile-time proof that the reference data has the catalogue's shape; the data is also
// validated against brandSchema (with its cross-field rules) by the tests.
const catalogues: { readonly primary: PrimaryBrand; readonly secondary: SecondaryBrand } = {
  primary: primaryCatalogue,
  secondary: secondaryCatalogue,
};

// The mark of a validated catalogue: a non-enumerable registry-symbol property set on what
// getBrand and defineBrand return, before it is frozen. resolveBrand accepts exactly the marked
// objects, so the catalogue path costs one property read (no schema is bundled with the
// entitlements), and a catalogue made by another copy of the sdk in the same bundle is accepted
// too. A spread or structured clone of a catalogue loses the mark (it has not been validated).
const VALIDATED = Symbol.for('@matchkit/sdk/brand');

function isValidated(value: object): boolean {
  return (value as { [VALIDATED]?: unknown })[VALIDATED] === true;
}

/** Marks a catalogue as validated, then freezes it deeply (once: a frozen one is returned as is). */
function seal<B extends Brand>(brand: B): B {
  if (!Object.isFrozen(brand)) Object.defineProperty(brand, VALIDATED, { value: true, enumerable: false });
  return deepFreeze(brand);
}

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
    // The same header and path as a bad brand object (resolveBrand), whichever function was given it.
    throw new MatchkitValidationError('brand', [
      { path: 'brand', message: `must be "primary" or "secondary" (got ${JSON.stringify(id)})` },
    ]);
  }
  return seal(catalogues[id]);
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
  // The schema returns a new object, never the input, so the mark lands on a fresh, unfrozen object.
  return seal(validate(brandSchema, input, 'brand catalogue'));
}

/**
 * Resolves a {@link BrandRef} (an id or a catalogue) to a catalogue. Every function that reads a
 * brand calls it. A catalogue object is accepted only when it came from `getBrand` or
 * {@link defineBrand} (which validated it); any other object, such as a bare `{ id: 'primary' }`,
 * a spread copy or a catalogue parsed from JSON, is refused with a `MatchkitValidationError`
 * naming `brand`: pass it through `defineBrand` first. Accepting a validated catalogue costs one
 * property read; nothing is validated twice.
 *
 * @param brand - `'primary'`, `'secondary'`, or a catalogue from `getBrand` or `defineBrand`
 * @returns the catalogue (deeply frozen)
 * @throws MatchkitValidationError when `brand` is neither a brand id nor a validated catalogue
 *
 * @example
 * ```ts
 * import { defineBrand, getBrand, resolveBrand } from '@matchkit/sdk/brands';
 * resolveBrand('secondary').displayName;
 * const mine = defineBrand({ ...getBrand('primary'), displayName: 'Acme Matched' });
 * resolveBrand(mine) === mine; // true
 * ```
 */
export function resolveBrand(brand: BrandRef): Brand {
  if (typeof brand === 'string') return getBrand(brand);
  if (typeof brand !== 'object' || brand === null) {
    throw new MatchkitValidationError('brand', [
      {
        path: 'brand',
        message: `must be "primary", "secondary" or a catalogue from getBrand or defineBrand (got ${brand === null ? 'null' : typeof brand})`,
      },
    ]);
  }
  if (!isValidated(brand)) {
    throw new MatchkitValidationError('brand', [
      {
        path: 'brand',
        message: 'is an object that did not come from getBrand or defineBrand: validate it with defineBrand(...) and pass the result',
      },
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
      rules: f.rules.map((r) => (r.type === 'capability' || r.type === 'noCapability' ? { ...r, anyOf: r.anyOf.map(m) } : r)),
    })),
  });
}
