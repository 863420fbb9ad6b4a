import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

describe('the app handler (no port, a cloned in-memory database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  it('answers the catalogue from the sdk: brand, plans in tier order, tools', async () => {
    const r = await t.gql<{ brand: string; plans: { name: string; price: { monthly: number } }[]; tools: { slug: string }[] }>(
      '{ brand plans { name price { monthly } } tools { slug } }',
    );
    expect(r.errors).toBeUndefined();
    expect(r.data?.brand).toBe('primary');
    expect(r.data?.plans.map((p) => [p.name, p.price.monthly])).toEqual([
      ['platinum', 3999],
      ['diamond', 4999],
      ['pro', 15000],
      ['pro-plus', 16500],
    ]);
    expect(r.data?.tools.map((x) => x.slug)).toContain('oddsmatching');
  });

  it('is signed out without a token: me is null and myTools empty', async () => {
    const r = await t.gql('{ me { email } myTools { slug } }');
    expect(r.data).toEqual({ me: null, myTools: [] });
  });

  it('treats a tampered token as no token', async () => {
    const r = await t.gql('{ me { email } }', {}, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.AAAA' });
    expect(r.data).toEqual({ me: null });
  });

  it('answers health and readiness, with security headers', async () => {
    const health = await t.request('/healthz');
    expect(await health.json()).toEqual({ ok: true });
    expect(health.headers.get('content-security-policy')).toContain("script-src 'self'");
    const ready = await t.request('/readyz');
    expect(ready.status).toBe(200);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const r = await t.request('/api/nothing-here');
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: true, message: 'Not found' });
  });
});
