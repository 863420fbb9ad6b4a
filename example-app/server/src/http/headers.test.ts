// The Content-Security-Policy against the app as built: vite builds the web app (with the sdk from
// source, as the tests resolve it) into a temporary folder, the server serves it, and the served
// index.html is checked against the served policy: no inline script or style, no event-handler
// attribute, every script and stylesheet from the app's own origin, and the policy in the page's
// <meta> tag saying the same as the header wherever both speak.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { buildTestApp } from '../test/app';
import { contentSecurityPolicy } from './headers';

const ORIGIN = 'http://localhost:3000';
const root = (p: string) => fileURLToPath(new URL(`../../../../${p}`, import.meta.url));

/** A policy as directive -> sources. */
function parsePolicy(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** The sources that govern `directive` (CSP fallbacks: script-src-elem -> script-src -> default-src, and so on). */
function sourcesFor(policy: Map<string, string[]>, directive: string): string[] {
  const chain: Record<string, string[]> = {
    'script-src-elem': ['script-src-elem', 'script-src', 'default-src'],
    'script-src-attr': ['script-src-attr', 'script-src', 'default-src'],
    'style-src-elem': ['style-src-elem', 'style-src', 'default-src'],
    'style-src-attr': ['style-src-attr', 'style-src', 'default-src'],
    'img-src': ['img-src', 'default-src'],
    'connect-src': ['connect-src', 'default-src'],
    'manifest-src': ['manifest-src', 'default-src'],
  };
  for (const name of chain[directive] ?? [directive]) {
    const found = policy.get(name);
    if (found !== undefined) return found;
  }
  return [];
}

/** Whether `url` (as written in the page) is allowed by `sources` for a page at ORIGIN. */
function allows(sources: readonly string[], url: string): boolean {
  const resolved = new URL(url, `${ORIGIN}/`);
  if (resolved.protocol === 'data:') return sources.includes('data:');
  if (sources.includes("'none'")) return false;
  return (sources.includes("'self'") && resolved.origin === ORIGIN) || sources.includes(resolved.origin);
}

/** The page's tags with their attributes (vite's output is plain HTML; no parser needed for it). */
function tags(html: string): { name: string; attrs: Map<string, string>; body: string }[] {
  const out: { name: string; attrs: Map<string, string>; body: string }[] = [];
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const m of withoutComments.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g)) {
    const attrs = new Map<string, string>();
    for (const a of (m[2] ?? '').matchAll(/([^\s=>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs.set((a[1] ?? '').toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '');
    }
    const name = (m[1] ?? '').toLowerCase();
    const rest = withoutComments.slice((m.index ?? 0) + m[0].length);
    const body = name === 'script' || name === 'style' ? (rest.split(new RegExp(`</${name}\\s*>`, 'i'))[0] ?? '') : '';
    out.push({ name, attrs, body });
  }
  return out;
}

describe('the Content-Security-Policy and the built app', () => {
  let outDir: string;
  let app: App;
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'matchkit-web-'));
    const { build } = await import('vite');
    await build({
      configFile: root('example-app/vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
      resolve: {
        alias: [
          { find: /^@matchkit\/sdk\/(.+)$/, replacement: root('sdk/src/$1/index.ts') },
          { find: /^@matchkit\/sdk$/, replacement: root('sdk/src/index.ts') },
          { find: /^@matchkit\/react$/, replacement: root('react-bindings/src/index.ts') },
        ],
      },
    });
    app = await buildTestApp({ webRoot: outDir });
  }, 180_000);
  afterAll(async () => {
    await app.stop();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('serves index.html with no inline script, style or handler, and every script and stylesheet allowed by the served policy', async () => {
    for (const path of ['/', '/user/profit-tracker-advanced']) {
      const r = await app.handler(new Request(`${ORIGIN}${path}`));
      expect(r.status).toBe(200);
      const header = r.headers.get('content-security-policy');
      expect(header).toBe(contentSecurityPolicy(ORIGIN));
      const policy = parsePolicy(header ?? '');
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'http:', 'https:']) {
        expect(sourcesFor(policy, 'script-src-elem')).not.toContain(unsafe);
        expect(sourcesFor(policy, 'style-src-elem')).not.toContain(unsafe);
      }
      const page = tags(await r.text());
      const scripts = page.filter((t) => t.name === 'script');
      expect(scripts.length).toBeGreaterThan(0);
      for (const s of scripts) {
        expect(s.attrs.has('src'), `inline script: ${s.body.slice(0, 80)}`).toBe(true);
        expect(s.body.trim()).toBe('');
        expect(allows(sourcesFor(policy, 'script-src-elem'), s.attrs.get('src') ?? ''), s.attrs.get('src')).toBe(true);
      }
      expect(page.filter((t) => t.name === 'style')).toEqual([]);
      for (const t of page) {
        for (const [name, value] of t.attrs) {
          expect(name.startsWith('on'), `${t.name} ${name}`).toBe(false);
          expect(name === 'style', `${t.name} style="${value}"`).toBe(false);
          expect(/^\s*javascript:/i.test(value), `${t.name} ${name}`).toBe(false);
        }
      }
      const links = page.filter((t) => t.name === 'link');
      const sheets = links.filter((l) => /\bstylesheet\b/i.test(l.attrs.get('rel') ?? ''));
      expect(sheets.length).toBeGreaterThan(0);
      for (const l of sheets) expect(allows(sourcesFor(policy, 'style-src-elem'), l.attrs.get('href') ?? '')).toBe(true);
      for (const l of links.filter((x) => /\bmodulepreload\b/i.test(x.attrs.get('rel') ?? '')))
        expect(allows(sourcesFor(policy, 'script-src-elem'), l.attrs.get('href') ?? '')).toBe(true);
      for (const l of links.filter((x) => /\bicon\b/i.test(x.attrs.get('rel') ?? '')))
        expect(allows(sourcesFor(policy, 'img-src'), l.attrs.get('href') ?? '')).toBe(true);
      for (const l of links.filter((x) => /\bmanifest\b/i.test(x.attrs.get('rel') ?? '')))
        expect(allows(sourcesFor(policy, 'manifest-src'), l.attrs.get('href') ?? '')).toBe(true);
      // The files the page names are there, with their types.
      for (const url of [...scripts.map((s) => s.attrs.get('src') ?? ''), ...sheets.map((l) => l.attrs.get('href') ?? '')]) {
        const asset = await app.handler(new Request(new URL(url, `${ORIGIN}/`)));
        expect(asset.status, url).toBe(200);
        expect(asset.headers.get('content-type')).toMatch(/^(text\/javascript|text\/css)/);
      }
    }
  });

  it("keeps the page's <meta> policy consistent with the header: the same sources wherever both name a directive", async () => {
    const html = await (await app.handler(new Request(`${ORIGIN}/`))).text();
    const meta = tags(html).find((t) => t.name === 'meta' && (t.attrs.get('http-equiv') ?? '').toLowerCase() === 'content-security-policy');
    expect(meta).toBeDefined();
    const page = parsePolicy(meta?.attrs.get('content') ?? '');
    const header = parsePolicy(contentSecurityPolicy(ORIGIN));
    expect(page.size).toBeGreaterThan(5);
    for (const [name, sources] of page) {
      const served = header.get(name);
      expect(served, `the header has no ${name}`).toBeDefined();
      // The header may name the WebSocket origin beside 'self' (the page cannot know its origin when it is built).
      const extra = (served ?? []).filter((s) => !sources.includes(s));
      expect(
        sources.filter((s) => !(served ?? []).includes(s)),
        name,
      ).toEqual([]);
      expect(
        extra.every((s) => name === 'connect-src' && /^wss?:\/\//.test(s)),
        `${name}: ${extra.join(' ')}`,
      ).toBe(true);
    }
    // The page's own policy comes before any script, so it governs them all.
    expect(html.search(/<meta\s+http-equiv="Content-Security-Policy"/i)).toBeLessThan(html.search(/<script\b/i));
  });
});
