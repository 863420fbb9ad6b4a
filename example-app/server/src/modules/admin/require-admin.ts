// Administration is for members holding the brand's administrator capability (PA-CAP-028): the
// sdk's planTier says `admin`. Everything under admin (and content editing) starts here.
import { planTier } from '@matchkit/sdk/entitlements';
import type { MemberAccess, RequestContext } from '../../kernel';
import { requireMember } from '../members/access';
import { refusal } from '../module';

/** The signed-in administrator's access; UNAUTHENTICATED when signed out, FORBIDDEN for any other member. */
export async function requireAdmin(ctx: RequestContext): Promise<MemberAccess> {
  const access = await requireMember(ctx);
  if (planTier(ctx.brand, access.entitled) !== 'admin') throw refusal('FORBIDDEN', 'Only administrators can do this.');
  return access;
}
