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
  return appPageOf(pathname) !== null;
}

/** Whether `segments` fit `pattern` (a trailing `*` takes any further non-empty segments, at least none). */
function fits(pattern: readonly string[], segments: readonly string[]): boolean {
  const open = pattern[pattern.length - 1] === '*';
  if (open ? segments.length < pattern.length - 1 : pattern.length !== segments.length) return false;
  if (open && segments.some((segment) => segment === '')) return false;
  return pattern.every((part, i) => {
    if (part === '*') return true;
    const segment = segments[i] ?? '';
    if (segment === '') return false;
    if (part === ':toolSlug') return isToolSlug(segment);
    return part.startsWith(':') || part === segment;
  });
}

/**
 * The page of the web app `pathname` shows, as its route (`/guides/:slug`, `/admin/*`), a tool
 * page as its own path (`/oddsmatcher`): what analytics counts usage by, a bounded set whatever
 * clients send. Null for an address outside the app.
 */
export function appPageOf(pathname: string): string | null {
  const trimmed = withoutTrailingSlash(pathname);
  if (!trimmed.startsWith('/')) return null;
  const segments = trimmed === '/' ? [] : trimmed.slice(1).split('/');
  const i = PATTERNS.findIndex((pattern) => fits(pattern, segments));
  if (i === -1) return null;
  return APP_ROUTE_PATHS[i] === '/:toolSlug' ? trimmed : (APP_ROUTE_PATHS[i] as string);
}
