// The Host header findings of issue 22's review as one suite, run on the embedded PGlite
// (host.test.ts) and on PostgreSQL (host.pg.test.ts): 421 for a host the server does not answer
// for, over HTTP and on the WebSocket upgrade, and the Host never taken as the server's own origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { OUTBOX_PATH } from '../modules/accounts/outbox-page';
import { rejections, signedInMember, startedApp, wsProbe, type StartedApp } from '../ops/testing';
import { createTestApp, SUITE_DATABASES, type SuiteDatabase, type TestApp } from '../test/app';

/** The suite, each app on a database `open` makes. */
export function hostSuite(label: SuiteDatabase, open: () => Promise<Database>): void {
  describe(`the Host header on a running app (${label})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ database: await open() });
      expect(t.app.deps.database.kind).toBe(SUITE_DATABASES[label]);
    });
    afterAll(() => t.stop());

    const get = (path: string, host: string, headers: Record<string, string> = {}) =>
      t.app.handler(new Request(`http://localhost:3000${path}`, { headers: { host, ...headers } }));

    it('answers 421 to a DNS-rebinding page: the outbox, GraphQL and the API are not served for a foreign host', async () => {
      const before = await rejections(t.app, 'host');
      const outbox = await get(OUTBOX_PATH, 'rebind.evil.example:3000');
      expect(outbox.status).toBe(421);
      expect(await outbox.text()).not.toContain('<a ');
      const graphql = await t.app.handler(
        new Request('http://localhost:3000/graphql', {
          method: 'POST',
          headers: { host: 'rebind.evil.example:3000', 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ brand }' }),
        }),
      );
      expect(graphql.status).toBe(421);
      expect((await get('/api/user/integrations/external/check', 'rebind.evil.example:3000')).status).toBe(421);
      expect((await rejections(t.app, 'host')) - before).toBe(3);
    });

    it('serves PUBLIC_ORIGIN and the loopback names, and the probes whatever the host', async () => {
      expect((await get(OUTBOX_PATH, 'localhost:3000')).status).toBe(200);
      expect((await get(OUTBOX_PATH, '127.0.0.1:3000')).status).toBe(200);
      expect((await get('/healthz', '10.1.2.3:3000')).status).toBe(200);
      expect((await get('/readyz', '10.1.2.3:3000')).status).toBe(200);
      expect((await get('/metrics', '10.1.2.3:3000')).status).toBe(421);
    });

    it('takes no Host as its own origin: a cookie request from another loopback origin is refused', async () => {
      const { token } = await signedInMember(t.app);
      const post = (origin: string) =>
        t.app.handler(
          new Request('http://127.0.0.1:3000/graphql', {
            method: 'POST',
            headers: { host: '127.0.0.1:3000', origin, cookie: `_opjwt=${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ query: '{ me { username } }' }),
          }),
        );
      expect((await post('http://127.0.0.1:3000')).status).toBe(403);
      expect((await post('http://localhost:3000')).status).toBe(200);
    });
  });

  describe(`the Host header outside development (${label})`, () => {
    it('answers 421 to a loopback name when PUBLIC_ORIGIN is a public https origin, and serves ALLOWED_ORIGINS hosts', async () => {
      const t = await createTestApp({
        database: await open(),
        env: { PUBLIC_ORIGIN: 'https://app.example.com', ALLOWED_ORIGINS: 'https://partner.example.org' },
      });
      try {
        const get = (host: string) =>
          t.app.handler(new Request('https://app.example.com/graphql?query=%7Bbrand%7D', { headers: { host } }));
        expect((await get('app.example.com')).status).toBe(200);
        expect((await get('partner.example.org')).status).toBe(200);
        expect((await get('localhost:3000')).status).toBe(421);
        expect((await get('app.example.com.evil.example')).status).toBe(421);
      } finally {
        await t.stop();
      }
    });
  });

  describe(`the Host header on the WebSocket upgrade (${label})`, () => {
    let s: StartedApp;
    beforeAll(async () => {
      s = await startedApp({ database: await open() });
      expect(s.app.deps.database.kind).toBe(SUITE_DATABASES[label]);
    });
    afterAll(() => s.stop());

    it('refuses an upgrade addressed to a foreign host with 421, before any socket exists', async () => {
      const { token } = await signedInMember(s.app);
      const ws = wsProbe(s.origin, { host: 'rebind.evil.example', origin: 'http://rebind.evil.example', cookie: `_opjwt=${token}` });
      await expect(ws.opened).rejects.toThrow('upgrade refused: 421');
    });

    it('takes no Host as its own origin: an upgrade from the origin it was addressed to, not an allowed one, gets 403', async () => {
      const ws = wsProbe(s.origin, { origin: s.origin });
      await expect(ws.opened).rejects.toThrow('upgrade refused: 403');
      const allowed = wsProbe(s.origin, { origin: 'http://localhost:3000' });
      await allowed.opened;
      allowed.socket.close();
    });
  });
}
