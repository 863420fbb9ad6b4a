import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import * as v from 'valibot';
import { getBrand } from '../brands';
import { isValidationError } from '../errors';
import { integrationStatusSchema, type IntegrationStatus } from '../model';
import {
  INTEGRATION_STATUSES,
  TRACKER_TOTALS_ENDPOINTS,
  checkIntegrations,
  getToolTrackerTotals,
  getTrackerTotals,
  isTransportError,
  logoutIntegration,
  type TransportError,
  type TransportOptions,
  type GqlIntegrationStatus,
} from '../transport';
import { answer, expectNoLeakedHandles, platformSchemaSDL, startHttpServer, type Handler, type TestHttpServer } from './test-servers';

// REST calls against a real HTTP server on 127.0.0.1.

const TOTALS = { betCount: 3, staked: 6000, profit: 1250, pendingProfit: -40, guaranteed: 1500, potential: 0, training: 0, ev: -250 };

expectNoLeakedHandles(afterAll);

let server: TestHttpServer;
let next: Handler = answer(200, '{}');

beforeAll(async () => {
  server = await startHttpServer();
  const delegate: Handler = (req, res, body, n) => next(req, res, body, n);
  server.route('/api/user/integrations/external/check', delegate);
  server.route('/api/user/integrations/external/logout', delegate);
  server.route('/platform/api/user/integrations/external/check', delegate);
  for (const endpoint of TRACKER_TOTALS_ENDPOINTS) server.route(`/api/user/profit-tracker/${endpoint}`, delegate);
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

const options = (): TransportOptions => ({ url: `${server.origin}/graphql`, getCookie: () => 'member-jwt', retry: false });

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (e) {
    if (isTransportError(e)) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('GET /api/user/integrations/external/check', () => {
  it('returns the status map and the error flag, with the bearer token and country header', async () => {
    next = answer(200, JSON.stringify({ data: { matchbook: 'connected', betfair: 'expired' }, error: false }));
    const result = await checkIntegrations(options());
    expect(result).toEqual({ data: { matchbook: 'connected', betfair: 'expired' }, error: false });
    const [req] = server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe('/api/user/integrations/external/check');
    expect(req?.headers.authorization).toBe('Bearer member-jwt');
    expect(req?.headers.country).toBe('gb');
  });

  it('resolves with the error flag set (data null when the server sent none)', async () => {
    next = answer(200, '{"error":true}');
    expect(await checkIntegrations(options())).toEqual({ data: null, error: true });
  });

  it('a body of another shape is malformed, naming the bad field', async () => {
    next = answer(200, JSON.stringify({ data: { matchbook: 'on' }, error: false }));
    const e = await failure(checkIntegrations(options()));
    expect(e.kind).toBe('malformed');
    expect(e.message).toContain('data.matchbook');
    next = answer(200, JSON.stringify({ data: {} }));
    expect((await failure(checkIntegrations(options()))).message).toContain('error');
  });

  it('follows the same error rules as GraphQL: 500 is http, bad JSON is parse', async () => {
    next = answer(500, 'down', 'text/plain');
    const http = await failure(checkIntegrations(options()));
    expect([http.kind, http.status, http.bodyText]).toEqual(['http', 500, 'down']);
    next = answer(200, 'nope');
    expect((await failure(checkIntegrations(options()))).kind).toBe('parse');
  });

  it('uses restBaseUrl with a path prefix, on the same origin keeping the token', async () => {
    next = answer(200, '{"data":{},"error":false}');
    await checkIntegrations({ ...options(), restBaseUrl: `${server.origin}/platform` });
    expect(server.requests[0]?.path).toBe('/platform/api/user/integrations/external/check');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer member-jwt');
  });
});

describe('integration statuses', () => {
  it("are exactly the values of the platform schema's IntegrationStatus enum, and the model's type is the generated one", () => {
    const schemaEnum = buildSchema(platformSchemaSDL).getType('IntegrationStatus') as GraphQLEnumType;
    expect([...INTEGRATION_STATUSES].sort()).toEqual(
      schemaEnum
        .getValues()
        .map((value) => value.name)
        .sort(),
    );
    expectTypeOf<IntegrationStatus>().toEqualTypeOf<GqlIntegrationStatus>();
  });

  it("are exactly the values the model's integrationStatusSchema accepts", () => {
    for (const status of INTEGRATION_STATUSES) expect(v.safeParse(integrationStatusSchema, status).success).toBe(true);
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(v.safeParse(integrationStatusSchema, s).success).toBe((INTEGRATION_STATUSES as readonly string[]).includes(s));
      }),
      { numRuns: 300 },
    );
    for (const s of ['connected', 'disconnected', 'expired', 'pending', 'on']) {
      expect(v.safeParse(integrationStatusSchema, s).success).toBe((INTEGRATION_STATUSES as readonly string[]).includes(s));
    }
  });
});

describe('GET /api/user/integrations/external/logout', () => {
  it('sends the integration as a query parameter and returns the data', async () => {
    next = answer(200, JSON.stringify({ data: { matchbook: 'disconnected' } }));
    const result = await logoutIntegration(options(), 'matchbook');
    expect(result).toEqual({ data: { matchbook: 'disconnected' } });
    expect(server.requests[0]?.path).toBe('/api/user/integrations/external/logout?integration=matchbook');
  });

  it('rejects an empty integration name without a request', async () => {
    await expect(logoutIntegration(options(), ' ')).rejects.toSatisfy(isValidationError);
    expect(server.requests).toEqual([]);
  });
});

describe('tracker totals endpoints', () => {
  // Spec section 7, "Tracker totals endpoints by name", copied here independently.
  const SPEC = [
    'two-up-tracker/getMyBetsTotals',
    'extra-place-catcher/getMyBetsTotals',
    'getPartLayMyBetsTotals',
    'getNoLayMyBetsTotals',
    'lucky-finder/getMyBetsTotals',
    'golf-master/getNoLayMyBetsTotals',
  ];

  it('are exactly the six of the spec', () => {
    expect([...TRACKER_TOTALS_ENDPOINTS].sort()).toEqual([...SPEC].sort());
  });

  it('cover every totals endpoint named by either brand catalogue', () => {
    for (const brand of [getBrand('primary'), getBrand('secondary')]) {
      for (const tool of brand.tools) {
        if (tool.profitTrackerTotalsEndpoint !== undefined) expect(SPEC).toContain(tool.profitTrackerTotalsEndpoint);
      }
    }
  });

  it.each(SPEC)('%s is a GET under /api/user/profit-tracker/ returning typed totals', async (endpoint) => {
    next = answer(200, JSON.stringify({ data: TOTALS }));
    const { data } = await getTrackerTotals(options(), endpoint as (typeof TRACKER_TOTALS_ENDPOINTS)[number], {
      params: { from: '2025-08-01' },
    });
    expect(data).toEqual(TOTALS);
    expect(server.requests[0]?.method).toBe('GET');
    expect(server.requests[0]?.path).toBe(`/api/user/profit-tracker/${endpoint}?from=2025-08-01`);
  });

  it('rejects pence that are not whole numbers as malformed', async () => {
    next = answer(200, JSON.stringify({ data: { ...TOTALS, profit: 12.5 } }));
    const e = await failure(getTrackerTotals(options(), 'getNoLayMyBetsTotals'));
    expect(e.kind).toBe('malformed');
    expect(e.message).toContain('data.profit');
  });

  it('rejects an unknown endpoint and non-string params without a request', async () => {
    try {
      await getTrackerTotals(options(), 'getEverything' as 'getNoLayMyBetsTotals', { params: { page: 2 as unknown as string } });
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e) && e.issues.map((i) => i.path)).toEqual(['endpoint', 'params.page']);
    }
    expect(server.requests).toEqual([]);
  });

  it('refuses query parameters passed as options (the pre-1.0 third argument) without a request', async () => {
    const refused = async (run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (e) {
        return isValidationError(e) ? e.issues : e;
      }
      return expect.unreachable();
    };
    expect(await refused(() => getTrackerTotals(options(), 'two-up-tracker/getMyBetsTotals', { variant: 'master' } as never))).toEqual([
      { path: 'options.variant', message: 'is not an option; query parameters go in options.params' },
    ]);
    expect(await refused(() => getTrackerTotals(options(), 'two-up-tracker/getMyBetsTotals', 'master' as never))).toEqual([
      { path: 'options', message: 'expected an options object, received string' },
    ]);
    const master = getBrand('primary').tools.find((t) => t.key === 'twoUpMaster');
    if (master === undefined) return expect.unreachable();
    expect(await refused(() => getToolTrackerTotals(options(), master, { variant: 'master' } as never))).toEqual([
      { path: 'options.variant', message: 'is not an option; query parameters go in options.params' },
    ]);
    expect(server.requests).toEqual([]);
  });

  it("calls a catalogue tool's endpoint with its params", async () => {
    next = answer(200, JSON.stringify({ data: TOTALS }));
    const tools = getBrand('primary').tools;
    const master = tools.find((t) => t.key === 'twoUpMaster');
    const golf = tools.find((t) => t.key === 'golfMaster');
    if (master === undefined || golf === undefined) throw new Error('the primary catalogue lacks a tool');
    await getToolTrackerTotals(options(), master);
    await getToolTrackerTotals(options(), golf, { params: { to: '2025-08-31' } });
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/user/profit-tracker/two-up-tracker/getMyBetsTotals?variant=master',
      '/api/user/profit-tracker/golf-master/getNoLayMyBetsTotals?to=2025-08-31',
    ]);
    const oddsmatcher = tools.find((t) => t.key === 'oddsmatcher');
    if (oddsmatcher === undefined) throw new Error('no oddsmatcher');
    await expect(getToolTrackerTotals(options(), oddsmatcher)).rejects.toSatisfy(isValidationError);
  });
});
