// The docs site (`npm run docs` writes it to docs/api/): served over loopback and read as a newcomer
// reads it. The site's root lists the versions, one folder per major (v2/), the newest also at
// latest/ (docs/releases.md, "The docs site"). Every internal link is followed: the site's pages link to each other from the HTML and
// from the navigation tree, which the site's script builds in the browser from assets/navigation.js.
//
// The site has hundreds of pages, and a page load in Chromium costs about 50 to 150 ms here, so not
// every page is opened in the browser (docs/testing.md): a few pages of each kind are opened in
// Chromium (no console error, the navigation built, its groups and their links collected from the
// DOM), and every page reached from there, breadth-first, is fetched through the browser context's
// request API (status 200, an HTML page) and its links and ids read from its HTML. A link with a
// #fragment must name an id of the page it points to.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness';

const SITE = fileURLToPath(new URL('../../docs/api/', import.meta.url));
/** The major the site is built for: both packages share one version. */
const VERSION: string = JSON.parse(readFileSync(new URL('../../sdk/package.json', import.meta.url), 'utf8')).version;
const MAJOR = `v${VERSION.split('.')[0]}`;

/** Every file under a folder, by its path from there. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
};

/** A static file server for docs/api on a free loopback port: GET and HEAD, 404 for anything outside it. */
async function serveSite(): Promise<{ readonly origin: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(SITE, path));
    if (!file.startsWith(SITE) && `${file}${sep}` !== SITE) {
      response.writeHead(404).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${path}`);
      return;
    }
    const body = readFileSync(file);
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decodeAttribute = (value: string) => value.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? '');

/** The href of every <a> and every id in an HTML page, as the HTML has them (before any script runs). */
function readHtml(html: string): { readonly hrefs: string[]; readonly ids: Set<string> } {
  const hrefs = [...html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)].map((m) => decodeAttribute(m[1] ?? ''));
  const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decodeAttribute(m[1] ?? '')));
  return { hrefs, ids };
}

/** What a page in the browser links to and the ids it has once its scripts have run (the navigation tree included). */
async function readPage(page: Page): Promise<{ readonly hrefs: string[]; readonly ids: Set<string> }> {
  const { hrefs, ids } = await page.evaluate(() => ({
    hrefs: [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
    ids: [...document.querySelectorAll('[id]')].map((e) => e.id),
  }));
  return { hrefs, ids: new Set(ids) };
}

interface Link {
  readonly from: string;
  readonly href: string;
}

describe('the docs site (docs/api)', () => {
  let site: Awaited<ReturnType<typeof serveSite>>;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    if (!existsSync(join(SITE, MAJOR, 'index.html'))) {
      throw new Error(
        `docs/api/${MAJOR}/index.html is missing: build the docs site first with \`npm run docs\` (npm test does, before the browser tests)`,
      );
    }
    site = await serveSite();
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'block' });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await site?.close();
  });

  it('shows the guides and both packages in its navigation, and every internal link loads and lands on its target', async () => {
    const started = Date.now();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: console error: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: uncaught ${error.message}`));

    // The index as a newcomer sees it: the README, and the navigation grouped as docs/README.md says.
    await page.goto(`${site.origin}/${MAJOR}/index.html`);
    // The navigation tree names each entry by its kind's icon and its title ("Document Start here").
    const nav = page.getByRole('navigation');
    const entry = (title: string) => nav.getByRole('link', { name: new RegExp(`^(Document )?${title}$`) });
    // The page's HTML says "Loading..." where the tree goes; the site's script builds it after load.
    await entry('Start here').waitFor();
    for (const title of ['Start here', 'Recipes', 'Guides by module', 'Running the server']) {
      await expect(entry(title).count()).resolves.toBe(1);
    }
    for (const group of ['@matchkit', 'sdk', 'react', 'brands', 'entitlements', 'transport', 'calculators']) {
      await expect(nav.getByText(group, { exact: true }).count()).resolves.toBeGreaterThan(0);
    }
    // A guide opened from the navigation, as a reader would.
    await entry('Start here').click();
    await page.getByRole('heading', { level: 1, name: 'Start here' }).waitFor();

    // Breadth-first from index.html. Pages opened in Chromium give their links as the DOM has them
    // (the navigation tree included); every other page is fetched and its HTML read.
    // The site's root is the list of versions; latest/ is the newest major's folder again, checked
    // file for file in the next test rather than crawled twice.
    const inBrowser = new Set(
      [
        '/index.html',
        '/documents/Start_here.html',
        '/documents/Start_here.Getting_started_in_five_minutes.html',
        '/modules/_matchkit_sdk_transport.html',
        '/modules/_matchkit_react.html',
        '/classes/_matchkit_sdk_transport.TransportError.html',
      ].map((p) => `/${MAJOR}${p}`),
    );
    const idsOf = new Map<string, Set<string>>();
    const failures: string[] = [];
    const linksTo = new Map<string, Link[]>();
    const queue: string[] = ['/index.html'];
    const seen = new Set(queue);
    const firstLinkedFrom = new Map<string, string>();
    let links = 0;

    const follow = (from: string, hrefs: readonly string[]) => {
      for (const href of hrefs) {
        const url = new URL(href, `${site.origin}${from}`);
        if (url.origin !== site.origin) continue;
        links += 1;
        const path = url.pathname;
        if (path.startsWith('/latest/') && path !== '/latest/index.html') continue;
        const fragment = url.hash.length > 1 ? decodeURIComponent(url.hash.slice(1)) : '';
        if (fragment !== '') {
          const list = linksTo.get(path) ?? [];
          list.push({ from, href: fragment });
          linksTo.set(path, list);
        }
        if (!seen.has(path)) {
          seen.add(path);
          firstLinkedFrom.set(path, from);
          queue.push(path);
        }
      }
    };
    const linkedFrom = (path: string) => (firstLinkedFrom.has(path) ? ` (linked from ${firstLinkedFrom.get(path)})` : '');

    const visit = async (path: string) => {
      if (inBrowser.has(path)) {
        const response = await page.goto(`${site.origin}${path}`);
        if (response?.status() !== 200) {
          failures.push(`${path}: HTTP ${response?.status() ?? 'no response'}${linkedFrom(path)}`);
          return;
        }
        // The navigation tree is built by the site's script after load: wait for its first entry,
        // and for the version switcher, which fetches the list of versions.
        await entry('Start here').waitFor();
        await page.getByRole('combobox', { name: 'Documentation version' }).waitFor();
        const { hrefs, ids } = await readPage(page);
        idsOf.set(path, ids);
        follow(path, hrefs);
        return;
      }
      const response = await context.request.get(`${site.origin}${path}`);
      if (response.status() !== 200) {
        failures.push(`${path}: HTTP ${response.status()}${linkedFrom(path)}`);
        return;
      }
      if (!path.endsWith('.html')) return;
      const { hrefs, ids } = readHtml(await response.text());
      idsOf.set(path, ids);
      follow(path, hrefs);
    };

    // The browser pages one at a time (one tab), the rest sixteen requests at a time.
    while (queue.length > 0) {
      const batch = queue.splice(0, 16);
      for (const path of batch.filter((p) => inBrowser.has(p))) await visit(path);
      await Promise.all(batch.filter((p) => !inBrowser.has(p)).map(visit));
      if (queue.length === 0) {
        for (const path of inBrowser) {
          if (!seen.has(path)) {
            seen.add(path);
            queue.push(path);
          }
        }
      }
    }

    for (const [path, targets] of linksTo) {
      const ids = idsOf.get(path);
      if (ids === undefined) continue; // the page itself failed, already reported
      for (const { from, href } of targets) {
        if (!ids.has(href)) failures.push(`${from} links to ${path}#${href}: no element has that id`);
      }
    }

    const pages = [...idsOf.keys()].length;
    if (process.env['E2E_TIMES'] !== undefined) {
      console.warn(
        `docs site: ${pages} pages, ${links} internal links (${inBrowser.size} pages in Chromium) in ${Date.now() - started} ms`,
      );
    }
    expect(failures.slice(0, 50)).toEqual([]);
    expect(problems).toEqual([]);
    // Every page of the site is reached from the index: both packages and the guides.
    expect(pages).toBeGreaterThan(300);
  });
  it('lists the major on its root page, serves the newest at latest/, and switches version from any page', async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`uncaught ${error.message}`));
    await page.goto(`${site.origin}/index.html`);
    await page.getByRole('heading', { level: 1, name: 'matchkit documentation' }).waitFor();
    const major = page.getByRole('link', { name: `matchkit ${MAJOR.slice(1)}.x` });
    await expect(major.getAttribute('href')).resolves.toBe(`${MAJOR}/index.html`);
    await expect(page.getByRole('link', { name: `The latest version, ${VERSION}` }).getAttribute('href')).resolves.toBe(
      'latest/index.html',
    );
    const listed = (await (await context.request.get(`${site.origin}/versions.json`)).json()) as { versions: { path: string }[] };
    expect(listed.versions.map((v) => v.path)).toEqual(expect.arrayContaining(['latest/', `${MAJOR}/`]));
    // latest/ is the newest major's site, file for file.
    expect(filesUnder(join(SITE, 'latest'))).toEqual(filesUnder(join(SITE, MAJOR)));

    // From a guide in the major's folder, the switcher opens the same guide under latest/.
    await major.click();
    await page.waitForURL(`${site.origin}/${MAJOR}/index.html`);
    await page.goto(`${site.origin}/${MAJOR}/documents/Start_here.html`);
    const switcher = page.getByRole('combobox', { name: 'Documentation version' });
    await expect(switcher.inputValue()).resolves.toBe(`${MAJOR}/`);
    await switcher.selectOption('latest/');
    await page.waitForURL(`${site.origin}/latest/documents/Start_here.html`);
    await page.getByRole('heading', { level: 1, name: 'Start here' }).waitFor();
    await page.getByRole('link', { name: 'All versions' }).click();
    await page.waitForURL(`${site.origin}/index.html`);
    expect(problems).toEqual([]);
  });

  it("finds a guide by a word of its text, not only by the API's names", async () => {
    const page = await context.newPage();
    await page.goto(`${site.origin}/${MAJOR}/index.html`);
    await page.getByRole('button', { name: 'Search' }).click();
    // "xoshiro" is in the casino guide's text (its generator) and names nothing in the API.
    await page.locator('#tsd-search-input').fill('xoshiro');
    const result = page.locator('#tsd-search-results li').filter({ hasText: 'Casino training' });
    await result.first().waitFor();
    await result.first().getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Casino training' }).waitFor();
  });
});
