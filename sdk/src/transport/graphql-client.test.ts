import { inspect } from 'node:util';
import type { DocumentTypeDecoration, TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse, print, type DocumentNode } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { getBrand } from '../brands';
import { isValidationError } from '../errors';
import {
  LoginMutation,
  LogoutMutation,
  MeQuery,
  OddsUpdatedSubscription,
  PlansQuery,
  SalesQuery,
  createAuthServiceClient,
  checkIntegrations,
  createGraphQLClient,
  isTransportError,
  type GraphQLResult,
  type LoginMutationData,
  type MeQueryData,
  type NoVariables,
  type PlansQueryData,
  type SalesQueryData,
  type TransportError,
  type TransportOptions,
} from '../transport';
import {
  answer,
  expectNoLeakedHandles,
  reset,
  schema,
  serverGraphQL,
  startHttpServer,
  type Handler,
  type TestHttpServer,
} from './test-servers';

// Every test talks to real HTTP servers on 127.0.0.1. Expected values are read off the transport
// rules of the spec (section 8) and the issue, not off the implementation.

const primary = getBrand('primary');

/** A real GraphQL endpoint: the platform schema executed by graphql-js. */
const executeGraphQL: Handler = (req, res, body) => {
  const { query, variables, operationName } = JSON.parse(body) as {
    query: string;
    variables: Record<string, unknown>;
    operationName: string | null;
  };
  const signedIn = req.headers.authorization === 'Bearer member-jwt';
  const rootValue = {
    brand: 'primary',
    me: signedIn
      ? {
          uid: { global: 'u-1', wordpress: 42 },
          firstName: 'Ada',
          lastName: 'Lay',
          username: 'ada',
          email: 'ada@example.com',
          capabilities: ['PA-CAP-29'],
          additionalCapabilities: [],
          subscription: { billingTerm: 'month', isTrial: false, isLegacy: false, endsAt: null },
          billing: null,
          referAFriend: { referralCode: 'ADA42' },
          integrations: [{ integration: 'matchbook', status: 'connected' }],
        }
      : null,
    plans: primary.plans.map((p) => ({ ...p, details: Object.entries(p.details).map(([key, included]) => ({ key, included })) })),
    logout: true,
  };
  void serverGraphQL.graphql({ schema: schema(), source: query, variableValues: variables, operationName, rootValue }).then((result) => {
    res.writeHead(200, { 'content-type': 'application/graphql-response+json' }).end(JSON.stringify(result));
  });
};

const HTML_500 = '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>';

/** 200 bodies that are JSON but not a usable GraphQL response. */
const MALFORMED: Record<string, string> = {
  '/empty-object': '{}',
  '/json-array': '[{"data":{}}]',
  '/data-null-no-errors': '{"data":null}',
  '/errors-empty-no-data': '{"errors":[]}',
  '/errors-not-list': '{"errors":"bad"}',
  '/data-string': '{"data":"yes"}',
};

expectNoLeakedHandles(afterAll);

let api: TestHttpServer;
let other: TestHttpServer;

beforeAll(async () => {
  other = await startHttpServer({
    '/graphql': answer(200, '{"data":{"stolen":true}}'),
    '/api/user/integrations/external/check': answer(200, '{"data":{},"error":false}'),
  });
  api = await startHttpServer({
    '/graphql': executeGraphQL,
    '/300': answer(300, '', 'text/plain'),
    '/301': (_req, res) => res.writeHead(301, { location: `${other.origin}/graphql` }).end(),
    '/307': (_req, res) => res.writeHead(307, { location: `${other.origin}/graphql` }).end(),
    '/404-json': answer(404, '{"errors":[{"message":"No such operation","extensions":{"code":"NOT_FOUND"}}]}'),
    '/500-html': answer(500, HTML_500, 'text/html'),
    '/invalid-json': answer(200, '{"data": {"me": '),
    ...Object.fromEntries(Object.entries(MALFORMED).map(([path, body]) => [path, answer(200, body)])),
    '/empty-body': answer(200, ''),
    '/errors-only': answer(200, '{"errors":[{"message":"Not signed in","path":["me"]}]}'),
    '/data-null-errors': answer(200, '{"data":null,"errors":[{"message":"Boom"}]}'),
    '/partial': answer(200, '{"data":{"me":null,"brand":"primary"},"errors":[{"message":"me failed","path":["me"]}]}'),
    '/407': answer(407, 'proxy', 'text/plain'),
    '/reset': reset,
    '/reset-mid-body': (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"data":', () => setTimeout(() => req.socket.destroy(), 10));
    },
    '/slow': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":'); // and never finishes
    },
    '/flaky': (req, res, _body, n) => {
      if (n <= 2) req.socket.destroy();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"logout":true}}');
    },
  });
});

afterAll(async () => {
  await api.close();
  await other.close();
});

afterEach(() => {
  api.requests.length = 0;
  other.requests.length = 0;
});

/** Options for a client on one path of the test server, with the member's JWT cookie set. */
function at(path: string, extra: Partial<TransportOptions> = {}): TransportOptions {
  return { url: `${api.origin}${path}`, getCookie: (n) => (n === '_opjwt' ? 'member-jwt' : undefined), ...extra };
}

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (e) {
    if (isTransportError(e)) return e;
    throw e;
  }
  throw new Error('expected the request to fail');
}

/**
 * The class GraphQL Code Generator's client preset emits in "string" document mode: a `String`
 * object carrying the phantom result and variables types. Its members are the generated ones; the
 * generated `implements DocumentTypeDecoration<TResult, TVariables>` clause is left out because it
 * does not compile under this repository's exactOptionalPropertyTypes (the transport accepts the
 * class either way).
 */
class CodegenTypedDocumentString<TResult, TVariables> extends String {
  __apiType?: DocumentTypeDecoration<TResult, TVariables>['__apiType'];
  private readonly value: string;
  constructor(value: string) {
    super(value);
    this.value = value;
  }
  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

describe('requests', () => {
  it('posts JSON { operationName, variables, query } with the country header and the bearer token from the cookie', async () => {
    const client = createGraphQLClient(at('/graphql'));
    const result = await client.request({ query: MeQuery });
    expect(result.data.me?.email).toBe('ada@example.com');
    expect(result.data.brand).toBe('primary');
    expect(result.errors).toBeUndefined();
    const [req] = api.requests;
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers.country).toBe('gb');
    expect(req?.headers.authorization).toBe('Bearer member-jwt');
    const body = JSON.parse(req?.body ?? '') as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['operationName', 'variables', 'query']);
    // A typed document string is the operation's text: it is sent as written.
    expect(body).toEqual({ operationName: 'Me', variables: {}, query: MeQuery });
  });

  it('sends no Authorization header when the JWT cookie is not set', async () => {
    const client = createGraphQLClient({ url: `${api.origin}/graphql`, getCookie: () => undefined });
    const { data } = await client.request({ query: MeQuery });
    expect(data.me).toBeNull();
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('reads the cookie named by tokenCookieName at each request and sends the configured country', async () => {
    let jar = 'other=1; my_jwt=first';
    const client = createGraphQLClient({
      url: `${api.origin}/graphql`,
      country: 'ie',
      tokenCookieName: 'my_jwt',
      getCookie: (name) => new Map(jar.split('; ').map((p) => p.split('=') as [string, string])).get(name),
    });
    await client.request({ query: '{ brand }' });
    jar = 'my_jwt=second';
    await client.request({ query: '{ brand }' });
    expect(api.requests.map((r) => [r.headers.country, r.headers.authorization])).toEqual([
      ['ie', 'Bearer first'],
      ['ie', 'Bearer second'],
    ]);
  });

  it('reads document.cookie by default, only when a request is made', async () => {
    const g = globalThis as { document?: unknown };
    const client = createGraphQLClient({ url: `${api.origin}/graphql` });
    g.document = { cookie: 'theme=dark; _opjwt=member-jwt' };
    try {
      const { data } = await client.request({ query: MeQuery });
      expect(data.me?.username).toBe('ada');
    } finally {
      delete g.document;
    }
    await client.request({ query: MeQuery });
    expect(api.requests.map((r) => r.headers.authorization)).toEqual(['Bearer member-jwt', undefined]);
  });

  it("accepts query text, a typed document string, a DocumentNode, a TypedDocumentNode and codegen's TypedDocumentString class, and sends the chosen operation name", async () => {
    const client = createGraphQLClient(at('/graphql'));
    await client.request({ query: 'query A { brand } query B { plans { name } }', operationName: 'B' });
    const doc: DocumentNode = parse('query Brand { brand }');
    await client.request({ query: doc });
    const fromString = await client.request({ query: PlansQuery });
    const node = parse(PlansQuery) as TypedDocumentNode<PlansQueryData, NoVariables>;
    const fromNode = await client.request({ query: node });
    const fromClass = await client.request({ query: new CodegenTypedDocumentString<PlansQueryData, NoVariables>(PlansQuery) });
    // Spec section 9, first brand: 39.99, 49.99, 150 and 165 a month.
    for (const { data } of [fromString, fromNode, fromClass]) {
      expect(data.plans.map((p) => p.price.monthly)).toEqual([3999, 4999, 15_000, 16_500]);
    }
    expect(api.requests.map((r) => (JSON.parse(r.body) as { operationName: unknown }).operationName)).toEqual([
      'B',
      'Brand',
      'Plans',
      'Plans',
      'Plans',
    ]);
    // The string and the class instance send the text as written; the DocumentNode its printed form.
    const sent = api.requests.map((r) => (JSON.parse(r.body) as { query: string }).query);
    expect(sent[2]).toBe(PlansQuery);
    expect(sent[4]).toBe(PlansQuery);
    expect(sent[3]).toBe(print(node));
  });

  it('infers data and variables from a typed document string exactly as from a TypedDocumentNode (type-level)', () => {
    const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
    // The functions below are only typechecked (by tsc), never called: no request is made.
    expectTypeOf(() => client.request({ query: MeQuery })).returns.resolves.toEqualTypeOf<GraphQLResult<MeQueryData>>();
    expectTypeOf(() => client.request({ query: SalesQuery, variables: { at: '2025-08-12T12:00:00Z' } })).returns.resolves.toEqualTypeOf<
      GraphQLResult<SalesQueryData>
    >();
    const asNode = parse(MeQuery) as TypedDocumentNode<MeQueryData, NoVariables>;
    expectTypeOf(() => client.request({ query: asNode })).returns.resolves.toEqualTypeOf<GraphQLResult<MeQueryData>>();
    expectTypeOf(() => client.request({ query: '{ brand }' })).returns.resolves.toEqualTypeOf<GraphQLResult<Record<string, unknown>>>();
    expectTypeOf(() =>
      client.request({ query: LoginMutation, variables: { input: { login: 'ada', password: 'secret' } } }),
    ).returns.resolves.toEqualTypeOf<GraphQLResult<LoginMutationData>>();
    expectTypeOf(() =>
      client.request({ query: new CodegenTypedDocumentString<MeQueryData, NoVariables>(MeQuery) }),
    ).returns.resolves.toEqualTypeOf<GraphQLResult<MeQueryData>>();
    const wrong = [
      // @ts-expect-error: LoginMutation's input needs a password
      () => client.request({ query: LoginMutation, variables: { input: { login: 'ada' } } }),
      // @ts-expect-error: MeQuery takes no variables
      () => client.request({ query: MeQuery, variables: { id: 1 } }),
      // @ts-expect-error: SalesQuery's `at` is a date-time string
      () => client.request({ query: SalesQuery, variables: { at: 20250812 } }),
      // @ts-expect-error: the same mistake through a TypedDocumentNode
      () => client.request({ query: asNode, variables: { id: 1 } }),
      // @ts-expect-error: MeQueryData has no `plans`
      async () => (await client.request({ query: MeQuery })).data.plans,
    ];
    expect(wrong).toHaveLength(5);
  });

  it('prints a DocumentNode once and reuses the text (cached per document)', async () => {
    let reads = 0;
    const source = parse('query Cached { brand }');
    const counted = new Proxy(source, {
      get(target, key, receiver) {
        reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const client = createGraphQLClient(at('/graphql'));
    await client.request({ query: counted });
    const afterFirst = reads;
    await client.request({ query: counted });
    await client.request({ query: counted });
    expect(afterFirst).toBeGreaterThan(0);
    expect(reads).toBe(afterFirst);
    expect(new Set(api.requests.map((r) => r.body)).size).toBe(1);
  });
});

describe('the error rules', () => {
  it.each([
    ['/300', 300, ''],
    ['/500-html', 500, HTML_500],
  ])('%s: a status of 300 or above is an http error that keeps the status and body text', async (path, status, bodyText) => {
    const e = await failure(createGraphQLClient(at(path)).request({ query: '{ brand }' }));
    expect(e.kind).toBe('http');
    expect(e.status).toBe(status);
    expect(e.bodyText).toBe(bodyText);
    expect(e.graphQLErrors).toEqual([]);
  });

  it('a 404 whose body is a GraphQL error response is http and keeps the parsed GraphQL errors', async () => {
    const e = await failure(createGraphQLClient(at('/404-json')).request({ query: '{ brand }' }));
    expect(e.kind).toBe('http');
    expect(e.status).toBe(404);
    expect(e.graphQLErrors).toEqual([{ message: 'No such operation', extensions: { code: 'NOT_FOUND' } }]);
    expect(e.bodyText).toContain('No such operation');
    expect(e.message).toContain('No such operation');
  });

  it('a 301 is an http error: the redirect is not followed and its target receives nothing', async () => {
    const e = await failure(createGraphQLClient(at('/301')).request({ query: '{ brand }' }));
    expect(e.kind).toBe('http');
    expect(e.status).toBe(301);
    expect(other.requests).toEqual([]);
  });

  it('a 200 whose body is not valid JSON is a parse error that keeps the body text', async () => {
    const e = await failure(createGraphQLClient(at('/invalid-json')).request({ query: '{ brand }' }));
    expect(e.kind).toBe('parse');
    expect(e.status).toBe(200);
    expect(e.bodyText).toBe('{"data": {"me": ');
    expect(e.cause).toBeInstanceOf(SyntaxError);
  });

  it('an empty body is a parse error', async () => {
    const e = await failure(createGraphQLClient(at('/empty-body')).request({ query: '{ brand }' }));
    expect([e.kind, e.status, e.bodyText]).toEqual(['parse', 200, '']);
  });

  it.each(Object.keys(MALFORMED))('%s: a response with neither data nor errors (or of the wrong shape) is malformed', async (path) => {
    const e = await failure(createGraphQLClient(at(path)).request({ query: '{ brand }' }));
    expect(e.kind).toBe('malformed');
    expect(e.status).toBe(200);
    expect(e.bodyText).toBe(MALFORMED[path]);
  });

  it.each(['/errors-only', '/data-null-errors'])('%s: errors with no data reject as graphql and keep the errors', async (path) => {
    const e = await failure(createGraphQLClient(at(path)).request({ query: '{ brand }' }));
    expect(e.kind).toBe('graphql');
    expect(e.status).toBe(200);
    expect(e.graphQLErrors.length).toBe(1);
    expect(e.graphQLErrors[0]?.message).toBe(path === '/errors-only' ? 'Not signed in' : 'Boom');
  });

  it('errors alongside data resolve as a partial result', async () => {
    const result = await createGraphQLClient(at('/partial')).request({ query: MeQuery });
    expect(result.data).toEqual({ me: null, brand: 'primary' });
    expect(result.errors).toEqual([{ message: 'me failed', path: ['me'] }]);
  });

  it('a 407 is a network error in Node: the fetch standard hides it when there is no window', async () => {
    const e = await failure(createGraphQLClient(at('/407', { retry: false })).request({ query: '{ brand }' }));
    expect([e.kind, e.status]).toEqual(['network', undefined]);
  });

  it('a connection reset is a network error', async () => {
    const e = await failure(createGraphQLClient(at('/reset', { retry: false })).request({ query: '{ brand }' }));
    expect(e.kind).toBe('network');
    expect(e.status).toBeUndefined();
    expect(e.attempts).toBe(1);
  });

  it('a body cut off by a reset is a network error that keeps the status', async () => {
    const e = await failure(createGraphQLClient(at('/reset-mid-body', { retry: false })).request({ query: '{ brand }' }));
    expect(e.kind).toBe('network');
    expect(e.status).toBe(200);
  });

  it('the caller aborting a slow body is aborted, not timed out', async () => {
    const controller = new AbortController();
    const pending = createGraphQLClient(at('/slow')).request({ query: '{ brand }' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const e = await failure(pending);
    expect([e.kind, e.timedOut]).toEqual(['aborted', false]);
  });

  it('timeoutMs aborts a slow body as aborted with timedOut', async () => {
    const started = Date.now();
    const e = await failure(createGraphQLClient(at('/slow')).request({ query: '{ brand }' }, { timeoutMs: 60 }));
    expect([e.kind, e.timedOut]).toEqual(['aborted', true]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(e.message).toContain('timed out after 60 ms');
  });

  it('the client-wide timeoutMs applies when the request gives none', async () => {
    const e = await failure(createGraphQLClient(at('/slow', { timeoutMs: 40 })).request({ query: '{ brand }' }));
    expect([e.kind, e.timedOut]).toEqual(['aborted', true]);
  });

  it('an already aborted signal rejects without sending anything', async () => {
    const e = await failure(createGraphQLClient(at('/graphql')).request({ query: '{ brand }' }, { signal: AbortSignal.abort() }));
    expect(e.kind).toBe('aborted');
    expect(api.requests).toEqual([]);
  });
});

describe('every rejection keeps the fields its kind promises (TransportFailure, at run time)', () => {
  it('http, parse and malformed always carry status and bodyText; graphql a non-empty graphQLErrors; aborted a boolean timedOut', async () => {
    const paths = [
      '/300',
      '/404-json',
      '/500-html',
      '/invalid-json',
      '/empty-body',
      ...Object.keys(MALFORMED),
      '/errors-only',
      '/data-null-errors',
      '/reset',
      '/reset-mid-body',
    ];
    const seen: string[] = [];
    for (const path of paths) {
      const e = await failure(createGraphQLClient(at(path, { retry: false })).request({ query: '{ me { email } }' }));
      seen.push(`${path} ${e.kind}`);
      if (!isTransportError(e)) throw new Error('not a transport error');
      switch (e.kind) {
        case 'http':
        case 'parse':
        case 'malformed':
          expect([path, typeof e.status, typeof e.bodyText]).toEqual([path, 'number', 'string']);
          break;
        case 'graphql':
          expect([path, e.graphQLErrors.length > 0, typeof e.graphQLErrors[0].message]).toEqual([path, true, 'string']);
          break;
        default:
          expect([path, e.kind]).toEqual([path, 'network']);
      }
    }
    const slow = await failure(createGraphQLClient(at('/slow')).request({ query: '{ me { email } }' }, { timeoutMs: 30 }));
    expect(isTransportError(slow) && slow.kind === 'aborted' && slow.timedOut).toBe(true);
    // Every kind of the union was produced above: the rules, not the test, decided which.
    expect(new Set(seen.map((line) => line.split(' ')[1]))).toEqual(new Set(['http', 'parse', 'malformed', 'graphql', 'network']));
  });
});

describe('the bearer token never leaves the configured origin', () => {
  it('a 307 to another origin is not followed: that origin receives no request and no token', async () => {
    const e = await failure(createGraphQLClient(at('/307')).request({ query: '{ brand }' }));
    expect([e.kind, e.status]).toEqual(['http', 307]);
    expect(api.requests[0]?.headers.authorization).toBe('Bearer member-jwt');
    expect(other.requests).toEqual([]);
  });

  it('REST calls to a restBaseUrl on another origin carry no Authorization, not even a configured one', async () => {
    const options = at('/graphql', { restBaseUrl: other.origin, headers: { Authorization: 'Bearer configured' } });
    await createGraphQLClient(options).request({ query: '{ brand }' });
    await checkIntegrations(options);
    expect(api.requests[0]?.headers.authorization).toBe('Bearer member-jwt');
    expect(other.requests.length).toBe(1);
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
    expect(other.requests[0]?.headers.country).toBe('gb');
  });
});

describe('retries', () => {
  it('retries network errors of a query with jittered backoff and succeeds', async () => {
    const delays: number[] = [];
    const client = createGraphQLClient(
      at('/flaky', {
        random: () => 0.5,
        sleep: async (ms) => {
          delays.push(ms);
        },
      }),
    );
    const { data } = await client.request({ query: 'query Flaky { brand }' });
    expect(data).toEqual({ logout: true });
    expect(api.count('/flaky')).toBe(3);
    // Full jitter with the defaults (300 ms base, doubling) and a draw of 0.5: 0.5 × 300, 0.5 × 600.
    expect(delays).toEqual([150, 300]);
  });

  it('gives up after the configured retries with a network error counting the attempts', async () => {
    const client = createGraphQLClient(at('/reset', { retry: { retries: 3 }, sleep: async () => {} }));
    const e = await failure(client.request({ query: '{ brand }' }));
    expect([e.kind, e.attempts]).toEqual(['network', 4]);
    expect(api.count('/reset')).toBeGreaterThanOrEqual(4);
  });

  it('never retries an http error', async () => {
    const before = api.count('/500-html');
    const e = await failure(createGraphQLClient(at('/500-html', { sleep: async () => {} })).request({ query: '{ brand }' }));
    expect([e.kind, e.attempts]).toEqual(['http', 1]);
    expect(api.count('/500-html') - before).toBe(1);
  });

  it('does not retry mutations by default, whether typed documents or text', async () => {
    const client = createGraphQLClient(at('/reset', { sleep: async () => {} }));
    expect((await failure(client.request({ query: LogoutMutation }))).attempts).toBe(1);
    expect((await failure(client.request({ query: '# a comment\nmutation { logout }' }))).attempts).toBe(1);
  });

  it('retries mutations when retry.mutations is on', async () => {
    const client = createGraphQLClient(at('/reset', { sleep: async () => {}, retry: { mutations: true } }));
    expect((await failure(client.request({ query: LogoutMutation }))).attempts).toBe(3);
  });

  it('retry: false on the client or the request turns retries off', async () => {
    const off = createGraphQLClient(at('/reset', { retry: false }));
    expect((await failure(off.request({ query: '{ brand }' }))).attempts).toBe(1);
    const on = createGraphQLClient(at('/reset', { sleep: async () => {} }));
    expect((await failure(on.request({ query: '{ brand }' }, { retry: false }))).attempts).toBe(1);
  });

  it('an abort during the backoff wait is aborted', async () => {
    const controller = new AbortController();
    const client = createGraphQLClient(at('/reset'));
    const pending = client.request({ query: '{ brand }' }, { signal: controller.signal, retry: { baseDelayMs: 5000, maxDelayMs: 5000 } });
    setTimeout(() => controller.abort(), 50);
    const e = await failure(pending);
    expect([e.kind, e.timedOut]).toEqual(['aborted', false]);
  });
});

describe('invalid input is a validation error, never a request', () => {
  it('lists every bad option at once', () => {
    try {
      createGraphQLClient({ url: '/graphql', country: '', retry: { retries: -1 }, timeoutMs: 0 } as TransportOptions);
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e)).toBe(true);
      if (!isValidationError(e)) return;
      expect(e.issues.map((i) => i.path)).toEqual(['url', 'country', 'timeoutMs', 'retry.retries']);
    }
  });

  it('rejects a subscription, an ambiguous document, an unknown operation name and non-object variables', async () => {
    const client = createGraphQLClient(at('/graphql'));
    const paths = async (p: Promise<unknown>) => {
      try {
        await p;
      } catch (e) {
        return isValidationError(e) ? e.issues.map((i) => i.path) : ['not a validation error'];
      }
      return ['no error'];
    };
    expect(await paths(client.request({ query: OddsUpdatedSubscription }))).toEqual(['query']);
    expect(await paths(client.request({ query: 'query A { brand } query B { brand }' }))).toEqual(['operationName']);
    expect(await paths(client.request({ query: 'query A { brand }', operationName: 'C' }))).toEqual(['operationName']);
    expect(await paths(client.request({ query: '{ brand }', variables: [] as unknown as Record<string, unknown> }))).toEqual(['variables']);
    expect(await paths(client.request({ query: '   ' }))).toEqual(['query']);
    expect(api.requests).toEqual([]);
  });
});

describe('the auth service client (server render)', () => {
  const KEY = 'sk_live_do-not-leak-0123456789';

  it('posts to /graphql with the API key header, no cookie and no browser globals', async () => {
    expect((globalThis as { document?: unknown }).document).toBeUndefined();
    expect((globalThis as { window?: unknown }).window).toBeUndefined();
    const auth = createAuthServiceClient({ url: `${api.origin}/graphql`, apiKey: KEY });
    const { data } = await auth.request<{ brand: string }>({ query: '{ brand }' });
    expect(data.brand).toBe('primary');
    expect(api.requests[0]?.headers['x-api-key']).toBe(KEY);
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('keeps the key out of the client object, its inspection, its errors and validation messages', async () => {
    const auth = createAuthServiceClient({ url: `${api.origin}/500-html`, apiKey: KEY, apiKeyHeader: 'x-service-key' });
    expect(JSON.stringify(auth)).not.toContain(KEY);
    expect(inspect(auth, { depth: 5, showHidden: true })).not.toContain(KEY);
    const e = await failure(auth.request({ query: '{ brand }' }));
    expect(e.kind).toBe('http');
    expect(`${e.message} ${e.stack ?? ''} ${inspect(e)}`).not.toContain(KEY);
    expect(api.requests[0]?.headers['x-service-key']).toBe(KEY);
    try {
      createAuthServiceClient({ url: 'not a url', apiKey: KEY, apiKeyHeader: 'bad header' });
      expect.unreachable();
    } catch (v) {
      expect(isValidationError(v) && v.issues.map((i) => i.path)).toEqual(['url', 'apiKeyHeader']);
      expect(String(v)).not.toContain(KEY);
    }
  });
});
