import type { Brand } from '@matchkit/sdk/brands';
import { availableTools } from '@matchkit/sdk/entitlements';
import { feedPartsFor, finderTools, type FeedPart } from '@matchkit/sdk/matching';
import type { MemberAccess, RequestContext } from '../../kernel';
import { requireMember } from '../members/access';
import { refusal } from '../module';

/** The tools whose engines read the odds feed: the oddsmatcher and every finder tool of the sdk's registry. */
const FEED_TOOLS = new Set(['oddsmatcher', ...finderTools.map((t) => t.key)]);

/**
 * The member's slice of the feed: the parts their tools read between them (the sdk's
 * `feedPartsFor`), or null when no tool of theirs reads the feed.
 */
export function feedSliceOf(brand: Brand, access: MemberAccess): readonly FeedPart[] | null {
  const tools = availableTools(brand, access.entitled).map((t) => t.key);
  if (!tools.some((key) => FEED_TOOLS.has(key))) return null;
  return feedPartsFor(tools);
}

/** Whether the member can use at least one tool that reads the feed. */
export function readsFeed(ctx: RequestContext, access: MemberAccess): boolean {
  return feedSliceOf(ctx.brand, access) !== null;
}

/** Whether `current` holds every part of `granted` (the member's slice has not shrunk). */
export function sliceHolds(current: readonly FeedPart[] | null, granted: readonly FeedPart[]): boolean {
  return current !== null && granted.every((p) => current.includes(p));
}

/**
 * The signed-in member's slice of the feed, when they can use at least one tool that reads it;
 * else FORBIDDEN (UNAUTHENTICATED when signed out).
 */
export async function requireFeedAccess(ctx: RequestContext): Promise<readonly FeedPart[]> {
  const access = await requireMember(ctx);
  const slice = feedSliceOf(ctx.brand, access);
  if (slice === null) throw refusal('FORBIDDEN', 'Your plan does not include a tool that reads the odds feed.');
  return slice;
}
