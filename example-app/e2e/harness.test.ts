// The harness's checks can fail: on a page built to break each rule, each one reports it (a bare
// loopback server serves the page). And a harness that starts its own app server leaves nothing
// behind when it stops.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import {
  axeViolations,
  describeViolations,
  graphql,
  horizontalOverflow,
  launchChromium,
  openTab,
  registerMember,
  startE2E,
  subscribeMember,
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

const CLEAN_PAGE = `<!doctype html>
<html lang="en-GB"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>clean</title></head>
<body><main><h1>Fine</h1><p>Nothing to report.</p></main></body></html>`;

describe('the harness checks', () => {
  let server: Server;
  let origin = '';
  let browser: Browser;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(request.url === '/broken' || request.url === '/clean' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(request.url === '/broken' ? BROKEN_PAGE : request.url === '/clean' ? CLEAN_PAGE : 'not found');
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

  it('report nothing on a clean page, and an HTTP error status as a problem', async () => {
    const clean = await openTab(browser, `${origin}/clean`, { viewport: VIEWPORTS.phone });
    expect(describeViolations(await axeViolations(clean.page))).toEqual([]);
    expect(await horizontalOverflow(clean.page)).toBe(0);
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
      const app = await startE2E({ brand: 'secondary', timeoutMs: 180_000 });
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
