import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createLogger } from '../logger';
import { catalogModule } from '../modules/catalog/index';
import type { ModuleFactory } from '../modules/module';
import { buildTestApp } from '../test/app';
import { signedInMember } from './testing';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct-horse-battery-staple-42';

/** POSTs one GraphQL operation with the given headers. */
function post(
  app: App,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
  path = '/graphql',
): Promise<Response> {
  return app.handler(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    }),
  );
}

describe('request logs', () => {
  const lines: string[] = [];
  let app: App;
  beforeAll(async () => {
    // trace: everything yoga and the app can say
    app = await buildTestApp({ logger: createLogger('trace', { write: (line: string) => void lines.push(line) }) });
  });
  afterAll(() => app.stop());

  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  it('writes one line per request with its id, method, path, status, duration and viewer, and answers the id in x-request-id', async () => {
    const member = await signedInMember(app);
    lines.length = 0;
    const r = await app.handler(
      new Request(`${ORIGIN}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
        body: JSON.stringify({ query: '{ me { email } }' }),
      }),
    );
    expect(r.status).toBe(200);
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const requestLines = entries().filter((e) => e['msg'] === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      requestId: id,
      method: 'POST',
      path: '/graphql',
      status: 200,
      userId: member.userId,
    });
    expect(typeof requestLines[0]?.['durationMs']).toBe('number');
  });

  it('keeps a valid x-request-id given by the caller, and leaves the viewer out when there is none', async () => {
    lines.length = 0;
    const r = await app.handler(new Request(`${ORIGIN}/api/nothing`, { headers: { 'x-request-id': 'edge-1234abcd' } }));
    expect(r.headers.get('x-request-id')).toBe('edge-1234abcd');
    const line = entries().find((e) => e['msg'] === 'request');
    expect(line).toMatchObject({ requestId: 'edge-1234abcd', path: '/api/nothing', status: 404 });
    expect(line).not.toHaveProperty('userId');
    const bad = await app.handler(new Request(`${ORIGIN}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } }));
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes a token, a cookie, a password or a Set-Cookie value, whatever the level', async () => {
    const registered = await post(app, 'mutation($input: RegisterInput!) { register(input: $input) { ok token } }', {
      input: {
        email: 'logged@example.test',
        username: 'logged_member',
        password: PASSWORD,
        firstName: 'Log',
        lastName: 'Reader',
        confirmAdult: true,
      },
    });
    const cookieToken = ((await registered.json()) as { data: { register: { token: string } } }).data.register.token;
    const bearer = (await signedInMember(app)).token;
    lines.length = 0;
    // A sign-in carrying an Authorization header, a session cookie, an API key and a token in the query string.
    const r = await post(
      app,
      'mutation Login($input: LoginInput!) { login(input: $input) { token } }',
      { input: { login: 'logged@example.test', password: PASSWORD } },
      { authorization: `Bearer ${bearer}`, cookie: `_opjwt=${cookieToken}; theme=dark`, 'x-api-key': 'api-key-value-0123456789' },
      `/graphql?reset=${cookieToken}`,
    );
    expect(r.status).toBe(200);
    const issued = ((await r.json()) as { data: { login: { token: string } } }).data.login.token;
    expect(issued).toMatch(/^ey/);
    const setCookie = r.headers.getSetCookie().join('\n');
    expect(setCookie).toContain(issued);
    expect(lines.length).toBeGreaterThan(2);
    const log = lines.join('\n');
    expect(log).toContain('"msg":"request"');
    expect(log).toContain('"path":"/graphql"');
    for (const secret of [bearer, cookieToken, PASSWORD, issued, setCookie, 'api-key-value-0123456789']) expect(log).not.toContain(secret);
    // A token's signature alone (a log that split it) is absent too.
    for (const token of [bearer, cookieToken, issued]) expect(log).not.toContain(token.split('.')[2]);
  });

  it('logs a masked error with its request id and without the request headers', async () => {
    const failing: ModuleFactory = () => ({
      name: 'failing',
      routes: [
        {
          method: 'GET',
          path: '/api/fail',
          handle: () => {
            throw new Error('boom');
          },
        },
      ],
    });
    const own: string[] = [];
    const broken = await buildTestApp({
      logger: createLogger('info', { write: (line: string) => void own.push(line) }),
      // The catalog for a schema with a Query type; the failing module has only a route.
      modules: [catalogModule, failing],
    });
    try {
      const r = await broken.handler(new Request(`${ORIGIN}/api/fail`, { headers: { authorization: 'Bearer secret-bearer-value' } }));
      expect(r.status).toBe(500);
      expect(await r.json()).toEqual({ error: true, message: 'Internal error' });
      const id = r.headers.get('x-request-id');
      const error = own.map((l) => JSON.parse(l) as Record<string, unknown>).find((e) => e['msg'] === 'unhandled error');
      expect(error).toMatchObject({ level: 50, requestId: id, err: { message: 'boom' } });
      expect(own.join('\n')).not.toContain('secret-bearer-value');
    } finally {
      await broken.stop();
    }
  });
});
