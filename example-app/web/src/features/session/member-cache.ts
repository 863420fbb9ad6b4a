// Nothing one member's queries answered may be shown to another: every query but `Me` is keyed
// by operation and variables only (not by member), so when the member of the tab changes (sign
// in, sign up, a reset that signs in, a session that ended, another account), the other answers
// are dropped: unused ones removed, the ones on screen emptied and asked again.
import { useEffect, useRef } from 'react';
import type { Query, QueryClient } from '@tanstack/react-query';
import { useMatchkit } from '@matchkit/react';
import { useSession } from './session';

const notMe = (query: Query) => query.queryKey[0] !== 'Me';

/** Drops every answer but the member's own (`Me`), then asks again for those on screen. */
export async function forgetMemberData(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ type: 'inactive', predicate: notMe });
  await queryClient.resetQueries({ type: 'active', predicate: notMe });
}

/** Forgets the other answers whenever the signed-in member changes (rendered once, in the layout). */
export function useForgetDataOnMemberChange(): void {
  const { user } = useSession();
  const { queryClient } = useMatchkit();
  const uid = user === undefined ? undefined : (user?.uid.global ?? null);
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (uid === undefined) return;
    const before = seen.current;
    seen.current = uid;
    if (before !== undefined && before !== uid) void forgetMemberData(queryClient);
  }, [uid, queryClient]);
}
