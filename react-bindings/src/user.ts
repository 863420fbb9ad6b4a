import { useMatchkitQuery, type MatchkitQueryError } from './query';
import { MeQuery, type GqlBrandId, type Member } from '@matchkit/sdk/transport';

/**
 * What {@link useUser} returns: the signed-in member as the server sees them, and the state of
 * the request that reads them.
 *
 * @example
 * ```tsx
 * import type { UseUserResult } from '@matchkit/react';
 *
 * const greeting = ({ user }: UseUserResult) => (user ? `Hello ${user.firstName}` : 'Hello');
 * ```
 */
export interface UseUserResult {
  /**
   * The member (the sdk's `Member`: `capabilities`, `subscription`, `referAFriend`, ...), `null` when signed out, and
   * `undefined` until the server has answered (or when it could not).
   */
  readonly user: Member | null | undefined;
  /** The brand the server serves, `undefined` until it has answered. */
  readonly serverBrand: GqlBrandId | undefined;
  /** `pending` before the first answer, `error` when the last request failed, else `success`. */
  readonly status: 'pending' | 'error' | 'success';
  /** The transport's failure when `status` is `error`, exactly as it was thrown; else `null`. */
  readonly error: MatchkitQueryError | null;
  /** Reads the member again (after signing in or out, buying a plan, ...). */
  readonly refetch: () => Promise<unknown>;
}

/**
 * The signed-in member: the sdk's `MeQuery` over the provider's transport, cached by TanStack
 * Query under `['Me', {}]`, so every component that calls the hook shares one request and one
 * answer. Pass `user` to the entitlement hooks ({@link usePlanTier}, {@link useAvailableTools},
 * {@link useCanUseTool}): they apply the sdk's rules to the capabilities the server granted. After
 * a mutation that changes the member (sign in or out, a purchase), invalidate `['Me']` or call
 * `refetch`.
 *
 * @returns the member, the server's brand and the request's state
 *
 * @example
 * ```tsx
 * import { useAvailableTools, useUser } from '@matchkit/react';
 *
 * function MyTools() {
 *   const { user, status } = useUser();
 *   const tools = useAvailableTools(user ?? { capabilities: [], additionalCapabilities: [] });
 *   if (status === 'pending') return <p>Loading…</p>;
 *   return <p>{user ? `${tools.length} tools` : 'Sign in to see your tools'}</p>;
 * }
 * ```
 */
export function useUser(): UseUserResult {
  const query = useMatchkitQuery(MeQuery);
  const data = query.data?.data;
  return {
    user: data?.me,
    serverBrand: data?.brand,
    status: query.status,
    error: query.error,
    refetch: query.refetch,
  };
}
