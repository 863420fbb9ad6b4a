import type { MemberAccess, RequestContext } from '../../kernel';
import { integrationStatuses } from './queries';

/** User.integrations: the member's status per integration (disconnected until connected). */
export async function userIntegrations(m: MemberAccess, _: unknown, ctx: RequestContext) {
  const statuses = await integrationStatuses(ctx.db, m.user.id);
  return Object.entries(statuses).map(([integration, status]) => ({ integration, status }));
}
