import { availableTools } from '@matchkit/sdk/entitlements';
import { finderTools } from '@matchkit/sdk/matching';
import type { RequestContext } from '../../context';
import { requireMember, type MemberAccess } from '../members/access';
import { refusal } from '../module';

/** The tools whose engines read the odds feed: the oddsmatcher and every finder tool of the sdk's registry. */
const FEED_TOOLS = new Set(['oddsmatcher', ...finderTools.map((t) => t.key)]);

/** Whether the member can use at least one tool that reads the feed. */
export function readsFeed(ctx: RequestContext, access: MemberAccess): boolean {
  return availableTools(ctx.brand, access.entitled).some((t) => FEED_TOOLS.has(t.key));
}

/** The signed-in member may read the feed when they can use at least one tool that reads it; else FORBIDDEN. */
export async function requireFeedAccess(ctx: RequestContext): Promise<void> {
  const access = await requireMember(ctx);
  if (!readsFeed(ctx, access)) {
    throw refusal('FORBIDDEN', 'Your plan does not include a tool that reads the odds feed.');
  }
}
