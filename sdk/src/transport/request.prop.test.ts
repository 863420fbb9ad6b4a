import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGraphQLClient, graphqlRequest, isTransportError, type TransportFetch } from '../transport';

// The lean graphqlRequest and the full client's request make each attempt with the same code; this
// law checks it from the outside. Each run serves one generated outcome (a real Response of any
// status, status text and body; a fetch that fails; a body cut off; a signal that already fired,
// by a plain abort or by a timeout) to both, through a fetch stub, and compares everything they
// report.
//
// The one difference, by design: a signal whose reason is a TimeoutError (what
// `AbortSignal.timeout(ms)` sets) is the lean request's only timeout, so it reports `timedOut: true`
// and "timed out"; the full client has `timeoutMs` for that, and reports any abort of the caller's
// `signal` as `timedOut: false`, "was aborted". Everything else about such a failure is the same.

const URL_ = 'https://api.example.com/graphql';

type Served =
  | { readonly type: 'response'; readonly status: number; readonly statusText: string; readonly body: string }
  | { readonly type: 'network' }
  | { readonly type: 'cut-off'; readonly status: number }
  | { readonly type: 'aborted' }
  | { readonly type: 'timeout' };

/** A fetch that serves `served`, recording the body it was sent. */
function stub(served: Served, sent: string[]): TransportFetch {
  return (_url, init) => {
    sent.push(String(init.body));
    if (served.type === 'network') return Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }));
    if (served.type === 'cut-off') {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":'));
          controller.error(new TypeError('terminated'));
        },
      });
      return Promise.resolve(new Response(stream, { status: served.status }));
    }
    // A status that may not carry a body (204, 205, 304) is served without one.
    const nullBody = [204, 205, 304].includes(served.type === 'response' ? served.status : 200);
    return Promise.resolve(
      served.type === 'response'
        ? new Response(nullBody ? null : served.body, { status: served.status, statusText: served.statusText })
        : new Response('{"data":{}}'),
    );
  };
}

/** Everything an outcome reports: the resolved value, or every field of the rejection. */
async function report(promise: Promise<unknown>): Promise<unknown> {
  try {
    return { resolved: await promise };
  } catch (e) {
    if (!isTransportError(e)) return { thrown: String(e) };
    const { kind, message, status, bodyText, graphQLErrors, url, operationName, attempts, timedOut, closeCode, closeReason } = e;
    const cause = e.cause === undefined ? undefined : e.cause instanceof Error ? e.cause.name : typeof e.cause;
    return { kind, message, status, bodyText, graphQLErrors, url, operationName, attempts, timedOut, closeCode, closeReason, cause };
  }
}

const error = fc.record(
  {
    message: fc.string({ maxLength: 20 }),
    path: fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.nat(9)), { maxLength: 2 }),
    extensions: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
  },
  { requiredKeys: ['message'] },
);
const dataValue = fc.oneof(
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 1 }),
);
const responseObject = fc.record(
  {
    data: dataValue,
    errors: fc.oneof(fc.array(error, { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })),
    extensions: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  responseObject.map((o) => JSON.stringify(o)),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ maxLength: 30 }).map((t) => `<!doctype html><p>${t}</p>`),
  fc.constant(''),
);
const served: fc.Arbitrary<Served> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      type: fc.constant('response' as const),
      status: fc.integer({ min: 200, max: 599 }),
      statusText: fc.constantFrom('', 'OK', 'Bad Gateway'),
      body,
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'network' as const }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('cut-off' as const), status: fc.constantFrom(200, 500) }) },
  { weight: 1, arbitrary: fc.constant({ type: 'aborted' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'timeout' as const }) },
);
// An anonymous query, or a named one whose name the lean request is given (the full client reads
// it from the document): either way both send and report the same operation name.
const document = fc.constantFrom({ query: '{ brand }' }, { query: 'query Brand { brand }', operationName: 'Brand' });

describe('graphqlRequest laws', () => {
  it('the lean request and the full client classify any response alike', async () => {
    await fc.assert(
      fc.asyncProperty(
        served,
        document,
        fc.option(fc.dictionary(fc.string({ maxLength: 5 }), fc.integer()), { nil: undefined }),
        async (s, doc, variables) => {
          const sentFull: string[] = [];
          const sentLean: string[] = [];
          const signal =
            s.type === 'aborted'
              ? AbortSignal.abort()
              : s.type === 'timeout'
                ? AbortSignal.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
                : undefined;
          const client = createGraphQLClient({ url: URL_, fetch: stub(s, sentFull), retry: false });
          const full = await report(
            client.request({ query: doc.query, ...(variables === undefined ? {} : { variables }) }, signal === undefined ? {} : { signal }),
          );
          const lean = await report(
            graphqlRequest(URL_, {
              ...doc,
              ...(variables === undefined ? {} : { variables }),
              fetch: stub(s, sentLean),
              ...(signal === undefined ? {} : { signal }),
            }),
          );
          if (s.type === 'timeout') {
            // The stated difference: the lean request calls it a timeout, the full client an abort.
            expect(lean).toMatchObject({ kind: 'aborted', timedOut: true, message: expect.stringContaining(' timed out') as unknown });
            expect(full).toMatchObject({ kind: 'aborted', timedOut: false, message: expect.stringContaining(' was aborted') as unknown });
            const { timedOut: _l, message: _lm, ...leanRest } = lean as Record<string, unknown>;
            const { timedOut: _f, message: _fm, ...fullRest } = full as Record<string, unknown>;
            expect(leanRest).toEqual(fullRest);
          } else {
            expect(lean).toEqual(full);
          }
          // And they send the same body.
          expect(sentLean).toEqual(sentFull);
        },
      ),
      // 120 runs: each of the rarer outcomes (network, cut off, aborted, timed out) still comes up
      // about ten times a run, and new runs vary them; 400 built Responses for little more.
      { numRuns: 120 },
    );
  });
});
