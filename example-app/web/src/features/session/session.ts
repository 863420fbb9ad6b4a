// The member of this tab, as the server sees them: @matchkit/react's useUser (the sdk's MeQuery,
// one cached request for every component), plus the entitled view the sdk's rules take.
import { useUser } from '@matchkit/react';
import type { EntitledUser } from '@matchkit/sdk/model';
import type { GqlUser } from '@matchkit/sdk/transport';

const NOBODY: EntitledUser = Object.freeze({ capabilities: [], additionalCapabilities: [] });

export interface Session {
  /** The member, null when signed out, undefined before the server answered. */
  readonly user: GqlUser | null | undefined;
  /** What the entitlement hooks take: the member's codes, none when signed out. */
  readonly entitled: EntitledUser;
  readonly status: 'pending' | 'error' | 'success';
  readonly error: unknown;
  readonly refetch: () => Promise<unknown>;
}

export function useSession(): Session {
  const { user, status, error, refetch } = useUser();
  return { user, entitled: user ?? NOBODY, status, error, refetch };
}
