import { eq } from 'drizzle-orm';
import type { MutationSetQuickLinksArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { users } from '../../db/schema';
import { forumLinkOf } from '../forum/sso';
import { requireMember } from '../members/access';
import { failure } from '../module';
import { arrangement, checkQuickLinks, quickLinkBar } from './quick-links';

/**
 * Mutation.setQuickLinks: replaces the signed-in member's bar. The links listed come first in their
 * order (renumbered from 0), the brand's other links after them, off. A bad list changes nothing:
 * BAD_INPUT naming every bad link, with the bar as it was.
 */
export async function setQuickLinks(_: unknown, args: MutationSetQuickLinksArgs, ctx: RequestContext) {
  const access = await requireMember(ctx);
  const issues = checkQuickLinks(ctx.brand, args.links);
  if (issues.length > 0) {
    const bad = failure('BAD_INPUT', issues.map((i) => `${i.path}: ${i.message}`).join('; '), (issues[0] as { path: string }).path);
    return { ...bad, quickLinks: quickLinkBar(ctx.brand, access.user.quickLinks, access.entitled, forumLinkOf(ctx.deps)) };
  }
  const stored = arrangement(ctx.brand, args.links);
  await ctx.db.update(users).set({ quickLinks: stored }).where(eq(users.id, access.user.id));
  return { ok: true, error: null, quickLinks: quickLinkBar(ctx.brand, stored, access.entitled, forumLinkOf(ctx.deps)) };
}
