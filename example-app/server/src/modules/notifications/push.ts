import type { MutationRemovePushSubscriptionArgs, MutationSavePushSubscriptionArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { pushSubscriptionProblems, removePushSubscription as remove, savePushSubscription as save } from '../../push/subscriptions';
import { refusal, requireViewer } from '../module';

/** Query.pushPublicKey: the VAPID public key browsers subscribe with, or null when PUSH=off. */
export function pushPublicKey(_: unknown, __: unknown, ctx: RequestContext): string | null {
  return ctx.deps.config.push?.publicKey ?? null;
}

/** Mutation.savePushSubscription: this browser's subscription, kept for the member on this session's device. */
export async function savePushSubscription(_: unknown, args: MutationSavePushSubscriptionArgs, ctx: RequestContext): Promise<boolean> {
  const userId = requireViewer(ctx);
  if (ctx.deps.config.push === null) throw refusal('BAD_INPUT', 'this server sends no push notifications', 'input');
  const input = { ...args.input, expirationTime: args.input.expirationTime ?? null };
  const issues = pushSubscriptionProblems(input, ctx.deps.config.pushAllowedHosts);
  const first = issues[0];
  if (first !== undefined) throw refusal('BAD_INPUT', `${first.path} ${first.message}`, `input.${first.path}`, issues);
  await save(ctx.db, userId, ctx.viewer?.sessionId ?? '', input, ctx.now);
  return true;
}

/** Mutation.removePushSubscription: push turned off in that browser. */
export async function removePushSubscription(_: unknown, args: MutationRemovePushSubscriptionArgs, ctx: RequestContext): Promise<boolean> {
  return remove(ctx.db, requireViewer(ctx), args.endpoint);
}
