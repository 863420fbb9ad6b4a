// Where members write to: VITE_SUPPORT_EMAIL when the build sets it, otherwise the brand's own
// address on the reserved `.example` domain (the brands are fictional; a real deployment sets the
// variable).
import type { Brand } from '@matchkit/sdk/brands';

const configured: unknown = import.meta.env['VITE_SUPPORT_EMAIL'];

/** The support address for `brand`. */
export function supportEmail(brand: Pick<Brand, 'displayName'>): string {
  if (typeof configured === 'string' && /^[^\s@]+@[^\s@]+$/.test(configured)) return configured;
  const name = brand.displayName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `support@${name === '' ? 'matchkit' : name}.example`;
}
