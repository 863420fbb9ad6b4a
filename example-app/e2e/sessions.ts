// Sessions that last (issue 22, Done-when 1), for one brand: a member signs in with "Keep me signed
// in", the server's clock (POST /dev/clock, MOVABLE_CLOCK) and the page's clock move 20 minutes
// on, past the access token's life, and the member is still signed in with a live oddsmatcher: the
// reload renews the session silently from the refresh cookie, and a price update arrives through
// the new socket's subscription. Its own server: moving the shared server's clock would expire
// every other test file's tokens.
import { getBrand } from '@matchkit/sdk/brands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, startE2E, subscribeMember, VIEWPORTS, type BrandId, type E2E, type TestMember } from './harness';
import { ODDSMATCHER_TABLE } from './tools';

const STEP_TIMEOUT_MS = 30_000;
const TWENTY_MINUTES = 20 * 60_000;

export function sessionsSuite(brandId: BrandId, plan: string): void {
  const tool = getBrand(brandId).tools.find((t) => t.key === 'oddsmatcher');
  if (tool === undefined) throw new Error(`${brandId} has no oddsmatcher`);
  describe(`the ${brandId} brand: a session that lasts`, { timeout: 120_000 }, () => {
    let e2e: E2E;
    let member: TestMember;
    beforeAll(async () => {
      e2e = await startE2E({ brand: brandId, env: { MOVABLE_CLOCK: 'true' } });
      member = await registerMember(e2e.server.origin, { tag: `keep${brandId.slice(0, 3)}` });
      await subscribeMember(e2e.server.origin, member, plan);
    }, 180_000);
    afterAll(() => e2e?.stop());

    it('"keep me signed in" outlasts the access token: 20 minutes on, still signed in with live prices', async () => {
      const { origin } = e2e.server;
      const { page, context } = await e2e.open('/login', { viewport: VIEWPORTS.desktop });
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.clock.install();
      await page.reload();

      await page.getByLabel('Email address or username').fill(member.username);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByRole('checkbox', { name: 'Keep me signed in' }).check();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      const cookies = await context.cookies();
      const refresh = cookies.find((c) => c.name === '_mkrt');
      expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/graphql' });
      // Kept for 30 days, not for the browser's session only.
      expect((refresh?.expires ?? 0) * 1000).toBeGreaterThan(Date.now() + 29 * 86_400_000);

      await page.goto(`${origin}/${tool.slug}`);
      const grid = page.getByRole('table', { name: ODDSMATCHER_TABLE });
      await grid.getByRole('row').nth(2).waitFor();

      // 20 minutes pass on the server and in the page: the access token (15 minutes) has expired.
      const moved = await fetch(`${origin}/dev/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: TWENTY_MINUTES }),
      });
      expect(moved.status).toBe(200);
      await page.clock.fastForward(TWENTY_MINUTES);

      // Price updates through the subscription of the page's next socket.
      let updates = 0;
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (typeof payload === 'string' && payload.includes('"type":"next"') && payload.includes('oddsPatches')) updates += 1;
        }),
      );
      await page.reload();
      // Rows only a paying member sees: signed in still.
      await grid.getByRole('row').nth(2).waitFor();
      await expect.poll(() => updates, { timeout: STEP_TIMEOUT_MS }).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe(`/${tool.slug}`);
      // The session was renewed: a new refresh token replaced the first.
      const after = (await context.cookies()).find((c) => c.name === '_mkrt');
      expect(after?.value).toBeDefined();
      expect(after?.value).not.toBe(refresh?.value);
    });
  });
}
