import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMatchkitError, type MatchkitValidationError } from '../errors';
import { graphqlRequest, isTransportError, PlansQuery, type TransportError } from '../transport';
import { answer, expectNoLeakedHandles, reset, startHttpServer, type TestHttpServer } from './test-servers';

// The lean graphqlRequest against a real HTTP server on 127.0.0.1: one test per kind of the error
// union, the partial result, what it sends, and the input it refuses before sending anything.

expectNoLeakedHandles(afterAll);

let api: TestHttpServer;
let other: TestHttpServer;

beforeAll(async () => {
  other = await startHttpServer({ '/graphql': answer(200, '{"data":{"brand":"elsewhere"}}') });
  api = await startHttpServer({
    '/ok': answer(200, '{"data":{"brand":"primary"},"extensions":{"cost":3}}'),
    '/partial': answer(200, '{"data":{"me":null,"brand":"primary"},"errors":[{"message":"me failed","path":["me"]}]}'),
    '/500-html': answer(500, '<!doctype html><title>Down</title>', 'text/html'),
    '/404-json': answer(404, '{"errors":[{"message":"No such route"}]}'),
    '/invalid-json': answer(200, '{"data": {"me": '),
    '/no-data-no-errors': answer(200, '{"extensions":{}}'),
    '/errors-only': answer(200, '{"errors":[{"message":"Not signed in","path":["me"]}]}'),
    '/reset': reset,
    '/slow': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":'); // and never finishes
    },
    '/redirect': (_req, res) => {
      res.writeHead(302, { location: `${other.origin}/graphql` }).end();
    },
  });
});

afterAll(async () => {
  await api.close();
  await other.close();
});

const at = (path: string): string => `${api.origin}${path}`;

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (e) {
    if (isTransportError(e)) return e;
    throw e;
  }
  throw new Error('expected the request to fail');
}

async function invalid(promise: Promise<unknown>): Promise<MatchkitValidationError> {
  try {
    await promise;
  } catch (e) {
    if (isMatchkitError(e) && e.kind === 'validation') return e as MatchkitValidationError;
    throw e;
  }
  throw new Error('expected a validation error');
}

describe('graphqlRequest: results', () => {
  it('posts JSON { operationName, variables, query } and resolves to data and extensions', async () => {
    const result = await graphqlRequest<{ brand: string }>(at('/ok'), {
      query: 'query Brand { brand }',
      operationName: 'Brand',
      variables: { first: 2 },
      headers: { 'x-trace': 'abc', 'Content-Type': 'text/plain' },
    });
    expect(result).toEqual({ data: { brand: 'primary' }, extensions: { cost: 3 } });
    const sent = api.requests.at(-1);
    expect(sent?.method).toBe('POST');
    expect(JSON.parse(sent?.body ?? '')).toEqual({ operationName: 'Brand', variables: { first: 2 }, query: 'query Brand { brand }' });
    // The caller's headers go, but content-type and accept are the transport's.
    expect(sent?.headers['x-trace']).toBe('abc');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers.accept).toBe('application/graphql-response+json, application/json;q=0.9');
  });

  it('sends a typed document string as its text, with null operationName and {} variables when absent', async () => {
    const result = await graphqlRequest(at('/ok'), { query: PlansQuery });
    expect(result.data).toEqual({ brand: 'primary' });
    expect(JSON.parse(api.requests.at(-1)?.body ?? '')).toEqual({ operationName: null, variables: {}, query: String(PlansQuery) });
  });

  it('resolves data with errors as a partial result', async () => {
    const result = await graphqlRequest(at('/partial'), { query: '{ me { email } brand }' });
    expect(result).toEqual({ data: { me: null, brand: 'primary' }, errors: [{ message: 'me failed', path: ['me'] }] });
  });
});

describe('graphqlRequest: every kind of the error union', () => {
  it('http: a 500 with an HTML page keeps status and body', async () => {
    const e = await failure(graphqlRequest(at('/500-html'), { query: '{ brand }', operationName: 'Brand' }));
    expect([e.kind, e.status, e.bodyText, e.attempts, e.url]).toEqual([
      'http',
      500,
      '<!doctype html><title>Down</title>',
      1,
      at('/500-html'),
    ]);
    expect(e.message).toBe(`POST ${at('/500-html')} (operation Brand) answered HTTP 500 Internal Server Error`);
  });

  it('http: a 404 keeps the GraphQL errors of its JSON body', async () => {
    const e = await failure(graphqlRequest(at('/404-json'), { query: '{ brand }' }));
    expect([e.kind, e.status, e.graphQLErrors]).toEqual(['http', 404, [{ message: 'No such route' }]]);
  });

  it('http: a redirect is not followed, so no header reaches its target', async () => {
    const before = other.count('/graphql');
    const e = await failure(graphqlRequest(at('/redirect'), { query: '{ brand }', headers: { authorization: 'Bearer member-jwt' } }));
    expect([e.kind, e.status]).toEqual(['http', 302]);
    expect(other.count('/graphql')).toBe(before);
  });

  it('parse: a 2xx body that is not JSON', async () => {
    const e = await failure(graphqlRequest(at('/invalid-json'), { query: '{ brand }' }));
    expect([e.kind, e.status, e.bodyText]).toEqual(['parse', 200, '{"data": {"me": ']);
    expect(e.cause).toBeInstanceOf(SyntaxError);
  });

  it('malformed: JSON with neither data nor errors', async () => {
    const e = await failure(graphqlRequest(at('/no-data-no-errors'), { query: '{ brand }' }));
    expect([e.kind, e.status, e.bodyText]).toEqual(['malformed', 200, '{"extensions":{}}']);
  });

  it('graphql: errors and no data', async () => {
    const e = await failure(graphqlRequest(at('/errors-only'), { query: '{ me { email } }' }));
    expect([e.kind, e.graphQLErrors]).toEqual(['graphql', [{ message: 'Not signed in', path: ['me'] }]]);
  });

  it('network: a reset connection rejects at once (no retries)', async () => {
    const before = api.count('/reset');
    const e = await failure(graphqlRequest(at('/reset'), { query: '{ brand }' }));
    expect([e.kind, e.attempts, e.status]).toEqual(['network', 1, undefined]);
    expect(api.count('/reset') - before).toBe(1);
  });

  it('network: nothing listening', async () => {
    const closed = await startHttpServer();
    const url = `${closed.origin}/graphql`;
    await closed.close();
    const e = await failure(graphqlRequest(url, { query: '{ brand }' }));
    expect(e.kind).toBe('network');
  });

  it('aborted: the caller aborts while the body is still arriving', async () => {
    const controller = new AbortController();
    const pending = graphqlRequest(at('/slow'), { query: '{ brand }', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const e = await failure(pending);
    expect([e.kind, e.timedOut, e.attempts]).toEqual(['aborted', false, 1]);
  });

  it('aborted: a signal that already fired sends nothing', async () => {
    const before = api.count('/ok');
    const e = await failure(graphqlRequest(at('/ok'), { query: '{ brand }', signal: AbortSignal.abort() }));
    expect([e.kind, e.attempts]).toEqual(['aborted', 0]);
    expect(api.count('/ok')).toBe(before);
  });

  it("aborted: AbortSignal.timeout is the lean request's timeout, reported as timedOut", async () => {
    const e = await failure(graphqlRequest(at('/slow'), { query: '{ brand }', signal: AbortSignal.timeout(30) }));
    expect([e.kind, e.timedOut, e.attempts]).toEqual(['aborted', true, 1]);
    expect(e.message).toContain('timed out');
  });

  it('aborted: a signal that already timed out sends nothing and is timedOut', async () => {
    const before = api.count('/ok');
    const reason = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const e = await failure(graphqlRequest(at('/ok'), { query: '{ brand }', signal: AbortSignal.abort(reason) }));
    expect([e.kind, e.timedOut, e.attempts]).toEqual(['aborted', true, 0]);
    expect(api.count('/ok')).toBe(before);
  });
});

describe('graphqlRequest: credentials', () => {
  it('asks fetch for same-origin credentials only, and reads no cookie', async () => {
    let seen: RequestInit | undefined;
    await graphqlRequest(at('/ok'), {
      query: '{ brand }',
      fetch: (url, init) => {
        seen = init;
        return fetch(url, init);
      },
    });
    expect(seen?.credentials).toBe('same-origin');
    expect(seen?.redirect).toBe('manual');
    expect(Object.keys(seen?.headers ?? {}).map((h) => h.toLowerCase())).not.toContain('authorization');
  });

  it('refuses an Authorization header over plain http to a remote host, before sending anything', async () => {
    let called = false;
    const e = await invalid(
      graphqlRequest('http://api.example.com/graphql', {
        query: '{ brand }',
        headers: { Authorization: 'Bearer member-jwt' },
        fetch: () => {
          called = true;
          return Promise.reject(new Error('not sent'));
        },
      }),
    );
    expect(e.issues.map((i) => i.path)).toEqual(['headers.Authorization']);
    expect(e.message).not.toContain('member-jwt');
    expect(called).toBe(false);
  });

  it('refuses Cookie and Proxy-Authorization over plain http to a remote host too, each named', async () => {
    let called = false;
    const e = await invalid(
      graphqlRequest('http://api.example.com/graphql', {
        query: '{ brand }',
        headers: { cookie: '_opjwt=member-jwt', 'Proxy-Authorization': 'Basic cHJveHk6c2VjcmV0', 'x-trace': 'abc' },
        fetch: () => {
          called = true;
          return Promise.reject(new Error('not sent'));
        },
      }),
    );
    expect(e.issues.map((i) => i.path)).toEqual(['headers.cookie', 'headers.Proxy-Authorization']);
    expect(e.message).not.toContain('member-jwt');
    expect(called).toBe(false);
  });

  it('sends credential headers over https to a remote host', async () => {
    let seen: HeadersInit | undefined;
    await graphqlRequest('https://api.example.com/graphql', {
      query: '{ brand }',
      headers: { cookie: 'a=1', authorization: 'Bearer t' },
      fetch: (_url, init) => {
        seen = init.headers;
        return Promise.resolve(new Response('{"data":{"brand":"b"}}'));
      },
    });
    expect(seen).toMatchObject({ cookie: 'a=1', authorization: 'Bearer t' });
  });

  it('sends an Authorization header to a loopback host', async () => {
    await graphqlRequest(at('/ok'), { query: '{ brand }', headers: { authorization: 'Bearer member-jwt' } });
    expect(api.requests.at(-1)?.headers.authorization).toBe('Bearer member-jwt');
  });
});

describe('graphqlRequest: bad input is a validation error naming the field', () => {
  const cases: [string, () => Promise<unknown>, string[]][] = [
    ['url', () => graphqlRequest('/graphql', { query: '{ brand }' }), ['url']],
    ['ws url', () => graphqlRequest('ws://127.0.0.1/graphql', { query: '{ brand }' }), ['url']],
    ['empty query', () => graphqlRequest(at('/ok'), { query: '  ' }), ['query']],
    ['DocumentNode', () => graphqlRequest(at('/ok'), { query: { kind: 'Document', definitions: [] } as unknown as string }), ['query']],
    [
      'variables',
      () => graphqlRequest(at('/ok'), { query: '{ brand }', variables: [1] as unknown as Record<string, unknown> }),
      ['variables'],
    ],
    ['variables not JSON', () => graphqlRequest(at('/ok'), { query: '{ brand }', variables: { n: 1n } }), ['variables']],
    ['operationName', () => graphqlRequest(at('/ok'), { query: '{ brand }', operationName: '' }), ['operationName']],
    ['header name', () => graphqlRequest(at('/ok'), { query: '{ brand }', headers: { 'bad name': 'x' } }), ['headers.bad name']],
    ['header value', () => graphqlRequest(at('/ok'), { query: '{ brand }', headers: { 'x-n': 1 as unknown as string } }), ['headers.x-n']],
    // A Headers has no own entries: accepted, its headers would all be dropped without a word.
    [
      'Headers instance',
      () =>
        graphqlRequest(at('/ok'), { query: '{ brand }', headers: new Headers({ 'x-trace': 'a' }) as unknown as Record<string, string> }),
      ['headers'],
    ],
    [
      'Map of headers',
      () => graphqlRequest(at('/ok'), { query: '{ brand }', headers: new Map([['x-trace', 'a']]) as unknown as Record<string, string> }),
      ['headers'],
    ],
    ['signal', () => graphqlRequest(at('/ok'), { query: '{ brand }', signal: {} as AbortSignal }), ['signal']],
    ['fetch', () => graphqlRequest(at('/ok'), { query: '{ brand }', fetch: 'fetch' as unknown as typeof fetch }), ['fetch']],
    [
      'several at once',
      () => graphqlRequest('nope', { query: 1 as unknown as string, operationName: 2 as unknown as string }),
      ['url', 'query', 'operationName'],
    ],
    ['no init', () => graphqlRequest(at('/ok'), undefined as unknown as { query: string }), ['']],
  ];
  for (const [name, call, paths] of cases) {
    it(`${name}: ${paths.join(', ') || '(input)'}`, async () => {
      const before = api.requests.length;
      const e = await invalid(call());
      expect(e.issues.map((i) => i.path)).toEqual(paths);
      expect(api.requests.length).toBe(before);
    });
  }
});
