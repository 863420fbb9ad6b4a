import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { referralLink } from '@matchkit/sdk/referrals';
import type { RequestContext } from '../../kernel';
import { users } from '../../db/schema';
import { loadMemberAccess, requireMember } from '../members/access';
import { loadAffiliateLedger } from './commission';
import { earningsView } from './earnings';

/** An opaque, stable id of a referral: no member id or personal data leaves the server. */
function referralId(affiliateId: string, referredId: string): string {
  return `ref_${createHash('sha256').update(`${affiliateId}:${referredId}`).digest('base64url').slice(0, 22)}`;
}

/**
 * Query.referrals: the member's code and link (the sdk's referralLink on PUBLIC_ORIGIN), the members
 * they referred (an opaque id, when they joined, their plan now, whether they hold one) and their
 * earnings (the sdk's affiliateLedger).
 */
export async function referrals(_: unknown, __: unknown, ctx: RequestContext) {
  const me = await requireMember(ctx);
  const referred = await ctx.db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referredBy, me.user.id))
    .orderBy(asc(users.createdAt), asc(users.id));
  const list = [];
  for (const r of referred) {
    const access = await loadMemberAccess(ctx.db, ctx.brand, r.id, ctx.now);
    const plans = access?.plans ?? [];
    list.push({ id: referralId(me.user.id, r.id), joinedAt: r.createdAt, plan: plans[plans.length - 1] ?? null, active: plans.length > 0 });
  }
  return {
    referralCode: me.user.referralCode,
    referralUrl: referralLink(ctx.brand, me.user.referralCode, { origin: ctx.deps.config.publicOrigin }),
    referredCount: list.length,
    activeCount: list.filter((r) => r.active).length,
    referrals: list,
    earnings: earningsView(await loadAffiliateLedger(ctx.db, ctx.brand, me.user.id)),
  };
}
