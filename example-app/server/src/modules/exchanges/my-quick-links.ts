import type { RequestContext } from '../../kernel';
import { forumLinkOf } from '../forum/sso';
import { requireMember } from '../members/access';
import { quickLinkBar } from './quick-links';

/** Query.myQuickLinks: the signed-in member's quick-links bar, in order. */
export async function myQuickLinks(_: unknown, __: unknown, ctx: RequestContext) {
  const access = await requireMember(ctx);
  return quickLinkBar(ctx.brand, access.user.quickLinks, access.entitled, forumLinkOf(ctx.deps));
}
