// The analytics dashboards' queries (administrators only): the funnel and tool usage over a range
// of Europe/London days, read from the rollups (funnel.ts).
import type { QueryAdminFunnelArgs, QueryAdminToolUsageArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireAdmin } from '../admin/require-admin';
import { readFunnel, readRange, readToolUsage } from './funnel';

/** Query.adminFunnel: visit → registration → trial → first payment → second payment, by campaign and by referral. */
export async function adminFunnel(_: unknown, args: QueryAdminFunnelArgs, ctx: RequestContext) {
  await requireAdmin(ctx);
  const { from, to } = readRange(args.from, args.to);
  return readFunnel(ctx.db, from, to);
}

/** Query.adminToolUsage: page views by page and plan tier. */
export async function adminToolUsage(_: unknown, args: QueryAdminToolUsageArgs, ctx: RequestContext) {
  await requireAdmin(ctx);
  const { from, to } = readRange(args.from, args.to);
  return readToolUsage(ctx.db, from, to);
}
