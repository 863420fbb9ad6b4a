import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createMetrics, isLoopback } from './metrics';

const METRICS_TOKEN = 'metrics-token-0123456789abcdefghijklmnopqrstuvwxyz';

describe('GET /metrics', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    [t, other] = await Promise.all([createTestApp({ env: { METRICS_TOKEN } }), createTestApp()]);
  });
  afterAll(() => Promise.all([t.stop(), other.stop()]));

  const scrape = (app: TestApp, ip: string, headers: Record<string, string> = {}) =>
    app.app.handler(new Request('http://localhost:3000/metrics', { headers }), { ip });

  it('answers a loopback caller in the Prometheus text format: requests by route and status, operations, sockets, process metrics', async () => {
    await t.request('/healthz');
    await t.request('/members/u_123/profile');
    await t.request('/api/no-such-thing');
    await t.gql('{ brand }');
    await t.gql('{ nope }');
    const r = await scrape(t, '127.0.0.1');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await r.text();
    expect(text).toContain('matchkit_http_requests_total{method="GET",route="/healthz",status="200"} 1');
    // A client-side route counts under one label, never its raw path (ids would grow the series without bound).
    expect(text).toContain('matchkit_http_requests_total{method="GET",route="static",status="404"} 1');
    expect(text).toContain('matchkit_http_requests_total{method="GET",route="/api/*",status="404"} 1');
    expect(text).not.toContain('u_123');
    expect(text).toMatch(/matchkit_http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/graphql",status="200"\} \d/);
    expect(text).toContain('matchkit_graphql_operations_total{type="query",result="ok"} 1');
    expect(text).toContain('matchkit_graphql_operations_total{type="query",result="invalid"} 1');
    expect(text).toContain('matchkit_websocket_sockets 0');
    expect(text).toContain('matchkit_process_cpu_user_seconds_total');
    expect(text).toContain('matchkit_nodejs_eventloop_lag_seconds');
  });

  it('keeps each app on its own registry', async () => {
    await other.request('/healthz');
    const text = await (await scrape(other, '::1')).text();
    expect(text).toContain('matchkit_http_requests_total{method="GET",route="/healthz",status="200"} 1');
    expect(text).not.toContain('route="/graphql"');
  });

  it('refuses a caller from another address, and a loopback one that came through a proxy', async () => {
    for (const [ip, headers] of [
      ['203.0.113.7', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.7' }],
    ] as const) {
      const r = await scrape(t, ip, headers);
      expect(r.status).toBe(403);
      expect(await r.text()).not.toContain('matchkit_');
    }
  });

  it('answers anyone presenting METRICS_TOKEN, refuses a wrong token with 401, and counts refusals', async () => {
    expect((await scrape(t, '203.0.113.7', { authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(200);
    expect((await scrape(t, '203.0.113.7', { authorization: `Bearer ${METRICS_TOKEN}x` })).status).toBe(401);
    expect((await scrape(t, '127.0.0.1', { authorization: 'Bearer wrong' })).status).toBe(401);
    // Without METRICS_TOKEN configured, no token is right.
    expect((await scrape(other, '203.0.113.7', { authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(401);
    const text = await (await scrape(t, '127.0.0.1')).text();
    expect(text).toMatch(/matchkit_rejections_total\{rule="metrics-auth"\} [1-9]/);
  });
});

describe('isLoopback', () => {
  it('knows the loopback forms of IPv4 and IPv6 and nothing else', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(ip)).toBe(true);
    for (const ip of ['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', 'localhost', '', '1127.0.0.1', '::2']) expect(isLoopback(ip)).toBe(false);
  });
});

describe('createMetrics', () => {
  it('counts sockets up and down, and rejections by rule', async () => {
    const m = createMetrics({ processMetrics: false });
    m.socketOpened();
    m.socketOpened();
    m.socketClosed();
    m.rejection('ws-auth');
    const text = await m.render();
    expect(text).toContain('matchkit_websocket_sockets 1');
    expect(text).toContain('matchkit_websocket_sockets_opened_total 2');
    expect(text).toContain('matchkit_rejections_total{rule="ws-auth"} 1');
    expect(text).not.toContain('process_cpu');
  });
});
