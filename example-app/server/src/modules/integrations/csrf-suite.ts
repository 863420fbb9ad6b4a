// The integrations' forgery finding of issue 22's review as one suite, run on the embedded PGlite
// (integrations.test.ts) and on PostgreSQL (csrf.pg.test.ts): a cookie-authenticated logout or
// connect needs Sec-Fetch-Site: same-origin or the app's x-matchkit-csrf header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrations } from '@matchkit/sdk/transport';
import type { Database } from '../../db/client';
import { createTestApp, SUITE_DATABASES, type SuiteDatabase, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';
import { connect, CONNECT, LOGOUT, sdkOptions, statuses } from './test-support';

/** The suite, on the database `open` makes. */
export function integrationsCsrfSuite(label: SuiteDatabase, open: () => Promise<Database>): void {
  describe(`integrations: forged logout and connect (${label})`, () => {
    let t: TestApp;
    let ben: FixtureMember;
    beforeAll(async () => {
      t = await createTestApp({ database: await open() });
      expect(t.app.deps.database.kind).toBe(SUITE_DATABASES[label]);
      ben = await addMember(t, { username: 'ben' });
      expect((await connect(t, ben, 'integration=smarkets')).status).toBe(200);
    });
    afterAll(() => t.stop());

    it('refuses a cookie-only logout or connect without Sec-Fetch-Site: same-origin or the x-matchkit-csrf header', async () => {
      const cookie = `_opjwt=${ben.token}`;
      const refusedHeaders: Record<string, string>[] = [
        { cookie, 'sec-fetch-site': 'cross-site' },
        // A sibling subdomain's top-level navigation carries the Lax cookie.
        { cookie, 'sec-fetch-site': 'same-site' },
        { cookie, 'sec-fetch-site': 'none' },
        // A browser that sends no Sec-Fetch-Site at all.
        { cookie },
      ];
      for (const headers of refusedHeaders) {
        const forged = await t.request(`${LOGOUT}?integration=smarkets`, { headers });
        expect(forged.status, JSON.stringify(headers)).toBe(403);
        expect(await forged.json()).toMatchObject({ error: true });
        const connected = await t.request(`${CONNECT}?integration=betdaq`, { method: 'POST', headers });
        expect(connected.status, JSON.stringify(headers)).toBe(403);
      }
      expect((await checkIntegrations(sdkOptions(t, ben))).data).toEqual(statuses({ smarkets: 'connected' }));
      const sameOrigin = await t.request(`${LOGOUT}?integration=smarkets`, { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
      expect(sameOrigin.status).toBe(200);
      expect(await sameOrigin.json()).toEqual({ data: statuses() });
      const withHeader = await t.request(`${CONNECT}?integration=smarkets`, {
        method: 'POST',
        headers: { cookie, 'x-matchkit-csrf': '1' },
      });
      expect(withHeader.status).toBe(200);
      expect(await withHeader.json()).toEqual({ data: statuses({ smarkets: 'connected' }), simulated: true });
      const logoutWithHeader = await t.request(`${LOGOUT}?integration=smarkets`, { headers: { cookie, 'x-matchkit-csrf': '1' } });
      expect(logoutWithHeader.status).toBe(200);
      expect(await logoutWithHeader.json()).toEqual({ data: statuses() });
      expect((await checkIntegrations(sdkOptions(t, ben))).data).toEqual(statuses());
    });
  });
}
