import type { RequestContext } from '../../kernel';
import { requireMember } from '../members/access';
import { exchangeSettingsOf } from './queries';

/** Query.myExchanges: every exchange with the signed-in member's setting (or its default) and integration status. */
export async function myExchanges(_: unknown, __: unknown, ctx: RequestContext) {
  const access = await requireMember(ctx);
  return exchangeSettingsOf(ctx.db, access.user.id);
}
