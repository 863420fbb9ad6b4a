// The REST calls of spec section 7 that the sdk's checkIntegrations and logoutIntegration make,
// and a simulated connect for this example app (there is no real exchange to sign in to).
//   GET  /api/user/integrations/external/check                    → { data: { [integration]: status }, error: false }
//   GET  /api/user/integrations/external/logout?integration=name  → { data: { ... } } (that one disconnected)
//   POST /api/user/integrations/external/simulated/connect?integration=name[&status=connected|expired]
//                                                                  → { data: { ... }, simulated: true }
// Signed out: 401 { error: true, message }. Unknown integration: 400 { error: true, message }.
import type { IntegrationStatus } from '@matchkit/sdk/model';
import type { RequestContext, Route } from '../../kernel';
import { unprovenCookieCall } from '../../http/csrf';
import { integrationNames, integrationStatuses, setIntegrationStatus } from './queries';

const BASE = '/api/user/integrations/external';
const REFUSED_CROSS_SITE = 'This call must come from this site (send Sec-Fetch-Site: same-origin or the x-matchkit-csrf header).';

function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

function refused(status: number, message: string): Response {
  return json({ error: true, message }, status);
}

// A call that changes state and is authenticated by the cookie alone must prove it was sent by
// this app's own page (http/csrf.ts unprovenCookieCall): the spec makes logout a GET, which a link
// or a redirect on another site (a sibling subdomain included, whose top-level navigation carries
// the Lax cookie) could trigger.

/** The integration named by the query, or a 400 response. */
function integrationOf(request: Request): string | Response {
  const name = new URL(request.url).searchParams.get('integration');
  const names = integrationNames();
  if (name === null || name === '') return refused(400, `integration is required: one of ${names.join(', ')}`);
  if (!names.includes(name)) return refused(400, `integration must be one of ${names.join(', ')} (got "${name.slice(0, 50)}")`);
  return name;
}

async function check(_request: Request, ctx: RequestContext): Promise<Response> {
  if (ctx.viewer === null) return refused(401, 'Sign in to check your integrations.');
  return json({ data: await integrationStatuses(ctx.db, ctx.viewer.userId), error: false });
}

async function logout(request: Request, ctx: RequestContext): Promise<Response> {
  if (ctx.viewer === null) return refused(401, 'Sign in to change your integrations.');
  if (unprovenCookieCall(request)) return refused(403, REFUSED_CROSS_SITE);
  const name = integrationOf(request);
  if (name instanceof Response) return name;
  await setIntegrationStatus(ctx.db, ctx.viewer.userId, name, 'disconnected', ctx.now);
  ctx.logger.info({ integration: name, userId: ctx.viewer.userId }, 'integration disconnected');
  return json({ data: await integrationStatuses(ctx.db, ctx.viewer.userId) });
}

const SIMULATED_STATUSES: readonly IntegrationStatus[] = ['connected', 'expired'];

async function simulatedConnect(request: Request, ctx: RequestContext): Promise<Response> {
  if (ctx.viewer === null) return refused(401, 'Sign in to change your integrations.');
  if (unprovenCookieCall(request)) return refused(403, REFUSED_CROSS_SITE);
  const name = integrationOf(request);
  if (name instanceof Response) return name;
  const status = new URL(request.url).searchParams.get('status') ?? 'connected';
  if (!(SIMULATED_STATUSES as readonly string[]).includes(status))
    return refused(400, `status must be one of ${SIMULATED_STATUSES.join(', ')}`);
  await setIntegrationStatus(ctx.db, ctx.viewer.userId, name, status as IntegrationStatus, ctx.now);
  ctx.logger.info({ integration: name, status, userId: ctx.viewer.userId, simulated: true }, 'integration status set (simulated)');
  return json({ data: await integrationStatuses(ctx.db, ctx.viewer.userId), simulated: true });
}

export const integrationRoutes: readonly Route[] = [
  { method: 'GET', path: `${BASE}/check`, handle: check },
  { method: 'GET', path: `${BASE}/logout`, handle: logout },
  { method: 'POST', path: `${BASE}/simulated/connect`, handle: simulatedConnect },
];
