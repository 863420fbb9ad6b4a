import { describe, expect, it } from 'vitest';
import type { GraphQLClient, TransportFetch } from '@matchkit/sdk/transport';
import { createSessionRenewal, renewingFetch, tokenExpiry, type RenewalEnvironment } from './renewal';

const NOW = Date.parse('2026-03-02T10:00:00Z');

/** A JWT-shaped token expiring at `exp` (ms); only its payload matters here. */
function jwt(exp: number, tag = 'a'): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(exp / 1000), tag })).replace(/=+$/, '');
  return `h.${payload}.s`;
}

/** A browser with a cookie jar; `renewed` is what the server's refreshSession sets. */
function setup(jar: Record<string, string>) {
  let requests = 0;
  const env: RenewalEnvironment = {
    cookies: () =>
      Object.entries(jar)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    now: () => NOW,
    exclusive: (task) => task(),
  };
  const transport: Pick<GraphQLClient, 'request'> = {
    request: (async () => {
      requests += 1;
      await Promise.resolve();
      if (jar['_mksession'] !== '1') throw new Error('UNAUTHENTICATED');
      const token = jwt(NOW + 15 * 60_000, `r${requests}`);
      jar['_opjwt'] = token;
      return { data: { refreshSession: { ok: true, error: null, token, expiresAt: '' } } };
    }) as never,
  };
  return { renewal: createSessionRenewal(transport, env), requests: () => requests, jar };
}

describe('session renewal', () => {
  it('reads a token’s expiry, and null for anything that is not one', () => {
    expect(tokenExpiry(jwt(NOW))).toBe(NOW);
    expect(tokenExpiry('not a token')).toBeNull();
    expect(tokenExpiry('h.%%%.s')).toBeNull();
  });

  it('renews a missing or stale token once, however many ask at the same time, when the marker says it can', async () => {
    const { renewal, requests, jar } = setup({ _mksession: '1', _opjwt: jwt(NOW - 1000) });
    const [a, b] = await Promise.all([renewal.freshToken(), renewal.freshToken()]);
    expect(requests()).toBe(1);
    expect(a).toBe(jar['_opjwt']);
    expect(b).toBe(a);
    // Fresh now: nothing more is asked.
    expect(await renewal.freshToken()).toBe(a);
    expect(requests()).toBe(1);
  });

  it('asks nothing without the marker (a signed-out visitor)', async () => {
    const { renewal, requests } = setup({});
    expect(await renewal.freshToken()).toBeNull();
    expect(requests()).toBe(0);
  });

  it('renew() with no argument renews even a token that is still valid (the socket’s 4440 close)', async () => {
    const valid = jwt(NOW + 60_000);
    const { renewal, requests } = setup({ _mksession: '1', _opjwt: valid });
    const next = await renewal.renew();
    expect(requests()).toBe(1);
    expect(next).not.toBe(valid);
  });

  it('retries a request refused as UNAUTHENTICATED once, with the renewed token; a second refusal is returned as it is', async () => {
    const { renewal, jar } = setup({ _mksession: '1', _opjwt: jwt(NOW + 10 * 60_000) });
    const sent: (string | null)[] = [];
    const refuse: TransportFetch = async (_url, init) => {
      sent.push(new Headers(init.headers).get('authorization'));
      return Response.json({ data: null, errors: [{ message: 'Sign in', extensions: { code: 'UNAUTHENTICATED' } }] });
    };
    const body = JSON.stringify({ operationName: 'TrackedBets', query: '{ x }' });
    const response = await renewingFetch(refuse, () => renewal)('/graphql', {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${jar['_opjwt']}` },
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(`Bearer ${jar['_opjwt']}`);
    expect(sent[1]).not.toBe(sent[0]);
    expect(((await response.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });
});
