import type { RequestContext } from '../../kernel';
import { viewerAccess } from './access';

/** Query.me: the signed-in member, or null. */
export async function me(_: unknown, __: unknown, ctx: RequestContext) {
  return viewerAccess(ctx);
}
