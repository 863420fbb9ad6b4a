// The first page's JavaScript budget (issue 11, docs/performance.md "The app's first page"): what a
// first visit to `/` downloads, measured in Chromium against the production build for each brand.
// Every JavaScript response up to the page's main heading and a quiet network (the entry, its
// modulepreloads, the home route's chunk and anything else it imports, workers included) is
// gzipped at level 9, file by file, and summed; the figure is printed beside the budget and fails
// over it. From the build's chunk map (dist/web-chunks.json, written by vite.config.ts), every
// page module the routes load on demand (routes.tsx, features/tools/toolPages.ts: the tool routes
// and every other page) must be in a chunk of its own: no other page in it, not the entry or one
// of its static imports, and not downloaded by the first page (but the home page's).
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BRANDS, launchChromium, VIEWPORTS, type BrandId } from './harness';

/** 150 KB (KiB, as scripts/check-size.mjs counts) gzipped: the budget for all of it. */
const BUDGET_BYTES = 150 * 1024;
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CHUNKS = fileURLToPath(new URL('../dist/web-chunks.json', import.meta.url));
/** The modules whose lazy imports are the app's pages (paths from the repository's root, as the chunk map names modules). */
const PAGE_TABLES = ['example-app/web/src/app/routes.tsx', 'example-app/web/src/features/tools/toolPages.ts'];
const HOME_PAGE = 'example-app/web/src/features/landing/LandingPage.tsx';

/** One chunk of dist/web-chunks.json (vite.config.ts `chunkMap`). */
interface Chunk {
  readonly file: string;
  readonly isEntry: boolean;
  readonly imports: readonly string[];
  readonly modules: readonly (readonly [string, number])[];
}

interface Script {
  readonly path: string;
  readonly gzipBytes: number;
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** The page modules the route tables import lazily. */
function lazyPages(): string[] {
  const pages = new Set<string>();
  for (const table of PAGE_TABLES) {
    const source = readFileSync(`${REPO}${table}`, 'utf8');
    for (const [, spec = ''] of source.matchAll(/import\(\s*'([^']+)'\s*\)/g)) pages.add(`${posix.join(posix.dirname(table), spec)}.tsx`);
  }
  return [...pages].sort();
}

/** Opens `/` in a new context and gzips every JavaScript response until the heading shows and the network is quiet. */
async function firstVisit(browser: Browser, origin: string): Promise<{ scripts: Script[]; heading: string }> {
  const context = await browser.newContext({ viewport: { ...VIEWPORTS.desktop }, locale: 'en-GB', serviceWorkers: 'block' });
  try {
    const measured: Promise<Script | null>[] = [];
    // The context's responses: the page's and any worker's.
    context.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() !== 'script' && !/javascript/.test(type)) return;
      measured.push(
        response.body().then(
          (body) => ({ path: new URL(response.url()).pathname, gzipBytes: gzipSync(body, { level: 9 }).length }),
          () => null,
        ),
      );
    });
    const page = await context.newPage();
    await page.goto(new URL('/', origin).href);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(measured)).filter((s): s is Script => s !== null);
    return { scripts, heading: (await heading.textContent()) ?? '' };
  } finally {
    await context.close();
  }
}

describe('the first page', () => {
  let browser: Browser | undefined;
  /** Each brand's first visit, measured once before the tests, so any test can run alone (`-t`). */
  const visits = new Map<BrandId, { scripts: Script[]; heading: string }>();
  /** Every file (as the chunk map names it, `assets/...`) that any brand's first page downloads. */
  const firstPageFiles = new Set<string>();
  beforeAll(async () => {
    browser = await launchChromium();
    for (const brand of BRANDS) {
      const visit = await firstVisit(browser, inject('e2eServers')[brand]);
      visits.set(brand, visit);
      for (const s of visit.scripts) firstPageFiles.add(s.path.replace(/^\//, ''));
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const brand of BRANDS) {
    it(`downloads at most 150 KB of JavaScript, gzipped (${brand})`, () => {
      const visit = visits.get(brand);
      if (visit === undefined) throw new Error(`no first visit was measured for ${brand}`);
      const { scripts, heading } = visit;
      expect(heading).not.toBe('');
      const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
      const files = [...scripts]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map((s) => `${s.path.replace(/^\/assets\//, '')} ${kb(s.gzipBytes)}`);
      console.warn(
        `first page (${brand}): ${kb(total)} KB of JavaScript gzipped (level 9, per file) in ${scripts.length} files; budget ${kb(BUDGET_BYTES)} KB, ${((total / BUDGET_BYTES) * 100).toFixed(0)}% of it\n  ${files.join(', ')}`,
      );
      expect(scripts.length).toBeGreaterThan(0);
      expect(total, `the first page's JavaScript (${brand}) is over its budget`).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }

  it('loads each page, the tool routes first, as a chunk of its own, none on the first page but the home page', () => {
    if (!existsSync(CHUNKS))
      throw new Error(`${CHUNKS} is missing: run \`npm run build -w @matchkit/example-app\` (vite.config.ts writes it)`);
    const chunks = JSON.parse(readFileSync(CHUNKS, 'utf8')) as Chunk[];
    const byFile = new Map(chunks.map((c) => [c.file, c]));
    const pages = lazyPages();
    expect(pages).toContain(HOME_PAGE);
    expect(pages).toEqual(
      expect.arrayContaining([
        'example-app/web/src/features/tools/ToolRoute.tsx',
        'example-app/web/src/features/finders/FinderPage.tsx',
        'example-app/web/src/features/oddsmatcher/OddsmatcherPage.tsx',
      ]),
    );
    // The entry and what it imports statically (its modulepreloads).
    const entryFiles = new Set<string>();
    const visit = (file: string): void => {
      if (entryFiles.has(file)) return;
      entryFiles.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
    };
    for (const chunk of chunks) if (chunk.isEntry) visit(chunk.file);
    expect(entryFiles.size).toBeGreaterThan(0);
    const pageSet = new Set(pages);
    const notOwn: string[] = [];
    for (const page of pages) {
      const holders = chunks.filter((c) => c.modules.some(([id]) => id === page));
      if (holders.length !== 1) {
        notOwn.push(`${page}: in ${holders.length} chunks`);
        continue;
      }
      const [chunk] = holders as [Chunk];
      const others = chunk.modules.map(([id]) => id).filter((id) => id !== page && pageSet.has(id));
      if (others.length > 0) notOwn.push(`${page}: shares ${chunk.file} with ${others.join(', ')}`);
      if (entryFiles.has(chunk.file)) notOwn.push(`${page}: in the entry's chunks (${chunk.file})`);
      else if (page !== HOME_PAGE && firstPageFiles.has(chunk.file))
        notOwn.push(`${page}: its chunk ${chunk.file} is downloaded by the first page`);
    }
    expect(notOwn).toEqual([]);
    // Every brand's first visit was measured (in beforeAll) before this check.
    expect(firstPageFiles.size).toBeGreaterThan(0);
  });

  it('downloads nothing of React Aria: the shell and the home page use only the plain components (docs/app.md#design-system)', () => {
    if (!existsSync(CHUNKS))
      throw new Error(`${CHUNKS} is missing: run \`npm run build -w @matchkit/example-app\` (vite.config.ts writes it)`);
    const chunks = JSON.parse(readFileSync(CHUNKS, 'utf8')) as Chunk[];
    expect(firstPageFiles.size).toBeGreaterThan(0);
    const aria = chunks
      .filter((c) => firstPageFiles.has(c.file))
      .flatMap((c) =>
        c.modules
          .filter(([id]) => /node_modules\/(react-aria|react-aria-components|react-stately|@react-aria|@react-stately)\//.test(id))
          .map(([id]) => `${c.file}: ${id}`),
      );
    expect(aria).toEqual([]);
  });
});
