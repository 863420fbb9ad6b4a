import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { createAuthServiceClient, isTransportError } from '@matchkit/sdk/transport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_TTL_MS } from '../../auth/tokens';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { apiKeyMatches, AUTH_SERVICE_MAX_BODY, AUTH_SERVICE_SDL } from './auth-service';
import { gqlFrom, registerMember } from './test-support';

const SESSION = /* GraphQL */ `
  query Session($token: String!) {
    session(token: $token) {
      expiresAt
      user { id email username firstName lastName capabilities additionalCapabilities }
    }
  }
`;

type SessionData = { session: { expiresAt: string; user: Record<string, unknown> } | null };

describe('the auth service for server render (POST /auth/graphql with x-api-key), through the sdk client on loopback', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { origin } = await t.app.start(0, '127.0.0.1');
    url = `${origin}/auth/graphql`;
  });
  afterAll(() => t.stop());

  it('answers whose session a platform token proves', async () => {
    const m = await registerMember(t, { firstName: 'Grace', lastName: 'Back' });
    await t.database.db
      .update(users)
      .set({ additionalCapabilities: ['PA-CAP-006'] })
      .where(eq(users.id, m.id));
    const auth = createAuthServiceClient({ url, apiKey: t.config.secrets.AUTH_SERVICE_API_KEY, retry: false });
    const { data } = await auth.request<SessionData>({ query: SESSION, variables: { token: m.token } });
    expect(data.session).toEqual({
      expiresAt: new Date(t.clock() + TOKEN_TTL_MS).toISOString(),
      user: {
        id: m.id,
        email: m.input.email,
        username: m.input.username,
        firstName: 'Grace',
        lastName: 'Back',
        capabilities: [],
        additionalCapabilities: ['PA-CAP-006'],
      },
    });
  });

  it('answers null for a malformed, tampered, expired or revoked token', async () => {
    const auth = createAuthServiceClient({ url, apiKey: t.config.secrets.AUTH_SERVICE_API_KEY, retry: false });
    const session = async (token: string) => (await auth.request<SessionData>({ query: SESSION, variables: { token } })).data.session;
    const m = await registerMember(t);
    expect(await session('not a token')).toBeNull();
    expect(await session(`${m.token.slice(0, -3)}AAA`)).toBeNull();
    const start = t.clock();
    t.clock.advance(TOKEN_TTL_MS);
    try {
      expect(await session(m.token)).toBeNull();
    } finally {
      t.clock.set(start);
    }
    expect(await session(m.token)).not.toBeNull();
    await gqlFrom(t, 'mutation { logout }', {}, { token: m.token });
    expect(await session(m.token)).toBeNull();
  });

  it('refuses a wrong or missing key with one 401 that does not say which', async () => {
    const wrong = createAuthServiceClient({ url, apiKey: `${t.config.secrets.AUTH_SERVICE_API_KEY}x`, retry: false });
    const error = await wrong.request({ query: SESSION, variables: { token: 'x' } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isTransportError(error) && error.kind === 'http' && error.status === 401).toBe(true);

    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: SESSION, variables: { token: 'x' } }),
      });
    const missing = await post({});
    const bad = await post({ 'x-api-key': 'nope' });
    expect([missing.status, bad.status]).toEqual([401, 401]);
    const [a, b] = [await missing.text(), await bad.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual({ error: true, message: 'Unauthorized' });
    // The platform's own endpoint does not answer the auth service's schema.
    const platform = await gqlFrom(t, SESSION, { token: 'x' });
    expect(platform.errors?.[0]?.message).toMatch(/Cannot query field "session"/);
  });

  describe('the body cap (the key is checked first, from the header alone)', () => {
    /** A session request padded with JSON whitespace to `bytes` bytes: valid, so only the cap can refuse it. */
    const padded = (bytes: number) => {
      const body = JSON.stringify({ query: SESSION, variables: { token: 'x' } });
      return `${body.slice(0, -1)}${' '.repeat(Math.max(0, bytes - body.length))}}`;
    };
    /** A chunked body of `parts` chunks of 1 KiB (no Content-Length), counting the chunks pulled from it. */
    const chunked = (parts: number) => {
      let pulled = 0;
      const head = new TextEncoder().encode(padded(0).slice(0, -1));
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled > parts) return controller.close();
          controller.enqueue(pulled === 0 ? head : pulled === parts ? new TextEncoder().encode('}') : new Uint8Array(1024).fill(32));
          pulled += 1;
        },
      });
      return { body: stream, pulled: () => pulled };
    };
    const post = (body: BodyInit, headers: Record<string, string>) =>
      t.request('/auth/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        duplex: 'half',
      } as RequestInit);

    it('answers a body just under the cap, and refuses one byte over it with a clear 413 that closes the connection', async () => {
      const key = { 'x-api-key': t.config.secrets.AUTH_SERVICE_API_KEY };
      const under = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...key },
        body: padded(AUTH_SERVICE_MAX_BODY),
      });
      expect(under.status).toBe(200);
      expect(await under.json()).toEqual({ data: { session: null } });
      const over = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...key },
        body: padded(AUTH_SERVICE_MAX_BODY + 1),
      });
      expect(over.status).toBe(413);
      expect(over.headers.get('connection')).toBe('close');
      expect(await over.json()).toEqual({
        error: true,
        message: `Body too large: the auth service reads at most ${AUTH_SERVICE_MAX_BODY} bytes`,
      });
      // Far over (2 MB, a size the platform's 1 MB cap also refuses) on loopback: the same 413.
      const huge = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...key }, body: padded(2_000_000) });
      expect(huge.status).toBe(413);
    });

    it('stops reading a chunked body (no Content-Length) at the cap', async () => {
      const stream = chunked(1000);
      const r = await post(stream.body, { 'x-api-key': t.config.secrets.AUTH_SERVICE_API_KEY });
      expect(r.status).toBe(413);
      expect(stream.pulled()).toBeLessThanOrEqual(AUTH_SERVICE_MAX_BODY / 1024 + 3);
      const fits = chunked(4);
      expect((await post(fits.body, { 'x-api-key': t.config.secrets.AUTH_SERVICE_API_KEY })).status).toBe(200);
    });

    it('without the key: 401 before reading any of the body, whatever its size', async () => {
      for (const headers of [{}, { 'x-api-key': 'wrong' }]) {
        const stream = chunked(1000);
        const r = await post(stream.body, headers);
        expect(r.status).toBe(401);
        expect(await r.json()).toEqual({ error: true, message: 'Unauthorized' });
        expect(stream.pulled()).toBeLessThanOrEqual(1);
      }
      const declared = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: padded(2_000_000) });
      expect(declared.status).toBe(401);
    });
  });

  it('compares keys whole: a prefix, a longer key or an empty one never matches', () => {
    expect(apiKeyMatches('secret-key', 'secret-key')).toBe(true);
    expect(apiKeyMatches('secret-ke', 'secret-key')).toBe(false);
    expect(apiKeyMatches('secret-key2', 'secret-key')).toBe(false);
    expect(apiKeyMatches('', 'secret-key')).toBe(false);
    expect(apiKeyMatches(null, 'secret-key')).toBe(false);
  });

  it('serves the schema docs/server.md documents, word for word', () => {
    const doc = readFileSync(new URL('../../../../../docs/server.md', import.meta.url), 'utf8');
    const block = /## The auth service[\s\S]*?```graphql\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block?.trim()).toBe(AUTH_SERVICE_SDL.trim());
  });
});
