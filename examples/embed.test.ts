// The embedding examples in real Chromium: the plain page (no framework, no build step) loads the
// element from the sdk's built dist as a local copy would, and the React page is bundled here with
// esbuild from the workspace's built packages. Each is served by a small static server on a
// loopback port; neither needs the app's servers.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backLay, roundForDisplay } from '@matchkit/sdk/calculators';
import { axeViolations, describeViolations, launchChromium, openTab, VIEWPORTS } from '../example-app/e2e/harness';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
};

/** URL prefixes and the folders they serve: the plain page's vendor copy is the sdk's dist (nothing else). */
const FOLDERS: readonly (readonly [string, string])[] = [
  ['/html/vendor/matchkit-sdk/dist/', join(ROOT, 'sdk', 'dist')],
  ['/html/', join(ROOT, 'examples', 'embed-html')],
  ['/react/', join(ROOT, 'examples', 'embed-react')],
];

/** Serves the examples' files, and the React page's bundle from memory. */
function serve(reactBundle: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const send = (status: number, body: string | Buffer, type = 'text/plain') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (path === '/react/main.js') return send(200, reactBundle, TYPES['.js']);
    if (path === '/favicon.ico') return send(204, '');
    const folder = FOLDERS.find(([prefix]) => path.startsWith(prefix));
    if (folder === undefined) return send(404, 'not found');
    const file = resolve(folder[1], path.slice(folder[0].length) || 'index.html');
    if (!file.startsWith(folder[1] + sep)) return send(403, 'forbidden');
    readFile(file).then(
      (body) => send(200, body, TYPES[extname(file)] ?? 'application/octet-stream'),
      () => send(404, 'not found'),
    );
    return undefined;
  });
  return new Promise((ready) => server.listen(0, '127.0.0.1', () => ready(server)));
}

/**
 * The React example bundled by the command its index.html and docs/embedding.md give
 * (`esbuild main.tsx --bundle --format=esm --jsx=automatic --minify`), against the packages'
 * builds as installed; minifying for the browser makes esbuild set NODE_ENV to production.
 */
async function bundleReactExample(): Promise<string> {
  const out = await build({
    entryPoints: [join(ROOT, 'examples', 'embed-react', 'main.tsx')],
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    minify: true,
    write: false,
    // No tsconfig, as in a user's project: examples/tsconfig.json maps the packages to their
    // sources (for type checks only) and would hide a missing JSX setting.
    tsconfigRaw: {},
    logLevel: 'silent',
  });
  return out.outputFiles[0]?.text ?? '';
}

/** The message a field's aria-describedby points to, inside the calculator's shadow root. */
function description(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((field) => {
    const root = field.getRootNode() as ShadowRoot;
    return (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => root.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
  });
}

const money = (value: number) => `£${roundForDisplay(value).toFixed(2)}`.replace('£-', '-£');

describe('embedding examples', () => {
  let browser: Browser;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const [bundle, chromium] = await Promise.all([bundleReactExample(), launchChromium()]);
    browser = chromium;
    server = await serve(bundle);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (server === undefined ? done(undefined) : server.close(done)));
  });

  it('the plain page: the element from a local copy of the package, themed, with its messages, event and no style leaks', async () => {
    const tab = await openTab(browser, `${origin}/html/index.html`);
    const { page } = tab;
    try {
      // The attributes' defaults, and the live result of the sdk's backLay.
      const status = page.getByRole('status');
      await expect
        .poll(() => status.textContent())
        .toBe('Lay £9.43 at 3.2, liability £20.75. If the bookmaker wins: -£0.75. If the exchange wins: -£0.75.');
      expect(await status.getAttribute('aria-live')).toBe('polite');
      expect(await page.getByLabel('Lay commission (%)').inputValue()).toBe('2');
      // The page heard the event.
      await expect.poll(() => page.locator('#last-result').textContent()).toBe('Lay stake £9.43 at 3.2 for a £10.00 back bet.');

      // A bad value: the message beside the field, the field marked, no result.
      await page.getByLabel('Lay odds (decimal)').fill('1');
      await expect.poll(() => description(page, 'Lay odds (decimal)')).toBe('The lay odds must be more than 1 and at most 1,000,000.');
      await page.getByText('The lay odds must be more than 1 and at most 1,000,000.').waitFor();
      expect(await page.getByLabel('Lay odds (decimal)').getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => status.textContent()).toBe('Fix the fields marked above to see the result.');

      // Corrected: a new result, and the page hears it.
      await page.getByLabel('Lay odds (decimal)').fill('3.4');
      const expected = backLay({ backStake: 10, backOdds: 3, layOdds: 3.4, layCommission: 0.02 });
      await expect
        .poll(() => page.locator('#last-result').textContent())
        .toBe(`Lay stake ${money(expected.layStake)} at 3.4 for a £10.00 back bet.`);
      expect(await description(page, 'Lay odds (decimal)')).toBe('');

      // By keyboard: the bet type changes with the arrow keys, and Tab moves on to the stake.
      await page.getByLabel('Bet type').focus();
      await page.keyboard.press('ArrowDown');
      await page.getByLabel('Free bet amount (£)').waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('matchkit-calculator')?.shadowRoot?.activeElement?.id)).toBe('backStake');

      // Themed by the page's custom properties.
      const accent = await page
        .locator('matchkit-calculator dd')
        .first()
        .evaluate((dd) => getComputedStyle(dd).color);
      expect(accent).toBe('rgb(29, 94, 58)');

      // No style leaks either way: a page rule for inputs stops at the shadow root, and the
      // element's rules do not reach the page's own inputs.
      await page.addStyleTag({ content: 'input { border: 7px dotted rgb(255, 0, 0) !important; min-height: 0 !important; }' });
      await page.evaluate(() =>
        document.querySelector('main')?.insertAdjacentHTML('beforeend', '<label>Page field <input id="page-field"></label>'),
      );
      const inside = await page.getByLabel('Back odds (decimal)').evaluate((field) => getComputedStyle(field).borderTopWidth);
      expect(inside).toBe('1px');
      const outside = await page
        .locator('#page-field')
        .evaluate((field) => ({ border: getComputedStyle(field).borderTopStyle, minHeight: getComputedStyle(field).minHeight }));
      expect(outside).toEqual({ border: 'dotted', minHeight: '0px' });

      expect(describeViolations(await axeViolations(page))).toEqual([]);
      expect(tab.problems()).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('the three-column layout shows every bet type and strategy whole in its select', async () => {
    const tab = await openTab(browser, `${origin}/html/index.html`, { viewport: VIEWPORTS.desktop });
    const { page } = tab;
    try {
      await page.getByLabel('Bet type').waitFor();
      const fields = await page.evaluate(() => {
        const root = document.querySelector('matchkit-calculator')?.shadowRoot;
        const context = document.createElement('canvas').getContext('2d');
        if (root === null || root === undefined || context === null) return [];
        return [...root.querySelectorAll('select')].map((select) => {
          const style = getComputedStyle(select);
          context.font = style.font;
          const widest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
          // The room for the text: the select's inner width less its padding and the arrow (at most 1.5em).
          const room =
            select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
          return { id: select.id, fits: widest <= room, widest: Math.round(widest), room: Math.round(room) };
        });
      });
      const columns = await page.evaluate(
        () =>
          getComputedStyle(
            document.querySelector('matchkit-calculator')?.shadowRoot?.querySelector('form') as Element,
          ).gridTemplateColumns.split(' ').length,
      );
      expect(columns).toBe(3);
      expect(fields.map(({ id }) => id)).toEqual(['betType', 'strategy']);
      for (const field of fields) expect(field, `${field.id}: ${field.widest}px of text in ${field.room}px`).toMatchObject({ fits: true });
      expect(tab.problems()).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('the React page: @matchkit/react around the element, its results in React state', async () => {
    const tab = await openTab(browser, `${origin}/react/index.html`, { viewport: VIEWPORTS.phone });
    const { page } = tab;
    try {
      await page.getByRole('heading', { name: /free bet calculator/ }).waitFor();
      expect(await page.getByLabel('Free bet amount (£)').inputValue()).toBe('20');
      // The first result, sent when React connected the element (before its effect ran), reaches
      // React state with nothing typed.
      const free = backLay({ betType: 'snr', backStake: 20, backOdds: 5, layOdds: 5.2, layCommission: 0.02 });
      const reactResult = page.getByTestId('react-result');
      await expect
        .poll(() => reactResult.textContent())
        .toBe(`Lay ${money(free.layStake)}; the worse outcome is ${money(Math.min(free.profitIfWins, free.profitIfLoses))}.`);

      // Typing: the event reaches React.
      await page.getByLabel('Lay odds (decimal)').fill('5.4');
      const typed = backLay({ betType: 'snr', backStake: 20, backOdds: 5, layOdds: 5.4, layCommission: 0.02 });
      await expect
        .poll(() => reactResult.textContent())
        .toBe(`Lay ${money(typed.layStake)}; the worse outcome is ${money(Math.min(typed.profitIfWins, typed.profitIfLoses))}.`);

      // React changes the element's attribute: the element follows.
      await page.getByLabel('Start from').selectOption('qualifying');
      await page.getByLabel('Back stake (£)').waitFor();
      const cash = backLay({ betType: 'qualifying', backStake: 20, backOdds: 5, layOdds: 5.4, layCommission: 0.02 });
      await expect
        .poll(() => reactResult.textContent())
        .toBe(`Lay ${money(cash.layStake)}; the worse outcome is ${money(Math.min(cash.profitIfWins, cash.profitIfLoses))}.`);

      expect(describeViolations(await axeViolations(page))).toEqual([]);
      expect(tab.problems()).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
