/**
 * The two brand catalogues (plans, prices, tools, quick links, dashboard sections, onboarding,
 * billing and affiliate constants, sales, member filter types), their schema, and a validated way
 * to load a catalogue of your own.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/brands
 */
export { getBrand, defineBrand, resolveBrand, remapCapabilities } from './brands';
export {
  BRAND_TIERS,
  BRAND_SEGMENTS,
  brandSchema,
  type Brand,
  type BrandId,
  type BrandRef,
  type PrimaryBrand,
  type SecondaryBrand,
  type PrimaryTier,
  type SecondaryTier,
  type Tier,
  type PrimarySegment,
  type SecondarySegment,
  type Segment,
} from './schema';
