import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { sessionCookie } from '../http/cookies';
import { createLogger } from '../logger';
import { createOutboxMailer } from '../mail/mailer';
import type { ModuleFactory } from '../modules/module';
import { modules } from '../modules/index';
import { testClock, testDatabase, testEnv } from '../test/app';
import { createTestPubSub } from '../test/pubsub';
import { signedInMember } from './testing';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct-horse-battery-staple-42';
const ISSUED = 'eyJhbGciOiJIUzI1NiJ9.issued-token-body.issued-token-signature';

/** A login-like mutation: it reads a password and answers with a token and a Set-Cookie, as the accounts module does. */
const loginLike: ModuleFactory = (deps) => ({
  name: 'login-like',
  resolvers: {
    Mutation: {
      login: (_: unknown, args: { input: { login: string; password: string } }, ctx) => {
        ctx.logger.info({ login: args.input.login, password: args.input.password }, 'login attempt');
        const expiresAt = deps.clock() + 60_000;
        ctx.setCookie(sessionCookie(deps.config.publicOrigin, ISSUED, expiresAt, deps.clock()));
        return { token: ISSUED, expiresAt };
      },
    },
  },
});

describe('request logs', () => {
  const lines: string[] = [];
  let app: App;
  beforeAll(async () => {
    const database = await testDatabase();
    const clock = testClock();
    app = buildApp({
      config: loadConfig(testEnv()),
      database,
      pubSub: createTestPubSub(),
      clock,
      mail: createOutboxMailer(database.db, clock),
      // trace: everything yoga and the app can say
      logger: createLogger('trace', { write: (line: string) => void lines.push(line) }),
      webRoot: null,
      modules: [...modules, loginLike],
    });
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
    expect(requestLines[0]).toMatchObject({ level: 30, requestId: id, method: 'POST', path: '/graphql', status: 200, userId: member.userId });
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
    const member = await signedInMember(app);
    const cookieToken = (await signedInMember(app)).token;
    lines.length = 0;
    const r = await app.handler(
      new Request(`${ORIGIN}/graphql?reset=${cookieToken}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${member.token}`,
          cookie: `_opjwt=${cookieToken}; theme=dark`,
          'x-api-key': 'api-key-value-0123456789',
        },
        body: JSON.stringify({
          query: 'mutation Login($input: LoginInput!) { login(input: $input) { token } }',
          variables: { input: { login: 'member@example.test', password: PASSWORD } },
        }),
      }),
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('set-cookie')).toContain(ISSUED);
    expect(lines.length).toBeGreaterThan(2);
    const log = lines.join('\n');
    expect(log).toContain('"msg":"login attempt"');
    expect(log).toContain('"msg":"request"');
    for (const secret of [member.token, cookieToken, PASSWORD, ISSUED, 'api-key-value-0123456789']) expect(log).not.toContain(secret);
    // The token's parts alone (a log that split it) are absent too.
    for (const part of member.token.split('.').slice(1)) expect(log).not.toContain(part);
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
    const database = await testDatabase();
    const own: string[] = [];
    const clock = testClock();
    const broken = buildApp({
      config: loadConfig(testEnv()),
      database,
      pubSub: createTestPubSub(),
      clock,
      mail: createOutboxMailer(database.db, clock),
      logger: createLogger('info', { write: (line: string) => void own.push(line) }),
      webRoot: null,
      modules: [failing],
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
