import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_TTL_MS } from './auth/tokens';
import { users } from './db/schema';
import { signedInMember, startedApp, wsProbe, type StartedApp } from './ops/testing';
import { LIMITS } from './plugins';
import { TOKEN_EXPIRED } from './ws';

const APP_ORIGIN = 'http://localhost:3000';

async function gauge(s: StartedApp, name: string): Promise<number> {
  const found = (await s.app.metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  return found?.values[0]?.value ?? 0;
}

async function rejections(s: StartedApp, rule: string): Promise<number> {
  const found = (await s.app.metrics.registry.getMetricsAsJSON()).find((m) => m.name === 'matchkit_rejections_total');
  return found?.values.find((v) => v.labels['rule'] === rule)?.value ?? 0;
}

describe('graphql-ws on the running server', () => {
  let s: StartedApp;
  beforeAll(async () => {
    s = await startedApp({ wsKeepAliveMs: 150 });
  });
  afterAll(() => s.stop());

  it('refuses connection_init without credentials with 4403', async () => {
    const before = await rejections(s, 'ws-auth');
    const ws = wsProbe(s.origin, { origin: APP_ORIGIN });
    await ws.opened;
    ws.send({ type: 'connection_init', payload: {} });
    expect(await ws.closed).toEqual({ code: 4403, reason: 'Forbidden' });
    expect(ws.messages).toEqual([]);
    expect((await rejections(s, 'ws-auth')) - before).toBe(1);
  });

  it('refuses a tampered token with 4403', async () => {
    const { token } = await signedInMember(s.app);
    const ws = wsProbe(s.origin, { origin: APP_ORIGIN });
    await ws.opened;
    ws.send({ type: 'connection_init', payload: { authorization: `Bearer ${token.slice(0, -2)}xx` } });
    expect((await ws.closed).code).toBe(4403);
  });

  it('refuses the upgrade from a foreign Origin before any socket exists', async () => {
    const before = await rejections(s, 'ws-origin');
    const { token } = await signedInMember(s.app);
    const ws = wsProbe(s.origin, { origin: 'https://evil.example', cookie: `_opjwt=${token}` });
    await expect(ws.opened).rejects.toThrow('upgrade refused: 403');
    expect((await rejections(s, 'ws-origin')) - before).toBe(1);
  });

  it('accepts the app origin (or the host the upgrade was sent to) with the session cookie, and runs operations with the limits', async () => {
    const { token } = await signedInMember(s.app);
    for (const origin of [APP_ORIGIN, s.origin]) {
      const ws = wsProbe(s.origin, { origin, cookie: `_opjwt=${token}` });
      await ws.opened;
      ws.send({ type: 'connection_init' });
      await ws.next('connection_ack');
      ws.send({ id: '1', type: 'subscribe', payload: { query: '{ brand me { email } }' } });
      expect((await ws.next('next')).payload).toEqual({ data: { brand: 'primary', me: { email: expect.stringContaining('@example.test') } } });
      await ws.next('complete');
      // A syntax error and a limit answer an error message; the socket stays open.
      ws.send({ id: '2', type: 'subscribe', payload: { query: '{ brand' } });
      const syntax = await ws.next('error');
      expect(syntax.id).toBe('2');
      ws.send({ id: '3', type: 'subscribe', payload: { query: `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: brand`).join(' ')} }` } });
      await new Promise((r) => setTimeout(r, 100));
      const limit = ws.messages.find((m) => m.type === 'error' && m.id === '3');
      expect(JSON.stringify(limit?.payload)).toContain('maxAliases');
      expect(ws.socket.readyState).toBe(ws.socket.OPEN);
      ws.socket.close(1000);
      await ws.closed;
    }
  });

  it('without an Origin (not a browser), counts a bearer token in connection_init but not a cookie', async () => {
    const { token } = await signedInMember(s.app);
    const cookieOnly = wsProbe(s.origin, { cookie: `_opjwt=${token}` });
    await cookieOnly.opened;
    cookieOnly.send({ type: 'connection_init' });
    expect((await cookieOnly.closed).code).toBe(4403);
    const bearer = wsProbe(s.origin);
    await bearer.opened;
    bearer.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    await bearer.next('connection_ack');
    bearer.socket.close(1000);
    await bearer.closed;
  });

  it('closes the socket on a message larger than the cap (1009)', async () => {
    const { token } = await signedInMember(s.app);
    const ws = wsProbe(s.origin, { origin: APP_ORIGIN });
    await ws.opened;
    ws.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    await ws.next('connection_ack');
    ws.send({ id: '1', type: 'subscribe', payload: { query: `{ brand } # ${'x'.repeat(LIMITS.maxWsMessageBytes)}` } });
    expect((await ws.closed).code).toBe(1009);
  });

  it(`closes a member's socket with ${TOKEN_EXPIRED.code} "${TOKEN_EXPIRED.reason}" when the token expires`, async () => {
    // A token issued so that about a second of its life is left (expiry is in whole seconds).
    const member = await signedInMember(s.app, s.clock() - TOKEN_TTL_MS + 1400);
    expect(member.expiresAt - s.clock()).toBeLessThanOrEqual(1400);
    const ws = wsProbe(s.origin, { origin: APP_ORIGIN });
    await ws.opened;
    const opened = Date.now();
    ws.send({ type: 'connection_init', payload: { authorization: `Bearer ${member.token}` } });
    await ws.next('connection_ack');
    expect(await ws.closed).toEqual({ code: TOKEN_EXPIRED.code, reason: TOKEN_EXPIRED.reason });
    expect(Date.now() - opened).toBeLessThan(5000);
  });

  it('refuses a new subscription once the session is revoked (logout everywhere), closing with 4403', async () => {
    const member = await signedInMember(s.app);
    const ws = wsProbe(s.origin, { origin: APP_ORIGIN });
    await ws.opened;
    ws.send({ type: 'connection_init', payload: { authorization: `Bearer ${member.token}` } });
    await ws.next('connection_ack');
    await s.app.deps.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, member.userId));
    ws.send({ id: '1', type: 'subscribe', payload: { query: '{ brand }' } });
    expect((await ws.closed).code).toBe(4403);
    expect(ws.messages.some((m) => m.type === 'next')).toBe(false);
  });

  it('pings every keep-alive interval, and counts live sockets', async () => {
    const { token } = await signedInMember(s.app);
    const before = await gauge(s, 'matchkit_websocket_sockets');
    const ws = wsProbe(s.origin, { origin: APP_ORIGIN });
    await ws.opened;
    ws.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    await ws.next('connection_ack');
    await new Promise<void>((resolve) => ws.socket.once('ping', () => resolve()));
    expect(await gauge(s, 'matchkit_websocket_sockets')).toBe(before + 1);
    ws.socket.close(1000);
    await ws.closed;
    await new Promise((r) => setTimeout(r, 50));
    expect(await gauge(s, 'matchkit_websocket_sockets')).toBe(before);
  });
});
