// REST under /api/user/profit-tracker/: the tracker-totals endpoints named in spec section 7 and
// the CSV export. Both authenticate as GraphQL does (bearer header or the _opjwt cookie, in the
// request's context) and are gated by the same profit-tracker decision.
//
// GET /api/user/profit-tracker/{endpoint}?{params} answers `{ data: ProfitTotals }`, computed by the
// sdk's endpointTotals over the member's bets. The endpoint must be one of the brand catalogue's
// (unknown: 404). Its params pick the catalogue entry (two-up-tracker/getMyBetsTotals is called with
// variant=standard or variant=master) and must match one exactly; `from` and `to` (ISO 8601 with an
// offset) may narrow the bets by placedAt, as the GraphQL filter does. A bad param: 400 naming it.
import { endpointTotals, exportBetsCsv, type EndpointTotals } from '@matchkit/sdk/tracker';
import type { RequestContext, Route } from '../../kernel';
import { DateTimeScalar } from '../../scalars';
import { trackerAccess } from './access';
import { loadBets, type BetFilter } from './queries';

/** Where the tracker's REST paths start. */
export const TRACKER_REST_PREFIX = '/api/user/profit-tracker/';

/** The CSV export's path under the prefix. */
export const EXPORT_PATH = 'export.csv';

const json = (body: unknown, status = 200): Response => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
const problem = (status: number, message: string): Response => json({ error: true, message }, status);

/** Reads an ISO 8601 instant of a query parameter, or a message naming it. */
function instantParam(name: string, value: string): Date | string {
  try {
    return DateTimeScalar.parseValue(value) as Date;
  } catch (error) {
    return `${name}: ${error instanceof Error ? error.message : 'is not an instant'}`;
  }
}

/** The catalogue entry a request's params pick, or a message naming the bad param. */
export function pickEntry(
  entries: readonly EndpointTotals[],
  query: URLSearchParams,
): { entry: EndpointTotals; filter: BetFilter } | string {
  const given = new Map<string, string>();
  for (const [key, value] of query) {
    if (given.has(key)) return `${key}: is given more than once`;
    given.set(key, value);
  }
  const filter: { from?: Date; to?: Date } = {};
  for (const key of ['from', 'to'] as const) {
    const text = given.get(key);
    if (text === undefined) continue;
    const at = instantParam(key, text);
    if (typeof at === 'string') return at;
    filter[key] = at;
    given.delete(key);
  }
  if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from) return 'to: must not be before from';
  const keys = [...new Set(entries.flatMap((e) => Object.keys(e.params)))];
  for (const key of given.keys()) {
    if (!keys.includes(key)) return `${key}: is not a parameter of this endpoint (its parameters: ${[...keys, 'from', 'to'].join(', ')})`;
  }
  const entry = entries.find((e) => keys.every((k) => e.params[k] === given.get(k)));
  if (entry !== undefined) return { entry, filter };
  for (const key of keys) {
    const allowed = [...new Set(entries.map((e) => e.params[key]).filter((v): v is string => v !== undefined))];
    const value = given.get(key);
    if (value === undefined) return `${key}: is required (one of ${allowed.join(', ')})`;
    if (!allowed.includes(value)) return `${key}: must be one of ${allowed.join(', ')}`;
  }
  return 'these parameters match no entry of this endpoint';
}

async function totals(ctx: RequestContext, userId: string, name: string, query: URLSearchParams): Promise<Response> {
  // The catalogue's entries for this name (computed over no bets: only their params are read here).
  const entries = endpointTotals(ctx.brand, []).filter((e) => e.endpoint === name);
  if (entries.length === 0) return problem(404, 'Not found');
  const picked = pickEntry(entries, query);
  if (typeof picked === 'string') return problem(400, picked);
  const bets = await loadBets(ctx.db, userId, picked.filter);
  const { entry } = picked;
  const found = endpointTotals(ctx.brand, bets).find(
    (e) => e.endpoint === entry.endpoint && JSON.stringify(e.params) === JSON.stringify(entry.params),
  );
  if (found === undefined) throw new Error('a catalogue totals entry vanished');
  return json({ data: found.totals });
}

async function exportCsv(ctx: RequestContext, userId: string): Promise<Response> {
  const csv = exportBetsCsv(await loadBets(ctx.db, userId));
  const day = new Date(ctx.now).toISOString().slice(0, 10);
  return new Response(csv, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="profit-tracker-${day}.csv"`,
      'cache-control': 'no-store',
    },
  });
}

/** The tracker's REST routes. */
export const trackerRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: `${TRACKER_REST_PREFIX}*`,
    async handle(request, ctx) {
      const access = await trackerAccess(ctx);
      if (!access.ok) return problem(access.code === 'UNAUTHENTICATED' ? 401 : 403, access.message);
      const url = new URL(request.url);
      const name = url.pathname.slice(TRACKER_REST_PREFIX.length);
      if (name === EXPORT_PATH) return exportCsv(ctx, access.userId);
      return totals(ctx, access.userId, name, url.searchParams);
    },
  },
];
