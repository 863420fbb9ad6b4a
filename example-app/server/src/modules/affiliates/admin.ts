import { planTier } from '@matchkit/sdk/entitlements';
import type { MemberAccess, RequestContext } from '../../kernel';
import { requireMember } from '../members/access';
import { refusal } from '../module';

/** The signed-in administrator (the sdk's planTier: the brand's admin capability, PA-CAP-028), or FORBIDDEN. */
export async function requireAdmin(ctx: RequestContext): Promise<MemberAccess> {
  const access = await requireMember(ctx);
  if (planTier(ctx.brand, access.entitled) !== 'admin') throw refusal('FORBIDDEN', 'Only administrators may do this.');
  return access;
}
