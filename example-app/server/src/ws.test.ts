import { getBrand } from '@matchkit/sdk/brands';
import {
  createSubscriptionClient,
  RecordBetMutation,
  RefreshSessionMutation,
  TOKEN_EXPIRED_CLOSE_CODE,
  TrackedBetChangedSubscription,
  type ConnectionState,
} from '@matchkit/sdk/transport';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signInAs } from './auth/sessions';
import { TOKEN_TTL_MS } from './auth/tokens';
import { sessions, users } from './db/schema';
import { collect, graphqlClient, waitFor, writeUntilDelivered, type Session } from './e2e/clients';
import { trackerCapabilities } from './modules/tracker/access';
import { qualifierInput } from './modules/tracker/test-support';
import { signedInMember, startedApp, wsProbe, type StartedApp } from './ops/testing';
import { LIMITS } from './plugins';
import { TOKEN_EXPIRED, TOKEN_RENEWAL_MARGIN_MS } from './ws';

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

  it('accepts the app origin with the session cookie, and runs operations with the limits', async () => {
    const { token } = await signedInMember(s.app);
    for (const origin of [APP_ORIGIN]) {
      const ws = wsProbe(s.origin, { origin, cookie: `_opjwt=${token}` });
      await ws.opened;
      ws.send({ type: 'connection_init' });
      await ws.next('connection_ack');
      ws.send({ id: '1', type: 'subscribe', payload: { query: '{ brand me { email } }' } });
      expect((await ws.next('next')).payload).toEqual({
        data: { brand: 'primary', me: { email: expect.stringContaining('@example.test') } },
      });
      await ws.next('complete');
      // A syntax error and a limit answer an error message; the socket stays open.
      ws.send({ id: '2', type: 'subscribe', payload: { query: '{ brand' } });
      const syntax = await ws.next('error');
      expect(syntax.id).toBe('2');
      ws.send({ id: '3', type: 'subscribe', payload: { query: `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: brand`).join(' ')} }` } });
      // Its error, however long a loaded machine takes to answer it (a fixed 100 ms wait failed).
      await expect
        .poll(() => JSON.stringify(ws.messages.find((m) => m.type === 'error' && m.id === '3')?.payload ?? null), { timeout: 10_000 })
        .toContain('maxAliases');
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

  it(`closes a member's socket with the sdk's TOKEN_EXPIRED_CLOSE_CODE (${TOKEN_EXPIRED_CLOSE_CODE}), not 4403, a minute before the token expires, while it can still be renewed`, async () => {
    expect(TOKEN_EXPIRED.code).toBe(TOKEN_EXPIRED_CLOSE_CODE);
    expect(TOKEN_EXPIRED.code).not.toBe(4403);
    // A token issued so that about a second is left before the renewal margin (expiry is in whole seconds).
    const member = await signedInMember(s.app, s.clock() - TOKEN_TTL_MS + TOKEN_RENEWAL_MARGIN_MS + 1400);
    expect(member.expiresAt - TOKEN_RENEWAL_MARGIN_MS - s.clock()).toBeLessThanOrEqual(1400);
    const before = await rejections(s, 'ws-token-expired');
    const ws = wsProbe(s.origin, { origin: APP_ORIGIN });
    await ws.opened;
    const opened = Date.now();
    ws.send({ type: 'connection_init', payload: { authorization: `Bearer ${member.token}` } });
    await ws.next('connection_ack');
    expect(await ws.closed).toEqual({ code: TOKEN_EXPIRED_CLOSE_CODE, reason: TOKEN_EXPIRED.reason });
    expect(Date.now() - opened).toBeLessThan(5000);
    expect((await rejections(s, 'ws-token-expired')) - before).toBe(1);
    // The token is still valid: the client can renew it.
    const renewed = await graphqlClient(s.origin, { token: member.token }).request({ query: RefreshSessionMutation });
    expect(renewed.data.refreshSession).toMatchObject({ ok: true, token: expect.any(String) });
  });

  it("keeps a member's live subscription through the sdk's client across the token's expiry: it renews the token and the same stream goes on", async () => {
    // A tracker member whose token reaches the renewal margin about 1.5 s from now.
    const member = await signedInMember(s.app, s.clock() - TOKEN_TTL_MS + TOKEN_RENEWAL_MARGIN_MS + 1500);
    await s.app.deps.db
      .update(users)
      .set({ additionalCapabilities: [...trackerCapabilities(getBrand(s.app.deps.config.brand))] })
      .where(eq(users.id, member.userId));
    const session: Session = { token: member.token };
    const api = graphqlClient(s.origin, session);
    const tokensRenewed: string[] = [];
    const live = createSubscriptionClient({
      url: `${s.origin.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      getCookie: (name) => (name === '_opjwt' && session.token !== null ? session.token : undefined),
      retry: { baseDelayMs: 20, maxDelayMs: 200 },
      // What the app does: refreshSession over HTTP with the token it holds (the browser's cookie).
      refreshToken: async () => {
        const { data } = await api.request({ query: RefreshSessionMutation });
        if (data.refreshSession.token !== null) tokensRenewed.push((session.token = data.refreshSession.token));
        return data.refreshSession.token;
      },
    });
    const states: ConnectionState[] = [];
    live.connection.subscribe(() => states.push(live.connection.getSnapshot()));
    const started = s.clock();
    try {
      const bets = collect(live, { query: TrackedBetChangedSubscription });
      const record = async () =>
        (await api.request({ query: RecordBetMutation, variables: { input: qualifierInput() as never } })).data.recordBet.id;
      const idOf = (e: (typeof bets.events)[number]) => e.data?.trackedBetChanged.id;
      await writeUntilDelivered(bets, record, idOf);

      await waitFor(
        'the renewal',
        () => (tokensRenewed.length === 1 && live.connection.getSnapshot().status === 'connected' ? true : undefined),
        10_000,
      );
      expect(tokensRenewed[0]).not.toBe(member.token);
      // The app's clock passes the first token's expiry: that token is dead, the stream is not.
      s.clock.set(member.expiresAt + 60_000);
      expect(await s.app.deps.tokens.verify(member.token, s.clock())).toBeNull();
      const after = await writeUntilDelivered(bets, record, idOf);
      expect(bets.events.find((e) => idOf(e) === after)?.data?.trackedBetChanged.change).toBe('created');

      expect(bets.error).toBeNull();
      expect(bets.completed).toBe(false);
      expect(tokensRenewed).toHaveLength(1);
      const statuses = states.map((x) => x.status);
      expect(statuses).toContain('reconnecting');
      expect(statuses).not.toContain('closed');
      expect(statuses.slice(statuses.indexOf('reconnecting'))).not.toContain('idle');
      bets.stop();
    } finally {
      s.clock.set(started);
      await live.dispose();
    }
  });

  it("closes with 4403 'Session ended' (final, no renewal) when the session ends before the token does", async () => {
    const member = await signedInMember(s.app);
    const { token, sessionId } = await signInAs(s.app.deps, member.userId, s.clock());
    await s.app.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(s.clock() + 1500) })
      .where(eq(sessions.id, sessionId));
    const before = await rejections(s, 'ws-session-ended');
    const ws = wsProbe(s.origin, { origin: APP_ORIGIN });
    await ws.opened;
    const opened = Date.now();
    ws.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    await ws.next('connection_ack');
    expect(await ws.closed).toEqual({ code: 4403, reason: 'Session ended' });
    expect(Date.now() - opened).toBeLessThan(5000);
    expect((await rejections(s, 'ws-session-ended')) - before).toBe(1);
  });

  it(`refuses an operation past ${LIMITS.maxOperationsPerSocket} running at once on one socket, and takes new ones once others end`, async () => {
    const member = await signedInMember(s.app);
    await s.app.deps.db
      .update(users)
      .set({ additionalCapabilities: [...trackerCapabilities(getBrand(s.app.deps.config.brand))] })
      .where(eq(users.id, member.userId));
    const before = await rejections(s, 'ws-operations');
    const ws = wsProbe(s.origin, { origin: APP_ORIGIN });
    await ws.opened;
    ws.send({ type: 'connection_init', payload: { authorization: `Bearer ${member.token}` } });
    await ws.next('connection_ack');
    const query = 'subscription { trackedBetChanged { change id } }';
    for (let i = 1; i <= LIMITS.maxOperationsPerSocket; i++) ws.send({ id: `s${i}`, type: 'subscribe', payload: { query } });
    ws.send({ id: 'over', type: 'subscribe', payload: { query } });
    const refused = await ws.next('error');
    expect(refused.id).toBe('over');
    expect(JSON.stringify(refused.payload)).toContain('RATE_LIMITED');
    expect((await rejections(s, 'ws-operations')) - before).toBe(1);
    // One ends (complete): once it has, a new one is taken (answered by its own result, not an error).
    ws.send({ id: 's1', type: 'complete' });
    let answered: unknown;
    for (let k = 0; k < 40 && answered === undefined; k++) {
      ws.send({ id: `again${k}`, type: 'subscribe', payload: { query: '{ brand }' } });
      answered = await waitFor(`again${k} answered`, () =>
        ws.messages.find((m) => m.id === `again${k}` && (m.type === 'next' || m.type === 'error')),
      ).then((m) => (m.type === 'next' ? m : undefined));
    }
    expect(answered).toBeDefined();
    ws.socket.close();
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
