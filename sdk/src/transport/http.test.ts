import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { isValidationError, type MatchkitValidationError } from '../errors';
import {
  checkIntegrations,
  createAuthServiceClient,
  createGraphQLClient,
  createLeanSubscriptionClient,
  createSubscriptionClient,
  getTrackerTotals,
  isTransportError,
  logoutIntegration,
  type TransportFetch,
  type TransportOptions,
} from '../transport';
import { isLoopbackHost, isSecureForCredentials, resolveRetry, type TransportRetryOptions } from './http';
import {
  Channel,
  answer,
  expectNoLeakedHandles,
  reset,
  startHttpServer,
  startWsServer,
  type Handler,
  type TestHttpServer,
  type TestWsServer,
} from './test-servers';

// The credential rules of the transport: the member's JWT (and the auth service's key) never
// crosses a network in clear text unless the caller says so; the REST calls read their options
// at every call; the state-changing logout GET is not retried by default.

expectNoLeakedHandles(afterAll);

let api: TestHttpServer;
let live: TestWsServer;
const odds = new Channel<unknown>();
let next: Handler = answer(200, '{"data":{"me":null}}');

beforeAll(async () => {
  api = await startHttpServer();
  const delegate: Handler = (req, res, body, n) => next(req, res, body, n);
  for (const path of ['/graphql', '/api/user/integrations/external/check', '/api/user/integrations/external/logout'])
    api.route(path, delegate);
  api.route(
    '/api/user/profit-tracker/lucky-finder/getMyBetsTotals',
    answer(
      200,
      JSON.stringify({ data: { betCount: 0, staked: 0, profit: 0, pendingProfit: 0, guaranteed: 0, potential: 0, training: 0, ev: 0 } }),
    ),
  );
  live = await startWsServer({ odds });
});
afterAll(async () => {
  await api.close();
  await live.stop();
});
afterEach(() => {
  api.requests.length = 0;
  next = answer(200, '{"data":{"me":null}}');
});

/**
 * A real fetch that sends every request to the loopback server instead of the host in the URL,
 * the way a forward proxy would: it lets a test see exactly what the client would have sent to a
 * remote host, without any traffic leaving this machine.
 */
const toLoopback: TransportFetch = (url, init) => {
  const u = new URL(url);
  return fetch(`${api.origin}${u.pathname}${u.search}`, init);
};

const cookie = (name: string) => (name === '_opjwt' ? 'member-jwt' : undefined);

function validationPaths(run: () => unknown): string[] {
  try {
    run();
  } catch (e) {
    if (isValidationError(e)) return (e as MatchkitValidationError).issues.map((i) => i.path);
    throw e;
  }
  return [];
}

function validationMessage(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (isValidationError(e)) return e.issues.map((i) => i.message).join('\n');
    throw e;
  }
  return '';
}

describe('which hosts may receive credentials over a plain connection', () => {
  it('loopback names and addresses only: localhost, *.localhost, 127.0.0.0/8, [::1]', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', 'localhost.', '127.0.0.1', '127.255.10.3', '[::1]']) {
      expect({ host, loopback: isLoopbackHost(host) }).toEqual({ host, loopback: true });
    }
    // Look-alikes, private networks (a LAN is still a network), and other IPv6 addresses are not.
    for (const host of [
      'localhost.evil.example',
      'evil-localhost',
      '127.0.0.1.nip.io',
      '128.0.0.1',
      '10.0.0.1',
      '192.168.1.5',
      '[::2]',
      '0.0.0.0',
      'api.example.com',
    ]) {
      expect({ host, loopback: isLoopbackHost(host) }).toEqual({ host, loopback: false });
    }
  });

  it('URLs as the URL parser normalises them: TLS anywhere, plain text to loopback only', () => {
    const secure = (url: string) => isSecureForCredentials(new URL(url));
    expect(
      [
        'https://api.example.com/graphql',
        'wss://api.example.com/graphql',
        'http://127.1:4000/graphql',
        'http://[0:0:0:0:0:0:0:1]/g',
        'ws://localhost:4000/graphql',
      ].map(secure),
    ).toEqual([true, true, true, true, true]);
    expect(
      [
        'http://api.example.com/graphql',
        'ws://api.example.com/graphql',
        'http://192.168.1.5:4000/graphql',
        'http://user@localhost.evil.example/',
      ].map(secure),
    ).toEqual([false, false, false, false]);
  });
});

describe('createGraphQLClient over plain http', () => {
  it('refuses a plain-http url to a remote host at creation, naming the url and the way out', () => {
    expect(validationPaths(() => createGraphQLClient({ url: 'http://api.example.com/graphql' }))).toEqual(['url']);
    const message = validationMessage(() => createGraphQLClient({ url: 'http://api.example.com/graphql' }));
    expect(message).toContain("the member's JWT would cross the network unencrypted");
    expect(message).toContain('insecureTransport');
    // LAN addresses are remote too.
    expect(validationPaths(() => createGraphQLClient({ url: 'http://192.168.1.5:4000/graphql' }))).toEqual(['url']);
  });

  it('accepts https anywhere and plain http to loopback', () => {
    for (const url of [
      'https://api.example.com/graphql',
      'http://localhost:4000/graphql',
      'http://127.0.0.1:4000/graphql',
      'http://[::1]:4000/graphql',
    ]) {
      expect(createGraphQLClient({ url }).url).toBe(new URL(url).href);
    }
  });

  it('sends the token to a loopback server over plain http', async () => {
    await createGraphQLClient({ url: `${api.origin}/graphql`, getCookie: cookie }).request({ query: '{ me { email } }' });
    expect(api.requests[0]?.headers.authorization).toBe('Bearer member-jwt');
  });

  it("with insecureTransport 'anonymous', sends no Authorization at all: neither the JWT nor one given in headers", async () => {
    const client = createGraphQLClient({
      url: 'http://api.example.com/graphql',
      insecureTransport: 'anonymous',
      getCookie: cookie,
      fetch: toLoopback,
      headers: { Authorization: 'Bearer from-the-caller' },
    });
    const { data } = await client.request({ query: '{ me { email } }' }, { headers: { authorization: 'Bearer per-request' } });
    expect(data).toEqual({ me: null });
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
    expect(api.requests[0]?.headers.country).toBe('gb'); // the rest of the request is unchanged
  });

  it("with insecureTransport 'anonymous', still sends the token where the url is https (the policy only concerns plain text)", async () => {
    const client = createGraphQLClient({
      url: 'https://api.example.com/graphql',
      insecureTransport: 'anonymous',
      getCookie: cookie,
      fetch: toLoopback,
    });
    await client.request({ query: '{ me { email } }' });
    expect(api.requests[0]?.headers.authorization).toBe('Bearer member-jwt');
  });

  it("with insecureTransport 'allow-token', sends the token: a deliberate choice for a network the caller trusts", async () => {
    const client = createGraphQLClient({
      url: 'http://api.internal.example/graphql',
      insecureTransport: 'allow-token',
      getCookie: cookie,
      fetch: toLoopback,
    });
    await client.request({ query: '{ me { email } }' });
    expect(api.requests[0]?.headers.authorization).toBe('Bearer member-jwt');
  });

  it('rejects an unknown policy', () => {
    expect(
      validationPaths(() => createGraphQLClient({ url: 'https://api.example.com/graphql', insecureTransport: 'sometimes' as never })),
    ).toEqual(['insecureTransport']);
  });
});

describe('the REST calls follow the same rule', () => {
  it('reject a plain-http url to a remote host with the validation error, before any request', async () => {
    const error = await checkIntegrations({ url: 'http://api.example.com/graphql', fetch: toLoopback }).catch((e: unknown) => e);
    expect(isValidationError(error) && error.issues.map((i) => i.path)).toEqual(['url']);
    expect(api.requests).toHaveLength(0);
  });

  it("send no token with 'anonymous'", async () => {
    next = answer(200, JSON.stringify({ data: { matchbook: 'connected' }, error: false }));
    await checkIntegrations({
      url: 'http://api.example.com/graphql',
      insecureTransport: 'anonymous',
      getCookie: cookie,
      fetch: toLoopback,
    });
    expect(api.requests[0]?.path).toBe('/api/user/integrations/external/check');
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe('createAuthServiceClient over plain http', () => {
  it('refuses a plain-http url to a remote host (the API key would travel in clear text), never echoing the key', () => {
    const message = validationMessage(() => createAuthServiceClient({ url: 'http://auth.example.com/graphql', apiKey: 'k-123456' }));
    expect(message).toContain('the API key would cross the network unencrypted');
    expect(message).not.toContain('k-123456');
    expect(
      validationPaths(() =>
        createAuthServiceClient({ url: 'http://auth.example.com/graphql', apiKey: 'k-123456', insecureTransport: 'anonymous' as never }),
      ),
    ).toEqual(['insecureTransport']);
  });

  it("sends the key over plain http to loopback, and to a remote host only with 'allow-token'", async () => {
    await createAuthServiceClient({ url: `${api.origin}/graphql`, apiKey: 'k-123456' }).request({ query: '{ me { email } }' });
    await createAuthServiceClient({
      url: 'http://auth.internal.example/graphql',
      apiKey: 'k-123456',
      insecureTransport: 'allow-token',
      fetch: toLoopback,
    }).request({
      query: '{ me { email } }',
    });
    expect(api.requests.map((r) => r.headers['x-api-key'])).toEqual(['k-123456', 'k-123456']);
  });
});

// Both subscription factories apply the policy: the lean one runs the same option checks.
describe.each([
  ['createSubscriptionClient', createSubscriptionClient],
  ['createLeanSubscriptionClient', createLeanSubscriptionClient],
] as const)('%s over plain ws', (_, create) => {
  /** The `ws` WebSocket, pointed at the loopback graphql-ws server whatever host the URL names (a real socket to a real server). */
  class ToLoopback extends WebSocket {
    constructor(_url: string | URL, protocols?: string | string[]) {
      super(live.url, protocols);
    }
  }

  it('refuses a plain-ws url to a remote host at creation', () => {
    expect(validationPaths(() => create({ url: 'ws://api.example.com/graphql', webSocketImpl: WebSocket }))).toEqual(['url']);
    expect(validationMessage(() => create({ url: 'ws://api.example.com/graphql', webSocketImpl: WebSocket }))).toContain('Use wss');
    expect(create({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket }).url).toBe('wss://api.example.com/graphql');
    expect(create({ url: 'ws://localhost:4000/graphql', webSocketImpl: WebSocket }).url).toBe('ws://localhost:4000/graphql');
  });

  async function connectionParamsOf(options: Parameters<typeof create>[0]): Promise<Record<string, unknown>> {
    const before = live.connections.length;
    const client = create(options);
    const stop = client.subscribe({ query: 'subscription S { oddsUpdated { marketId } }' }, { next: () => {} });
    try {
      await expect.poll(() => client.connection.getSnapshot().status).toBe('connected');
      return live.connections[before] ?? {};
    } finally {
      stop();
      await client.dispose();
    }
  }

  it('sends the JWT in connectionParams to a loopback server over plain ws', async () => {
    expect(await connectionParamsOf({ url: live.url, webSocketImpl: WebSocket, getCookie: cookie })).toEqual({
      country: 'gb',
      authorization: 'Bearer member-jwt',
    });
  });

  it("with 'anonymous', connects to a remote plain-ws url without any authorization in connectionParams", async () => {
    const params = await connectionParamsOf({
      url: 'ws://odds.example.com/graphql',
      webSocketImpl: ToLoopback,
      insecureTransport: 'anonymous',
      getCookie: cookie,
      connectionParams: { Authorization: 'Bearer from-the-caller', client: 'web' },
    });
    expect(params).toEqual({ client: 'web', country: 'gb' });
  });

  it("with 'allow-token', sends the JWT to a remote plain-ws url", async () => {
    const params = await connectionParamsOf({
      url: 'ws://odds.internal.example/graphql',
      webSocketImpl: ToLoopback,
      insecureTransport: 'allow-token',
      getCookie: cookie,
    });
    expect(params).toEqual({ country: 'gb', authorization: 'Bearer member-jwt' });
  });
});

describe('the REST calls read their options at every call', () => {
  it('a changed options object takes effect on the next call (nothing is cached per object)', async () => {
    next = answer(200, JSON.stringify({ data: { matchbook: 'connected' }, error: false }));
    const options: { -readonly [K in keyof TransportOptions]: TransportOptions[K] } = {
      url: `${api.origin}/graphql`,
      getCookie: cookie,
      country: 'gb',
    };
    await checkIntegrations(options);
    options.country = 'ie';
    options.getCookie = () => 'next-jwt';
    await checkIntegrations(options);
    await getTrackerTotals(options, 'lucky-finder/getMyBetsTotals');
    expect(api.requests.map((r) => [r.headers.country, r.headers.authorization])).toEqual([
      ['gb', 'Bearer member-jwt'],
      ['ie', 'Bearer next-jwt'],
      ['ie', 'Bearer next-jwt'],
    ]);
  });
});

describe('logoutIntegration is a state-changing GET', () => {
  const noWait = { sleep: async () => {}, random: () => 0 };
  /** Resets the first request to each path, then answers; counts what each path received. */
  function flakyOnce(): Record<string, number> {
    const seen: Record<string, number> = {};
    next = (req, res, body, n) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      seen[path] = (seen[path] ?? 0) + 1;
      if (seen[path] === 1) reset(req, res, body, n);
      else
        answer(200, JSON.stringify(path.endsWith('/logout') ? { data: { matchbook: 'disconnected' } } : { data: {}, error: false }))(
          req,
          res,
          body,
          n,
        );
    };
    return seen;
  }

  it('is not retried on a network error by default, where the check is', async () => {
    const seen = flakyOnce();
    const options: TransportOptions = { url: `${api.origin}/graphql`, ...noWait };
    const error = await logoutIntegration(options, 'matchbook').catch((e: unknown) => e);
    expect(isTransportError(error) && [error.kind, error.attempts]).toEqual(['network', 1]);
    // The same default policy retries the read-only check: its first request is reset, the second answers.
    await expect(checkIntegrations(options)).resolves.toEqual({ data: {}, error: false });
    expect(seen).toEqual({ '/api/user/integrations/external/logout': 1, '/api/user/integrations/external/check': 2 });
  });

  it('is retried when the policy retries mutations', async () => {
    const seen = flakyOnce();
    const result = await logoutIntegration({ url: `${api.origin}/graphql`, retry: { mutations: true }, ...noWait }, 'matchbook');
    expect(result).toEqual({ data: { matchbook: 'disconnected' } });
    expect(seen).toEqual({ '/api/user/integrations/external/logout': 2 });
  });
});

describe('retry policies', () => {
  it('a retry field given as undefined keeps the value under it (the default, or the client policy under a request)', () => {
    const unset = { retries: undefined, baseDelayMs: 5 } as unknown as TransportRetryOptions;
    expect(resolveRetry(unset)).toEqual({ retries: 2, baseDelayMs: 5, maxDelayMs: 10_000, mutations: false });
    expect(resolveRetry({ retries: 4 }, { maxDelayMs: undefined } as unknown as TransportRetryOptions)).toEqual({
      retries: 4,
      baseDelayMs: 300,
      maxDelayMs: 10_000,
      mutations: false,
    });
    expect(resolveRetry({ retries: 4 }, false, {})).toEqual({ retries: 2, baseDelayMs: 300, maxDelayMs: 10_000, mutations: false });
  });
});
