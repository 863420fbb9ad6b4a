// The analytics dashboards' queries (administrators only): the funnel and tool usage over a range
// of Europe/London days, read from the rollups (funnel.ts); the forward queue's state, and putting
// the events the provider refused back in it (forward.ts).
import type { QueryAdminFunnelArgs, QueryAdminToolUsageArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireAdmin } from '../admin/require-admin';
import { recordAdminAction } from '../audit/audit';
import { forwardQueueDepth, requeueRefused } from './forward';
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

/** Query.adminAnalyticsForwarding: the forward queue, and where it forwards to (the host, never the key). */
export async function adminAnalyticsForwarding(_: unknown, __: unknown, ctx: RequestContext) {
  await requireAdmin(ctx);
  const target = ctx.deps.config.analyticsForward;
  return { configured: target !== null, host: target === null ? null : new URL(target.url).host, ...(await forwardQueueDepth(ctx.db)) };
}

/**
 * Mutation.adminRetryRefusedAnalytics: the refused events back in the queue, with an audit line in
 * the same transaction (the events it put back; none when there was nothing to put back).
 */
export async function adminRetryRefusedAnalytics(_: unknown, __: unknown, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  return ctx.db.transaction(async (tx) => {
    const requeued = await requeueRefused(tx);
    if (requeued > 0)
      await recordAdminAction(tx, {
        adminId: admin.user.id,
        action: 'adminRetryRefusedAnalytics',
        target: 'analytics-forwarding',
        before: { refused: requeued },
        after: { requeued },
        at: ctx.now,
      });
    return requeued;
  });
}
