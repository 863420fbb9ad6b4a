import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLClient, isTransportError, type GraphQLClient, type TransportError } from '../transport';
import { expectNoLeakedHandles, startHttpServer, type TestHttpServer } from './test-servers';

// Laws of the transport's error rules, checked against a real HTTP server on 127.0.0.1 that
// answers each request with the status and body the test puts in two request headers.

expectNoLeakedHandles(afterAll);

let server: TestHttpServer;
let client: GraphQLClient;

beforeAll(async () => {
  server = await startHttpServer({
    '/echo': (req, res) => {
      const status = Number(req.headers['x-status']);
      const body = Buffer.from(String(req.headers['x-body'] ?? ''), 'base64');
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
    },
  });
  // Retries are on (the default policy); sleep is instant so a wrongful retry would show in the count.
  client = createGraphQLClient({ url: `${server.origin}/echo`, sleep: async () => {} });
});
afterAll(() => server.close());

function ask(status: number, body: string) {
  return client.request(
    { query: '{ brand }' },
    { headers: { 'x-status': String(status), 'x-body': Buffer.from(body, 'utf8').toString('base64') } },
  );
}

async function outcome(promise: Promise<unknown>): Promise<{ ok: true; value: unknown } | { ok: false; error: TransportError }> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    if (!isTransportError(error)) throw error;
    return { ok: false, error };
  }
}

const text = fc.string({ unit: 'grapheme', maxLength: 200 });
const graphQLErrorList = fc.array(
  fc.record(
    { message: fc.string({ maxLength: 40 }), path: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.nat(20)), { maxLength: 3 }) },
    { requiredKeys: ['message'] },
  ),
  { minLength: 1, maxLength: 3 },
);
const errorBody = fc
  .tuple(graphQLErrorList, fc.option(fc.constant(null), { nil: undefined }))
  .map(([errors, data]) => JSON.stringify(data === undefined ? { errors } : { data, errors }));
const html = text.map((t) => `<!doctype html><html><body><pre>${t}</pre></body></html>`);
const anyBody = fc.oneof(
  text,
  html,
  errorBody,
  fc.constant(''),
  fc.jsonValue().map((v) => JSON.stringify(v)),
);
// 304 Not Modified may not carry a body (HTTP), so it cannot keep one. 407 never reaches the
// transport in Node: the fetch standard turns a 407 into a network error when there is no window
// to ask for proxy credentials (undici does so), so it surfaces as kind `network`.
const errorStatus = fc.integer({ min: 300, max: 599 }).filter((s) => s !== 304 && s !== 407);
// 204 and 205 may not carry a body either.
const okStatus = fc.integer({ min: 200, max: 299 }).filter((s) => s !== 204 && s !== 205);

function isJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

describe('transport error laws', () => {
  it('any status >= 300 rejects with kind http, keeps status and body text, and is not retried', async () => {
    await fc.assert(
      fc.asyncProperty(errorStatus, anyBody, async (status, body) => {
        const before = server.count('/echo');
        const r = await outcome(ask(status, body));
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.error.kind).toBe('http');
        expect(r.error.status).toBe(status);
        expect(r.error.bodyText).toBe(body);
        expect(r.error.attempts).toBe(1);
        // The fetch standard itself repeats a 421 (misdirected request) once on a new connection.
        expect(server.count('/echo') - before).toBe(status === 421 ? 2 : 1);
      }),
      { numRuns: 150 },
    );
  });

  it('an http error keeps the GraphQL errors of a JSON error body', async () => {
    await fc.assert(
      fc.asyncProperty(errorStatus, graphQLErrorList, async (status, errors) => {
        const r = await outcome(ask(status, JSON.stringify({ errors })));
        expect(!r.ok && r.error.graphQLErrors).toEqual(errors);
      }),
      { numRuns: 100 },
    );
  });

  it('any 2xx body that is not JSON rejects with kind parse and keeps the body text', async () => {
    await fc.assert(
      fc.asyncProperty(
        okStatus,
        fc.oneof(text, html).filter((b) => !isJson(b)),
        async (status, body) => {
          const r = await outcome(ask(status, body));
          expect(!r.ok && [r.error.kind, r.error.status, r.error.bodyText]).toEqual(['parse', status, body]);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('any 2xx JSON with neither data nor errors rejects with kind malformed', async () => {
    const notAResponse = fc
      .jsonValue()
      .filter((v) => !(typeof v === 'object' && v !== null && !Array.isArray(v) && ('data' in v || 'errors' in v)));
    await fc.assert(
      fc.asyncProperty(okStatus, notAResponse, async (status, value) => {
        const body = JSON.stringify(value);
        const r = await outcome(ask(status, body));
        expect(!r.ok && [r.error.kind, r.error.bodyText]).toEqual(['malformed', body]);
      }),
      { numRuns: 120 },
    );
  });

  it('data with errors resolves as a partial result; errors without data reject with kind graphql', async () => {
    const data = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue(), { maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(data, fc.option(graphQLErrorList, { nil: undefined }), fc.boolean(), async (d, errors, withData) => {
        const body = JSON.stringify(
          withData ? { data: d, ...(errors === undefined ? {} : { errors }) } : { data: null, errors: errors ?? [{ message: 'x' }] },
        );
        const r = await outcome(ask(200, body));
        const sent = JSON.parse(body) as { data: unknown; errors?: unknown };
        if (withData) {
          expect(r.ok && r.value).toEqual(errors === undefined ? { data: sent.data } : { data: sent.data, errors: sent.errors });
        } else {
          expect(!r.ok && [r.error.kind, r.error.graphQLErrors]).toEqual(['graphql', sent.errors]);
        }
      }),
      { numRuns: 120 },
    );
  });
});
