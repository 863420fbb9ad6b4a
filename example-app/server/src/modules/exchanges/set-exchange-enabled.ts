import { exchanges } from '@matchkit/sdk/exchanges';
import type { MutationSetExchangeEnabledArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireMember } from '../members/access';
import { refusal } from '../module';
import { EXCHANGE_SETTINGS_TOPIC, exchangeSettingsOf, setExchangeSetting } from './queries';

/**
 * Mutation.setExchangeEnabled: turns an exchange on or off for the signed-in member; BAD_INPUT
 * naming `exchange` for an unknown one. The change is then told on {@link EXCHANGE_SETTINGS_TOPIC}
 * (every process's odds alerts read the member's settings again; a failure to tell is logged, and
 * the alerts' next match is checked against the settings anyway).
 */
export async function setExchangeEnabled(_: unknown, args: MutationSetExchangeEnabledArgs, ctx: RequestContext) {
  const access = await requireMember(ctx);
  if (!exchanges.some((e) => e.name === args.exchange)) {
    throw refusal('BAD_INPUT', `exchange must be one of ${exchanges.map((e) => e.name).join(', ')} (got "${args.exchange}")`, 'exchange');
  }
  await setExchangeSetting(ctx.db, access.user.id, args.exchange, args.enabled);
  try {
    await ctx.deps.pubSub.publish(EXCHANGE_SETTINGS_TOPIC, { userId: access.user.id });
  } catch (error) {
    ctx.logger.error({ err: error }, 'an exchange settings change was not published: odds alerts check it at their next match');
  }
  const settings = await exchangeSettingsOf(ctx.db, access.user.id);
  const setting = settings.find((s) => s.exchange === args.exchange);
  if (setting === undefined) throw new Error(`exchange ${args.exchange} has no setting after it was set`);
  return setting;
}
