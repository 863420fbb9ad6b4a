import type { MeQueryData } from './generated/operations';

/**
 * The signed-in member as the platform returns them: `me` of {@link MeQuery} when signed in (it
 * is `null` when signed out), and the `user` of the sign-in and sign-up payloads. Their name and
 * email, the capabilities their plan grants (`capabilities`, `additionalCapabilities`: what the
 * entitlement functions read), the plan's term (`subscription`), billing, referral code and
 * integrations. The same type as the generated `GqlUser`, under the name a client looks for.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, MeQuery, type Member } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({ query: MeQuery });
 * const member: Member | null = data.me;
 * console.log(member === null ? 'signed out' : `${member.firstName}: ${member.capabilities.join(', ')}`);
 * ```
 */
export type Member = NonNullable<MeQueryData['me']>;
