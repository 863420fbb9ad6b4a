import { describe, expectTypeOf, it } from 'vitest';
import type { GqlUser, LoginMutationData, MeQueryData } from './generated/operations';
import type { Member } from './member';

// Type-level checks: `npm run typecheck` fails when they do not hold.
describe('Member', () => {
  it('is what me returns when signed in, and the sign-in payload’s user', () => {
    expectTypeOf<MeQueryData['me']>().toEqualTypeOf<Member | null>();
    expectTypeOf<LoginMutationData['login']['user']>().toEqualTypeOf<Member>();
    expectTypeOf<Member>().toEqualTypeOf<GqlUser>();
    expectTypeOf<Member>().toHaveProperty('capabilities').toEqualTypeOf<ReadonlyArray<string>>();
  });
});
