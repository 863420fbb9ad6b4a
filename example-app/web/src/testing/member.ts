// Test support (only tests import it): a signed-in member as the server's `me` answers, holding a
// plan of a brand (its capabilities from the sdk's grantedCapabilities), for a stubbed transport.
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';

/** Ada, a member of `brand` on `plan`, with no subscription or billing unless `extra` gives them. */
export function testMember(brand: 'primary' | 'secondary', plan: string, extra: Record<string, unknown> = {}) {
  return {
    uid: { global: 'm1', wordpress: null },
    firstName: 'Ada',
    lastName: 'Member',
    username: 'ada',
    email: 'ada@example.test',
    capabilities: [...grantedCapabilities(getBrand(brand), plan)],
    additionalCapabilities: [],
    subscription: null,
    billing: null,
    referAFriend: { referralCode: 'ABC123' },
    integrations: [],
    ...extra,
  };
}
