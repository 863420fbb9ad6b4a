import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import type { App } from '../../app';
import { buildTestApp } from '../../test/app';
import { guides, offers } from '../../db/schema';
import { MANIFEST_PATH } from './index';

// The manifest per brand and the offline worker's headers, from the app's handler over a web root
// holding a stand-in worker file.

let webRoot: string;
const apps: App[] = [];
beforeAll(() => {
  webRoot = mkdtempSync(join(tmpdir(), 'webapp-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(webRoot, 'offline-worker.js'), 'self.addEventListener("fetch", () => {});');
});
afterAll(async () => {
  for (const a of apps) await a.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

/** Each brand's app, built once for the file: the tests that use it only read (a test that writes builds its own). */
const built = new Map<'primary' | 'secondary', Promise<App>>();

async function appFor(brand: 'primary' | 'secondary') {
  let building = built.get(brand);
  if (building === undefined) {
    building = buildTestApp({ env: { BRAND: brand }, webRoot }).then((app) => {
      apps.push(app);
      return app;
    });
    built.set(brand, building);
  }
  const app = await building;
  const origin = app.deps.config.publicOrigin;
  return { origin, request: (path: string, at = 'http://localhost') => app.handler(new Request(`${at}${path}`)) };
}

describe('the installable app', () => {
  it('answers /manifest.webmanifest with the served brand’s name and colour, as a manifest', async () => {
    for (const id of ['primary', 'secondary'] as const) {
      const t = await appFor(id);
      const res = await t.request(MANIFEST_PATH);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
      const manifest = (await res.json()) as { name: string; theme_color: string; display: string; icons: { sizes: string }[] };
      const brand = getBrand(id);
      expect(manifest).toMatchObject({ name: brand.displayName, theme_color: brand.colors.accent, display: 'standalone', start_url: '/' });
      expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
      expect(res.headers.get('content-security-policy')).toContain("manifest-src 'self'");
    }
  }, 120_000);

  it('serves /offline-worker.js as JavaScript, revalidated on every load, under a CSP allowing same-origin workers', async () => {
    const t = await appFor('primary');
    const res = await t.request('/offline-worker.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("worker-src 'self'");
  }, 120_000);
});

describe('the web app’s pages', () => {
  it('answers an unknown address 404 with the app (its not-found page), a page of the app 200', async () => {
    const t = await appFor('primary');
    const at = t.origin;
    for (const path of ['/no-such-page', '/user/nothing', '/pro/extra', '/subscribe']) {
      const res = await t.request(path, at);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(await res.text(), path).toContain('<title>x</title>');
    }
    for (const path of ['/', '/pro', '/forum', '/user/account', '/subscribe/platinum', '/oddsmatching', '/acca-finder']) {
      const res = await t.request(path, at);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<title>x</title>');
    }
  }, 120_000);

  it('answers 404 for an unknown slug under a known route (guide, offer, calculator, subscribe link), 200 for a known one', async () => {
    const app = await buildTestApp({ env: { BRAND: 'primary' }, webRoot });
    apps.push(app);
    const t = {
      origin: app.deps.config.publicOrigin,
      request: (path: string) => app.handler(new Request(`${app.deps.config.publicOrigin}${path}`)),
    };
    const guide = { slug: 'a-test-guide', title: 'A test guide', section: 'guides', url: '/guides/a-test-guide', summary: 'S', body: 'B' };
    await app.deps.db
      .insert(guides)
      .values({ ...guide, order: 1, updatedAt: new Date(), publishedAt: new Date() })
      .onConflictDoNothing();
    // The test app seeds the guides; an offer, when there is one, is a page too.
    const [offer] = await app.deps.db.select().from(offers).limit(1);
    const calculator = getBrand('primary').calculators[0]?.slug ?? '';
    for (const path of [
      '/guides/nope',
      '/offers/nope/nope',
      '/offers/sportsbook-signup-offers/nope',
      '/advanced-calculators/no-such-calculator',
      '/subscribe/nope',
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('<title>x</title>');
    }
    const offerPath = offer === undefined ? [] : [`/offers/${offer.category}/${offer.slug}`];
    for (const path of [guide.url, ...offerPath, `/advanced-calculators/${calculator}`, '/subscribe/platinum']) {
      expect((await t.request(path)).status, path).toBe(200);
    }
  }, 120_000);

  it('sends a page asked for at another loopback address to PUBLIC_ORIGIN first, path and query kept', async () => {
    const t = await appFor('primary');
    expect(t.origin).toBe('http://localhost:3000');
    for (const other of ['http://127.0.0.1:3000', 'http://localhost:5000', 'http://[::1]:3000']) {
      const res = await t.request('/subscribe/starter?term=year', other);
      expect(res.status, other).toBe(302);
      expect(res.headers.get('location'), other).toBe('http://localhost:3000/subscribe/starter?term=year');
    }
    // At the public origin a page is served; elsewhere, only pages move: files, the API and GraphQL answer where asked.
    expect((await t.request('/pro', t.origin)).status).toBe(200);
    expect((await t.request('/offline-worker.js', 'http://127.0.0.1:3000')).status).toBe(200);
    expect((await t.request(MANIFEST_PATH, 'http://127.0.0.1:3000')).status).toBe(200);
    const graphql = await t.request('/graphql?query=%7B__typename%7D', 'http://127.0.0.1:3000');
    expect(graphql.status).not.toBe(302);
  }, 120_000);
});
