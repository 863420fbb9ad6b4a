import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import type { App } from '../../app';
import { buildTestApp } from '../../test/app';
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

async function appFor(brand: 'primary' | 'secondary') {
  const app = await buildTestApp({ env: { BRAND: brand }, webRoot });
  apps.push(app);
  return { request: (path: string) => app.handler(new Request(`http://localhost${path}`)) };
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
