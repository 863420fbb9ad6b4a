import { exchanges } from '@matchkit/sdk/exchanges';
import type { MutationSetExchangeEnabledArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireMember } from '../members/access';
import { refusal } from '../module';
import { exchangeSettingsOf, setExchangeSetting } from './queries';

/** Mutation.setExchangeEnabled: turns an exchange on or off for the signed-in member; BAD_INPUT naming `exchange` for an unknown one. */
export async function setExchangeEnabled(_: unknown, args: MutationSetExchangeEnabledArgs, ctx: RequestContext) {
  const access = await requireMember(ctx);
  if (!exchanges.some((e) => e.name === args.exchange)) {
    throw refusal('BAD_INPUT', `exchange must be one of ${exchanges.map((e) => e.name).join(', ')} (got "${args.exchange}")`, 'exchange');
  }
  await setExchangeSetting(ctx.db, access.user.id, args.exchange, args.enabled);
  const settings = await exchangeSettingsOf(ctx.db, access.user.id);
  const setting = settings.find((s) => s.exchange === args.exchange);
  if (setting === undefined) throw new Error(`exchange ${args.exchange} has no setting after it was set`);
  return setting;
}
