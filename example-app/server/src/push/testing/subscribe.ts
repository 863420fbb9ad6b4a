// Tests' way to turn push on for a member: a new subscription at the local push service, posted
// through GraphQL as the browser's settings page posts it.
import type { TestApp } from '../../test/app';
import type { LocalPushService, TestSubscription } from './push-service';

export const SAVE_PUSH_SUBSCRIPTION = /* GraphQL */ `
  mutation Save($input: PushSubscriptionInput!) {
    savePushSubscription(input: $input)
  }
`;

/** Posts a new subscription at `service` for the member signed in with `token`; throws when refused. */
export async function subscribeAt(t: TestApp, service: LocalPushService, token: string): Promise<TestSubscription> {
  const s = service.subscription();
  const r = await t.gql(
    SAVE_PUSH_SUBSCRIPTION,
    { input: { endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, expirationTime: null } },
    { token },
  );
  if (r.errors !== undefined) throw new Error(`savePushSubscription refused: ${JSON.stringify(r.errors)}`);
  return s;
}
