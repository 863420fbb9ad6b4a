// The harness's checks can fail: on a page built to break each rule, each one reports it (a bare
// loopback server serves the page); the wait for a page's network to rest waits for what comes late. And a harness that starts its own app server leaves nothing
// behind when it stops.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import {
  axeViolations,
  clippedTables,
  copyFindings,
  describeViolations,
  graphql,
  horizontalOverflow,
  launchChromium,
  networkSettled,
  openTab,
  registerMember,
  SCHEME_RULES,
  startE2E,
  subscribeMember,
  switchScheme,
  VIEWPORTS,
} from './harness';

const BROKEN_PAGE = `<!doctype html>
<html><head><title>broken on purpose</title></head>
<body>
  <main>
    <button></button>
    <div style="width: 700px">wider than a phone</div>
    <script>console.error('planted console error'); setTimeout(() => { throw new Error('planted exception'); });</script>
  </main>
</body></html>`;

// Tables built to break the table check, one problem each (and two that are fine).
const TABLES_PAGE = `<!doctype html>
<html lang="en-GB"><head><title>tables</title></head>
<body><main>
  <table aria-label="Cut">
    <tr><th>Action</th><th>Profit</th></tr>
    <tr>
      <td><span style="display: block; width: 40px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">Calculator</span></td>
      <td><div style="width: 30px; overflow: hidden; white-space: nowrap">£88.123.45</div></td>
    </tr>
  </table>
  <table aria-label="Fine">
    <thead style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%)">
      <tr><th><span style="display: block; width: 20px; overflow: hidden; white-space: nowrap">Bookmaker, hidden on a phone</span></th></tr>
    </thead>
    <tr>
      <td><span title="A very long bookmaker name" style="display: block; width: 40px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">A very long bookmaker name</span></td>
      <td>Short<span style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)">a longer text for screen readers only</span></td>
    </tr>
  </table>
  <div style="width: 300px; overflow-x: auto">
    <table aria-label="Wide"><tr><td style="min-width: 800px">wider than its scroller</td></tr></table>
  </div>
  <div role="table" aria-label="Grid" style="width: 200px; overflow: auto">
    <div role="row" style="display: flex; width: 500px"><div role="cell" style="flex: 0 0 500px">a grid that scrolls itself</div></div>
  </div>
</main></body></html>`;

const WIDE_TABLE_PAGE = `<!doctype html>
<html lang="en-GB"><head><title>wide</title></head>
<body><main><table aria-label="Too wide"><tr><td style="min-width: 2000px">past the window</td></tr></table></main></body></html>`;

// Developer wording a member must not read: in the text, a select's options and a placeholder;
// the same words hidden are not read. Its text is readable in light and too faint in dark, and
// changes colour slowly (as the app's transition-colors does, only longer).
const COPY_PAGE = `<!doctype html>
<html lang="en-GB"><head><title>Casino · copy</title>
<style>p { color: #111; background: #fff; transition: color 60s, background-color 60s }
@media (prefers-color-scheme: dark) { p { color: #333; background: #222 } }</style></head>
<body><main><h1>Copy</h1>
  <p>Must be at most the balance (10000 pence)</p>
  <label>Bookmaker <select><option>alder-bet</option><option>Smarkets</option></select></label>
  <label>Ends <input placeholder="2025-08-17T23:00:00.000Z"></label>
  <p style="display: none">Ranked by (twoUpExpectedValue)</p>
  <p>Plain words: £100.00 on Sunday, 17 August 2025.</p>
</main></body></html>`;

// What it shows comes late: a query answered after 300 ms, whose answer asks for another (after a
// turn of the event loop, as a render would), and that one's for an image.
const LATE_PAGE = `<!doctype html>
<html lang="en-GB"><head><title>late</title></head>
<body><main><h1>Late</h1><p id="state">Loading…</p>
<script>
  fetch('/slow/one').then((r) => r.text()).then(() => setTimeout(() => {
    fetch('/slow/two').then((r) => r.text()).then(() => {
      const img = new Image();
      img.alt = 'a picture';
      img.onload = () => { document.getElementById('state').textContent = 'Everything has loaded'; };
      img.src = '/slow/picture.svg';
      document.querySelector('main').append(img);
    });
  }));
</script></main></body></html>`;

// A page whose network never rests: a request from the start and another every 100 ms, each
// answered after 300 ms.
const BUSY_PAGE = `<!doctype html>
<html lang="en-GB"><head><title>busy</title></head>
<body><main><h1>Busy</h1><script>fetch('/slow/one'); setInterval(() => fetch('/slow/one'), 100);</script></main></body></html>`;

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

const CLEAN_PAGE = `<!doctype html>
<html lang="en-GB"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>clean</title></head>
<body><main><h1>Fine</h1><p>Nothing to report.</p></main></body></html>`;

describe('the harness checks', () => {
  let server: Server;
  let origin = '';
  let browser: Browser;
  beforeAll(async () => {
    const pages: Record<string, string> = {
      '/broken': BROKEN_PAGE,
      '/clean': CLEAN_PAGE,
      '/copy': COPY_PAGE,
      '/tables': TABLES_PAGE,
      '/wide': WIDE_TABLE_PAGE,
      '/late': LATE_PAGE,
      '/busy': BUSY_PAGE,
    };
    server = createServer((request, response) => {
      if (request.url?.startsWith('/slow/') === true) {
        const svg = request.url.endsWith('.svg');
        setTimeout(() => {
          response.writeHead(200, { 'content-type': svg ? 'image/svg+xml' : 'text/plain' });
          response.end(svg ? SVG : 'ok');
        }, 300);
        return;
      }
      const page = pages[request.url ?? ''];
      response.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    origin = `http://127.0.0.1:${address.port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('report a console error, an uncaught exception, serious axe violations and horizontal scroll', async () => {
    const tab = await openTab(browser, `${origin}/broken`, { viewport: VIEWPORTS.phone });
    try {
      await tab.page.waitForTimeout(100);
      const rules = (await axeViolations(tab.page)).map((v) => v.rule);
      expect(rules).toEqual(expect.arrayContaining(['button-name', 'html-has-lang']));
      expect(await horizontalOverflow(tab.page)).toBeGreaterThan(0);
      expect(tab.problems()).toEqual(
        expect.arrayContaining([expect.stringContaining('planted console error'), expect.stringContaining('planted exception')]),
      );
    } finally {
      await tab.close();
    }
  });

  it('report a table cell cut short, with or without an ellipsis, and a table that needs sideways scrolling', async () => {
    const tab = await openTab(browser, `${origin}/tables`, { viewport: VIEWPORTS.laptop });
    try {
      expect(await clippedTables(tab.page)).toEqual([
        expect.stringMatching(/^table "Cut": cell "Calculator" is cut \(\d+ px too narrow\)$/),
        expect.stringMatching(/^table "Cut": cell "£88.123.45" is cut \(\d+ px too narrow\)$/),
        expect.stringMatching(/^table "Wide" needs sideways scrolling: \d+ px wider than its container$/),
        expect.stringMatching(/^table "Grid" scrolls sideways: \d+ px of it hidden$/),
      ]);
      // Without the width check (a phone may scroll a table sideways), the cut cells only.
      expect(await clippedTables(tab.page, { tableWidth: false })).toHaveLength(2);
    } finally {
      await tab.close();
    }
    const wide = await openTab(browser, `${origin}/wide`, { viewport: VIEWPORTS.laptop });
    try {
      expect(await clippedTables(wide.page)).toEqual([
        expect.stringMatching(/^table "Too wide" is wider than the window: \d+ px past its edge$/),
      ]);
      expect(await horizontalOverflow(wide.page)).toBeGreaterThan(600);
    } finally {
      await wide.close();
    }
  });

  it('report developer wording a member can read, with the line it is in, and not hidden text', async () => {
    const tab = await openTab(browser, `${origin}/copy`, { viewport: VIEWPORTS.phone });
    try {
      expect(await copyFindings(tab.page, new Set(['alder-bet']))).toEqual([
        'copy: pence (an amount in pence) in "Must be at most the balance (10000 pence)"',
        'copy: alder-bet (a catalogue identifier) in "alder-bet"',
        'copy: 2025-08-17T23:00:00.000Z (an ISO instant) in "2025-08-17T23:00:00.000Z"',
      ]);
    } finally {
      await tab.close();
    }
  });

  it("report a contrast found only in the dark scheme when the page is switched to it, its transitions at once at their end (the review's SCHEME_RULES)", async () => {
    const tab = await openTab(browser, `${origin}/copy`, { viewport: VIEWPORTS.phone, colorScheme: 'light' });
    try {
      expect(describeViolations(await axeViolations(tab.page))).toEqual([]);
      // The same document, axe already in it: the second run reads the colours as they are now.
      await switchScheme(tab.page, 'dark');
      expect((await axeViolations(tab.page, undefined, { rules: SCHEME_RULES })).map((v) => v.rule)).toEqual(['color-contrast']);
    } finally {
      await tab.close();
    }
  });

  it('wait for a page whose content comes from a chain of late requests, and give up on one whose network never rests', async () => {
    const late = await openTab(browser, `${origin}/late`, { viewport: VIEWPORTS.phone });
    try {
      expect(await networkSettled(late.page)).toBe(true);
      expect(await late.page.locator('#state').textContent()).toBe('Everything has loaded');
    } finally {
      await late.close();
    }
    const busy = await openTab(browser, `${origin}/busy`, { viewport: VIEWPORTS.phone });
    try {
      expect(await networkSettled(busy.page, 1_000)).toBe(false);
    } finally {
      await busy.close();
    }
  });

  it('report nothing on a clean page, and an HTTP error status as a problem', async () => {
    const clean = await openTab(browser, `${origin}/clean`, { viewport: VIEWPORTS.phone });
    expect(describeViolations(await axeViolations(clean.page))).toEqual([]);
    // axe, now in the document, sees what changed since its last run there.
    await clean.page.evaluate(() => document.querySelector('main')?.append(document.createElement('button')));
    expect((await axeViolations(clean.page)).map((v) => v.rule)).toEqual(['button-name']);
    await clean.page.evaluate(() => document.querySelector('main > button')?.remove());
    expect(await horizontalOverflow(clean.page)).toBe(0);
    expect(await clippedTables(clean.page)).toEqual([]);
    expect(await copyFindings(clean.page, new Set(['alder-bet']))).toEqual([]);
    expect(clean.problems()).toEqual([]);
    await clean.close();
    const missing = await openTab(browser, `${origin}/missing`);
    expect(missing.problems()).toEqual(expect.arrayContaining([expect.stringContaining('HTTP 404')]));
    await missing.close();
  });
});

describe('a harness with its own server', () => {
  it(
    'serves the app and signs up paying members, then leaves nothing behind: the server no longer answers, its data folder is gone, the browser is closed',
    { timeout: 240_000 },
    async () => {
      // A fresh DATA_DIR: the one server of the browser tests that makes and migrates its database
      // on its first start, as `npm start` does on a new machine (the others start on a copy of
      // the run's migrated one).
      const app = await startE2E({ brand: 'secondary', timeoutMs: 180_000, database: 'fresh' });
      const { origin, dataDir } = app.server;
      try {
        const tab = await app.open('/contact');
        await tab.page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
        expect(existsSync(dataDir)).toBe(true);
        // A member registered and subscribed through the API holds the plan's capabilities.
        const plan = getBrand('secondary').plans[0];
        if (plan === undefined) throw new Error('no plan');
        const member = await registerMember(origin, { tag: 'harness' });
        await subscribeMember(origin, member, plan.name);
        const { data } = await graphql<{ me: { capabilities: string[] } }>(origin, '{ me { capabilities } }', {}, member.token);
        expect([...data.me.capabilities].sort()).toEqual([...grantedCapabilities(getBrand('secondary'), plan.name)].sort());
      } finally {
        await app.stop();
      }
      await expect(fetch(origin)).rejects.toThrow();
      expect(existsSync(dataDir)).toBe(false);
      expect(app.browser.isConnected()).toBe(false);
    },
  );
});
