// The Host header check (http/host.ts): 421 for a host the server does not answer for, over HTTP
// and on the WebSocket upgrade, and the Host never taken as the server's own origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_PATH } from '../modules/accounts/outbox-page';
import { signedInMember, startedApp, wsProbe, type StartedApp } from '../ops/testing';
import { createTestApp, type TestApp } from '../test/app';
import { hostCheck } from './host';

async function rejections(app: TestApp['app'], rule: string): Promise<number> {
  const found = (await app.metrics.registry.getMetricsAsJSON()).find((m) => m.name === 'matchkit_rejections_total');
  return found?.values.find((v) => v.labels['rule'] === rule)?.value ?? 0;
}

describe('hostCheck', () => {
  it('accepts the hosts of PUBLIC_ORIGIN and ALLOWED_ORIGINS (default port or not, any case), nothing else', () => {
    const check = hostCheck('https://app.example.com', ['https://app.example.com', 'https://partner.example.org:8443']);
    for (const host of ['app.example.com', 'APP.example.com', 'app.example.com:443', 'partner.example.org:8443'])
      expect(check(host), host).toBe(true);
    for (const host of [
      null,
      '',
      'evil.example',
      'app.example.com.evil.example',
      'app.example.com:8080',
      'partner.example.org',
      'localhost',
      '127.0.0.1:3000',
      'app.example.com/x',
      'user@app.example.com',
    ])
      expect(check(host), String(host)).toBe(false);
  });

  it('accepts the loopback names on any port when PUBLIC_ORIGIN is plain http on loopback (development)', () => {
    const check = hostCheck('http://localhost:3000', ['http://localhost:3000']);
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost:5173', '127.0.0.1'])
      expect(check(host), host).toBe(true);
    for (const host of ['rebind.evil.example:3000', 'localhost.evil.example:3000', '127.0.0.2:3000', '0.0.0.0:3000'])
      expect(check(host), host).toBe(false);
  });
});

describe('the Host header on a running app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
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

describe('the Host header outside development', () => {
  it('answers 421 to a loopback name when PUBLIC_ORIGIN is a public https origin, and serves ALLOWED_ORIGINS hosts', async () => {
    const t = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://app.example.com', ALLOWED_ORIGINS: 'https://partner.example.org' } });
    try {
      const get = (host: string) => t.app.handler(new Request('https://app.example.com/graphql?query=%7Bbrand%7D', { headers: { host } }));
      expect((await get('app.example.com')).status).toBe(200);
      expect((await get('partner.example.org')).status).toBe(200);
      expect((await get('localhost:3000')).status).toBe(421);
      expect((await get('app.example.com.evil.example')).status).toBe(421);
    } finally {
      await t.stop();
    }
  });
});

describe('the Host header on the WebSocket upgrade', () => {
  let s: StartedApp;
  beforeAll(async () => {
    s = await startedApp();
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
