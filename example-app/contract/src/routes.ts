// The web app's addresses (spec section 2), shared by its route table (web/src/app/routes.tsx,
// whose test checks it lists exactly these) and the server, which answers an address outside them
// 404 with the app's not-found page instead of 200. A `:name` segment is any one segment, except
// `:toolSlug`: a tool slug of one of the reference catalogues (the web app redirects another
// brand's slug to its own, so those are pages too). A last segment `*` is any further segments,
// none included: an area that routes its own sub-pages (the admin console).
import { getBrand, type BrandId } from '@matchkit/sdk/brands';

/** The route table's paths, in its order (the catch-all not-found route `*` excluded). */
export const APP_ROUTE_PATHS = [
  '/',
  '/register',
  '/login',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/confirm-email',
  '/refer',
  '/offers/:category/:slug',
  '/guides/:slug',
  '/contact',
  '/forum',
  '/terms-of-service',
  '/refund-policy',
  '/privacy-policy',
  '/responsible-gambling',
  '/user/refer-a-friend',
  '/affiliates',
  '/pro',
  '/sale',
  '/subscribe/:slug',
  '/welcome',
  '/user/account',
  '/user/account/receipts/:id',
  '/settings',
  '/user/alerts',
  '/user/profit-tracker-advanced',
  '/user/balance-sheet',
  '/calculator',
  '/slots',
  '/simulator',
  '/admin/*',
  '/advanced-calculators',
  '/advanced-calculators/:slug',
  '/:toolSlug',
] as const;

const BRAND_IDS: readonly BrandId[] = ['primary', 'secondary'];

/** Every reference catalogue's tool slugs, made on first use. */
let toolSlugs: ReadonlySet<string> | undefined;
function isToolSlug(slug: string): boolean {
  toolSlugs ??= new Set(BRAND_IDS.flatMap((id) => getBrand(id).tools.map((t) => t.slug)).filter((s) => s !== ''));
  return toolSlugs.has(slug);
}

const PATTERNS = APP_ROUTE_PATHS.map((p) => (p === '/' ? [] : p.slice(1).split('/')));

/** `pathname` without its one trailing slash (the router allows one), `/` left as it is. */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/**
 * Whether `pathname` is a page of the web app: it matches a path of {@link APP_ROUTE_PATHS}
 * (one trailing slash allowed, as the router allows it), a tool page only by a catalogue's slug.
 */
export function isAppPath(pathname: string): boolean {
  const trimmed = withoutTrailingSlash(pathname);
  if (!trimmed.startsWith('/')) return false;
  const segments = trimmed === '/' ? [] : trimmed.slice(1).split('/');
  return PATTERNS.some(
    (pattern) =>
      (pattern[pattern.length - 1] === '*'
        ? segments.length >= pattern.length - 1 && segments.every((segment) => segment !== '')
        : pattern.length === segments.length) &&
      pattern.every((part, i) => {
        if (part === '*') return true;
        const segment = segments[i] ?? '';
        if (segment === '') return false;
        if (part === ':toolSlug') return isToolSlug(segment);
        return part.startsWith(':') || part === segment;
      }),
  );
}
