// @vitest-environment node
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetMemberData } from './member-cache';

describe('forgetMemberData', () => {
  it("drops every answer but the member's own, and asks again for the ones on screen", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(['Me', {}], { data: { me: { id: 'b' } } });
    client.setQueryData(['MyPurchases', {}], { data: ['a’s payment'] });
    let calls = 0;
    const onScreen = new QueryObserver(client, { queryKey: ['Referrals', {}], queryFn: () => `answer ${++calls}` });
    const unsubscribe = onScreen.subscribe(() => {});
    await client.fetchQuery({ queryKey: ['Referrals', {}], queryFn: () => `answer ${++calls}` });
    expect(calls).toBe(1);

    await forgetMemberData(client);

    expect(client.getQueryData(['Me', {}])).toEqual({ data: { me: { id: 'b' } } });
    expect(client.getQueryData(['MyPurchases', {}])).toBeUndefined();
    // The query on screen was emptied and fetched again, for the member now signed in.
    expect(calls).toBe(2);
    expect(client.getQueryData(['Referrals', {}])).toBe('answer 2');
    unsubscribe();
  });
});
