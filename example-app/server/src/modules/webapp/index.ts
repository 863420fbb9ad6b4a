// The installable app's web manifest for the brand this server serves. One web build serves both
// brands, so the build's own /manifest.webmanifest is neutral; this route answers first (routes
// come before static files) with the brand's name and colour from its catalogue. The icons are
// the build's (web/public/icons), neutral. The offline worker (/offline-worker.js) is a static
// file: served with `cache-control: no-cache` (http/static.ts) so an update is seen at once.
import type { Brand } from '@matchkit/sdk/brands';
import type { ModuleFactory } from '../module';

export const MANIFEST_PATH = '/manifest.webmanifest';

export function brandManifest(brand: Pick<Brand, 'displayName' | 'colors'>): Record<string, unknown> {
  return {
    id: '/',
    name: brand.displayName,
    short_name: brand.displayName,
    description: `${brand.displayName}: matched betting offers, guides and tools. 18+ only.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#11141b',
    theme_color: brand.colors.accent,
    lang: 'en-GB',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export const webappModule: ModuleFactory = (deps) => {
  const body = JSON.stringify(brandManifest(deps.brand));
  return {
    name: 'webapp',
    routes: [
      {
        method: 'GET',
        path: MANIFEST_PATH,
        handle: () =>
          new Response(body, { headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'no-cache' } }),
      },
    ],
  };
};
